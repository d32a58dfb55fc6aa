//! From a search result to the move played: legality, passing, resigning
//! and the cleanup of dead stones.
//!
//! * Every move returned passes [`Game::check`] (superko included); an
//!   illegal candidate is skipped for the next most visited one.
//! * **Pass** is judged by the count a referee would make if the game
//!   ended now: [`Count`], the `final_score` of the position (dead stones
//!   from [`crate::life`], counted by [`crate::score`] under the game's
//!   rules, komi and handicap compensation), not by the playouts.
//!   - *After the opponent's pass* our pass ends the game with exactly that
//!     count, so the pass is worth a sure win, a jigo or a sure loss. We
//!     pass when the count wins for us; on a jigo, when no move wins more
//!     than half the playouts; on a loss, only when no legal move is better
//!     than the loss by the search's own measure (a move is better when it
//!     wins any playouts, or when its mean score beats the count). The
//!     search itself does not end the game at a pass-pass (its playouts go
//!     on after our pass, as KataGo's conservative pass does), so the pass
//!     candidate's win rate says nothing about the count: the count
//!     decides. Otherwise we play the search's best non-pass move. Under
//!     area counting a winning pass first takes the liberties of opponent
//!     stones the playouts capture (as in cleanup), so that the result does
//!     not hang on who judges the dead stones; under territory counting
//!     that would fill our own territory, so we pass at once.
//!   - *Before the opponent has passed* a pass is played only when it is the
//!     search's most visited move and the position is [settled](Count::settled):
//!     the count wins for us and the playouts agree with it point by point.
//!   - Before either pass, a teire the count assumed is played first
//!     ([`Count::teire_move`]): our own (free under either counting: the
//!     count had already given the point up as territory), and under area
//!     counting the opponent's, where a stone of ours is no self-atari. A
//!     count that rests on a teire nobody played is a count another
//!     referee may make differently (GNU Go, or a server's players).
//!   - With no legal move but own-eye fills, pass whatever the count.
//!
//!   This is Pachi's rule (pass into the end only when the final score
//!   wins) with a referee's count instead of the playouts' ownership: the
//!   playouts' estimate of a position with open areas can differ from the
//!   count by many points (four stones on 19x19: the playouts favour
//!   Black, the count gives White 6.5).
//! * **Resign** when the win rate is below the threshold, from the minimum
//!   move number on, never in the first [`HANDICAP_NO_RESIGN`] moves of a
//!   handicap game, never in cleanup, and only after enough playouts.
//! * **Cleanup** (`kgs-genmove_cleanup`): never pass while opponent stones
//!   remain that we own in more than 80% of the playouts; play a move that
//!   takes their liberties (the search's if it has one close to the best,
//!   else the first that is not a self-atari).

use crate::board::{Board, Cell, Color, Point};
use crate::game::{Game, Move};
use crate::life::{self, Analysis, Status};
use crate::rules::Scoring;
use crate::score::{owners, score};

use super::analysis::dead_stones;
use super::{Candidate, Ownership, SearchResult};

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
/// A position is settled when every point the count gives to a colour is
/// that colour's in at least this share of the playouts.
pub const SETTLED_SHARE: f32 = 0.8;

/// What to answer to `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

/// The count of a position if the game ended now: what `final_score`
/// answers (the dead stones of [`crate::life`], counted by
/// [`crate::score`] under the game's rules), and who each point counts for.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// Black's lead, komi and handicap compensation included (negative:
    /// White leads).
    pub black_margin: f64,
    /// Per point, by [`Point::index`]: the colour the point is counted for
    /// (its living stones, its territory, the points of the other side's
    /// dead stones); `None` for points nobody owns (dame, seki under
    /// territory counting).
    pub owner: Vec<Option<Color>>,
    /// The teire the count assumed (the settling added them before
    /// counting), with the colour that had to play each.
    pub teire: Vec<(Point, Color)>,
}

impl Count {
    /// The count of `game`'s position with the dead stones of `analysis`
    /// (an analysis of that position).
    pub fn of(game: &Game, analysis: &Analysis) -> Count {
        let board = game.board();
        let mut owner = owners(board, analysis, game.rules().scoring);
        for p in board.points() {
            if let Some(c) = board.color_at(p)
                && matches!(analysis.status(p), Some(Status::Alive | Status::Seki))
            {
                owner[p.index()] = Some(c);
            }
        }
        Count {
            black_margin: score(game, analysis).margin(),
            owner,
            teire: analysis.settlement().teire().collect(),
        }
    }

    /// The count of `game`'s position with a fresh dead-stone analysis
    /// (the analysis is deterministic: the same as `final_score`'s).
    pub fn fresh(game: &Game) -> Count {
        Count::of(game, &life::analyse(game.board()))
    }

    /// The lead of `color` (negative when it loses).
    pub fn margin(&self, color: Color) -> f64 {
        match color {
            Color::Black => self.black_margin,
            Color::White => -self.black_margin,
        }
    }

    /// A teire the count assumed `color` would add that `color` can play
    /// in `game` now. Passing instead would leave the count to the
    /// referee's assumption; playing it costs nothing the count had not
    /// already taken (under area counting the stone counts as the point
    /// did, under territory counting the point was not territory).
    pub fn own_teire(&self, game: &Game, color: Color) -> Option<Point> {
        self.teire
            .iter()
            .find(|&&(p, c)| c == color && game.check(color, Move::Place(p)).is_ok())
            .map(|&(p, _)| p)
    }

