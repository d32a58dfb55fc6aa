# score.tst: final_score, final_status_list and weiqi-score with dead stones
# and seki (the dead-stone analysis of src/life.rs).

# 9x9: Black's wall on D, White's on E; a lone White stone at B7 in Black's
# area and a lone Black stone at G3 in White's: both dead, removed, and under
# territory counting prisoners of the other side.
boardsize 9
clear_board
kata-set-rules chinese
komi 7.5
play b d1
play w e1
play b d2
play w e2
play b d3
play w e3
play b d4
play w e4
play b d5
play w e5
play b d6
play w e6
play b d7
play w e7
play b d8
play w e8
play b d9
play w e9
play w b7
play b g3
10 final_status_list dead
#? [B7\nG3]
11 final_status b7
#? [dead]
12 final_status g3
#? [dead]
13 final_status d5
#? [alive]
14 final_status a1
#? [black_territory]
15 final_status_list seki
#? []
# Area: Black 9 stones + 27, White 9 + 36 + 7.5.
16 final_score
#? [W\+16\.5]
17 weiqi-score
#? [scoring: area \(chinese\), komi 7\.5, handicap 0\n(.|\n)*dead stones: black 1, white 1 \(removed from the board\)\n(.|\n)*result: W\+16\.5\nin stones: Black 36, White 45, komi 3¾: 36 - 3¾ = 32¼ < 40½, White wins by 8¼ stones]
# Territory: Black 27 + 1 prisoner, White 36 + 1 + 7.5: the same margin.
kata-set-rules japanese
komi 7.5
18 final_score
#? [W\+16\.5]
19 weiqi-score
#? [(.|\n)*prisoners: black 1, white 1 (.|\n)*result: W\+16\.5]
# The same after two passes: the analysis depends on the stones only.
play b pass
play w pass
20 final_score
#? [W\+16\.5]
21 final_status_list dead
#? [B7\nG3]
22 weiqi-score_gfx
#? [BLACK .*\nWHITE .*\nMARK B7 G3\nTEXT W\+16\.5]

# Errors change nothing.
30 weiqi-score now
#? ?[syntax error.*]
31 weiqi-score_gfx x
#? ?[syntax error.*]
32 final_status z99
#? ?[syntax error.*]

# --- settling: an ending with a dame at the mouth of White's area and the
# teire behind it (tests/data/endings/15-mouth-dame-teire.txt). Black
# filling F5 would leave White E5 E4 in atari, so White must add F4.
# Settling works on a copy: the position, the side to move and the legal
# moves are the same afterwards.
30 loadsgf gtp-tests/sgf/unsettled-mouth.sgf
#? [black]
kata-set-rules japanese
komi 6.5
31 list_stones black
#? [.*]
32 final_score
#? [B\+1\.5]
33 final_status f5
#? [dame]
34 final_status f4
#? [dame]
35 weiqi-score
#? [(.|\n)*dame: 1 \(F5\), for nobody\nteire: black 0, white 1 \(F4\), added before counting \(not territory\)(.|\n)*]
36 color f5
#? [empty]
37 color f4
#? [empty]
38 is_legal b f5
#? [1]
kata-set-rules chinese
komi 7.5
39 final_score
#? [B\+0\.5]
40 weiqi-score_gfx
#? [(.|\n)*CIRCLE F5\nSQUARE F4(.|\n)*]

# Two 9x9 games of the CI match against GNU Go, where GNU Go's count is
# wrong and the referee's right (scripts/match_vs_gnugo_check.py).
# A seki with two shared liberties (G2, J1): nobody's points, no stone dead.
41 loadsgf gtp-tests/sgf/match-seki-9x9.sgf
#? [black]
42 final_score
#? [B\+53\.5]
43 final_status_list seki
#? [G4 F3 G3 H3 J3 F2 F1 G1 H1\nH2 J2]
44 final_status g2
#? [dame]
# White's A1 has just taken a ko (B1) and both passed: under positional
# superko Black cannot take back at once, so A1 lives and White connects.
45 loadsgf gtp-tests/sgf/match-superko-ko-9x9.sgf
#? [black]
46 final_status a1
#? [alive]
47 is_legal b b1
#? [0]
48 final_score
#? [W\+4\.5]
kata-set-rules japanese
49 is_legal b b1
#? [1]
# A seki beside a living group: White J7 against Black H7 H6 and the
# lower right group, shared liberty J6. The eyes H9 and J8 of White's
# living group and Black's eye H5 count under area counting (GNU Go counts
# all four as dame).
50 loadsgf gtp-tests/sgf/match-seki-eyes-9x9.sgf
#? [white]
51 final_score
#? [B\+22\.5]
52 final_status j7
#? [seki]
53 final_status j6
#? [dame]
54 final_status h5
#? [black_territory]
55 final_status j8
#? [white_territory]
# A seki GNU Go counts dead, which turns the winner: White's top chain and
# Black's A8 B8 share their only liberties A9 and C8.
56 loadsgf gtp-tests/sgf/match-seki-winner-9x9.sgf
#? [black]
57 final_score
#? [W\+8\.5]
58 final_status_list seki
#? [B9 C9 D9 E9 F9 G9 H9 J9 D8 A7 B7 C7 D7\nA8 B8]
59 final_status g7
#? [dead]
60 final_status c8
#? [dame]
