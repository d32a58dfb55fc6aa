//! The engine: the game and settings behind the GTP front end, the command
//! table, and dispatch.
//!
//! Every handler validates all of its arguments before it changes anything,
//! so a command that fails leaves the board, history, captures, komi, rules
//! and time settings as they were. As a last line of defence a handler that
//! panics is caught, the state from before the command is restored, and the
//! reply is `? internal error`. The state restored is a [`Snapshot`] of the
//! values a command can change (game, komi flag, clocks, settings), taken
//! only before the commands that can change them (not before those listed
//! in [`READ_ONLY`]); the search trees are not copied: after a panic the
//! search starts afresh.
//!
//! Time is charged, never refunded: `undo` leaves the clocks alone.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use crate::board::{Board, Color, Point};
use crate::clock::Clock;
use crate::game::{Game, Move};
use crate::life::{self, Analysis};
use crate::rules::Rules;
use crate::search::{Search, SearchConfig};

use super::analyze::Request;
use super::play::PlayerSettings;
use super::time::TimeOptions;
use super::vertex::{VertexError, parse_color, parse_move, parse_point};
use super::{analyze, play, query, rules, setup, sgf, time};

/// Board size of a new engine.
pub const DEFAULT_SIZE: usize = 19;

/// Why a command failed: the text of the `?` reply, and the reason written
/// to the debug log.
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

/// What a handler returns: the text of the `=` reply, or the failure.
pub type Reply = Result<String, Failure>;

/// A command handler, given the arguments after the command name.
pub type Handler = fn(&mut Engine, &[&str]) -> Reply;

/// Every command, in the order `list_commands` lists them. This table is the
/// only list: `list_commands` and `known_command` are generated from it.
pub static COMMANDS: &[(&str, Handler)] = &[
    // Administration.
    ("protocol_version", protocol_version),
    ("name", name),
    ("version", version),
    ("known_command", known_command),
    ("list_commands", list_commands),
    ("quit", quit),
    // Setup.
    ("boardsize", setup::boardsize),
    ("clear_board", setup::clear_board),
    ("komi", setup::komi),
    ("fixed_handicap", setup::fixed_handicap),
    ("place_free_handicap", setup::place_free_handicap),
    ("set_free_handicap", setup::set_free_handicap),
    // Play.
    ("play", play::play),
    ("genmove", play::genmove),
    ("reg_genmove", play::reg_genmove),
    ("undo", play::undo),
    // Time.
    ("time_settings", time::time_settings),
    ("time_left", time::time_left),
    // Scoring.
    ("final_score", query::final_score),
    ("final_status", query::final_status),
    ("final_status_list", query::final_status_list),
    ("weiqi-score", query::weiqi_score),
    ("weiqi-score_gfx", query::weiqi_score_gfx),
    // Position queries.
    ("showboard", query::showboard),
    ("is_legal", query::is_legal),
    ("all_legal", query::all_legal),
    ("captures", query::captures),
    ("list_stones", query::list_stones),
    ("color", query::color),
    ("countlib", query::countlib),
    // Game records (SGF).
    ("loadsgf", sgf::loadsgf),
    ("printsgf", sgf::printsgf),
    // Rules (KataGo and KGS names).
    ("kata-get-rules", rules::kata_get_rules),
    ("kata-set-rules", rules::kata_set_rules),
    ("kgs-rules", rules::kgs_rules),
    // KGS.
    ("kgs-time_settings", time::kgs_time_settings),
    ("kgs-genmove_cleanup", play::genmove_cleanup),
    ("kgs-game_over", empty),
    // weiqi extensions.
    ("weiqi-time_settings", time::weiqi_time_settings),
    ("weiqi-time_left", time::weiqi_time_left),
    // GoGui.
    ("gogui-analyze_commands", query::gogui_analyze_commands),
    ("gogui-interrupt", empty),
    ("weiqi-ownership", analyze::ownership_gfx),
    ("weiqi-playouts", play::weiqi_playouts),
    // Analysis (Sabaki, Lizzie): streaming replies.
    ("lz-analyze", analyze::lz_analyze),
    ("kata-analyze", analyze::kata_analyze),
];

