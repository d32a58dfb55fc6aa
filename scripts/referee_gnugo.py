#!/usr/bin/env python3
"""gogui-twogtp style referee check.

    python3 scripts/referee_gnugo.py --engine target/release/weiqi --games 20

Two GNU Go instances (different --level and --seed) play each other on 9x9,
komi 7.5, swapping colours every game, driven the way gogui-twogtp drives
them: `boardsize`, `clear_board`, `komi`, then `genmove b` to Black,
`play B X` to White, `genmove w` to White, ... (pass is sent as `PASS`).
The engine under test is the referee: it receives `boardsize`,
`clear_board`, `komi` at game start and every move as `play`.  It must never
answer `?` to any of these, and after every move its `list_stones black` /
`list_stones white` must equal those of GNU Go (the black player).  A game
ends after two passes, a resignation or --max-moves moves.  At the end the
`final_score` of the engine and of both GNU Go players are printed side by
side (informational only).

Prints `referee_gnugo: N passed, M failed` (games); exit code 1 on failure.
"""

import argparse
import sys
import time

from gtp_client import GtpError, GtpProcess, stone_list

VERTEX_RE_CHARS = set("ABCDEFGHJKLMNOPQRSTUVWXYZ")


def norm_move(text):
    t = text.strip().upper()
    if t in ("PASS", "RESIGN"):
        return t
    if len(t) >= 2 and t[0] in VERTEX_RE_CHARS and t[1:].isdigit():
        return t
    return None


class GameFailure(Exception):
    pass


def play_game(idx, args, engine, black, white, log, history):
    """Plays one game; the commands sent to the engine go to `history`."""

    def engine_cmd(cmd):
        r = engine.cmd(cmd)
        if not r.ok:
            raise GameFailure("engine answered %r to %r" % (r, cmd))
        return r

    setup = ["boardsize %d" % args.size, "clear_board", "komi %s" % args.komi]
    seedcmd = []
    if not args.no_reseed:
        # Varies the games; a GNU Go extension, sent to the players only.
        seedcmd = ["set_random_seed %d" % (args.seed * 1000 + idx)]
    for p in (black, white):
        for c, r in zip(setup + seedcmd, p.cmds(setup + seedcmd)):
            if not r.ok:
                raise GtpError("%s answered %r to %r" % (p.name, r, c))
    for c in setup:
        engine_cmd(c)
        history.append(c)

    players = {"B": black, "W": white}
    color = "B"
    passes = 0
    moves = 0
    end = "move limit"
    while moves < args.max_moves:
        mover = players[color]
        other = players["W" if color == "B" else "B"]
        r = mover.cmd("genmove %s" % color.lower(), timeout=args.genmove_timeout)
        if not r.ok:
            raise GtpError("%s answered %r to genmove" % (mover.name, r))
        move = norm_move(r.text)
        if move is None:
            raise GtpError("%s: bad genmove reply %r" % (mover.name, r.text))
        if move == "RESIGN":
            end = "%s resigned" % color
            break
        cmd = "play %s %s" % (color, move)
        r = other.cmd(cmd)
        if not r.ok:
            raise GtpError("%s answered %r to %r" % (other.name, r, cmd))
        moves += 1
        try:
            engine_cmd(cmd)
        finally:
            history.append(cmd)
        e_b, e_w = engine.cmds(["list_stones black", "list_stones white"])
        g_b, g_w = black.cmds(["list_stones black", "list_stones white"])
        for col, re_, rg in (("black", e_b, g_b), ("white", e_w, g_w)):
            if not re_.ok:
                raise GameFailure("engine answered %r to list_stones %s"
                                  % (re_, col))
            se, sg = stone_list(re_), stone_list(rg)
            if se != sg:
                raise GameFailure(
                    "after %r list_stones %s differs\n"
                    "  only engine: %s\n  only gnugo:  %s"
                    % (cmd, col, sorted(set(se) - set(sg)),
                       sorted(set(sg) - set(se))))
        if move == "PASS":
            passes += 1
            if passes >= 2:
                end = "two passes"
                break
        else:
            passes = 0
        color = "W" if color == "B" else "B"

    # Scores, informational only.
    scores = []
    for who, p in (("engine", engine), ("black:" + black.name, black),
                   ("white:" + white.name, white)):
        try:
            r = p.cmd("final_score", timeout=args.genmove_timeout)
            scores.append((who, ("" if r.ok else "? ") + r.text))
        except GtpError as ex:
            scores.append((who, "error: %s" % ex))
            if p is engine:
                raise
    same = len(set(s for _, s in scores)) == 1
    log("game %2d: %-20s %3d moves  final_score  %s%s"
        % (idx, end, moves,
           "  ".join("%s=%s" % (w, s) for w, s in scores),
           "" if same else "   (scores differ)"))
    return moves, end


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True,
                    help="engine (referee) command line, split with shlex")
    ap.add_argument("--gnugo", default="gnugo --mode gtp",
                    help="GNU Go command line (default: %(default)s)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7.5")
    ap.add_argument("--levels", default="1,3",
                    help="GNU Go levels of the two players")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-moves", type=int, default=200)
    ap.add_argument("--no-reseed", action="store_true",
                    help="do not send set_random_seed to the players per game")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--genmove-timeout", type=float, default=120.0)
    ap.add_argument("--engine-stderr", action="store_true")
    args = ap.parse_args()

    t0 = time.monotonic()
    l1, l2 = [int(x) for x in args.levels.split(",")]
    engine = GtpProcess(args.engine, "engine", args.timeout,
                        stderr=sys.stderr if args.engine_stderr else None)
    pa = GtpProcess("%s --level %d --seed %d" % (args.gnugo, l1, args.seed),
                    "gnugo-L%d" % l1, args.timeout)
    pb = GtpProcess("%s --level %d --seed %d" % (args.gnugo, l2, args.seed + 1),
                    "gnugo-L%d" % l2, args.timeout)

    def log(msg):
        print(msg, flush=True)

    # What gogui-twogtp sends to every program at start-up.
    for c in ("protocol_version", "name", "version", "list_commands"):
        try:
            r = engine.cmd(c)
            if not r.ok:
                log("WARNING: engine answered %r to %r" % (r, c))
        except GtpError as ex:
            log("WARNING: %s" % ex)
            engine.restart()

    passed = failed = 0
    consecutive_errors = 0
    for i in range(args.games):
        black, white = (pa, pb) if i % 2 == 0 else (pb, pa)
        history = []
        try:
            play_game(i, args, engine, black, white, log, history)
            passed += 1
            consecutive_errors = 0
        except (GameFailure, GtpError) as ex:
            failed += 1
            log("FAIL game %d (black %s, white %s): %s\n"
                "  commands the engine received in this game:\n%s"
                % (i, black.name, white.name, ex,
                   "\n".join("    " + c for c in history)))
            if isinstance(ex, GtpError):
                consecutive_errors += 1
                for p in (engine, pa, pb):
                    p.restart()
                if consecutive_errors >= 3:
                    log("giving up after 3 consecutive GTP errors")
                    failed += args.games - i - 1
                    break
    for p in (engine, pa, pb):
        p.quit()
    log("  %.1fs" % (time.monotonic() - t0))
    print("referee_gnugo: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
