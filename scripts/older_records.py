#!/usr/bin/env python3
"""Build the set of older professional records used to check the count.

The records come from Andries Brouwer's collection of Japanese professional
games as held in the public repository shiofreecss/Gosei (commit 926c6cc,
folder public/games). No licence is stated for the records, so they are not
copied into this repository; this script rebuilds the same set from a clone:

    git clone https://github.com/shiofreecss/Gosei && git -C Gosei checkout 926c6cc
    python3 scripts/older_records.py --repo Gosei --out /tmp/older
    python3 scripts/pro_records.py --engine target/release/weiqi --data /tmp/older

What is kept (deterministic, same set on every machine):
- 19x19, komi 4.5 or 5.5 (--komi chooses others: "0,5" gives the games
  without komi of the 1940s and 1950s and the komi-5 games of the 1960s,
  where a drawn game is possible), no handicap, a result with a counted
  margin (B+3.5, W+0.5, B+3; a draw, RE[Jigo] or RE[0], kept as 0; no
  resignations, no time losses), dated 1939 to 1999;
- Japanese events only: the folders of international and Chinese events
  (Chinese or Korean rules, pair go, amateur games) are left out, and so is
  any record whose RU says other rules;
- at least 100 moves; byte-identical files and the same players on the same
  date counted once;
- the first --count (1000) of those in the order of the SHA-1 of their path.

The set is laid out as tests/data/fox-pro: OUT/games/*.sgf and
OUT/results.tsv (file, komi, result).
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys

COMMIT = "926c6cc"
FOREIGN = {
    "AsianTV", "CJGoExchange", "CJShuko", "CJSuperGo", "Chunlan", "EastWest",
    "Kirin", "LG", "ProAma", "ProPairgo", "Samsung", "WCont", "misc",
}
MARGIN = re.compile(r"^[BW]\+\d+(\.\d+)?$")
DRAW = {"0", "jigo", "draw"}


def prop(text, key):
    m = re.search(r"(?<![A-Z])" + key + r"\[([^\]]*)\]", text)
    return m.group(1).strip() if m else None


def wanted(text, komis):
    """(komi, result) when the record belongs in the set, else None."""
    if (prop(text, "SZ") or "19") != "19" or prop(text, "HA"):
        return None
    try:
        komi = float(prop(text, "KM") or "")
    except ValueError:
        return None
    result = prop(text, "RE") or ""
    year = re.match(r"(\d{4})", prop(text, "DT") or "")
    rules = (prop(text, "RU") or "japanese").lower()
    if result.lower() in DRAW and komi == int(komi):
        result = "0"
    if komi not in komis or not (MARGIN.match(result) or result == "0") or not year:
        return None
    if not 1939 <= int(year.group(1)) <= 1999 or not rules.startswith("jap"):
        return None
    if len(re.findall(r";\s*[BW]\[", text)) < 100:
        return None
    return komi, result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", required=True, help="a clone of shiofreecss/Gosei (any checkout)")
    ap.add_argument("--out", required=True, help="the folder to write games/ and results.tsv into")
    ap.add_argument("--count", type=int, default=1000, help="how many records to keep")
    ap.add_argument("--komi", default="4.5,5.5", help="the komi values kept, comma-separated")
    args = ap.parse_args()
    komis = {float(k) for k in args.komi.split(",")}

    git = ["git", "-C", args.repo]
    listing = subprocess.run(git + ["ls-tree", "-r", COMMIT, "public/games"],
                             capture_output=True, text=True, check=True).stdout
    files = []
    for line in listing.splitlines():
        meta, path = line.split("\t", 1)
        parts = path.split("/")
        if path.lower().endswith(".sgf") and len(parts) > 3 and parts[2] not in FOREIGN:
            files.append((hashlib.sha1(path.encode()).hexdigest(), meta.split()[2], path))
    files.sort()

    os.makedirs(os.path.join(args.out, "games"), exist_ok=True)
    seen_bytes, seen_game, kept = set(), set(), []
    for _, blob, path in files:
        data = subprocess.run(git + ["cat-file", "blob", blob], capture_output=True, check=True).stdout
        text = data.decode("utf-8", "replace")
        found = wanted(text, komis)
        digest = hashlib.md5(data).hexdigest()
        game = (prop(text, "PB"), prop(text, "PW"), prop(text, "DT"))
        if not found or digest in seen_bytes or game in seen_game:
            continue
        seen_bytes.add(digest)
        seen_game.add(game)
        name = path.split("/", 2)[2].replace("/", "_")
        with open(os.path.join(args.out, "games", name), "wb") as f:
            f.write(data)
        kept.append((name,) + found)
        if len(kept) == args.count:
            break
    with open(os.path.join(args.out, "results.tsv"), "w", encoding="utf-8") as f:
        f.write("file\tkomi\tresult\n")
        for name, komi, result in kept:
            f.write(f"{name}\t{komi}\t{result}\n")
    print(f"older_records: {len(kept)} records in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
