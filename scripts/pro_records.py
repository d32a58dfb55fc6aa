#!/usr/bin/env python3
"""Count real professional endings and compare with the players' result.

The records are in tests/data/fox-pro/ (505 games of professionals on the
Fox server, counted under Japanese rules by the players; see its README).
For every record the engine gets, over GTP:

    loadsgf FILE
    kata-set-rules japanese     (weiqi only; GNU Go gets --japanese-rules)
    komi K
    final_score

(Pachi has no loadsgf: with --pachi it gets `-r japanese` on its command
line and the record's setup stones and moves as `play` commands after
`boardsize`, `clear_board` and `komi`.)

and the answer is compared with the recorded result: is the winner right,
and is the margin exact. It prints the two rates and the sum of the
counting errors (points, over the records that got a score), and with
--list every record counted differently. With --against LIST (the --list
output of an earlier run, e.g. of the build before a change) it also
prints every record whose count moved, closer to the players' or further
from them, and how many went each way: a change to the count is judged
record by record, not only by the rates.

    python3 scripts/pro_records.py --engine target/release/weiqi
    python3 scripts/pro_records.py --engine /usr/games/gnugo --gnugo
    python3 scripts/pro_records.py --engine /path/to/pachi --pachi
    python3 scripts/pro_records.py --engine target/release/weiqi \\
        --min-winner 98.8 --min-exact 89.9      # as .ci/run does
    python3 scripts/pro_records.py --engine target/release/weiqi \\
        --list > after.txt --against before.txt # what a change moved

--data DIR counts another set laid out the same way (DIR/games/ and
DIR/results.tsv whose first three columns are file, komi, result; a
header line starting with "file" is skipped), such as a set of older
records kept outside the repository.

Exit status 1 when a --min-* rate is not reached.
"""

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtp_client import vertex  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "tests", "data", "fox-pro")
RESULT = re.compile(r"^([BW])\+([0-9.]+)$")


def gtp_vertex(sgf_point, size):
    """An SGF point ("dp") as a GTP vertex ("D16"); "" or "tt" is a pass."""
    if sgf_point == "" or (sgf_point == "tt" and size <= 19):
        return "pass"
    col, row = ord(sgf_point[0]) - ord("a"), ord(sgf_point[1]) - ord("a")
    return vertex(col, size - 1 - row)


