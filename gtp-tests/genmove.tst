# genmove.tst: genmove plays a legal move, reg_genmove does not play,
# no own-eye fills, no illegal ko retake.

# One second per move (Canadian byo-yomi, 1 s for 1 stone) keeps this quick.
time_settings 0 1 1
boardsize 9
clear_board
komi 7.5

# On an empty board Black gets a point of the board, and it is played.
10 genmove b
#? [[A-HJ][1-9]]
11 list_stones black
#? [[A-HJ][1-9]]
# White's answer goes on another point.
12 genmove white
#? [[A-HJ][1-9]]
13 list_stones white
#? [[A-HJ][1-9]]
14 list_stones black
#? [[A-HJ][1-9]]
# reg_genmove answers a move but leaves the board alone.
15 reg_genmove b
#? [[A-HJ][1-9]|pass|PASS]
16 list_stones black
#? [[A-HJ][1-9]]

# --- One sensible move, for both sides ------------------------------------------
# 5x5, komi 4.5. White C5 is in atari; its liberty D5 is Black's only
# legal move that does not fill one of its own eyes (A5, B2); E3 and E1 are
# White's eyes (suicide for Black). Black D5 takes C5; White D5 would connect
# it to the living white group. Whoever plays D5 wins (Black: area 16
# against 9 + 4.5; White: 11 + 4.5 against 14), so nobody should pass or
# resign.
#
#   5 . B W . W     <- D5
#   4 B B B W W
#   3 B B B W .
#   2 B . B W W
#   1 B B B W .
#     A B C D E
boardsize 5
clear_board
komi 4.5
play b b5
play b c4
play w c5
play b a4
play b b4
play b a3
play b b3
play b c3
play b a2
play b c2
play b a1
play b b1
play b c1
play w e5
play w d4
play w e4
play w d3
play w d2
play w e2
play w d1
20 countlib c5
#? [1]
21 is_legal b e3
#? [0]
22 reg_genmove b
#? [D5]
23 reg_genmove black
#? [D5]
24 reg_genmove w
#? [D5]
# reg_genmove played nothing.
25 color d5
#? [empty]
26 genmove b
#? [D5]
27 color d5
#? [black]
28 color c5
#? [empty]
29 captures black
#? [1]

# --- Only own-eye fills are left: pass -------------------------------------------
# The same board with Black on D5 D4 E4 as well: every empty point
# (A5 E5 B2 D2) is a one-point eye of Black's single group.
#   5 . B B B .
#   4 B B B B B
#   3 B B B B B
#   2 B . B . B
#   1 B B B B B
clear_board
play b b5
play b c5
play b d5
play b a4
play b b4
play b c4
play b d4
play b e4
play b a3
play b b3
play b c3
play b d3
play b e3
play b a2
play b c2
play b e2
play b a1
play b b1
play b c1
play b d1
play b e1
30 reg_genmove b
#? [pass|PASS]
31 genmove b
#? [pass|PASS]
32 list_stones white
#? []
# White has no legal move at all (every point is suicide): pass or resign.
33 is_legal w e5
#? [0]
34 genmove w
#? [pass|PASS|resign]
35 color a5
#? [empty]

# --- The only non-eye move is a banned ko retake: pass ----------------------------
# 5x5. Black C5 has just taken a white stone on D5 (ko). White has two
# one-point eyes (A5, B3); Black's group has E3 and E1 (and D5).
#
#   5 . W B . B     <- D5: the ko; White may not retake now
#   4 W W W B B
#   3 W . W B .
#   2 W W W B B
#   1 W W W B .
#     A B C D E
# White's legal moves are A5 and B3 (filling its own eyes, which would kill
# it); E3 and E1 are suicide. genmove must not answer D5.
clear_board
play w b5
play w a4
play w b4
play w c4
play w a3
play w c3
play w a2
play w b2
play w c2
play w a1
play w b1
play w c1
play w d5
play b e5
play b d4
play b e4
play b d3
play b d2
play b e2
play b d1
40 countlib d5
#? [1]
41 play b c5
#? []
42 captures black
#? [1]
43 is_legal w d5
#? [0]
44 is_legal w e3
#? [0]
45 reg_genmove w
#? [pass|PASS]
46 genmove w
#? [pass|PASS]
47 color d5
#? [empty]
48 color c5
#? [black]
