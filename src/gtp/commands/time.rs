//! Time commands: `time_settings`, `time_left`, `kgs-time_settings`, and
//! the extensions `weiqi-time_settings` (adds Fischer) and
//! `weiqi-time_left` (what the engine's clock shows); plus the think budget
//! and clock charging that `genmove` uses.
//!
//! The clock itself is [`crate::clock`]; this module turns GTP arguments
//! into its values and its errors into GTP text. Times are whole seconds,
//! as the GTP spec says; values too large for the clock are clamped to
//! [`MAX_TIME`], negative or non-integer ones are a `syntax error`. A
//! failing command changes nothing.

use std::num::IntErrorKind;
use std::time::Duration;

use crate::clock::{MAX_TIME, TimeLeft, TimeSystem};

use super::args::{arg, color_arg, exactly};
use crate::gtp::engine::{Engine, Failure, Reply};

/// A non-negative whole number of seconds; larger than the clock holds is
/// clamped.
fn seconds(args: &[&str], i: usize) -> Result<Duration, Failure> {
    let s = arg(args, i)?;
    let n = match s.parse::<u64>() {
        Ok(n) => n,
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => u64::MAX,
        Err(_) => {
            return Err(Failure::syntax(format!(
                "'{s}' is not a time (whole seconds)"
            )));
        }
    };
    Ok(Duration::from_secs(n).min(MAX_TIME))
}

/// A non-negative integer count (stones, periods); huge counts clamp.
fn count(args: &[&str], i: usize) -> Result<u32, Failure> {
    let s = arg(args, i)?;
    match s.parse::<u32>() {
        Ok(n) => Ok(n),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Ok(u32::MAX),
        Err(_) => Err(Failure::syntax(format!("'{s}' is not a count"))),
    }
}

fn install(engine: &mut Engine, system: TimeSystem) {
    log::debug!("time system: {system:?}");
    engine.clock = crate::clock::Clock::new(system);
}

/// `time_settings M B S` (Canadian; B > 0 and S = 0 means no limit, B = 0
/// absolute).
pub fn time_settings(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 3)?;
    let main = seconds(args, 0)?;
    let period = seconds(args, 1)?;
    let stones = count(args, 2)?;
    install(engine, TimeSystem::from_gtp(main, period, stones));
    Ok(String::new())
}

/// `time_left C T S`: S = 0 in main time; otherwise T is the time left in
/// the current period and S the stones (Canadian) or periods (byo-yomi)
/// left. Overrides the engine's own count; ignored without a time limit.
pub fn time_left(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 3)?;
    let color = color_arg(args, 0)?;
    let time = seconds(args, 1)?;
    let count = count(args, 2)?;
    if !engine.clock.is_limited() {
        log::debug!("time_left without a time limit: ignored");
    }
    engine.clock.set_left(color, TimeLeft { time, count });
    Ok(String::new())
}

/// The systems of `kgs-time_settings`, and Fischer when `fischer` is true.
fn parse_system(args: &[&str], fischer: bool) -> Result<TimeSystem, Failure> {
    let kind = arg(args, 0)?;
    let kind_lower = kind.to_ascii_lowercase();
    let n = match kind_lower.as_str() {
        "none" => 1,
        "absolute" => 2,
        "fischer" if fischer => 3,
        "byoyomi" | "canadian" => 4,
        _ => return Err(Failure::syntax(format!("'{kind}' is not a time system"))),
    };
    exactly(args, n)?;
    Ok(match kind_lower.as_str() {
        "none" => TimeSystem::None,
        "absolute" => TimeSystem::absolute(seconds(args, 1)?),
        "fischer" => TimeSystem::fischer(seconds(args, 1)?, seconds(args, 2)?),
        "byoyomi" => TimeSystem::byoyomi(seconds(args, 1)?, seconds(args, 2)?, count(args, 3)?),
        _ => TimeSystem::canadian(seconds(args, 1)?, seconds(args, 2)?, count(args, 3)?),
    })
}

/// `kgs-time_settings none | absolute T | byoyomi T P N | canadian T P S`.
/// The Chinese byo-yomi is `byoyomi MAIN 60 N`.
pub fn kgs_time_settings(engine: &mut Engine, args: &[&str]) -> Reply {
    let system = parse_system(args, false)?;
    install(engine, system);
    Ok(String::new())
}

/// `weiqi-time_settings`: as `kgs-time_settings`, plus `fischer T INC`.
pub fn weiqi_time_settings(engine: &mut Engine, args: &[&str]) -> Reply {
    let system = parse_system(args, true)?;
    install(engine, system);
    Ok(String::new())
}

/// Seconds as text: whole seconds bare, else up to milliseconds.
fn format_seconds(t: Duration) -> String {
    if t.subsec_millis() == 0 {
        t.as_secs().to_string()
    } else {
        format!("{}.{:03}", t.as_secs(), t.subsec_millis())
            .trim_end_matches('0')
            .to_string()
    }
}

/// `weiqi-time_left C`: the engine's clock for C as `T S` (the arguments
/// `time_left` would take), followed by `flagged` after a loss on time;
/// `none` without a time limit.
pub fn weiqi_time_left(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let side = color_arg(args, 0)?;
    let Some(left) = engine.clock.left(side) else {
        return Ok("none".to_string());
    };
    let mut text = format!("{} {}", format_seconds(left.time), left.count);
    if engine.clock.is_flagged(side) {
        text.push_str(" flagged");
    }
    Ok(text)
}
