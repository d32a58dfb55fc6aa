# loadsgf and printsgf. Fixtures are in gtp-tests/sgf/ (paths are relative
# to the crate root, the runner's working directory); see
# gtp-tests/sgf/README.md.

# --- a ko fight: rules and komi from the file, the ko ban rebuilt ---------------
boardsize 19
kata-set-rules chinese
10 loadsgf gtp-tests/sgf/ko-9x9.sgf
#? [black]
11 list_stones white
#? [E6 D5 F5 E4]
12 list_stones black
#? [D6 C5 D4]
13 captures white
#? [1]
# White just took the ko: Black may not retake at once.
14 is_legal b e5
#? [0]
15 kata-get-rules
#? [.*"ko":"SIMPLE","scoring":"TERRITORY".*]
# KM[5.5]: one prisoner and 5.5 komi. The ko is still open: before
# counting White connects at E5 (a teire, weiqi-score lists it), so E5 is
# no territory under territory counting. F6, in the angle of White's E6
# and F5 and far from Black's stones, is the one point of the open board
# the ownership playouts give White often enough (life/border.rs): W+7.5.
16 final_score
#? [W\+7\.5]
# The variation after move 4 is not the main line.
17 color a9
#? [empty]

# --- move numbers: the position before move N, the colour of move N -------------
20 loadsgf gtp-tests/sgf/ko-9x9.sgf 1
#? [black]
21 list_stones black
#? []
22 loadsgf gtp-tests/sgf/ko-9x9.sgf 4
#? [white]
23 list_stones black
#? [D6 C5]
24 loadsgf gtp-tests/sgf/ko-9x9.sgf 8
#? [white]
25 is_legal w d5
#? [1]
26 loadsgf gtp-tests/sgf/ko-9x9.sgf 0
#? [black]
27 loadsgf gtp-tests/sgf/ko-9x9.sgf 1000
#? [black]
28 captures white
#? [1]

# --- handicap, AGA rules, White to move -----------------------------------------
30 loadsgf gtp-tests/sgf/handicap-9x9.sgf
#? [white]
31 list_stones black
#? [C7 G3]
32 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"whiteHandicapBonus":"N-1".*]
# Undo never takes back handicap stones.
undo
undo
33 undo
#? ?[cannot undo.*]
34 list_stones black
#? [C7 G3]

# --- setup stones, compressed point lists, PL, first game of a collection -------
40 loadsgf gtp-tests/sgf/setup-collection.sgf
#? [white]
41 countlib a1
#? [9]
42 color d5
#? [white]
43 color c5
#? [empty]

# --- printsgf: the reply, and a file that loads back -----------------------------
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b e5
play w c3
play b pass
50 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[weiqi:[^\]]+\]SZ\[9\]RU\[japanese\]KM\[0\.5\]\n;B\[ee\] ;W\[cg\] ;B\[\]\)]
play w pass
51 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[weiqi:[^\]]+\]SZ\[9\]RU\[japanese\]KM\[0\.5\]RE\[W\+0\.5\]\n;B\[ee\] ;W\[cg\] ;B\[\] ;W\[\]\)]
52 printsgf target/gtp-tests-sgf-resume.sgf
#? []
boardsize 13
kata-set-rules chinese
komi 7.5
53 loadsgf target/gtp-tests-sgf-resume.sgf
#? [black]
54 list_stones white
#? [C3]
55 kata-get-rules
#? [.*"scoring":"TERRITORY".*]
56 final_score
#? [W\+0\.5]
undo
57 list_stones black
#? [E5]

# --- clocks: the time system and each side's time left are saved and restored ---
boardsize 9
clear_board
kgs-time_settings byoyomi 600 30 5
play b e5
time_left b 20 3
time_left w 590 0
58 printsgf
#? [.*TM\[600\]OT\[5x30 byo-yomi\]\n;B\[ee\]BL\[20\]OB\[3\]WL\[590\]\)]
59 printsgf target/gtp-tests-sgf-clock.sgf
#? []
kgs-time_settings none
clear_board
80 loadsgf target/gtp-tests-sgf-clock.sgf
#? [white]
81 weiqi-time_left b
#? [20 3]
82 weiqi-time_left w
#? [590 0]

# --- records from other programs and in other charsets -----------------------------
60 loadsgf gtp-tests/sgf/gnugo-9x9.sgf
#? [black]
61 loadsgf gtp-tests/sgf/gnugo-19x19-h3.sgf
#? [white]
62 loadsgf gtp-tests/sgf/cjk-gb2312.sgf
#? [black]
63 loadsgf gtp-tests/sgf/cjk-shiftjis.sgf
#? [black]
64 loadsgf gtp-tests/sgf/cjk-euckr.sgf
#? [black]
65 loadsgf gtp-tests/sgf/cjk-euckr.sgf 5
#? [white]

