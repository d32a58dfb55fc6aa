//! One refereed game between two engines.
//!
//! The command sequence is gogui-twogtp's (GTP.md): `boardsize`,
//! `clear_board`, `komi`, the time settings, `set_free_handicap` with the
//! fixed handicap points, then `genmove` to the side to move and `play` of
//! its answer to the other. Before each timed `genmove` the engine hears
//! `time_left` from the referee's clock. The referee plays every move on
//! its own [`Game`] first, so it decides:
//!
//! * `resign` → the other side wins by resignation;
//! * an answer that is not a vertex → forfeit (bad reply); a `?` to
//!   `genmove`, or to a setup command or a legal `play` → forfeit (refused);
//!   end of output → forfeit (crash); no answer within the hard timeout →
//!   forfeit (hang), or loss on time when the game is timed (the clock has
//!   run out by then);
//! * a move [`Game::check`] refuses → loss by illegal move;
//! * the wall time of each `genmove`, charged to the [`Clock`] → loss on
//!   time when it flags;
//! * two passes in a row → the count ([`final_margin`]);
//! * a whole-board cycle under simple ko ([`Game::is_cycle`]) → void;
//! * `max_moves` moves without an end → void (move limit).
//!
//! Only the side to move is ever asked for a move, so an engine cannot move
//! out of turn (docs/RULES.md, conduct).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::board::Color;
use crate::clock::{Clock, TimeLeft, TimeSystem};
use crate::game::{Game, GameError, fixed_handicap_points};
use crate::gtp::client::{Client, ClientError, Response};
use crate::gtp::vertex::{color_name, format_move, format_point, parse_move};
use crate::rules::Rules;

use super::results::{Fault, Outcome, Reason, VoidReason};

/// How every game of a match is set up.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub size: usize,
    pub komi: f64,
    pub rules: Rules,
    /// Handicap stones (0 or 2 and more).
    pub handicap: usize,
    pub time: TimeSystem,
    /// Moves (passes included) after which the game is void.
    pub max_moves: usize,
    /// Hard timeout of a command when the game is untimed (and of every
    /// command other than `genmove`).
    pub move_timeout: Duration,
    /// Added to the time left on the clock for the hard timeout of a timed
    /// `genmove`.
    pub timeout_margin: Duration,
}

/// An engine process with what it told about itself.
pub struct Player {
    pub command: String,
    pub name: String,
    pub version: String,
    commands: HashSet<String>,
    client: Option<Client>,
    show_stderr: bool,
}

impl Player {
    /// An engine not started yet: the first game starts it.
    pub fn new(command: &str, show_stderr: bool) -> Player {
        Player {
            command: command.to_string(),
            name: String::new(),
            version: String::new(),
            commands: HashSet::new(),
            client: None,
            show_stderr,
        }
    }

    /// Starts `command` and asks `protocol_version`, `name`, `version`,
    /// `list_commands` (gogui-twogtp's start).
    pub fn start(
        command: &str,
        show_stderr: bool,
        timeout: Duration,
    ) -> Result<Player, ClientError> {
        let mut e = Player::new(command, show_stderr);
        e.restart(timeout)?;
        Ok(e)
    }

    fn restart(&mut self, timeout: Duration) -> Result<(), ClientError> {
        if let Some(old) = self.client.take() {
            drop(old);
        }
        let mut c = Client::spawn(&self.command, self.show_stderr)?;
        let text = |r: Response| r.unwrap_or_default();
        let _ = c.send("protocol_version", timeout)?;
        self.name = text(c.send("name", timeout)?);
        self.version = text(c.send("version", timeout)?);
        self.commands = text(c.send("list_commands", timeout)?)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        self.client = Some(c);
        Ok(())
    }

    /// `name version`, as a label.
    pub fn label(&self) -> String {
        let name = if self.name.is_empty() {
            "engine"
        } else {
            &self.name
        };
        if self.version.is_empty() {
            name.to_string()
        } else {
            format!("{name} {}", self.version)
        }
    }

    /// Whether the engine listed `command`.
    pub fn knows(&self, command: &str) -> bool {
        self.commands.contains(command)
    }

