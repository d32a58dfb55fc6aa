#!/usr/bin/env node
// Sabaki interop check: drives a GTP engine through @sabaki/gtp (the library
// Sabaki itself uses) the way Sabaki does when it attaches to a game in
// progress.
//
//   node scripts/sabaki_interop.js PATH/TO/weiqi [ENGINE ARGS...]
//   node scripts/sabaki_interop.js /usr/games/gnugo --mode gtp
//
// Steps: attach (name, version, protocol_version, list_commands, pipelined);
// sync through ControllerStateTracker (komi 6.5, boardsize 19, clear_board,
// set_free_handicap D4 Q16 D16, 10 plays, all pipelined); re-sync to a
// history that differs in the last 3 moves (must use undo x3 + 2 plays, not a
// replay); genmove b and genmove w; kata-analyze and lz-analyze streaming
// (stopped by the next command); a pipelined batch whose replies must come
// back in order; quit.  Every check is counted; prints
// `sabaki_interop: N passed, M failed` and exits 1 on any failure.

'use strict'

const fs = require('fs')
const path = require('path')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

let passed = 0
let failed = 0

function check(name, ok, detail) {
  if (ok) {
    passed++
    console.log(`ok    ${name}`)
  } else {
    failed++
    console.log(`FAIL  ${name}${detail != null ? ': ' + detail : ''}`)
  }
  return ok
}

let engineProcess = null

function finish() {
  if (engineProcess != null && engineProcess.exitCode == null) {
    try {
      engineProcess.kill('SIGKILL')
    } catch (e) {}
  }
  console.log(`sabaki_interop: ${passed} passed, ${failed} failed`)
  process.exit(failed > 0 ? 1 : 0)
}

function withTimeout(promise, ms, what) {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`timeout after ${ms / 1000}s: ${what}`)),
        ms
      )
    })
  ]).finally(() => clearTimeout(timer))
}

const COLS = 'ABCDEFGHJKLMNOPQRST'
const VERTEX_RE = /^([a-hj-t])(1[0-9]|[1-9])$/i

function validVertex19(v) {
  let m = v.match(VERTEX_RE)
  return m != null && +m[2] >= 1 && +m[2] <= 19
}

