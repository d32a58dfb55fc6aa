//! A game: the board plus its full history, under a set of rules.
//!
//! The game owns what the board does not: whose turn it is, passes, the
//! handicap and other setup stones, superko against *every* earlier position
//! of the game, undo, and the detection of whole-board cycles under simple
//! ko (triple ko, eternal life) so that a referee can declare a void game.
//!
//! Undo restores the position from per-move records: the superko counts of
//! the position left are taken back, and the board is copied from the
//! nearest checkpoint (a board kept every [`CHECKPOINT_EVERY`] moves) and
//! the few moves after it played again. That is exact by construction:
//! board, chain lists, the order of the empty-point list, captures, ko
//! point and superko history come out bit for bit as they were (so a
//! playout or a dead-stone analysis of the position is the same whichever
//! way it was reached), and it costs about a microsecond whatever the
//! length of the game. (A game whose side to move a record overrode after
//! its last move is rebuilt from the start instead: that case is rare.)

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::board::{Board, Color, IllegalMove, MoveEffect, Point};
use crate::rules::{KoRule, Rules};

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Place(Point),
}

/// One entry of the game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub color: Color,
    pub mv: Move,
}

/// Why the game refuses a move: the board's own reasons, or a repetition
/// of an earlier position, which only the game's history can see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The board refuses it (off the board, occupied, suicide, ko).
    Board(IllegalMove),
    /// It repeats an earlier whole-board position (positional superko) or
    /// situation (situational superko).
    Superko,
}

impl From<IllegalMove> for Illegal {
    fn from(why: IllegalMove) -> Illegal {
        Illegal::Board(why)
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Board(why) => write!(f, "{why}"),
            Illegal::Superko => f.write_str("superko"),
        }
    }
}

/// Why a game-level request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The move is illegal.
    Illegal(Illegal),
    /// There is no move to undo (setup stones cannot be undone).
    NothingToUndo,
    /// Setup stones can only be placed on an empty board before any move.
    BoardNotEmpty,
    /// A handicap count the board cannot take.
    InvalidHandicap,
    /// A setup list with a repeated point.
    BadSetup,
    /// The game already holds [`MAX_MOVES`] moves.
    TooLong,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Illegal(why) => write!(f, "illegal move: {why}"),
            GameError::NothingToUndo => f.write_str("nothing to undo"),
            GameError::BoardNotEmpty => f.write_str("board not empty"),
            GameError::InvalidHandicap => f.write_str("invalid number of handicap stones"),
            GameError::BadSetup => f.write_str("repeated or occupied setup point"),
            GameError::TooLong => write!(f, "the game already has {MAX_MOVES} moves"),
        }
    }
}

impl From<IllegalMove> for GameError {
    fn from(e: IllegalMove) -> Self {
        GameError::Illegal(Illegal::Board(e))
    }
}

impl From<Illegal> for GameError {
    fn from(e: Illegal) -> Self {
        GameError::Illegal(e)
    }
}

/// Most moves (passes included) a game may hold. Real games end within a
/// few hundred moves, even on 25x25; the bound keeps memory, undo (which
/// replays the game) and the engine's per-command snapshot bounded when a
/// client sends moves forever (e.g. passes, or a cycle under simple ko).
pub const MAX_MOVES: usize = 10_000;

/// A board is kept every this many moves for undo (see the module doc):
/// undo copies one board and replays at most this many moves less one.
pub const CHECKPOINT_EVERY: usize = 8;

