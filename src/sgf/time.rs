//! Time in a record: `TM` and `OT` as values, the clocks as SGF keeps them,
//! and the conversions between them and the engine's [`Clock`].

use std::time::Duration;

use crate::board::Color;
use crate::clock::{Clock, MAX_TIME, TimeLeft, TimeSystem};

/// What follows the main time, as `OT` writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Overtime {
    /// `OT[5x30 byo-yomi]`: `periods` periods of `seconds`.
    ByoYomi { periods: u32, seconds: f64 },
    /// `OT[25/600 Canadian]`: `stones` moves in each period of `seconds`.
    Canadian { stones: u32, seconds: f64 },
    /// `OT[10 fischer]`: `increment` seconds added after every move.
    Fischer { increment: f64 },
}

/// Clock state as SGF keeps it: `TM` (main time), `OT` (overtime), and the
/// remaining time per colour (`BL`/`WL` seconds, `OB`/`OW` stones or
/// periods left in overtime), indexed by [`Color::index`]. Plain numbers:
/// the GTP layer maps them to and from [`crate::clock`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeRecord {
    pub main: Option<f64>,
    pub overtime: Option<Overtime>,
    pub left: [Option<(f64, Option<u32>)>; 2],
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
    let left = [Color::Black, Color::White]
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
    for side in [Color::Black, Color::White] {
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
