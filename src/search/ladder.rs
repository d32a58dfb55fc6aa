//! Ladder reading (征子, shicho) for the player: does a chain that escapes
//! from atari by extending still get captured, chased atari after atari?
//!
//! A chain in atari that extends to two liberties is not saved when the
//! attacker can keep it in atari until it runs out of liberties: running
//! then only makes the loss bigger. Both the playout policy (which would
//! otherwise run with every chain in atari) and the priors of the tree
//! (which give escapes a bonus) ask this question ([`escape_fails`]).
//!
//! The reading is the classical one: the attacker ataris on either of the
//! chain's two liberties (a move that is not itself a self-atari); the
//! chain's owner captures an attacking chain left in atari if there is
//! one (the ladder is broken) or else extends on its last liberty; three
//! liberties or more after the extension is an escape, one is a capture,
//! two means the chase goes on. Ko is ignored (a ladder rarely hinges on
//! one), and a read that would exceed [`NODES`] positions counts as an
//! escape, so the reader only ever withholds moves it has proved useless.

use std::cell::RefCell;

use crate::board::{Board, Cell, Color, Point};

/// Positions read at most per question.
const NODES: u32 = 64;

thread_local! {
    /// Scratch boards, one per level of the read, kept between reads: a
    /// level is copied with [`Board::clone_from`], which copies only the
    /// cells the board's size uses, instead of a whole new board.
    static SCRATCH: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
}

/// Runs `read` with the scratch stack holding `board` at level 0.
fn with_scratch<T>(board: &Board, read: impl FnOnce(&mut Vec<Board>) -> T) -> T {
    SCRATCH.with(|cell| {
        // Taken out for the read (a nested read, which does not happen,
        // would simply start a stack of its own).
        let mut stack = cell.take();
        match stack.first_mut() {
            Some(b) => b.clone_from(board),
            None => stack.push(board.clone()),
        }
        stack[0].clear_ko();
        let answer = read(&mut stack);
        cell.replace(stack);
        answer
    })
}

/// Copies level `d` of `stack` to level `d + 1` and returns it.
fn child(stack: &mut Vec<Board>, d: usize) -> &mut Board {
    if stack.len() <= d + 1 {
        let copy = stack[d].clone();
        stack.push(copy);
    } else {
        let (cur, rest) = stack.split_at_mut(d + 1);
        rest[0].clone_from(&cur[d]);
    }
    &mut stack[d + 1]
}

/// Whether `color` extending its chain in atari at `lib` (the chain's one
/// liberty, a legal move) leaves a chain of exactly two liberties that is
/// captured in a ladder. `false` when the extension gains three liberties
/// or more, or captures (both are real escapes), or when the read runs out
/// of budget.
pub fn escape_fails(board: &Board, color: Color, lib: Point) -> bool {
    if board.cell(lib) != Cell::Empty {
        return false;
    }
    let (n, libs) = libs_after(board, color, lib);
    if n != 2 {
        return false;
    }
    // When the chain could answer either atari by extending to three
    // empty points, the read (below, without a board copy) finds the
    // escape at once for both: no read.
    if open_extension(board, libs[1], libs[0], lib) && open_extension(board, libs[0], libs[1], lib)
    {
        return false;
    }
    with_scratch(board, |stack| {
        stack[0].play_unchecked(color, lib);
        let mut nodes = NODES;
        attacker_wins(stack, 0, lib, color, &mut nodes)
    })
}

/// Whether `color` playing at `a`, a liberty of the opponent chain at
/// `target` (which has two), captures that chain in a ladder: the atari
/// is not a self-atari, and the chain can neither capture an attacker in
/// atari nor run ([`escape_fails`]'s reading).
///
/// Not used by the search yet: a prior bonus of 15 for such ataris
/// measured −2 Elo (95% CI −42 to +37) in 300 self-play games on 9x9 at
/// 0.3 s a move (2026-12-01), so it was not kept; ladders across a 19x19
/// board are where it may still pay.
pub fn atari_captures(board: &Board, color: Color, a: Point, target: Point) -> bool {
    let defender = color.opponent();
    if board.color_at(target) != Some(defender)
        || board.liberties(target) != 2
        || board.cell(a) != Cell::Empty
        || board.self_atari(color, a).is_some()
    {
        return false;
    }
    with_scratch(board, |stack| {
        stack[0].play_unchecked(color, a);
        let mut nodes = NODES;
        !defender_escapes(stack, 0, target, defender, &mut nodes)
    })
}

