//! Time settings as GTP sends them: `time_settings`, `time_left`,
//! `kgs-time_settings`. They are validated and stored; the clock that acts
//! on them is a later issue.

use super::engine::{Engine, Failure, Reply, arg, color_arg, exactly};

/// A time system.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum TimeSystem {
    /// No time limit (the default).
    #[default]
    NoLimit,
    /// Main time only, in seconds.
    Absolute { main: f64 },
    /// Main time, then `stones` moves in each period of `period` seconds.
    Canadian { main: f64, period: f64, stones: u32 },
    /// Main time, then `periods` periods of `period` seconds (Japanese).
    Byoyomi {
        main: f64,
        period: f64,
        periods: u32,
    },
}

/// A `time_left` report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    pub seconds: f64,
    /// Stones (Canadian) or periods (byo-yomi) left; 0 in main time.
    pub count: u32,
}

/// The time settings received, and the last time left per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeSettings {
    pub system: TimeSystem,
    /// Indexed by [`crate::board::Color::index`].
    pub left: [Option<TimeLeft>; 2],
}

impl TimeSettings {
    fn set(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None, None];
    }
}

/// A non-negative finite number of seconds.
fn seconds(args: &[&str], i: usize) -> Result<f64, Failure> {
    let s = arg(args, i)?;
    s.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .map(|t| t.max(0.0)) // -0 becomes 0
        .ok_or_else(|| Failure::syntax(format!("'{s}' is not a time")))
}

/// A non-negative integer count (stones, periods).
fn count(args: &[&str], i: usize) -> Result<u32, Failure> {
    let s = arg(args, i)?;
    s.parse::<u32>()
        .map_err(|_| Failure::syntax(format!("'{s}' is not a count")))
}

/// `time_settings M B S` (Canadian; B>0 and S=0 means no limit, B=0
/// absolute).
pub fn time_settings(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 3)?;
    let main = seconds(args, 0)?;
    let period = seconds(args, 1)?;
    let stones = count(args, 2)?;
    let system = if period > 0.0 && stones == 0 {
        TimeSystem::NoLimit
    } else if period == 0.0 {
        TimeSystem::Absolute { main }
    } else {
        TimeSystem::Canadian {
            main,
            period,
            stones,
        }
    };
    engine.time.set(system);
    Ok(String::new())
}

/// `time_left C T S` (S = 0 in main time; periods left under byo-yomi).
pub fn time_left(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 3)?;
    let color = color_arg(args, 0)?;
    let seconds = seconds(args, 1)?;
    let count = count(args, 2)?;
    engine.time.left[color.index()] = Some(TimeLeft { seconds, count });
    Ok(String::new())
}

/// `kgs-time_settings none | absolute T | byoyomi T B P | canadian T B S`.
pub fn kgs_time_settings(engine: &mut Engine, args: &[&str]) -> Reply {
    let kind = arg(args, 0)?;
    let kind_lower = kind.to_ascii_lowercase();
    let n = match kind_lower.as_str() {
        "none" => 1,
        "absolute" => 2,
        _ => 4,
    };
    exactly(args, n)?;
    let system = match kind_lower.as_str() {
        "none" => TimeSystem::NoLimit,
        "absolute" => TimeSystem::Absolute {
            main: seconds(args, 1)?,
        },
        "byoyomi" => TimeSystem::Byoyomi {
            main: seconds(args, 1)?,
            period: seconds(args, 2)?,
            periods: count(args, 3)?,
        },
        "canadian" => TimeSystem::Canadian {
            main: seconds(args, 1)?,
            period: seconds(args, 2)?,
            stones: count(args, 3)?,
        },
        _ => return Err(Failure::syntax(format!("'{kind}' is not a time system"))),
    };
    engine.time.set(system);
    Ok(String::new())
}
