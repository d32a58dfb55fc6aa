//! Open borders: empty areas that the settling left bordered by living
//! stones of both colours, although no point of them is a dame.
//!
//! Such an area is a border the players did not close, most often a
//! wide passage between one side's territory and the other's stones
//! (Oza title 1962, game 1: a dead black group's area on the right side
//! reached Black's upper right through S12 T12 T13, and 25 points of
//! White's territory were counted for nobody). Over the board the owner
//! blocks where the two sides meet. The settling cannot place those
//! stones one by one, so each point of such an area goes to the side
//! whose living stones are strictly nearer through the area, provided
//! the ownership playouts agree (at least [`OPEN_BORDER_SHARE`] for that
//! side). The points at equal distance, and those the playouts doubt,
//! stay neutral. Areas next to a chain in seki are left alone: their
//! points are the seki's shared liberties.

use std::collections::VecDeque;

use crate::area::{Areas, BORDER_BLACK, BORDER_MARKED, BORDER_WHITE};
use crate::board::{Board, Cell, Color, MAX_POINTS, Point};

/// The ownership (from the side's point of view, -1 to 1) the playouts
/// must give a point of an open border for the nearer side to get it.
/// Measured on the older professional records (local): 0 lets a nearer
/// side take points the playouts give the other (one Fox record lost);
/// 0.5 and 0.8 differ by one record.
pub const OPEN_BORDER_SHARE: f32 = 0.5;

/// Per point (indexed by [`Point::index`]): the side that gets it as
/// part of an open border, if any. `board` is the settled position,
/// `dead(p)` and `seki(p)` are asked about its stones, `ownership(p)`
/// runs from -1 (White) to 1 (Black).
pub fn claims(
    board: &Board,
    dead: impl Fn(Point) -> bool,
    seki: impl Fn(Point) -> bool,
    ownership: impl Fn(Point) -> f32,
) -> Vec<Option<Color>> {
    let areas = Areas::compute(board, &dead, seki);
    let open = |p: Point| {
        areas.borders_at(p) & (BORDER_BLACK | BORDER_WHITE | BORDER_MARKED)
            == BORDER_BLACK | BORDER_WHITE
    };
    let black = distances(board, &areas, Color::Black);
    let white = distances(board, &areas, Color::White);
    let mut out = vec![None; MAX_POINTS];
    for p in board.points().filter(|&p| open(p)) {
        let (b, w) = (black[p.index()], white[p.index()]);
        let own = ownership(p);
        out[p.index()] = if b < w && own >= OPEN_BORDER_SHARE {
            Some(Color::Black)
        } else if w < b && -own >= OPEN_BORDER_SHARE {
            Some(Color::White)
        } else {
            None
        };
    }
    out
}

/// Steps from the nearest remaining (living) stone of `color` to each
/// point of an area, through the area; `u32::MAX` where none is reached.
fn distances(board: &Board, areas: &Areas, color: Color) -> Vec<u32> {
    let in_area = |p: Point| board.cell(p) != Cell::Border && areas.area_of[p.index()] != u32::MAX;
    let mut dist = vec![u32::MAX; MAX_POINTS];
    let mut queue = VecDeque::new();
    for p in board.points() {
        if in_area(p) || board.color_at(p) != Some(color) {
            continue;
        }
        for n in board.neighbors(p) {
            if in_area(n) && dist[n.index()] == u32::MAX {
                dist[n.index()] = 1;
                queue.push_back(n);
            }
        }
    }
    while let Some(p) = queue.pop_front() {
        let next = dist[p.index()] + 1;
        for n in board.neighbors(p) {
            if in_area(n) && dist[n.index()] == u32::MAX {
                dist[n.index()] = next;
                queue.push_back(n);
            }
        }
    }
    dist
}
