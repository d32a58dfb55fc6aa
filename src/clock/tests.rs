//! The time systems on scripted move times.

use super::*;

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn left(clock: &Clock, side: Color) -> (Duration, u32) {
    let l = clock.left(side).expect("a limited clock");
    (l.time, l.count)
}

fn set(clock: &mut Clock, side: Color, time: Duration, count: u32) {
    clock.set_left(side, TimeLeft { time, count });
}

const B: Color = Color::Black;
const W: Color = Color::White;
const LAG: Duration = Duration::from_millis(500);

#[test]
fn no_limit_never_flags_and_has_no_budget() {
    let mut c = Clock::new(TimeSystem::None);
    assert!(!c.is_limited());
    assert_eq!(c.charge(B, MAX_TIME), Ok(()));
    assert_eq!(c.left(B), None);
    assert_eq!(c.think_budget(B, 0, 19, LAG), None);
    set(&mut c, B, s(5), 0);
    assert_eq!(c, Clock::new(TimeSystem::None));
}

#[test]
fn gtp_time_settings_semantics() {
    assert_eq!(TimeSystem::from_gtp(s(600), s(30), 0), TimeSystem::None);
    assert_eq!(
        TimeSystem::from_gtp(s(60), s(0), 0),
        TimeSystem::Absolute { main: s(60) }
    );
    assert_eq!(
        TimeSystem::from_gtp(s(60), s(0), 5),
        TimeSystem::Absolute { main: s(60) }
    );
    assert_eq!(
        TimeSystem::from_gtp(s(600), s(300), 25),
        TimeSystem::Canadian {
            main: s(600),
            period: s(300),
            stones: 25
        }
    );
    assert_eq!(
        TimeSystem::chinese(s(3600), 5),
        TimeSystem::Byoyomi {
            main: s(3600),
            period: s(60),
            periods: 5
        }
    );
    assert_eq!(
        TimeSystem::byoyomi(s(10), s(30), 0),
        TimeSystem::absolute(s(10))
    );
    assert_eq!(
        TimeSystem::fischer(s(10), s(0)),
        TimeSystem::absolute(s(10))
    );
    assert_eq!(TimeSystem::absolute(Duration::MAX).main(), MAX_TIME);
}

#[test]
fn absolute_deducts_and_flags_at_zero() {
    let mut c = Clock::new(TimeSystem::absolute(s(60)));
    assert_eq!(c.charge(B, s(20)), Ok(()));
    assert_eq!(c.charge(B, ms(39_500)), Ok(()));
    assert_eq!(left(&c, B), (ms(500), 0));
    assert_eq!(left(&c, W), (s(60), 0));
    assert_eq!(c.charge(B, ms(500)), Err(Flagged { side: B }));
    assert!(c.is_flagged(B));
    assert!(!c.is_flagged(W));
    assert_eq!(left(&c, B), (Duration::ZERO, 0));
    // A flagged clock stays flagged until a report or a new game.
    assert_eq!(c.charge(B, Duration::ZERO), Err(Flagged { side: B }));
    assert_eq!(c.think_budget(B, 10, 19, LAG), Some(Duration::ZERO));
    set(&mut c, B, s(7), 3);
    assert!(!c.is_flagged(B));
    assert_eq!(left(&c, B), (s(7), 0));
    c.reset();
    assert_eq!(c, Clock::new(TimeSystem::absolute(s(60))));
}

#[test]
fn fischer_adds_the_increment_after_each_move() {
    let mut c = Clock::new(TimeSystem::fischer(s(10), s(5)));
    assert_eq!(c.charge(W, s(3)), Ok(()));
    assert_eq!(left(&c, W), (s(12), 0));
    assert_eq!(c.charge(W, s(11)), Ok(()));
    assert_eq!(left(&c, W), (s(6), 0));
    // The increment comes after the move: using all 6 s loses.
    assert_eq!(c.charge(W, s(6)), Err(Flagged { side: W }));
    // Huge settings clamp instead of overflowing.
    let mut c = Clock::new(TimeSystem::fischer(Duration::MAX, Duration::MAX));
    assert_eq!(c.charge(B, Duration::ZERO), Ok(()));
    assert_eq!(left(&c, B), (MAX_TIME, 0));
}

