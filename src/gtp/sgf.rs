//! Game records over GTP: `loadsgf FILE [move_number]` and GNU Go's
//! `printsgf [FILE]`.
//!
//! Both sit on [`crate::sgf`]; this file only turns GTP arguments into a
//! load or a write, converts between the SGF time properties and the
//! engine's [`Clock`], keeps the game information of a loaded record for
//! `printsgf`, and words an [`SgfError`] as the reason of
//! `? cannot load file: …` ([`load_error_reason`]).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Color, IllegalMove};
use crate::clock::{Clock, MAX_TIME, Side, TimeLeft, TimeSystem};
use crate::game::{GameError, MAX_MOVES, Played};
use crate::rules::Rules;
use crate::score::score;
use crate::sgf::parse::{MAX_ITEMS, MAX_NODES};
use crate::sgf::{
    self, GameInfo, IoProblem, Limit, LoadOptions, MAX_FILE_BYTES, Overtime, SgfError, SizeProblem,
    SyntaxProblem, TimeRecord, info,
};

use super::engine::{Engine, Failure, Reply, arg};
use super::vertex::color_name;
use crate::board::column_letter;

/// The game information of the last record loaded, and the settings the
/// load gave, so that `printsgf` can tell which of the record's values
/// still hold. Dropped by `clear_board` and `boardsize` (a new game).
/// Shared behind an `Arc` (it never changes, and the engine is copied
/// before every command, while a game comment may be megabytes).
#[derive(Clone, Debug)]
pub struct LoadedRecord {
    info: GameInfo,
    rules: Rules,
    komi: f64,
    /// The moves as loaded, when the whole record was (its `RE` holds
    /// while the game is still these moves).
    moves: Option<Vec<Played>>,
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A point given as (column, row from the bottom), as GTP writes it.
fn vertex(at: Option<(usize, usize)>) -> String {
    match at {
        Some((col, row)) => format!("{}{}", column_letter(col), row + 1),
        None => "pass".to_string(),
    }
}

/// Why a record was refused, as the text after `cannot load file: `.
pub fn load_error_reason(e: &SgfError) -> String {
    match e {
        SgfError::Io(IoProblem::NotFound) => "no such file".to_string(),
        SgfError::Io(IoProblem::PermissionDenied) => "permission denied".to_string(),
        SgfError::Io(IoProblem::NotAFile) => "not a regular file".to_string(),
        SgfError::Io(IoProblem::Other(why)) => format!("cannot read it: {why}"),
        SgfError::TooLarge(Limit::Bytes) => {
            format!("file too large (more than {MAX_FILE_BYTES} bytes)")
        }
        SgfError::TooLarge(Limit::Nodes) => format!("too many nodes (more than {MAX_NODES})"),
        SgfError::TooLarge(Limit::Items) => {
            format!("too many properties (more than {MAX_ITEMS})")
        }
        SgfError::TooLarge(Limit::Moves) => format!("too many moves (more than {MAX_MOVES})"),
        SgfError::NotSgf => "not an SGF file".to_string(),
        SgfError::Truncated => "the file ends inside the game record (truncated?)".to_string(),
        SgfError::Syntax {
            line,
            column,
            problem,
        } => {
            let what = match problem {
                SyntaxProblem::PropertyBeforeNode => "a property before the first node".to_string(),
                SyntaxProblem::PropertyWithoutValue => "a property without a value".to_string(),
                SyntaxProblem::UnexpectedByte(b) if b.is_ascii_graphic() => {
                    format!("unexpected '{}'", *b as char)
                }
                SyntaxProblem::UnexpectedByte(b) => format!("unexpected byte 0x{b:02X}"),
            };
            format!("syntax error at line {line}, column {column}: {what}")
        }
        SgfError::NotGo(gm) => format!("not a Go record (GM[{gm}])"),
        SgfError::Size(SizeProblem::Unsupported(n)) => {
            format!("board size {n} is not supported")
        }
        SgfError::Size(SizeProblem::NotSquare(c, r)) => {
            format!("board size {c}x{r} is not supported (not square)")
        }
        SgfError::Size(SizeProblem::Malformed(v)) => format!("bad board size SZ[{v}]"),
        SgfError::BadHandicap(v) => format!("bad handicap HA[{v}]"),
        SgfError::BadPlayer(v) => format!("bad player to move PL[{v}]"),
        SgfError::BadMove {
            number,
            color,
            value,
            off_board,
        } => format!(
            "move {number} ({} [{value}]) is {}",
            color_word(*color),
            if *off_board {
                "off the board"
            } else {
                "not a point"
            }
        ),
        SgfError::BadSetupPoint {
            ident,
            value,
            off_board,
        } => format!(
            "setup stones {ident}[{value}] {}",
            if *off_board {
                "are off the board"
            } else {
                "are not a point"
            }
        ),
        SgfError::SetupWithoutLiberties { color, at } => format!(
            "setup stone {} {} would leave a chain without liberties",
            color_word(*color),
            vertex(Some(*at))
        ),
        SgfError::SetupAfterMoves { after } => {
            format!("setup stones (AB/AW/AE) after move {after} are not supported")
        }
        SgfError::IllegalMove {
            number,
            color,
            at,
            why,
        } => {
            let what = match why {
                GameError::Illegal(IllegalMove::Occupied) => "is on an occupied point".to_string(),
                GameError::Illegal(IllegalMove::Suicide) => "is suicide".to_string(),
                GameError::Illegal(IllegalMove::Ko) => "retakes a ko at once".to_string(),
                GameError::Illegal(IllegalMove::Superko) => {
                    "repeats an earlier position (superko)".to_string()
                }
                GameError::Illegal(IllegalMove::OffBoard) => "is off the board".to_string(),
                other => format!("is refused: {other}"),
            };
            format!(
                "move {number} ({} {}) {what}",
                color_word(*color),
                vertex(*at)
            )
        }
    }
}

fn cannot_load(path: &str, e: &SgfError) -> Failure {
    let reason = load_error_reason(e);
    Failure::because(&format!("cannot load file: {reason}"), path)
}

/// The move number argument: a position before move N (N ≥ 1); 0, a
/// negative number, or a number past the end mean the whole game, as in
/// GNU Go.
fn move_number(s: &str) -> Result<Option<usize>, Failure> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::syntax(format!("'{s}' is not a move number")));
    }
    if s.starts_with('-') {
        return Ok(None);
    }
    // All digits: too large for usize is past the end of any record.
    Ok(match s.parse::<usize>() {
        Ok(0) | Err(_) => None,
        Ok(n) => Some(n),
    })
}