/// Hash key XORed in when White is to move (situational superko).
const WHITE_TO_MOVE: u64 = 0x5851_F42D_4C95_7F2D;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    komi: f64,
    /// Whether the komi was set on its own (`komi`, `--komi`, a komi with
    /// the rules, a record's `KM`) rather than taken from the rules: an
    /// explicit komi survives a change of rules ([`Game::adopt_rules`]).
    komi_explicit: bool,
    /// The position before the first move (empty, or with setup stones).
    /// Shared, like the checkpoints: a copy of the game (the engine's
    /// snapshot before a command) copies pointers, not boards.
    start: Arc<Board>,
    /// Setup stones (handicap and others), in the order placed.
    setup: Vec<(Color, Point)>,
    /// Whether the setup stones are handicap stones.
    handicap: bool,
    /// Who moves first from `start`.
    first_to_move: Color,
    board: Board,
    moves: Vec<Played>,
    to_move: Color,
    /// How often each arrangement of stones has occurred in this game.
    positions: HashMap<u64, u32>,
    /// How often each (arrangement, player to move) has occurred.
    situations: HashMap<u64, u32>,
    /// Set when, under simple ko, a situation occurs for the third time.
    cycle: bool,
    /// The side to move set by [`Game::set_to_move`] (a record's `PL`)
    /// after the first `.0` moves: undo and replay restore it there.
    turn_override: Option<(usize, Color)>,
    /// Calls of [`Game::set_to_move`] since the start position was set
    /// (only the last is kept in `turn_override`, so with more than one a
    /// rebuild is not the same as undoing move by move: undo then rebuilds,
    /// as it always did).
    overrides: u32,
    /// Per move played: whether recording its situation counted it a third
    /// time (what sets `cycle` under simple ko).
    thirds: Vec<bool>,
    /// How many of `thirds` are set.
    n_thirds: usize,
    /// `checkpoints[k]`: the board after `k * CHECKPOINT_EVERY` moves.
    checkpoints: Vec<Arc<Board>>,
}

