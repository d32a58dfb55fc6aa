//! Game outcomes, the results table, and the match summary.
//!
//! An [`Outcome`] is data (who won, and why); it becomes text only here,
//! in two forms: the SGF `RE` value ([`Outcome::sgf_result`]: `B+3.5`,
//! `W+R`, `B+T`, `W+F`, `0`, `Void`) and the table's reason word
//! ([`Outcome::reason`]). [`Outcome::parse`] reads both back, so that
//! `weiqi match-merge` can rebuild the outcomes from tables.
//!
//! The table is tab-separated text: comment lines `# A<TAB>label<TAB>command`
//! and `# B<TAB>…` name the two engines (A is the one given as `--black`),
//! then a header and one row per game:
//! `game black white result reason moves black_time white_time detail`.
//!
//! The summary is from A's point of view: wins, losses, jigo (half a point
//! each way), void games left out; the win rate with its 95% Wilson score
//! interval, and the Elo difference `-400·log10(1/p − 1)` with the interval
//! mapped through the same formula.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::time::Duration;

use crate::board::Color;

/// How an engine failed the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It exited or closed its pipes.
    Crash,
    /// It did not answer within the hard timeout.
    Hang,
    /// It wrote something that is not a GTP reply, or a `genmove` answer
    /// that is not a vertex, `pass` or `resign`.
    BadReply,
    /// It refused (`?`) a command it must accept: the game setup, a legal
    /// `play`, or `genmove`.
    Refused,
}

/// A decision other than the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Resignation,
    /// The loser played an illegal move.
    IllegalMove,
    /// The loser ran out of time.
    Time,
    /// The loser failed the protocol.
    Forfeit(Fault),
}

/// Why a game has no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoidReason {
    /// A whole-board cycle under simple ko (triple ko, eternal life).
    Cycle,
    /// `--max-moves` moves were played without an end.
    MoveLimit,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Counted after two passes: Black's margin (0 is jigo).
    Scored { margin: f64 },
    /// Won otherwise.
    Decided { winner: Color, reason: Reason },
    /// No result.
    Void(VoidReason),
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// A number without binary noise or a needless `.0`.
fn number(x: f64) -> String {
    format!("{}", (x * 1000.0).round() / 1000.0)
}

impl Outcome {
    /// The winner (`None` for jigo and void games).
    pub fn winner(&self) -> Option<Color> {
        match *self {
            Outcome::Scored { margin } if margin > 0.0 => Some(Color::Black),
            Outcome::Scored { margin } if margin < 0.0 => Some(Color::White),
            Outcome::Scored { .. } | Outcome::Void(_) => None,
            Outcome::Decided { winner, .. } => Some(winner),
        }
    }

    /// The SGF `RE` value.
    pub fn sgf_result(&self) -> String {
        match *self {
            Outcome::Scored { margin } => {
                let m = (margin * 1000.0).round() / 1000.0;
                if m > 0.0 {
                    format!("B+{}", number(m))
                } else if m < 0.0 {
                    format!("W+{}", number(-m))
                } else {
                    "0".into()
                }
            }
            Outcome::Decided { winner, reason } => {
                let r = match reason {
                    Reason::Resignation => 'R',
                    Reason::Time => 'T',
                    Reason::IllegalMove | Reason::Forfeit(_) => 'F',
                };
                format!("{}+{r}", color_letter(winner))
            }
            Outcome::Void(_) => "Void".into(),
        }
    }

    /// The table's reason word.
    pub fn reason(&self) -> &'static str {
        match self {
            Outcome::Scored { .. } => "score",
            Outcome::Decided { reason, .. } => match reason {
                Reason::Resignation => "resignation",
                Reason::IllegalMove => "illegal-move",
                Reason::Time => "time",
                Reason::Forfeit(Fault::Crash) => "crash",
                Reason::Forfeit(Fault::Hang) => "hang",
                Reason::Forfeit(Fault::BadReply) => "bad-reply",
                Reason::Forfeit(Fault::Refused) => "refused",
            },
            Outcome::Void(VoidReason::Cycle) => "cycle",
            Outcome::Void(VoidReason::MoveLimit) => "move-limit",
        }
    }

    /// Reads an outcome back from its `RE` value and reason word.
    pub fn parse(result: &str, reason: &str) -> Option<Outcome> {
        if reason == "score" {
            if result == "0" {
                return Some(Outcome::Scored { margin: 0.0 });
            }
            let (winner, rest) = split_result(result)?;
            let m: f64 = rest
                .parse()
                .ok()
                .filter(|m: &f64| m.is_finite() && *m > 0.0)?;
            return Some(Outcome::Scored {
                margin: if winner == Color::Black { m } else { -m },
            });
        }
        let void = match reason {
            "cycle" => Some(VoidReason::Cycle),
            "move-limit" => Some(VoidReason::MoveLimit),
            _ => None,
        };
        if let Some(v) = void {
            return (result == "Void").then_some(Outcome::Void(v));
        }
        let reason = match reason {
            "resignation" => Reason::Resignation,
            "illegal-move" => Reason::IllegalMove,
            "time" => Reason::Time,
            "crash" => Reason::Forfeit(Fault::Crash),
            "hang" => Reason::Forfeit(Fault::Hang),
            "bad-reply" => Reason::Forfeit(Fault::BadReply),
            "refused" => Reason::Forfeit(Fault::Refused),
            _ => return None,
        };
        let (winner, _) = split_result(result)?;
        let o = Outcome::Decided { winner, reason };
        (o.sgf_result() == result).then_some(o)
    }
}