/// `loadsgf FILE [move_number]`: the main line of the file's first game up
/// to (not including) move `move_number`; replies the colour to move.
/// Rules (`RU`) and komi (`KM`, then explicit) come from the file where
/// they can be read, the time system (`TM`/`OT`) and each side's time left
/// (`BL`/`WL`/`OB`/`OW`) too; the game information is kept for `printsgf`.
/// On any error nothing changes, and the reply says why
/// (`? cannot load file: move 228 (White D11) is on an occupied point`).
pub fn loadsgf(engine: &mut Engine, args: &[&str]) -> Reply {
    if args.is_empty() || args.len() > 2 {
        return Err(Failure::syntax(format!(
            "1 or 2 arguments expected, {} given",
            args.len()
        )));
    }
    let path = arg(args, 0)?;
    let until = match args.get(1) {
        Some(s) => move_number(s)?,
        None => None,
    };
    let bytes = sgf::read_file(Path::new(path)).map_err(|e| cannot_load(path, &e))?;
    let opts = LoadOptions {
        until,
        rules: *engine.game.rules(),
        komi: engine.game.komi(),
        komi_explicit: engine.komi_explicit,
    };
    let loaded = sgf::load(&bytes, &opts).map_err(|e| cannot_load(path, &e))?;
    let clock = clock_of_record(&engine.clock, &loaded.time);
    let record = LoadedRecord {
        info: loaded.info,
        rules: *loaded.game.rules(),
        komi: loaded.game.komi(),
        moves: loaded.complete.then(|| loaded.game.moves().to_vec()),
    };
    // Everything is built: swap it in.
    engine.game = loaded.game;
    engine.komi_explicit = loaded.komi_explicit;
    engine.clock = clock;
    engine.record = Some(Arc::new(record));
    Ok(color_name(loaded.to_move).to_string())
}

/// Whether two times are the same to the millisecond.
fn same_time(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-3
}

fn same_overtime(a: Overtime, b: Overtime) -> bool {
    match (a, b) {
        (
            Overtime::ByoYomi {
                periods: p,
                seconds: s,
            },
            Overtime::ByoYomi {
                periods: q,
                seconds: t,
            },
        ) => p == q && same_time(s, t),
        (
            Overtime::Canadian {
                stones: p,
                seconds: s,
            },
            Overtime::Canadian {
                stones: q,
                seconds: t,
            },
        ) => p == q && same_time(s, t),
        (Overtime::Fischer { increment: s }, Overtime::Fischer { increment: t }) => same_time(s, t),
        _ => false,
    }
}

