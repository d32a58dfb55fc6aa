#!/usr/bin/env python3
"""Opening-book lines (the format of src/search/book.txt) from the first
moves of game records: in each position that begins enough records, the
move played most often there.

    python3 scripts/book_from_records.py --records tests/data/fox-pro/games \\
        --size 19 --komi 7.5 6.5 --plies 8 --min-games 5

A search on 19x19 cannot tell the points of an empty board apart (its
playouts are near coin flips everywhere; a ten-second search chose K5 as
Black's first move), while professionals take the corners first, then
the sides. So on 19x19 weiqi's book holds what professionals played, not
what its own searches chose (scripts/make_book.py, for 9x9).

Positions are compared up to the 8 symmetries of the board, as the book
reads them. A record counts for a position when its first moves are
that position's moves, alternating from Black, on an empty board (no
handicap or setup stones). A position gets a line when at least
--min-games records reach it, and the reply is the move played most
often there (ties: the smallest point in the canonical orientation),
written once for every komi given (the book keys on komi; the first
moves of professional games do not depend on it).
"""

import argparse
import collections
import os
import re
import sys

from gtp_client import vertex
from make_book import symmetry


def images(moves, size):
    """The 8 images of a move sequence, with the symmetry of each."""
    return [(tuple(symmetry(t, c, r, size) for c, r in moves), t) for t in range(8)]


def canonical(moves, size):
    """The smallest image of `moves`, and every symmetry that gives it."""
    all_images = images(moves, size)
    smallest = min(image for image, _ in all_images)
    return smallest, [t for image, t in all_images if image == smallest]


def opening(path, size, plies):
    """The first `plies` moves of a record, as (column, row) from the
    bottom left, or None when the record is not an even game of `size`
    alternating from Black."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    sz = re.search(r"\bSZ\[(\d+)\]", text)
    if int(sz.group(1) if sz else 19) != size:
        return None
    if re.search(r"\b(AB|AW)\[", text):
        return None
    ha = re.search(r"\bHA\[(\d+)\]", text)
    if ha and int(ha.group(1)) > 1:
        return None
    moves = []
    for k, m in enumerate(re.finditer(r";\s*([BW])\[([a-z]*)\]", text)):
        if len(moves) == plies:
            break
        color, v = m.group(1), m.group(2)
        if color != "BW"[k % 2] or len(v) != 2:
            break
        col, row = ord(v[0]) - ord("a"), size - 1 - (ord(v[1]) - ord("a"))
        if not (0 <= col < size and 0 <= row < size) or (col, row) in moves:
            break
        moves.append((col, row))
    return moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", required=True, help="directory of SGF records")
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--komi", type=float, nargs="+", default=[7.5])
    ap.add_argument("--plies", type=int, default=8, help="longest line, in moves")
    ap.add_argument("--min-games", type=int, default=5)
    args = ap.parse_args()

    size = args.size
    games = []
    for name in sorted(os.listdir(args.records)):
        if name.endswith(".sgf"):
            moves = opening(os.path.join(args.records, name), size, args.plies)
            if moves:
                games.append(moves)

    # For every canonical position, the records reaching it and the
    # replies played (each reply put in the canonical orientation of the
    # position; where several symmetries give it, the smallest image).
    reached = collections.Counter()
    replies = collections.defaultdict(collections.Counter)
    for moves in games:
        for k in range(len(moves)):
            key, ts = canonical(moves[:k], size)
            reached[key] += 1
            reply = min(symmetry(t, *moves[k], size) for t in ts)
            replies[key][reply] += 1

    # Every position enough records reach gets a line (each of its
    # prefixes is then reached as often, so the book leads there with
    # either colour whenever the opponent plays the records' moves).
    book = {}
    for key, n in reached.items():
        if n >= args.min_games:
            counts = replies[key]
            book[key] = min(counts, key=lambda p: (-counts[p], p))

    print(
        "# %dx%d: what professionals played, written by scripts/book_from_records.py %s"
        % (size, size, " ".join(sys.argv[1:]))
    )
    print(
        "# (%d records, %d positions reached by at least %d of them; each reply is"
        " the move played most often there)" % (len(games), len(book), args.min_games)
    )
    for key in sorted(book, key=lambda k: (len(k), k)):
        line = " ".join(vertex(c, r) for c, r in key)
        reply = vertex(*book[key])
        for komi in args.komi:
            print(("%d %g %s : %s" % (size, komi, line, reply)).replace("  ", " "))


if __name__ == "__main__":
    main()
