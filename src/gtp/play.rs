//! Moves: `play`, `genmove` (also `kgs-genmove_cleanup`), `reg_genmove`,
//! `undo`.
//!
//! Moves are chosen by [`choose_move`] within a deadline that the clock
//! sets ([`super::time::deadline`]: the think budget, or `--move-time`
//! without a time limit); `genmove` then charges the engine's own clock for
//! the time it took. Until the search exists, the chosen move is random: a
//! uniformly chosen legal move (superko included, checked with
//! [`Game::check`]) that does not fill one of the mover's own eyes, or
//! `pass` when there is none; it takes far less than any deadline.

use std::time::Instant;

use rand::Rng;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

use crate::board::{Color, Point};
use crate::game::{Game, Move};

use super::engine::{Engine, Failure, Reply, color_arg, exactly, move_arg};
use super::time;
use super::vertex::format_move;

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

/// A random legal move for `color` that does not fill its own eye.
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

/// Chooses `color`'s move, returning by `deadline` (the search plugs in
/// here; today a random legal move, at once).
pub fn choose_move<R: Rng>(game: &Game, color: Color, rng: &mut R, deadline: Instant) -> Move {
    let mv = random_legal_move(game, color, rng);
    if Instant::now() > deadline {
        log::debug!("move chosen after the deadline");
    }
    mv
}

/// `genmove C` (also `kgs-genmove_cleanup C`): chooses a move within the
/// think budget, plays it, and charges the time taken to C's clock.
pub fn genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    let start = Instant::now();
    let deadline = time::deadline(engine, color, start);
    let mut mv = choose_move(&engine.game, color, &mut engine.rng, deadline);
    if let Err(e) = engine.game.play(color, mv) {
        // Cannot happen (the move was checked); an illegal reply would get
        // the engine thrown out by servers, so pass instead.
        log::error!("generated move refused ({e}); passing");
        mv = Move::Pass;
        // A pass is always legal.
        let _ = engine.game.play(color, mv);
    }
    time::charge(engine, color, start.elapsed());
    Ok(format_move(engine.game.board(), mv))
}

/// `reg_genmove C`: the move `genmove` would consider, not played;
/// deterministic (the randomness is seeded from the position). It thinks
/// within the same budget, but is not a move: no clock is charged.
pub fn reg_genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    let deadline = time::deadline(engine, color, Instant::now());
    let game = &engine.game;
    let seed = game.board().hash()
        ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ color.index() as u64;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mv = choose_move(game, color, &mut rng, deadline);
    Ok(format_move(game.board(), mv))
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
