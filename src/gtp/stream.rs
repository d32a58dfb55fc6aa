//! Streaming analysis for GUIs (`lz-analyze`, `kata-analyze`): what the
//! read loop ([`super::run`]) is asked to stream, and the `info` line it
//! writes for each interval. The commands that ask for it are in
//! [`super::commands::analyze`], which documents the fields.

use std::fmt::Write as _;
use std::time::Duration;

use crate::board::{Board, Color};
use crate::search::SearchResult;

use super::vertex::{format_move, points_top_down};

/// Which dialect to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// Leela Zero: win rate as an integer 0–10000, no score.
    Lz,
    /// KataGo: win rate 0–1, with `scoreMean`, `scoreStdev`, `scoreLead`.
    Kata,
}

/// A streaming analysis the read loop is to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub flavor: Flavor,
    pub color: Color,
    pub interval: Duration,
    /// Most candidates per line (0: all with visits).
    pub max_moves: usize,
    pub ownership: bool,
}

/// Shortest interval between two `info` lines.
pub const MIN_INTERVAL: Duration = Duration::from_millis(50);

/// The `info` line of `result` for `req` (no line break).
pub fn info_line(req: &Request, board: &Board, result: &SearchResult) -> String {
    let mut out = String::new();
    let n = if req.max_moves == 0 {
        result.candidates.len()
    } else {
        req.max_moves.min(result.candidates.len())
    };
    for (order, c) in result.candidates.iter().take(n).enumerate() {
        if order > 0 {
            out.push(' ');
        }
        let _ = write!(
            out,
            "info move {} visits {}",
            format_move(board, c.mv),
            c.visits
        );
        match req.flavor {
            Flavor::Lz => {
                let _ = write!(
                    out,
                    " winrate {} prior {}",
                    (c.winrate * 10000.0).round() as i64,
                    (c.prior * 10000.0).round() as i64
                );
            }
            Flavor::Kata => {
                // KataGo's fields: scoreMean is the same as scoreLead (as
                // KataGo sends it), scoreStdev the spread of the final
                // scores; all for the colour analysed.
                let _ = write!(
                    out,
                    " winrate {:.4} scoreMean {:.2} scoreStdev {:.2} scoreLead {:.2} prior {:.4}",
                    c.winrate, c.score_lead, c.score_stdev, c.score_lead, c.prior
                );
            }
        }
        let _ = write!(out, " order {order} pv");
        for &mv in &c.pv {
            out.push(' ');
            out.push_str(&format_move(board, mv));
        }
    }
    if req.ownership && req.flavor == Flavor::Kata {
        let sign = if req.color == Color::Black { 1.0 } else { -1.0 };
        out.push_str(if out.is_empty() {
            "ownership"
        } else {
            " ownership"
        });
        for p in points_top_down(board) {
            let _ = write!(out, " {:.3}", sign * result.ownership.at(board, p));
        }
    }
    out
}
