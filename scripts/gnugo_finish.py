#!/usr/bin/env python3
"""How GNU Go finished the games whose counts differ from weiqi's: for each
point count_diff.py reports, did GNU Go put a stone there while playing the
position out, whose, and was it an answer?

GNU Go counts a finished game by playing it on: first ordinary moves
(its genmove) until both sides pass, then the aftermath, which makes
every living group unconditionally alive and takes the dead stones off.
A point GNU Go calls dame where weiqi counts territory is, most often,
one where GNU Go's own move generator played a teire. This script runs

    gnugo --japanese-rules --score aftermath -l FILE -o OUT

for each record of a count_diff.py report (GNU Go's output file holds the
position as setup stones and then the moves it played), and sorts the
differing points into

    owner/opponent  the colour of the stone GNU Go played there, seen from
                    the side weiqi gives the point to ("owner" = that
                    side's own teire or fill);
    genmove/aftermath  before or after GNU Go's first two passes in a row;
    answer/unprompted  whether the move before it was the other side's,
                    within two lines of the point;
    not played      GNU Go put no stone there.

    python3 scripts/count_diff.py --engine target/release/weiqi \\
        --other /usr/games/gnugo --other-gnugo --data /tmp/older \\
        --records names.txt --all > diff.txt
    python3 scripts/gnugo_finish.py --data /tmp/older --diff diff.txt

GNU Go takes a few seconds a 19x19 record; --cache keeps its output files
(default: a temporary directory).
"""

import argparse
import collections
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from gtp_client import parse_vertex, vertex as gtp_vertex
from pro_records import DATA


def vertex(sgf_point, size):
    """An SGF point ("pd") as a GTP vertex ("Q16"); None for a pass."""
    if len(sgf_point) != 2:
        return None
    x, y = ord(sgf_point[0]) - ord("a"), ord(sgf_point[1]) - ord("a")
    if not (0 <= x < size and 0 <= y < size):
        return None
    return gtp_vertex(x, size - 1 - y)


def finishing_moves(gnugo, path, out):
    """The (colour, vertex or None) moves GNU Go played to finish the game
    at `path`, read from its output file `out` (written when missing)."""
    if not os.path.exists(out):
        subprocess.run([gnugo, "--japanese-rules", "--score", "aftermath", "-l", path, "-o", out],
                       capture_output=True, timeout=1800)
    with open(out, encoding="utf-8", errors="replace") as f:
        text = f.read()
    m = re.search(r"SZ\[(\d+)\]", text)
    size = int(m.group(1)) if m else 19
    return [(c, vertex(p, size)) for c, p in re.findall(r";([BW])\[([a-z]{0,2})\]", text)]


def near(a, b):
    """Whether vertices a and b are within two lines of each other."""
    (ax, ay), (bx, by) = parse_vertex(a), parse_vertex(b)
    return abs(ax - bx) <= 2 and abs(ay - by) <= 2


def differing_points(diff_file):
    """Record name -> [(vertex, weiqi's mark, GNU Go's mark)] from a
    count_diff.py report."""
    out = collections.OrderedDict()
    name = None
    with open(diff_file, encoding="utf-8") as f:
        for line in f:
            if " recorded " in line and not line.startswith(" "):
                name = line.split()[0]
                out[name] = []
            elif name and "points (engine/other):" in line:
                out[name] = re.findall(r"([A-T]\d+):(\w|-)/(\w|-)", line)
    return out


def classify(moves, point, weiqi_mark):
    """One point's kind (see the module documentation)."""
    played = [i for i, (_, v) in enumerate(moves) if v == point]
    if not played:
        return "not played"
    i = played[0]
    colour = moves[i][0].lower()
    side = "owner" if colour == weiqi_mark else "opponent"
    end = next((k for k in range(1, len(moves)) if moves[k][1] is None and moves[k - 1][1] is None),
               len(moves))
    phase = "genmove" if i < end else "aftermath"
    prev = moves[i - 1] if i > 0 else None
    answer = prev is not None and prev[1] is not None and prev[0] != moves[i][0] and near(prev[1], point)
    return "%s, %s, %s" % (side, phase, "answer" if answer else "unprompted")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--diff", required=True, help="a count_diff.py report (weiqi against GNU Go)")
    ap.add_argument("--data", default=DATA, help="the set of records (default: the Fox set)")
    ap.add_argument("--gnugo", default="/usr/games/gnugo", help="the GNU Go binary")
    ap.add_argument("--cache", help="directory for GNU Go's output files (kept)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="records at once")
    args = ap.parse_args()

    cache = args.cache or tempfile.mkdtemp(prefix="gnugo-finish-")
    os.makedirs(cache, exist_ok=True)
    table = differing_points(args.diff)

    def run(name):
        path = os.path.join(args.data, "games", name)
        return finishing_moves(args.gnugo, path, os.path.join(cache, name))

    names = [n for n, pts in table.items() if pts]
    with ThreadPoolExecutor(max(1, args.jobs)) as ex:
        played = dict(zip(names, ex.map(run, names)))

    kinds = collections.Counter()
    for name in names:
        rows = []
        for point, mine, theirs in table[name]:
            kind = classify(played[name], point, mine) if mine in "bw" else "-"
            kinds["%s/%s %s" % (mine, theirs, kind)] += 1
            rows.append("%s:%s/%s %s" % (point, mine, theirs, kind))
        print("%s  %s" % (name, "; ".join(rows)))
    print("gnugo_finish: %d records; points by kind:" % len(names))
    for kind, n in kinds.most_common():
        print("  %4d  %s" % (n, kind))


if __name__ == "__main__":
    main()
