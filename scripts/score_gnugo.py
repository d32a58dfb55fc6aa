#!/usr/bin/env python3
"""Final score of weiqi vs GNU Go on games GNU Go plays to the end.

    python3 scripts/score_gnugo.py --engine target/release/weiqi \
        --games9 50 --games19 20 --rules chinese,japanese

Two GNU Go instances (levels --levels9 on 9x9, --levels19 on 19x19, by
default both level 10, GNU Go's own default: weaker levels pass with
borders still open; different random seeds per game, colours alternating)
play each game until two passes in a row (or a resignation, which is
skipped, or --max-moves).
The finished game is then scored for every rules name in --rules:

* `chinese`: a GNU Go scorer started with `--chinese-rules` (area counting),
  komi 7.5; weiqi gets `kata-set-rules chinese`, `komi 7.5`;
* `japanese`: a GNU Go scorer with its default rules (territory counting),
  komi 6.5; weiqi gets `kata-set-rules japanese`, `komi 6.5`.

Both get `boardsize`, `clear_board`, `komi` and every move as `play`, then
`final_score` (GNU Go's comes from its own dead-stone analysis). Each
disagreement is printed with both `final_status_list dead` replies and the
game as an SGF move list.

--record FILE appends every finished game (moves and GNU Go's scores) as a
JSON line; --replay FILE (repeatable) scores recorded games without playing
new ones (GNU Go is then not needed), which makes re-checking after a change
fast. The games behind the README's figures are in scripts/score_records/.
--gnugo-only plays and records without starting weiqi (a blind sample, to
be scored later with --replay).

Prints `score_gnugo: N agree, M disagree`; exit code 1 when agreement is
below --min-agreement (default 98%).
"""

import argparse
import json
import sys
import time

from gtp_client import GtpError, GtpProcess, parse_vertex

RULES = {
    # name: (GNU Go option, komi)
    "chinese": ("--chinese-rules", "7.5"),
    "japanese": ("", "6.5"),
}


def norm_move(text):
    t = text.strip().upper()
    if t in ("PASS", "RESIGN"):
        return t
    if len(t) >= 2 and t[0].isalpha() and t[1:].isdigit():
        return t
    return None


def sgf_moves(size, moves):
    letters = "abcdefghijklmnopqrstuvwxy"
    out = []
    for color, mv in moves:
        if mv == "PASS":
            out.append(";%s[]" % color)
        else:
            x, y = parse_vertex(mv)
            out.append(";%s[%s%s]" % (color, letters[x], letters[size - 1 - y]))
    return "(;GM[1]FF[4]SZ[%d]%s)" % (size, "".join(out))


def norm_score(text):
    """GNU Go writes `B+3.5`, `W+12.0`? and `0`; compare numerically."""
    t = text.strip().upper()
    if t in ("0", "JIGO", "DRAW"):
        return ("0", 0.0)
    if len(t) > 2 and t[0] in "BW" and t[1] == "+":
        try:
            return (t[0], float(t[2:]))
        except ValueError:
            pass
    return (t, None)


def play_game(size, levels, seed, komi, args, players):
    """Two GNU Go players; returns the move list or None (resigned)."""
    pa, pb = players
    black, white = (pa, pb) if seed % 2 == 0 else (pb, pa)
    setup = ["boardsize %d" % size, "clear_board", "komi %s" % komi]
    for i, p in enumerate((black, white)):
        cmds = setup + ["set_random_seed %d" % (seed * 2 + i)]
        for c, r in zip(cmds, p.cmds(cmds)):
            if not r.ok:
                raise GtpError("%s answered %r to %r" % (p.name, r, c))
    players = {"B": black, "W": white}
    color, passes, moves = "B", 0, []
    while len(moves) < args.max_moves:
        mover, other = players[color], players["W" if color == "B" else "B"]
        r = mover.cmd("genmove %s" % color.lower(), timeout=args.genmove_timeout)
        mv = norm_move(r.text) if r.ok else None
        if mv is None:
            raise GtpError("%s: bad genmove reply %r" % (mover.name, r))
        if mv == "RESIGN":
            return None
        r = other.cmd("play %s %s" % (color, mv))
        if not r.ok:
            raise GtpError("%s refused %s %s: %r" % (other.name, color, mv, r))
        moves.append((color, mv))
        passes = passes + 1 if mv == "PASS" else 0
        if passes >= 2:
            return moves
        color = "W" if color == "B" else "B"
    return None


