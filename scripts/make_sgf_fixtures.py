#!/usr/bin/env python3
"""Makes the SGF fixtures in gtp-tests/sgf/ (run once; the files are
committed, so tests need neither GNU Go nor this script).

* gnugo-*.sgf: GNU Go plays itself with `genmove` and writes the record
  with its own `printsgf` (a record written by another program).
* cjk-*.sgf: records with Chinese (GB2312), Japanese (Shift-JIS) and Korean
  (EUC-KR) player names, event and comments, written here byte by byte;
  their moves come from GNU Go games, so they are legal and capture.

Each record has a `.gtp` beside it: the same game as GTP commands
(boardsize, komi, rules, handicap, then `play` for every move), which
tests/sgf_records.rs replays to check that `loadsgf` gives the same game.
"""

import os
import subprocess
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gtp-tests", "sgf")
GNUGO = "/usr/games/gnugo"


class Gtp:
    def __init__(self, *args):
        self.p = subprocess.Popen([GNUGO, "--mode", "gtp", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{cmd}: {text}")
        return text[1:].strip()

    def close(self):
        self.ask("quit")
        self.p.wait()


def selfplay(size, komi, handicap, moves, seed, sgf_path=None):
    """GNU Go against itself; returns (handicap vertices, [(colour, vertex)])."""
    g = Gtp("--level", "1", "--seed", str(seed), "--chinese-rules")
    g.ask(f"boardsize {size}")
    g.ask("clear_board")
    g.ask(f"komi {komi}")
    stones = g.ask(f"fixed_handicap {handicap}").split() if handicap else []
    color = "white" if handicap else "black"
    played = []
    passes = 0
    while len(played) < moves and passes < 2:
        v = g.ask(f"genmove {color}")
        if v.lower() == "resign":
            break
        played.append((color, v.upper()))
        passes = passes + 1 if v.lower() == "pass" else 0
        color = "white" if color == "black" else "black"
    if sgf_path:
        g.ask(f"printsgf {sgf_path}")
    g.close()
    return stones, played


def replay_script(path, size, komi, rules, stones, played):
    with open(path, "w") as f:
        f.write(f"boardsize {size}\nclear_board\nkata-set-rules {rules}\nkomi {komi}\n")
        if stones:
            f.write("set_free_handicap " + " ".join(stones) + "\n")
        for c, v in played:
            f.write(f"play {c} {v}\n")


def sgf_point(size, v):
    if v.lower() == "pass":
        return ""
    col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(v[0].upper())
    row = int(v[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def escape(b):
    return b.replace(b"\\", b"\\\\").replace(b"]", b"\\]")


def cjk_record(name, charset, encoding, rules_ru, rules, size, komi, handicap, moves, seed,
               texts):
    stones, played = selfplay(size, komi, handicap, moves, seed)
    enc = lambda s: escape(s.encode(encoding))
    out = bytearray(b"(;FF[4]GM[1]CA[" + charset.encode() + b"]AP[handmade:1]ST[2]")
    out += b"SZ[%d]KM[%s]RU[%s]" % (size, komi.encode(), rules_ru.encode())
    out += b"\nEV[" + enc(texts["event"]) + b"]PB[" + enc(texts["black"]) + b"]"
    out += b"PW[" + enc(texts["white"]) + b"]DT[2024-05-01]PC[" + enc(texts["place"]) + b"]"
    out += b"\nGC[" + enc(texts["comment"]) + b"]"
    if stones:
        out += b"HA[%d]AB" % len(stones)
        out += b"".join(b"[" + sgf_point(size, v).encode() + b"]" for v in stones)
    for i, (c, v) in enumerate(played):
        out += b"\n;" + (b"B" if c == "black" else b"W") + b"[" + sgf_point(size, v).encode() + b"]"
        if i == 0:
            out += b"C[" + enc(texts["first"]) + b"]"
        if i == 10:
            # A soft line break inside a comment.
            out += b"C[" + enc(texts["first"]) + b"\\\n" + enc(texts["first"]) + b"]"
    # A variation after the main line's 20th move: the loader must ignore it.
    text = bytes(out)
    nodes = text.split(b"\n;")
    if len(nodes) > 22:
        head = b"\n;".join(nodes[:21])
        tail = b"\n;".join(nodes[21:])
        text = head + b"\n(;" + tail + b")\n(;" + nodes[21][:1] + b"[aa]C[" + enc(texts["variation"]) + b"])"
    text += b")\n"
    with open(os.path.join(OUT, name + ".sgf"), "wb") as f:
        f.write(text)
    replay_script(os.path.join(OUT, name + ".gtp"), size, komi, rules, stones, played)


def main():
    os.makedirs(OUT, exist_ok=True)
    # GNU Go's own printsgf.
    for name, size, komi, handicap, moves, seed in [
        ("gnugo-9x9", 9, "7", 0, 200, 1),
        ("gnugo-19x19-h3", 19, "0.5", 3, 60, 2),
    ]:
        path = os.path.join(OUT, name + ".sgf")
        stones, played = selfplay(size, komi, handicap, moves, seed, sgf_path=path)
        replay_script(os.path.join(OUT, name + ".gtp"), size, komi, "chinese", stones, played)
    cjk_record("cjk-gb2312", "GB2312", "gb2312", "Chinese", "chinese", 19, "7.5", 0, 160, 3, {
        "event": "第三十届全国围棋个人赛", "black": "王小明", "white": "李大为",
        "place": "北京", "comment": "黑中盘胜。本局双方在右上角展开激战。",
        "first": "开局", "variation": "变化图"})
    cjk_record("cjk-shiftjis", "Shift_JIS", "shift_jis", "Japanese", "japanese", 19, "6.5", 0,
               140, 4, {
        "event": "第七十期本因坊戦", "black": "山田表太郎", "white": "佐藤能",
        "place": "東京都", "comment": "白番中押し勝ち。表と裏の読みが勝負を決めた。",
        "first": "一手目は右上小目", "variation": "参考図"})
    cjk_record("cjk-euckr", "EUC-KR", "euc_kr", "Korean", "korean", 13, "6.5", 2, 120, 5, {
        "event": "제10회 바둑리그", "black": "김민수", "white": "박지훈",
        "place": "서울", "comment": "흑 불계승. 좌하귀 전투가 승부처.",
        "first": "첫 수", "variation": "참고도"})


if __name__ == "__main__":
    sys.exit(main())
