//! Empty areas: the regions of empty points (and removed stones) that the
//! remaining stones split the board into, and which colours border each.
//! The dead-stone analysis ([`crate::life`]) and the count
//! ([`crate::score`]) both read positions through it.

use crate::board::{Board, Cell, Color, MAX_POINTS, Point};

/// No area (a remaining stone).
const NONE: u32 = u32::MAX;

/// Empty areas once the stones of `removed` chains are taken off: for each
/// point, its area (`u32::MAX` for a remaining stone), and for each area
/// which colours of remaining stones border it ([`BORDER_BLACK`],
/// [`BORDER_WHITE`]) and whether a chain marked in `mark` does
/// ([`BORDER_MARKED`]).
pub struct Areas {
    pub area_of: Vec<u32>,
    pub borders: Vec<u8>,
}

pub const BORDER_BLACK: u8 = 1;
pub const BORDER_WHITE: u8 = 2;
pub const BORDER_MARKED: u8 = 4;

/// The bit of [`Areas::borders`] for stones of `color`.
pub fn border_bit(color: Color) -> u8 {
    match color {
        Color::Black => BORDER_BLACK,
        Color::White => BORDER_WHITE,
    }
}

impl Areas {
    /// Computes the areas; `removed(p)` and `marked(p)` are asked about
    /// stones only.
    pub fn compute(
        board: &Board,
        removed: impl Fn(Point) -> bool,
        marked: impl Fn(Point) -> bool,
    ) -> Areas {
        let mut area_of = vec![NONE; MAX_POINTS];
        let mut borders = Vec::new();
        let open = |p: Point| board.color_at(p).is_none() || removed(p);
        let mut stack = Vec::new();
        for start in board.points() {
            if !open(start) || area_of[start.index()] != NONE {
                continue;
            }
            let id = borders.len() as u32;
            let mut bits = 0u8;
            area_of[start.index()] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                for n in board.neighbors(p) {
                    if board.cell(n) == Cell::Border {
                        continue;
                    }
                    if open(n) {
                        if area_of[n.index()] == NONE {
                            area_of[n.index()] = id;
                            stack.push(n);
                        }
                    } else if let Some(c) = board.color_at(n) {
                        bits |= border_bit(c);
                        if marked(n) {
                            bits |= BORDER_MARKED;
                        }
                    }
                }
            }
            borders.push(bits);
        }
        Areas { area_of, borders }
    }

    /// The border bits of the area containing `p` (0 for a remaining stone).
    pub fn borders_at(&self, p: Point) -> u8 {
        let a = self.area_of[p.index()];
        if a == NONE {
            0
        } else {
            self.borders[a as usize]
        }
    }
}