#[test]
fn chinese_byoyomi_59_seconds_cost_nothing_60_cost_a_period() {
    let mut c = Clock::new(TimeSystem::chinese(s(0), 3));
    assert_eq!(left(&c, B), (s(60), 3));
    assert_eq!(c.charge(B, s(59)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 3));
    assert_eq!(c.charge(B, ms(59_999)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 3));
    assert_eq!(c.charge(B, s(60)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 2));
    // "Each full minute used deducts one minute": 119 s is one full minute.
    assert_eq!(c.charge(B, s(119)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 1));
    // In the last period 59 s is still free; the full minute loses.
    assert_eq!(c.charge(B, s(59)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 1));
    assert_eq!(c.charge(B, s(60)), Err(Flagged { side: B }));
    assert!(c.is_flagged(B));
    assert_eq!(left(&c, W), (s(60), 3));
}

#[test]
fn chinese_byoyomi_120_seconds_cost_two_periods() {
    let mut c = Clock::new(TimeSystem::chinese(s(0), 5));
    assert_eq!(c.charge(W, s(120)), Ok(()));
    assert_eq!(left(&c, W), (s(60), 3));
    // Using every period left at once loses.
    assert_eq!(c.charge(W, s(180)), Err(Flagged { side: W }));
    let mut c = Clock::new(TimeSystem::chinese(s(0), 2));
    assert_eq!(c.charge(W, s(120)), Err(Flagged { side: W }));
}

#[test]
fn byoyomi_after_main_time() {
    let mut c = Clock::new(TimeSystem::chinese(s(600), 5));
    assert_eq!(left(&c, B), (s(600), 0));
    assert_eq!(c.charge(B, s(590)), Ok(()));
    assert_eq!(left(&c, B), (s(10), 0));
    // 10 s of main time and 59 s of the first period: no period used.
    assert_eq!(c.charge(B, s(69)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 5));
    let mut c = Clock::new(TimeSystem::chinese(s(10), 5));
    // Main time runs out during the move, then one full minute.
    assert_eq!(c.charge(B, s(70)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 4));
    // Using exactly the main time is not a loss in byo-yomi.
    let mut c = Clock::new(TimeSystem::chinese(s(10), 1));
    assert_eq!(c.charge(B, s(10)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 1));
}

#[test]
fn canadian_stones_and_period_reset() {
    let mut c = Clock::new(TimeSystem::canadian(s(10), s(30), 3));
    assert_eq!(c.charge(B, s(5)), Ok(()));
    assert_eq!(left(&c, B), (s(5), 0));
    // Main time runs out 3 s before the move ends: that move is the first
    // of the period's three stones.
    assert_eq!(c.charge(B, s(8)), Ok(()));
    assert_eq!(left(&c, B), (s(27), 2));
    assert_eq!(c.charge(B, s(10)), Ok(()));
    assert_eq!(left(&c, B), (s(17), 1));
    // The third stone ends the period: a fresh one.
    assert_eq!(c.charge(B, s(16)), Ok(()));
    assert_eq!(left(&c, B), (s(30), 3));
    for _ in 0..3 {
        assert_eq!(c.charge(B, s(9)), Ok(()));
    }
    assert_eq!(left(&c, B), (s(30), 3));
    assert_eq!(c.charge(B, s(20)), Ok(()));
    assert_eq!(c.charge(B, s(10)), Err(Flagged { side: B }));
    // No main time: straight into the periods.
    let c = Clock::new(TimeSystem::canadian(s(0), s(300), 25));
    assert_eq!(left(&c, W), (s(300), 25));
}

