//! The SGF writer: a [`Game`] (and optional clock state and game
//! information) as FF[4] text.
//!
//! The text has no blank line of its own (a blank line would end a GTP
//! reply), no trailing spaces, and is ASCII apart from the game
//! information a loaded record brought: `FF[4] GM[1] CA[…] AP[weiqi:…]`,
//! `SZ`, `RU` (the preset name, or KataGo's rules string for custom
//! rules), `KM`, the record's other game information (`PB`, `PW`, `DT`,
//! `EV`, …) on the next line, `RE` once two passes have ended the game,
//! `TM`/`OT` when a clock is given, `HA` with `AB` for handicap stones (or
//! `AB`/`AW` for other setup stones), then every move, ten to a line; the
//! remaining time (`BL`/`WL`/`OB`/`OW`) and `PL` (where the side to move is
//! not the one a reader would infer) in the last node.

use std::fmt::Write as _;
use std::io::Write as _;

use crate::board::{Board, Color, Point};
use crate::coord::sgf_point;
use crate::game::{Game, Move};

use super::info::GameInfo;
use super::time::{Overtime, TimeRecord};

/// SGF point letters: column from the left, row from the top.
pub fn point_text(board: &Board, p: Point) -> [u8; 2] {
    let (col, row) = board.coords(p);
    sgf_point(col, row, board.size())
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// Escapes `]` and `\` in a text value.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The colour a reader infers to move after this game's record (before
/// any `PL`): the opponent of the last mover, or who moves first after the
/// setup (White after handicap stones).
pub fn inferred_to_move(game: &Game) -> Color {
    match game.moves().last() {
        Some(m) => m.color.opponent(),
        None if game.handicap_stones() > 0 => Color::White,
        None => Color::Black,
    }
}

/// Seconds as SGF writes them: rounded *down* to the millisecond (a saved
/// clock never gains time), without trailing zeros (f64's Display is the
/// shortest text that reads back to the same value). The tiny epsilon keeps
/// values such as 1.005, stored as 1.00499…, at 1.005.
pub fn seconds(s: f64) -> String {
    format!("{}", ((s * 1000.0) + 1e-6).floor() / 1000.0)
}

/// Writes `game` as SGF. `result` is the `RE` value to write, if any (the
/// caller decides when a game is over and how to score it); `clock` adds
/// time settings and remaining time. Only ASCII.
pub fn write(game: &Game, result: Option<&str>, clock: Option<&TimeRecord>) -> String {
    let bytes = write_record(game, result, clock, &GameInfo::default());
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Escapes `]` and `\` in a raw value (any charset: in Shift-JIS, a
/// second byte 0x5C or 0x5D must be escaped too, and is).
fn escape_bytes(v: &[u8], out: &mut Vec<u8>) {
    for &b in v {
        if b == b']' || b == b'\\' {
            out.push(b'\\');
        }
        out.push(b);
    }
}

/// As [`write`], with the game information of `info` in the root: its
/// `RU`, `KM`, `RE`, `TM` and `OT` take the place of the ones the game and
/// clock would give (the caller keeps in `info` only those still true),
/// the other properties follow the header in their order. Values are
/// written byte for byte; `CA` is `UTF-8` when every value is UTF-8, else
/// the charset `info` names (none if it names none).
pub fn write_record(
    game: &Game,
    result: Option<&str>,
    clock: Option<&TimeRecord>,
    info: &GameInfo,
) -> Vec<u8> {
    let board = game.board();
    let mut out = String::with_capacity(64 + game.moves().len() * 7);
    let pt = |p: Point| {
        let [c, r] = point_text(board, p);
        format!("[{}{}]", c as char, r as char)
    };
    let utf8 = info
        .props
        .iter()
        .all(|(_, v)| std::str::from_utf8(v).is_ok());
    let charset = if utf8 {
        Some(b"UTF-8".to_vec())
    } else {
        info.charset.clone()
    };
    let mut bytes: Vec<u8> = b"(;FF[4]GM[1]".to_vec();
    if let Some(ca) = charset {
        bytes.extend_from_slice(b"CA[");
        escape_bytes(&ca, &mut bytes);
        bytes.push(b']');
    }
    let _ = write!(
        out,
        "AP[weiqi:{}]SZ[{}]",
        env!("CARGO_PKG_VERSION"),
        game.size()
    );
    bytes.append(&mut out.into_bytes());
    let given = |ident: &str, bytes: &mut Vec<u8>| -> bool {
        match info.get(ident) {
            Some(v) => {
                bytes.extend_from_slice(ident.as_bytes());
                bytes.push(b'[');
                escape_bytes(v, bytes);
                bytes.push(b']');
                true
            }
            None => false,
        }
    };
    if !given("RU", &mut bytes) {
        let _ = write!(bytes, "RU[{}]", escape(&game.rules().record_name()));
    }
    if !given("KM", &mut bytes) {
        let _ = write!(bytes, "KM[{}]", game.komi());
    }
    let others: Vec<&(String, Vec<u8>)> = info
        .props
        .iter()
        .filter(|(i, _)| !matches!(i.as_str(), "RU" | "KM" | "RE" | "TM" | "OT"))
        .collect();
    if !others.is_empty() {
        bytes.push(b'\n');
        for (ident, _) in others {
            given(ident, &mut bytes);
        }
    }
    if !given("RE", &mut bytes)
        && let Some(re) = result
    {
        let _ = write!(bytes, "RE[{}]", escape(re));
    }
    let tm = given("TM", &mut bytes);
    let ot = given("OT", &mut bytes);
    let mut out = String::new();
    if let Some(clock) = clock {
        if let Some(main) = clock.main.filter(|_| !tm) {
            let _ = write!(out, "TM[{}]", seconds(main));
        }
        match clock.overtime.filter(|_| !ot) {
            Some(Overtime::ByoYomi {
                periods,
                seconds: s,
            }) => {
                let _ = write!(out, "OT[{periods}x{} byo-yomi]", seconds(s));
            }
            Some(Overtime::Canadian { stones, seconds: s }) => {
                let _ = write!(out, "OT[{stones}/{} Canadian]", seconds(s));
            }
            Some(Overtime::Fischer { increment }) => {
                let _ = write!(out, "OT[{} fischer]", seconds(increment));
            }
            None => {}
        }
    }
    let setup = game.setup_stones();
    if !setup.is_empty() {
        out.push('\n');
        if game.handicap_stones() > 0 {
            let _ = write!(out, "HA[{}]", game.handicap_stones());
        }
        for color in [Color::Black, Color::White] {
            let mut first = true;
            for &(c, p) in setup {
                if c == color {
                    if first {
                        out.push_str(if c == Color::Black { "AB" } else { "AW" });
                        first = false;
                    }
                    out.push_str(&pt(p));
                }
            }
        }
    }
    let moves = game.moves();
    for (i, m) in moves.iter().enumerate() {
        out.push(if i % 10 == 0 { '\n' } else { ' ' });
        let _ = write!(out, ";{}", color_letter(m.color));
        match m.mv {
            Move::Pass => out.push_str("[]"),
            Move::Place(p) => out.push_str(&pt(p)),
        }
    }
    // Clock state and the side to move belong to the last node.
    if let Some(clock) = clock {
        for (color, tag, count_tag) in [(Color::Black, "BL", "OB"), (Color::White, "WL", "OW")] {
            if let Some((left, count)) = clock.left[color.index()] {
                let _ = write!(out, "{tag}[{}]", seconds(left));
                if let Some(n) = count.filter(|&n| n > 0) {
                    let _ = write!(out, "{count_tag}[{n}]");
                }
            }
        }
    }
    if game.to_move() != inferred_to_move(game) {
        let _ = write!(out, "PL[{}]", color_letter(game.to_move()));
    }
    out.push_str(")\n");
    bytes.append(&mut out.into_bytes());
    bytes
}
