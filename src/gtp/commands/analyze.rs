//! Analysis for GUIs: `lz-analyze` and `kata-analyze` (Sabaki, Lizzie), and
//! the GoGui ownership view `weiqi-ownership`.
//!
//! `lz-analyze [colour] [interval] [keywords]` and `kata-analyze` validate
//! their arguments and leave an [`Request`](crate::gtp::stream::Request) on the engine; the read loop in
//! [`crate::gtp::run`] then answers `= ` and streams one `info` line per
//! interval (centiseconds) until the next command arrives, and ends the
//! reply with a blank line. Each line lists the candidates, most visited
//! first:
//!
//! ```text
//! info move D4 visits 120 winrate 5432 prior 500 order 0 pv D4 Q16 ...    (lz)
//! info move D4 visits 120 winrate 0.5432 scoreMean 2.10 scoreStdev 11.84 scoreLead 2.10 prior 0.0500 order 0 pv D4 Q16 ...  (kata)
//! ```
//!
//! The fields mean what KataGo's GTP extensions document says, all from
//! the point of view of the colour analysed (the player to move unless a
//! colour is given): `winrate` 0–1; `scoreLead` the number of points that
//! colour leads by after the move (the mean final score of the playouts
//! through it, komi and handicap compensation included); `scoreMean` the
//! same number (KataGo sends it for older tools, Lizzie reads it);
//! `scoreStdev` the standard deviation of those final scores, in points
//! (like KataGo's, an indicator rather than a calibrated figure). With
//! `ownership true` kata-analyze appends `ownership` and one value per point
//! (top row first, +1 owned by the colour analysed, -1 by the other).
//!
//! Keywords: `interval N`, `maxmoves N`, `minmoves N` (accepted, unused),
//! `ownership true|false`; other KataGo keywords are accepted and ignored
//! (`allow`/`avoid` with their three values).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::board::Color;
use crate::search::Limits;

use super::args::exactly;
use crate::gtp::engine::{Engine, Failure, Reply};
use crate::gtp::stream::{Flavor, MIN_INTERVAL, Request};
use crate::gtp::vertex::{format_point, parse_color, points_top_down};

fn parse_request(engine: &Engine, flavor: Flavor, args: &[&str]) -> Result<Request, Failure> {
    let mut req = Request {
        flavor,
        color: engine.game.to_move(),
        interval: Duration::from_secs(1),
        max_moves: 0,
        ownership: false,
    };
    let mut i = 0;
    if let Some(c) = args.first().and_then(|a| parse_color(a)) {
        req.color = c;
        i = 1;
    }
    let centiseconds = |s: &str| -> Result<Duration, Failure> {
        s.parse::<u64>()
            .map(|cs| Duration::from_millis(cs.saturating_mul(10).min(3_600_000)))
            .map_err(|_| Failure::syntax(format!("'{s}' is not an interval")))
    };
    if let Some(a) = args.get(i)
        && a.bytes().all(|b| b.is_ascii_digit())
    {
        req.interval = centiseconds(a)?;
        i += 1;
    }
    let value = |k: usize| {
        args.get(k)
            .copied()
            .ok_or_else(|| Failure::syntax(format!("'{}' needs a value", args[k - 1])))
    };
    while i < args.len() {
        let key = args[i].to_ascii_lowercase();
        match key.as_str() {
            "interval" => req.interval = centiseconds(value(i + 1)?)?,
            "maxmoves" => {
                let v = value(i + 1)?;
                req.max_moves = v
                    .parse()
                    .map_err(|_| Failure::syntax(format!("'{v}' is not a count")))?;
            }
            "ownership" => {
                req.ownership = match value(i + 1)?.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    v => return Err(Failure::syntax(format!("'{v}' is not true or false"))),
                }
            }
            "allow" | "avoid" => {
                i += 4;
                continue;
            }
            _ => log::debug!("analysis keyword '{key}' ignored"),
        }
        i += 2;
    }
    req.interval = req.interval.max(MIN_INTERVAL);
    Ok(req)
}

/// `lz-analyze [colour] [interval] [keywords]`.
pub fn lz_analyze(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.stream_request = Some(parse_request(engine, Flavor::Lz, args)?);
    Ok(String::new())
}

/// `kata-analyze [colour] [interval] [keywords]`.
pub fn kata_analyze(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.stream_request = Some(parse_request(engine, Flavor::Kata, args)?);
    Ok(String::new())
}

/// `weiqi-ownership`: a GoGui gfx view of who owns each point at the end
/// of the playouts (INFLUENCE, +1 Black), from a search of the position for
/// the player to move (the `genmove` budget), with the score estimate.
pub fn ownership_gfx(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    let color = engine.game.to_move();
    let limits = Limits {
        stop_early: false,
        ..engine.think_limits(color, Instant::now())
    };
    let result = engine
        .search
        .get()
        .search_for_scores(&engine.game, color, &limits);
    let board = engine.game.board();
    let mut out = String::from("INFLUENCE");
    for p in points_top_down(board) {
        let _ = write!(
            out,
            " {} {:.2}",
            format_point(board, p),
            result.ownership.at(board, p)
        );
    }
    let black_lead = match color {
        Color::Black => result.score_lead,
        Color::White => -result.score_lead,
    };
    let _ = write!(
        out,
        "\nTEXT {} leads by {:.1} ({} playouts)",
        if black_lead >= 0.0 { "Black" } else { "White" },
        black_lead.abs(),
        result.ownership.playouts
    );
    Ok(out)
}