#[test]
fn time_left_overrides_the_engines_own_count() {
    let mut c = Clock::new(TimeSystem::chinese(s(600), 5));
    c.charge(B, s(100)).expect("in time");
    assert_eq!(left(&c, B), (s(500), 0));
    // The controller's clock says otherwise: it wins.
    set(&mut c, B, s(550), 0);
    assert_eq!(left(&c, B), (s(550), 0));
    // In byo-yomi with 30 s left in the current period and 3 periods.
    set(&mut c, B, s(30), 3);
    assert_eq!(left(&c, B), (s(30), 3));
    assert_eq!(c.think_budget(B, 100, 19, LAG), Some(ms(29_500)));
    assert_eq!(c.charge(B, s(29)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 3));
    set(&mut c, B, s(30), 3);
    // 45 s: the 30 s left, then 15 s of the next: one period.
    assert_eq!(c.charge(B, s(45)), Ok(()));
    assert_eq!(left(&c, B), (s(60), 2));
    // Canadian: stones left in the period.
    let mut c = Clock::new(TimeSystem::canadian(s(600), s(300), 25));
    set(&mut c, W, s(100), 2);
    assert_eq!(left(&c, W), (s(100), 2));
    c.charge(W, s(40)).expect("in time");
    assert_eq!(left(&c, W), (s(60), 1));
    c.charge(W, s(40)).expect("in time");
    assert_eq!(left(&c, W), (s(300), 25));
    // left() and set_left() round-trip (what SGF BL/OB need).
    let saved = c.left(W).expect("limited");
    let mut d = Clock::new(c.system());
    d.set_left(W, saved);
    assert_eq!(d.left(W), Some(saved));
}

#[test]
fn think_budget_by_system() {
    // One-second byo-yomi periods: a period minus the lag margin.
    let c = Clock::new(TimeSystem::byoyomi(s(0), s(1), 1));
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(ms(500)));
    let c = Clock::new(TimeSystem::chinese(s(0), 5));
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(ms(59_500)));
    // In main time: at least what a period gives, never beyond the first
    // period.
    let mut c = Clock::new(TimeSystem::chinese(s(600), 5));
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(ms(59_500)));
    set(&mut c, B, s(20), 0);
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(ms(59_500)));
    set(&mut c, B, s(12_000), 0);
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(s(100)));
    // Absolute: main time / moves left (120 on an empty 19x19).
    let mut c = Clock::new(TimeSystem::absolute(s(60)));
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(ms(500)));
    set(&mut c, B, ms(300), 0);
    assert_eq!(c.think_budget(B, 0, 19, LAG), Some(Duration::ZERO));
    // Canadian: the period shared among its stones.
    let c = Clock::new(TimeSystem::canadian(s(0), s(30), 3));
    assert_eq!(c.think_budget(W, 0, 19, LAG), Some(ms(9_500)));
    // Fischer: share plus increment, capped by what is left.
    let c = Clock::new(TimeSystem::fischer(s(10), s(5)));
    assert_eq!(expected_moves_left(0, 9), 27);
    assert_eq!(c.think_budget(W, 0, 9, LAG), Some(s(10) / 27 + s(5)));
    let c = Clock::new(TimeSystem::fischer(s(2), s(5)));
    assert_eq!(c.think_budget(W, 0, 9, LAG), Some(ms(1_500)));
}

#[test]
fn expected_moves_left_never_reaches_zero() {
    assert_eq!(expected_moves_left(0, 19), 120);
    assert_eq!(expected_moves_left(300, 19), 36);
    assert_eq!(expected_moves_left(10_000, 9), 8);
    assert_eq!(expected_moves_left(0, 0), 4);
    assert_eq!(expected_moves_left(usize::MAX, usize::MAX), u32::MAX);
}

/// Plays `moves` moves per side, each taking its budget plus `overhead`;
/// returns the first flag.
fn play_out(mut c: Clock, size: usize, moves: usize, overhead: Duration) -> Result<Clock, Flagged> {
    for n in 0..moves * 2 {
        let side = if n % 2 == 0 { B } else { W };
        let budget = c.think_budget(side, n, size, LAG).unwrap_or(s(1));
        c.charge(side, budget + overhead)?;
    }
    Ok(c)
}

#[test]
fn following_the_budget_never_loses_on_time() {
    // Per-move overheads below the lag margin keep the systems whose time
    // renews safe; under absolute time the overheads of all the moves must
    // also fit in the main time (150 x 5 ms here).
    for (system, overheads) in [
        (TimeSystem::absolute(s(60)), &[0, 5][..]),
        (TimeSystem::absolute(s(5)), &[0, 5]),
        (TimeSystem::byoyomi(s(0), s(1), 1), &[0, 5, 50, 400]),
        (TimeSystem::chinese(s(60), 1), &[0, 5, 50, 400]),
        (TimeSystem::chinese(s(1800), 3), &[0, 5, 50, 400]),
        (TimeSystem::canadian(s(30), s(10), 5), &[0, 5, 50]),
        (TimeSystem::canadian(s(0), s(2), 3), &[0, 5, 50]),
        (TimeSystem::fischer(s(10), s(1)), &[0, 5, 50, 400]),
    ] {
        for &overhead in overheads {
            let c = play_out(Clock::new(system), 19, 150, ms(overhead));
            assert!(c.is_ok(), "{system:?} with {overhead} ms: {c:?}");
        }
    }
    // Absolute 60 s over a 300-move game leaves time in hand.
    let c = play_out(Clock::new(TimeSystem::absolute(s(60))), 19, 150, ms(5)).expect("in time");
    assert!(left(&c, B).0 > s(1), "{c:?}");
}