impl Game {
    /// A new game on an empty board of side `size` with the rules' default
    /// komi, or `None` for an unsupported size.
    pub fn new(size: usize, rules: Rules) -> Option<Game> {
        let board = Board::new(size)?;
        let mut g = Game {
            rules,
            komi: rules.default_komi,
            komi_explicit: false,
            start: Arc::new(board.clone()),
            setup: Vec::new(),
            handicap: false,
            first_to_move: Color::Black,
            board,
            moves: Vec::new(),
            to_move: Color::Black,
            positions: HashMap::new(),
            situations: HashMap::new(),
            cycle: false,
            turn_override: None,
            overrides: 0,
            thirds: Vec::new(),
            n_thirds: 0,
            checkpoints: Vec::new(),
        };
        g.rebuild(0);
        Some(g)
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position before the first move.
    pub fn start_board(&self) -> &Board {
        &self.start
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the rules. Legality of later moves follows the new rules; the
    /// moves already played stand.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.cycle = self.rules.ko == KoRule::Simple && self.situations.values().any(|&n| n >= 3);
    }

    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Whether the komi was set explicitly (see [`Game::adopt_rules`]).
    pub fn komi_explicit(&self) -> bool {
        self.komi_explicit
    }

    /// Sets the komi explicitly: it survives a change of rules. Callers
    /// pass a komi that [`crate::rules::valid_komi`] accepts (they read it
    /// with [`crate::rules::parse_komi`]).
    pub fn set_komi(&mut self, komi: f64) {
        self.set_komi_as(komi, true);
    }

    /// Sets the komi, and whether it counts as explicit (a loaded record,
    /// a new board keeping the komi of the game before).
    pub fn set_komi_as(&mut self, komi: f64, explicit: bool) {
        self.komi = komi;
        self.komi_explicit = explicit;
    }

    /// Changes the rules, and the komi with them: `komi` if one comes with
    /// the rules (it is then explicit), else the komi as it is if it was
    /// set explicitly, else the new rules' default komi. The one place
    /// this policy is written (`kata-set-rules`, `kgs-rules`, `weiqi score
    /// --rules`, and `loadsgf` with a record's `RU` and `KM`).
    pub fn adopt_rules(&mut self, rules: Rules, komi: Option<f64>) {
        self.set_rules(rules);
        match komi {
            Some(k) => self.set_komi(k),
            None if self.komi_explicit => {}
            None => self.komi = rules.default_komi,
        }
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets whose turn it is (for loading records; `play` does this itself).
    /// The position with `color` to move becomes part of the history, so
    /// that situational superko forbids coming back to it.
    pub fn set_to_move(&mut self, color: Color) {
        self.turn_override = Some((self.moves.len(), color));
        self.overrides = self.overrides.saturating_add(1);
        self.override_turn(color);
    }

    fn override_turn(&mut self, color: Color) {
        if color != self.to_move {
            self.to_move = color;
            *self
                .situations
                .entry(situation(self.board.hash(), color))
                .or_insert(0) += 1;
        }
    }

    /// The moves played so far (setup stones not included).
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// The setup stones, in the order placed.
    pub fn setup_stones(&self) -> &[(Color, Point)] {
        &self.setup
    }

    /// Number of handicap stones placed as setup (0 if the setup stones, if
    /// any, are not a handicap).
    pub fn handicap_stones(&self) -> u32 {
        if self.handicap {
            self.setup.len() as u32
        } else {
            0
        }
    }

    /// Whether the last two moves were passes.
    pub fn two_passes(&self) -> bool {
        self.moves.len() >= 2
            && self.moves[self.moves.len() - 2..]
                .iter()
                .all(|m| m.mv == Move::Pass)
    }

    /// Whether, under simple ko, the game has entered a whole-board cycle:
    /// the same position with the same player to move for the third time.
    /// A referee declares such a game void (triple ko, eternal life).
    pub fn is_cycle(&self) -> bool {
        self.cycle
    }

    /// Checks whether `color` may play `mv` now, with every rule applied.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), Illegal> {
        let Move::Place(p) = mv else {
            return Ok(());
        };
        self.board.check(color, p, self.rules.multi_stone_suicide)?;
        match self.rules.ko {
            KoRule::Simple => Ok(()),
            KoRule::Positional => {
                if self
                    .positions
                    .contains_key(&self.board.hash_after(color, p))
                {
                    Err(Illegal::Superko)
                } else {
                    Ok(())
                }
            }
            KoRule::Situational => {
                let h = situation(self.board.hash_after(color, p), color.opponent());
                if self.situations.contains_key(&h) {
                    Err(Illegal::Superko)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether `color` may play at `p` now.
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check(color, Move::Place(p)).is_ok()
    }

    /// Every point where `color` may play now.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.is_legal(color, p))
            .collect()
    }

    /// Plays a move for `color` (either colour may move: GTP allows the same
    /// colour twice). On error nothing changes.
    /// A game of [`MAX_MOVES`] moves takes no more.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<MoveEffect, GameError> {
        if self.moves.len() >= MAX_MOVES {
            return Err(GameError::TooLong);
        }
        self.check(color, mv)?;
        let effect = self.apply(color, mv);
        self.moves.push(Played { color, mv });
        Ok(effect)
    }

    /// Takes back the last move (see the module doc: from the per-move
    /// records, with the same result as replaying the game without it).
    pub fn undo(&mut self) -> Result<Played, GameError> {
        let last = *self.moves.last().ok_or(GameError::NothingToUndo)?;
        let n = self.moves.len() - 1;
        let rebuild = self.overrides > 1
            || matches!(self.turn_override, Some((at, _)) if at > n)
            || self.thirds.len() != self.moves.len();
        if rebuild {
            self.rebuild(n);
            return Ok(last);
        }
        // Take back the counts of the position and situation left.
        let h = self.board.hash();
        uncount(&mut self.positions, h);
        uncount(&mut self.situations, situation(h, self.to_move));
        if self.thirds.pop() == Some(true) {
            self.n_thirds -= 1;
        }
        self.moves.pop();
        // The board: the checkpoint at or before move n, then the moves
        // after it, as they were played.
        self.checkpoints.truncate(n / CHECKPOINT_EVERY + 1);
        match self.checkpoints.last() {
            Some(cp) => self.board.clone_from(cp),
            None => self.board.clone_from(&self.start),
        }
        let from = (self.checkpoints.len().max(1) - 1) * CHECKPOINT_EVERY;
        for m in &self.moves[from.min(n)..n] {
            match m.mv {
                Move::Pass => self.board.clear_ko(),
                Move::Place(p) => {
                    self.board.play_unchecked(m.color, p);
                }
            }
        }
        self.to_move = match (self.turn_override, self.moves.last()) {
            (Some((at, color)), _) if at == n => color,
            (_, Some(m)) => m.color.opponent(),
            (_, None) => self.first_to_move,
        };
        self.cycle = self.rules.ko == KoRule::Simple && self.n_thirds > 0;
        Ok(last)
    }

    /// Starts over on an empty board of the same size; rules and komi stay.
    pub fn clear(&mut self) {
        let size = self.size();
        if let Some(board) = Board::new(size) {
            self.start = Arc::new(board);
        }
        self.setup.clear();
        self.handicap = false;
        self.first_to_move = Color::Black;
        self.moves.clear();
        self.turn_override = None;
        self.overrides = 0;
        self.rebuild(0);
    }

    /// Places setup stones (handicap when `handicap` is set: White moves
    /// first afterwards). Allowed only before any move, on an empty board.
    pub fn place_setup(
        &mut self,
        stones: &[(Color, Point)],
        handicap: bool,
    ) -> Result<(), GameError> {
        if !self.moves.is_empty() || !self.setup.is_empty() {
            return Err(GameError::BoardNotEmpty);
        }
        let mut start = Board::clone(&self.start);
        for &(color, p) in stones {
            // A setup stone goes on an empty point, and may neither capture
            // nor be without liberties.
            if start.check(color, p, false).is_err() || captures_any(&start, color, p) {
                return Err(GameError::BadSetup);
            }
            start.play_unchecked(color, p);
        }
        start.clear_ko();
        self.start = Arc::new(start);
        self.setup = stones.to_vec();
        self.handicap = handicap;
        self.turn_override = None;
        self.overrides = 0;
        self.first_to_move = if handicap && !stones.is_empty() {
            Color::White
        } else {
            Color::Black
        };
        self.rebuild(0);
        Ok(())
    }

    /// Checks the game's invariants: the board and the start position pass
    /// [`Board::verify`]; the current position is in the superko history;
    /// replaying the record from the start gives the current board; and
    /// undoing every move, one at a time, passes through valid boards down
    /// to the start position. Returns the first problem found. Quadratic in
    /// the number of moves (each undo replays the game): for tests and
    /// fuzzing.
    pub fn verify(&self) -> Result<(), String> {
        self.verify_position()?;
        let mut g = self.clone();
        while !g.moves.is_empty() {
            g.undo().map_err(|e| format!("undo with moves left: {e}"))?;
            g.verify_position()
                .map_err(|e| format!("after undo to move {}: {e}", g.moves.len()))?;
        }
        if !g.board.same_position(&g.start) {
            return Err("undoing every move does not give the start position".into());
        }
        if g.undo().is_ok() {
            return Err("undo succeeded with no moves".into());
        }
        Ok(())
    }

    /// The checks of [`Game::verify`] that do not undo: linear in the
    /// number of moves.
    pub fn verify_position(&self) -> Result<(), String> {
        self.start
            .verify()
            .map_err(|e| format!("start position: {e}"))?;
        self.board.verify()?;
        if !self.positions.contains_key(&self.board.hash()) {
            return Err("current position missing from the superko history".into());
        }
        let recorded: u32 = self.positions.values().sum();
        if recorded as usize != self.moves.len() + 1 {
            return Err(format!(
                "{} positions recorded for {} moves",
                recorded,
                self.moves.len()
            ));
        }
        let mut replay = self.clone();
        replay.rebuild(self.moves.len());
        if !replay.board.same_position(&self.board) {
            return Err("replaying the record gives another position".into());
        }
        if !replay.board.same_layout(&self.board) {
            return Err("replaying the record gives another board layout".into());
        }
        if replay.positions != self.positions {
            return Err("superko history differs from a replay".into());
        }
        if self.thirds.len() == self.moves.len()
            && self.overrides <= 1
            && (replay.situations != self.situations || replay.thirds != self.thirds)
        {
            return Err("situation history differs from a replay".into());
        }
        if self.checkpoints.len() != self.moves.len() / CHECKPOINT_EVERY + 1 {
            return Err(format!(
                "{} undo checkpoints for {} moves",
                self.checkpoints.len(),
                self.moves.len()
            ));
        }
        // The side to move as the record implies it ([`Game::set_to_move`]
        // may have overridden it since).
        if !self
            .situations
            .contains_key(&situation(self.board.hash(), replay.to_move))
        {
            return Err("current situation missing from the superko history".into());
        }
        Ok(())
    }

    /// Plays a move already known to be legal, recording its position.
    fn apply(&mut self, color: Color, mv: Move) -> MoveEffect {
        let effect = match mv {
            Move::Pass => {
                self.board.clear_ko();
                MoveEffect::default()
            }
            Move::Place(p) => self.board.play_unchecked(color, p),
        };
        self.to_move = color.opponent();
        let third = self.record_position();
        self.thirds.push(third);
        self.n_thirds += usize::from(third);
        if self.thirds.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(Arc::new(self.board.clone()));
        }
        effect
    }

    /// Counts the current position and situation; returns whether the
    /// situation has now occurred three times or more.
    fn record_position(&mut self) -> bool {
        let h = self.board.hash();
        *self.positions.entry(h).or_insert(0) += 1;
        let n = self
            .situations
            .entry(situation(h, self.to_move))
            .or_insert(0);
        *n += 1;
        let third = *n >= 3;
        if third && self.rules.ko == KoRule::Simple {
            self.cycle = true;
        }
        third
    }

    /// Resets to the start position and replays the first `n` moves.
    fn rebuild(&mut self, n: usize) {
        let moves = std::mem::take(&mut self.moves);
        self.board.clone_from(&self.start);
        self.to_move = self.first_to_move;
        self.positions.clear();
        self.situations.clear();
        self.cycle = false;
        self.thirds.clear();
        self.n_thirds = 0;
        self.checkpoints.clear();
        self.checkpoints.push(Arc::clone(&self.start));
        self.record_position();
        let n = n.min(moves.len());
        let turn_override = self.turn_override.filter(|&(at, _)| at <= n);
        // Before each move i (and after the last), the side to move that a
        // record set there.
        for i in 0..=n {
            if let Some((at, color)) = turn_override
                && at == i
            {
                self.override_turn(color);
            }
            if let Some(m) = moves[..n].get(i) {
                self.apply(m.color, m.mv);
            }
        }
        self.turn_override = turn_override;
        self.moves = moves;
        self.moves.truncate(n);
    }
}

/// Takes one occurrence of `key` back out of a history count.
fn uncount(counts: &mut HashMap<u64, u32>, key: u64) {
    if let Some(n) = counts.get_mut(&key) {
        *n -= 1;
        if *n == 0 {
            counts.remove(&key);
        }
    }
}

/// Whether `color` at `p` would capture something.
fn captures_any(board: &Board, color: Color, p: Point) -> bool {
    board
        .neighbors(p)
        .iter()
        .any(|&n| board.color_at(n) == Some(color.opponent()) && board.liberties(n) == 1)
}

#[inline]
fn situation(hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => hash,
        Color::White => hash ^ WHITE_TO_MOVE,
    }
}

