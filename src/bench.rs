//! `weiqi bench`: light random playouts per second on one core.
//!
//! This is the board's speed benchmark (a measurement, not a test): for each
//! size it runs playouts from the empty board for a fixed wall-clock time and
//! prints one line, e.g. `9x9: 163000 playouts/s, 41 ns/move`.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color};
use crate::playout::{move_limit, play_out};

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
    loop {
        // Check the clock every 64 playouts to keep its cost out of the figure.
        for _ in 0..64 {
            let mut b = empty.clone();
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
