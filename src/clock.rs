//! Game clocks: the time systems GTP controllers and referees use, each
//! side's remaining time, loss on time, the engine's think budget, and the
//! referee's byo-yomi calls of docs/RULES.md.
//!
//! Systems: no limit, absolute, Canadian (`time_settings M B S`), Japanese
//! byo-yomi with periods (`kgs-time_settings byoyomi M P N`; the Chinese
//! byo-yomi of docs/RULES.md is `P` = 60 s) and Fischer (an increment per move).
//!
//! The clock knows nothing of boards or GTP text (it names the players by
//! the one colour type, [`Color`]): the caller tells it how
//! long a move took ([`Clock::charge`]), what a controller reports
//! ([`Clock::set_left`], GTP `time_left` semantics), and asks how long the
//! engine may think ([`Clock::think_budget`]). Nothing is ever refunded:
//! undoing a move does not give its time back.
//!
//! A clock whose time reaches zero has *flagged* (lost on time): absolute
//! and Fischer when a move uses all the main time; Canadian when a period
//! runs out before its stones are played; byo-yomi when a move uses up the
//! last period. In byo-yomi a move that ends within the current period
//! costs nothing, and each full period used costs one period: with 60 s
//! periods, 59 s costs nothing, 60 s and 119 s cost one, 120 s costs two.

use std::fmt;
use std::time::Duration;

use crate::board::Color;

/// Longest time the clock holds (about 31 years); larger settings are
/// clamped to it, so no arithmetic can overflow.
pub const MAX_TIME: Duration = Duration::from_secs(1_000_000_000);

/// The period length of the Chinese byo-yomi (读秒): one minute.
pub const CHINESE_PERIOD: Duration = Duration::from_secs(60);

/// A time system. Build it with the constructors, which normalise
/// degenerate settings (a zero period means absolute time) and clamp times
/// to [`MAX_TIME`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeSystem {
    /// No time limit (the default).
    #[default]
    None,
    /// Main time only.
    Absolute { main: Duration },
    /// Main time, then `stones` moves in each period of `period`.
    Canadian {
        main: Duration,
        period: Duration,
        stones: u32,
    },
    /// Main time, then `periods` periods of `period` (Japanese byo-yomi).
    Byoyomi {
        main: Duration,
        period: Duration,
        periods: u32,
    },
    /// Main time; `increment` is added after every move (Fischer).
    Fischer { main: Duration, increment: Duration },
}

fn clamp(t: Duration) -> Duration {
    t.min(MAX_TIME)
}

impl TimeSystem {
    /// Absolute time.
    pub fn absolute(main: Duration) -> TimeSystem {
        TimeSystem::Absolute { main: clamp(main) }
    }

    /// Canadian byo-yomi; a zero period or zero stones mean absolute time.
    pub fn canadian(main: Duration, period: Duration, stones: u32) -> TimeSystem {
        if period.is_zero() || stones == 0 {
            return TimeSystem::absolute(main);
        }
        TimeSystem::Canadian {
            main: clamp(main),
            period: clamp(period),
            stones,
        }
    }

    /// Japanese byo-yomi; a zero period or no periods mean absolute time.
    pub fn byoyomi(main: Duration, period: Duration, periods: u32) -> TimeSystem {
        if period.is_zero() || periods == 0 {
            return TimeSystem::absolute(main);
        }
        TimeSystem::Byoyomi {
            main: clamp(main),
            period: clamp(period),
            periods,
        }
    }

    /// The Chinese byo-yomi of docs/RULES.md: `periods` periods of one minute.
    pub fn chinese(main: Duration, periods: u32) -> TimeSystem {
        TimeSystem::byoyomi(main, CHINESE_PERIOD, periods)
    }

    /// Fischer; a zero increment means absolute time.
    pub fn fischer(main: Duration, increment: Duration) -> TimeSystem {
        if increment.is_zero() {
            return TimeSystem::absolute(main);
        }
        TimeSystem::Fischer {
            main: clamp(main),
            increment: clamp(increment),
        }
    }

    /// GTP `time_settings M B S`: B > 0 and S = 0 means no time limit,
    /// B = 0 means absolute time, otherwise Canadian.
    pub fn from_gtp(main: Duration, period: Duration, stones: u32) -> TimeSystem {
        if !period.is_zero() && stones == 0 {
            TimeSystem::None
        } else {
            TimeSystem::canadian(main, period, stones)
        }
    }

    /// The main time (zero without a limit).
    pub fn main(&self) -> Duration {
        match *self {
            TimeSystem::None => Duration::ZERO,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Byoyomi { main, .. }
            | TimeSystem::Fischer { main, .. } => main,
        }
    }
}

