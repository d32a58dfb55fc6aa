#!/usr/bin/env python3
"""Makes gtp-tests/sgf/real/: records shaped like the ones found in the wild
(historical and hand-entered FF[1]/FF[3] records with free-text TM/OT, KGS,
CGoban, OGS, Fox, Tygem-converted, IGS-style headers, Chinese, Japanese,
Korean and Latin-1 text in their own charsets, long comments, variations,
B[tt] passes, mail headers, byte-order marks, CRLF), every one of which
`loadsgf` must load; and the refused records gtp-tests/sgf/bad-*.sgf that
gtp-tests/sgf.tst checks the replies of. Run once; the files are
committed, so tests need neither GNU Go nor this script.

All records are made here, byte by byte (no third-party record is copied).
Their moves come from GNU Go 3.8 playing itself (level 1), so they are
legal and capture. The expected position of each record is GNU Go's: the
script writes the same game as a plain FF[4] record, loads that into GNU Go
and lists its stones; gtp-tests/sgf/real/expected.tsv holds them, with the
game information weiqi must read from the record's own header (rules, komi,
main time, overtime). tests/sgf_real_records.rs checks weiqi against it.
"""

import json
import random
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_sgf_fixtures import GNUGO, Gtp, selfplay, sgf_point  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "gtp-tests", "sgf", "real")
BAD = os.path.join(ROOT, "gtp-tests", "sgf")
CACHE = os.path.join(tempfile.gettempdir(), "weiqi-real-games.json")
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def games():
    """GNU Go self-play games, cached between runs of this script."""
    if os.path.exists(CACHE):
        with open(CACHE) as f:
            return json.load(f)
    out = {}
    for name, size, komi, handicap, moves, seed in [
        ("a19", 19, "6.5", 0, 280, 11),
        ("b19", 19, "7.5", 0, 240, 12),
        ("h9", 19, "0.5", 9, 200, 13),
        ("h2", 19, "0.5", 2, 200, 14),
        ("h3", 19, "0.5", 3, 200, 15),
        ("c13", 13, "6.5", 0, 160, 16),
        ("d9", 9, "7", 0, 100, 17),
    ]:
        stones, played = selfplay(size, komi, handicap, moves, seed)
        out[name] = {"size": size, "stones": stones, "played": played}
        print(f"{name}: {len(played)} moves", file=sys.stderr)
    with open(CACHE, "w") as f:
        json.dump(out, f)
    return out


def esc(b):
    return b.replace(b"\\", b"\\\\").replace(b"]", b"\\]")


def prop(ident, value, enc="utf-8"):
    if isinstance(value, str):
        value = value.encode(enc)
    return ident.encode() + b"[" + esc(value) + b"]"


def moves_text(game, *, upto=None, tt_passes=False, ff3_case=False, comments=None,
               per_line=10, node_sep=b"", variations=(), extra=None, newline=b"\n"):
    """The main line as SGF nodes. `comments` maps a move index to bytes for
    a C[] on it; `variations` is a list of move indices where a variation
    (a sibling line of two moves, which need not be legal) branches off;
    `extra` maps a move index to more properties for its node."""
    size = game["size"]
    played = game["played"][:upto]
    parts = []
    for i, (c, v) in enumerate(played):
        point = sgf_point(size, v)
        if point == "" and tt_passes:
            point = "tt"
        ident = ("Black" if c == "black" else "White") if ff3_case else ("B" if c == "black" else "W")
        node = b";" + ident.encode() + b"[" + point.encode() + b"]"
        if comments and i in comments:
            node += b"C[" + esc(comments[i]) + b"]"
        if extra and i in extra:
            node += extra[i]
        parts.append(node)
    # Variations: nest the rest of the main line in a first variation and
    # add a second one beside it, from the innermost out.
    text = b""
    cut_points = sorted(set(variations), reverse=True)
    lines = parts
    tail = None
    for k in cut_points:
        if k <= 0 or k >= len(lines):
            continue
        rest = b"".join(lines[k:]) if tail is None else b"".join(lines[k:]) + tail
        alt = b"(;B[aa]C[a variation];W[ba])" if played[k][0] == "black" else \
            b"(;W[aa]C[a variation];B[ab])"
        tail = b"(" + rest + b")" + alt
        lines = lines[:k]
    chunks = []
    for i in range(0, len(lines), per_line):
        chunks.append(node_sep.join(lines[i:i + per_line]))
    text = newline.join(chunks)
    if tail is not None:
        text += newline + tail
    return text


