//! Light random playouts: the benchmark of the board, and the base that
//! search and dead-stone analysis build on.
//!
//! A light playout plays uniformly random legal moves that do not fill the
//! mover's own one-point eyes, until both players pass. It runs on a copy of
//! the game's board and knows only simple ko (whole-board repetition is cut
//! off by a move limit instead).

use rand::Rng;

use crate::board::{Board, Cell, Color, Point};

/// Picks a uniformly random legal move for `color` that does not fill one of
/// its own eyes, or `None` when there is none (the player passes).
#[inline]
pub fn random_move<R: Rng>(board: &Board, color: Color, rng: &mut R) -> Option<Point> {
    random_empty_where(board, rng, |p| board.is_playout_move(color, p))
}

/// A uniformly random number in `0..n` from one random number.
#[inline]
pub fn random_index<R: Rng>(n: usize, rng: &mut R) -> usize {
    // Multiply-shift maps 32 random bits onto 0..n; its bias (n / 2^32 at
    // most) is far below anything a playout could notice.
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// The first empty point satisfying `ok` in the list of empty points,
/// scanning on from a uniformly random start ([`random_index`]), or `None`
/// when none does. The scan every random playout policy shares (light,
/// life and the search's heavy playouts, through [`scan_empty_from`]).
#[inline]
pub fn random_empty_where<R: Rng>(
    board: &Board,
    rng: &mut R,
    ok: impl FnMut(Point) -> bool,
) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    scan_empty_from(board, n, random_index(n, rng), ok)
}

/// The first empty point satisfying `ok` in the list of the `n` empty
/// points of `board`, scanning on from index `start` (below `n`) and
/// wrapping around, or `None` when none does.
#[inline]
pub fn scan_empty_from(
    board: &Board,
    n: usize,
    start: usize,
    mut ok: impl FnMut(Point) -> bool,
) -> Option<Point> {
    let mut i = start;
    for _ in 0..n {
        let p = board.empty_at(i);
        if ok(p) {
            return Some(p);
        }
        i += 1;
        if i == n {
            i = 0;
        }
    }
    None
}

/// Plays random moves from `board` with `color` to move until two passes in
/// a row or `max_moves`. Returns the number of moves (passes included).
pub fn play_out<R: Rng>(board: &mut Board, color: Color, max_moves: usize, rng: &mut R) -> usize {
    play_out_with(board, color, max_moves, |b, c| random_move(b, c, rng))
}

/// Plays moves chosen by `choose` (`None` is a pass) from `board` with
/// `color` to move until two passes in a row or `max_moves`, alternating
/// colours. Returns the number of moves (passes included). The playout
/// loop that every kind of playout (light, life, the search's heavy
/// playouts) shares.
#[inline]
pub fn play_out_with<F>(
    board: &mut Board,
    mut color: Color,
    max_moves: usize,
    mut choose: F,
) -> usize
where
    F: FnMut(&Board, Color) -> Option<Point>,
{
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match choose(board, color) {
            Some(p) => {
                board.play_unchecked(color, p);
                passes = 0;
            }
            None => {
                board.clear_ko();
                passes += 1;
            }
        }
        moves += 1;
        color = color.opponent();
    }
    moves
}

/// The default move limit of a playout on a board of side `size`.
pub fn move_limit(size: usize) -> usize {
    3 * size * size + 20
}

/// Who owns `p` at the end of a playout: the stone's colour, or the one
/// colour of every stone next to an empty point (nobody when both or
/// none), as 0 (nobody), 1 (Black) or 2 (White), the values of [`Cell`].
/// Computed without branches (the owner of a point is as good as random),
/// for the search's and the dead-stone analysis's ownership counts.
#[inline]
pub fn owner_index(board: &Board, p: Point) -> usize {
    let cell = board.cell(p) as u32;
    let mut seen = 0u32;
    for n in board.neighbors(p) {
        seen |= 1 << (board.cell(n) as u32);
    }
    let (b, w) = (
        (seen >> Cell::Black as u32) & 1,
        (seen >> Cell::White as u32) & 1,
    );
    let surrounded = (b & (w ^ 1)) | (w & (b ^ 1)) << 1;
    (if cell != 0 { cell } else { surrounded }) as usize
}

/// Area score of a finished playout from Black's view, before komi: stones
/// plus empty points whose every neighbour is one colour.
pub fn area_score(board: &Board) -> i32 {
    board
        .points()
        .map(|p| match owner_index(board, p) {
            1 => 1,
            2 => -1,
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn owners_at_the_end() {
        // . . . . .
        // . . . W .
        // . . . . .
        // . B . . .
        // . . . . .
        let mut b = Board::new(5).expect("size");
        let at = |b: &Board, x, y| b.point(x, y).expect("on board");
        b.play(Color::Black, at(&b, 1, 1), false).expect("legal");
        b.play(Color::White, at(&b, 3, 3), false).expect("legal");
        let owner = |b: &Board, x, y| owner_index(b, at(b, x, y));
        assert_eq!((owner(&b, 1, 1), owner(&b, 3, 3)), (1, 2), "stones");
        assert_eq!(
            [(1, 0), (0, 1), (2, 1)].map(|(x, y)| owner(&b, x, y)),
            [1; 3]
        );
        assert_eq!(
            [(3, 4), (4, 3), (3, 2)].map(|(x, y)| owner(&b, x, y)),
            [2; 3]
        );
        assert_eq!(
            [(0, 0), (4, 0), (2, 2)].map(|(x, y)| owner(&b, x, y)),
            [0; 3]
        );
        b.play(Color::White, at(&b, 2, 2), false).expect("legal");
        // Next to both colours: nobody's.
        assert_eq!((owner(&b, 2, 1), owner(&b, 1, 2)), (0, 0));
        // Black: its stone, (1,0) and (0,1); White: two stones and four.
        assert_eq!(area_score(&b), 3 - 6);
    }

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [5, 9, 13] {
            for _ in 0..20 {
                let mut b = Board::new(size).expect("size");
                let moves = play_out(&mut b, Color::Black, move_limit(size), &mut rng);
                assert!(
                    moves > size,
                    "a playout on {size}x{size} lasted only {moves} moves"
                );
                b.verify().expect("invariants after playout");
                // Neither side has a move left but to fill its own eyes.
                assert_eq!(random_move(&b, Color::Black, &mut rng), None);
                assert_eq!(random_move(&b, Color::White, &mut rng), None);
                assert!(area_score(&b).unsigned_abs() as usize <= size * size);
            }
        }
    }
}
