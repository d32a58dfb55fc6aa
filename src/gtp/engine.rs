//! The engine: the game and settings behind the GTP front end, and what
//! the player does with them (search, decide, charge the clock). It knows
//! no command: the command table and dispatch are [`super::commands`],
//! which imports this module, never the other way round.
//!
//! Every handler validates all of its arguments before it changes anything,
//! so a command that fails leaves the board, history, captures, komi, rules
//! and time settings as they were. As a last line of defence a handler that
//! panics is caught, the state from before the command is restored, and the
//! reply is `? internal error`. The state restored is a [`Snapshot`] of the
//! values a command can change (game, komi included, clocks, settings), taken
//! only before the commands that can change them (not before the read-only
//! ones, [`super::commands::READ_ONLY`]); the search trees are not copied:
//! after a panic the search starts afresh (`Engine::recover`).
//!
//! Time is charged, never refunded: `undo` leaves the clocks alone.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::{Board, Color};
use crate::clock::Clock;
use crate::game::{Game, Move};
use crate::life::{self, Analysis};
use crate::rules::Rules;
use crate::search::decide::{Count, Decision, decide_with};
use crate::search::{Limits, Search, SearchConfig, SearchResult, book};
use crate::sgf::LoadedRecord;

use super::player::{PlayerSettings, TimeOptions};
use super::stream::Request;

/// Board size of a new engine.
pub const DEFAULT_SIZE: usize = 19;

/// Why a command failed: the GTP specification's words for it (`syntax
/// error`, `illegal move`, ...) and the reason, which the `?` reply gives
/// after them (`? syntax error: 'I5' is not a vertex`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub message: String,
    pub reason: String,
}

impl Failure {
    pub fn new(message: &str) -> Failure {
        Failure {
            message: message.to_string(),
            reason: String::new(),
        }
    }

    pub fn because(message: &str, reason: impl Into<String>) -> Failure {
        Failure {
            message: message.to_string(),
            reason: reason.into(),
        }
    }

    pub fn syntax(reason: impl Into<String>) -> Failure {
        Failure::because("syntax error", reason)
    }
}

/// The text of the `?` reply: the words, then the reason if there is one.
impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.reason.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.message, self.reason)
        }
    }
}

/// What a handler returns: the text of the `=` reply, or the failure.
pub type Reply = Result<String, Failure>;

/// The values a command may change, copied before it runs so that a
/// handler that panics changes nothing (see [`super::commands::execute`]). The game
/// shares its boards between copies ([`Game`]), so a copy costs a few
/// small allocations and one board.
#[derive(Clone, Debug)]
pub struct Snapshot {
    game: Game,
    clock: Clock,
    time_options: TimeOptions,
    player: PlayerSettings,
    stream_request: Option<Request>,
    quit: bool,
}

impl Snapshot {
    pub(super) fn of(e: &Engine) -> Snapshot {
        Snapshot {
            game: e.game.clone(),
            clock: e.clock,
            time_options: e.time_options,
            player: e.player.clone(),
            stream_request: e.stream_request.clone(),
            quit: e.quit,
        }
    }

    pub(super) fn restore(self, e: &mut Engine) {
        e.game = self.game;
        e.clock = self.clock;
        e.time_options = self.time_options;
        e.player = self.player;
        e.stream_request = self.stream_request;
        e.quit = self.quit;
    }
}

/// The search and its trees, kept between moves for tree reuse. Not
/// `Clone`, nor is the [`Engine`]: no command copies a search (a
/// [`Snapshot`] holds only values).
pub struct SearchSlot(Search);

impl SearchSlot {
    pub fn new(config: SearchConfig) -> SearchSlot {
        SearchSlot(Search::new(config))
    }

    pub fn get(&mut self) -> &mut Search {
        &mut self.0
    }
}

impl std::fmt::Debug for SearchSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchSlot({:?})", self.0.config())
    }
}

