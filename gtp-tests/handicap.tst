# handicap.tst: fixed_handicap, place_free_handicap, set_free_handicap.
#
# GTP.md: on 19x19, 2 = D4 Q16, 3 = +D16, 4 = +Q4, 5 = 4+K10,
# 6 = 4+D10 Q10, 7 = 6+K10, 8 = 6+K4 K16, 9 = 8+K10; handicap lines on the
# third line for 7x7-12x12 and the fourth from 13x13; centre and side points
# only on odd sizes >= 9; no fixed handicap under 7x7. weiqi answers the
# points in the order listed here.

boardsize 19
clear_board
10 fixed_handicap 2
#? [D4 Q16]
clear_board
11 fixed_handicap 3
#? [D4 Q16 D16]
clear_board
12 fixed_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
13 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
clear_board
14 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
clear_board
15 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
clear_board
16 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
clear_board
17 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
# The stones are on the board, Black's.
18 color k10
#? [black]
19 color q4
#? [black]
20 list_stones white
#? []
# Handicap stones cannot be undone.
21 undo
#? ?[cannot undo.*]
22 color k10
#? [black]
# A second handicap on the same board: `board not empty`.
23 fixed_handicap 2
#? ?[board not empty.*]

# After a move, too.
clear_board
play b c3
24 fixed_handicap 2
#? ?[board not empty.*]

# Invalid counts on 19x19.
clear_board
30 fixed_handicap 1
#? ?[invalid number of stones.*]
31 fixed_handicap 10
#? ?[invalid number of stones.*]
32 fixed_handicap 0
#? ?[invalid number of stones.*]
33 fixed_handicap -2
#? ?[(invalid number of stones|syntax error).*]
34 fixed_handicap two
#? ?[(invalid number of stones|syntax error).*]
35 list_stones black
#? []

# 13x13: fourth line. D4 K10 D10 K4, centre G7.
boardsize 13
clear_board
40 fixed_handicap 4
#? [D4 K10 D10 K4]
clear_board
41 fixed_handicap 5
#? [D4 K10 D10 K4 G7]
clear_board
42 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]

# 9x9: third line. C3 G7 C7 G3, centre E5.
boardsize 9
clear_board
43 fixed_handicap 2
#? [C3 G7]
clear_board
44 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]
clear_board
45 fixed_handicap 10
#? ?[invalid number of stones.*]

# 8x8 (even): 2-4 only. C3 F6 C6 F3.
boardsize 8
clear_board
50 fixed_handicap 4
#? [C3 F6 C6 F3]
clear_board
51 fixed_handicap 5
#? ?[invalid number of stones.*]

# 7x7: 2-4 only (no centre or side points). C3 E5 C5 E3.
boardsize 7
clear_board
52 fixed_handicap 4
#? [C3 E5 C5 E3]
clear_board
53 fixed_handicap 5
#? ?[invalid number of stones.*]

# 5x5 and 6x6: no fixed handicap at all.
boardsize 5
clear_board
54 fixed_handicap 2
#? ?[invalid number of stones.*]
boardsize 6
clear_board
55 fixed_handicap 2
#? ?[invalid number of stones.*]

# --- set_free_handicap ---------------------------------------------------------
boardsize 19
clear_board
60 set_free_handicap d4 q16 k10
#? []
61 color k10
#? [black]
62 list_stones black
#? [((D4|Q16|K10)( |$)){3}]
63 undo
#? ?[cannot undo.*]
64 set_free_handicap c3 c4
#? ?[board not empty.*]

# Bad lists: none at all, a repeated point, a vertex off the board, not a
# vertex, pass.
clear_board
69 set_free_handicap
#? ?[(bad vertex list|syntax error).*]
70 set_free_handicap d4 d4
#? ?[bad vertex list.*]
71 set_free_handicap d4 z99
#? ?[bad vertex list.*]
72 set_free_handicap d4 xyz
#? ?[bad vertex list.*]
73 set_free_handicap d4 pass
#? ?[bad vertex list.*]
74 set_free_handicap d4 q16 i5
#? ?[bad vertex list.*]
75 list_stones black
#? []
# After a refused list the board is still empty: a good list is accepted.
76 set_free_handicap D4 q16
#? []
77 list_stones black
#? [D4 Q16|Q16 D4]

# --- place_free_handicap ----------------------------------------------------------
clear_board
80 place_free_handicap 2
#? [[A-HJ-T]1?[0-9] [A-HJ-T]1?[0-9]]
81 list_stones black
#? [[A-HJ-T]1?[0-9] [A-HJ-T]1?[0-9]]
82 undo
#? ?[cannot undo.*]
clear_board
83 place_free_handicap 4
#? [([A-HJ-T]1?[0-9]( |$)){4}]
clear_board
84 place_free_handicap 1
#? ?[invalid number of stones.*]
play b e5
85 place_free_handicap 2
#? ?[board not empty.*]

# --- Handicap compensation under area counting ----------------------------------
# 9x9, two free handicap stones, komi 0.5, no other stone: the whole board
# (81 points) is Black's area. White gets H points under chinese (2),
# H-1 under aga (1), none under tromp-taylor; territory counting (japanese)
# gives Black 79 empty points and White no compensation.
boardsize 9
komi 0.5
kata-set-rules chinese
komi 0.5
clear_board
set_free_handicap c3 g7
90 final_score
#? [B\+78\.5]
kata-set-rules aga
komi 0.5
clear_board
set_free_handicap c3 g7
91 final_score
#? [B\+79\.5]
kata-set-rules tromp-taylor
komi 0.5
clear_board
set_free_handicap c3 g7
92 final_score
#? [B\+80\.5]
kata-set-rules japanese
komi 0.5
clear_board
set_free_handicap c3 g7
93 final_score
#? [B\+78\.5]
kata-set-rules chinese