def setup_text(game, enc_handicap=True):
    if not game["stones"]:
        return b""
    size = game["size"]
    pts = b"".join(b"[" + sgf_point(size, v).encode() + b"]" for v in game["stones"])
    ha = prop("HA", str(len(game["stones"]))) if enc_handicap else b""
    return ha + b"AB" + pts


def long_comment(n):
    words = ("Black's move here is a bit slow; White should answer at the 3-3 point "
             "[see the variation] or tenuki \\ the game is about the top side. ")
    return (words * n).encode()


def fixtures(g):
    """(name, bytes, game, moves loaded, expected info)."""
    A, B, H9, H2, H3, C13, D9 = (g[k] for k in ("a19", "b19", "h9", "h2", "h3", "c13", "d9"))
    out = []

    def add(name, data, game, upto=None, rules="-", komi="-", main="-", ot="-", to_move=None):
        n = len(game["played"][:upto])
        out.append((name, data, game, upto, n, rules, komi, main, ot, to_move))

    # --- Historical and hand-entered records (FF[3], free-text times) -------
    add("hist-ff3-12-hours-each", b"(;FF[3]GM[1]SZ[19]\n" + prop("EV", "6th Honinbo title match")
        + prop("RO", "Game 3") + prop("PB", "Hashimoto Utaro") + prop("BR", "8d")
        + prop("PW", "Iwamoto Kaoru") + prop("WR", "7d") + prop("DT", "1951-07-10,11")
        + prop("PC", "Tokyo") + prop("KM", "4.5") + prop("RU", "Japanese")
        + prop("TM", "12 hours each") + prop("RE", "B+R") + b"\n" + moves_text(A) + b")\n",
        A, rules="japanese", komi="4.5", main="43200")
    add("hist-ff3-9-hours", b"(;FF[3]GM[1]SZ[19]" + prop("EV", "Retirement game")
        + prop("PB", "Kitani Minoru") + prop("PW", "Honinbo Shusai")
        + prop("DT", "1938-06-26 to 1938-12-04") + prop("TM", "9 hours")
        + prop("RE", "B+5") + prop("GC", "No komi. Adjourned fourteen times.") + b"\n"
        + moves_text(B) + b")\n", B, main="32400")
    add("hist-ff3-8-hours-each", b"(;FF[3]GM[1]SZ[19]" + prop("EV", "1st Meijin league")
        + prop("PB", "Sakata Eio") + prop("PW", "Fujisawa Shuko") + prop("DT", "1962-03-14")
        + prop("KM", "5") + prop("TM", "8 hours each") + prop("OT", "1 minute byo-yomi")
        + prop("RU", "Japanese") + prop("RE", "W+R") + b"\n" + moves_text(A, upto=180)
        + b")\n", A, upto=180, rules="japanese", komi="5", main="28800", ot="1x60")
    add("hist-tm-1h", b"(;FF[3]GM[1]SZ[19]" + prop("PB", "Black") + prop("PW", "White")
        + prop("KM", "6.5") + prop("TM", "1h") + prop("OT", "3x30 byo-yomi")
        + prop("RE", "W+2.5") + b"\n" + moves_text(B) + b")\n", B, komi="6.5", main="3600",
        ot="3x30")
    add("hist-ot-periods", b"(;FF[3]GM[1]SZ[19]" + prop("EV", "NHK Cup") + prop("KM", "5.5")
        + prop("TM", "3 hours each") + prop("OT", "5 periods of 30 s") + prop("RU", "Japanese")
        + prop("DT", "1985-02-03") + b"\n" + moves_text(A, upto=150) + b")\n", A, upto=150,
        rules="japanese", komi="5.5", main="10800", ot="5x30")
    add("hist-tm-clock-notation", b"(;FF[3]GM[1]SZ[13]" + prop("TM", "30:00(5x1:00)")
        + prop("PB", "Ishida") + prop("PW", "Kato") + prop("KM", "5.5") + b"\n"
        + moves_text(C13) + b")\n", C13, komi="5.5", main="1800", ot="5x60")
    add("ff1-oldstyle", b"(;GM[1]VW[]\n" + prop("GN", "old record") + prop("US", "typed in by hand")
        + prop("ID", "1234") + b"\n"
        + moves_text(B, tt_passes=True, extra={5: b"L[aa][bb]M[cc]", 20: b"BL[1800]"})
        + b";W[tt];B[tt])\n", B, to_move="white")
    add("ff3-mixed-case-identifiers", b"(;GaMe[1]FileFormat[3]SiZe[19]PlayerBlack[Go Seigen]"
        b"PlayerWhite[Kitani Minoru]KoMi[0]TiMe[13 hours each over 2 days]\n"
        + moves_text(A, upto=200, ff3_case=True) + b")\n", A, upto=200, komi="0",
        main="46800")
    add("no-ff-gm-tt-passes", b"(;SZ[19]\n" + moves_text(B, tt_passes=True)
        + b"\n;B[tt];W[tt])\n", B, to_move="black")
    add("ff3-mn-numbers", b"(;FF[3]GM[1]SZ[9]KM[5.5]TM[15 minutes each]\n"
        + moves_text(D9, tt_passes=True, extra={i: b"MN[%d]" % (i + 1) for i in range(0, 60, 7)})
        + b")\n", D9, komi="5.5", main="900")

    # --- Servers ----------------------------------------------------------------
    kgs_chat = {
        0: b"alice [2d]: hi\nbob [1d]: hello, have a good game\n",
        30: b"bob [1d]: oops [misclick\\]\n",
    }
    kgs_times = {i: (b"WL[%d]OW[%d]" % (280 - i, 5)) if i % 2 else (b"BL[%d]" % (290 - i))
                 for i in range(1, 40)}
    add("kgs-cgoban3", b"(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]\nRU[Japanese]SZ[19]KM[6.50]"
        b"TM[300]OT[5x30 byo-yomi]\nPW[bob]PB[alice]WR[1d]BR[2d]DT[2020-05-17]"
        b"PC[The KGS Go Server at http://www.gokgs.com/]RE[W+Resign]\n"
        + moves_text(A, upto=40, comments=kgs_chat, extra=kgs_times, per_line=1)
        + b")\n", A, upto=40, rules="japanese", komi="6.5", main="300", ot="5x30")
    add("kgs-canadian-handicap", b"(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]\nRU[Japanese]SZ[19]"
        + setup_text(H3) + b"KM[0.50]TM[1200]OT[25/600 Canadian]\nPW[teacher]PB[student]"
        b"WR[5d]BR[2k]DT[2019-01-05]PC[The KGS Go Server at http://www.gokgs.com/]RE[W+12.50]\n"
        + moves_text(H3) + b")\n", H3, rules="japanese", komi="0.5", main="1200",
        ot="25/600c")
    add("kgs-chinese-free", b"(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]RU[Chinese]SZ[13]KM[7.50]"
        b"TM[0]OT[1x30 byo-yomi]PW[w]PB[b]DT[2021-03-03]PC[The KGS Go Server]RE[B+R]\n"
        + moves_text(C13) + b")\n", C13, rules="chinese", komi="7.5", main="0", ot="1x30")
    add("cgoban2", b"(;GM[1]FF[4]AP[CGoban:2]ST[2]RU[Japanese]SZ[19]" + setup_text(H2)
        + b"KM[0.50]TM[1800]OT[25/300 Canadian]PW[White]PB[Black]GN[White (W) vs. Black (B)]"
        b"DT[2004-06-01]SY[Cgoban 2.6.12]\n" + moves_text(H2) + b")\n", H2, rules="japanese",
        komi="0.5", main="1800", ot="25/300c")
    add("cgoban1-ff3", b"(;GM[1]FF[3]RU[Japanese]SZ[19]HA[0]KM[5.5]PW[white]PB[black]"
        b"GN[white-black]DT[1998-09-11]SY[Cgoban 1.9.2]TM[1:00:00(10:00/25)]\n"
        + moves_text(B) + b")\n", B, rules="japanese", komi="5.5", main="3600",
        ot="25/600c")
    add("ogs-handicap-9", b"(;FF[4]CA[UTF-8]GM[1]DT[2021-11-01]PC[OGS: https://online-go.com/game/1]"
        b"GN[Friendly Match]PB[learner]PW[helper]BR[11k]WR[3d]TM[3600]OT[15/600 canadian]"
        b"RE[W+R]SZ[19]KM[0.5]RU[Japanese]" + setup_text(H9) + b"AP[Sabaki:0.52.1]\n"
        + moves_text(H9, comments={3: b"helper: good luck\nlearner: thanks\n"}) + b")\n", H9,
        rules="japanese", komi="0.5", main="3600", ot="15/600c")
    add("ogs-fischer", b"(;FF[4]CA[UTF-8]GM[1]DT[2022-02-02]PC[OGS: https://online-go.com/game/2]"
        b"PB[a]PW[b]TM[600]OT[30 fischer]RE[B+5.5]SZ[9]KM[7]RU[chinese]\n" + moves_text(D9)
        + b")\n", D9, rules="chinese", komi="7", main="600", ot="30f")
    add("ogs-simple", b"(;FF[4]CA[UTF-8]GM[1]DT[2022-03-03]PB[a]PW[b]TM[0]OT[30 simple]RE[?]"
        b"SZ[13]KM[6.5]RU[AGA]\n" + moves_text(C13, upto=100) + b")\n", C13, upto=100,
        rules="aga", komi="6.5", main="0", ot="1x30")
    fox_head = ("(;GM[1]FF[4]\r\nSZ[19]\r\nGN[]\r\nDT[2021-05-28]\r\nPB[星辰大海]\r\nPW[落子无悔]"
                "\r\nBR[9段]\r\nWR[9段]\r\n").encode()
    add("fox-chinese", fox_head + b"KM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]RN[3]RE[W+R]TM[600]"
        b"TC[3]TT[30]AP[foxwq]RL[0]\r\n" + moves_text(A, newline=b"\r\n", per_line=1000)
        + b")", A, rules="chinese", komi="7.5", main="600", ot="3x30")
    add("fox-japanese-blitz", fox_head.replace(b"2021-05-28", b"2022-01-09")
        + b"KM[650]HA[0]RU[Japanese]AP[GNU Go:3.8]RN[3]RE[B+0.5]TM[60]TC[3]TT[15]AP[foxwq]"
        b"RL[0]\r\n" + moves_text(B, newline=b"\r\n", per_line=1000) + b")", B,
        rules="japanese", komi="6.5", main="60", ot="3x15")
    add("fox-handicap", fox_head + b"KM[0]HA[2]" + setup_text(H2, enc_handicap=False)
        + b"RU[Chinese]AP[GNU Go:3.8]RE[W+R]TM[1200]TC[3]TT[30]AP[foxwq]\r\n"
        + moves_text(H2, newline=b"\r\n") + b")", H2, rules="chinese", komi="0", main="1200",
        ot="3x30")
    add("tygem-converted", b"(;CA[UTF-8]GM[1]FF[4]AP[converter]\nSZ[19]GN[7731]\nDT[2015-03-02]\n"
        + prop("PB", "바둑왕") + b"BR[9d]\n" + prop("PW", "돌부처") + b"WR[9d]\n"
        + prop("RE", "W+R") + prop("RO", "3") + b"KM[6.5]RU[Japanese]TM[10 min]OT[3x 30 sec]\n"
        b"PC[TYGEM]\n" + moves_text(B) + b")\n", B, rules="japanese", komi="6.5", main="600",
        ot="3x30")
    add("tygem-korean-euckr", b"(;GM[1]FF[4]CA[EUC-KR]SZ[19]" + prop("EV", "제5회 타이젬 배", "euc_kr")
        + prop("PB", "이창호", "euc_kr") + prop("PW", "조훈현", "euc_kr") + prop("BR", "9단", "euc_kr")
        + prop("WR", "9단", "euc_kr") + prop("RE", "백 불계승", "euc_kr")
        + prop("RU", "한국 규칙", "euc_kr") + b"KM[6.5]" + prop("TM", "각 3시간", "euc_kr")
        + prop("OT", "1분 초읽기 5회", "euc_kr") + prop("DT", "2003-11-20")
        + prop("GC", "흑이 초반에 우세했으나 백의 역전승.", "euc_kr") + b"\n" + moves_text(A)
        + b")\n", A, komi="6.5", main="10800", ot="5x60")
    add("igs-style", b"(;GM[1]FF[4]SZ[13]PW[guest1]WR[5k]PB[guest2]BR[5k]KM[0.5]DT[2001-07-07]"
        b"PC[IGS]TM[600]OT[25 moves / 10 min]US[recorded by a client]\n" + moves_text(C13)
        + b")\n", C13, komi="0.5", main="600", ot="25/600c")

    # --- Chinese, Japanese, Korean, European headers ---------------------------
    gb = "gb2312"
    add("chinese-gb2312", b"(;FF[4]GM[1]CA[GB2312]SZ[19]" + prop("EV", "中国围棋甲级联赛第五轮", gb)
        + prop("PB", "常昊", gb) + prop("PW", "古力", gb) + prop("RE", "黑中盘胜", gb)
        + prop("RU", "中国规则", gb) + b"KM[7.5]" + prop("TM", "各2小时", gb)
        + prop("OT", "1分钟5次", gb) + prop("DT", "2008-04-12") + prop("PC", "重庆", gb)
        + b"\n" + moves_text(A, comments={i: ("第%d手：这里是长评论，" % (i + 1) * 20).encode(gb)
                                           for i in range(0, 200, 13)}) + b")\n", A,
        komi="7.5", main="7200", ot="5x60")
    add("chinese-utf8", b"(;FF[4]GM[1]CA[UTF-8]SZ[19]" + prop("EV", "第二十届LG杯决赛")
        + prop("PB", "柯洁") + prop("PW", "申真谞") + prop("RU", "中国规则") + b"KM[7.5]"
        + prop("TM", "每方3小时") + prop("OT", "5次1分钟读秒") + prop("RE", "B+R")
        + prop("DT", "2016-02-15") + b"\n" + moves_text(B) + b")\n", B, rules="chinese",
        komi="7.5", main="10800", ot="5x60")
    sj = "shift_jis"
    add("japanese-shiftjis", b"(;FF[4]GM[1]CA[Shift_JIS]SZ[19]" + prop("EV", "第六十期本因坊戦", sj)
        + prop("PB", "表太郎", sj) + prop("PW", "能登", sj) + prop("RU", "日本ルール", sj)
        + b"KM[6.5]" + prop("TM", "各8時間", sj) + prop("OT", "1分5回", sj)
        + prop("RE", "白中押し勝ち", sj) + prop("DT", "2005-05-10,11") + b"\n"
        + moves_text(A, comments={10: "表の手".encode(sj), 50: "ソ\\".encode(sj)}) + b")\n", A,
        komi="6.5", main="28800", ot="5x60")
    add("japanese-utf8", b"(;FF[4]GM[1]CA[UTF-8]SZ[19]" + prop("EV", "第四十期名人戦")
        + prop("PB", "井山裕太") + prop("PW", "張栩") + prop("RU", "日本ルール") + b"KM[6.5]"
        + prop("TM", "各5時間") + prop("OT", "1分の秒読み") + prop("RE", "B+R") + b"\n"
        + moves_text(B) + b")\n", B, rules="japanese", komi="6.5", main="18000", ot="1x60")
    add("korean-utf8", b"(;FF[4]GM[1]CA[UTF-8]SZ[19]" + prop("EV", "제15기 명인전")
        + prop("PB", "박정환") + prop("PW", "신진서") + prop("RU", "한국 규칙") + b"KM[6.5]"
        + prop("TM", "각 3시간") + prop("OT", "1분 초읽기 5회") + prop("RE", "W+R") + b"\n"
        + moves_text(A) + b")\n", A, rules="korean", komi="6.5", main="10800", ot="5x60")
    add("latin1-european", b"(;FF[4]GM[1]CA[ISO-8859-1]SZ[19]"
        + prop("EV", "Championnat d'Europe", "latin-1") + prop("PB", "José Müller", "latin-1")
        + prop("PW", "Søren Ærø", "latin-1") + prop("KM", "6½", "latin-1")
        + prop("TM", "1h 30m") + prop("OT", "3x30s") + prop("RU", "AGA") + b"\n"
        + moves_text(B, comments={0: "Première partie".encode("latin-1")}) + b")\n", B,
        rules="aga", komi="6.5", main="5400", ot="3x30")

    # --- Structure: comments, variations, passes, odd bytes -------------------
    add("long-comments", b"(;FF[4]GM[1]CA[UTF-8]SZ[13]KM[6.5]GC[" + esc(long_comment(200))
        + b"]\n" + moves_text(C13, comments={i: long_comment(60) + b"\\\nsoft break"
                                                 for i in range(0, 120, 3)},
                              extra={i: b"LB[aa:A][bb:B]TR[cc]SQ[dd]N[node %d]" % i
                                     for i in range(1, 120, 5)}) + b")\n", C13, komi="6.5")
    add("variations", b"(;FF[4]GM[1]SZ[19]KM[7.5]RU[Chinese]\n"
        + moves_text(B, variations=(1, 10, 57, 100, 150, 151)) + b")\n", B, rules="chinese",
        komi="7.5")
    add("root-variations", b"(;FF[4]GM[1]SZ[9]KM[7]C[two openings](" + moves_text(D9)
        + b")(;B[ee];W[cc];B[gg]))\n", D9, komi="7")
    add("passes-tt-midgame", b"(;FF[3]GM[1]SZ[19]KM[6.5]RE[W+2.5]\n"
        + moves_text(A, upto=100, tt_passes=True) + b"\n;B[tt];W[tt]"
        + moves_text(A, tt_passes=True)[len(moves_text(A, upto=100, tt_passes=True)):]
        + b"\n;B[tt];W[tt])\n", A, komi="6.5", to_move="black")
    add("katago-selfplay", b"(;FF[4]GM[1]SZ[19]PB[kata-a]PW[kata-b]HA[0]KM[7.5]"
        b"RU[koPOSITIONALscoreAREAtaxNONEsui1whbN]RE[W+R]\n"
        + moves_text(B, comments={i: b"0.52 0.48 0 -1.2 v=400" for i in range(len(B["played"]))})
        + b")\n", B, rules="koPOSITIONALscoreAREAsui1whbN", komi="7.5")
    add("odd-metadata", b"(;FF[4]GM[1]SZ[19]KM[6 1/2]RU[Japanese 1989]TM[no limit]"
        b"OT[sudden death]DT[sometime in 1990]RE[]XX[unknown]YY[a][b]BL[]WL[x]PB[][]AP[a][b]\n"
        + moves_text(A, upto=120) + b")\n", A, upto=120, rules="japanese", komi="6.5")
    add("empty-values", b"(;FF[4]GM[1]SZ[19]KM[]TM[]OT[]RU[]DT[]RE[]HA[]\n" + moves_text(B)
        + b")\n", B)
    add("mail-header-collection", b"From: someone@example.org\nSubject: our game (finally)\n\n"
        b"Here it is:\n\n(;FF[4]GM[1]SZ[9]KM[7]PB[me]PW[you]\n" + moves_text(D9)
        + b")\n(;FF[4]GM[1]SZ[13];B[aa])\n-- \nsignature (with brackets]\n", D9, komi="7")
    add("bom-crlf-tabs", b"\xef\xbb\xbf(;FF[4]\tGM[1]\r\n\tSZ[19]\r\n\tKM[6.5]\r\n"
        + moves_text(A, newline=b"\r\n\t", node_sep=b" ") + b"\r\n)\r\n", A, komi="6.5")
    add("gogui-setup-pl", b"(;FF[4]CA[UTF-8]AP[GoGui:1.5.1]SZ[9]KM[6.5]PB[x]PW[y]"
        b"AB[cc][gc]AW[cg][gg]PL[W]\n" + b";W[ee];B[ec];W[eg];B[dd]" + b")\n",
        {"size": 9, "stones": [], "played": [["white", "E5"], ["black", "E7"],
                                             ["white", "E3"], ["black", "D6"]],
         "setup": {"black": ["C7", "G7"], "white": ["C3", "G3"]}, "first": "white"},
        komi="6.5")
    return out