/// The state behind the GTP front end.
#[derive(Debug)]
pub struct Engine {
    pub(super) game: Game,
    /// Both players' clocks.
    pub(super) clock: Clock,
    /// The game information of the record `loadsgf` loaded, for
    /// `printsgf`; `None` after `clear_board` or `boardsize`.
    pub(super) record: Option<Arc<LoadedRecord>>,
    /// Lag margin and the move time without a time limit.
    pub(super) time_options: TimeOptions,
    /// How the player searches, passes and resigns.
    pub(super) player: PlayerSettings,
    pub(super) search: SearchSlot,
    /// A streaming analysis asked for by the last command.
    pub(super) stream_request: Option<Request>,
    pub(super) quit: bool,
    /// The dead-stone analysis of the last position analysed, keyed by
    /// (stones hash, board size): the analysis depends on the stones only
    /// and is deterministic, so this only saves time.
    pub(super) dead_stones: DeadStoneCache,
    /// What `name` and `version` answer (see [`Compat`]).
    pub(super) compat: Compat,
}

/// Which GUI's engine check `name` and `version` satisfy.
///
/// Lizzie 0.7.4 reads `version` as a Leela Zero version and, below 0.15,
/// opens a dialog from its engine-reader thread while holding a lock its
/// drawing thread needs: the window freezes. It treats an engine whose
/// `name` starts with `KataGo` as KataGo (then it skips the version check,
/// asks `kata-analyze` and shows score leads and ownership).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compat {
    /// `weiqi` and weiqi's own version.
    #[default]
    Plain,
    /// `version` answers [`LEELA_ZERO_VERSION`]; `name` stays `weiqi`.
    LeelaZero,
    /// `name` answers [`KATAGO_NAME`] (starting with `KataGo`).
    KataGo,
}

/// The `version` answer of [`Compat::LeelaZero`]: a Leela Zero version that
/// Lizzie accepts (0.15 or later).
pub const LEELA_ZERO_VERSION: &str = "0.17";
/// The `name` answer of [`Compat::KataGo`].
pub const KATAGO_NAME: &str = "KataGo-compatible weiqi";

/// The last dead-stone analysis, keyed by (stones hash, board size).
pub(super) type DeadStoneCache = Option<((u64, usize), Arc<Analysis>)>;

/// The dead-stone analysis of `board` from `cache`, or a new one (stored).
pub(super) fn cached_dead_stones(cache: &mut DeadStoneCache, board: &Board) -> Arc<Analysis> {
    let key = (board.hash(), board.size());
    if let Some((k, a)) = cache
        && *k == key
    {
        return Arc::clone(a);
    }
    let a = Arc::new(life::analyse(board));
    *cache = Some((key, Arc::clone(&a)));
    a
}

impl Engine {
    /// A 19x19 engine under `rules`, with `komi` if given (explicit) or the
    /// rules' default komi.
    pub fn new(rules: Rules, komi: Option<f64>) -> Engine {
        // DEFAULT_SIZE is a constant inside MIN_SIZE..=MAX_SIZE, so this
        // cannot fail whatever a client sends.
        let mut game = Game::new(DEFAULT_SIZE, rules).expect("19x19 is a supported size");
        if let Some(k) = komi {
            game.set_komi(k);
        }
        Engine {
            game,
            clock: Clock::default(),
            record: None,
            time_options: TimeOptions::default(),
            player: PlayerSettings::default(),
            search: SearchSlot::new(PlayerSettings::default().search_config()),
            stream_request: None,
            quit: false,
            dead_stones: None,
            compat: Compat::Plain,
        }
    }

    /// Sets what `name` and `version` answer.
    pub fn set_compat(&mut self, compat: Compat) {
        self.compat = compat;
    }

    /// The dead-stone analysis of the current position (cached).
    pub fn dead_stones(&mut self) -> Arc<Analysis> {
        cached_dead_stones(&mut self.dead_stones, self.game.board())
    }

    /// Sets how the player searches (threads, playouts, seed, time per
    /// move, resigning); the search starts afresh.
    pub fn set_player(&mut self, player: PlayerSettings) {
        self.search = SearchSlot::new(player.search_config());
        self.player = player;
    }

