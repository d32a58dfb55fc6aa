//! Game records over GTP: `loadsgf FILE [move_number]` and GNU Go's
//! `printsgf [FILE]`.
//!
//! Both sit on [`crate::sgf`]; this file only turns GTP arguments into a
//! load or a write, converts between the SGF time properties and the
//! engine's [`Clock`], and turns an [`SgfError`](crate::sgf::SgfError) into
//! `cannot load file` (the reason goes to the debug log).

use std::path::Path;
use std::time::Duration;

use crate::clock::{Clock, MAX_TIME, Side, TimeLeft, TimeSystem};
use crate::score::score;
use crate::sgf::{self, LoadOptions, Overtime, TimeRecord};

use super::engine::{Engine, Failure, Reply, arg};
use super::vertex::color_name;

fn cannot_load(reason: impl std::fmt::Display) -> Failure {
    Failure::because("cannot load file", reason.to_string())
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
/// present, the time system (`TM`/`OT`) and each side's time left
/// (`BL`/`WL`/`OB`/`OW`) too. On any error nothing changes.
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
    let bytes = sgf::read_file(Path::new(path)).map_err(|e| cannot_load(format!("{path}: {e}")))?;
    let opts = LoadOptions {
        until,
        rules: *engine.game.rules(),
        komi: engine.game.komi(),
        komi_explicit: engine.komi_explicit,
    };
    let loaded = sgf::load(&bytes, &opts).map_err(|e| cannot_load(format!("{path}: {e}")))?;
    let clock = clock_of_record(&engine.clock, &loaded.time);
    // Everything is built: swap it in.
    engine.game = loaded.game;
    engine.komi_explicit = loaded.komi_explicit;
    engine.clock = clock;
    Ok(color_name(loaded.to_move).to_string())
}

/// `printsgf [FILE]`: the game as SGF, as the reply or into FILE (then the
/// reply is empty). `RE` is written once two passes have ended the game;
/// with a time limit, the time system and both clocks as they stand.
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
    let game = &engine.game;
    let time = record_of_clock(&engine.clock);
    let text = sgf::write(game, result.as_deref(), time.as_ref());
    match args.first() {
        None => Ok(text.trim_end().to_string()),
        Some(path) => std::fs::write(path, text)
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
