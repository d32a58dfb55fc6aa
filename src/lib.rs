//! weiqi: a Go engine backend speaking the Go Text Protocol.
//!
//! Data flows one way: `gtp` → [`game`] → [`board`]. See the README's
//! "Architecture" section for the map of modules.

pub mod area;
pub mod bench;
pub mod board;
pub mod clock;
pub mod coord;
pub mod fuzzing;
pub mod game;
pub mod gtp;
pub mod life;
pub mod playout;
pub mod referee;
pub mod rules;
pub mod score;
pub mod search;
pub mod sgf;
#[cfg(test)]
pub mod testutil;
