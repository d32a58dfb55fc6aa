#!/usr/bin/env python3
"""Strength of weiqi against GNU Go (a stand-in for `weiqi match`).

    python3 scripts/strength_gnugo.py --engine "target/release/weiqi" \\
        --level 10 --games 100

Plays weiqi against `gnugo --mode gtp --level L --chinese-rules`, 9x9,
komi 7.5 (by default), colours alternating (weiqi is Black in the even
games), driven like gogui-twogtp: `boardsize`, `clear_board`, `komi`, then
`genmove` to the side to move and `play` to the other. weiqi thinks for its
`--move-time` (default one second a move) unless --time-per-move sends
`time_settings 0 T 1` to both engines. GNU Go's `set_random_seed` varies its
games.

A game ends at two passes in a row, a resignation, or --max-moves (then it
is scored as it stands). Two-pass games are scored by GNU Go's
`final_score` (it removes dead stones); weiqi's own `final_score` is shown
beside it. An illegal move (a `?` reply to `play`) loses the game for the
side that made it, and is reported.

Prints one line per game, then the wins, the win rate with its 95% Wilson
interval, and the Elo difference implied by the win rate (with the interval
mapped through the same formula). Exit code 1 if weiqi made an illegal move.
Standard library only; uses gtp_client.py.
"""

import argparse
import math
import sys
import time

from gtp_client import GtpError, GtpProcess


def wilson(wins, n, z=1.96):
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(p):
    """Elo difference for an expected score p (clamped away from 0 and 1)."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def score_winner(text):
    """'B+3.5' -> 'B', 'W+1' -> 'W', '0' -> None."""
    t = text.strip().upper()
    if t.startswith("B+"):
        return "B"
    if t.startswith("W+"):
        return "W"
    return None


def play_game(idx, args, weiqi, gnugo):
    """Plays one game. Returns (winner 'B'/'W'/None, reason, moves, weiqi_colour,
    weiqi seconds thinking, illegal_by_weiqi)."""
    weiqi_colour = "B" if idx % 2 == 0 else "W"
    players = {weiqi_colour: weiqi, ("W" if weiqi_colour == "B" else "B"): gnugo}
    setup = ["boardsize %d" % args.size, "clear_board", "komi %s" % args.komi]
    if args.time_per_move:
        setup.append("time_settings 0 %s 1" % args.time_per_move)
    for p in (weiqi, gnugo):
        for c, r in zip(setup, p.cmds(setup)):
            if not r.ok:
                raise GtpError("%s answered %r to %r" % (p.name, r, c))
    r = gnugo.cmd("set_random_seed %d" % (args.seed * 1000 + idx))
    if not r.ok:
        raise GtpError("gnugo refused set_random_seed")

    to_move = "B"
    passes = 0
    moves = []
    think = 0.0
    while True:
        other = "W" if to_move == "B" else "B"
        mover, listener = players[to_move], players[other]
        t0 = time.monotonic()
        r = mover.cmd("genmove %s" % to_move, timeout=args.timeout)
        dt = time.monotonic() - t0
        if mover is weiqi:
            think += dt
        if not r.ok:
            raise GtpError("%s answered %r to genmove" % (mover.name, r))
        mv = r.text.strip().upper()
        if mv == "RESIGN":
            return other, "resign", len(moves), weiqi_colour, think, False
        moves.append(mv)
        rr = listener.cmd("play %s %s" % (to_move, mv))
        if not rr.ok:
            print("  game %d: %s's move %s refused by %s: %r"
                  % (idx + 1, to_move, mv, listener.name, rr), file=sys.stderr)
            return other, "illegal %s" % mv, len(moves), weiqi_colour, think, mover is weiqi
        passes = passes + 1 if mv == "PASS" else 0
        if passes >= 2 or len(moves) >= args.max_moves:
            break
        to_move = other

    g = gnugo.cmd("final_score", timeout=args.timeout)
    w = weiqi.cmd("final_score", timeout=args.timeout)
    reason = "%s (weiqi says %s)" % (g.text if g.ok else "?", w.text if w.ok else "?")
    if len(moves) >= args.max_moves and passes < 2:
        reason = "move limit; " + reason
    winner = score_winner(g.text) if g.ok else None
    return winner, reason, len(moves), weiqi_colour, think, False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/weiqi",
                    help="weiqi command line (add --threads, --move-time ...)")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7.5")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-moves", type=int, default=300)
    ap.add_argument("--time-per-move", default=None,
                    help="send 'time_settings 0 T 1' to both engines")
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args()

    weiqi = GtpProcess(args.engine, name="weiqi", timeout=args.timeout)
    gnugo = GtpProcess("%s --mode gtp --level %d --chinese-rules"
                       % (args.gnugo, args.level), name="gnugo", timeout=args.timeout)
    wins = 0
    played = 0
    illegal = 0
    think_total = 0.0
    weiqi_moves = 0
    start = time.monotonic()
    try:
        for i in range(args.games):
            winner, reason, n, colour, think, bad = play_game(i, args, weiqi, gnugo)
            played += 1
            illegal += bad
            think_total += think
            weiqi_moves += (n + (1 if colour == "B" else 0)) // 2
            won = winner == colour
            wins += won
            print("game %3d: weiqi %s, %s, %3d moves: %s" % (
                i + 1, "black" if colour == "B" else "white",
                "win " if won else "loss", n, reason), flush=True)
    finally:
        weiqi.quit()
        gnugo.quit()
    lo, hi = wilson(wins, played)
    rate = wins / played if played else 0.0
    print("weiqi vs gnugo --level %d, %dx%d komi %s: %d/%d wins = %.1f%%, "
          "95%% Wilson interval [%.1f%%, %.1f%%], Elo %+.0f [%+.0f, %+.0f]"
          % (args.level, args.size, args.size, args.komi, wins, played, 100 * rate,
             100 * lo, 100 * hi, elo(rate), elo(lo), elo(hi)))
    print("weiqi: %.2f s per move on average; %d illegal moves; %.0f s in all"
          % (think_total / max(weiqi_moves, 1), illegal, time.monotonic() - start))
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main())
