#!/usr/bin/env python3
"""Writes weiqi's opening book (src/search/book.txt) from long searches of
weiqi itself, driven through GTP with the book switched off.

    python3 scripts/make_book.py --engine target/release/weiqi \\
        --size 9 --komi 7.5 --seconds 10 --deep-seconds 5 --deep E5 D4 \\
        > src/search/book.txt

The positions, each read once up to the 8 symmetries of the board:
  * the empty board (Black's first move);
  * every first move of Black (White's reply);
  * the book's first move and every reply of White (Black's second move);
  * with --deep: for each first move of Black listed, the book's reply
    and every second move of Black (White's second move), searched for
    --deep-seconds.

With --extend FILE the positions above are not searched again: FILE's
lines are kept as they are, and --third adds Black's third move, each
searched for --deep-seconds, after every second move of White in the
lines named (a first move of Black and White's reply, e.g. "E5 E7";
Black's second move is FILE's):

    python3 scripts/make_book.py --engine target/release/weiqi \
        --extend src/search/book.txt --third "E5 E7" "E5 F3" \
        --deep-seconds 5 > /tmp/book.txt && mv /tmp/book.txt src/search/book.txt

Each position gets `genmove` with `--move-time` set to the seconds given
(the search stops early once its move cannot change). The book is read
by src/search/book.rs; see its module doc for the format.
"""

import argparse
import shlex
import sys
import time

from gtp_client import GtpProcess, parse_vertex, vertex


def symmetry(t, col, row, size):
    """The t-th symmetry of the board, as weiqi's coord::symmetry."""
    if t & 1:
        col, row = row, col
    if t & 2:
        row = size - 1 - row
    if t & 4:
        col = size - 1 - col
    return col, row


def canonical(moves, size):
    """The smallest image of a move sequence under the 8 symmetries."""
    return min(tuple(symmetry(t, c, r, size) for c, r in moves) for t in range(8))


def distinct_next_moves(moves, size):
    """One representative of every empty point after `moves`, up to the
    symmetries of the whole sequence."""
    taken = set(moves)
    seen = set()
    out = []
    for row in range(size):
        for col in range(size):
            if (col, row) in taken:
                continue
            key = canonical(list(moves) + [(col, row)], size)
            if key not in seen:
                seen.add(key)
                out.append((col, row))
    return out


class Searcher:
    def __init__(self, engine, size, komi):
        self.engine = engine
        self.size = size
        self.komi = komi

    def reply(self, moves, seconds):
        """weiqi's move after `moves` (Black first), thinking `seconds`."""
        proc = GtpProcess("%s --no-book --move-time %s --threads 2" % (self.engine, seconds),
                          timeout=seconds * 4 + 60)
        try:
            cmds = ["boardsize %d" % self.size, "komi %s" % self.komi, "clear_board"]
            for i, (c, r) in enumerate(moves):
                cmds.append("play %s %s" % ("b" if i % 2 == 0 else "w", vertex(c, r)))
            color = "b" if len(moves) % 2 == 0 else "w"
            replies = proc.cmds(cmds + ["genmove %s" % color])
        finally:
            proc.quit()
        bad = [r for r in replies if not r.ok]
        if bad:
            sys.exit("make_book: %s" % bad[0].text)
        mv = parse_vertex(replies[-1].text)
        if mv is None or replies[-1].text.lower() == "resign":
            return None
        return mv


def line(size, komi, moves, reply):
    return "%d %s %s: %s" % (size, komi, "".join(vertex(c, r) + " " for c, r in moves),
                            vertex(*reply))


def read_book(path, size, komi):
    """The comment lines and the positions of a book file: (comments,
    [(moves, reply, text)]) for the lines of this size and komi."""
    comments, lines = [], []
    for text in open(path, encoding="utf-8"):
        text = text.rstrip("\n")
        if text.startswith("#") or not text.strip():
            comments.append(text)
            continue
        head, reply = text.split(":")
        words = head.split()
        if int(words[0]) != size or float(words[1]) != float(komi):
            lines.append(((), None, text))
            continue
        moves = [parse_vertex(w) for w in words[2:]]
        lines.append((moves, parse_vertex(reply.strip()), text))
    return comments, lines


