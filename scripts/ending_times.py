#!/usr/bin/env python3
"""Time `final_score` on real 19x19 game endings.

The positions are the 27 19x19 endings of OGS's score-estimator tests
(tests/data/ogs-score-tests, real online games stopped with dame, teire
and dead stones left) and the 19x19 hand-counted endings
(tests/data/endings). Each is loaded as setup stones (`loadsgf` of a
generated SGF), then `final_score` is timed over GTP: the dead-stone
analysis, the settling and the count, uncached.

    python3 scripts/ending_times.py --engine target/release/weiqi

prints one line per position and the median and the slowest.
"""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile
import time

LETTERS = "abcdefghijklmnopqrstuvwxy"


def ogs_stones(path):
    rows, height = [], 0
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        if line.startswith("height"):
            height = int(line.split()[1])
            continue
        if line.startswith("width") or line.startswith("player"):
            continue
        rows.append([int(x) for x in line.split()])
    grid = rows[:height]
    return height, [[{1: "X", -1: "O"}.get(v, ".") for v in r] for r in grid]


def ending_stones(path):
    size, rows, board = 0, [], False
    for line in open(path):
        line = line.split("#")[0].rstrip()
        if not line.strip():
            continue
        if board:
            parts = line.split()
            if parts[0].isdigit():
                rows.append(parts[1:size + 1])
            continue
        if line.startswith("size"):
            size = int(line.split()[1])
        if line.startswith("board"):
            board = True
    return size, rows


def sgf(size, rows):
    ab = [LETTERS[c] + LETTERS[r] for r in range(size) for c in range(size) if rows[r][c] == "X"]
    aw = [LETTERS[c] + LETTERS[r] for r in range(size) for c in range(size) if rows[r][c] == "O"]
    text = "(;GM[1]FF[4]SZ[%d]" % size
    if ab:
        text += "AB" + "".join("[%s]" % p for p in ab)
    if aw:
        text += "AW" + "".join("[%s]" % p for p in aw)
    return text + ")"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/weiqi")
    ap.add_argument("--rules", default="japanese")
    args = ap.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    positions = []
    for f in sorted(glob.glob(os.path.join(root, "tests/data/ogs-score-tests/test_games/*/*.game"))):
        size, rows = ogs_stones(f)
        if size == 19:
            positions.append(("ogs " + os.path.basename(f)[:-5], size, rows))
    for f in sorted(glob.glob(os.path.join(root, "tests/data/endings/*.txt"))):
        size, rows = ending_stones(f)
        if size == 19:
            positions.append(("ending " + os.path.basename(f)[:-4], size, rows))
    eng = subprocess.Popen(args.engine.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)

    def gtp(cmd):
        eng.stdin.write(cmd + "\n")
        eng.stdin.flush()
        lines = []
        while True:
            line = eng.stdout.readline()
            if not line:
                raise SystemExit("engine closed its output")
            if line.strip() == "" and lines:
                break
            lines.append(line.strip())
        if not lines[0].startswith("="):
            raise SystemExit("%s: %s" % (cmd, " ".join(lines)))
        return " ".join(lines)[1:].strip()

    times = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "position.sgf")
        for name, size, rows in positions:
            with open(path, "w") as out:
                out.write(sgf(size, rows))
            gtp("loadsgf " + path)
            gtp("kata-set-rules " + args.rules)
            start = time.perf_counter()
            result = gtp("final_score")
            took = time.perf_counter() - start
            times.append(took)
            print("%-45s %-8s %6.0f ms" % (name, result, took * 1000))
    eng.stdin.close()
    eng.wait()
    print("%d positions: median %.0f ms, slowest %.0f ms" % (
        len(times), statistics.median(times) * 1000, max(times) * 1000))


if __name__ == "__main__":
    main()