def replay_commands(path):
    """The record at `path` as GTP commands for an engine without loadsgf:
    boardsize, clear_board, the root's setup stones and the moves, each a
    `play`. Records with variations are refused (None): only a plain main
    line is read."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if text.count("(;") != 1:
        return None
    size_match = re.search(r"SZ\[(\d+)\]", text)
    size = int(size_match.group(1)) if size_match else 19
    lines = ["boardsize %d" % size, "clear_board"]
    for tag, color in (("AB", "b"), ("AW", "w")):
        setup = re.search(r"\b" + tag + r"((?:\[[a-z]{2}\]\s*)+)", text)
        if setup:
            for point in re.findall(r"\[([a-z]{2})\]", setup.group(1)):
                lines.append("play %s %s" % (color, gtp_vertex(point, size)))
    for color, point in re.findall(r";\s*([BW])\[([a-z]{0,2})\]", text):
        lines.append("play %s %s" % (color.lower(), gtp_vertex(point, size)))
    return lines


def signed(result):
    """B+3.5 -> 3.5, W+3.5 -> -3.5, 0 -> 0.0, anything else -> None."""
    if result in ("0", "Draw", "draw"):
        return 0.0
    m = RESULT.match(result)
    if not m:
        return None
    v = float(m.group(2))
    return v if m.group(1) == "B" else -v


def records(data):
    with open(os.path.join(data, "results.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("file\t") or not line.strip():
                continue
            name, komi, result = line.rstrip("\n").split("\t")[:3]
            yield name, float(komi), result


def count(engine, kind, data, name, komi):
    path = os.path.join(data, "games", name)
    if kind == "pachi":
        cmd = [engine, "-r", "japanese"]
        moves = replay_commands(path)
        if moves is None:
            return "variations"
        lines = moves + ["komi %s" % komi, "final_score"]
    elif kind == "gnugo":
        cmd = [engine, "--mode", "gtp", "--japanese-rules"]
        lines = ["loadsgf " + path, "komi %s" % komi, "final_score"]
    else:
        cmd = [engine]
        lines = ["loadsgf " + path, "kata-set-rules japanese", "komi %s" % komi, "final_score"]
    try:
        out = subprocess.run(
            cmd, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=600
        ).stdout
    except subprocess.TimeoutExpired:
        return "timeout"
    answers = [l for l in out.split("\n") if l.startswith("=") or l.startswith("?")]
    if len(answers) < len(lines):
        return "no answer"
    return answers[-1][1:].strip()


LIST_LINE = re.compile(r"^(\S+)\s+recorded (\S+)\s+counted (\S*)\s+([+-]\d+(?:\.\d+)?)?")


def read_list(path):
    """An earlier run's --list output: {record: (count, signed error)},
    the error None for a record that got no score. Records not in it were
    counted exactly (error 0)."""
    counted = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = LIST_LINE.match(line)
            if m:
                error = None if m.group(4) is None else float(m.group(4))
                counted[m.group(1)] = (m.group(3), error)
    return counted


def movement(name, earlier, want, have):
    """(line, closer) for a record whose count moved since `earlier` (its
    count and signed error in the earlier run, the error None for no
    score), or None when it did not."""
    old_count, old_error = earlier
    if have is None or old_error is None:
        if have is None and old_error is None:
            return None
        if have is None:
            return ("%s  counted %s before, no score now" % (name, old_count), False)
        return ("%s  no score before, error %+.1f now" % (name, have - want), True)
    error = have - want
    if abs(error - old_error) < 1e-6:
        return None
    closer = abs(error) < abs(old_error)
    return ("%s  error %+.1f -> %+.1f  %s" % (name, old_error, error, "closer" if closer else "further"),
            closer)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="the GTP engine to run")
    ap.add_argument("--gnugo", action="store_true", help="the engine is GNU Go (its own rules flag)")
    ap.add_argument("--pachi", action="store_true",
                    help="the engine is Pachi (its own rules flag, the record replayed with play)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="records counted at once")
    ap.add_argument("--data", default=DATA, help="a set of records laid out as tests/data/fox-pro "
                    "(games/ and results.tsv: file, komi, result first); default: the Fox set")
    ap.add_argument("--list", action="store_true", help="print every record counted differently")
    ap.add_argument("--min-winner", type=float, help="fail below this winner rate (percent)")
    ap.add_argument("--min-exact", type=float, help="fail below this exact-margin rate (percent)")
    ap.add_argument("--against", metavar="LIST",
                    help="an earlier run's --list output: print the records whose count moved")
    args = ap.parse_args()
    try:
        before = read_list(args.against) if args.against else None
    except OSError as e:
        ap.error("--against: %s" % e)

    kind = "pachi" if args.pachi else "gnugo" if args.gnugo else "weiqi"
    todo = list(records(args.data))
    with ThreadPoolExecutor(max(1, args.jobs)) as ex:
        got = list(ex.map(lambda r: count(args.engine, kind, args.data, r[0], r[1]), todo))

    winner = exact = refused = 0
    errors = 0.0
    misses = []
    moved = []
    for (name, komi, result), answer in zip(todo, got):
        want, have = signed(result), signed(answer)
        if have is not None:
            errors += abs(have - want)
        if before is not None:
            change = movement(name, before.get(name, (result, 0.0)), want, have)
            if change is not None:
                moved.append(change)
        right_winner = have is not None and (want > 0) == (have > 0) and (want < 0) == (have < 0)
        right_margin = have is not None and abs(want - have) < 1e-6
        winner += right_winner
        exact += right_margin
        refused += have is None
        if not right_margin:
            diff = "" if have is None else "%+.1f" % (have - want)
            misses.append("%s  recorded %s  counted %s  %s%s" % (
                name, result, answer, diff, "" if right_winner else "  WINNER"))
    n = len(todo)
    if args.list:
        print("\n".join(misses))
    if before is not None:
        for line, _ in moved:
            print(line)
        print("pro_records: against %s: %d counts moved, %d closer, %d further" % (
            args.against, len(moved), sum(1 for _, closer in moved if closer),
            sum(1 for _, closer in moved if not closer)))
    print("pro_records: counting errors %.1f points in all" % errors)
    print("pro_records: %d records; winner right %d (%.1f%%), margin exact %d (%.1f%%)" % (
        n, winner, 100.0 * winner / n, exact, 100.0 * exact / n))
    if refused:
        print("pro_records: %d records got no score (an error, a refusal or no answer)" % refused)
    ok = True
    if args.min_winner is not None and 100.0 * winner / n < args.min_winner:
        print("pro_records: winner rate below %.1f%%" % args.min_winner)
        ok = False
    if args.min_exact is not None and 100.0 * exact / n < args.min_exact:
        print("pro_records: exact rate below %.1f%%" % args.min_exact)
        ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