def canonical(game, upto):
    """The same position as a plain FF[4] record, for GNU Go."""
    size = game["size"]
    s = b"(;FF[4]GM[1]SZ[%d]KM[0]" % size
    if game["stones"]:
        s += b"HA[%d]AB" % len(game["stones"])
        s += b"".join(b"[" + sgf_point(size, v).encode() + b"]" for v in game["stones"])
    for color, pts in game.get("setup", {}).items():
        s += (b"AB" if color == "black" else b"AW")
        s += b"".join(b"[" + sgf_point(size, v).encode() + b"]" for v in pts)
    if "first" in game:
        s += b"PL[%s]" % (b"W" if game["first"] == "white" else b"B")
    for c, v in game["played"][:upto]:
        s += b";" + (b"B" if c == "black" else b"W") + b"[" + sgf_point(size, v).encode() + b"]"
    return s + b")\n"


def expected(game, upto):
    """GNU Go's stones and colour to move after the canonical record."""
    with tempfile.NamedTemporaryFile(suffix=".sgf", delete=False) as f:
        f.write(canonical(game, upto))
        path = f.name
    g = Gtp()
    to_move = g.ask(f"loadsgf {path}")
    black = sorted(g.ask("list_stones black").split())
    white = sorted(g.ask("list_stones white").split())
    g.close()
    os.unlink(path)
    return to_move, black, white