/// The commands that change none of the values a [`Snapshot`] holds (they
/// read the position, or only fill the dead-stone cache or the search
/// trees, which a panic resets anyway): [`Engine::execute`] takes no
/// snapshot before them. A test runs each on a game in progress and checks
/// that the snapshot is unchanged.
pub static READ_ONLY: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "final_score",
    "final_status",
    "final_status_list",
    "weiqi-score",
    "weiqi-score_gfx",
    "showboard",
    "is_legal",
    "all_legal",
    "captures",
    "list_stones",
    "color",
    "countlib",
    "printsgf",
    "kata-get-rules",
    "reg_genmove",
    "kgs-game_over",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "weiqi-ownership",
];

/// The values a command may change, copied before it runs so that a
/// handler that panics changes nothing (see [`Engine::execute`]). The game
/// shares its boards between copies ([`Game`]), so a copy costs a few
/// small allocations and one board.
#[derive(Clone, Debug)]
pub struct Snapshot {
    game: Game,
    komi_explicit: bool,
    clock: Clock,
    time_options: TimeOptions,
    player: PlayerSettings,
    analysis_request: Option<Request>,
    quit: bool,
}

impl Snapshot {
    fn of(e: &Engine) -> Snapshot {
        Snapshot {
            game: e.game.clone(),
            komi_explicit: e.komi_explicit,
            clock: e.clock,
            time_options: e.time_options,
            player: e.player.clone(),
            analysis_request: e.analysis_request.clone(),
            quit: e.quit,
        }
    }

    fn restore(self, e: &mut Engine) {
        e.game = self.game;
        e.komi_explicit = self.komi_explicit;
        e.clock = self.clock;
        e.time_options = self.time_options;
        e.player = self.player;
        e.analysis_request = self.analysis_request;
        e.quit = self.quit;
    }
}

/// The search and its trees, kept between moves for tree reuse. Cloning
/// gives a fresh search with the same settings (a copied engine should not
/// keep a tree a panic may have left half-made).
pub struct SearchSlot(Search);

impl SearchSlot {
    pub fn new(config: SearchConfig) -> SearchSlot {
        SearchSlot(Search::new(config))
    }

    pub fn get(&mut self) -> &mut Search {
        &mut self.0
    }
}

impl Clone for SearchSlot {
    fn clone(&self) -> SearchSlot {
        SearchSlot::new(self.0.config().clone())
    }
}

impl std::fmt::Debug for SearchSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchSlot({:?})", self.0.config())
    }
}

