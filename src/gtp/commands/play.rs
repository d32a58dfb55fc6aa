//! Moves: `play`, `genmove`, `kgs-genmove_cleanup`, `reg_genmove`, `undo`,
//! and the player's settings.
//!
//! Generated moves come from the Monte Carlo tree search
//! ([`crate::search`]) and its decision rules ([`crate::search::decide`]):
//! always legal (superko included), pass only when passing does not lose,
//! resign below the threshold. `genmove` thinks until the deadline the
//! clock sets ([`Engine::deadline`]: the think budget, or
//! `--move-time` without a time limit), or exactly `--playouts` playouts,
//! and then charges the engine's own clock for the time it took.
//! `reg_genmove` searches a fresh tree with a fixed number of playouts and
//! the fixed seed, so its answer depends on the position alone; it is not a
//! move, so no clock is charged.

use std::time::Instant;

use crate::board::Color;
use crate::game::{GameError, MAX_MOVES, Move};
use crate::search::decide::Decision;
use crate::search::{Limits, Search, SearchConfig};

use super::args::{color_arg, exactly, move_arg};
use crate::gtp::engine::{Engine, Failure, Reply};
use crate::gtp::player::REG_GENMOVE_PLAYOUTS;
use crate::gtp::vertex::format_move;

/// `play C V`: either colour, any number of times in a row.
pub fn play(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 2)?;
    let color = color_arg(args, 0)?;
    let mv = move_arg(engine, args, 1)?;
    engine
        .game
        .play(color, mv)
        .map(|_| String::new())
        .map_err(|e| match e {
            // The reply's words already say it is an illegal move.
            GameError::Illegal(why) => Failure::because("illegal move", why.to_string()),
            other => Failure::because("illegal move", other.to_string()),
        })
}

/// Plays the decision; answers the vertex, `pass` or `resign`.
fn play_decision(engine: &mut Engine, color: Color, decision: Decision) -> Reply {
    let mut mv = match decision {
        Decision::Resign => return Ok("resign".to_string()),
        Decision::Play(mv) => mv,
    };
    if let Err(e) = engine.game.play(color, mv) {
        // Cannot happen (the move was checked); an illegal reply would get
        // the engine thrown out by servers, so pass instead.
        log::error!("generated move refused ({e}); passing");
        mv = Move::Pass;
        // A pass is always legal.
        let _ = engine.game.play(color, mv);
    }
    Ok(format_move(engine.game.board(), mv))
}

/// Searches within the budget, plays the move chosen and charges the time
/// taken to `color`'s clock.
fn generate_and_play(engine: &mut Engine, color: Color, cleanup: bool) -> Reply {
    if engine.game.moves().len() >= MAX_MOVES {
        // No move can be played: a game this long is over.
        log::warn!("genmove after {MAX_MOVES} moves: resigning");
        return Ok("resign".to_string());
    }
    let start = Instant::now();
    let decision = engine.generate(color, cleanup, start);
    let reply = play_decision(engine, color, decision);
    engine.charge(color, start.elapsed());
    reply
}

/// `genmove C`: searches, then plays the move chosen; `resign` once the
/// game holds [`MAX_MOVES`] moves (no further move can be recorded).
pub fn genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    generate_and_play(engine, color, false)
}

/// `kgs-genmove_cleanup C`: like `genmove`, but never passes while
/// opponent stones remain that the playouts capture, and never resigns.
pub fn genmove_cleanup(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    generate_and_play(engine, color, true)
}

/// `reg_genmove C`: the move `genmove` would choose, not played;
/// deterministic: a fresh search with the seed and `--playouts` (or
/// [`REG_GENMOVE_PLAYOUTS`]) playouts, without a deadline.
pub fn reg_genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    // One thread: the same position gives the same answer (threads
    // sharing a tree take it in an order that varies from run to run).
    let mut search = Search::new(SearchConfig {
        threads: 1,
        ..engine.player.search_config()
    });
    let limits = Limits {
        deadline: None,
        max_playouts: Some(engine.player.playouts.unwrap_or(REG_GENMOVE_PLAYOUTS)),
        stop_early: false,
    };
    let result = search.search(&engine.game, color, &limits);
    match engine.decide(color, &result, false) {
        Decision::Resign => Ok("resign".to_string()),
        Decision::Play(mv) => Ok(format_move(engine.game.board(), mv)),
    }
}

/// `weiqi-playouts N`: from now on `genmove` searches exactly N playouts
/// (as `--playouts N`); `0` goes back to thinking for the time budget.
pub fn weiqi_playouts(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let s = args[0];
    let n: u64 = s
        .parse()
        .map_err(|_| Failure::syntax(format!("'{s}' is not a count")))?;
    engine.player.playouts = (n > 0).then_some(n);
    Ok(String::new())
}

/// `undo`: takes back the last move (never handicap stones). The time it
/// took is not refunded.
pub fn undo(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    engine
        .game
        .undo()
        .map(|_| String::new())
        .map_err(|e| Failure::because("cannot undo", e.to_string()))
}
