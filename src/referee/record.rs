//! A refereed game as SGF: the record of [`crate::sgf::write`] for the
//! setup (size, rules, komi, handicap, `RE`, `TM`/`OT`), plus what only the
//! referee knows: the players (`PB`/`PW`), the date (`DT`), the game number
//! (`GN`), each mover's clock after every move (`BL`/`WL`, with `OB`/`OW`
//! in overtime), and a comment (`C`) on the last node saying how the game
//! ended.

use std::fmt::Write as _;

use crate::board::Color;
use crate::clock::Clock;
use crate::game::{Game, Move};
use crate::sgf::TimeRecord;
use crate::sgf::record_of_clock;
use crate::sgf::write::{escape, point_text, seconds, write};

use super::one_game::Record;

/// The game before its first move (same size, rules, komi, setup).
fn start_of(game: &Game) -> Game {
    let mut start = game.clone();
    while start.undo().is_ok() {}
    start
}

/// Today's date as SGF's `DT` wants it (UTC, `YYYY-MM-DD`).
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The SGF text of a refereed game.
pub fn sgf_text(record: &Record, black: &str, white: &str, game_no: usize, date: &str) -> String {
    let start = start_of(&record.game);
    let timed = record.clock.is_limited();
    let time = record_of_clock(&Clock::new(record.clock.system())).map(|t| TimeRecord {
        left: [None, None],
        ..t
    });
    let result = record.outcome.sgf_result();
    let head = write(&start, Some(&result), time.as_ref());
    let mut out = head.trim_end().trim_end_matches(')').to_string();
    let _ = write!(
        out,
        "PB[{}]PW[{}]DT[{date}]GN[{game_no}]",
        escape(black),
        escape(white)
    );
    let board = start.board();
    for (i, m) in record.game.moves().iter().enumerate() {
        out.push(if i % 5 == 0 { '\n' } else { ' ' });
        let (tag, left_tag, count_tag) = match m.color {
            Color::Black => ('B', "BL", "OB"),
            Color::White => ('W', "WL", "OW"),
        };
        let _ = write!(out, ";{tag}");
        match m.mv {
            Move::Pass => out.push_str("[]"),
            Move::Place(p) => {
                let [c, r] = point_text(board, p);
                let _ = write!(out, "[{}{}]", c as char, r as char);
            }
        }
        if let (true, Some(Some(left))) = (timed, record.clock_after.get(i)) {
            let _ = write!(out, "{left_tag}[{}]", seconds(left.time.as_secs_f64()));
            if left.count > 0 {
                let _ = write!(out, "{count_tag}[{}]", left.count);
            }
        }
    }
    let comment = if record.detail.is_empty() {
        record.outcome.to_string()
    } else {
        format!("{}: {}", record.outcome, record.detail)
    };
    let _ = writeln!(out, "C[{}])", escape(&comment));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{TimeLeft, TimeSystem};
    use crate::referee::results::{Outcome, Reason};
    use crate::rules::Rules;
    use crate::sgf::{LoadOptions, load};
    use std::time::Duration;

    #[test]
    fn a_record_loads_back_with_its_moves_result_and_players() {
        let mut game = Game::new(9, Rules::default()).expect("9x9");
        game.set_komi(7.5);
        let pts: Vec<_> = [(2, 2), (6, 6)]
            .iter()
            .filter_map(|&(c, r)| game.board().point(c, r))
            .map(|p| (Color::Black, p))
            .collect();
        game.place_setup(&pts, true).expect("handicap");
        let e5 = game.board().point(4, 4).expect("e5");
        game.play(Color::White, Move::Place(e5)).expect("legal");
        game.play(Color::Black, Move::Pass).expect("pass");
        let record = Record {
            game,
            outcome: Outcome::Decided {
                winner: Color::Black,
                reason: Reason::Resignation,
            },
            detail: "white resigned".into(),
            time: [Duration::ZERO; 2],
            clock_after: vec![
                Some(TimeLeft {
                    time: Duration::from_millis(59_500),
                    count: 0,
                }),
                Some(TimeLeft {
                    time: Duration::from_secs(60),
                    count: 3,
                }),
            ],
            clock: Clock::new(TimeSystem::chinese(Duration::from_secs(60), 3)),
        };
        let text = sgf_text(&record, "A]x", "B", 4, "2024-01-02");
        for want in [
            "RE[B+R]",
            "HA[2]",
            "KM[7.5]",
            "PB[A\\]x]",
            "PW[B]",
            "DT[2024-01-02]",
            "GN[4]",
            ";W[ee]WL[59.5]",
            ";B[]BL[60]OB[3]",
            "TM[60]",
            "OT[3x60 byo-yomi]",
            "C[B+R (resignation): white resigned]",
        ] {
            assert!(text.contains(want), "{want} missing in {text}");
        }
        let opts = LoadOptions {
            until: None,
            rules: Rules::default(),
            komi: 0.0,
            komi_explicit: false,
        };
        let loaded = load(text.as_bytes(), &opts).expect("loads");
        assert_eq!(loaded.game.moves(), record.game.moves());
        assert_eq!(loaded.game.handicap_stones(), 2);
        assert_eq!(loaded.result.as_deref(), Some(&b"B+R"[..]));
    }

    #[test]
    fn dates_are_iso() {
        let d = today();
        assert_eq!(d.len(), 10, "{d}");
        assert!(d.starts_with("20"), "{d}");
    }
}
