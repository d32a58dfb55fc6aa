# ko.tst: simple ko, positional and situational superko, suicide.
#
# Rules are chosen with kata-set-rules (docs/RULES.md presets):
#   chinese       positional superko, suicide illegal (the default)
#   japanese      simple ko,          suicide illegal
#   korean        simple ko,          suicide illegal
#   tromp-taylor  positional superko, multi-stone suicide legal
#   aga           situational superko, suicide illegal
#   new-zealand   situational superko, multi-stone suicide legal
# The immediate recapture of a ko is illegal under every rule set.
# Each scenario sets the rules first, then builds its position from an
# empty board.


# === Simple ko, and a ko threat ===========================================
#
#   6 . B W .        Black F5 has just taken a white stone on E5.
#   5 B . B<W        White may not retake at E5 at once; after a ko threat
#   4 . B W .        (White B8) and its answer (Black B7) White may.
#     D E F G
#
# Moves: B D5, W F6, B E6, W F4, B E4, W G5, B J1, W E5, B F5 (captures).


# Under japanese:
kata-set-rules japanese
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b j1
play w e5
10 play b f5
#? []
11 captures black
#? [1]
12 is_legal w e5
#? [0]
13 play w e5
#? ?[illegal move.*]
play w b8
play b b7
14 is_legal w e5
#? [1]
15 play w e5
#? []
16 captures white
#? [1]
17 color f5
#? [empty]
# And now Black may not retake at once.
18 is_legal b f5
#? [0]

# Under chinese:
kata-set-rules chinese
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b j1
play w e5
30 play b f5
#? []
31 captures black
#? [1]
32 is_legal w e5
#? [0]
33 play w e5
#? ?[illegal move.*]
play w b8
play b b7
34 is_legal w e5
#? [1]
35 play w e5
#? []
36 captures white
#? [1]
37 color f5
#? [empty]
# And now Black may not retake at once.
38 is_legal b f5
#? [0]

# Under aga:
kata-set-rules aga
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b j1
play w e5
50 play b f5
#? []
51 captures black
#? [1]
52 is_legal w e5
#? [0]
53 play w e5
#? ?[illegal move.*]
play w b8
play b b7
54 is_legal w e5
#? [1]
55 play w e5
#? []
56 captures white
#? [1]
57 color f5
#? [empty]
# And now Black may not retake at once.
58 is_legal b f5
#? [0]

# === Positional vs situational superko, simple ko =========================
#
# Position A:        6 . B W .      Black F5 stands in atari (liberty E5).
#                    5 B . B W
#                    4 . B W .
#                      D E F G
# Scenario 1 (A arises from a White move, so with Black to move):
#   B D5, W F6, B E6, W F4, B E4, B F5, W G5   -> A, Black to move
#   W E5 (White again: GTP allows it) takes F5 -> A', Black to move
#   B pass, W pass                             -> the ko ban is gone
#   B F5 would take E5 and recreate A, now with White to move.
# A has occurred: positional superko forbids it. (A, White to move) has not:
# situational superko allows it, and simple ko allows it after the passes.


# Scenario 1 under chinese: is_legal b f5 = 0.
kata-set-rules chinese
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
# Right after the capture, the immediate retake is illegal under any rules.
200 is_legal b f5
#? [0]
play b pass
play w pass
201 is_legal b f5
#? [0]
202 play b f5
#? ?[illegal move.*]
203 color e5
#? [white]

# Scenario 1 under tromp-taylor: is_legal b f5 = 0.
kata-set-rules tromp-taylor
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
# Right after the capture, the immediate retake is illegal under any rules.
210 is_legal b f5
#? [0]
play b pass
play w pass
211 is_legal b f5
#? [0]
212 play b f5
#? ?[illegal move.*]
213 color e5
#? [white]

# Scenario 1 under japanese: is_legal b f5 = 1.
kata-set-rules japanese
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
# Right after the capture, the immediate retake is illegal under any rules.
220 is_legal b f5
#? [0]
play b pass
play w pass
221 is_legal b f5
#? [1]
222 play b f5
#? []
223 color e5
#? [empty]

# Scenario 1 under korean: is_legal b f5 = 1.
kata-set-rules korean
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
# Right after the capture, the immediate retake is illegal under any rules.
230 is_legal b f5
#? [0]
play b pass
play w pass
231 is_legal b f5
#? [1]
232 play b f5
#? []
233 color e5
#? [empty]

# Scenario 1 under aga: is_legal b f5 = 1.
kata-set-rules aga
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
# Right after the capture, the immediate retake is illegal under any rules.
240 is_legal b f5
#? [0]
play b pass
play w pass
241 is_legal b f5
#? [1]
242 play b f5
#? []
243 color e5
#? [empty]

# Scenario 1 under new-zealand: is_legal b f5 = 1.
kata-set-rules new-zealand
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play b f5
play w g5
play w e5
# Right after the capture, the immediate retake is illegal under any rules.
250 is_legal b f5
#? [0]
play b pass
play w pass
251 is_legal b f5
#? [1]
252 play b f5
#? []
253 color e5
#? [empty]

# Scenario 2: the same shape, but A arises from Black's move F5 (White to
# move), as in a normal game:
#   B D5, W F6, B E6, W F4, B E4, W G5, B F5   -> A, White to move
#   W E5 takes F5; B pass; W pass; B F5 would recreate A with White to move:
# forbidden by both superko rules, allowed by simple ko.


# Scenario 2 under chinese: is_legal b f5 = 0.
kata-set-rules chinese
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b f5
play w e5
play b pass
play w pass
300 is_legal b f5
#? [0]
301 play b f5
#? ?[illegal move.*]