/// What is left on one side's clock, in GTP `time_left` terms (also what
/// SGF's `BL`/`WL` and `OB`/`OW` record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// Main time left while `count` is 0; otherwise the time left in the
    /// current byo-yomi or Canadian period.
    pub time: Duration,
    /// 0 in main time (and always under absolute and Fischer); periods left
    /// (the current one included) under byo-yomi; stones left to play in
    /// the current period under Canadian.
    pub count: u32,
}

/// A side lost on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged {
    pub side: Color,
}

impl fmt::Display for Flagged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.side {
            Color::Black => "black",
            Color::White => "white",
        };
        write!(f, "{who} lost on time")
    }
}

impl std::error::Error for Flagged {}

/// One side's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SideClock {
    /// Main time left.
    main: Duration,
    /// Main time is used up: playing in byo-yomi or Canadian periods.
    overtime: bool,
    /// In overtime: periods left (byo-yomi) or stones left in the current
    /// period (Canadian).
    count: u32,
    /// In overtime: time left in the current period.
    period: Duration,
    /// Lost on time.
    flagged: bool,
}

impl SideClock {
    fn fresh(system: TimeSystem) -> SideClock {
        let mut c = SideClock {
            main: system.main(),
            ..SideClock::default()
        };
        if c.main.is_zero() {
            c.enter_overtime(system);
        }
        c
    }

    /// Takes `elapsed` from main time while the side is still in it.
    /// Returns `None` when main time covered the move, else the time spent
    /// in overtime (the periods are started when main time runs out).
    fn spend_main(&mut self, elapsed: Duration, system: TimeSystem) -> Option<Duration> {
        if self.overtime {
            return Some(elapsed);
        }
        if elapsed < self.main {
            self.main -= elapsed;
            return None;
        }
        let over = elapsed - self.main;
        self.main = Duration::ZERO;
        self.enter_overtime(system);
        Some(over)
    }

    /// Starts the periods, if the system has any.
    fn enter_overtime(&mut self, system: TimeSystem) {
        match system {
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                self.overtime = true;
                self.count = periods;
                self.period = period;
            }
            TimeSystem::Canadian { period, stones, .. } => {
                self.overtime = true;
                self.count = stones;
                self.period = period;
            }
            _ => {}
        }
    }
}

/// Periods fully used by `t` (floor), as a saturating u32.
fn whole_periods(t: Duration, period: Duration) -> u32 {
    let n = t.as_nanos() / period.as_nanos().max(1);
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Both sides' clocks under one time system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    system: TimeSystem,
    sides: [SideClock; 2],
}

impl Clock {
    /// Fresh clocks for both sides.
    pub fn new(system: TimeSystem) -> Clock {
        Clock {
            system,
            sides: [SideClock::fresh(system); 2],
        }
    }

    /// The time system.
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// Whether there is any time limit.
    pub fn is_limited(&self) -> bool {
        self.system != TimeSystem::None
    }

    /// Both clocks back to their full time (a new game, same settings).
    pub fn reset(&mut self) {
        *self = Clock::new(self.system);
    }

    /// Whether `side` has lost on time.
    pub fn is_flagged(&self, side: Color) -> bool {
        self.sides[side.index()].flagged
    }

    /// Deducts the time a move of `side` took. `Err` when this move (or an
    /// earlier one) made the side lose on time; a flagged clock stays at
    /// zero until [`Clock::set_left`] or [`Clock::reset`].
    pub fn charge(&mut self, side: Color, elapsed: Duration) -> Result<(), Flagged> {
        let system = self.system;
        let c = &mut self.sides[side.index()];
        if c.flagged {
            return Err(Flagged { side });
        }
        let flag = |c: &mut SideClock| {
            c.flagged = true;
            c.main = Duration::ZERO;
            c.period = Duration::ZERO;
            c.count = 0;
            Err(Flagged { side })
        };
        match system {
            TimeSystem::None => Ok(()),
            TimeSystem::Absolute { .. } => {
                if elapsed >= c.main {
                    return flag(c);
                }
                c.main -= elapsed;
                Ok(())
            }
            TimeSystem::Fischer { increment, .. } => {
                if elapsed >= c.main {
                    return flag(c);
                }
                c.main = clamp((c.main - elapsed).saturating_add(increment));
                Ok(())
            }
            TimeSystem::Byoyomi { period, .. } => {
                let Some(over) = c.spend_main(elapsed, system) else {
                    return Ok(());
                };
                if over < c.period {
                    // Within the current period: costs nothing; the next
                    // move starts a full period.
                    c.period = period;
                    return Ok(());
                }
                // The current period, then one per full period after it.
                let used = 1u32.saturating_add(whole_periods(over - c.period, period));
                if used >= c.count {
                    return flag(c);
                }
                c.count -= used;
                c.period = period;
                Ok(())
            }
            TimeSystem::Canadian { period, stones, .. } => {
                let Some(over) = c.spend_main(elapsed, system) else {
                    return Ok(());
                };
                if over >= c.period {
                    return flag(c);
                }
                c.period -= over;
                c.count = c.count.saturating_sub(1);
                if c.count == 0 {
                    // The period's stones are played: a new period.
                    c.count = stones;
                    c.period = period;
                }
                Ok(())
            }
        }
    }