fn split_result(result: &str) -> Option<(Color, &str)> {
    let (w, rest) = result.split_once('+')?;
    let winner = match w {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return None,
    };
    Some((winner, rest))
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.sgf_result(), self.reason())
    }
}

/// One of the two engines of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The engine given as `--black` (Black in odd-numbered games).
    A,
    /// The engine given as `--white`.
    B,
}

/// The engines of a match: label and command line of A and B.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Engines {
    pub a: (String, String),
    pub b: (String, String),
}

impl Engines {
    /// Which engine a label names.
    pub fn side_of(&self, label: &str) -> Option<Seat> {
        if label == self.a.0 {
            Some(Seat::A)
        } else if label == self.b.0 {
            Some(Seat::B)
        } else {
            None
        }
    }

    pub fn label(&self, side: Seat) -> &str {
        match side {
            Seat::A => &self.a.0,
            Seat::B => &self.b.0,
        }
    }
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The game's number in the whole match, from 1.
    pub game: usize,
    /// Which engine played Black.
    pub black: Seat,
    pub outcome: Outcome,
    /// Moves played, passes included (handicap stones not).
    pub moves: usize,
    /// Wall time of each colour's `genmove`s.
    pub time: [Duration; 2],
    /// Free text (the illegal move, the crash message); no tabs or breaks.
    pub detail: String,
}

impl Row {
    pub fn white(&self) -> Seat {
        match self.black {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// The winning engine, if any.
    pub fn winner(&self) -> Option<Seat> {
        self.outcome.winner().map(|c| match c {
            Color::Black => self.black,
            Color::White => self.white(),
        })
    }
}

/// The table's column header.
pub const HEADER: &str =
    "game\tblack\twhite\tresult\treason\tmoves\tblack_time\twhite_time\tdetail";

/// Tabs and line breaks become spaces.
fn cell(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c == '\t' || c == '\n' || c == '\r' {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// The table's first lines: the engines and the header.
pub fn table_head(engines: &Engines) -> String {
    format!(
        "# weiqi match results\n# A\t{}\t{}\n# B\t{}\t{}\n{HEADER}\n",
        cell(&engines.a.0),
        cell(&engines.a.1),
        cell(&engines.b.0),
        cell(&engines.b.1)
    )
}

/// One row as a table line (with its line break).
pub fn table_row(engines: &Engines, row: &Row) -> String {
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{}\n",
        row.game,
        cell(engines.label(row.black)),
        cell(engines.label(row.white())),
        row.outcome.sgf_result(),
        row.outcome.reason(),
        row.moves,
        row.time[0].as_secs_f64(),
        row.time[1].as_secs_f64(),
        cell(&row.detail)
    )
}

/// Why a table could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A line (1-based) that is not a valid row or engine line.
    BadLine(usize, String),
    /// The `# A` or `# B` line is missing.
    NoEngines,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::BadLine(n, why) => write!(f, "line {n}: {why}"),
            TableError::NoEngines => f.write_str("no '# A' and '# B' engine lines"),
        }
    }
}

impl std::error::Error for TableError {}

