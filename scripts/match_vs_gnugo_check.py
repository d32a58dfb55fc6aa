#!/usr/bin/env python3
"""Checks a `weiqi match` against GNU Go's own count.

For every game of the results table that ended by the count after two
passes, loads the game's SGF (written by `weiqi match --sgf-dir`) into a
fresh GNU Go under Chinese rules (`loadsgf`, which takes komi and handicap
from the file) and asks `final_score`; the referee's result (the SGF's RE,
also in the table) must be the same.  Games decided otherwise (resignation,
time, forfeit, void) are listed but have no count to compare.

GNU Go's count is not a reference for every position. Three games of
this match, kept in gtp-tests/sgf/match-*.sgf with the referee's counts
checked in gtp-tests/score.tst, show where it goes wrong: it counted a
seki dead (twice, once turning the winner), the eyes beside a seki as
dame, and a stone dead that positional superko keeps alive (GNU Go plays
simple ko). So:
  * a game with a seki (either program lists seki stones) is shown with
    both counts and both seki lists, and not compared;
  * in the other games the winner must be the same, and the margin may
    differ in at most --max-disputes of them;
every difference is printed with both sides' dead stones (the referee's
with --engine) for a person to judge.

    python3 scripts/match_vs_gnugo_check.py --results r.tsv --sgf-dir dir \
        [--gnugo "/usr/games/gnugo --mode gtp --chinese-rules"] \
        [--engine "target/release/weiqi"] [--max-disputes 0] [--min-scored 1]

Exit status 0 when every compared game agrees but at most --max-disputes
that have the same winner, and at least --min-scored games ended by the
count; 1 otherwise.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtp_client import GtpError, GtpProcess  # noqa: E402


def read_table(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("game\t"):
                continue
            fields = line.split("\t")
            rows.append({
                "game": int(fields[0]),
                "black": fields[1],
                "white": fields[2],
                "result": fields[3],
                "reason": fields[4],
                "moves": int(fields[5]),
            })
    return rows


def normalise(result):
    """B+3.0 and B+3 are the same; 0 and Draw/Jigo too."""
    result = result.strip()
    if result in ("0", "Draw", "Jigo", "B+0", "W+0"):
        return "0"
    m = re.fullmatch(r"([BW])\+([0-9.]+)", result)
    if not m:
        return result
    return "%s+%g" % (m.group(1), float(m.group(2)))


def winner(result):
    return result[0] if result[:2] in ("B+", "W+") else "0"


def status_list(cmdline, name, path, status):
    """`final_status_list STATUS` of the game at `path`, as `cmdline` sees
    it, on one line; "" for none."""
    p = GtpProcess(cmdline, name=name, timeout=120)
    try:
        if not p.cmd("loadsgf %s" % os.path.abspath(path)).ok:
            raise GtpError("%s cannot load %s" % (name, path))
        return " ".join(p.cmd("final_status_list %s" % status).text.split())
    finally:
        p.quit()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--sgf-dir", required=True)
    ap.add_argument("--gnugo", default="gnugo --mode gtp --chinese-rules")
    ap.add_argument("--engine", default=None,
                    help="weiqi's command, to print its dead stones in a dispute")
    ap.add_argument("--max-disputes", type=int, default=0,
                    help="counted games whose margin may differ (same winner)")
    ap.add_argument("--min-scored", type=int, default=1,
                    help="fail when fewer games were counted")
    args = ap.parse_args()

    rows = read_table(args.results)
    scored = agree = sekis = 0
    failures, disputes = [], []
    for row in rows:
        path = os.path.join(args.sgf_dir, "game-%04d.sgf" % row["game"])
        label = "game %d (%s vs %s, %d moves)" % (
            row["game"], row["black"], row["white"], row["moves"])
        if row["reason"] != "score":
            print("%s: %s by %s, no count to compare" % (label, row["result"], row["reason"]))
            continue
        scored += 1
        # One GNU Go for the game: its count, its seki and its dead stones.
        gnugo = GtpProcess(args.gnugo, name="gnugo", timeout=120)
        try:
            r = gnugo.cmd("loadsgf %s" % os.path.abspath(path))
            if not r.ok:
                failures.append("%s: gnugo cannot load %s: %s" % (label, path, r.text))
                continue
            theirs = normalise(gnugo.cmd("final_score").text)
            seki = {"GNU Go": " ".join(gnugo.cmd("final_status_list seki").text.split())}
            gnugo_dead = " ".join(gnugo.cmd("final_status_list dead").text.split())
            if args.engine:
                seki["referee"] = status_list(args.engine, "weiqi", path, "seki")
        except GtpError as e:
            failures.append("%s: %s" % (label, e))
            continue
        finally:
            gnugo.quit()
        ours = normalise(row["result"])
        if any(seki.values()):
            sekis += 1
            print("%s: referee %s, GNU Go %s; a seki (%s), not compared" % (
                label, ours, theirs,
                "; ".join("%s: %s" % (k, v or "none") for k, v in seki.items())))
            continue
        if ours == theirs:
            agree += 1
            print("%s: referee %s, GNU Go %s: agree" % (label, ours, theirs))
            continue
        dispute = "%s: referee %s, GNU Go final_score %s" % (label, ours, theirs)
        dispute += "; dead stones: GNU Go %s" % (gnugo_dead or "none")
        try:
            if args.engine:
                dispute += ", referee %s" % (
                    status_list(args.engine, "weiqi", path, "dead") or "none")
        except GtpError as e:
            dispute += "; %s" % e
        if winner(ours) == winner(theirs):
            disputes.append(dispute)
        else:
            failures.append(dispute + " (not the same winner)")
    for d in disputes:
        print("DIFFERENT MARGIN " + d)
    if len(disputes) > args.max_disputes:
        failures.append("%d games differ in the margin, more than the %d allowed"
                        % (len(disputes), args.max_disputes))
    for f in failures:
        print("DISAGREE " + f)
    print("match_vs_gnugo_check: %d games, %d counted, %d with a seki, %d agree, "
          "%d with the same winner only" % (len(rows), scored, sekis, agree, len(disputes)))
    if failures or scored < args.min_scored:
        if scored < args.min_scored:
            print("fewer than %d counted games" % args.min_scored)
        sys.exit(1)


if __name__ == "__main__":
    main()