impl LoadedRecord {
    /// The game information to write now: the record's, less the values
    /// the game no longer agrees with. A value weiqi read is kept while it
    /// still reads as the engine's setting (`KM[6.50]` while the komi is
    /// 6.5, `TM[12 hours each]` while the main time is 43200 s); a value it
    /// could not read, while the setting is still the one the load left.
    /// `RE` is kept while the game is still the moves loaded.
    fn still_true(&self, engine: &Engine) -> GameInfo {
        let mut info = self.info.clone();
        let game = &engine.game;
        let keep = |read: Option<bool>, unchanged: bool| read.unwrap_or(unchanged);
        if let Some(v) = info.get("RU") {
            let read = info::rules(v).map(|r| r == *game.rules());
            if !keep(read, *game.rules() == self.rules) {
                info.remove("RU");
            }
        }
        if let Some(v) = info.get("KM") {
            let read = info::komi(v).map(|k| k == game.komi());
            if !keep(read, game.komi() == self.komi) {
                info.remove("KM");
            }
        }
        let clock = record_of_clock(&engine.clock).unwrap_or_default();
        if let Some(v) = info.get("TM") {
            let read = info::main_time(v).map(|t| clock.main.is_some_and(|m| same_time(t, m)));
            if !keep(read, clock.main.is_none()) {
                info.remove("TM");
            }
        }
        if let Some(v) = info.get("OT") {
            let read =
                info::overtime(v).map(|o| clock.overtime.is_some_and(|c| same_overtime(o, c)));
            if !keep(read, clock.overtime.is_none()) {
                info.remove("OT");
            }
        }
        if self.moves.as_deref() != Some(game.moves()) {
            info.remove("RE");
        }
        info
    }
}

/// `printsgf [FILE]`: the game as SGF, as the reply or into FILE (then the
/// reply is empty). `RE` is written once two passes have ended the game;
/// with a time limit, the time system and both clocks as they stand. After
/// `loadsgf`, the record's game information is written too (`PB`, `PW`,
/// `DT`, `EV`, `RE`, `KM`, `RU`, `TM`, … as given, while they still hold):
/// byte for byte into FILE, whatever the charset; in the reply, text that
/// is not UTF-8 shows as U+FFFD, and blank lines inside it are dropped.
pub fn printsgf(engine: &mut Engine, args: &[&str]) -> Reply {
    if args.len() > 1 {
        return Err(Failure::syntax(format!(
            "0 or 1 arguments expected, {} given",
            args.len()
        )));
    }
    // The result is final_score's: the same dead stones.
    let result = if engine.game.two_passes() {
        let analysis = engine.analysis();
        Some(score(&engine.game, &analysis).result())
    } else {
        None
    };
    let info = engine
        .record
        .as_ref()
        .map(|r| r.still_true(engine))
        .unwrap_or_default();
    let game = &engine.game;
    let time = record_of_clock(&engine.clock);
    let bytes = sgf::write_record(game, result.as_deref(), time.as_ref(), &info);
    match args.first() {
        None => Ok(String::from_utf8_lossy(&bytes).trim_end().to_string()),
        Some(path) => std::fs::write(path, bytes)
            .map(|_| String::new())
            .map_err(|e| Failure::because("cannot write file", format!("{path}: {e}"))),
    }
}

/// Seconds as a duration (negative, NaN and huge values clamp; the
/// loader only passes finite non-negative numbers).
fn duration(seconds: f64) -> Duration {
    Duration::try_from_secs_f64(seconds)
        .unwrap_or(MAX_TIME)
        .min(MAX_TIME)
}

/// The engine's clocks as SGF records them; `None` without a time limit.
pub fn record_of_clock(clock: &Clock) -> Option<TimeRecord> {
    let secs = Duration::as_secs_f64;
    let overtime = match clock.system() {
        TimeSystem::None => return None,
        TimeSystem::Absolute { .. } => None,
        TimeSystem::Canadian { period, stones, .. } => Some(Overtime::Canadian {
            stones,
            seconds: secs(&period),
        }),
        TimeSystem::Byoyomi {
            period, periods, ..
        } => Some(Overtime::ByoYomi {
            periods,
            seconds: secs(&period),
        }),
        TimeSystem::Fischer { increment, .. } => Some(Overtime::Fischer {
            increment: secs(&increment),
        }),
    };
    let left = [Side::Black, Side::White]
        .map(|side| clock.left(side).map(|l| (secs(&l.time), Some(l.count))));
    Some(TimeRecord {
        main: Some(secs(&clock.system().main())),
        overtime,
        left,
    })
}

/// The clocks after loading a record: a `TM` in the file sets the time
/// system (`OT` the overtime; none means absolute), else the current
/// system stays; the clocks start full (a game is loaded, as after
/// `clear_board`), then `BL`/`WL` with `OB`/`OW` set what was left.
pub fn clock_of_record(current: &Clock, record: &TimeRecord) -> Clock {
    let mut clock = match record.main {
        Some(main) => {
            let main = duration(main);
            Clock::new(match record.overtime {
                None => TimeSystem::absolute(main),
                Some(Overtime::Canadian { stones, seconds }) => {
                    TimeSystem::canadian(main, duration(seconds), stones)
                }
                Some(Overtime::ByoYomi { periods, seconds }) => {
                    TimeSystem::byoyomi(main, duration(seconds), periods)
                }
                Some(Overtime::Fischer { increment }) => {
                    TimeSystem::fischer(main, duration(increment))
                }
            })
        }
        None => {
            let mut c = *current;
            c.reset();
            c
        }
    };
    for side in [Side::Black, Side::White] {
        if let Some((seconds, count)) = record.left[side.index()] {
            clock.set_left(
                side,
                TimeLeft {
                    time: duration(seconds),
                    count: count.unwrap_or(0),
                },
            );
        }
    }
    clock
}
