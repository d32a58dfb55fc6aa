//! The SGF writer: a [`Game`] (and optional clock state) as FF[4] text.
//!
//! The text has no blank line (a blank line would end a GTP reply), no
//! trailing spaces, and only ASCII: `FF[4] GM[1] CA[UTF-8] AP[weiqi:…]`,
//! `SZ`, `RU` (the preset name, or KataGo's rules string for custom
//! rules), `KM`, `HA` with `AB` for handicap stones (or `AB`/`AW` for other
//! setup stones), `PL` where the side to move is not the one a reader would
//! infer, `RE` once two passes have ended the game, `TM`/`OT` and the
//! remaining time (`BL`/`WL`/`OB`/`OW`) when a clock is given, then every
//! move, ten to a line.

use std::fmt::Write as _;

use crate::board::{Board, Color, Point};
use crate::game::{Game, Move};
use crate::rules::{HandicapBonus, KoRule, Rules, Scoring};

use super::{Overtime, TimeRecord};

/// SGF point letters: column from the left, row from the top.
pub fn point_text(board: &Board, p: Point) -> [u8; 2] {
    let (col, row) = board.coords(p);
    let top_row = board.size() - 1 - row;
    [b'a' + col as u8, b'a' + top_row as u8]
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// The `RU` value: the preset's name, or KataGo's rules string
/// (`koSITUATIONALscoreAREAsui1whbN-1`) for rules that are no preset.
pub fn rules_text(rules: &Rules) -> String {
    if let Some(name) = rules.preset_name() {
        return name.to_string();
    }
    format!(
        "ko{}score{}sui{}whb{}",
        match rules.ko {
            KoRule::Simple => "SIMPLE",
            KoRule::Positional => "POSITIONAL",
            KoRule::Situational => "SITUATIONAL",
        },
        match rules.scoring {
            Scoring::Area => "AREA",
            Scoring::Territory => "TERRITORY",
        },
        u8::from(rules.multi_stone_suicide),
        match rules.handicap_bonus {
            HandicapBonus::Zero => "0",
            HandicapBonus::N => "N",
            HandicapBonus::NMinus1 => "N-1",
        }
    )
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
/// time settings and remaining time.
pub fn write(game: &Game, result: Option<&str>, clock: Option<&TimeRecord>) -> String {
    let board = game.board();
    let mut out = String::with_capacity(64 + game.moves().len() * 7);
    let pt = |p: Point| {
        let [c, r] = point_text(board, p);
        format!("[{}{}]", c as char, r as char)
    };
    let _ = write!(
        out,
        "(;FF[4]GM[1]CA[UTF-8]AP[weiqi:{}]SZ[{}]RU[{}]KM[{}]",
        env!("CARGO_PKG_VERSION"),
        game.size(),
        escape(&rules_text(game.rules())),
        game.komi()
    );
    if let Some(re) = result {
        let _ = write!(out, "RE[{}]", escape(re));
    }
    if let Some(clock) = clock {
        if let Some(main) = clock.main {
            let _ = write!(out, "TM[{}]", seconds(main));
        }
        match clock.overtime {
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
    out
}