/// The handicap as KataGo infers it: the handicap stones placed as setup,
/// or else the Black stones played before White's first move (an opening
/// run of Black moves, e.g. handicap stones sent as `play`) when there are
/// two or more of them; otherwise 0. The one rule for the handicap a
/// count compensates: the count ([`crate::score`]) and the search's score
/// estimate ([`crate::search::analysis`]) both use it.
pub fn handicap_count(game: &Game) -> u32 {
    let setup = game.handicap_stones();
    if setup > 0 {
        return setup;
    }
    if !game.setup_stones().is_empty() {
        return 0;
    }
    let run = game
        .moves()
        .iter()
        .take_while(|m| m.color == Color::Black)
        .filter(|m| m.mv != Move::Pass)
        .count() as u32;
    if run > 1 { run } else { 0 }
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

/// The fixed handicap points for `stones` stones on a board of side `size`,
/// as (column, row) from the bottom left, in the order GTP engines agree on.
pub fn fixed_handicap_points(size: usize, stones: usize) -> Result<Vec<(usize, usize)>, GameError> {
    if size < 7 || stones < 2 {
        return Err(GameError::InvalidHandicap);
    }
    let max = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
    if stones > max {
        return Err(GameError::InvalidHandicap);
    }
    let lo = if size >= 13 { 3 } else { 2 };
    let hi = size - 1 - lo;
    let mid = size / 2;
    let mut pts = vec![(lo, lo), (hi, hi)];
    if stones >= 3 {
        pts.push((lo, hi));
    }
    if stones >= 4 {
        pts.push((hi, lo));
    }
    if stones >= 6 {
        pts.push((lo, mid));
        pts.push((hi, mid));
    }
    if stones >= 8 {
        pts.push((mid, lo));
        pts.push((mid, hi));
    }
    if stones % 2 == 1 && stones >= 5 {
        pts.push((mid, mid));
    }
    Ok(pts)
}

#[cfg(test)]
mod tests;
