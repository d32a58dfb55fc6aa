# protocol.tst: GTP framing, ids, the administrative commands.
#
# Numbered lines are sent with their number as the GTP id; the runner checks
# that the reply echoes it. `#>` lines (runner extension) send raw text to
# test the input framing of GTP.md: blank lines and comment-only lines get
# no reply (the id check of the next test would catch a stray reply), tabs
# are spaces, CR and other control characters are dropped.

1 protocol_version
#? [2]

# name and version: one non-empty line each.
2 name
#? [[^\n]+]
3 version
#? [[^\n]+]

# Id 0 is a valid id.
0 protocol_version
#? [2]

# A long id.
4294967295 protocol_version
#? [2]

# known_command: every command of the GTP.md table, and the extensions the
# other test files use.
10 known_command protocol_version
#? [true]
11 known_command name
#? [true]
12 known_command version
#? [true]
13 known_command known_command
#? [true]
14 known_command list_commands
#? [true]
15 known_command quit
#? [true]
16 known_command boardsize
#? [true]
17 known_command clear_board
#? [true]
18 known_command komi
#? [true]
19 known_command fixed_handicap
#? [true]
20 known_command place_free_handicap
#? [true]
21 known_command set_free_handicap
#? [true]
22 known_command play
#? [true]
23 known_command genmove
#? [true]
24 known_command reg_genmove
#? [true]
25 known_command undo
#? [true]
26 known_command time_settings
#? [true]
27 known_command time_left
#? [true]
28 known_command final_score
#? [true]
29 known_command final_status_list
#? [true]
30 known_command loadsgf
#? [true]
31 known_command showboard
#? [true]
32 known_command is_legal
#? [true]
33 known_command captures
#? [true]
34 known_command list_stones
#? [true]
35 known_command color
#? [true]
36 known_command countlib
#? [true]
37 known_command kata-set-rules
#? [true]
38 known_command kata-get-rules
#? [true]
39 known_command kgs-rules
#? [true]
40 known_command kgs-time_settings
#? [true]
41 known_command kgs-genmove_cleanup
#? [true]
42 known_command kgs-game_over
#? [true]

# Commands that do not exist.
50 known_command foo
#? [false]
51 known_command play_move
#? [false]
52 known_command kata-no-such-command
#? [false]

# list_commands contains the commands clients look for, one per line
# (the name alone on its line).
60 list_commands
#? [((.|\n)*\n)?play(\n(.|\n)*)?]
61 list_commands
#? [((.|\n)*\n)?genmove(\n(.|\n)*)?]
62 list_commands
#? [((.|\n)*\n)?quit(\n(.|\n)*)?]
63 list_commands
#? [((.|\n)*\n)?undo(\n(.|\n)*)?]
64 list_commands
#? [((.|\n)*\n)?known_command(\n(.|\n)*)?]
65 list_commands
#? [((.|\n)*\n)?kata-get-rules(\n(.|\n)*)?]
# Sabaki matches lines exactly: no trailing blanks on any line.
66 list_commands
#? [!(.|\n)*[ \t]\n(.|\n)*]
# Only command names: no spaces inside a line.
67 list_commands
#? [[^ \t]+(\n[^ \t]+)*]

# Unknown commands fail with `unknown command`, echoing the id.
70 foo
#? ?[unknown command]
71 PROTOCOL_VERSION_X
#? ?[unknown command]
72 kata-no-such-command 1 2 3
#? ?[unknown command]

# Framing. A trailing comment is cut off.
80 protocol_version # a trailing comment
#? [2]
81 known_command play#comment without space
#? [true]
# A blank line, a blank line with spaces and tabs, a comment-only line: no reply.
#>
#> \t   \t
#> # just a comment
#> \r
82 protocol_version
#? [2]
# Tabs separate like spaces.
#> 83\tprotocol_version
#? [2]
#> 84\tknown_command\tplay
#? [true]
# CR at the end of the line (CRLF input) is dropped.
#> 85 protocol_version\r
#? [2]
#> 86 known_command play\r
#? [true]
# Other control characters are dropped too.
#> 87 protocol_\x01version
#? [2]
#> 88 known_command pl\x7fay
#? [true]
# Several spaces between the parts.
89   known_command    play
#? [true]

# Successful commands without output answer an empty text.
90 clear_board
#? []
91 boardsize 9
#? []

# Errors echo the id too, and the engine keeps working afterwards.
92 boardsize 1
#? ?[unacceptable size.*]
93 protocol_version
#? [2]