function stones(content) {
  return content
    .split(/\s+/)
    .filter(x => x !== '')
    .map(x => x.toUpperCase())
    .sort()
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

function cmdString(c) {
  return [c.id != null ? c.id : null, c.name, ...(c.args || [])]
    .filter(x => x != null)
    .join(' ')
}

async function main() {
  let argv = process.argv.slice(2)
  if (argv.length === 0) {
    console.error('usage: node sabaki_interop.js PATH/TO/ENGINE [ARGS...]')
    process.exit(2)
  }
  // Accept a whole command line in one argument too.
  if (argv.length === 1 && /\s/.test(argv[0]) && !fs.existsSync(argv[0])) {
    argv = argv[0].split(/\s+/).filter(x => x !== '')
  }
  let [enginePath, ...engineArgs] = argv
  if (!enginePath.includes('/') && !enginePath.includes(path.sep)) {
    // bare name: let spawn search PATH (add /usr/games for gnugo on Debian)
    process.env.PATH = `${process.env.PATH}:/usr/games`
  }

  let controller = new Controller(enginePath, engineArgs, {env: process.env})
  let tracker = new ControllerStateTracker(controller)

  // Every command and its response, in order.
  let log = []
  let sent = []
  controller.on('command-sent', ({command}) => sent.push(command))
  controller.on('response-received', ({command, response}) =>
    log.push({command, response})
  )
  let stopped = false
  let exitInfo = ''
  let whenStopped = new Promise(resolve =>
    controller.once('stopped', () => {
      stopped = true
      let p = engineProcess
      exitInfo = p ? `exit code ${p.exitCode}, signal ${p.signalCode}` : ''
      resolve()
    })
  )
  let stderrLines = 0
  controller.on('stderr', () => stderrLines++)

  let spawnError = null
  controller.start()
  engineProcess = controller.process
  controller.process.on('error', err => (spawnError = err))
  // An engine that exits early makes writes fail with EPIPE; don't crash.
  controller.process.stdin.on('error', () => {})

  // Raw stdout, to check framing the library would silently tolerate.
  let raw = ''
  controller.process.stdout.on('data', d => (raw += d.toString()))

  let send = (command, ms = 30000, subscriber) =>
    withTimeout(
      Promise.race([
        controller.sendCommand(command, subscriber),
        whenStopped.then(() => {
          throw new Error(`engine exited (${exitInfo}) before answering ${cmdString(command)}`)
        })
      ]),
      ms,
      cmdString(command)
    )

  // -- 1. attach, pipelined as Sabaki does ---------------------------------
  let listLines = []
  let attach = await Promise.all([
    send({name: 'name'}),
    send({name: 'version'}),
    send({name: 'protocol_version'}),
    send({name: 'list_commands'}, 30000, ({line}) => listLines.push(line))
  ]).catch(err => {
    check('engine starts and answers', false, spawnError || err.message)
    finish()
  })
  let [nameR, versionR, protoR, listR] = attach
  check('name', !nameR.error && nameR.content !== '', JSON.stringify(nameR))
  check('version', !versionR.error, JSON.stringify(versionR))
  check(
    'protocol_version is 2',
    !protoR.error && protoR.content === '2',
    JSON.stringify(protoR)
  )
  check('list_commands', !listR.error, JSON.stringify(listR))
  let first = listLines[0] || ''
  check(
    'list_commands reply starts with "= "',
    /^=\d* /.test(first),
    JSON.stringify(first)
  )
  let names = listLines
    .filter(l => l !== '')
    .map((l, i) => (i === 0 ? l.replace(/^=\d* ?/, '') : l))
  let badLines = names.filter(l => !/^[a-z0-9_-]+$/i.test(l))
  check(
    'list_commands lines match /^[a-z0-9_-]+$/i (no trailing spaces)',
    badLines.length === 0 && names.length > 0,
    JSON.stringify(badLines.slice(0, 5))
  )
  let required = [
    'protocol_version', 'name', 'version', 'known_command', 'list_commands',
    'quit', 'boardsize', 'clear_board', 'komi', 'play', 'genmove',
    'undo', 'set_free_handicap', 'list_stones'
  ]
  let missing = required.filter(c => !names.includes(c))
  check(
    'list_commands lists ' + required.join(' '),
    missing.length === 0,
    'missing: ' + missing.join(' ')
  )

  // -- 2. sync a game in progress --------------------------------------------
  let handicap = ['D4', 'Q16', 'D16']
  let plays = [
    ['W', 'Q4'], ['B', 'O3'], ['W', 'C6'], ['B', 'K10'], ['W', 'R10'],
    ['B', 'F17'], ['W', 'C10'], ['B', 'H3'], ['W', 'pass'], ['B', 'M16']
  ]
  let newPlays = [['B', 'K4'], ['W', 'F3']]
  let toHistory = ps => [
    {name: 'set_free_handicap', args: handicap},
    ...ps.map(([c, v]) => ({name: 'play', args: [c, v]}))
  ]
  let expectedStones = ps => {
    let b = [...handicap]
    let w = []
    for (let [c, v] of ps) {
      if (v === 'pass') continue
      ;(c === 'B' ? b : w).push(v.toUpperCase())
    }
    return {black: b.sort(), white: w.sort()}
  }
  let listStones = async () => {
    let [b, w] = await Promise.all([
      send({name: 'list_stones', args: ['black']}),
      send({name: 'list_stones', args: ['white']})
    ])
    return {
      ok: !b.error && !w.error,
      black: stones(b.content),
      white: stones(w.content)
    }
  }
  let checkStones = async (label, exp) => {
    let s = await listStones()
    check(
      `${label}: list_stones black`,
      s.ok && sameList(s.black, exp.black),
      `got ${s.black.join(' ')}, expected ${exp.black.join(' ')}`
    )
    check(
      `${label}: list_stones white`,
      s.ok && sameList(s.white, exp.white),
      `got ${s.white.join(' ')}, expected ${exp.white.join(' ')}`
    )
    return s
  }
  let syncAndCheck = async (label, state, expectedCmds) => {
    let from = sent.length
    let fromLog = log.length
    let err = null
    try {
      await withTimeout(tracker.sync(state), 60000, label)
    } catch (e) {
      err = e
    }
    check(`${label}: sync succeeds`, err == null, err && err.message)
    let got = sent.slice(from).map(cmdString)
    check(
      `${label}: commands sent as Sabaki sends them`,
      sameList(got, expectedCmds),
      `sent [${got.join(', ')}], expected [${expectedCmds.join(', ')}]`
    )
    // responses of pipelined commands may still be landing; wait a tick
    await new Promise(r => setImmediate(r))
    let errors = log
      .slice(fromLog)
      .filter(x => x.response.error)
      .map(x => `${cmdString(x.command)} -> ? ${x.response.content}`)
    check(`${label}: no command answered ?`, errors.length === 0, errors.join('; '))
  }

  let h1 = toHistory(plays)
  await syncAndCheck(
    'sync',
    {komi: 6.5, boardsize: [19, 19], history: h1},
    [
      'komi 6.5', 'boardsize 19', 'clear_board',
      'set_free_handicap ' + handicap.join(' '),
      ...plays.map(([c, v]) => `play ${c} ${v}`)
    ]
  )
  await checkStones('after sync', expectedStones(plays))

  let plays2 = [...plays.slice(0, plays.length - 3), ...newPlays]
  await syncAndCheck(
    're-sync',
    {komi: 6.5, boardsize: [19, 19], history: toHistory(plays2)},
    ['undo', 'undo', 'undo', ...newPlays.map(([c, v]) => `play ${c} ${v}`)]
  )
  let exp = expectedStones(plays2)
  let before = await checkStones('after undo x3 + 2 plays', exp)

  // -- 3. genmove either colour --------------------------------------------
  for (let color of ['b', 'w']) {
    let r
    try {
      r = await withTimeout(
        tracker.queueCommand({name: 'genmove', args: [color]}),
        300000,
        'genmove ' + color
      )
    } catch (e) {
      check(`genmove ${color}`, false, e.message)
      continue
    }
    let move = r.content.toLowerCase() // Sabaki lowercases the reply
    let isVertex = validVertex19(move)
    check(
      `genmove ${color}: reply is a vertex, pass or resign`,
      !r.error && (isVertex || move === 'pass' || move === 'resign'),
      JSON.stringify(r)
    )
    let after = await listStones()
    if (isVertex) {
      let v = move.toUpperCase()
      check(
        `genmove ${color}: ${v} was empty before`,
        !before.black.includes(v) && !before.white.includes(v)
      )
      let own = color === 'b' ? after.black : after.white
      check(`genmove ${color}: ${v} is now ${color === 'b' ? 'black' : 'white'}`, own.includes(v))
    } else {
      console.log(`note  genmove ${color} returned ${move}`)
    }
    before = after
  }

  // -- 3b. analysis: kata-analyze streams until the next command ------------
  // As Sabaki does: `kata-analyze <colour> <interval>`, read `info` lines as
  // they come, stop the stream by sending any command (`protocol_version`).
  for (let name of ['kata-analyze', 'lz-analyze']) {
    if (!names.includes(name)) continue
    let infoLines = []
    let analysis = controller.sendCommand({name, args: ['b', '20']}, ({line}) => {
      if (line.startsWith('info ')) infoLines.push(line)
    })
    await new Promise(r => setTimeout(r, 1500))
    let stop = send({name: 'protocol_version'})
    let [ar, sr] = await Promise.all([
      withTimeout(analysis, 10000, name),
      withTimeout(stop, 10000, 'protocol_version after ' + name)
    ]).catch(e => [{error: true, content: e.message}, {error: true}])
    check(`${name}: streamed info lines, then stopped`, !ar.error && infoLines.length >= 2, `${infoLines.length} lines; ${JSON.stringify(ar).slice(0, 200)}`)
    check(`${name}: the next command is answered`, !sr.error && sr.content === '2', JSON.stringify(sr))
    let first = infoLines[0] || ''
    let m = first.match(/^info move (\S+) visits (\d+) winrate ([\d.]+)/)
    let wr = m ? +m[3] : NaN
    check(
      `${name}: "info move V visits N winrate W ... pv ..."`,
      m != null && validVertex19(m[1].toLowerCase()) && / pv /.test(first) &&
        (name === 'kata-analyze' ? wr >= 0 && wr <= 1 && / scoreLead /.test(first) : Number.isInteger(wr) && wr <= 10000),
      first.slice(0, 200)
    )
  }

  // -- 4. pipelined batch, replies must come back in order -----------------
  let nameNow = nameR.content
  let batch = [
    [{name: 'protocol_version'}, r => !r.error && r.content === '2'],
    [{name: 'known_command', args: ['play']}, r => !r.error && r.content === 'true'],
    [{name: 'known_command', args: ['xyzzy-no-such-command']}, r => !r.error && r.content === 'false'],
    [{name: 'name'}, r => !r.error && r.content === nameNow],
    [{name: 'xyzzy-no-such-command'}, r => r.error],
    [{name: 'list_stones', args: ['black']}, r => !r.error && sameList(stones(r.content), before.black)],
    [{id: 42, name: 'protocol_version'}, r => !r.error && r.id === 42 && r.content === '2'],
    [{name: 'komi', args: ['6.5']}, r => !r.error && r.content === ''],
    [{name: 'list_stones', args: ['white']}, r => !r.error && sameList(stones(r.content), before.white)],
    [{name: 'version'}, r => !r.error && r.content === versionR.content],
    [{name: 'known_command', args: ['genmove']}, r => !r.error && r.content === 'true']
  ]
  let replies = await Promise.all(batch.map(([c]) => send(c))).catch(e => {
    check('pipelined batch answered', false, e.message)
    return null
  })
  if (replies) {
    batch.forEach(([c, ok], i) =>
      check(
        `pipelined #${i + 1} ${cmdString(c)}`,
        ok(replies[i]),
        JSON.stringify(replies[i])
      )
    )
  }

  // komi must have survived boardsize/clear_board (only checkable if the
  // engine offers GNU Go's get_komi).
  if (names.includes('get_komi')) {
    let r = await send({name: 'get_komi'})
    check('get_komi is 6.5 (komi survived boardsize/clear_board)', !r.error && +r.content === 6.5, JSON.stringify(r))
  }

  // -- 5. all commands except the deliberate unknown one succeeded ---------
  let errors = log
    .filter(x => x.command.name !== 'xyzzy-no-such-command')
    .filter(x => x.response.error)
    .map(x => `${cmdString(x.command)} -> ? ${x.response.content}`)
  check('no command answered ? (except the unknown one)', errors.length === 0, errors.join('; '))

  // -- 6. raw framing: every reply is "=[id] ..." or "?[id] ..." -----------
  let blocks = raw.replace(/\r/g, '').split('\n\n')
  let tail = blocks.pop()
  let badBlocks = blocks.filter(b => !/^[=?]\d* /.test(b))
  check(
    'stdout holds only replies, each "=[id] " or "?[id] " + text + blank line',
    badBlocks.length === 0 && tail === '' && blocks.length === log.length,
    `${blocks.length} reply blocks for ${log.length} commands; bad: ${JSON.stringify(badBlocks.slice(0, 3))}; trailing: ${JSON.stringify(tail.slice(0, 80))}`
  )

  // -- 7. detach: quit, the process must exit (Sabaki kills after 3 s) -----
  let q = await withTimeout(controller.sendCommand({name: 'quit'}), 5000, 'quit').catch(e => ({error: true, content: e.message}))
  check('quit', !q.error, JSON.stringify(q))
  let t0 = Date.now()
  while (!stopped && Date.now() - t0 < 3000) await new Promise(r => setTimeout(r, 20))
  check('engine exits within 3 s of quit', stopped)
  if (!stopped) await controller.kill()
  finish()
}

main().catch(err => {
  check('unexpected error', false, err && err.stack)
  finish()
})
