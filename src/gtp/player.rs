//! The player's settings: how `genmove` searches, passes and resigns, and
//! how it spends time (the command line's `--threads`, `--playouts`,
//! `--seed`, `--resign-threshold`, `--lag-margin`, `--move-time`, …).
//! Plain values: the engine ([`super::engine`]) holds them, the commands
//! read and set them.

use std::time::Duration;

use crate::search::SearchConfig;
use crate::search::decide::DecideConfig;

/// Playouts of `reg_genmove` without `--playouts`.
pub const REG_GENMOVE_PLAYOUTS: u64 = 2000;

/// How the player searches, passes and resigns (the command-line options).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSettings {
    /// Search threads.
    pub threads: usize,
    /// Playouts per move; `None`: think for the time budget.
    pub playouts: Option<u64>,
    /// Seed of the search's random numbers.
    pub seed: u64,
    /// Resign below this win rate (0: never).
    pub resign_threshold: f64,
    /// No resigning before this many moves.
    pub resign_min_move: usize,
    /// Memory of the search tree (the threads share it), in MiB.
    pub max_tree_mb: usize,
    /// Whether `genmove` plays the opening book's moves
    /// ([`crate::search::book`]).
    pub book: bool,
}

impl Default for PlayerSettings {
    fn default() -> PlayerSettings {
        PlayerSettings {
            threads: 2,
            playouts: None,
            seed: SearchConfig::default().seed,
            resign_threshold: 0.1,
            resign_min_move: 20,
            max_tree_mb: SearchConfig::default().max_tree_mb,
            book: true,
        }
    }
}

impl PlayerSettings {
    /// The search configuration these settings give.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            threads: self.threads.max(1),
            seed: self.seed,
            max_tree_mb: self.max_tree_mb,
            ..SearchConfig::default()
        }
    }

    pub fn decide_config(&self, cleanup: bool) -> DecideConfig {
        DecideConfig {
            resign_threshold: self.resign_threshold,
            resign_min_move: self.resign_min_move,
            cleanup,
        }
    }
}

/// Time options of the engine (the command line's `--lag-margin` and
/// `--move-time`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeOptions {
    /// Time kept in hand for the delay between the engine's reply and the
    /// controller stopping its clock.
    pub lag_margin: Duration,
    /// How long `genmove` may think when there is no time limit.
    pub move_time: Duration,
}

impl Default for TimeOptions {
    fn default() -> TimeOptions {
        TimeOptions {
            lag_margin: Duration::from_millis(500),
            move_time: Duration::from_secs(1),
        }
    }
}
