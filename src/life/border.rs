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
//!
//! The points of the dead stones the analysis took off are not asked of
//! the playouts: the verdict has already given them to the capturer
//! (the playouts that let the chain live, and made it a close call,
//! would otherwise keep its own points from the side that removed it).
//! They still go to the capturer only where his stones are the nearer.
//! (Oza title 1962, game 1 again: the dead black chain Q5-S7 around
//! White's R6 had ownership -0.43 for White at its seven points, and
//! they, with S8 T8 S9, were counted for nobody: B+5.5 where the players
//! counted W+3.5.)

use std::collections::VecDeque;

use crate::area::{Areas, BORDER_BLACK, BORDER_MARKED, BORDER_WHITE};
use crate::board::{Board, Cell, Color, MAX_POINTS, Point};

/// The ownership (from the side's point of view, -1 to 1) the playouts
/// must give a point of an open border for the nearer side to get it.
/// The light playouts invade a wide open area as often as they leave it
/// alone: Black's unfinished lower side of Judan 15th, W14 (J-P, rows
/// 1-3, White's G2-H2 on its rim) had 0.43 to 0.48 at nearly every
/// point, and with 0.5 its 30 points were counted for nobody (W+11.5
/// where the players counted B+1.5). Measured on the 1000 older
/// professional records (winner right / margin exact; Fox 500/464 at
/// every value): 0 gives 964/683, 0.25 965/684, 0.35 966/684, 0.5
/// 962/686 (and 0.5 to 0.8 differ by one record). 0.35 keeps the
/// playouts' veto where they lean clearly to the other side.
pub const OPEN_BORDER_SHARE: f32 = 0.35;

/// Per point (indexed by [`Point::index`]): the side that gets it as
/// part of an open border, if any. `board` is the settled position,
/// `dead(p)` and `seki(p)` are asked about its stones, `ownership(p)`
/// runs from -1 (White) to 1 (Black), and `removed(p)` is the colour of
/// the dead stone the analysis took off an empty point of `board`.
pub fn claims(
    board: &Board,
    dead: impl Fn(Point) -> bool,
    seki: impl Fn(Point) -> bool,
    ownership: impl Fn(Point) -> f32,
    removed: impl Fn(Point) -> Option<Color>,
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
        let own = match removed(p) {
            Some(Color::Black) => -1.0,
            Some(Color::White) => 1.0,
            None => ownership(p),
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::testutil::{game_from, point_at};

    #[test]
    fn a_removed_dead_stone_goes_to_the_nearer_capturer_whatever_the_playouts() {
        // White's area on the left reaches Black's wall through E5 F5, an
        // open border. Black's dead B5 has been taken off. The playouts
        // (here: undecided everywhere) give nobody anything, but B5 is a
        // dead stone's point, nearer White's stones: White's. B4, as near
        // White, is an empty point the playouts doubt: nobody's.
        let rows = [
            ". . . O O X . . .",
            ". . . O O X . . .",
            "O O O O O X . . .",
            ". . . . O X . . .",
            ". . . . . . X . .",
            ". . . . O X . . .",
            "O O O O O X . . .",
            ". . . O O X . . .",
            ". . . O O X . . .",
        ];
        let g = game_from(&rows, Rules::default(), 6.5);
        let board = g.board();
        let b5 = point_at(board, "B5");
        let claim = |color: Color| {
            claims(
                board,
                |_| false,
                |_| false,
                |_| 0.0,
                |p| (p == b5).then_some(color),
            )
        };
        let out = claim(Color::Black);
        assert_eq!(out[b5.index()], Some(Color::White));
        assert_eq!(out[point_at(board, "B4").index()], None);
        // A dead white stone's point nearer White is not Black's either.
        assert_eq!(claim(Color::White)[b5.index()], None);
    }
}
