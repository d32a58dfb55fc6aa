#!/usr/bin/env python3
"""Time-management benchmark: does genmove stay within the clock?

    python3 scripts/time_bench.py --engine target/release/weiqi

Plays the controller's part (as kgsGtp or gogui-twogtp would) and measures
the wall time of every `genmove`, from writing the command to reading the
whole reply, so the figures stay meaningful once genmove searches.

1. Byo-yomi: 19x19, `kgs-time_settings byoyomi 0 1 1` (one period of one
   second: each move must take under a second).  --genmoves (50) genmoves,
   alternating colours, each preceded by `time_left C 1 1`.  Reports the
   longest and mean think; target: longest under 0.9 s.
2. Absolute: 19x19, `kgs-time_settings absolute 60`.  A --moves (300) move
   game, genmove for both sides; the controller keeps each side's clock from
   the measured times and sends `time_left C T 0` (whole seconds, rounded
   down, as GTP requires) before every genmove.  Fails if a side's clock
   reaches zero.  Reports each side's time used and the longest think.

Prints one line per part and `time_bench: passed` or `time_bench: FAILED`;
exit code 1 on failure.
"""

import argparse
import math
import sys
import time

from gtp_client import GtpError, GtpProcess

COLORS = ("b", "w")


def timed_genmove(engine, color):
    """Sends `genmove color`; returns (reply, seconds of wall time)."""
    start = time.monotonic()
    reply = engine.cmd("genmove %s" % color)
    return reply, time.monotonic() - start


def must(engine, command):
    reply = engine.cmd(command)
    if not reply.ok:
        raise GtpError("engine answered %r to %r" % (reply, command))
    return reply


def byoyomi_part(engine, genmoves, target):
    for c in ("boardsize 19", "clear_board", "komi 7.5",
              "kgs-time_settings byoyomi 0 1 1"):
        must(engine, c)
    thinks = []
    for i in range(genmoves):
        color = COLORS[i % 2]
        # One period of one second left, as KGS reports it in byo-yomi.
        must(engine, "time_left %s 1 1" % color)
        reply, secs = timed_genmove(engine, color)
        if not reply.ok:
            raise GtpError("genmove %s failed: %r" % (color, reply))
        thinks.append(secs)
    longest = max(thinks)
    ok = longest < target
    print("byoyomi 0 1 1, 19x19: %d genmoves, longest %.2f ms, mean %.2f ms, "
          "target < %.0f ms: %s"
          % (len(thinks), longest * 1e3, sum(thinks) / len(thinks) * 1e3,
             target * 1e3,
             "ok" if ok else "MISSED"))
    return ok


def absolute_part(engine, moves, main_time):
    for c in ("boardsize 19", "clear_board", "komi 7.5",
              "kgs-time_settings absolute %d" % main_time):
        must(engine, c)
    left = {c: float(main_time) for c in COLORS}
    longest = 0.0
    for i in range(moves):
        color = COLORS[i % 2]
        must(engine, "time_left %s %d 0" % (color, math.floor(left[color])))
        reply, secs = timed_genmove(engine, color)
        if not reply.ok:
            raise GtpError("genmove %s failed: %r" % (color, reply))
        longest = max(longest, secs)
        left[color] -= secs
        if left[color] <= 0:
            print("absolute %d, 19x19: %s lost on time at move %d"
                  % (main_time, color, i + 1))
            return False
        move = reply.text.strip().lower()
        if move == "resign":
            print("absolute %d, 19x19: %s resigned at move %d (clock ok)"
                  % (main_time, color, i + 1))
            break
    own = [engine.cmd("weiqi-time_left %s" % c) for c in COLORS]
    print("absolute %d, 19x19: %d moves, time used black %.1f ms, white %.1f ms; "
          "longest think %.2f ms; never ran out: ok (engine's own clock: "
          "black %s, white %s)"
          % (main_time, moves, (main_time - left["b"]) * 1e3,
             (main_time - left["w"]) * 1e3, longest * 1e3, own[0].text if own[0].ok else "?",
             own[1].text if own[1].ok else "?"))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/weiqi",
                    help="engine command line (default: %(default)s)")
    ap.add_argument("--genmoves", type=int, default=50)
    ap.add_argument("--target", type=float, default=0.9,
                    help="longest acceptable think under byoyomi 0 1 1 (s)")
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--main-time", type=int, default=60)
    args = ap.parse_args()

    engine = GtpProcess(args.engine, name="weiqi", timeout=120.0,
                        stderr=sys.stderr)
    try:
        ok = byoyomi_part(engine, args.genmoves, args.target)
        ok = absolute_part(engine, args.moves, args.main_time) and ok
    except GtpError as e:
        print("time_bench: %s" % e)
        ok = False
    finally:
        engine.quit()
    print("time_bench: %s" % ("passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
