#!/usr/bin/env python3
"""The count of a game record as a text diagram: weiqi's dead stones,
territory, dame and teire, and beside it GNU Go's, to see at a glance
where two counts (or a count and the players' result) part.

    python3 scripts/count_diagram.py --engine target/release/weiqi \\
        --rules japanese --komi 5.5 GAME.sgf
    python3 scripts/count_diagram.py --engine target/release/weiqi \\
        --gnugo /usr/games/gnugo --rules japanese GAME.sgf

Each engine gets `loadsgf`, the rules, `komi`, `final_score` and
`final_status_list` dead / black_territory / white_territory / dame
(weiqi also `weiqi-score`, for its teire). In the diagram: X O stones,
x o dead stones, b w territory, * dame, ! a teire (weiqi only: GNU Go
lists its teire among the dame), . anything else. The last moves of the
record are listed under it, so the side to move is known.
"""

import argparse
import re
import shlex
import sys

from gtp_client import COLS, GtpProcess


def count(cmdline, gnugo, path, rules, komi):
    """(result, marks {vertex: char}, stones {vertex: 'X'|'O'}, extra lines)."""
    engine = GtpProcess(cmdline, timeout=600.0)
    engine.start()
    try:
        setup = [] if gnugo else ["kata-set-rules %s" % rules]
        komi_cmd = ["komi %s" % komi] if komi is not None else []
        questions = ["final_score"] + ["final_status_list %s" % s for s in
                                       ("dead", "black_territory", "white_territory", "dame")]
        extra = [] if gnugo else ["weiqi-score"]
        replies = engine.cmds(["loadsgf %s" % path] + setup + komi_cmd + questions + extra
                              + ["showboard"])
    finally:
        engine.quit()
    for r in replies:
        if not r.ok:
            sys.exit("count_diagram: %s answered: %s" % (cmdline, r.text))
    board = replies[-1].raw.split("\n")
    header = next(l.split() for l in board if l.split() and all(len(t) == 1 and t.isalpha()
                                                                    for t in l.split()))
    stones = {}
    for line in board:
        t = line.split()
        if len(t) > len(header) and t[0].isdigit():
            for col, cell in enumerate(t[1:1 + len(header)]):
                if cell in "XO":
                    stones["%s%s" % (COLS[col], t[0])] = cell
    first = 1 + len(setup) + len(komi_cmd)
    result, dead, black, white, dame = (r.text for r in replies[first:first + 5])
    marks = {}
    for v in dame.split():
        marks[v.upper()] = "*"
    for v in black.split():
        marks[v.upper()] = "b"
    for v in white.split():
        marks[v.upper()] = "w"
    for v in dead.split():
        v = v.upper()
        marks[v] = stones.get(v, "?").lower()
    lines = []
    if extra:
        score = replies[-2].text
        lines = [l for l in score.split("\n") if l.startswith(("dame:", "teire:", "territory:"))]
        m = re.search(r"teire: black \d+ ?\(?([A-Z0-9 ]*)\)?, white \d+ ?\(?([A-Z0-9 ]*)\)?", score)
        if m:
            for v in (m.group(1) + " " + m.group(2)).split():
                marks[v] = "!"
    return result, marks, stones, lines, len(header)


def diagram(size, marks, stones):
    rows = []
    for row in range(size, 0, -1):
        cells = []
        for col in range(size):
            v = "%s%d" % (COLS[col], row)
            cells.append(marks.get(v, stones.get(v, ".")))
        rows.append("%2d %s" % (row, " ".join(cells)))
    return ["   " + " ".join(COLS[:size])] + rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sgf", help="the game record")
    ap.add_argument("--engine", required=True, help="weiqi")
    ap.add_argument("--gnugo", help="GNU Go, to draw its count beside weiqi's")
    ap.add_argument("--rules", default="japanese", help="rules for weiqi (GNU Go: --japanese-rules "
                    "or --chinese-rules from this); default japanese")
    ap.add_argument("--komi", type=float, help="komi (default: the record's)")
    args = ap.parse_args()

    result, marks, stones, lines, size = count(shlex.quote(args.engine), False, args.sgf, args.rules,
                                                args.komi)
    left = diagram(size, marks, stones)
    print("weiqi: %s" % result)
    for l in lines:
        print("  " + l)
    if args.gnugo:
        flag = "--japanese-rules" if args.rules.startswith(("jap", "kor")) else "--chinese-rules"
        g_result, g_marks, g_stones, _, _ = count("%s --mode gtp %s" % (shlex.quote(args.gnugo), flag), True, args.sgf,
                                               args.rules, args.komi)
        print("GNU Go: %s" % g_result)
        right = diagram(size, g_marks, g_stones)
        left = ["%s    %s" % (a, b) for a, b in zip(left, right)]
    print("\n".join(left))
    with open(args.sgf, encoding="utf-8", errors="replace") as f:
        moves = re.findall(r";\s*([BW])\[([a-s]{0,2})\]", f.read())
    tail = []
    for color, m in moves[-6:]:
        tail.append(color + ("pass" if not m else "%s%d" % (COLS[ord(m[0]) - 97],
                                                            size - (ord(m[1]) - 97))))
    print("last moves: %s" % " ".join(tail))


if __name__ == "__main__":
    main()
