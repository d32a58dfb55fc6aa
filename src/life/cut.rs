//! Whether the opponent can shut a dead chain off from its living
//! friends with one move.
//!
//! The consistency rule of the analysis revives a dead chain whose empty
//! area (dead stones taken off) also touches a living chain of its colour:
//! it could connect. That is wrong when the way out is a narrow passage
//! that needs two or more of the owner's moves and one opponent move
//! closes: at the end of a game the owner has not connected, and the
//! opponent blocks as soon as the owner starts. [`shut_off_by_one_move`]
//! finds that case.

use crate::area::Areas;
use crate::board::{Board, Cell, Color, MAX_POINTS, Point};

/// Whether `chain` (stones of `color`, taken off in `areas`) needs two or
/// more moves to reach a living stone of its colour through its area,
/// and one empty point of the area separates it from every such stone.
pub fn shut_off_by_one_move(board: &Board, areas: &Areas, chain: &[Point], color: Color) -> bool {
    let Some(&first) = chain.first() else {
        return false;
    };
    let area = areas.area_of[first.index()];
    let in_area = |p: Point| areas.area_of[p.index()] == area;
    let mut own = vec![false; MAX_POINTS];
    for &s in chain {
        own[s.index()] = true;
    }
    // A point of the area next to a living stone of `color` (a stone
    // outside every area is a remaining, living one).
    let exit = |p: Point| {
        !own[p.index()]
            && board
                .neighbors(p)
                .iter()
                .any(|&n| board.color_at(n) == Some(color) && areas.area_of[n.index()] == u32::MAX)
    };
    // Moves the owner needs: every point of the way but its own stones
    // (the dead stones of its colour in the area are already there).
    let cost = |p: Point| u32::from(board.color_at(p) != Some(color));
    if moves_to_exit(board, chain, &in_area, &exit, &cost, None).is_none_or(|m| m <= 1) {
        return false;
    }
    board
        .points()
        .filter(|&p| in_area(p) && board.color_at(p).is_none())
        .any(|cut| moves_to_exit(board, chain, &in_area, &exit, &cost, Some(cut)).is_none())
}

/// The fewest moves from `chain` to an exit through the area (0-1 breadth
/// first), never through `blocked`; `None` when no exit is reachable.
fn moves_to_exit(
    board: &Board,
    chain: &[Point],
    in_area: &dyn Fn(Point) -> bool,
    exit: &dyn Fn(Point) -> bool,
    cost: &dyn Fn(Point) -> u32,
    blocked: Option<Point>,
) -> Option<u32> {
    let mut dist = vec![u32::MAX; MAX_POINTS];
    let mut queue = std::collections::VecDeque::new();
    for &s in chain {
        dist[s.index()] = 0;
        queue.push_back(s);
    }
    let mut best: Option<u32> = None;
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        for n in board.neighbors(p) {
            if board.cell(n) == Cell::Border || !in_area(n) || Some(n) == blocked {
                continue;
            }
            let c = cost(n);
            let nd = d + c;
            if nd >= dist[n.index()] {
                continue;
            }
            dist[n.index()] = nd;
            if exit(n) {
                best = Some(best.map_or(nd, |b| b.min(nd)));
            }
            if c == 0 {
                queue.push_front(n);
            } else {
                queue.push_back(n);
            }
        }
    }
    best
}
