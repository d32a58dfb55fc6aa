#!/usr/bin/env python3
"""Differential legality test of a GTP engine against GNU Go.

    python3 scripts/gnugo_diff.py --engine target/release/weiqi \
        --gnugo "/usr/games/gnugo --mode gtp" --games 300 \
        --sizes 5,7,9,13,19 --seed 1

Both programs run as long-lived GTP subprocesses.  For every game (sizes are
used round-robin) both get `boardsize N` and `clear_board`; the engine also
gets `kata-set-rules japanese` (simple ko, no suicide -- what GNU Go plays;
a `?` reply is ignored).  Then a random game is played.  Before every move
both are asked `list_stones black`, `list_stones white` and `is_legal C V`
for every empty point for the side to move; replies are compared.  Now and
then an illegal move (occupied point, suicide, ko) is sent as `play` to both
and both must refuse it.  The chosen legal move is sent as `play` to both and
both must accept it.  Any disagreement ends the game and is printed with the
GTP commands that reproduce it.

Prints `gnugo_diff: N passed, M failed` (games); exit code 1 on any failure.
"""

import argparse
import random
import sys
import time

from gtp_client import GtpError, GtpProcess, stone_list, vertex


class Disagreement(Exception):
    pass


def opp(color):
    return "W" if color == "B" else "B"


