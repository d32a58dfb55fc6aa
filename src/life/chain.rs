//! A chain of the analysed position, the evidence about it and its
//! verdict, with the thresholds that turn the one into the other.

use crate::board::{Color, Point};
use crate::life::settle::Role;

/// A chain is dead when the opponent owns its points in more than this share
/// of the playouts.
pub const DEAD_SHARE: f64 = 0.5;
/// A living chain is in seki when it ends with a shared liberty in more than
/// this share of the playouts.
pub const SEKI_SHARE: f64 = 0.5;

/// The verdict on a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

/// One chain of the analysed position and the evidence about it.
#[derive(Clone, Debug)]
pub struct Chain {
    pub color: Color,
    pub stones: Vec<Point>,
    pub status: Status,
    /// Alive unconditionally (Benson).
    pub pass_alive: bool,
    /// Share of playouts in which the opponent owned the chain's points
    /// (averaged over its stones).
    pub opponent_share: f64,
    /// `opponent_share` as the ownership playouts alone gave it, before
    /// the refining search replaced it.
    pub playout_share: f64,
    /// Share of playouts in which it survived with a shared liberty.
    pub seki_share: f64,
    /// Whether `opponent_share` comes from the refining search (see
    /// [`crate::life::REFINE_MARGIN`] and [`crate::life::REJUDGE_MARGIN`]).
    pub searched: bool,
    /// Dead by reading, whatever the shares say: inside a region vital
    /// to a pass-alive opponent chain (Benson), or captured whoever
    /// moves first ([`crate::life::tactics::is_dead`], or
    /// [`crate::life::local::read`] for a group in an enclosure).
    pub proven_dead: bool,
}

impl Chain {
    /// What the chain is to the settling: dead, firmly alive, or in doubt.
    pub(super) fn role(&self) -> Role {
        match self.status {
            Status::Dead if self.proven_dead || self.opponent_share > 1.0 - FIRM_SHARE => {
                Role::Dead
            }
            Status::Dead | Status::Seki => Role::Open,
            Status::Alive if self.pass_alive || self.opponent_share < FIRM_SHARE => Role::Firm,
            Status::Alive => Role::Open,
        }
    }
}

/// A living chain whose opponent owns its points in less than this share
/// of the playouts is firm: it bounds areas and fills dame while settling.
pub const FIRM_SHARE: f64 = 0.35;
