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
# KM[5.5]: one prisoner, one point of territory, 5.5 komi.
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
76 loadsgf gtp-tests/sgf/ko-9x9.sgf x
#? ?[syntax error.*]
77 loadsgf gtp-tests/sgf/ko-9x9.sgf 1 2
#? ?[syntax error.*]
78 printsgf /nonexistent/weiqi/x.sgf
#? ?[cannot write file.*]
79 printsgf a b
#? ?[syntax error.*]