def score_with(proc, size, komi, moves, pre=()):
    cmds = list(pre) + ["boardsize %d" % size, "clear_board", "komi %s" % komi]
    cmds += ["play %s %s" % (c, m) for c, m in moves]
    replies = proc.cmds(cmds, timeout=600)
    for c, r in zip(cmds, replies):
        if not r.ok:
            raise GtpError("%s answered %r to %r" % (proc.name, r, c))
    score, dead = proc.cmds(["final_score", "final_status_list dead"], timeout=600)
    return score.text if score.ok else "? " + score.text, " ".join(dead.text.split())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/weiqi")
    ap.add_argument("--gnugo", default="gnugo --mode gtp")
    ap.add_argument("--games9", type=int, default=50)
    ap.add_argument("--games19", type=int, default=20)
    ap.add_argument("--rules", default="chinese,japanese",
                    help="comma-separated: chinese (area), japanese (territory)")
    ap.add_argument("--player-rules", default="chinese", choices=sorted(RULES),
                    help="rules the two GNU Go players play under (default: "
                    "%(default)s, so that they fill the dame and close every "
                    "border before passing)")
    ap.add_argument("--levels9", default="10,10")
    ap.add_argument("--levels19", default="10,10")
    ap.add_argument("--seed", type=int, default=11,
                    help="game seeds are SEED*100000 + size*1000 + n")
    ap.add_argument("--max-moves", type=int, default=600)
    ap.add_argument("--genmove-timeout", type=float, default=300.0)
    ap.add_argument("--record", help="append finished games to this JSONL file")
    ap.add_argument("--replay", action="append", metavar="FILE",
                    help="score the games of this JSONL file instead of playing "
                    "(may be given more than once)")
    ap.add_argument("--min-agreement", type=float, default=98.0)
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    ap.add_argument("--gnugo-only", action="store_true",
                    help="play and record games with GNU Go's scores only; do not "
                    "start weiqi (a blind sample, to be scored later with --replay)")
    args = ap.parse_args()

    if args.gnugo_only and args.replay:
        ap.error("--gnugo-only plays new games; it cannot be used with --replay")
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    for r in rules:
        if r not in RULES:
            ap.error("unknown rules %r (chinese, japanese)" % r)

    t0 = time.monotonic()
    engine = None if args.gnugo_only else GtpProcess(args.engine, "weiqi", 600)
    games = []
    for path in args.replay or []:
        with open(path) as f:
            games += [json.loads(line) for line in f if line.strip()]
    scorers = {}

    def gnugo_scores(size, moves):
        out = {}
        for r in rules:
            if r not in scorers:
                opt, _ = RULES[r]
                scorers[r] = GtpProcess("%s %s" % (args.gnugo, opt), "gnugo-" + r, 600)
            out[r] = score_with(scorers[r], size, RULES[r][1], moves)
        return out

    def new_games():
        for size, count, levels in ((9, args.games9, args.levels9),
                                    (19, args.games19, args.levels19)):
            if count <= 0:
                continue
            l1, l2 = [int(x) for x in levels.split(",")]
            opt = RULES[args.player_rules][0]
            players = (GtpProcess("%s --level %d %s" % (args.gnugo, l1, opt), "gnugo-L%d" % l1, 600),
                       GtpProcess("%s --level %d %s" % (args.gnugo, l2, opt), "gnugo-L%d" % l2, 600))
            done, seed = 0, args.seed * 100000 + size * 1000
            while done < count:
                seed += 1
                g0 = time.monotonic()
                moves = play_game(size, levels, seed, RULES[args.player_rules][1], args, players)
                if moves is None:
                    continue
                game = {"size": size, "seed": seed, "levels": levels,
                        "player_rules": args.player_rules,
                        "moves": moves, "gnugo": gnugo_scores(size, moves),
                        "seconds": round(time.monotonic() - g0, 1)}
                if args.record:
                    with open(args.record, "a") as f:
                        f.write(json.dumps(game) + "\n")
                done += 1
                yield game
            for p in players:
                p.quit()

    agree = disagree = recorded = 0
    stream = iter(games) if args.replay else new_games()
    for n, game in enumerate(stream):
        size, moves = game["size"], [tuple(m) for m in game["moves"]]
        if engine is None:
            print("game %3d %2dx%-2d seed %d recorded (%d moves)"
                  % (n, size, size, game["seed"], len(moves)), flush=True)
            recorded += 1
            continue
        for r in rules:
            ref = game["gnugo"].get(r)
            if ref is None:
                continue
            w_score, w_dead = score_with(engine, size, RULES[r][1], moves,
                                         pre=["kata-set-rules %s" % r])
            same = norm_score(w_score) == norm_score(ref[0])
            if same:
                agree += 1
            else:
                disagree += 1
            if not args.quiet or not same:
                print("game %3d %2dx%-2d seed %d %-8s %3d moves: weiqi %-7s gnugo %-7s %s"
                      % (n, size, size, game["seed"], r, len(moves), w_score, ref[0],
                         "" if same else "DISAGREE"), flush=True)
            if not same:
                print("  dead (weiqi): %s\n  dead (gnugo): %s\n  %s"
                      % (w_dead or "-", ref[1] or "-", sgf_moves(size, moves)), flush=True)
    if engine is not None:
        engine.quit()
    for p in scorers.values():
        p.quit()
    if engine is None:
        print("score_gnugo: recorded %d games with GNU Go's scores (weiqi not run)" % recorded)
        return 0
    total = agree + disagree
    pct = 100.0 * agree / total if total else 100.0
    print("  %.1fs, agreement %.1f%%" % (time.monotonic() - t0, pct))
    print("score_gnugo: %d agree, %d disagree" % (agree, disagree))
    return 0 if pct >= args.min_agreement else 1


if __name__ == "__main__":
    sys.exit(main())