/// The state behind the GTP front end.
#[derive(Clone, Debug)]
pub struct Engine {
    pub(super) game: Game,
    /// Whether komi was set explicitly (`komi`, `--komi`, or a komi in
    /// `kata-set-rules` JSON). An explicit komi survives rules changes;
    /// otherwise a rules change adopts the preset's default komi.
    pub(super) komi_explicit: bool,
    /// Both players' clocks.
    pub(super) clock: Clock,
    /// The game information of the record `loadsgf` loaded, for
    /// `printsgf`; `None` after `clear_board` or `boardsize`.
    pub(super) record: Option<Arc<sgf::LoadedRecord>>,
    /// Lag margin and the move time without a time limit.
    pub(super) time_options: TimeOptions,
    /// How the player searches, passes and resigns.
    pub(super) player: PlayerSettings,
    pub(super) search: SearchSlot,
    /// A streaming analysis asked for by the last command.
    pub(super) analysis_request: Option<Request>,
    pub(super) quit: bool,
    /// The dead-stone analysis of the last position analysed, keyed by
    /// (stones hash, board size): the analysis depends on the stones only
    /// and is deterministic, so this only saves time.
    pub(super) analysis: AnalysisCache,
    /// What `name` and `version` answer (see [`Compat`]).
    compat: Compat,
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
pub(super) type AnalysisCache = Option<((u64, usize), Arc<Analysis>)>;

/// The dead-stone analysis of `board` from `cache`, or a new one (stored).
pub(super) fn cached_analysis(cache: &mut AnalysisCache, board: &Board) -> Arc<Analysis> {
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
            komi_explicit: komi.is_some(),
            clock: Clock::default(),
            record: None,
            time_options: TimeOptions::default(),
            player: PlayerSettings::default(),
            search: SearchSlot::new(PlayerSettings::default().search_config()),
            analysis_request: None,
            quit: false,
            analysis: None,
            compat: Compat::Plain,
        }
    }

    /// Sets what `name` and `version` answer.
    pub fn set_compat(&mut self, compat: Compat) {
        self.compat = compat;
    }

    /// The dead-stone analysis of the current position (cached).
    pub fn analysis(&mut self) -> Arc<Analysis> {
        cached_analysis(&mut self.analysis, self.game.board())
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

    /// Both players' clocks, to set them (e.g. from a loaded SGF file).
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
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

    /// Runs one command. Unknown names fail with `unknown command`; a
    /// failing command changes nothing.
    pub fn execute(&mut self, name: &str, args: &[&str]) -> Reply {
        let Some(&(_, handler)) = COMMANDS.iter().find(|(n, _)| *n == name) else {
            return Err(Failure::new("unknown command"));
        };
        self.run_handler(name, handler, args)
    }

    /// Runs `handler` as command `name`, restoring the state if it panics.
    fn run_handler(&mut self, name: &str, handler: Handler, args: &[&str]) -> Reply {
        let before = (!READ_ONLY.contains(&name)).then(|| Snapshot::of(self));
        match catch_unwind(AssertUnwindSafe(|| handler(self, args))) {
            Ok(reply) => reply,
            Err(_) => {
                if let Some(before) = before {
                    before.restore(self);
                }
                // Trees and the dead-stone cache may be half-made.
                self.search = SearchSlot::new(self.player.search_config());
                self.analysis = None;
                Err(Failure::because(
                    "internal error",
                    "the handler panicked; state restored",
                ))
            }
        }
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Rules::default(), None)
    }
}

// ---------------------------------------------------------------------------
// Argument helpers shared by the handlers.

/// Checks that there are exactly `n` arguments (extra arguments are a
/// syntax error rather than silently ignored).
pub(super) fn exactly(args: &[&str], n: usize) -> Result<(), Failure> {
    if args.len() == n {
        Ok(())
    } else {
        Err(Failure::syntax(format!(
            "{n} argument{} expected, {} given",
            if n == 1 { "" } else { "s" },
            args.len()
        )))
    }
}

/// The `i`-th argument.
pub(super) fn arg<'a>(args: &[&'a str], i: usize) -> Result<&'a str, Failure> {
    args.get(i)
        .copied()
        .ok_or_else(|| Failure::syntax(format!("missing argument {}", i + 1)))
}

/// The `i`-th argument as a colour.
pub(super) fn color_arg(args: &[&str], i: usize) -> Result<Color, Failure> {
    let s = arg(args, i)?;
    parse_color(s).ok_or_else(|| Failure::syntax(format!("'{s}' is not a colour")))
}

fn vertex_failure(e: VertexError) -> Failure {
    Failure::syntax(e.to_string())
}

/// The `i`-th argument as a vertex (point or pass) of the current board.
pub(super) fn move_arg(engine: &Engine, args: &[&str], i: usize) -> Result<Move, Failure> {
    parse_move(arg(args, i)?, engine.game.board()).map_err(vertex_failure)
}

/// The `i`-th argument as a point of the current board (not pass).
pub(super) fn point_arg(engine: &Engine, args: &[&str], i: usize) -> Result<Point, Failure> {
    parse_point(arg(args, i)?, engine.game.board()).map_err(vertex_failure)
}

// ---------------------------------------------------------------------------
// Administration.

fn protocol_version(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok("2".to_string())
}

fn name(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(match engine.compat {
        Compat::KataGo => KATAGO_NAME,
        _ => "weiqi",
    }
    .to_string())
}