def extend(args, s, started):
    """--extend: FILE's lines, then Black's third move after the lines
    of --third, each after every second move of White."""
    size = args.size
    comments, lines = read_book(args.extend, size, args.komi)
    by_key = {canonical(m, size): (m, r) for m, r, _ in lines if m}
    out = []
    for pair in args.third:
        b1, w1 = (parse_vertex(w) for w in pair.split())
        # Black's second move as the book holds it, in its orientation.
        found = by_key.get(canonical([b1, w1], size))
        if found is None or found[1] is None:
            sys.exit("make_book: no book line for %s" % pair)
        moves = list(found[0]) + [found[1]]
        for m in distinct_next_moves(moves, size):
            key = canonical(moves + [m], size)
            if key in by_key:
                continue
            r = s.reply(moves + [m], args.deep_seconds)
            if r is not None:
                by_key[key] = (moves + [m], r)
                out.append(line(size, args.komi, moves + [m], r))
                print(out[-1], file=sys.stderr, flush=True)
    for c in comments:
        print(c)
    print("# Extended by scripts/make_book.py: %s" %
          " ".join(shlex.quote(a) for a in sys.argv[1:]))
    print("# (%d positions more, %.0f s; Black's third move with --move-time %s)." %
          (len(out), time.time() - started, args.deep_seconds))
    for _, _, text in lines:
        print(text)
    for l in out:
        print(l)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="weiqi binary")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7.5")
    ap.add_argument("--seconds", type=float, default=10.0,
                    help="thinking time for the first three plies")
    ap.add_argument("--deep", nargs="*", default=[],
                    help="first moves of Black after which White's second move is booked")
    ap.add_argument("--deep-seconds", type=float, default=5.0)
    ap.add_argument("--extend", metavar="FILE",
                    help="keep this book's lines and add only --third's positions")
    ap.add_argument("--third", nargs="*", default=[],
                    help="with --extend: lines \"B1 W1\" after which Black's third move "
                         "is booked for every second move of White")
    args = ap.parse_args()
    size = args.size
    s = Searcher(shlex.quote(args.engine), size, args.komi)
    started = time.time()
    out = []
    if args.extend:
        extend(args, s, started)
        return

    def add(moves, seconds):
        r = s.reply(moves, seconds)
        if r is not None:
            out.append(line(size, args.komi, moves, r))
            print(out[-1], file=sys.stderr, flush=True)
        return r

    first = add([], args.seconds)
    # White's reply to each first move, by the canonical form of the move.
    answers = {}
    for m in distinct_next_moves([], size):
        answers[canonical([m], size)] = (m, add([m], args.seconds))
    if first is not None:
        for m in distinct_next_moves([first], size):
            add([first, m], args.seconds)
    for name in args.deep:
        # The first move as the book holds it (one orientation of `name`).
        b1, w1 = answers[canonical([parse_vertex(name)], size)]
        if w1 is None:
            continue
        for m in distinct_next_moves([b1, w1], size):
            add([b1, w1, m], args.deep_seconds)

    print("# weiqi's opening book: board size, komi, the moves from the empty board")
    print("# (Black first), a colon and weiqi's move; read up to the 8 symmetries")
    print("# of the board by src/search/book.rs.")
    print("# Written by scripts/make_book.py: %s" % " ".join(shlex.quote(a) for a in sys.argv[1:]))
    print("# (%d positions, %.0f s; each reply is what `genmove` chose with --no-book" %
          (len(out), time.time() - started))
    print("# and --move-time %s, or %s for White's second move)." %
          (args.seconds, args.deep_seconds))
    for l in out:
        print(l)


if __name__ == "__main__":
    main()