#[test]
fn referee_calls_in_a_period() {
    let secs =
        |v: &[(Duration, RefereeCall)]| v.iter().map(|&(t, _)| t.as_secs()).collect::<Vec<_>>();
    assert_eq!(secs(&period_calls(s(60), false)), [30, 40, 50, 55, 58, 60]);
    assert_eq!(
        secs(&period_calls(s(60), true)),
        [30, 40, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60]
    );
    assert_eq!(calls_until(s(60), false, s(29)), []);
    assert_eq!(
        calls_until(s(60), false, s(59)),
        [30, 40, 50, 55, 58].map(RefereeCall::Seconds)
    );
    assert_eq!(
        calls_until(s(60), false, s(60)).last(),
        Some(&RefereeCall::PeriodUsed)
    );
    let last = calls_until(s(60), true, s(59));
    assert_eq!(last.len(), 12);
    assert_eq!(last[3], RefereeCall::Count(1));
    assert_eq!(last[11], RefereeCall::Count(9));
    assert_eq!(
        calls_until(s(60), true, s(60)).last(),
        Some(&RefereeCall::TimeUp)
    );
    assert_eq!(RefereeCall::TimeUp.to_string(), "10: loss on time");
    // Scaled to a 30-second period.
    assert_eq!(secs(&period_calls(s(30), false)), [15, 20, 25, 27, 29, 30]);
}

#[test]
fn referee_calls_across_periods_and_main_time() {
    let c = Clock::new(TimeSystem::chinese(s(0), 2));
    let calls = c.referee_calls(B, s(70));
    assert_eq!(calls.len(), 6);
    assert_eq!(calls[5], (s(60), RefereeCall::PeriodUsed));
    let calls = c.referee_calls(B, s(115));
    assert_eq!(calls.len(), 14);
    assert_eq!(calls[6], (s(90), RefereeCall::Seconds(30)));
    assert_eq!(calls[13], (s(115), RefereeCall::Count(5)));
    // No calls in main time; the period starts when it ends.
    let c = Clock::new(TimeSystem::chinese(s(10), 1));
    assert_eq!(
        c.referee_calls(B, s(45)),
        [(s(40), RefereeCall::Seconds(30))]
    );
    // A partly used period (after time_left): its calls come earlier.
    let mut c = Clock::new(TimeSystem::chinese(s(0), 1));
    set(&mut c, W, s(20), 1);
    let calls = c.referee_calls(W, s(20));
    assert_eq!(calls.first(), Some(&(s(10), RefereeCall::Seconds(50))));
    assert_eq!(calls.len(), 11);
    assert_eq!(calls.last(), Some(&(s(20), RefereeCall::TimeUp)));
    assert!(
        Clock::new(TimeSystem::absolute(s(5)))
            .referee_calls(B, s(10))
            .is_empty()
    );
}

#[test]
fn systems_built_directly_with_huge_times_do_not_overflow() {
    let huge = Duration::MAX;
    for system in [
        TimeSystem::Fischer {
            main: huge,
            increment: huge,
        },
        TimeSystem::Byoyomi {
            main: huge,
            period: huge,
            periods: u32::MAX,
        },
        TimeSystem::Canadian {
            main: huge,
            period: huge,
            stones: u32::MAX,
        },
    ] {
        let mut c = Clock::new(system);
        let _ = c.think_budget(B, 0, 19, LAG);
        let _ = c.referee_calls(B, huge);
        let _ = c.charge(B, s(1));
        let _ = c.charge(B, huge);
        let _ = c.think_budget(B, 0, 19, LAG);
    }
    assert_eq!(period_calls(huge, true).len(), 13);
}
