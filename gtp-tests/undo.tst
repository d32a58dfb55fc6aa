# undo.tst: undo restores stones, captures and the ko state.

boardsize 9
clear_board

# Nothing to undo on a fresh board.
10 undo
#? ?[cannot undo.*]

# One move, undone; then nothing is left to undo.
play b e5
11 undo
#? []
12 color e5
#? [empty]
13 undo
#? ?[cannot undo.*]

# A pass is a move too.
play b pass
14 undo
#? []
15 undo
#? ?[cannot undo.*]

# --- A capture, undone ---------------------------------------------------------
#   2 B .
#   1 W B<      Black B1 takes A1; undo puts A1 back and the count to 0.
#     A B
play w a1
play b a2
play b b1
20 captures black
#? [1]
21 undo
#? []
22 captures black
#? [0]
23 color a1
#? [white]
24 color b1
#? [empty]
25 countlib a1
#? [1]
# Replay it: the capture happens again.
26 play b b1
#? []
27 captures black
#? [1]
# Undo everything, one move at a time.
28 undo
#? []
29 undo
#? []
30 undo
#? []
31 list_stones white
#? []
32 list_stones black
#? []
33 undo
#? ?[cannot undo.*]

# --- The ko state ------------------------------------------------------------------
#   6 . B W .        Black F5 takes E5 (a ko).
#   5 B . B<W
#   4 . B W .
#     D E F G
kata-set-rules japanese
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b j1
play w e5
play b f5
40 is_legal w e5
#? [0]
# Ko threat and answer: the retake becomes legal.
play w b8
play b b7
41 is_legal w e5
#? [1]
# Undo the answer: White has just played, the ko ban is gone (it lasts one turn).
42 undo
#? []
43 color b7
#? [empty]
143 is_legal w e5
#? [1]
# Undo the threat: back to right after the ko capture, the retake is banned again.
44 undo
#? []
45 is_legal w e5
#? [0]
46 play w e5
#? ?[illegal move.*]
# Undo the capture itself: E5 is White's again, F5 empty.
47 undo
#? []
48 color e5
#? [white]
49 color f5
#? [empty]
50 captures black
#? [0]
51 is_legal b f5
#? [1]
# Replay the capture and the retake after a threat; then undo the retake.
play b f5
play w b8
play b b7
play w e5
52 captures white
#? [1]
53 is_legal b f5
#? [0]
54 undo
#? []
55 captures white
#? [0]
56 color f5
#? [black]
57 color e5
#? [empty]

# --- Superko history is restored by undo -----------------------------------------
# Chinese rules (positional superko). Position A, then W E5 takes F5, both
# pass: B F5 would recreate A (see ko.tst, scenario 1), so it is illegal.
# Undo back to before Black F5 was first played: the positions after it are
# no longer in the game, and B F5 (which now makes the same stones as the
# undone setup move did) is legal again.
kata-set-rules chinese
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
play b pass
play w pass
60 is_legal b f5
#? [0]
# Undo the two passes, W E5, W G5 and B F5.
61 undo
#? []
62 undo
#? []
63 undo
#? []
64 undo
#? []
65 undo
#? []
66 color f5
#? [empty]
67 is_legal b f5
#? [1]

# --- clear_board and boardsize empty the history --------------------------------
clear_board
play b e5
play w e6
70 clear_board
#? []
71 undo
#? ?[cannot undo.*]
play b e5
72 boardsize 9
#? []
73 undo
#? ?[cannot undo.*]