    /// What is left on `side`'s clock (`None` without a time limit). A
    /// flagged clock shows zero.
    pub fn left(&self, side: Color) -> Option<TimeLeft> {
        let c = &self.sides[side.index()];
        match self.system {
            TimeSystem::None => None,
            TimeSystem::Absolute { .. } | TimeSystem::Fischer { .. } => Some(TimeLeft {
                time: c.main,
                count: 0,
            }),
            TimeSystem::Byoyomi { .. } | TimeSystem::Canadian { .. } => Some(if c.overtime {
                TimeLeft {
                    time: c.period,
                    count: c.count,
                }
            } else {
                TimeLeft {
                    time: c.main,
                    count: 0,
                }
            }),
        }
    }

    /// Sets `side`'s clock from a controller's report (GTP `time_left T S`,
    /// or SGF `BL`/`OB` on loading): S = 0 means T is main time left;
    /// otherwise T is the time left in the current period and S the
    /// periods (byo-yomi) or stones (Canadian) left. Under absolute and
    /// Fischer S is ignored; without a time limit the report is ignored.
    /// This overrides what [`Clock::charge`] computed, and clears a flag.
    pub fn set_left(&mut self, side: Color, left: TimeLeft) {
        let system = self.system;
        let c = &mut self.sides[side.index()];
        let time = clamp(left.time);
        match system {
            TimeSystem::None => {}
            TimeSystem::Absolute { .. } | TimeSystem::Fischer { .. } => {
                *c = SideClock {
                    main: time,
                    ..SideClock::default()
                };
            }
            TimeSystem::Byoyomi { .. } | TimeSystem::Canadian { .. } => {
                *c = if left.count == 0 {
                    SideClock {
                        main: time,
                        ..SideClock::default()
                    }
                } else {
                    SideClock {
                        main: Duration::ZERO,
                        overtime: true,
                        count: left.count,
                        period: time,
                        flagged: false,
                    }
                };
            }
        }
    }

    /// How long `side` may think about its next move so that it never
    /// loses on time, or `None` without a time limit (the caller picks its
    /// own default). `moves_played` (both sides, passes included) and
    /// `board_size` estimate how many moves are left; `lag_margin` is kept
    /// in hand for the time between the end of the thinking and the
    /// controller stopping the clock.
    ///
    /// - absolute: main time / moves left, never more than main − lag;
    /// - Fischer: the same plus the increment, never more than main − lag;
    /// - byo-yomi in main time: the larger of that share and a period − lag,
    ///   never more than main + period − lag (a move that ends within the
    ///   first period costs no period); in the periods: period − lag, so
    ///   no period is ever used up;
    /// - Canadian: likewise with the period divided among its stones.
    pub fn think_budget(
        &self,
        side: Color,
        moves_played: usize,
        board_size: usize,
        lag_margin: Duration,
    ) -> Option<Duration> {
        let c = &self.sides[side.index()];
        if self.system == TimeSystem::None {
            return None;
        }
        if c.flagged {
            return Some(Duration::ZERO);
        }
        let moves_left = expected_moves_left(moves_played, board_size);
        let share = c.main / moves_left;
        let budget = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { .. } => share.min(c.main.saturating_sub(lag_margin)),
            TimeSystem::Fischer { increment, .. } => share
                .saturating_add(increment)
                .min(c.main.saturating_sub(lag_margin)),
            TimeSystem::Byoyomi { period, .. } => {
                if c.overtime {
                    c.period.saturating_sub(lag_margin)
                } else {
                    let free = period.saturating_sub(lag_margin);
                    share.max(free).min(c.main.saturating_add(free))
                }
            }
            TimeSystem::Canadian { period, stones, .. } => {
                if c.overtime {
                    (c.period / c.count.max(1)).saturating_sub(lag_margin)
                } else {
                    let free = (period / stones.max(1)).saturating_sub(lag_margin);
                    share.max(free).min(c.main.saturating_add(free))
                }
            }
        };
        Some(budget)
    }

    /// The referee's calls (docs/RULES.md) heard while `side` thinks for
    /// `elapsed` on its next move, each with the time into the move when it
    /// is made. Only byo-yomi has calls; none are made in main time.
    /// Does not change the clock.
    pub fn referee_calls(&self, side: Color, elapsed: Duration) -> Vec<(Duration, RefereeCall)> {
        let TimeSystem::Byoyomi {
            period, periods, ..
        } = self.system
        else {
            return Vec::new();
        };
        let c = &self.sides[side.index()];
        if c.flagged {
            return Vec::new();
        }
        // `offset`: time into the move when the current period starts;
        // `current`: what is left of it (less than a period after a
        // controller's time_left).
        let (mut offset, mut count, mut current) = if c.overtime {
            (Duration::ZERO, c.count, c.period.min(period))
        } else {
            (c.main, periods, period)
        };
        let mut calls = Vec::new();
        while offset <= elapsed && count > 0 {
            let used_before = period - current;
            for (at, call) in period_calls(period, count == 1) {
                if at > used_before {
                    let t = offset.saturating_add(at - used_before);
                    if t <= elapsed {
                        calls.push((t, call));
                    }
                }
            }
            let Some(next) = offset.checked_add(current) else {
                break;
            };
            offset = next;
            count -= 1;
            current = period;
        }
        calls
    }
}

