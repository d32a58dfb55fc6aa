#!/usr/bin/env python3
"""GTP replay benchmark: `play` and `undo` of real game records through a
pipe, as a referee or a GUI drives an engine.

The records are the finished games kept in scripts/score_records/*.jsonl
(GNU Go self-play, 9x9 and 19x19, 396 games, about 35,000 moves). For each
game: `boardsize N`, `clear_board`, then every move with `play`, then `undo`
of every move, last first. Every reply must be `=` (an illegal move or a
refused undo is an error and stops the run). Prints the moves per second
of `play` and of `undo`, over all games:

    python3 scripts/replay_bench.py --engine target/release/weiqi
    python3 scripts/replay_bench.py --engine "gnugo --mode gtp"

Two ways to talk to the engine:

* default (pipelined): each game's `play` commands are written as one batch
  and the replies read back, then the same for its `undo` commands; the
  figure is the engine's own throughput plus the pipe;
* --lockstep: one command, then its reply, then the next (a round trip per
  move, as a simple controller does): adds two context switches per command,
  so the figure depends on the machine's scheduler as much as the engine.

--repeat N replays the whole set N times (the best run is printed too).
--write FILE writes the same commands to FILE instead (no engine is run), to
count the engine's instructions on a busy machine, which wall time cannot:

    python3 scripts/replay_bench.py --write /tmp/replay.gtp
    perf stat -e instructions target/release/weiqi < /tmp/replay.gtp > /dev/null
Standard library only (uses scripts/gtp_client.py).
"""

import argparse
import glob
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtp_client import GtpProcess  # noqa: E402


def load_games(pattern):
    games = []
    for path in sorted(glob.glob(pattern)):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                rec = json.loads(line)
                moves = ["play %s %s" % (c, v) for c, v in rec["moves"]]
                games.append((rec["size"], moves))
    return games


def run_batch(eng, commands, lockstep):
    if lockstep:
        replies = [eng.cmd(c) for c in commands]
    else:
        replies = eng.cmds(commands)
    for c, r in zip(commands, replies):
        if not r.ok:
            raise SystemExit("'%s' refused: %s" % (c, r.text))


def replay(eng, games, lockstep):
    t_play = t_undo = 0.0
    n = 0
    for size, moves in games:
        run_batch(eng, ["boardsize %d" % size, "clear_board"], lockstep)
        t0 = time.perf_counter()
        run_batch(eng, moves, lockstep)
        t1 = time.perf_counter()
        run_batch(eng, ["undo"] * len(moves), lockstep)
        t2 = time.perf_counter()
        t_play += t1 - t0
        t_undo += t2 - t1
        n += len(moves)
    return n, t_play, t_undo


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/weiqi",
                    help="engine command line (default: %(default)s)")
    ap.add_argument("--records", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "score_records", "*.jsonl"),
        help="glob of JSONL game records (default: scripts/score_records)")
    ap.add_argument("--lockstep", action="store_true",
                    help="one command per round trip instead of a batch per game")
    ap.add_argument("--repeat", type=int, default=1,
                    help="replay the whole set this many times")
    ap.add_argument("--write", metavar="FILE",
                    help="write the commands to FILE and exit")
    args = ap.parse_args()

    games = load_games(args.records)
    if not games:
        raise SystemExit("no records match %s" % args.records)
    if args.write:
        with open(args.write, "w") as f:
            for size, moves in games:
                f.write("boardsize %d\nclear_board\n" % size)
                f.write("\n".join(moves) + "\n")
                f.write("undo\n" * len(moves))
            f.write("quit\n")
        return
    eng = GtpProcess(args.engine, name="engine", timeout=600)
    try:
        mode = "lockstep" if args.lockstep else "pipelined"
        best_play = best_undo = 0.0
        for r in range(max(1, args.repeat)):
            n, tp, tu = replay(eng, games, args.lockstep)
            best_play = max(best_play, n / tp)
            best_undo = max(best_undo, n / tu)
            print("replay %d/%d (%s, %d games, %d moves): play %.0f moves/s, undo %.0f moves/s"
                  % (r + 1, args.repeat, mode, len(games), n, n / tp, n / tu), flush=True)
        if args.repeat > 1:
            print("best: play %.0f moves/s, undo %.0f moves/s" % (best_play, best_undo))
    finally:
        eng.quit()


if __name__ == "__main__":
    main()
