#!/usr/bin/env python3
"""Where two counts of the same records differ: weiqi against GNU Go, or
weiqi against another build of itself.

For each record of a set laid out as tests/data/fox-pro (games/ and
results.tsv), both engines get

    loadsgf FILE, (rules: japanese), komi K, final_score,
    final_status_list dead / black_territory / white_territory / dame

and the script prints, for every record on which the two results differ
(or every record with --all), the recorded result, both counts, the
stones one engine calls dead and the other does not, and the empty points
they give to different owners ("b" Black's territory, "w" White's, "d"
dame or teire, "-" none of these). A summary of the kinds of point
differences ends the output.

    python3 scripts/count_diff.py --engine target/release/weiqi \\
        --other /usr/games/gnugo --other-gnugo --data /tmp/older \\
        --records names.txt

--records FILE restricts the run to the file names listed in FILE (one a
line, as printed by pro_records.py --list). GNU Go takes about two seconds
a 19x19 record.
"""

import argparse
import collections
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from pro_records import DATA, records
QUESTIONS = [
    "final_score",
    "final_status_list dead",
    "final_status_list black_territory",
    "final_status_list white_territory",
    "final_status_list dame",
]


def ask(engine, gnugo, path, komi):
    """The answers to QUESTIONS, or None when the engine fails."""
    if gnugo:
        cmd, setup = [engine, "--mode", "gtp", "--japanese-rules"], []
    else:
        cmd, setup = [engine], ["kata-set-rules japanese"]
    lines = ["loadsgf " + path] + setup + ["komi %s" % komi] + QUESTIONS
    try:
        out = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True,
                             text=True, timeout=600).stdout
    except subprocess.TimeoutExpired:
        return None
    answers = [block[1:].strip() for block in out.strip("\n").split("\n\n")]
    if len(answers) < len(lines) or any(a.startswith("?") for a in answers):
        return None
    return answers[-len(QUESTIONS):]


def owners(answers):
    """Point -> 'b', 'w' or 'd' for the empty points the engine lists."""
    out = {}
    for mark, text in zip("bwd", answers[2:5]):
        for p in text.split():
            out[p] = mark
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="weiqi (or any engine with kata-set-rules)")
    ap.add_argument("--other", required=True, help="the engine to compare with")
    ap.add_argument("--other-gnugo", action="store_true", help="the other engine is GNU Go")
    ap.add_argument("--data", default=DATA, help="the set of records (default: the Fox set)")
    ap.add_argument("--records", help="a file listing the records to compare (default: all)")
    ap.add_argument("--all", action="store_true", help="print records whose results agree too")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="records at once")
    args = ap.parse_args()

    table = list(records(args.data))
    if args.records:
        with open(args.records, encoding="utf-8") as f:
            wanted = {l.split()[0] for l in f if l.strip()}
        table = [r for r in table if r[0] in wanted]

    def both(row):
        name, komi, _ = row
        path = os.path.join(args.data, "games", name)
        return ask(args.engine, False, path, komi), ask(args.other, args.other_gnugo, path, komi)

    with ThreadPoolExecutor(max(1, args.jobs)) as ex:
        results = list(ex.map(both, table))

    kinds = collections.Counter()
    for (name, _, recorded), (a, b) in zip(table, results):
        if a is None or b is None:
            print("%s  failed (%s)" % (name, "engine" if a is None else "other"))
            continue
        if a[0] == b[0] and not args.all:
            continue
        dead_a, dead_b = set(a[1].split()), set(b[1].split())
        own_a, own_b = owners(a), owners(b)
        points = sorted(p for p in set(own_a) | set(own_b)
                        if p not in dead_a | dead_b and own_a.get(p, "-") != own_b.get(p, "-"))
        for p in points:
            kinds[own_a.get(p, "-") + own_b.get(p, "-")] += 1
        print("%s  recorded %s  engine %s  other %s" % (name, recorded, a[0], b[0]))
        if dead_a != dead_b:
            print("    dead only to the engine: %s" % " ".join(sorted(dead_a - dead_b)))
            print("    dead only to the other:  %s" % " ".join(sorted(dead_b - dead_a)))
        if points:
            print("    points (engine/other): %s" % " ".join(
                "%s:%s/%s" % (p, own_a.get(p, "-"), own_b.get(p, "-")) for p in points))
    print("count_diff: point differences by kind (engine/other): %s" % ", ".join(
        "%s/%s %d" % (k[0], k[1], n) for k, n in kinds.most_common()), file=sys.stderr)


if __name__ == "__main__":
    main()