/// The attacker to move against the chain of `color` at `target` on level
/// `d` of the stack, a chain with two liberties: can it be captured in a
/// ladder?
fn attacker_wins(
    stack: &mut Vec<Board>,
    d: usize,
    target: Point,
    color: Color,
    nodes: &mut u32,
) -> bool {
    let mut libs = [target; 2];
    if stack[d].chain_liberties(target, &mut libs) != 2 {
        return false;
    }
    let attacker = color.opponent();
    // An atari is not read when the chain escapes it at once: the other
    // liberty, where the chain extends, has three empty neighbours besides
    // the atari (see [`open_extension`]); or when it is itself in atari, as
    // it would just be captured (and `self_atari` covers suicide too).
    // Both are decided on this level before any move is played on it.
    let skipped = |b: &Board, k: usize| {
        open_extension(b, libs[1 - k], libs[k], libs[k])
            || b.self_atari(attacker, libs[k]).is_some()
    };
    let skip = [skipped(&stack[d], 0), skipped(&stack[d], 1)];
    for (k, a) in libs.into_iter().enumerate() {
        if *nodes == 0 {
            return false;
        }
        *nodes -= 1;
        if skip[k] {
            continue;
        }
        // The last atari read from this level is played on the level
        // itself (nothing reads it afterwards: the caller returns, or
        // copies its own level again), the first one on a copy.
        let level = if k == 1 || skip[1] {
            stack[d].play_unchecked(attacker, a);
            d
        } else {
            child(stack, d).play_unchecked(attacker, a);
            d + 1
        };
        if !defender_escapes(stack, level, target, color, nodes) {
            return true;
        }
    }
    false
}

/// Whether a chain of the opponent of `color` in atari touches the chain
/// of `color` at `target`: whether [`Board::captures_next_to`] finds a
/// capture (a chain whose liberty count is one has that liberty), by one
/// walk over the chain's stones without the iterator's liberty search.
fn attacker_in_atari_next_to(board: &Board, target: Point, color: Color) -> bool {
    let opp = color.opponent().cell();
    let mut q = target;
    loop {
        // All four neighbours at once, without a branch a neighbour.
        let mut hit = false;
        for n in board.neighbors(q) {
            hit |= (board.cell(n) == opp) & (board.chain_libs(n) == 1);
        }
        if hit {
            return true;
        }
        q = board.next_stone(q);
        if q == target {
            return false;
        }
    }
}

/// Whether the chain with the two liberties `a` and `e` escapes at once
/// when the attacker ataris at `a`: `e` has three empty neighbours other
/// than `a` and `also` (a point about to be occupied, or `a` again), so
/// that extending there gives three liberties. [`defender_escapes`] would
/// answer "escapes" without reading further, and without spending any of
/// the read's budget, whatever else the atari changes (it can only capture,
/// which frees more points).
#[inline]
fn open_extension(board: &Board, e: Point, a: Point, also: Point) -> bool {
    board
        .neighbors(e)
        .into_iter()
        .filter(|&q| q != a && q != also && board.cell(q) == Cell::Empty)
        .count()
        >= 3
}

/// The owner of the chain at `target` (level `d` of the stack), now in
/// atari, to move: does it escape the ladder? Plays on that level.
fn defender_escapes(
    stack: &mut Vec<Board>,
    d: usize,
    target: Point,
    color: Color,
    nodes: &mut u32,
) -> bool {
    let board = &mut stack[d];
    if board.color_at(target) != Some(color) {
        return false;
    }
    let mut lib = [target; 1];
    if board.chain_liberties(target, &mut lib) != 1 {
        // The atari captured something of the chain's neighbours' and
        // gave it liberties back: not a ladder any more.
        return true;
    }
    // A chain of the attacker next to it in atari: it escapes by
    // capturing.
    if attacker_in_atari_next_to(board, target, color) {
        return true;
    }
    let e = lib[0];
    if board.is_suicide(color, e) {
        return false;
    }
    if board.play_unchecked(color, e).captured > 0 {
        return true;
    }
    match board.liberties(target) {
        0 | 1 => false,
        2 => !attacker_wins(stack, d, target, color, nodes),
        _ => true,
    }
}

/// The liberties (three meaning "three or more") of the chain `color`
/// makes at the empty point `p`, read from the neighbours without playing
/// the move; a capture counts as three (the chain is not in a ladder).
#[cfg(test)]
fn liberties_after(board: &Board, color: Color, p: Point) -> usize {
    libs_after(board, color, p).0
}

