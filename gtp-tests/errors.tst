# errors.tst: every command with missing, extra or bad arguments.
#
# Each test expects an error reply (`#? ?[...]`); the runner snapshots the
# state (showboard, list_stones, captures, kata-get-rules) before and after
# and fails the test if a refused command changed anything. GTP's generic
# message for malformed arguments is `syntax error`; details may follow.
# Extra arguments are refused rather than ignored, so that a mistyped
# command never does something else than asked.

# A position with stones and a capture, so that the snapshots mean something.
#   3 . . .
#   2 B . .      Black has taken White A1 with B1; White E5, Black C5.
#   1 . B .
#     A B C
# It is set up again at the start of every section, so that a command that
# wrongly succeeds in one section does not spoil the next ones.

# --- boardsize ---------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
10 boardsize
#? ?[syntax error.*]
11 boardsize nine
#? ?[(syntax error|unacceptable size).*]
12 boardsize 9 9
#? ?[syntax error.*]
13 boardsize 27
#? ?[unacceptable size.*]

# --- komi ----------------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
20 komi
#? ?[syntax error.*]
21 komi seven
#? ?[syntax error.*]
22 komi 7.5x
#? ?[syntax error.*]
23 komi nan
#? ?[syntax error.*]
24 komi inf
#? ?[syntax error.*]
25 komi 6.5 7.5
#? ?[syntax error.*]
26 komi 7,5
#? ?[syntax error.*]

# --- play ----------------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
30 play
#? ?[syntax error.*]
31 play b
#? ?[syntax error.*]
32 play e4
#? ?[syntax error.*]
33 play b e4 e6
#? ?[syntax error.*]
34 play red e4
#? ?[syntax error.*]
35 play b j10
#? ?[(syntax error|illegal move).*]
36 play b ee4
#? ?[syntax error.*]
37 play w c5
#? ?[illegal move.*]
# White A1 would be suicide (A2 and B1 are Black, with liberties).
38 play w a1
#? ?[illegal move.*]

# --- genmove / reg_genmove --------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
40 genmove
#? ?[syntax error.*]
41 genmove red
#? ?[syntax error.*]
42 genmove e5
#? ?[syntax error.*]
43 genmove b w
#? ?[syntax error.*]
44 reg_genmove
#? ?[syntax error.*]
45 reg_genmove x
#? ?[syntax error.*]

# --- is_legal / color / countlib / captures / list_stones ----------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
50 is_legal
#? ?[syntax error.*]
51 is_legal b
#? ?[syntax error.*]
52 is_legal x e5
#? ?[syntax error.*]
53 is_legal b i9
#? ?[syntax error.*]
54 color
#? ?[syntax error.*]
55 color i1
#? ?[syntax error.*]
56 color b
#? ?[syntax error.*]
57 countlib
#? ?[syntax error.*]
58 countlib z1
#? ?[syntax error.*]
# countlib of an empty point: no group there.
59 countlib h8
#? ?[.+]
60 captures
#? ?[syntax error.*]
61 captures purple
#? ?[syntax error.*]
62 list_stones
#? ?[syntax error.*]
63 list_stones e5
#? ?[syntax error.*]

# --- handicap commands ------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
70 fixed_handicap
#? ?[(syntax error|invalid number of stones).*]
71 fixed_handicap four
#? ?[(syntax error|invalid number of stones).*]
# The board is not empty:
72 fixed_handicap 4
#? ?[board not empty.*]
73 place_free_handicap
#? ?[(syntax error|invalid number of stones).*]
74 place_free_handicap 4
#? ?[board not empty.*]
# No vertices on a board that is not empty: any of the three messages.
75 set_free_handicap
#? ?[(syntax error|bad vertex list|board not empty).*]
76 set_free_handicap d4 f6
#? ?[board not empty.*]

# --- time ----------------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
80 time_settings
#? ?[syntax error.*]
81 time_settings 600 30
#? ?[syntax error.*]
82 time_settings ten 30 5
#? ?[syntax error.*]
83 time_settings 600 30 five
#? ?[syntax error.*]
84 time_settings -600 30 5
#? ?[syntax error.*]
85 time_left
#? ?[syntax error.*]
86 time_left b 100
#? ?[syntax error.*]
87 time_left x 100 0
#? ?[syntax error.*]
88 time_left b abc 0
#? ?[syntax error.*]

# --- scoring and status -----------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
90 final_status_list
#? ?[syntax error.*]
91 final_status_list undead
#? ?[syntax error.*]

# --- loadsgf ---------------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
100 loadsgf /nonexistent/weiqi/no-such-file.sgf
#? ?[cannot load file.*]
101 loadsgf
#? ?[(syntax error|cannot load file).*]

# --- rules -----------------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
110 kata-set-rules
#? ?[.+]
111 kata-set-rules go
#? ?[.+]
112 kgs-rules ing
#? ?[.+]

# --- unknown commands ----------------------------------------------------------------
boardsize 9
clear_board
kata-set-rules chinese
komi 6.5
play w a1
play b a2
play b b1
play w e5
play b c5
120 plays b e4
#? ?[unknown command]
121 Play b e4
#? ?[unknown command]
122 genmove_black
#? ?[unknown command]

# --- after the last section's errors, the position is intact ----------------------------------------
130 captures black
#? [1]
131 color c5
#? [black]
132 color e5
#? [white]
133 color a1
#? [empty]
134 final_score
#? [[BW]\+[0-9]+(\.[0-9]+)?|0]