fn version(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(match engine.compat {
        Compat::LeelaZero => LEELA_ZERO_VERSION,
        _ => env!("CARGO_PKG_VERSION"),
    }
    .to_string())
}

fn known_command(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let name = arg(args, 0)?;
    Ok(COMMANDS.iter().any(|(n, _)| *n == name).to_string())
}

fn list_commands(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `quit` (arguments ignored: a request to stop is always honoured).
fn quit(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.quit = true;
    Ok(String::new())
}

/// Commands that only acknowledge (arguments ignored).
fn empty(_: &mut Engine, _: &[&str]) -> Reply {
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine in the middle of a game, with komi, time and rules set.
    fn busy_engine() -> Engine {
        let mut e = Engine::default();
        for cmd in [
            "boardsize 9",
            "komi 5.5",
            "time_settings 600 30 5",
            "play b e5",
            "play w c3",
            "play b g7",
            "play w e3",
            "time_left b 500 0",
        ] {
            let mut words = cmd.split_whitespace();
            let name = words.next().expect("a name");
            let args: Vec<&str> = words.collect();
            assert!(e.execute(name, &args).is_ok(), "{cmd}");
        }
        e
    }

    fn snapshot_text(e: &Engine) -> String {
        format!("{:?}", Snapshot::of(e))
    }

    #[test]
    fn read_only_commands_are_commands_and_change_no_snapshot_value() {
        let args: &[(&str, &[&str])] = &[
            ("known_command", &["play"]),
            ("final_status", &["e5"]),
            ("final_status_list", &["dead"]),
            ("is_legal", &["b", "d4"]),
            ("all_legal", &["w"]),
            ("captures", &["b"]),
            ("list_stones", &["w"]),
            ("color", &["c3"]),
            ("countlib", &["e5"]),
            ("reg_genmove", &["b"]),
            ("weiqi-ownership", &[]),
        ];
        let mut e = busy_engine();
        e.set_player(PlayerSettings {
            threads: 1,
            playouts: Some(200),
            ..PlayerSettings::default()
        });
        for &name in READ_ONLY {
            assert!(
                COMMANDS.iter().any(|(n, _)| *n == name),
                "{name} is not a command"
            );
            let a = args
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(&[][..], |x| x.1);
            let before = snapshot_text(&e);
            let reply = e.execute(name, a);
            assert!(reply.is_ok(), "{name} {a:?}: {reply:?}");
            assert_eq!(snapshot_text(&e), before, "{name} changed the state");
        }
        // And the check can fail: a command outside the list changes it.
        let before = snapshot_text(&e);
        assert!(e.execute("play", &["b", "a1"]).is_ok());
        assert_ne!(snapshot_text(&e), before);
        assert!(!READ_ONLY.contains(&"play"));
    }

    fn panics_after_changing_everything(e: &mut Engine, _: &[&str]) -> Reply {
        let _ = e.game.play(Color::White, Move::Pass);
        e.game.set_komi(100.0);
        e.komi_explicit = false;
        e.quit = true;
        e.clock = Clock::default();
        e.player.threads = 7;
        panic!("a handler bug");
    }

    #[test]
    fn a_panicking_command_is_undone_and_the_search_reset() {
        let mut e = busy_engine();
        let before = snapshot_text(&e);
        let moves = e.game.moves().len();
        let reply = e.run_handler("play", panics_after_changing_everything, &[]);
        assert_eq!(
            reply.map_err(|f| f.message),
            Err("internal error".to_string())
        );
        assert_eq!(snapshot_text(&e), before);
        assert_eq!(e.game.moves().len(), moves);
        e.check_invariants().expect("a consistent game");
        assert_eq!(e.search.get().config(), &e.player.search_config());
        // A read-only command takes no snapshot (a handler that broke that
        // promise would keep its changes: the list is checked above).
        let reply = e.run_handler("name", panics_after_changing_everything, &[]);
        assert!(reply.is_err());
        assert_ne!(snapshot_text(&e), before);
    }
}
