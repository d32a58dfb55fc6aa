#!/usr/bin/env python3
"""A scripted fake GTP engine for the `weiqi match` tests (python3 only,
standard library).

It answers every command a referee sends with an empty success, and
`genmove` from a script or, without one, with the first empty point (in
reading order from A1) that touches no stone it has seen, then `pass`: such
moves never capture and are never suicide. Misbehaviour is triggered at the
K-th genmove of a game (counted from 1 after each clear_board):

  --resign-at K     answer `resign`
  --illegal-at K    answer the last point played (occupied: illegal)
  --hang-at K       never answer (sleep an hour)
  --crash-at K      exit without answering
  --nonsense-at K   answer `= banana`
  --refuse-play-at K  answer `? illegal move` to the K-th `play`
  --sleep S         sleep S seconds before every genmove answer
  --black-moves L / --white-moves L   comma-separated vertices for that
                    colour's genmoves, then --black-loop / --white-loop
                    repeated for ever (else pass)
"""

import argparse
import sys
import time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="fake")
    for opt in ("resign-at", "illegal-at", "hang-at", "crash-at", "nonsense-at"):
        ap.add_argument("--" + opt, type=int, default=0)
    ap.add_argument("--refuse-play-at", type=int, default=0)
    ap.add_argument("--sleep", type=float, default=0.0)
    for c in ("black", "white"):
        ap.add_argument("--%s-moves" % c, default="")
        ap.add_argument("--%s-loop" % c, default="")
    args = ap.parse_args()

    def split(s):
        return [v.strip() for v in s.split(",") if v.strip()]

    scripts = {
        "b": (split(args.black_moves), split(args.black_loop)),
        "w": (split(args.white_moves), split(args.white_loop)),
    }
    size = 19
    seen = set()
    last = None
    genmoves = 0
    plays = 0
    played = {"b": 0, "w": 0}

    def reply(text=""):
        sys.stdout.write("= %s\n\n" % text)
        sys.stdout.flush()

    def coords(v):
        v = v.upper()
        if v == "PASS":
            return None
        return (LETTERS.index(v[0]), int(v[1:]) - 1)

    def free_point():
        for row in range(size):
            for col in range(size):
                near = [(col, row), (col + 1, row), (col - 1, row),
                        (col, row + 1), (col, row - 1)]
                if not any(p in seen for p in near):
                    return "%s%d" % (LETTERS[col], row + 1)
        return "pass"

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        if cmd == "quit":
            reply()
            return
        if cmd == "name":
            reply(args.name)
        elif cmd == "version":
            reply("1")
        elif cmd == "protocol_version":
            reply("2")
        elif cmd == "list_commands":
            reply("\n".join(["protocol_version", "name", "version", "genmove",
                             "play", "boardsize", "clear_board", "komi",
                             "time_settings", "time_left", "quit"]))
        elif cmd == "boardsize":
            size = int(rest[0])
            reply()
        elif cmd == "clear_board":
            seen.clear()
            last = None
            genmoves = 0
            plays = 0
            played = {"b": 0, "w": 0}
            reply()
        elif cmd == "play":
            plays += 1
            if plays == args.refuse_play_at:
                sys.stdout.write("? illegal move\n\n")
                sys.stdout.flush()
                continue
            p = coords(rest[1])
            if p is not None:
                seen.add(p)
                last = rest[1]
            reply()
        elif cmd == "set_free_handicap":
            for v in rest:
                seen.add(coords(v))
            reply()
        elif cmd == "genmove":
            genmoves += 1
            colour = rest[0].lower()[0]
            if args.sleep:
                time.sleep(args.sleep)
            if genmoves == args.resign_at:
                reply("resign")
                continue
            if genmoves == args.illegal_at and last is not None:
                reply(last)
                continue
            if genmoves == args.hang_at:
                time.sleep(3600)
            if genmoves == args.crash_at:
                sys.exit(3)
            if genmoves == args.nonsense_at:
                reply("banana")
                continue
            moves, loop = scripts[colour]
            n = played[colour]
            played[colour] += 1
            if moves or loop:
                if n < len(moves):
                    v = moves[n]
                elif loop:
                    v = loop[(n - len(moves)) % len(loop)]
                else:
                    v = "pass"
            else:
                v = free_point()
            p = coords(v)
            if p is not None:
                seen.add(p)
                last = v
            reply(v)
        else:
            reply()


if __name__ == "__main__":
    main()
