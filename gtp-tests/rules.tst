# rules.tst: kata-set-rules, kata-get-rules, kgs-rules.
#
# kata-get-rules answers KataGo's rules JSON, keys in this order:
# ko, scoring, tax, suicide (multi-stone suicide legal), hasButton,
# whiteHandicapBonus. The presets are the table of docs/RULES.md.

# The default is chinese.
10 kata-get-rules
#? [\{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N"\}]

20 kata-set-rules japanese
#? []
21 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]
22 kata-set-rules korean
#? []
23 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]
24 kata-set-rules tromp-taylor
#? []
25 kata-get-rules
#? [\{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0"\}]
26 kata-set-rules aga
#? []
27 kata-get-rules
#? [\{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N-1"\}]
28 kata-set-rules new-zealand
#? []
29 kata-get-rules
#? [\{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0"\}]
30 kata-set-rules chinese
#? []
31 kata-get-rules
#? [\{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N"\}]

# Aliases: chinese-ogs and chinese-kgs are weiqi's chinese (docs/RULES.md).
kata-set-rules japanese
32 kata-set-rules chinese-ogs
#? []
33 kata-get-rules
#? [\{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N"\}]
kata-set-rules japanese
34 kata-set-rules chinese-kgs
#? []
35 kata-get-rules
#? [\{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N"\}]

# Unknown names fail and change nothing (the runner checks kata-get-rules
# around every error).
kata-set-rules aga
40 kata-set-rules martian
#? ?[.+]
41 kata-set-rules
#? ?[.+]
42 kata-set-rules chinese-martian
#? ?[.+]
43 kata-get-rules
#? [\{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N-1"\}]

# The JSON form, as KataGo takes it: the rest of the line.
50 kata-set-rules {"ko":"SITUATIONAL","scoring":"TERRITORY","tax":"SEKI","suicide":true,"hasButton":false,"whiteHandicapBonus":"N-1"}
#? []
51 kata-get-rules
#? [\{"ko":"SITUATIONAL","scoring":"TERRITORY","tax":"SEKI","suicide":true,"hasButton":false,"whiteHandicapBonus":"N-1"\}]
# With spaces after the colons and commas (the JSON spans several GTP words).
52 kata-set-rules {"ko": "SIMPLE", "scoring": "AREA", "tax": "NONE", "suicide": false, "hasButton": false, "whiteHandicapBonus": "0"}
#? []
53 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]
# Bad JSON values, unknown keys and broken JSON fail and change nothing.
54 kata-set-rules {"ko":"SOMETIMES","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"}
#? ?[.+]
55 kata-set-rules {"ko":"SIMPLE","colour":"blue"}
#? ?[.+]
56 kata-set-rules {"ko":"SIMPLE",
#? ?[.+]
57 kata-set-rules {"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":true,"whiteHandicapBonus":"0"}
#? ?[.+]
58 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]

# kgs-rules: the four names kgsGtp sends.
60 kgs-rules chinese
#? []
61 kata-get-rules
#? [\{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N"\}]
62 kgs-rules japanese
#? []
63 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]
64 kgs-rules aga
#? []
65 kata-get-rules
#? [\{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N-1"\}]
66 kgs-rules new_zealand
#? []
67 kata-get-rules
#? [\{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0"\}]
68 kgs-rules tromp-taylor-or-so
#? ?[.+]
69 kgs-rules
#? ?[.+]

# Rules survive clear_board and boardsize.
kata-set-rules japanese
70 clear_board
#? []
71 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]
72 boardsize 13
#? []
73 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"\}]

# Rules can change in the middle of a game without touching the board.
boardsize 9
clear_board
play b e5
play w c3
80 kata-set-rules tromp-taylor
#? []
81 color e5
#? [black]
82 color c3
#? [white]

# The scoring rule decides final_score. 9x9, komi 0.5, a Black wall on
# column E and no White stone: area counting gives Black all 81 points,
# territory counting the 72 empty points. Nine Black moves before White's
# first are a 9-stone handicap (inferred as KataGo does), which chinese
# compensates with 9 points to White and tromp-taylor does not.
clear_board
play b e1
play b e2
play b e3
play b e4
play b e5
play b e6
play b e7
play b e8
play b e9
kata-set-rules tromp-taylor
komi 0.5
90 final_score
#? [B\+80\.5]
kata-set-rules chinese
komi 0.5
92 final_score
#? [B\+71\.5]
kata-set-rules japanese
komi 0.5
91 final_score
#? [B\+71\.5]

kata-set-rules chinese