    /// The move the count's teire call for before `color` passes: its own
    /// teire ([`Count::own_teire`]), and under area counting a teire the
    /// opponent still owes, where `color` can play without a self-atari
    /// (the stone costs nothing under area counting, and the opponent,
    /// who did not add the teire, may lose the stones it protected). With
    /// none, the count stands as it is whoever judges it.
    pub fn teire_move(&self, game: &Game, color: Color) -> Option<Point> {
        if let Some(p) = self.own_teire(game, color) {
            return Some(p);
        }
        if game.rules().scoring != Scoring::Area {
            return None;
        }
        let board = game.board();
        self.teire
            .iter()
            .find(|&&(p, c)| {
                c != color
                    && game.check(color, Move::Place(p)).is_ok()
                    && !board.is_eye(color, p)
                    && board.self_atari(color, p).is_none()
            })
            .map(|&(p, _)| p)
    }

    /// Whether the playouts agree with the count: every point the count
    /// gives to a colour is that colour's in at least [`SETTLED_SHARE`] of
    /// the playouts, and every point nobody owns is next to a stone (dame
    /// or seki, no open area).
    pub fn settled(&self, board: &Board, ownership: &Ownership) -> bool {
        if ownership.playouts == 0 {
            return false;
        }
        board
            .points()
            .all(|p| match self.owner.get(p.index()).copied().flatten() {
                Some(c) => ownership.share(board, p, c) >= SETTLED_SHARE,
                None => {
                    board.color_at(p).is_some()
                        || board
                            .neighbors(p)
                            .iter()
                            .any(|&n| board.color_at(n).is_some())
                }
            })
    }
}

/// Chooses the move for `color` in `game` from `result` (a search of this
/// position for `color`); the count, when a pass is considered, comes from
/// a fresh dead-stone analysis ([`Count::fresh`]).
pub fn decide(game: &Game, color: Color, result: &SearchResult, cfg: &DecideConfig) -> Decision {
    decide_with(game, color, result, cfg, &mut Count::fresh)
}

/// Whether passing after the opponent's pass, which ends the game with
/// `margin` for us, is at least as good as every legal move the search
/// looked at (win rate first, then mean score). Without any such move
/// there is no evidence, and a loss is never accepted on none.
fn pass_ends_well(margin: f64, moves: &[&Candidate]) -> bool {
    if margin > 0.0 {
        return true;
    }
    if margin == 0.0 {
        return moves.iter().all(|c| c.winrate <= 0.5);
    }
    !moves.is_empty()
        && moves
            .iter()
            .all(|c| c.winrate <= 0.0 && c.score_lead <= margin)
}

/// [`decide`] with the count supplied by `count` (called at most once, only
/// when a pass is considered), e.g. from a cached analysis.
pub fn decide_with(
    game: &Game,
    color: Color,
    result: &SearchResult,
    cfg: &DecideConfig,
    count: &mut dyn FnMut(&Game) -> Count,
) -> Decision {
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

    let opponent_passed = game
        .moves()
        .last()
        .is_some_and(|m| m.mv == Move::Pass && m.color != color);
    let moves: Vec<&Candidate> = result
        .candidates
        .iter()
        .filter(|c| c.mv != Move::Pass && legal(c.mv))
        .collect();
    let dead_now = || dead_stones(board, &result.ownership, color.opponent(), DEAD_SHARE);
    let mut dead = Vec::new();
    // After the opponent's pass, whether our pass ends the game well.
    let mut pass_ends = false;
    if opponent_passed {
        let c = count(game);
        let margin = c.margin(color);
        pass_ends = pass_ends_well(margin, &moves);
        log::debug!(
            "opponent passed: count {margin:+.1} for {color:?}, {}",
            if pass_ends { "pass" } else { "play on" }
        );
        if pass_ends && let Some(p) = c.teire_move(game, color) {
            log::debug!("a teire first: {}", board.vertex_name(p));
            return Decision::Play(Move::Place(p));
        }
        // A winning pass under area counting, and every pass in cleanup,
        // captures the stones the playouts see as dead first.
        if cfg.cleanup || (pass_ends && margin > 0.0 && game.rules().scoring == Scoring::Area) {
            dead = dead_now();
        }
        if pass_ends && dead.is_empty() {
            return Decision::Play(Move::Pass);
        }
    } else if cfg.cleanup {
        dead = dead_now();
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
        let best = moves.first().map_or(0.0, |c| c.winrate);
        if let Some(c) = moves.iter().find(|c| {
            matches!(c.mv, Move::Place(p) if targets.contains(&p))
                && c.winrate >= best - CLEANUP_MARGIN
        }) {
            return Decision::Play(c.mv);
        }
        // The search saw no need (the game is won either way): take a
        // liberty anyway, unless that would put our own stones in atari.
        if let Some(&p) = targets.iter().find(|&&p| {
            legal(Move::Place(p)) && !board.is_eye(color, p) && board.self_atari(color, p).is_none()
        }) {
            return Decision::Play(Move::Place(p));
        }
    }
    if pass_ends {
        // Passing ends the game well and no capture is playable.
        return Decision::Play(Move::Pass);
    }

    for c in &result.candidates {
        match c.mv {
            Move::Pass => {
                // Before the opponent's pass: only as the search's best
                // move, in a settled position that the count wins.
                if !opponent_passed && dead.is_empty() {
                    let k = count(game);
                    let settled = k.margin(color) > 0.0 && k.settled(board, &result.ownership);
                    log::debug!(
                        "pass is the best move: count {:+.1}, {}",
                        k.margin(color),
                        if settled { "settled" } else { "not settled" }
                    );
                    if settled {
                        let teire = k.teire_move(game, color);
                        return Decision::Play(teire.map_or(Move::Pass, Move::Place));
                    }
                }
            }
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