def bad_records(g):
    """The refused records of gtp-tests/sgf.tst (besides the older bad-*)."""
    A = g["a19"]
    size = 19
    # A professional record mis-transcribed at move 228: White on a point
    # that is occupied (D11 if it is, else the first occupied point).
    played = [tuple(m) for m in A["played"][:227] if m[1].lower() != "pass"]
    gtp = Gtp()
    gtp.ask("boardsize 19")
    gtp.ask("clear_board")
    for c, v in played:
        gtp.ask(f"play {c} {v}")
    # GNU Go's game ends early: go on with legal moves at random points
    # (as a long game's endgame would, for the record's shape) until 227.
    rng = random.Random(228)
    color = "white" if played[-1][0] == "black" else "black"
    while len(played) < 227:
        v = rng.choice(LETTERS[:19]) + str(rng.randint(1, 19))
        if gtp.ask(f"is_legal {color} {v}") == "1":
            gtp.ask(f"play {color} {v}")
            played.append((color, v))
            color = "white" if color == "black" else "black"
    stones = set(gtp.ask("list_stones black").split()) | set(gtp.ask("list_stones white").split())
    gtp.close()
    target = "D11" if "D11" in stones else sorted(stones)[0]
    body = b"".join(b";" + (b"B" if c == "black" else b"W") + b"[" + sgf_point(size, v).encode()
                    + b"]" + (b"\n" if i % 10 == 9 else b"") for i, (c, v) in enumerate(played))
    rec = (b"(;FF[3]GM[1]SZ[19]" + prop("EV", "Oza title match") + prop("PB", "Black player")
           + prop("PW", "White player") + b"KM[5.5]TM[8 hours each]RE[W+R]\n" + body
           + b";W[" + sgf_point(size, target).encode() + b"];B[aa])\n")
    files = {
        "bad-occupied-228.sgf": rec,
        "bad-size-30.sgf": b"(;FF[4]GM[1]SZ[30];B[aa])\n",
        "bad-rectangular.sgf": b"(;FF[4]GM[1]SZ[19:13];B[aa])\n",
        "bad-not-sgf.sgf": b"<html><head><title>Game record</title></head>\n<body>Sorry, "
                           b"this game was removed.</body></html>\n",
        "bad-binary.sgf": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR(\x00\x01",
        "bad-suicide.sgf": b"(;FF[4]GM[1]SZ[9]RU[Japanese];B[ba];W[ee];B[ab];W[ef];W[aa])\n",
        "bad-ko.sgf": b"(;FF[4]GM[1]SZ[9]RU[Japanese];B[ce];W[fe];B[dd];W[ed];B[df];W[ef];"
                      b"B[ee];W[de];B[ee])\n",
        "bad-setup-after-moves.sgf": b"(;FF[4]GM[1]SZ[9];B[ee];W[cc];B[gg];AB[aa])\n",
        "bad-setup-liberties.sgf": b"(;FF[4]GM[1]SZ[9]AW[aa]AB[ba][ab];W[ee])\n",
        "bad-handicap.sgf": b"(;FF[4]GM[1]SZ[19]HA[two]AB[dd][pp];W[dp])\n",
        "bad-player.sgf": b"(;FF[4]GM[1]SZ[9]PL[X];B[ee])\n",
        "bad-not-go.sgf": b"(;FF[4]GM[3]SZ[8];B[ee])\n",
        "bad-syntax.sgf": b"(;FF[4]GM[1]SZ[9]\n;B[ee]\n;W;B[cc])\n",
        "bad-move-value.sgf": b"(;FF[4]GM[1]SZ[9];B[e5];W[c3])\n",
        "bad-setup-offboard.sgf": b"(;FF[4]GM[1]SZ[9]AB[aa:kk];W[ee])\n",
    }
    for name, data in files.items():
        with open(os.path.join(BAD, name), "wb") as f:
            f.write(data)
    print(f"bad-occupied-228: move 228 is White {target}", file=sys.stderr)


def main():
    if not os.path.exists(GNUGO):
        sys.exit(f"{GNUGO} is needed")
    g = games()
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for name, data, game, upto, n, rules, komi, main, ot, to_move in fixtures(g):
        with open(os.path.join(OUT, name + ".sgf"), "wb") as f:
            f.write(data)
        gnugo_to_move, black, white = expected(game, upto)
        # Passes the canonical record leaves out change only whose turn it
        # is: those records say it themselves.
        to_move = to_move or gnugo_to_move
        # Passes added after the game's own moves.
        moves = n + {"no-ff-gm-tt-passes": 2, "ff1-oldstyle": 2, "passes-tt-midgame": 4}.get(name, 0)
        rows.append("\t".join([name, str(moves), to_move, rules, komi, main, ot,
                               " ".join(black) or "-", " ".join(white) or "-"]))
    with open(os.path.join(OUT, "expected.tsv"), "w") as f:
        f.write("# name\tmoves\tto_move\trules\tkomi\tmain\tovertime\tblack\twhite\n")
        f.write("# made by scripts/make_real_sgf_fixtures.py; stones from GNU Go 3.8\n")
        for r in rows:
            f.write(r + "\n")
    bad_records(g)
    print(f"{len(rows)} records in {OUT}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
