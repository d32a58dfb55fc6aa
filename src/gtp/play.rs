//! Moves: `play`, `genmove`, `kgs-genmove_cleanup`, `reg_genmove`, `undo`,
//! and the player's settings.
//!
//! Generated moves come from the Monte Carlo tree search
//! ([`crate::search`]) and its decision rules ([`crate::search::decide`]):
//! always legal (superko included), pass only when passing does not lose,
//! resign below the threshold. `genmove` thinks until the deadline the
//! clock sets ([`super::time::deadline`]: the think budget, or
//! `--move-time` without a time limit), or exactly `--playouts` playouts,
//! and then charges the engine's own clock for the time it took.
//! `reg_genmove` searches a fresh tree with a fixed number of playouts and
//! the fixed seed, so its answer depends on the position alone; it is not a
//! move, so no clock is charged.

use std::time::Instant;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::board::{Color, Point};
use crate::game::{Game, MAX_MOVES, Move};
use crate::search::decide::{Count, DecideConfig, Decision, decide_with};
use crate::search::{Limits, Search, SearchConfig, SearchResult};

use super::engine::{Engine, Failure, Reply, cached_analysis, color_arg, exactly, move_arg};
use super::time;
use super::vertex::format_move;

/// Playouts of `reg_genmove` without `--playouts`.
pub const REG_GENMOVE_PLAYOUTS: u64 = 2000;

/// How the player searches, passes and resigns (the command-line options).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSettings {
    /// Search threads.
    pub threads: usize,
    /// Playouts per move; `None`: think for the time budget.
    pub playouts: Option<u64>,
    /// Seed of the search's random numbers.
    pub seed: u64,
    /// Resign below this win rate (0: never).
    pub resign_threshold: f64,
    /// No resigning before this many moves.
    pub resign_min_move: usize,
    /// Memory of the search trees, all threads together, in MiB.
    pub max_tree_mb: usize,
}

impl Default for PlayerSettings {
    fn default() -> PlayerSettings {
        PlayerSettings {
            threads: 2,
            playouts: None,
            seed: SearchConfig::default().seed,
            resign_threshold: 0.1,
            resign_min_move: 20,
            max_tree_mb: SearchConfig::default().max_tree_mb,
        }
    }
}

impl PlayerSettings {
    /// The search configuration these settings give.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            threads: self.threads.max(1),
            seed: self.seed,
            max_tree_mb: self.max_tree_mb,
            ..SearchConfig::default()
        }
    }

    fn decide_config(&self, cleanup: bool) -> DecideConfig {
        DecideConfig {
            resign_threshold: self.resign_threshold,
            resign_min_move: self.resign_min_move,
            cleanup,
        }
    }
}

impl Engine {
    /// The limits of a move's search for `color` started at `start`:
    /// `--playouts` if set, otherwise the clock's deadline (stopping early
    /// once the best move is settled).
    pub fn think_limits(&self, color: Color, start: Instant) -> Limits {
        match self.player.playouts {
            Some(n) => Limits {
                deadline: None,
                max_playouts: Some(n),
                stop_early: false,
            },
            None => Limits {
                deadline: Some(time::deadline(self, color, start)),
                max_playouts: None,
                stop_early: true,
            },
        }
    }

    /// The decision on `result` (a search of the current position for
    /// `color`), with the count of `final_score` (the cached analysis) when
    /// a pass is considered.
    fn decide(&mut self, color: Color, result: &SearchResult, cleanup: bool) -> Decision {
        let cfg = self.player.decide_config(cleanup);
        let cache = &mut self.analysis;
        let mut count = |g: &Game| Count::of(g, &cached_analysis(cache, g.board()));
        decide_with(&self.game, color, result, &cfg, &mut count)
    }

    /// Searches with the kept trees and decides the move for `color`.
    fn generate(&mut self, color: Color, cleanup: bool, start: Instant) -> Decision {
        let limits = self.think_limits(color, start);
        let result = self.search.get().search(&self.game, color, &limits);
        let decision = self.decide(color, &result, cleanup);
        log::info!(
            "genmove {:?}: {:?}, win rate {:.3}, {} playouts ({:.0}/s), {} at root",
            color,
            decision,
            result.winrate,
            result.playouts,
            result.playouts_per_second(),
            result.visits
        );
        decision
    }
}

/// `play C V`: either colour, any number of times in a row.
pub fn play(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 2)?;
    let color = color_arg(args, 0)?;
    let mv = move_arg(engine, args, 1)?;
    engine
        .game
        .play(color, mv)
        .map(|_| String::new())
        .map_err(|e| Failure::because("illegal move", e.to_string()))
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

/// A random legal move for `color` that does not fill its own eye (for
/// tests and tools that need quick legal play).
pub fn random_legal_move<R: Rng>(game: &Game, color: Color, rng: &mut R) -> Move {
    let board = game.board();
    let mut candidates: Vec<Point> = board
        .points()
        .filter(|&p| board.color_at(p).is_none() && !board.is_eye(color, p))
        .collect();
    candidates.shuffle(rng);
    candidates
        .into_iter()
        .find(|&p| game.check(color, Move::Place(p)).is_ok())
        .map_or(Move::Pass, Move::Place)
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
    time::charge(engine, color, start.elapsed());
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
    let mut search = Search::new(engine.player.search_config());
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
