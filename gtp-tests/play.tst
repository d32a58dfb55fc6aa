# play.tst: play, captures, color, countlib, list_stones, colours, vertices.
#
# Board coordinates: columns A-H, J (no I), rows 1 at the bottom.
# Diagrams show the relevant corner; `.` is empty.

boardsize 9
clear_board

# --- Corner capture --------------------------------------------------------
#   2 B .        White A1 has one liberty (B1); Black B1 takes it.
#   1 W B<
#     A B
play w a1
play b a2
10 countlib a1
#? [1]
11 captures black
#? [0]
12 play b b1
#? []
13 color a1
#? [empty]
14 captures black
#? [1]
15 captures white
#? [0]
# White cannot play back into A1: no liberty, captures nothing.
16 is_legal w a1
#? [0]
17 countlib a2
#? [3]

# --- Edge capture -----------------------------------------------------------
#   2 . B .
#   1 B W B<     White E1 is taken by F1.
#     D E F
play w e1
play b d1
play b e2
18 countlib e1
#? [1]
19 play b f1
#? []
20 color e1
#? [empty]
21 captures black
#? [2]

# --- Capture in the middle --------------------------------------------------
#   6 . B< .
#   5 B W B      White E5 is taken by E6.
#   4 . B .
#     D E F
play w e5
play b d5
play b f5
play b e4
22 countlib e5
#? [1]
23 play b e6
#? []
24 color e5
#? [empty]
25 captures black
#? [3]
26 countlib e6
#? [4]

# --- Multi-stone capture ----------------------------------------------------
#   7 . B< .
#   6 B W B      White E5+E6 (two stones) are taken by E7.
#   5 B W B
#   4 . B .
#     D E F
clear_board
play w e5
play w e6
play b d5
play b d6
play b f5
play b f6
play b e4
30 countlib e5
#? [1]
31 countlib e6
#? [1]
32 play b e7
#? []
33 list_stones white
#? []
34 captures black
#? [2]
35 color e6
#? [empty]
36 countlib e7
#? [4]
# D5+D6: C5 D4 E5 C6 D7 E6.
37 countlib d5
#? [6]

# --- One move capturing two groups -------------------------------------------
#   2 B . B .
#   1 W B<W B    Black B1 takes A1 and C1 at once.
#     A B C D
clear_board
play w a1
play w c1
play b a2
play b d1
play b c2
40 countlib a1
#? [1]
41 countlib c1
#? [1]
42 play b b1
#? []
43 captures black
#? [2]
44 list_stones white
#? []
45 countlib b1
#? [3]

# --- A move without liberties that captures is legal (not suicide) ---------
#   3 B .
#   2 W B        Black A1 has no liberty of its own but takes A2 and B1.
#   1 . W B
#     A B C
clear_board
play w a2
play w b1
play b a3
play b b2
play b c1
50 is_legal b a1
#? [1]
51 play b a1
#? []
52 list_stones white
#? []
53 captures black
#? [2]
54 countlib a1
#? [2]

# --- White captures too ---------------------------------------------------------
#   9 B W .      White takes the black corner stone A9 with A8.
#   8 W< .
#     A B
clear_board
play b a9
play w b9
55 play w a8
#? []
56 captures white
#? [1]
57 captures black
#? [0]
58 color a9
#? [empty]

# --- Liberties of a larger group ------------------------------------------------
#   5 . . . .
#   4 . B B .     C4 D4 C3 (three stones): liberties B4 C5 D5 E4 D3 B3 C2 = 7
#   3 . B . .
#     B C D E
clear_board
play b c4
play b d4
play b c3
60 countlib c4
#? [7]
61 countlib c3
#? [7]
# A white stone at D3 takes one liberty from each group.
play w d3
62 countlib d4
#? [6]
63 countlib d3
#? [2]

# --- Colour and vertex spellings ---------------------------------------------------
clear_board
70 play B E5
#? []
71 play WHITE d4
#? []
72 play Black c3
#? []
73 play white F6
#? []
74 play bLaCk g7
#? []
75 play W h8
#? []
76 color E5
#? [black]
77 color e5
#? [black]
78 color D4
#? [white]
# Vertices come out in upper case.
79 list_stones white
#? [D4 F6 H8|D4 H8 F6|F6 D4 H8|F6 H8 D4|H8 D4 F6|H8 F6 D4]
80 list_stones black
#? [E5 C3 G7|E5 G7 C3|C3 E5 G7|C3 G7 E5|G7 E5 C3|G7 C3 E5]
81 list_stones BLACK
#? [E5 C3 G7|E5 G7 C3|C3 E5 G7|C3 G7 E5|G7 E5 C3|G7 C3 E5]
82 color a1
#? [empty]

# --- Passes in every spelling; the same colour twice is allowed ------------
83 play b pass
#? []
84 play w PASS
#? []
85 play B Pass
#? []
86 play b pass
#? []
87 play b j9
#? []
88 play b j8
#? []
89 list_stones black
#? [((E5|C3|G7|J9|J8)( |$)){5}]

# --- Refused moves: the state stays as it was -----------------------------------
# (The runner compares showboard, list_stones, captures and kata-get-rules
# before and after each error test.)
# Occupied points:
90 play b e5
#? ?[illegal move.*]
91 play w e5
#? ?[illegal move.*]
92 play b d4
#? ?[illegal move.*]
93 is_legal b e5
#? [0]
94 is_legal w d4
#? [0]
# Bad colours:
95 play x e5
#? ?[syntax error.*]
96 play e5 b
#? ?[syntax error.*]
97 play blac a1
#? ?[syntax error.*]
98 play bw a1
#? ?[syntax error.*]
# Bad vertices: no I column, no letter/number, swapped, zero row.
99 play b i5
#? ?[syntax error.*]
100 play b 5e
#? ?[syntax error.*]
101 play b e
#? ?[syntax error.*]
102 play b 55
#? ?[syntax error.*]
103 play b e0
#? ?[(syntax error|illegal move).*]
104 play b e-1
#? ?[syntax error.*]
105 play b passs
#? ?[syntax error.*]
# Off the 9x9 board: K and row 10 exist on bigger boards.
106 play b k5
#? ?[(syntax error|illegal move).*]
107 play b e10
#? ?[(syntax error|illegal move).*]
108 play b z25
#? ?[(syntax error|illegal move).*]
109 play b A99999999999
#? ?[(syntax error|illegal move).*]
110 play w A99999999999999999999999999
#? ?[(syntax error|illegal move).*]
111 list_stones black
#? [((E5|C3|G7|J9|J8)( |$)){5}]

# Off a 19x19 board.
boardsize 19
clear_board
112 play b t20
#? ?[(syntax error|illegal move).*]
113 play b u19
#? ?[(syntax error|illegal move).*]
114 play b t19
#? []
115 play w a1
#? []
116 list_stones black
#? [T19]
