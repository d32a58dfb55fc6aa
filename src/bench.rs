//! `weiqi bench`: light random playouts per second on one core.
//!
//! This is the board's speed benchmark (a measurement, not a test): for each
//! size it runs playouts from the empty board for a fixed wall-clock time and
//! prints one line, e.g. `9x9: 163000 playouts/s, 41 ns/move`.
//!
//! `weiqi bench --life` instead times the dead-stone analysis behind
//! `final_status_list dead` ([`crate::life::analyse`], uncached) on a
//! finished 19x19 game ([`FINISHED_19X19`]).

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color};
use crate::game::{Game, Move};
use crate::life::{Status, analyse};
use crate::playout::{move_limit, play_out};
use crate::rules::Rules;

/// CPU time this thread has used so far, from `/proc/thread-self/stat`
/// (Linux; `None` elsewhere). The benchmark divides by CPU time as well as
/// by wall time, so a busy machine does not make the board look slower.
pub fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The command name (field 2) may hold spaces; fields after it are plain.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    // Clock ticks are 100 per second on every Linux this runs on.
    Some(Duration::from_millis((utime + stime) * 10))
}

/// One size's measurement.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutRate {
    pub size: usize,
    pub playouts: u64,
    pub moves: u64,
    pub elapsed: Duration,
    /// CPU time used, when the platform tells it.
    pub cpu: Option<Duration>,
}

impl PlayoutRate {
    /// The time the rate is computed from: CPU time where known (a
    /// single thread's CPU time is what one core did), else wall time.
    pub fn time(&self) -> Duration {
        self.cpu.filter(|c| !c.is_zero()).unwrap_or(self.elapsed)
    }

    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.time().as_secs_f64()
    }

    pub fn ns_per_move(&self) -> f64 {
        self.time().as_nanos() as f64 / self.moves.max(1) as f64
    }
}

impl std::fmt::Display for PlayoutRate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}: {:.0} playouts/s, {:.0} ns/move, {:.1} moves/playout ({:.2} s CPU in {:.2} s)",
            self.size,
            self.size,
            self.playouts_per_second(),
            self.ns_per_move(),
            self.moves as f64 / self.playouts.max(1) as f64,
            self.time().as_secs_f64(),
            self.elapsed.as_secs_f64()
        )
    }
}

/// Runs light playouts on an empty board of side `size` for about `time`.
pub fn measure_playouts(size: usize, time: Duration, seed: u64) -> Option<PlayoutRate> {
    let empty = Board::new(size)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let limit = move_limit(size);
    let start = Instant::now();
    let cpu_start = thread_cpu_time();
    let mut playouts = 0u64;
    let mut moves = 0u64;
    let mut b = empty.clone();
    loop {
        // Check the clock every 64 playouts to keep its cost out of the figure.
        for _ in 0..64 {
            b.clone_from(&empty);
            moves += play_out(&mut b, Color::Black, limit, &mut rng) as u64;
            playouts += 1;
        }
        if start.elapsed() >= time {
            break;
        }
    }
    Some(PlayoutRate {
        size,
        playouts,
        moves,
        elapsed: start.elapsed(),
        cpu: thread_cpu_time()
            .zip(cpu_start)
            .map(|(end, start)| end.saturating_sub(start)),
    })
}

