//! Moves: `play`, `genmove` (also `kgs-genmove_cleanup`), `reg_genmove`,
//! `undo`.
//!
//! Until the search exists, generated moves are random: a uniformly chosen
//! legal move (superko included, checked with [`Game::check`]) that does not
//! fill one of the mover's own eyes, or `pass` when there is none.

use rand::Rng;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

use crate::board::{Color, Point};
use crate::game::{Game, Move};

use super::engine::{Engine, Failure, Reply, color_arg, exactly, move_arg};
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

/// `genmove C`: chooses a move and plays it.
pub fn genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    let mut mv = random_legal_move(&engine.game, color, &mut engine.rng);
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

/// `reg_genmove C`: the move `genmove` would consider, not played;
/// deterministic (the randomness is seeded from the position).
pub fn reg_genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    let game = &engine.game;
    let seed = game.board().hash()
        ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ color.index() as u64;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mv = random_legal_move(game, color, &mut rng);
    Ok(format_move(game.board(), mv))
}

/// `undo`: takes back the last move (never handicap stones).
pub fn undo(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    engine
        .game
        .undo()
        .map(|_| String::new())
        .map_err(|e| Failure::because("cannot undo", e.to_string()))
}
