# board.tst: boardsize, clear_board, and komi surviving both.
#
# Komi is observed through final_score on an empty board: nothing is owned
# by either side (under area and territory counting alike), so the result
# is komi alone: komi 7.5 -> W+7.5, komi 0 -> 0.

# Every size from 2 to 25 is accepted.
10 boardsize 2
#? []
11 boardsize 3
#? []
12 boardsize 5
#? []
13 boardsize 7
#? []
14 boardsize 9
#? []
15 boardsize 13
#? []
16 boardsize 19
#? []
17 boardsize 25
#? []

# On 25x25 the corners are A1 and Z25 (no I column).
18 play b z25
#? []
19 color Z25
#? [black]
20 play w a1
#? []
21 list_stones white
#? [A1]

# boardsize clears the board.
22 boardsize 25
#? []
23 list_stones black
#? []
24 list_stones white
#? []

# Sizes outside 2..25 fail with `unacceptable size`; the board, stones and
# all, stays as it was (the runner compares the state around each error).
boardsize 9
play b e5
play w c3
30 boardsize 1
#? ?[unacceptable size.*]
31 boardsize 26
#? ?[unacceptable size.*]
32 boardsize 0
#? ?[unacceptable size.*]
33 boardsize 100
#? ?[unacceptable size.*]
# Not a size at all: either message is fine.
34 boardsize -5
#? ?[(unacceptable size|syntax error).*]
35 boardsize abc
#? ?[(unacceptable size|syntax error).*]
36 boardsize 9.5
#? ?[(unacceptable size|syntax error).*]
37 color e5
#? [black]
38 color c3
#? [white]

# 2x2: the smallest board. A1 B1 A2 B2.
40 boardsize 2
#? []
41 play b a1
#? []
42 play w b2
#? []
43 is_legal b b1
#? [1]
# White b1 joins b2 and keeps the liberty a2: legal.
44 is_legal w b1
#? [1]
45 countlib a1
#? [2]

# On 9x9 the edge is J9; K does not exist, row 10 neither.
50 boardsize 9
#? []
51 play b j9
#? []
52 play w a9
#? []
53 list_stones black
#? [J9]
54 is_legal w j1
#? [1]

# clear_board empties the board and the capture counts.
#    9x9, corner:  A2 B .        Black takes the white stone on A1.
#                  A1 W B1 B
clear_board
play w a1
play b a2
play b b1
60 captures black
#? [1]
61 clear_board
#? []
62 captures black
#? [0]
63 list_stones black
#? []
64 color a2
#? [empty]

# Komi survives clear_board and boardsize.
70 komi 7.5
#? []
71 final_score
#? [W\+7\.5]
72 clear_board
#? []
73 final_score
#? [W\+7\.5]
74 boardsize 13
#? []
75 final_score
#? [W\+7\.5]
76 komi 0
#? []
77 boardsize 9
#? []
78 clear_board
#? []
79 final_score
#? [0]
80 komi -3.5
#? []
81 boardsize 19
#? []
82 final_score
#? [B\+3\.5]
83 komi 0.5
#? []
84 clear_board
#? []
85 final_score
#? [W\+0\.5]