class Game:
    def __init__(self, size, rng, engine, gnugo, max_moves, pass_prob,
                 probe_prob):
        self.n = size
        self.rng = rng
        self.engine = engine
        self.gnugo = gnugo
        self.max_moves = max_moves
        self.pass_prob = pass_prob
        self.probe_prob = probe_prob
        self.history = []  # GTP commands that reproduce the position
        self.points = [vertex(x, y) for y in range(size) for x in range(size)]
        self.neigh = {}
        for y in range(size):
            for x in range(size):
                ns = []
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= x + dx < size and 0 <= y + dy < size:
                        ns.append(vertex(x + dx, y + dy))
                self.neigh[vertex(x, y)] = ns
        self.moves_played = 0
        self.probes = 0
        self.queries = 0

    def both(self, commands):
        """Send the same batch to both programs, then read both."""
        self.engine.send(commands)
        self.gnugo.send(commands)
        return self.engine.read(len(commands)), self.gnugo.read(len(commands))

    def fail(self, what, command=None, e=None, g=None, extra=None):
        lines = [what]
        lines.append("  reproduce with these GTP commands:")
        lines.extend("    " + c for c in self.history)
        if command is not None:
            lines.append("    " + command)
            lines.append("  engine reply: %r" % (e,))
            lines.append("  gnugo  reply: %r" % (g,))
        if extra:
            lines.extend("  " + x for x in extra)
        raise Disagreement("\n".join(lines))

    def setup(self):
        e, g = self.both(["boardsize %d" % self.n, "clear_board"])
        for cmd, re_, rg in zip(["boardsize %d" % self.n, "clear_board"], e, g):
            if not rg.ok:
                raise GtpError("gnugo refused %r: %r" % (cmd, rg))
            self.history.append(cmd)
            if not re_.ok:
                self.fail("engine refused setup command", cmd, re_, rg)
        r = self.engine.cmd("kata-set-rules japanese")
        if r.ok:
            self.history.append("kata-set-rules japanese")

    def check_stones(self, e_b, e_w, g_b, g_w):
        for color, re_, rg in (("black", e_b, g_b), ("white", e_w, g_w)):
            cmd = "list_stones " + color
            if not re_.ok:
                self.fail("engine failed list_stones", cmd, re_, rg)
            se, sg = stone_list(re_), stone_list(rg)
            if se != sg:
                self.fail("list_stones %s differs" % color, cmd, re_, rg,
                          ["only engine: %s" % sorted(set(se) - set(sg)),
                           "only gnugo:  %s" % sorted(set(sg) - set(se))])
        return set(stone_list(g_b)), set(stone_list(g_w))

    def play(self):
        self.setup()
        to_move = "B"
        passes = 0
        pending = []  # play command sent together with the next list_stones
        while True:
            batch = pending + ["list_stones black", "list_stones white"]
            e, g = self.both(batch)
            if pending:
                cmd = pending[0]
                if not g[0].ok:
                    raise GtpError("gnugo refused its own legal move %r: %r"
                                   % (cmd, g[0]))
                if not e[0].ok:
                    self.fail("engine refused a legal move", cmd, e[0], g[0])
                self.history.append(cmd)
            black, white = self.check_stones(*e[-2:], *g[-2:])

            if passes >= 2 or self.moves_played >= self.max_moves:
                return

            empties = [p for p in self.points
                       if p not in black and p not in white]
            queries = ["is_legal %s %s" % (to_move, p) for p in empties]
            legal = []
            illegal = []
            if queries:
                e, g = self.both(queries)
                self.queries += len(queries)
                for p, q, re_, rg in zip(empties, queries, e, g):
                    if not rg.ok:
                        raise GtpError("gnugo failed %r: %r" % (q, rg))
                    if not re_.ok or re_.text.strip() != rg.text.strip():
                        self.fail("is_legal differs", q, re_, rg)
                    (legal if rg.text.strip() == "1" else illegal).append(p)

            # Occasionally check that an illegal move is refused by `play`.
            if self.rng.random() < self.probe_prob:
                occupied = sorted(black | white)
                cands = illegal if illegal and self.rng.random() < 0.7 \
                    else occupied
                if cands:
                    p = self.rng.choice(cands)
                    cmd = "play %s %s" % (to_move, p)
                    e, g = self.both([cmd])
                    self.probes += 1
                    if g[0].ok:
                        raise GtpError("gnugo accepted illegal %r" % cmd)
                    if e[0].ok:
                        self.fail("engine accepted an illegal move "
                                  "(gnugo refused it)", cmd, e[0], g[0])

            own = black if to_move == "B" else white
            cands = [p for p in legal
                     if not all(q in own for q in self.neigh[p])]
            if not cands or self.rng.random() < self.pass_prob:
                move = "PASS" if self.rng.random() < 0.5 else "pass"
                passes += 1
            else:
                move = self.rng.choice(cands)
                if self.rng.random() < 0.3:
                    move = move.lower()
                passes = 0
            color = to_move if self.rng.random() < 0.5 else \
                {"B": "black", "W": "white"}[to_move].lower()
            pending = ["play %s %s" % (color, move)]
            self.moves_played += 1
            to_move = opp(to_move)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True,
                    help="engine command line (split with shlex)")
    ap.add_argument("--gnugo", default="gnugo --mode gtp",
                    help="GNU Go command line (default: %(default)s)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--sizes", default="5,7,9,13,19")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-moves", type=int, default=250,
                    help="cap per game, on top of 3*N*N (default %(default)s)")
    ap.add_argument("--pass-prob", type=float, default=0.01)
    ap.add_argument("--probe-prob", type=float, default=0.05,
                    help="chance per move to send an illegal play to both")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds to wait for a batch of replies")
    ap.add_argument("--max-failures", type=int, default=10,
                    help="print at most this many disagreements in full")
    ap.add_argument("--max-gtp-errors", type=int, default=5,
                    help="give up (remaining games fail) after this many "
                    "consecutive crashes/timeouts")
    ap.add_argument("--engine-stderr", action="store_true",
                    help="pass the engine's stderr through (default: discard)")
    args = ap.parse_args()

    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    t0 = time.monotonic()
    engine = GtpProcess(args.engine, "engine", args.timeout,
                        stderr=sys.stderr if args.engine_stderr else None)
    gnugo = GtpProcess(args.gnugo, "gnugo", args.timeout)

    passed = failed = 0
    per_size = {n: [0, 0, 0, 0.0] for n in sizes}  # pass, fail, moves, secs
    total_queries = total_probes = 0
    gtp_errors = 0
    for i in range(args.games):
        if gtp_errors >= args.max_gtp_errors:
            print("giving up after %d consecutive GTP errors; the remaining "
                  "%d games count as failed" % (gtp_errors, args.games - i))
            failed += args.games - i
            break
        n = sizes[i % len(sizes)]
        rng = random.Random("%d:%d" % (args.seed, i))
        game = Game(n, rng, engine, gnugo,
                    max_moves=min(3 * n * n, args.max_moves),
                    pass_prob=args.pass_prob, probe_prob=args.probe_prob)
        tg = time.monotonic()
        ok = False
        try:
            game.play()
            ok = True
            gtp_errors = 0
        except Disagreement as d:
            gtp_errors = 0
            if failed < args.max_failures:
                print("FAIL game %d (size %d, seed %d): %s"
                      % (i, n, args.seed, d), flush=True)
        except GtpError as ex:
            gtp_errors += 1
            if failed < args.max_failures:
                print("FAIL game %d (size %d, seed %d): GTP error: %s\n"
                      "  commands so far:\n%s"
                      % (i, n, args.seed, ex,
                         "\n".join("    " + c for c in game.history)),
                      flush=True)
            # Unread replies may be pending: start both afresh so the
            # remaining games still run.
            engine.restart()
            gnugo.restart()
        st = per_size[n]
        st[0 if ok else 1] += 1
        st[2] += game.moves_played
        st[3] += time.monotonic() - tg
        total_queries += game.queries
        total_probes += game.probes
        if ok:
            passed += 1
        else:
            failed += 1

    engine.quit()
    gnugo.quit()
    for n in sizes:
        p, f, mv, secs = per_size[n]
        print("  %2dx%-2d: %3d passed, %3d failed, %6d moves, %6.1fs"
              % (n, n, p, f, mv, secs))
    print("  %d is_legal queries per program, %d illegal-play probes, %.1fs"
          % (total_queries, total_probes, time.monotonic() - t0))
    print("gnugo_diff: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