/// Reads a table written by [`table_head`] and [`table_row`].
pub fn parse_table(text: &str) -> Result<(Engines, Vec<Row>), TableError> {
    let mut a = None;
    let mut b = None;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let bad = |why: &str| TableError::BadLine(n, why.to_string());
        if line.trim().is_empty() || line == HEADER {
            continue;
        }
        if let Some(rest) = line.strip_prefix("# ") {
            let f: Vec<&str> = rest.split('\t').collect();
            match f.as_slice() {
                ["A", label, cmd] => a = Some((label.to_string(), cmd.to_string())),
                ["B", label, cmd] => b = Some((label.to_string(), cmd.to_string())),
                _ => {}
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let (Some(a), Some(b)) = (&a, &b) else {
            return Err(TableError::NoEngines);
        };
        let engines = Engines {
            a: a.clone(),
            b: b.clone(),
        };
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 8 {
            return Err(bad("fewer than 8 columns"));
        }
        let game = f[0].parse().map_err(|_| bad("bad game number"))?;
        let black = engines
            .side_of(f[1])
            .ok_or_else(|| bad("unknown black engine"))?;
        let white = engines
            .side_of(f[2])
            .ok_or_else(|| bad("unknown white engine"))?;
        if black == white {
            return Err(bad("an engine plays both colours"));
        }
        let outcome = Outcome::parse(f[3], f[4]).ok_or_else(|| bad("bad result or reason"))?;
        let moves = f[5].parse().map_err(|_| bad("bad move count"))?;
        let secs = |s: &str| {
            s.parse::<f64>()
                .ok()
                .and_then(|t| Duration::try_from_secs_f64(t).ok())
                .ok_or_else(|| bad("bad time"))
        };
        rows.push(Row {
            game,
            black,
            outcome,
            moves,
            time: [secs(f[6])?, secs(f[7])?],
            detail: f.get(8).map_or(String::new(), |s| s.to_string()),
        });
    }
    match (a, b) {
        (Some(a), Some(b)) => Ok((Engines { a, b }, rows)),
        _ => Err(TableError::NoEngines),
    }
}

/// The 95% Wilson score interval of a proportion of `n` trials with
/// `successes` (which may be fractional: jigo counts half).
pub fn wilson(successes: f64, n: f64) -> Option<(f64, f64)> {
    if n <= 0.0 {
        return None;
    }
    let z = 1.959_963_984_540_054;
    let p = successes / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// The Elo difference that makes `p` the expected score (±∞ at 1 and 0).
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn elo_text(e: f64) -> String {
    if e == f64::INFINITY {
        "+inf".into()
    } else if e == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        // `+ 0.0` turns -0 into 0.
        format!("{:+.0}", e.round() + 0.0)
    }
}

/// Counts of a match, from A's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub jigo: usize,
    pub void: usize,
    /// A's wins with Black and games A played as Black (void excluded).
    pub a_black: (usize, usize),
    /// A's wins with White and games A played as White (void excluded).
    pub a_white: (usize, usize),
    /// Games per reason word.
    pub reasons: BTreeMap<&'static str, usize>,
    pub moves: usize,
    pub time: [Duration; 2],
}

impl Summary {
    pub fn new(rows: &[Row]) -> Summary {
        let mut s = Summary::default();
        for r in rows {
            s.games += 1;
            *s.reasons.entry(r.outcome.reason()).or_insert(0) += 1;
            s.moves += r.moves;
            let (a_col, b_col) = match r.black {
                Seat::A => (0, 1),
                Seat::B => (1, 0),
            };
            s.time[0] += r.time[a_col];
            s.time[1] += r.time[b_col];
            if let Outcome::Void(_) = r.outcome {
                s.void += 1;
                continue;
            }
            let a_won = r.winner() == Some(Seat::A);
            let tally = if r.black == Seat::A {
                &mut s.a_black
            } else {
                &mut s.a_white
            };
            tally.1 += 1;
            if a_won {
                tally.0 += 1;
            }
            match r.winner() {
                Some(Seat::A) => s.a_wins += 1,
                Some(Seat::B) => s.b_wins += 1,
                None => s.jigo += 1,
            }
        }
        s
    }

    /// Games with a result (not void).
    pub fn decided(&self) -> usize {
        self.a_wins + self.b_wins + self.jigo
    }

    /// A's score (a win 1, jigo ½) per decided game.
    pub fn win_rate(&self) -> Option<f64> {
        let n = self.decided();
        (n > 0).then(|| (self.a_wins as f64 + 0.5 * self.jigo as f64) / n as f64)
    }

