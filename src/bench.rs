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

/// One size's measurement.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutRate {
    pub size: usize,
    pub playouts: u64,
    pub moves: u64,
    pub elapsed: Duration,
}

impl PlayoutRate {
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64()
    }

    pub fn ns_per_move(&self) -> f64 {
        self.elapsed.as_nanos() as f64 / self.moves.max(1) as f64
    }
}

impl std::fmt::Display for PlayoutRate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}: {:.0} playouts/s, {:.0} ns/move, {:.1} moves/playout",
            self.size,
            self.size,
            self.playouts_per_second(),
            self.ns_per_move(),
            self.moves as f64 / self.playouts.max(1) as f64
        )
    }
}

/// Runs light playouts on an empty board of side `size` for about `time`.
pub fn measure_playouts(size: usize, time: Duration, seed: u64) -> Option<PlayoutRate> {
    let empty = Board::new(size)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let limit = move_limit(size);
    let start = Instant::now();
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
    })
}