    /// Makes sure a working process is there (a new one after a crash or
    /// a hang).
    fn ensure_running(&mut self, timeout: Duration) -> Result<(), ClientError> {
        if self.client.as_ref().is_some_and(|c| !c.is_dead()) {
            return Ok(());
        }
        if self.client.is_some() {
            log::info!("restarting '{}'", self.command);
        }
        self.restart(timeout)
    }

    fn send(&mut self, command: &str, timeout: Duration) -> Result<Response, ClientError> {
        match self.client.as_mut() {
            Some(c) => c.send(command, timeout),
            None => Err(ClientError::Crashed("not running".into())),
        }
    }

    /// Sends `quit` and lets the process go.
    pub fn quit(mut self) {
        if let Some(c) = self.client.take() {
            c.quit();
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Record {
    pub game: Game,
    pub outcome: Outcome,
    /// What happened, in words (empty for ordinary ends).
    pub detail: String,
    /// Wall time of each colour's `genmove`s.
    pub time: [Duration; 2],
    /// The mover's clock after each move (timed games only).
    pub clock_after: Vec<Option<TimeLeft>>,
    /// The clock at the end.
    pub clock: Clock,
}

/// Whole seconds for GTP (rounded down).
fn secs(t: Duration) -> u64 {
    t.as_secs()
}

/// The time settings command for an engine: `kgs-time_settings` when it
/// lists it, else `time_settings` (byo-yomi sent as Canadian with one stone
/// per period, Fischer as absolute). `None` without a time limit. GTP
/// times are whole seconds: fractions are dropped, a period is at least 1 s.
pub fn time_settings_command(system: TimeSystem, kgs: bool) -> Option<String> {
    let p = |t: Duration| secs(t).max(1);
    Some(match (system, kgs) {
        (TimeSystem::None, _) => return None,
        (TimeSystem::Absolute { main }, true) | (TimeSystem::Fischer { main, .. }, true) => {
            format!("kgs-time_settings absolute {}", secs(main))
        }
        (TimeSystem::Absolute { main }, false) | (TimeSystem::Fischer { main, .. }, false) => {
            format!("time_settings {} 0 0", secs(main))
        }
        (
            TimeSystem::Byoyomi {
                main,
                period,
                periods,
            },
            true,
        ) => format!(
            "kgs-time_settings byoyomi {} {} {periods}",
            secs(main),
            p(period)
        ),
        (TimeSystem::Byoyomi { main, period, .. }, false) => {
            format!("time_settings {} {} 1", secs(main), p(period))
        }
        (
            TimeSystem::Canadian {
                main,
                period,
                stones,
            },
            true,
        ) => format!(
            "kgs-time_settings canadian {} {} {stones}",
            secs(main),
            p(period)
        ),
        (
            TimeSystem::Canadian {
                main,
                period,
                stones,
            },
            false,
        ) => format!("time_settings {} {} {stones}", secs(main), p(period)),
    })
}

/// All the time `side` has before it flags: main time plus every period
/// left (`None` without a limit).
pub fn time_to_flag(clock: &Clock, side: Color) -> Option<Duration> {
    let left = clock.left(side)?;
    Some(match clock.system() {
        TimeSystem::Byoyomi {
            period, periods, ..
        } => {
            if left.count == 0 {
                left.time.saturating_add(period.saturating_mul(periods))
            } else {
                left.time
                    .saturating_add(period.saturating_mul(left.count.saturating_sub(1)))
            }
        }
        TimeSystem::Canadian { period, .. } => {
            if left.count == 0 {
                left.time.saturating_add(period)
            } else {
                left.time
            }
        }
        _ => left.time,
    })
}

/// Black's margin under weiqi's own scoring (dead stones removed).
pub fn final_margin(game: &Game) -> f64 {
    crate::score::score(game, &crate::life::analyse(game.board())).margin()
}

/// The referee's state for one game.
struct Referee<'a> {
    settings: &'a Settings,
    engines: [&'a mut Player; 2],
    game: Game,
    clock: Clock,
    time: [Duration; 2],
    clock_after: Vec<Option<TimeLeft>>,
}

/// How a game stopped, before the record is made.
struct End {
    outcome: Outcome,
    detail: String,
}

impl End {
    fn loss(loser: Color, reason: Reason, detail: String) -> End {
        End {
            outcome: Outcome::Decided {
                winner: loser.opponent(),
                reason,
            },
            detail,
        }
    }

    /// A forfeit for a client error of `loser`'s engine.
    fn fault(loser: Color, doing: &str, e: &ClientError) -> End {
        let fault = match e {
            ClientError::Timeout(_) => Fault::Hang,
            ClientError::Malformed(_) => Fault::BadReply,
            ClientError::Crashed(_) | ClientError::Spawn(_) | ClientError::BadCommandLine(_) => {
                Fault::Crash
            }
        };
        End::loss(
            loser,
            Reason::Forfeit(fault),
            format!("{} {doing}: {e}", color_name(loser)),
        )
    }
}

impl Referee<'_> {
    fn engine(&mut self, c: Color) -> &mut Player {
        &mut *self.engines[c.index()]
    }

    /// Sends a command that must succeed to `c`'s engine.
    fn must(&mut self, c: Color, command: &str) -> Result<(), End> {
        let t = self.settings.move_timeout;
        match self.engine(c).send(command, t) {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(msg)) => Err(End::loss(
                c,
                Reason::Forfeit(Fault::Refused),
                format!("{} refused '{command}': {msg}", color_name(c)),
            )),
            Err(e) => Err(End::fault(c, &format!("on '{command}'"), &e)),
        }
    }

    /// gogui-twogtp's game start, to both engines.
    fn setup(&mut self) -> Result<(), End> {
        let s = *self.settings;
        for c in [Color::Black, Color::White] {
            if let Err(e) = self.engine(c).ensure_running(s.move_timeout) {
                return Err(End::fault(c, "at start", &e));
            }
            self.must(c, &format!("boardsize {}", s.size))?;
            self.must(c, "clear_board")?;
            self.must(c, &format!("komi {}", s.komi))?;
            let kgs = self.engine(c).knows("kgs-time_settings");
            if let Some(cmd) = time_settings_command(s.time, kgs) {
                self.must(c, &cmd)?;
            }
        }
        if !self.game.setup_stones().is_empty() {
            let board = self.game.board();
            let list: Vec<String> = self
                .game
                .setup_stones()
                .iter()
                .map(|&(_, p)| format_point(board, p))
                .collect();
            let cmd = format!("set_free_handicap {}", list.join(" "));
            for c in [Color::Black, Color::White] {
                self.must(c, &cmd)?;
            }
        }
        Ok(())
    }

    /// Plays the game to its end.
    fn run(&mut self) -> End {
        if let Err(end) = self.setup() {
            return end;
        }
        loop {
            if self.game.moves().len() >= self.settings.max_moves {
                return End {
                    outcome: Outcome::Void(VoidReason::MoveLimit),
                    detail: format!("{} moves played", self.game.moves().len()),
                };
            }
            if let Some(end) = self.turn() {
                return end;
            }
        }
    }

    /// One move: `genmove` to the side to move, checks, `play` to the
    /// other. `Some` when the game is over.
    fn turn(&mut self) -> Option<End> {
        let color = self.game.to_move();
        let side = color;
        let name = color_name(color);
        let timeout = match time_to_flag(&self.clock, side) {
            Some(t) => {
                if let Some(left) = self.clock.left(side) {
                    let cmd = format!("time_left {name} {} {}", secs(left.time), left.count);
                    let t = self.settings.move_timeout;
                    match self.engine(color).send(&cmd, t) {
                        Ok(_) => {}
                        Err(e) => return Some(End::fault(color, "on time_left", &e)),
                    }
                }
                t.saturating_add(self.settings.timeout_margin)
            }
            None => self.settings.move_timeout,
        };
        let started = Instant::now();
        let reply = self.engine(color).send(&format!("genmove {name}"), timeout);
        let elapsed = started.elapsed();
        self.time[color.index()] += elapsed;
        let calls = self.clock.referee_calls(side, elapsed);
        if !calls.is_empty() {
            let words: Vec<String> = calls.iter().map(|(_, c)| c.to_string()).collect();
            log::debug!("{name}: referee calls {}", words.join(", "));
        }
        let flagged = self.clock.charge(side, elapsed).is_err();
        if flagged {
            return Some(End::loss(
                color,
                Reason::Time,
                format!("{name} took {:.3} s", elapsed.as_secs_f64()),
            ));
        }
        let text = match reply {
            Ok(Ok(text)) => text,
            Ok(Err(msg)) => {
                return Some(End::loss(
                    color,
                    Reason::Forfeit(Fault::Refused),
                    format!("{name} refused genmove: {msg}"),
                ));
            }
            Err(e) => return Some(End::fault(color, "on genmove", &e)),
        };
        let word = text.trim();
        if word.eq_ignore_ascii_case("resign") {
            return Some(End::loss(
                color,
                Reason::Resignation,
                format!("{name} resigned"),
            ));
        }
        let mv = match parse_move(word, self.game.board()) {
            Ok(mv) => mv,
            Err(e) => {
                return Some(End::loss(
                    color,
                    Reason::Forfeit(Fault::BadReply),
                    format!("{name} answered genmove with {word:?}: {e}"),
                ));
            }
        };
        if let Err(why) = self.game.check(color, mv) {
            return Some(End::loss(
                color,
                Reason::IllegalMove,
                format!(
                    "{name} played {} at move {}: {why}",
                    format_move(self.game.board(), mv),
                    self.game.moves().len() + 1
                ),
            ));
        }
        let vertex = format_move(self.game.board(), mv).to_ascii_uppercase();
        if let Err(e) = self.game.play(color, mv) {
            // Checked just above; kept as a loss rather than a panic.
            return Some(End::loss(
                color,
                Reason::IllegalMove,
                format!("{name}: {e}"),
            ));
        }
        self.clock_after.push(self.clock.left(side));
        let other = color.opponent();
        let play = format!(
            "play {} {vertex}",
            if color == Color::Black { "B" } else { "W" }
        );
        if let Err(end) = self.must(other, &play) {
            return Some(end);
        }
        if self.game.two_passes() {
            return Some(End {
                outcome: Outcome::Scored {
                    margin: final_margin(&self.game),
                },
                detail: String::new(),
            });
        }
        if self.game.is_cycle() {
            return Some(End {
                outcome: Outcome::Void(VoidReason::Cycle),
                detail: format!(
                    "whole-board position repeated three times at move {}",
                    self.game.moves().len()
                ),
            });
        }
        None
    }
}

/// Why a game cannot be set up at all (a configuration error, found
/// before any engine is asked anything).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The board size is not supported.
    Size(usize),
    /// The handicap does not fit the board.
    Handicap(GameError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Size(n) => write!(f, "unsupported board size {n}"),
            SetupError::Handicap(e) => write!(f, "handicap: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// The referee's game before the first move: size, rules, komi and the
/// fixed handicap stones.
pub fn new_game(settings: &Settings) -> Result<Game, SetupError> {
    let mut game =
        Game::new(settings.size, settings.rules).ok_or(SetupError::Size(settings.size))?;
    game.set_komi(settings.komi);
    if settings.handicap > 0 {
        let points = fixed_handicap_points(settings.size, settings.handicap)
            .map_err(SetupError::Handicap)?;
        let board = game.board().clone();
        let stones: Vec<_> = points
            .iter()
            .filter_map(|&(col, row)| board.point(col, row))
            .map(|p| (Color::Black, p))
            .collect();
        game.place_setup(&stones, true)
            .map_err(SetupError::Handicap)?;
    }
    Ok(game)
}

/// Plays one game between `black` and `white` and referees it.
pub fn play_game(
    settings: &Settings,
    black: &mut Player,
    white: &mut Player,
) -> Result<Record, SetupError> {
    let game = new_game(settings)?;
    let mut referee = Referee {
        settings,
        engines: [black, white],
        game,
        clock: Clock::new(settings.time),
        time: [Duration::ZERO; 2],
        clock_after: Vec::new(),
    };
    let end = referee.run();
    Ok(Record {
        game: referee.game,
        outcome: end.outcome,
        detail: end.detail,
        time: referee.time,
        clock_after: referee.clock_after,
        clock: referee.clock,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::vertex::parse_move;

    /// The double ko of the fake engines' cycle test (tests/match.rs):
    /// two kos on a 7x7 board, each taken in turn with a pass between, so
    /// the position after the setup recurs every six moves without two
    /// passes in a row.
    pub const CYCLE_BLACK: (&str, &str) = ("A2,B1,B3,A6,B7,B5,F4,G4", "C2,C6,pass");
    pub const CYCLE_WHITE: (&str, &str) = ("D2,C1,C3,D6,C7,C5,B2,B6", "pass,B2,B6");

    #[test]
    fn a_double_ko_with_passes_is_a_cycle_under_simple_ko_only() {
        let script = |(moves, lp): (&str, &str)| -> Vec<String> {
            let moves: Vec<&str> = moves.split(',').collect();
            let lp: Vec<&str> = lp.split(',').collect();
            (0..20)
                .map(|i| {
                    if i < moves.len() {
                        moves[i]
                    } else {
                        lp[(i - moves.len()) % lp.len()]
                    }
                })
                .map(str::to_string)
                .collect()
        };
        let (b, w) = (script(CYCLE_BLACK), script(CYCLE_WHITE));
        for (rules, cycle_at) in [("japanese", Some(28)), ("chinese", None)] {
            let mut g = Game::new(7, Rules::preset(rules).expect("preset")).expect("7x7");
            let mut found = None;
            for i in 0..30 {
                let color = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let v = if i % 2 == 0 { &b[i / 2] } else { &w[i / 2] };
                let mv = parse_move(v, g.board()).expect("vertex");
                if g.play(color, mv).is_err() {
                    // Positional superko refuses the repetition.
                    assert_eq!(rules, "chinese");
                    assert_eq!(i + 1, 22, "refused at move {}", i + 1);
                    break;
                }
                assert!(!g.two_passes());
                if g.is_cycle() {
                    found = Some(i + 1);
                    break;
                }
            }
            assert_eq!(found, cycle_at, "{rules}");
        }
    }

    #[test]
    fn hard_timeouts_cover_main_time_and_every_period() {
        let s = Duration::from_secs;
        let clock = Clock::new(TimeSystem::chinese(s(600), 5));
        assert_eq!(time_to_flag(&clock, Color::Black), Some(s(900)));
        let mut clock = Clock::new(TimeSystem::byoyomi(Duration::ZERO, s(10), 3));
        assert_eq!(time_to_flag(&clock, Color::White), Some(s(30)));
        clock.charge(Color::White, s(15)).expect("one period used");
        assert_eq!(time_to_flag(&clock, Color::White), Some(s(20)));
        let clock = Clock::new(TimeSystem::canadian(s(60), s(300), 25));
        assert_eq!(time_to_flag(&clock, Color::Black), Some(s(360)));
        assert_eq!(
            time_to_flag(&Clock::new(TimeSystem::None), Color::Black),
            None
        );
    }

    #[test]
    fn time_settings_follow_what_the_engine_lists() {
        let s = Duration::from_secs;
        let chinese = TimeSystem::chinese(s(3600), 5);
        assert_eq!(
            time_settings_command(chinese, true).as_deref(),
            Some("kgs-time_settings byoyomi 3600 60 5")
        );
        assert_eq!(
            time_settings_command(chinese, false).as_deref(),
            Some("time_settings 3600 60 1")
        );
        let tiny = TimeSystem::byoyomi(Duration::ZERO, Duration::from_millis(500), 1);
        assert_eq!(
            time_settings_command(tiny, false).as_deref(),
            Some("time_settings 0 1 1")
        );
        assert_eq!(
            time_settings_command(TimeSystem::absolute(s(90)), false).as_deref(),
            Some("time_settings 90 0 0")
        );
        assert_eq!(time_settings_command(TimeSystem::None, true), None);
    }
}