    /// How the player searches.
    pub fn player(&self) -> &PlayerSettings {
        &self.player
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Both players' clocks.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The lag margin and the move time without a time limit.
    pub fn time_options(&self) -> TimeOptions {
        self.time_options
    }

    /// Sets the lag margin and the move time without a time limit.
    pub fn set_time_options(&mut self, options: TimeOptions) {
        self.time_options = options;
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Checks the game's invariants (see [`Game::verify`]): hash, liberty
    /// counts, chains, superko history, and the undo chain down to the
    /// start position. For tests and fuzzing: quadratic in the game length.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.game.verify()
    }

    /// After a handler panicked: puts back the values from before the
    /// command (`before`, if a snapshot was taken) and starts the search
    /// and the dead-stone cache afresh (they may be half-made).
    pub(super) fn recover(&mut self, before: Option<Snapshot>) {
        if let Some(before) = before {
            before.restore(self);
        }
        self.search = SearchSlot::new(self.player.search_config());
        self.dead_stones = None;
    }
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
                deadline: Some(self.deadline(color, start)),
                max_playouts: None,
                stop_early: true,
            },
        }
    }

    /// The decision on `result` (a search of the current position for
    /// `color`), with the count of `final_score` (the cached analysis) when
    /// a pass is considered.
    pub(super) fn decide(
        &mut self,
        color: Color,
        result: &SearchResult,
        cleanup: bool,
    ) -> Decision {
        let cfg = self.player.decide_config(cleanup);
        let cache = &mut self.dead_stones;
        let mut count = |g: &Game| Count::of(g, &cached_dead_stones(cache, g.board()));
        decide_with(&self.game, color, result, &cfg, &mut count)
    }

    /// Searches with the kept trees and decides the move for `color`.
    pub(super) fn generate(&mut self, color: Color, cleanup: bool, start: Instant) -> Decision {
        if self.player.book
            && !cleanup
            && let Some(p) = book::reply(&self.game, color)
        {
            log::info!("genmove {color:?}: {p:?} from the opening book");
            return Decision::Play(Move::Place(p));
        }
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

    /// The streaming analysis requested by the last command, if any.
    pub fn take_stream_request(&mut self) -> Option<Request> {
        self.stream_request.take()
    }

    /// Forgets the search trees (after a panic in a search).
    pub fn reset_search(&mut self) {
        self.search.get().clear();
    }

    /// Searches for `req` until `until` (the trees grow across calls) and
    /// returns the result.
    pub fn analysis_step(&mut self, req: &Request, until: Instant) -> SearchResult {
        let limits = Limits {
            deadline: Some(until),
            max_playouts: None,
            stop_early: false,
        };
        self.search
            .get()
            .search_for_scores(&self.game, req.color, &limits)
    }

    /// How long `color` may think now: the clock's budget, or the move time
    /// without a time limit.
    pub fn think_budget(&self, color: Color) -> Duration {
        let budget = self.clock.think_budget(
            color,
            self.game.moves().len(),
            self.game.size(),
            self.time_options.lag_margin,
        );
        budget.unwrap_or(self.time_options.move_time)
    }

    /// The instant by which a move for `color` started at `start` must be
    /// chosen.
    pub fn deadline(&self, color: Color, start: Instant) -> Instant {
        let budget = self.think_budget(color);
        log::debug!("think budget for {color:?}: {budget:?}");
        // An instant that far away cannot be represented: think no longer.
        start.checked_add(budget).unwrap_or(start)
    }

    /// Charges the engine's own clock for a move of `color` that took
    /// `elapsed` (the controller's `time_left` overrides it later).
    pub fn charge(&mut self, color: Color, elapsed: Duration) {
        log::debug!("{color:?} used {elapsed:?}");
        if let Err(e) = self.clock.charge(color, elapsed) {
            log::warn!("{e} (after {elapsed:?})");
        }
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Rules::default(), None)
    }
}