/// A finished 19x19 game (two passes), GNU Go level 0 against level 1
/// (`scripts/score_gnugo.py`, seed 119007): moves as colour letter and
/// vertex. GNU Go's own verdict: B16 and C13 dead (and O10, see the README).
pub const FINISHED_19X19: &str = "\
    BR15 WD17 BQ4 WD4 BF3 WC6 BD2 WC3 BJ3 WR6 BC15 WC13 BE15 WF16 BD13 WR9 BD12 WR17 \
    BP16 WP18 BB11 WR13 BO4 WF15 BP14 WB9 BR5 WQ6 BM15 WR3 BQ3 WS5 BS4 WR4 BS3 WQ5 BR2 \
    WL3 BK4 WK2 BL4 WJ2 BM3 WH2 BH3 WM2 BC2 WG2 BG3 WB16 BB13 WF14 BP12 WQ11 BB15 WO6 \
    BC16 WJ16 BB17 WM17 BM13 WC8 BJ14 WO10 BN11 WM9 BF2 WO2 BN3 WN2 BC18 WF18 BB3 WE8 \
    BB4 WJ15 BL16 WK14 BL17 WJ13 BM18 WN17 BJ18 WL12 BL11 WD18 BK11 WN18 BL13 WK12 BJ11 \
    WL18 BK18 WM19 BK17 WF5 BM12 WE17 BG17 WG18 BH17 WN9 BC4 WD5 BP5 WN7 BK9 WB5 BS14 \
    WS13 BS16 WT14 BS18 WR18 BT15 WT13 BR14 WS17 BQ13 WR12 BT17 WG8 BH5 WS19 BT18 WR5 \
    BG6 WF6 BH12 WH13 BG12 WT4 BT2 WH18 BJ17 WF11 BF12 WB10 BE11 WF10 BC11 WL7 BD3 WE4 \
    BE14 WN15 BN14 WO15 BG13 WP15 BQ16 WH14 BF13 WO14 BO13 WG7 BP2 WA5 BO3 WG5 BH6 WK3 \
    BN5 WC17 BB18 WP6 BM6 WM7 BO5 WL6 BQ12 WP11 BD9 WD8 BE10 WG9 BO11 WE9 BC9 WN6 BC10 \
    WM5 BA10 WA8 BM16 WO17 BO1 WN1 BP1 WR16 BQ15 WC19 BB19 WD19 BG1 WL1 BH1 WJ1 BF1 WG14 \
    BQ17 WQ18 BH16 WK13 BL8 WL9 BK8 WH10 BM8 WN8 BE3 WG11 BD16 WA4 BG4 WA3 BA2 WC5 BM4 \
    WL5 BL14 WJ9 BJ7 WK5 BJ5 WH19 BJ8 WM10 BJ10 WH9 BL10 WM11 BH11 WA9 BA11 WO16 BT3 WT5 \
    BE16 WF17 BN10 WL19 BH15 WK15 BL15 WF4 BH7 WK19 BJ19 WP17 BT16 WH8 BN16 WK6 BK16 WJ6 \
    BK7 WJ12 BG15 WG16 BQ14 WR19 BS15 WT19 BPASS WPASS";

/// A finished 19x19 game with close calls: GNU Go level 10 self-play
/// (`scripts/score_gnugo.py`, seed 2119007). Five lone White stones in
/// Black's open lower right score about half in the uniform playouts, so
/// the analysis runs its refining search ([`crate::life`]); GNU Go, like
/// weiqi, calls 15 stones dead.
pub const CLOSE_CALLS_19X19: &str = "\
    BQ16 WD17 BQ3 WD3 BQ9 WL4 BQ6 WH16 BC5 WE4 BC8 WD6 BD15 WC15 BC14 WC16 BD14 WE16 BN3 \
    WC7 BB7 WC12 BF14 WR14 BQ11 WP14 BO16 WS16 BR17 WS11 BK17 WR11 BL3 WK3 BB3 WM3 BN4 \
    WL2 BL6 WH17 BS17 WR8 BS7 WO11 BQ12 WQ8 BJ6 WP8 BR10 WS10 BH5 WD5 BH3 WC2 BJ2 WN2 \
    BK2 WC4 BC6 WD7 BB4 WE9 BE11 WB6 BB5 WB8 BA6 WB9 BD10 WD9 BC11 WC10 BB11 WG6 BB14 \
    WB15 BS15 WS14 BR16 WG8 BJ18 WH18 BM16 WO9 BO6 WM14 BL8 WS8 BR7 WT7 BT6 WT8 BS5 WL11 \
    BG11 WJ19 BK19 WH19 BE2 WD2 BF2 WB10 BM15 WK16 BL17 WJ17 BK18 WF10 BH14 WF11 BD12 \
    WG12 BF12 WJ13 BG13 WH12 BF16 WF17 BL14 WJ14 BH10 WN14 BL13 WJ11 BJ9 WJ15 BK15 WF15 \
    BK12 WJ8 BH8 WH7 BK8 WJ7 BG15 WK9 BK7 WL9 BE15 WM8 BE10 WG10 BM7 WN8 BG16 WD16 BA10 \
    WM13 BT14 WT13 BT15 WL12 BK13 WH6 BJ5 WR15 BT16 WK14 BL15 WN7 BN6 WG5 BG4 WF4 BF3 \
    WG17 BB2 WK11 BO15 WO14 BQ15 WQ14 BA15 WA16 BA14 WC3 BB1 WO7 BQ7 WP7 BP6 WP15 BP16 \
    WN15 BN16 WE3 BE1 WH13 BH15 WJ16 BS13 WR13 BS12 WR12 BT12 WT11 BT13 WA8 BA7 WL16 BD1 \
    WC1 BJ12 WC9 BA11 WA9 BPASS WPASS";