# --- bad files: cannot load file, and nothing changes -----------------------------
boardsize 9
clear_board
play b e5
play w c3
70 loadsgf gtp-tests/sgf/bad-illegal.sgf
#? ?[cannot load file: move 2 \(White E5\) is on an occupied point]
71 loadsgf gtp-tests/sgf/bad-truncated.sgf
#? ?[cannot load file: the file ends inside the game record \(truncated\?\)]
72 loadsgf gtp-tests/sgf/bad-offboard.sgf
#? ?[cannot load file: move 2 \(White \[zz\]\) is off the board]
73 loadsgf gtp-tests/sgf/bad-size.sgf
#? ?[cannot load file: board size 52 is not supported]
74 loadsgf /dev/zero
#? ?[cannot load file: not a regular file]
75 loadsgf gtp-tests
#? ?[cannot load file: not a regular file]
84 loadsgf /nonexistent/weiqi/game.sgf
#? ?[cannot load file: no such file]
85 loadsgf gtp-tests/sgf/bad-size-30.sgf
#? ?[cannot load file: board size 30 is not supported]
86 loadsgf gtp-tests/sgf/bad-rectangular.sgf
#? ?[cannot load file: board size 19x13 is not supported \(not square\)]
87 loadsgf gtp-tests/sgf/bad-not-sgf.sgf
#? ?[cannot load file: not an SGF file]
88 loadsgf gtp-tests/sgf/bad-binary.sgf
#? ?[cannot load file: not an SGF file]
89 loadsgf gtp-tests/sgf/bad-suicide.sgf
#? ?[cannot load file: move 5 \(White A9\) is suicide]
90 loadsgf gtp-tests/sgf/bad-ko.sgf
#? ?[cannot load file: move 9 \(Black E5\) retakes a ko at once]
91 loadsgf gtp-tests/sgf/bad-setup-after-moves.sgf
#? ?[cannot load file: setup stones \(AB/AW/AE\) after move 3 are not supported]
92 loadsgf gtp-tests/sgf/bad-setup-liberties.sgf
#? ?[cannot load file: setup stone Black A8 would leave a chain without liberties]
93 loadsgf gtp-tests/sgf/bad-setup-offboard.sgf
#? ?[cannot load file: setup stones AB\[aa:kk\] are off the board]
94 loadsgf gtp-tests/sgf/bad-handicap.sgf
#? ?[cannot load file: bad handicap HA\[two\]]
95 loadsgf gtp-tests/sgf/bad-player.sgf
#? ?[cannot load file: bad player to move PL\[X\]]
96 loadsgf gtp-tests/sgf/bad-not-go.sgf
#? ?[cannot load file: not a Go record \(GM\[3\]\)]
97 loadsgf gtp-tests/sgf/bad-syntax.sgf
#? ?[cannot load file: syntax error at line 3, column 2: a property without a value]
98 loadsgf gtp-tests/sgf/bad-move-value.sgf
#? ?[cannot load file: move 1 \(Black \[e5\]\) is not a point]
# After all these refusals, the game is the one from before.
99 list_stones black
#? [E5]
100 list_stones white
#? [C3]
76 loadsgf gtp-tests/sgf/ko-9x9.sgf x
#? ?[syntax error.*]
77 loadsgf gtp-tests/sgf/ko-9x9.sgf 1 2
#? ?[syntax error.*]
78 printsgf /nonexistent/weiqi/x.sgf
#? ?[cannot write file.*]
79 printsgf a b
#? ?[syntax error.*]

# --- a mis-transcribed professional record: White on an occupied point -----------
# at move 228 (FF[3], TM[8 hours each]). Refused with its move; the position
# before that move loads.
boardsize 19
clear_board
110 loadsgf gtp-tests/sgf/bad-occupied-228.sgf
#? ?[cannot load file: move 228 \(White D11\) is on an occupied point]
111 list_stones black
#? []
112 loadsgf gtp-tests/sgf/bad-occupied-228.sgf 228
#? [white]
113 is_legal white D11
#? [0]
114 loadsgf gtp-tests/sgf/bad-occupied-228.sgf 227
#? [black]

# --- lenient metadata: free-text times, odd komi and rules load ---------------------
kgs-time_settings none
120 loadsgf gtp-tests/sgf/real/hist-ff3-12-hours-each.sgf
#? [(black|white)]
# TM[12 hours each]: 12 hours of main time for each side.
121 weiqi-time_left b
#? [43200 0]
122 loadsgf gtp-tests/sgf/real/odd-metadata.sgf
#? [(black|white)]
123 kata-get-rules
#? [.*"ko":"SIMPLE","scoring":"TERRITORY".*]
# KM[6 1/2] is komi 6.5, and printsgf writes it as given.
124 printsgf
#? [(.|\n)*RU\[Japanese 1989\]KM\[6 1/2\](.|\n)*]

# --- printsgf passes the game information through ---------------------------------
130 loadsgf gtp-tests/sgf/real/hist-ff3-8-hours-each.sgf
#? [(black|white)]
131 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[weiqi:[^\]]+\]SZ\[19\]RU\[Japanese\]KM\[5\]\nEV\[1st Meijin league\]PB\[Sakata Eio\]PW\[Fujisawa Shuko\]DT\[1962-03-14\]RE\[W\+R\]TM\[8 hours each\]OT\[1 minute byo-yomi\]\n(.|\n)*]
# Once the komi is changed, the file's KM no longer holds: the engine's is written.
komi 0.5
132 printsgf
#? [(.|\n)*RU\[Japanese\]KM\[0\.5\]\nEV(.|\n)*]
# A new game forgets the record.
clear_board
133 printsgf
#? [!(.|\n)*(PB|EV|RE)\[(.|\n)*]

# --- the rules a record names (issue 16): the preset's name whatever the komi, ----
# and korean as korean.
kgs-time_settings none
boardsize 9
clear_board
kata-set-rules {"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N","komi":6.5}
140 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[weiqi:[^\]]+\]SZ\[9\]RU\[chinese\]KM\[6\.5\]\)]
kata-set-rules korean
play b e5
141 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[weiqi:[^\]]+\]SZ\[9\]RU\[korean\]KM\[6\.5\]\n;B\[ee\]\)]
142 printsgf target/gtp-tests-sgf-korean.sgf
#? []
kata-set-rules chinese
143 loadsgf target/gtp-tests-sgf-korean.sgf
#? [white]
144 printsgf
#? [(.|\n)*RU\[korean\](.|\n)*]