# Scenario 2 under tromp-taylor: is_legal b f5 = 0.
kata-set-rules tromp-taylor
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b f5
play w e5
play b pass
play w pass
310 is_legal b f5
#? [0]
311 play b f5
#? ?[illegal move.*]

# Scenario 2 under japanese: is_legal b f5 = 1.
kata-set-rules japanese
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b f5
play w e5
play b pass
play w pass
320 is_legal b f5
#? [1]
321 play b f5
#? []

# Scenario 2 under korean: is_legal b f5 = 1.
kata-set-rules korean
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b f5
play w e5
play b pass
play w pass
330 is_legal b f5
#? [1]
331 play b f5
#? []

# Scenario 2 under aga: is_legal b f5 = 0.
kata-set-rules aga
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b f5
play w e5
play b pass
play w pass
340 is_legal b f5
#? [0]
341 play b f5
#? ?[illegal move.*]

# Scenario 2 under new-zealand: is_legal b f5 = 0.
kata-set-rules new-zealand
boardsize 9
clear_board
play b d5
play w f6
play b e6
play w f4
play b e4
play w g5
play b f5
play w e5
play b pass
play w pass
350 is_legal b f5
#? [0]
351 play b f5
#? ?[illegal move.*]

# === Suicide ================================================================
#
# Single stone:   2 W .          Black A1 has no liberty and captures
#                 1 .<W          nothing: illegal under every rule set.
#                   A B

kata-set-rules chinese
boardsize 9
clear_board
play w a2
play w b1
400 is_legal b a1
#? [0]
401 play b a1
#? ?[illegal move.*]
kata-set-rules japanese
boardsize 9
clear_board
play w a2
play w b1
403 is_legal b a1
#? [0]
404 play b a1
#? ?[illegal move.*]
kata-set-rules korean
boardsize 9
clear_board
play w a2
play w b1
406 is_legal b a1
#? [0]
407 play b a1
#? ?[illegal move.*]
kata-set-rules tromp-taylor
boardsize 9
clear_board
play w a2
play w b1
409 is_legal b a1
#? [0]
410 play b a1
#? ?[illegal move.*]
kata-set-rules aga
boardsize 9
clear_board
play w a2
play w b1
412 is_legal b a1
#? [0]
413 play b a1
#? ?[illegal move.*]
kata-set-rules new-zealand
boardsize 9
clear_board
play w a2
play w b1
415 is_legal b a1
#? [0]
416 play b a1
#? ?[illegal move.*]

# Two stones:     2 W W .        Black A1 is played first, then White A2 B2
#                 1 B .<W        C1. Black B1 would join A1 into a chain
#                   A B C        without liberties that captures nothing:
# multi-stone suicide, legal under tromp-taylor and new-zealand only. Played,
# it removes A1 and B1. The position after it (White A2 B2 C1 alone) has not
# occurred before, so superko does not forbid it.


# Under chinese: is_legal b b1 = 0.
kata-set-rules chinese
boardsize 9
clear_board
play b a1
play w a2
play w b2
play w c1
500 is_legal b b1
#? [0]
# White B1 captures A1: legal everywhere.
501 is_legal w b1
#? [1]
502 play b b1
#? ?[illegal move.*]
503 color a1
#? [black]

# Under japanese: is_legal b b1 = 0.
kata-set-rules japanese
boardsize 9
clear_board
play b a1
play w a2
play w b2
play w c1
510 is_legal b b1
#? [0]
# White B1 captures A1: legal everywhere.
511 is_legal w b1
#? [1]
512 play b b1
#? ?[illegal move.*]
513 color a1
#? [black]

# Under korean: is_legal b b1 = 0.
kata-set-rules korean
boardsize 9
clear_board
play b a1
play w a2
play w b2
play w c1
520 is_legal b b1
#? [0]
# White B1 captures A1: legal everywhere.
521 is_legal w b1
#? [1]
522 play b b1
#? ?[illegal move.*]
523 color a1
#? [black]

# Under aga: is_legal b b1 = 0.
kata-set-rules aga
boardsize 9
clear_board
play b a1
play w a2
play w b2
play w c1
530 is_legal b b1
#? [0]
# White B1 captures A1: legal everywhere.
531 is_legal w b1
#? [1]
532 play b b1
#? ?[illegal move.*]
533 color a1
#? [black]

# Under tromp-taylor: is_legal b b1 = 1.
kata-set-rules tromp-taylor
boardsize 9
clear_board
play b a1
play w a2
play w b2
play w c1
540 is_legal b b1
#? [1]
# White B1 captures A1: legal everywhere.
541 is_legal w b1
#? [1]
542 play b b1
#? []
543 color a1
#? [empty]
544 color b1
#? [empty]
545 list_stones black
#? []
546 list_stones white
#? [((A2|B2|C1)( |$)){3}]
# Black A1 now (Black again) would recreate the stones of the position
# after White C1: positional superko forbids it.
547 is_legal b a1
#? [0]

# Under new-zealand: is_legal b b1 = 1.
kata-set-rules new-zealand
boardsize 9
clear_board
play b a1
play w a2
play w b2
play w c1
550 is_legal b b1
#? [1]
# White B1 captures A1: legal everywhere.
551 is_legal w b1
#? [1]
552 play b b1
#? []
553 color a1
#? [empty]
554 color b1
#? [empty]
555 list_stones black
#? []
556 list_stones white
#? [((A2|B2|C1)( |$)){3}]
# Black A1 now (Black again) would recreate the stones of the position
# after White C1, but with White to move; that position had Black to move,
# so situational superko allows it.
557 is_legal b a1
#? [1]

# Back to the default rules for whoever runs after this file.
kata-set-rules chinese
