# absurd.tst: absurd arguments get clean errors (issue 7) and change nothing.
#
# Each test expects an error reply; the runner snapshots the state before
# and after and fails the test if anything changed.

boardsize 9
clear_board
komi 6.5
play b e5
play w c3

# --- board size --------------------------------------------------------------
10 boardsize 10000
#? ?[unacceptable size.*]
11 boardsize 99999999999999999999999999999999
#? ?[unacceptable size.*]
12 boardsize -19
#? ?[syntax error.*]
13 boardsize 0
#? ?[unacceptable size.*]
14 boardsize 1e3
#? ?[syntax error.*]

# --- komi --------------------------------------------------------------------
20 komi nan
#? ?[syntax error.*]
21 komi NaN
#? ?[syntax error.*]
22 komi inf
#? ?[syntax error.*]
23 komi -inf
#? ?[syntax error.*]
24 komi infinity
#? ?[syntax error.*]
25 komi 1e309
#? ?[syntax error.*]
26 komi 1e308
#? ?[syntax error.*]
27 komi -nan
#? ?[syntax error.*]
28 komi 0x10
#? ?[syntax error.*]

# --- handicap ----------------------------------------------------------------
clear_board
30 fixed_handicap 1000
#? ?[invalid number of stones.*]
31 fixed_handicap 99999999999999999999999999999999
#? ?[invalid number of stones.*]
32 fixed_handicap -1
#? ?[syntax error.*]
33 place_free_handicap 1000
#? ?[invalid number of stones.*]
34 place_free_handicap 99999999999999999999999999999999
#? ?[invalid number of stones.*]
35 set_free_handicap A99999999999 B2
#? ?[bad vertex list.*]

# --- time --------------------------------------------------------------------
40 time_settings -1 -1 -1
#? ?[syntax error.*]
41 time_settings nan 0 0
#? ?[syntax error.*]
42 time_settings inf 0 0
#? ?[syntax error.*]
43 time_settings 300 30 -1
#? ?[syntax error.*]
# A count too large for the clock saturates (the clock's choice, not an
# error): time_settings 300 30 99999999999999999999 is accepted.
45 time_left b -1 0
#? ?[syntax error.*]
46 time_left w nan 0
#? ?[syntax error.*]
47 kgs-time_settings byoyomi inf 30 5
#? ?[syntax error.*]
48 kgs-time_settings canadian 600 -30 5
#? ?[syntax error.*]

# --- vertices ----------------------------------------------------------------
boardsize 9
play b e5
50 play b A99999999999
#? ?[syntax error.*]
51 play w A99999999999999999999999999999999999
#? ?[syntax error.*]
52 is_legal b A99999999999
#? ?[syntax error.*]
53 color A99999999999
#? ?[syntax error.*]
54 countlib A99999999999
#? ?[syntax error.*]
55 final_status A99999999999
#? ?[syntax error.*]
56 play b Z0
#? ?[syntax error.*]
57 play b A-1
#? ?[syntax error.*]

# --- files -------------------------------------------------------------------
70 loadsgf /dev/zero
#? ?[cannot load file.*]
71 loadsgf /dev/zero 99999999999999999999
#? ?[(cannot load file|syntax error).*]
72 loadsgf /
#? ?[cannot load file.*]

# The engine still plays after all of that.
60 play w c3
#? []
61 color e5
#? [black]
