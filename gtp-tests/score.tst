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
