//! From a search result to the move played: legality, passing, resigning
//! and the cleanup of dead stones.
//!
//! * Every move returned passes [`Game::check`] (superko included); an
//!   illegal candidate is skipped for the next most visited one.
//! * **Pass** only when passing does not lose: the position scored with the
//!   playouts' ownership (dead stones removed, komi included) is a win for
//!   us. When the opponent has just passed and that holds, pass at once
//!   (ending the game with a win) — once no dead opponent stones are left
//!   on the board (they are captured first, as in cleanup, so that the
//!   count does not depend on the scorer's judgement of dead stones). With
//!   no legal move but own-eye fills, pass whatever the score.
//! * **Resign** when the win rate is below the threshold, from the minimum
//!   move number on, never in the first [`HANDICAP_NO_RESIGN`] moves of a
//!   handicap game, never in cleanup, and only after enough playouts.
//! * **Cleanup** (`kgs-genmove_cleanup`): never pass while opponent stones
//!   remain that we own in more than 80% of the playouts; play a move that
//!   takes their liberties (the search's if it has one close to the best,
//!   else the first that is not a self-atari).

use crate::board::{Cell, Color, Point};
use crate::game::{Game, Move};

use super::SearchResult;
use super::analysis::{dead_stones, ownership_score};

/// Settings of the decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecideConfig {
    /// Resign below this win rate (0 never resigns).
    pub resign_threshold: f64,
    /// No resigning before this many moves have been played.
    pub resign_min_move: usize,
    /// Cleanup mode: capture dead stones before passing.
    pub cleanup: bool,
}

impl Default for DecideConfig {
    fn default() -> DecideConfig {
        DecideConfig {
            resign_threshold: 0.1,
            resign_min_move: 20,
            cleanup: false,
        }
    }
}

/// No resigning in the first moves of a handicap game.
pub const HANDICAP_NO_RESIGN: usize = 60;
/// Root playouts needed before a win rate is trusted for resigning.
const RESIGN_MIN_VISITS: u64 = 200;
/// Share of playouts in which we must own an opponent stone for it to
/// count as dead in cleanup.
const DEAD_SHARE: f32 = 0.8;
/// In cleanup, a move taking a dead chain's liberty is preferred when its
/// win rate is within this of the best.
const CLEANUP_MARGIN: f64 = 0.1;

/// What to answer to `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

/// Chooses the move for `color` in `game` from `result` (a search of this
/// position for `color`).
pub fn decide(game: &Game, color: Color, result: &SearchResult, cfg: &DecideConfig) -> Decision {
    let board = game.board();
    let legal = |mv: Move| game.check(color, mv).is_ok();
    let has_moves = board
        .points()
        .any(|p| board.color_at(p).is_none() && !board.is_eye(color, p) && legal(Move::Place(p)));
    if !has_moves {
        return Decision::Play(Move::Pass);
    }

    let min_move = if game.handicap_stones() > 0 {
        cfg.resign_min_move.max(HANDICAP_NO_RESIGN)
    } else {
        cfg.resign_min_move
    };
    if !cfg.cleanup
        && cfg.resign_threshold > 0.0
        && game.moves().len() >= min_move
        && result.visits >= RESIGN_MIN_VISITS
        && result.winrate < cfg.resign_threshold
    {
        return Decision::Resign;
    }

    let pass_wins = ownership_score(game, &result.ownership, color).is_some_and(|s| s > 0.0);
    let opponent_passed = game
        .moves()
        .last()
        .is_some_and(|m| m.mv == Move::Pass && m.color != color);
    // After the opponent's pass our pass would end the game: clean up first
    // too, so that the count does not hang on who judges the dead stones.
    let dead = if cfg.cleanup || opponent_passed {
        dead_stones(board, &result.ownership, color.opponent(), DEAD_SHARE)
    } else {
        Vec::new()
    };
    let may_pass = pass_wins && dead.is_empty();
    if opponent_passed && may_pass {
        return Decision::Play(Move::Pass);
    }

    // Liberties of the dead chains, for cleanup.
    let mut targets: Vec<Point> = Vec::new();
    for &s in &dead {
        for n in board.neighbors(s) {
            if board.cell(n) == Cell::Empty && !targets.contains(&n) {
                targets.push(n);
            }
        }
    }
    if !targets.is_empty() {
        let best = result
            .candidates
            .iter()
            .find(|c| c.mv != Move::Pass && legal(c.mv))
            .map_or(0.0, |c| c.winrate);
        if let Some(c) = result.candidates.iter().find(|c| {
            matches!(c.mv, Move::Place(p) if targets.contains(&p))
                && c.winrate >= best - CLEANUP_MARGIN
                && legal(c.mv)
        }) {
            return Decision::Play(c.mv);
        }
        // The search saw no need (the game is won either way): take a
        // liberty anyway, unless that would put our own stones in atari.
        if let Some(&p) = targets.iter().find(|&&p| {
            legal(Move::Place(p))
                && !board.is_eye(color, p)
                && super::policy::self_atari(board, color, p).is_none()
        }) {
            return Decision::Play(Move::Place(p));
        }
    }

    for c in &result.candidates {
        match c.mv {
            Move::Pass if may_pass => return Decision::Play(Move::Pass),
            Move::Pass => {}
            mv if legal(mv) => return Decision::Play(mv),
            mv => log::warn!("search proposed an illegal move {mv:?}; skipped"),
        }
    }
    // No usable candidate (too few playouts): a dead chain's liberty, else
    // any legal move that fills no own eye.
    let fallback =
        targets.iter().copied().chain(board.points()).find(|&p| {
            board.color_at(p).is_none() && !board.is_eye(color, p) && legal(Move::Place(p))
        });
    Decision::Play(fallback.map_or(Move::Pass, Move::Place))
}
