#!/usr/bin/env python3
"""Which settling rule placed each teire, and on which side the count errs
where it fires.

For every record of a set laid out as tests/data/fox-pro (games/ and
results.tsv), weiqi gets

    loadsgf FILE, kata-set-rules japanese, komi K, weiqi-score

with RUST_LOG=weiqi::life::settle=trace, and every teire that
`weiqi-score` lists is traced back to the last settling log line that
placed a stone on its point: the block behind a mouth, a chain's teire
(`add_teire`), a double-threat connection, a teire against dead stones,
the capture of a dead chain instead of a teire on it, the capture of a
dead chain in atari that makes a dame fillable (`capture_to_fill`), a
teire for life. A teire no log line accounts for is rule "?".
The count of the record is compared with the players' result, and per
rule the records it fires in are tallied as: exact, the count too good
for the teire's owner ("for owner": the rule charged him too little),
too bad ("against owner": too much), or off by more than BIG points.
A rule whose errors lean clearly one way is a rule to read again: that
is how a teire on a dead stone's point (which had to become the capture
of its chain) and double-threat connections that later stones made
unnecessary were found.

    python3 scripts/teire_rules.py --engine target/release/weiqi \\
        --data /tmp/older
    python3 scripts/teire_rules.py --engine target/release/weiqi \\
        --data /tmp/older --rule double --list

The attribution reads weiqi's debug log (src/life/settle.rs), so a
changed log message shows up here as rule "?". --list prints every
record a rule (a substring of its name) fires in.
"""

import argparse
import collections
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

from pro_records import DATA, records, signed

COLUMNS = "ABCDEFGHJKLMNOPQRST"
# The settling's log lines that place a teire, and where in the line the
# placed point(s) stand: the text after the match.
RULES = [
    ("mouth block", re.compile(r"blocks behind it at ")),
    ("double threat", re.compile(r"double threat at ")),
    ("against dead stones", re.compile(r"teire against dead stones for .*\): ")),
    ("capture of a dead chain", re.compile(r"is the capture at ")),
    ("teire for life", re.compile(r"teire for life for .*\): ")),
    ("chain teire", re.compile(r"teire for the .* chain at \(\d+, \d+\): ")),
    ("capture to fill a dame", re.compile(r"captures at ")),
]
# Text after which a log line names points that are not teire (the dame a
# capture makes fillable).
NOT_PLACED = " to fill "
POINT = re.compile(r"\((\d+), (\d+)\)")
BIG = 3.0


def vertex(x, y):
    return "%s%d" % (COLUMNS[x], y + 1)


def teire_rules(engine, path, komi):
    """The count (B minus W) and, for every teire, (colour, rule)."""
    lines = ["loadsgf " + path, "kata-set-rules japanese", "komi %s" % komi, "weiqi-score"]
    env = dict(os.environ, RUST_LOG="weiqi::life::settle=trace")
    try:
        run = subprocess.run([engine], input="\n".join(lines) + "\n", capture_output=True,
                             text=True, timeout=600, env=env)
    except subprocess.TimeoutExpired:
        return None, []
    result = re.search(r"^result: (\S+)", run.stdout, re.M)
    teire = re.search(r"^teire: black \d+ \(([^)]*)\), white \d+ \(([^)]*)\)", run.stdout, re.M)
    if not result or not teire:
        return None, []
    # The rule of the last log line that placed each point (the final
    # settling comes last).
    placed = {}
    for line in run.stderr.splitlines():
        for name, pattern in RULES:
            m = pattern.search(line)
            if m:
                for x, y in POINT.findall(line[m.end():].split(NOT_PLACED)[0]):
                    placed[vertex(int(x), int(y))] = name
                break
    out = []
    for colour, listed in (("B", teire.group(1)), ("W", teire.group(2))):
        for v in listed.split():
            out.append((colour, placed.get(v, "?")))
    return signed(result.group(1)), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--data", default=DATA)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rule", help="with --list: only rules whose name contains this")
    ap.add_argument("--list", action="store_true", help="print the records of each rule")
    args = ap.parse_args()
    recs = list(records(args.data))

    def one(rec):
        name, komi, result = rec
        counted, teire = teire_rules(args.engine, os.path.join(args.data, "games", name), komi)
        return name, signed(result), counted, teire

    tally = collections.defaultdict(collections.Counter)
    where = collections.defaultdict(list)
    with ThreadPoolExecutor(args.jobs) as pool:
        for name, recorded, counted, teire in pool.map(one, recs):
            if recorded is None or counted is None:
                continue
            diff = counted - recorded  # > 0: the count is too good for Black
            for colour, rule in sorted(set(teire)):
                if diff == 0:
                    kind = "exact"
                elif abs(diff) > BIG:
                    kind = "big"
                elif (diff > 0) == (colour == "B"):
                    kind = "for owner"
                else:
                    kind = "against owner"
                tally[rule][kind] += 1
                where[rule].append("%s %s %+.1f %s" % (name, colour, diff, kind))
    print("%-24s %7s %10s %14s %5s" % ("rule", "exact", "for owner", "against owner", "big"))
    for rule in sorted(tally, key=lambda r: -sum(tally[r].values())):
        t = tally[rule]
        print("%-24s %7d %10d %14d %5d" % (rule, t["exact"], t["for owner"], t["against owner"],
                                           t["big"]))
    if args.list:
        for rule in sorted(where):
            if args.rule and args.rule not in rule:
                continue
            print("\n%s:" % rule)
            for line in where[rule]:
                print("  " + line)


if __name__ == "__main__":
    main()
