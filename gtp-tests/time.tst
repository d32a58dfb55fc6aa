# time.tst: time_settings, time_left, kgs-time_settings and the weiqi-time_*
# extensions. weiqi-time_left C shows the engine's clock for C as the
# arguments time_left would take ("T S"; "none" without a limit).

boardsize 9
clear_board
# genmove searches a fixed number of playouts here instead of thinking for
# its budget, so that it answers at once and the clock arithmetic is exact.
weiqi-playouts 50

# No time settings: no limit.
10 weiqi-time_left b
#? [none]
11 known_command weiqi-time_settings
#? [true]
12 known_command weiqi-time_left
#? [true]

# --- time_settings M B S (GTP: Canadian) -------------------------------------
20 time_settings 600 30 5
#? []
21 weiqi-time_left b
#? [600 0]
# time_left: S = 0 is main time; S > 0 is time and stones in the period.
22 time_left b 512 0
#? []
23 weiqi-time_left b
#? [512 0]
24 time_left w 25 3
#? []
25 weiqi-time_left w
#? [25 3]
# A quick genmove in the period uses one of its stones.
26 genmove w
#? [[A-HJ][1-9]]
27 weiqi-time_left w
#? [2[45](\.\d+)? 2]
# B = 0: absolute time.
28 time_settings 60 0 0
#? []
29 weiqi-time_left w
#? [60 0]
# B > 0 and S = 0: no time limit.
30 time_settings 600 30 0
#? []
31 weiqi-time_left w
#? [none]
32 time_left w 10 0
#? []
33 weiqi-time_left w
#? [none]
# No main time: straight into the first period.
34 time_settings 0 300 25
#? []
35 weiqi-time_left b
#? [300 25]

# --- kgs-time_settings -------------------------------------------------------
# Chinese byo-yomi: one hour, five periods of 60 s.
40 kgs-time_settings byoyomi 3600 60 5
#? []
41 weiqi-time_left b
#? [3600 0]
# Under byoyomi, S of time_left is periods left.
42 time_left b 60 2
#? []
43 weiqi-time_left b
#? [60 2]
# A move within the period costs no period.
44 genmove b
#? [[A-HJ][1-9]]
45 weiqi-time_left b
#? [60 2]
46 kgs-time_settings canadian 0 300 25
#? []
47 weiqi-time_left w
#? [300 25]
48 kgs-time_settings absolute 60
#? []
49 weiqi-time_left w
#? [60 0]
50 kgs-time_settings none
#? []
51 weiqi-time_left w
#? [none]
52 kgs-time_settings BYOYOMI 0 1 1
#? []
53 weiqi-time_left w
#? [1 1]

# --- weiqi-time_settings: kgs-time_settings plus Fischer -----------------------
60 weiqi-time_settings fischer 300 10
#? []
61 weiqi-time_left b
#? [300 0]
# The increment comes after each move.
62 genmove b
#? [[A-HJ][1-9]]
63 weiqi-time_left b
#? [(309\.9\d*|310) 0]
64 weiqi-time_settings byoyomi 0 60 3
#? []
65 weiqi-time_left w
#? [60 3]

# --- clocks and the game -----------------------------------------------------
# An empty board first: the genmoves above may have taken E5 (two search
# threads make genmove's choice vary from run to run).
clear_board
kgs-time_settings absolute 60
70 time_left b 30 0
#? []
# undo gives no time back.
71 play b e5
#? []
72 undo
#? []
73 weiqi-time_left b
#? [30 0]
# A new game: full clocks, same settings.
74 clear_board
#? []
75 weiqi-time_left b
#? [60 0]
# Out of time, genmove still plays a legal move; the clock shows the loss.
76 time_left w 0 0
#? []
77 genmove w
#? [[A-HJ][1-9]]
78 weiqi-time_left w
#? [0 0 flagged]
# time_left clears the flag.
79 time_left w 5 0
#? []
80 weiqi-time_left w
#? [5 0]

# --- errors change nothing -----------------------------------------------------
kgs-time_settings byoyomi 600 60 5
time_left b 300 0
90 time_settings -1 -1 -1
#? ?[syntax error.*]
91 time_settings 1.5 0 0
#? ?[syntax error.*]
92 time_settings 60 0
#? ?[syntax error.*]
93 time_settings 60 0 0 0
#? ?[syntax error.*]
94 time_settings 1e3 0 0
#? ?[syntax error.*]
95 time_settings 60 inf 0
#? ?[syntax error.*]
96 time_left b 10.5 0
#? ?[syntax error.*]
97 time_left b 10 -1
#? ?[syntax error.*]
98 time_left purple 10 0
#? ?[syntax error.*]
99 kgs-time_settings sundial 10
#? ?[syntax error.*]
100 kgs-time_settings byoyomi 600 60
#? ?[syntax error.*]
101 kgs-time_settings absolute -60
#? ?[syntax error.*]
102 kgs-time_settings fischer 60 5
#? ?[syntax error.*]
103 kgs-time_settings
#? ?[syntax error.*]
104 weiqi-time_settings fischer 60
#? ?[syntax error.*]
105 weiqi-time_left
#? ?[syntax error.*]
106 weiqi-time_left b w
#? ?[syntax error.*]
# After all of those, the settings and the clock are as they were.
107 weiqi-time_left b
#? [300 0]
108 weiqi-time_left w
#? [600 0]

# Huge values clamp to the clock's limit (about 31 years) instead of failing.
110 time_settings 99999999999999999999999 0 0
#? []
111 weiqi-time_left b
#? [1000000000 0]
112 time_left b 18446744073709551616 4294967296
#? []