/// An estimate of the moves `moves_played` into a game on a `board_size`
/// board that the side to move still has to play: about two thirds of the
/// points are played in a game, half of them by each side; never fewer
/// than a tenth of the points (at least 4), so the budget shrinks
/// geometrically instead of running out in long games.
pub fn expected_moves_left(moves_played: usize, board_size: usize) -> u32 {
    let points = board_size.max(2).saturating_mul(board_size.max(2));
    let total = points.saturating_mul(2) / 3;
    let floor = (points / 10).max(4);
    let left = (total.saturating_sub(moves_played) / 2).max(floor);
    u32::try_from(left).unwrap_or(u32::MAX)
}

/// A call of the byo-yomi referee (docs/RULES.md, Time): in each period "30",
/// "40", "50", "55", "58" seconds and "one minute" (a period used); in the
/// last period "30", "40", "50", then "1" to "9" each second, and "10":
/// loss on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefereeCall {
    /// "N seconds" into the period.
    Seconds(u32),
    /// "One minute": a period is used up, and the next one starts.
    PeriodUsed,
    /// The count "1" to "9" in the last period's last ten seconds.
    Count(u32),
    /// "10" in the last period: loss on time.
    TimeUp,
}

impl fmt::Display for RefereeCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefereeCall::Seconds(s) => write!(f, "{s} seconds"),
            RefereeCall::PeriodUsed => f.write_str("one minute"),
            RefereeCall::Count(n) => write!(f, "{n}"),
            RefereeCall::TimeUp => f.write_str("10: loss on time"),
        }
    }
}

/// Every call of one byo-yomi period of length `period`, with its time into
/// the period. The marks are those of docs/RULES.md for a 60-second period,
/// scaled to other lengths.
pub fn period_calls(period: Duration, last: bool) -> Vec<(Duration, RefereeCall)> {
    // period * s / 60, without overflow for any period.
    let at = |s: u32| {
        period
            .checked_mul(s)
            .map_or_else(|| period / 60 * s, |t| t / 60)
    };
    let mut calls: Vec<(Duration, RefereeCall)> = [30, 40, 50]
        .into_iter()
        .map(|s| (at(s), RefereeCall::Seconds(s)))
        .collect();
    if last {
        calls.extend((1..=9).map(|n| (at(50 + n), RefereeCall::Count(n))));
        calls.push((period, RefereeCall::TimeUp));
    } else {
        calls.extend([55, 58].map(|s| (at(s), RefereeCall::Seconds(s))));
        calls.push((period, RefereeCall::PeriodUsed));
    }
    calls
}

/// The calls made by `elapsed` into one period (see [`period_calls`]).
pub fn calls_until(period: Duration, last: bool, elapsed: Duration) -> Vec<RefereeCall> {
    period_calls(period, last)
        .into_iter()
        .filter(|&(t, _)| t <= elapsed)
        .map(|(_, c)| c)
        .collect()
}

#[cfg(test)]
mod tests;