/// Replays a move list like [`FINISHED_19X19`] on a 19x19 board.
pub fn replay(moves: &str) -> Option<Game> {
    let mut game = Game::new(19, Rules::default())?;
    for token in moves.split_whitespace() {
        let (c, v) = token.split_at(1);
        let color = if c == "B" { Color::Black } else { Color::White };
        let mv = if v.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            let letters = "ABCDEFGHJKLMNOPQRST";
            let col = letters.find(v.get(..1)?)?;
            let row: usize = v.get(1..)?.parse().ok()?;
            Move::Place(game.board().point(col, row.checked_sub(1)?)?)
        };
        game.play(color, mv).ok()?;
    }
    Some(game)
}

/// The dead-stone analysis timed on one position.
#[derive(Clone, Debug)]
pub struct LifeTiming {
    /// What the position is.
    pub position: &'static str,
    pub runs: usize,
    /// Per run, sorted.
    pub times: Vec<Duration>,
    pub dead_stones: usize,
    /// Chains the refining search re-judged.
    pub searched: usize,
}

impl std::fmt::Display for LifeTiming {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let median = self
            .times
            .get(self.times.len() / 2)
            .copied()
            .unwrap_or_default();
        let max = self.times.last().copied().unwrap_or_default();
        let min = self.times.first().copied().unwrap_or_default();
        write!(
            f,
            "life 19x19 ({}, {} dead stones, {} chains searched): median {:.1} ms, min {:.1} ms, max {:.1} ms over {} runs (target <= 200 ms)",
            self.position,
            self.dead_stones,
            self.searched,
            ms(median),
            ms(min),
            ms(max),
            self.runs
        )
    }
}

/// Times [`analyse`] `runs` times (wall clock per run) on the final
/// positions of [`FINISHED_19X19`] and [`CLOSE_CALLS_19X19`].
pub fn measure_life(runs: usize) -> Option<Vec<LifeTiming>> {
    [
        ("finished game", FINISHED_19X19),
        ("finished game with close calls", CLOSE_CALLS_19X19),
    ]
    .into_iter()
    .map(|(position, moves)| {
        let game = replay(moves)?;
        let mut times = Vec::with_capacity(runs);
        let mut dead_stones = 0;
        let mut searched = 0;
        for _ in 0..runs.max(1) {
            let start = Instant::now();
            let a = analyse(game.board());
            times.push(start.elapsed());
            dead_stones = a.with_status(Status::Dead).map(|c| c.stones.len()).sum();
            searched = a.chains().iter().filter(|c| c.searched).count();
        }
        times.sort();
        Some(LifeTiming {
            position,
            runs: times.len(),
            times,
            dead_stones,
            searched,
        })
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_benchmark_game_is_finished_and_its_dead_stones_found() {
        let game = replay(FINISHED_19X19).expect("a legal game");
        assert!(game.two_passes());
        let a = analyse(game.board());
        let mut dead: Vec<(usize, usize)> = a
            .with_status(Status::Dead)
            .flat_map(|c| c.stones.iter().map(|&p| game.board().coords(p)))
            .collect();
        dead.sort();
        // B16 and C13: two lone White stones in Black's top left.
        assert_eq!(dead, [(1, 15), (2, 12)]);
        assert!(a.chains().iter().all(|c| !c.searched));
    }

    #[test]
    fn the_close_call_game_is_finished_and_searched() {
        let game = replay(CLOSE_CALLS_19X19).expect("a legal game");
        assert!(game.two_passes());
        let a = analyse(game.board());
        assert!(a.chains().iter().any(|c| c.searched));
        let dead: usize = a.with_status(Status::Dead).map(|c| c.stones.len()).sum();
        assert_eq!(dead, 15);
    }
}