/// [`liberties_after`] with the liberties found (exactly the chain's
/// liberties when there are fewer than three).
fn libs_after(board: &Board, color: Color, p: Point) -> (usize, [Point; 3]) {
    let mut libs = [p; 3];
    let mut n = 0;
    let mut add = |q: Point, libs: &mut [Point; 3]| {
        if q != p && !libs[..n].contains(&q) {
            libs[n] = q;
            n += 1;
        }
        n == 3
    };
    for nb in board.neighbors(p) {
        match board.cell(nb) {
            Cell::Empty => {
                if add(nb, &mut libs) {
                    return (3, libs);
                }
            }
            Cell::Border => {}
            _ if board.color_at(nb) == Some(color) => {
                let mut own = [p; 4];
                let k = board.chain_liberties(nb, &mut own);
                for &q in &own[..k] {
                    if add(q, &mut libs) {
                        return (3, libs);
                    }
                }
            }
            _ => {
                if board.chain_libs(nb) == 1 {
                    return (3, libs);
                }
            }
        }
    }
    (n, libs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `X` (Black), `O` (White) and `.`, the first
    /// row at the top.
    fn board(rows: &[&str]) -> Board {
        let size = rows.len();
        let mut b = Board::new(size).expect("size");
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let color = match ch {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                let p = b.point(x, size - 1 - r).expect("on board");
                b.play(color, p, false).expect("legal");
            }
        }
        b
    }

    fn at(b: &Board, x: usize, row_from_top: usize) -> Point {
        b.point(x, b.size() - 1 - row_from_top).expect("on board")
    }

    /// White C3 in atari (Black B3, C4, C2, D2): extending at D3 leaves
    /// two liberties, D4 and E3, and the chase runs up and to the right.
    const LADDER: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "..X......",
        ".XO......",
        "..XX.....",
        ".........",
    ];

    #[test]
    fn liberties_after_answers_as_playing_the_move() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut checked = 0;
        for size in [5, 9, 19] {
            let mut b = Board::new(size).expect("size");
            let mut color = Color::Black;
            for _ in 0..size * size * 2 {
                for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
                    for c in [Color::Black, Color::White] {
                        if b.is_suicide(c, p) {
                            continue;
                        }
                        let mut after = b.clone();
                        after.clear_ko();
                        let captured = after.play_unchecked(c, p).captured > 0;
                        let real = if captured {
                            3
                        } else {
                            after.liberties(p).min(3)
                        };
                        assert_eq!(liberties_after(&b, c, p), real, "{b:?} {p:?} {c:?}");
                        checked += 1;
                    }
                }
                match crate::playout::random_move(&b, color, &mut rng) {
                    Some(p) => {
                        b.play_unchecked(color, p);
                    }
                    None => break,
                }
                color = color.opponent();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_stone_in_a_ladder_towards_an_empty_corner_is_captured() {
        let b = board(&LADDER);
        assert_eq!(b.liberties(at(&b, 2, 6)), 1);
        assert!(escape_fails(&b, Color::White, at(&b, 3, 6)));
    }

    #[test]
    fn a_ladder_breaker_saves_the_running_stone() {
        // A White stone on the ladder's path (G7).
        let mut rows = LADDER;
        rows[2] = "......O..";
        let b = board(&rows);
        assert!(!escape_fails(&b, Color::White, at(&b, 3, 6)));
    }

    #[test]
    fn the_atari_that_starts_the_ladder_is_found() {
        // Black B3, C4, D2 and White C3, whose liberties are C2 and D3:
        // Black C2 leaves D3, and the run from D3 is the ladder above.
        // With a White stone at G7 the same atari fails.
        let mut rows = LADDER;
        rows[7] = "...X.....";
        let b = board(&rows);
        let white = at(&b, 2, 6);
        assert_eq!(b.liberties(white), 2);
        assert!(atari_captures(&b, Color::Black, at(&b, 2, 7), white));
        rows[2] = "......O..";
        let b = board(&rows);
        assert!(!atari_captures(&b, Color::Black, at(&b, 2, 7), white));
    }

    #[test]
    fn an_extension_to_three_liberties_is_an_escape() {
        // Without Black D2, extending at D3 gives D4, D2 and E3.
        let mut rows = LADDER;
        rows[7] = "..X......";
        let b = board(&rows);
        assert_eq!(b.liberties(at(&b, 2, 6)), 1);
        assert!(!escape_fails(&b, Color::White, at(&b, 3, 6)));
    }

    #[test]
    fn an_attacker_chain_in_atari_breaks_the_ladder() {
        // With White at B4 and C5, Black C4 has the one liberty D4: the
        // chased chain captures it instead of running.
        let mut rows = LADDER;
        rows[4] = "..O......";
        rows[5] = ".OX......";
        let b = board(&rows);
        assert_eq!(b.liberties(at(&b, 2, 5)), 1);
        assert!(!escape_fails(&b, Color::White, at(&b, 3, 6)));
    }
}