    /// The text printed after a match and by `match-merge`.
    pub fn text(&self, engines: &Engines) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "A: {} ({})", engines.a.0, engines.a.1);
        let _ = writeln!(out, "B: {} ({})", engines.b.0, engines.b.1);
        let _ = writeln!(
            out,
            "games {}: A wins {}, B wins {}, jigo {}, void {}",
            self.games, self.a_wins, self.b_wins, self.jigo, self.void
        );
        let _ = writeln!(
            out,
            "A as black {}/{}, A as white {}/{}",
            self.a_black.0, self.a_black.1, self.a_white.0, self.a_white.1
        );
        let reasons: Vec<String> = self
            .reasons
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect();
        let _ = writeln!(out, "reasons: {}", reasons.join(", "));
        let _ = writeln!(
            out,
            "moves {}, time A {:.1} s, B {:.1} s",
            self.moves,
            self.time[0].as_secs_f64(),
            self.time[1].as_secs_f64()
        );
        let n = self.decided() as f64;
        match (
            self.win_rate(),
            wilson(self.a_wins as f64 + 0.5 * self.jigo as f64, n),
        ) {
            (Some(p), Some((lo, hi))) => {
                let _ = writeln!(
                    out,
                    "A win rate {:.1}% (95% CI {:.1}% to {:.1}%, Wilson)",
                    100.0 * p,
                    100.0 * lo,
                    100.0 * hi
                );
                let _ = writeln!(
                    out,
                    "Elo A-B {} (95% CI {} to {})",
                    elo_text(elo(p)),
                    elo_text(elo(lo)),
                    elo_text(elo(hi))
                );
            }
            _ => {
                let _ = writeln!(out, "A win rate: no decided game");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_render_and_parse_back() {
        let cases = [
            (Outcome::Scored { margin: 3.5 }, "B+3.5", "score"),
            (Outcome::Scored { margin: -0.5 }, "W+0.5", "score"),
            (Outcome::Scored { margin: 0.0 }, "0", "score"),
            (
                Outcome::Decided {
                    winner: Color::White,
                    reason: Reason::Resignation,
                },
                "W+R",
                "resignation",
            ),
            (
                Outcome::Decided {
                    winner: Color::Black,
                    reason: Reason::Time,
                },
                "B+T",
                "time",
            ),
            (
                Outcome::Decided {
                    winner: Color::Black,
                    reason: Reason::IllegalMove,
                },
                "B+F",
                "illegal-move",
            ),
            (
                Outcome::Decided {
                    winner: Color::White,
                    reason: Reason::Forfeit(Fault::Hang),
                },
                "W+F",
                "hang",
            ),
            (Outcome::Void(VoidReason::Cycle), "Void", "cycle"),
            (Outcome::Void(VoidReason::MoveLimit), "Void", "move-limit"),
        ];
        for (o, re, reason) in cases {
            assert_eq!(o.sgf_result(), re);
            assert_eq!(o.reason(), reason);
            assert_eq!(Outcome::parse(re, reason), Some(o));
        }
        assert_eq!(Outcome::parse("B+R", "time"), None);
        assert_eq!(Outcome::parse("X+1", "score"), None);
        assert_eq!(Outcome::parse("B+1", "cycle"), None);
    }

    #[test]
    fn wilson_and_elo_match_known_values() {
        // 7 of 10: Wilson 95% is about 0.397 to 0.892.
        let (lo, hi) = wilson(7.0, 10.0).expect("n > 0");
        assert!(
            (lo - 0.3968).abs() < 1e-3 && (hi - 0.8922).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.0, 4.0).expect("n > 0");
        assert_eq!(lo, 0.0);
        assert!((hi - 0.4899).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0.0, 0.0), None);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo(0.5), 0.0);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn tables_round_trip_and_summarise() {
        let engines = Engines {
            a: ("GNU Go 3.8".into(), "gnugo --mode gtp".into()),
            b: ("weiqi 0.1.0".into(), "weiqi".into()),
        };
        let rows = vec![
            Row {
                game: 1,
                black: Seat::A,
                outcome: Outcome::Scored { margin: 2.5 },
                moves: 80,
                time: [Duration::from_millis(1500), Duration::from_millis(2000)],
                detail: String::new(),
            },
            Row {
                game: 2,
                black: Seat::B,
                outcome: Outcome::Decided {
                    winner: Color::Black,
                    reason: Reason::Resignation,
                },
                moves: 41,
                time: [Duration::ZERO, Duration::from_secs(1)],
                detail: "white resigned".into(),
            },
            Row {
                game: 3,
                black: Seat::A,
                outcome: Outcome::Void(VoidReason::Cycle),
                moves: 30,
                time: [Duration::ZERO; 2],
                detail: "a\tb".into(),
            },
        ];
        let mut text = table_head(&engines);
        for r in &rows {
            text.push_str(&table_row(&engines, r));
        }
        let (e, back) = parse_table(&text).expect("parses");
        assert_eq!(e, engines);
        assert_eq!(back.len(), 3);
        assert_eq!(back[0], rows[0]);
        assert_eq!(back[1], rows[1]);
        assert_eq!(back[2].detail, "a b");
        let s = Summary::new(&back);
        assert_eq!((s.a_wins, s.b_wins, s.jigo, s.void), (1, 1, 0, 1));
        assert_eq!(s.a_black, (1, 1));
        assert_eq!(s.a_white, (0, 1));
        assert_eq!(s.win_rate(), Some(0.5));
        let t = s.text(&e);
        assert!(t.contains("A win rate 50.0%"), "{t}");
        assert!(t.contains("Elo A-B +0"), "{t}");
        assert!(matches!(
            parse_table("game\n1\tx"),
            Err(TableError::NoEngines)
        ));
    }
}
