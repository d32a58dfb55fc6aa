//! Benson's algorithm: the chains that stay alive even if their owner
//! never plays again (pass-alive), and the regions they make safe.

use crate::board::{Board, Cell, Color, MAX_POINTS, Point};

/// No chain or region.
const NONE: u32 = u32::MAX;

/// The result of Benson's algorithm for one colour.
#[derive(Clone, Debug)]
pub struct Benson {
    /// Per point: a stone of a pass-alive chain.
    pub alive: Vec<bool>,
    /// Per point: an empty or opponent point in a region enclosed by
    /// pass-alive chains and vital to at least one of them (the opponent's
    /// stones there are dead, the empty points are safe territory).
    pub safe: Vec<bool>,
}

/// Benson's algorithm for unconditional life of `color`'s chains.
///
/// Regions are the maximal connected sets of points without a `color`
/// stone. A region is *vital* to a chain that borders it when all its empty
/// points are liberties of that chain. Repeatedly, a chain with fewer than
/// two vital regions among the remaining ones is dropped, and so is every
/// region bordering a dropped chain. The chains left are pass-alive.
pub fn benson(board: &Board, color: Color) -> Benson {
    let mut alive = vec![false; MAX_POINTS];
    let mut safe = vec![false; MAX_POINTS];
    // Chains of `color`.
    let mut chain_id = vec![NONE; MAX_POINTS];
    let mut chain_stones: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if board.color_at(p) == Some(color) && chain_id[p.index()] == NONE {
            let stones = board.chain_stones(p);
            for s in &stones {
                chain_id[s.index()] = chain_stones.len() as u32;
            }
            chain_stones.push(stones);
        }
    }
    if chain_stones.is_empty() {
        return Benson { alive, safe };
    }
    // Regions: their points, bordering chains, and the chains they are
    // vital to (the intersection, over their empty points, of the chains
    // next to each point).
    let mut region_id = vec![NONE; MAX_POINTS];
    let mut regions: Vec<(Vec<Point>, Vec<u32>, Vec<u32>)> = Vec::new();
    let mut stack = Vec::new();
    for start in board.points() {
        if board.color_at(start) == Some(color) || region_id[start.index()] != NONE {
            continue;
        }
        let r = regions.len() as u32;
        let (mut pts, mut borders, mut vital): (Vec<Point>, Vec<u32>, Option<Vec<u32>>) =
            (Vec::new(), Vec::new(), None);
        region_id[start.index()] = r;
        stack.push(start);
        while let Some(p) = stack.pop() {
            pts.push(p);
            let mut next_to: Vec<u32> = Vec::with_capacity(4);
            for n in board.neighbors(p) {
                match board.cell(n) {
                    Cell::Border => {}
                    c if c.color() == Some(color) => {
                        let id = chain_id[n.index()];
                        if !next_to.contains(&id) {
                            next_to.push(id);
                        }
                        if !borders.contains(&id) {
                            borders.push(id);
                        }
                    }
                    _ => {
                        if region_id[n.index()] == NONE {
                            region_id[n.index()] = r;
                            stack.push(n);
                        }
                    }
                }
            }
            if board.cell(p) == Cell::Empty {
                vital = Some(match vital {
                    None => next_to,
                    Some(v) => v.into_iter().filter(|id| next_to.contains(id)).collect(),
                });
            }
        }
        regions.push((pts, borders, vital.unwrap_or_default()));
    }
    let mut chain_alive = vec![true; chain_stones.len()];
    let mut healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, is_alive) in chain_alive.iter_mut().enumerate() {
            if !*is_alive {
                continue;
            }
            let vital_count = regions
                .iter()
                .zip(&healthy)
                .filter(|((_, _, vital), h)| **h && vital.contains(&(c as u32)))
                .count();
            if vital_count < 2 {
                *is_alive = false;
                changed = true;
            }
        }
        for (r, (_, borders, _)) in regions.iter().enumerate() {
            if healthy[r] && borders.iter().any(|&c| !chain_alive[c as usize]) {
                healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (c, stones) in chain_stones.iter().enumerate() {
        if chain_alive[c] {
            for s in stones {
                alive[s.index()] = true;
            }
        }
    }
    for (r, (pts, borders, vital)) in regions.iter().enumerate() {
        if healthy[r] && !borders.is_empty() && !vital.is_empty() {
            for p in pts {
                safe[p.index()] = true;
            }
        }
    }
    Benson { alive, safe }
}
