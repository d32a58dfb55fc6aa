//! Local life-and-death reading for the close calls: a group enclosed by
//! firm opponent stones (an invader, a corner group with a small eye
//! space) is read out move by move inside its enclosure.
//!
//! The ownership playouts and the whole-board search judge such a group
//! by how often it survives random or spread-out play, and a small eye
//! space that lives or dies by one vital point scores about half either
//! way. Here the question is asked the way a player asks it: moving
//! first, can the opponent capture the chain? And if its owner moves
//! first, can the opponent still capture it? The reader is a
//! depth-first search with a transposition table over the empty points
//! of the enclosure and the pass, for both sides; the chain lives when it
//! makes two eyes of its own or when both sides pass with it on the
//! board. An answer is given only when the search read every line to
//! its end within [`NODES`] positions; otherwise the question stays open
//! and the caller keeps its other evidence.
//!
//! The model has limits, and the enclosure is drawn to keep them small:
//! moves outside it are not read (so its walls must be firm: a wall
//! short of liberties outside joins it, see [`enclosure`]; where the
//! opponent's territory is a wall, its points next to the enclosure
//! are read as his stones, see [`walled_in`]); a ko is won
//! by the side that takes it first (no ko threats); and the verdicts
//! stand on the shares of the walls, which the playouts and the search
//! gave.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Board, Cell, Color, Point};

/// Empty points of an enclosure at most: larger ones are not read.
pub const MAX_EMPTY: usize = 12;
/// Stones of an enclosure at most.
const MAX_STONES: usize = 40;
/// Liberties outside the enclosure a wall chain needs (unless it is
/// `safe_wall`, alive whatever happens) to be read as one the group
/// inside cannot capture.
const WALL_LIBERTIES: usize = 3;
/// Liberties at most of a chain of the group's colour next to a wall
/// short of liberties for it to join the enclosure (capturing it is the
/// wall's way out). Two liberties measured worse: the enclosures grow
/// past [`MAX_EMPTY`] and are no longer read.
const SHORT_LIBERTIES: usize = 1;
/// Positions one reading visits at most.
pub const NODES: u32 = 100_000;

/// What the reading found about a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Its opponent, moving first, cannot capture it.
    Alive,
    /// Its opponent captures it even when its owner moves first.
    Dead,
    /// Its owner, moving first, saves it; whether its opponent, moving
    /// first, captures it is either proven (it lives or dies by who
    /// moves first) or not read to the end.
    Unsettled,
    /// The reading could not finish.
    Open,
}

/// The points of the enclosure of the chain at `p`: the region reached
/// from its stones through empty points, its own stones and the opponent
/// stones that are not `wall` (the points a capture may empty are part
/// of it). `None` when it reaches a stone of its own colour that is
/// `friend` (it can connect out, so it is no enclosed group) or is too
/// large to read. A wall chain that is not `safe_wall` and has fewer
/// than [`WALL_LIBERTIES`] liberties outside the region joins it, with
/// those liberties and the empty points next to them, and so does a
/// chain of the group's colour in atari next to such a wall chain, with
/// its liberty (capturing it is the wall's way out).
pub fn enclosure(
    board: &Board,
    p: Point,
    wall: impl Fn(Point) -> bool,
    safe_wall: impl Fn(Point) -> bool,
    friend: impl Fn(Point) -> bool,
) -> Option<Vec<Point>> {
    enclosure_within(board, p, wall, safe_wall, friend, |_| false)
}

/// [`enclosure`], with the empty points that are `territory` (the
/// opponent's, beyond the group) as walls too: the caller reads the
/// group with opponent stones on those of them next to the region.
pub fn enclosure_within(
    board: &Board,
    p: Point,
    wall: impl Fn(Point) -> bool,
    safe_wall: impl Fn(Point) -> bool,
    friend: impl Fn(Point) -> bool,
    territory: impl Fn(Point) -> bool,
) -> Option<Vec<Point>> {
    let color = board.color_at(p)?;
    let (mut points, seen) = flood(
        board,
        p,
        color,
        |n| match board.color_at(n) {
            Some(c) => c == color.opponent() && wall(n),
            None => territory(n),
        },
        &friend,
    )?;
    // A wall short of liberties outside the enclosure could lose a
    // capturing race to the group inside: its stones, its outside
    // liberties and their empty neighbours (the liberties of a stone
    // played there) join the region.
    let mut added: Vec<Point> = Vec::new();
    let mut add = |q: Point| {
        if !seen[q.index()] && !added.contains(&q) {
            added.push(q);
        }
    };
    for &q in &points {
        for n in board.neighbors(q) {
            if board.color_at(n) != Some(color.opponent()) || seen[n.index()] || safe_wall(n) {
                continue;
            }
            let libs: Vec<Point> = crate::life::tactics::liberties_of(board, n)
                .into_iter()
                .filter(|l| !seen[l.index()])
                .collect();
            if libs.len() >= WALL_LIBERTIES {
                continue;
            }
            board.stones(n).for_each(&mut add);
            for l in libs {
                add(l);
                for m in board.neighbors(l) {
                    if board.cell(m) == Cell::Empty {
                        add(m);
                    }
                }
            }
            // The wall may also escape by capturing a chain of the
            // group's colour next to it that is short of liberties: that
            // chain and its liberties join too.
            for s in board.stones(n) {
                for m in board.neighbors(s) {
                    if board.color_at(m) != Some(color) || seen[m.index()] || friend(m) {
                        continue;
                    }
                    let libs = crate::life::tactics::liberties_of(board, m);
                    if libs.len() > SHORT_LIBERTIES {
                        continue;
                    }
                    board.stones(m).for_each(&mut add);
                    libs.into_iter().for_each(&mut add);
                }
            }
        }
    }
    let empty = points
        .iter()
        .chain(&added)
        .filter(|&&q| board.cell(q) == Cell::Empty)
        .count();
    if empty > MAX_EMPTY {
        return None;
    }
    points.extend(added);
    points.sort_by_key(|q| q.index());
    Some(points)
}

/// `board` with a stone of `color`'s opponent on every empty point next
/// to `region` that is `territory` (see [`enclosure_within`]), where
/// that is no suicide: the board a group walled in by its opponent's
/// territory is read on. (A `territory` point is never next to a stone
/// of `color`, so these stones capture nothing of it.)
pub fn walled_in(
    board: &Board,
    color: Color,
    region: &[Point],
    territory: impl Fn(Point) -> bool,
) -> Board {
    let mut walled = board.clone();
    for &q in region {
        for n in board.neighbors(q) {
            if walled.cell(n) == Cell::Empty
                && territory(n)
                && !walled.is_suicide(color.opponent(), n)
            {
                walled.play_unchecked(color.opponent(), n);
            }
        }
    }
    walled.clear_ko();
    walled
}

/// The points reached from `p` (of `color`) through every point that is
/// not `wall`, in board order, and the mark of each point reached;
/// `None` when a `friend` of `color` is reached or the region grows too
/// large.
fn flood(
    board: &Board,
    p: Point,
    color: Color,
    wall: impl Fn(Point) -> bool,
    friend: impl Fn(Point) -> bool,
) -> Option<(Vec<Point>, Vec<bool>)> {
    let mut seen = vec![false; crate::board::MAX_POINTS];
    let mut stack = vec![p];
    seen[p.index()] = true;
    let (mut points, mut empty, mut stones) = (Vec::new(), 0usize, 0usize);
    while let Some(q) = stack.pop() {
        points.push(q);
        match board.color_at(q) {
            None => empty += 1,
            Some(c) if c == color && friend(q) => return None,
            Some(_) => stones += 1,
        }
        if empty > MAX_EMPTY || stones > MAX_STONES {
            return None;
        }
        for n in board.neighbors(q) {
            if board.cell(n) != Cell::Border && !seen[n.index()] && !wall(n) {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    points.sort_by_key(|q| q.index());
    Some((points, seen))
}

/// Reads the chain at `target` inside the enclosure `region` (see
/// [`enclosure`]), visiting at most [`NODES`] positions per question and
/// `budget` in all (what it visits is taken from `budget`).
pub fn read(board: &Board, target: Point, region: &[Point], budget: &mut u32) -> Verdict {
    let Some(color) = board.color_at(target) else {
        return Verdict::Open;
    };
    let mut start = board.clone();
    start.clear_ko();
    let mut reader = Reader::new(target, color);
    // Owner first: captured all the same means dead.
    match reader.ask(&start, color, region, budget) {
        Some(true) => return Verdict::Dead,
        Some(false) => {}
        None => return Verdict::Open,
    }
    match reader.ask(&start, color.opponent(), region, budget) {
        Some(false) => Verdict::Alive,
        _ => Verdict::Unsettled,
    }
}

/// Whether the chain at `target` is captured inside the enclosure
/// `region` (see [`enclosure`]) with `first` to move: `None` when the
/// reading could not finish. Reads with the limits of [`read`], taken
/// from `budget`.
pub fn captured_with(
    board: &Board,
    target: Point,
    region: &[Point],
    first: Color,
    budget: &mut u32,
) -> Option<bool> {
    let color = board.color_at(target)?;
    let mut start = board.clone();
    start.clear_ko();
    Reader::new(target, color).ask(&start, first, region, budget)
}

/// The move its owner must add for the chain at `target` to live inside
/// the enclosure `region` (see [`enclosure`]): `Some` only when the
/// reading proves both that its opponent, moving first, captures it and
/// that after this move it no longer can. Under territory counting such
/// a chain needs a teire before the count (a group that dies if its
/// opponent plays first inside it is not finished). Reads with the
/// limits of [`read`], taken from `budget`.
pub fn saving_move(
    board: &Board,
    target: Point,
    region: &[Point],
    budget: &mut u32,
) -> Option<Point> {
    let color = board.color_at(target)?;
    let mut start = board.clone();
    start.clear_ko();
    let mut reader = Reader::new(target, color);
    if reader.ask(&start, color.opponent(), region, budget) != Some(true) {
        return None;
    }
    let libs = crate::life::tactics::liberties_of(&start, target);
    moves(&start, color, region, &libs).into_iter().find(|&m| {
        let mut b = start.clone();
        b.play_unchecked(color, m);
        b.clear_ko();
        reader.ask(&b, color.opponent(), region, budget) == Some(false)
    })
}

/// A key for what a reading depends on: the target and the points of
/// its enclosure with what is on them (the walls outside cannot be
/// captured, see [`enclosure`]). Equal keys give equal verdicts.
pub fn reading_key(board: &Board, target: Point, region: &[Point]) -> u64 {
    region.iter().fold(target.index() as u64, |h, &p| {
        let cell = board.cell(p) as u64;
        (h ^ ((p.index() as u64) << 2 | cell)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    })
}

/// The search state of one reading.
struct Reader {
    target: Point,
    /// The target's colour (the defender).
    color: Color,
    /// Positions left to visit.
    nodes: u32,
    /// Proven answers by [`Reader::key`]: captured or not.
    table: HashMap<u64, bool, BuildHasherDefault<KeyHasher>>,
}

/// The hasher of [`Reader::table`]: its keys are Zobrist hashes already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

impl Reader {
    fn new(target: Point, color: Color) -> Reader {
        Reader {
            target,
            color,
            nodes: 0,
            table: HashMap::default(),
        }
    }

    /// Whether the target is captured on `board` with `first` to play,
    /// reading the moves in `region` and visiting at most [`NODES`]
    /// positions, taken from `budget`; `None` when the reading could not
    /// finish. Proven answers stay in the table for the next question.
    fn ask(
        &mut self,
        board: &Board,
        first: Color,
        region: &[Point],
        budget: &mut u32,
    ) -> Option<bool> {
        let depth = (2 * region.len() + 6).min(80) as u32;
        let allowed = NODES.min(*budget);
        self.nodes = allowed;
        let answer = self.captured(board, first, false, depth, region);
        *budget -= allowed - self.nodes;
        answer
    }

    /// Whether the target is captured with `to_move` to play, `passed`
    /// when the last move was a pass; `None` when the reading could not
    /// finish. `region` holds the points that may be played when empty.
    fn captured(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        depth: u32,
        region: &[Point],
    ) -> Option<bool> {
        if board.color_at(self.target) != Some(self.color) {
            return Some(true);
        }
        let libs = crate::life::tactics::liberties_of(board, self.target);
        if two_eyes(board, self.target, &libs) {
            return Some(false);
        }
        let key = Reader::key(board, to_move, passed);
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        if depth == 0 || self.nodes == 0 {
            return None;
        }
        self.nodes -= 1;
        let attacking = to_move != self.color;
        // The attacker looks for a capture, the defender for a line
        // where the chain stays.
        let goal = attacking;
        let mut open = false;
        for m in moves(board, to_move, region, &libs) {
            let mut b = board.clone();
            b.play_unchecked(to_move, m);
            match self.captured(&b, to_move.opponent(), false, depth - 1, region) {
                Some(r) if r == goal => {
                    self.table.insert(key, goal);
                    return Some(goal);
                }
                Some(_) => {}
                None => open = true,
            }
        }
        // The pass: a second pass in a row ends the reading with the
        // chain on the board.
        let after_pass = if passed {
            Some(false)
        } else {
            let mut b = board.clone();
            b.clear_ko();
            self.captured(&b, to_move.opponent(), true, depth - 1, region)
        };
        match after_pass {
            Some(r) if r == goal => {
                self.table.insert(key, goal);
                Some(goal)
            }
            Some(_) if !open => {
                self.table.insert(key, !goal);
                Some(!goal)
            }
            _ => None,
        }
    }

    /// The table key of `board` with `to_move` to play, `passed` when
    /// the last move was a pass: the stones' hash mixed with the rest.
    fn key(board: &Board, to_move: Color, passed: bool) -> u64 {
        let ko = board.ko_point(to_move).map_or(0, |k| k.index() as u64);
        let extra = (ko << 2) | (u64::from(passed) << 1) | to_move.index() as u64;
        board.hash() ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The moves `color` may make in `region`, those on `libs` (the
/// target's liberties) first: legal (no suicide, simple ko) and not into
/// an eye of its own.
fn moves(board: &Board, color: Color, region: &[Point], libs: &[Point]) -> Vec<Point> {
    let mut moves: Vec<Point> = region
        .iter()
        .copied()
        .filter(|&m| {
            board.cell(m) == Cell::Empty
                && board.ko_point(color) != Some(m)
                && !board.is_suicide(color, m)
                && !board.is_eye(color, m)
        })
        .collect();
    moves.sort_by_key(|m| !libs.contains(m));
    moves
}

/// Whether the chain at `target`, whose liberties are `libs`, has two
/// liberties that are eyes of its own alone: empty points whose every
/// neighbour is a stone of that chain (or the edge). Such a chain cannot
/// be captured.
fn two_eyes(board: &Board, target: Point, libs: &[Point]) -> bool {
    let head = board.chain(target);
    let own = |l: &&Point| {
        board.neighbors(**l).iter().all(|&n| {
            board.cell(n) == Cell::Border || (board.color_at(n).is_some() && board.chain(n) == head)
        })
    };
    libs.iter().filter(own).nth(1).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::testutil::{game_from, point_at as at};

    fn board(rows: &[&str]) -> Board {
        game_from(rows, Rules::default(), 7.5).board().clone()
    }

    /// The verdict on the chain at `v`, every opponent stone a safe wall.
    fn verdict(b: &Board, v: &str) -> Verdict {
        let p = at(b, v);
        let region = enclosure(b, p, |_| true, |_| true, |_| false).expect("an enclosure");
        let mut budget = NODES * 2;
        read(b, p, &region, &mut budget)
    }

    #[test]
    fn a_corner_group_with_a_straight_four_lives() {
        // White's eye space A1-D1 is a straight four on the edge: Black
        // B1 is answered at C1 and the other way round.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X X .",
            "O O O O O X .",
            ". . . . O X .",
        ]);
        assert_eq!(verdict(&b, "A2"), Verdict::Alive);
    }

    #[test]
    fn a_straight_three_lives_or_dies_by_who_moves_first() {
        // The vital point B1: White there makes two eyes, Black there
        // leaves one.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X . .",
            "O O O O X . .",
            ". . . O X . .",
        ]);
        assert_eq!(verdict(&b, "A2"), Verdict::Unsettled);
    }

    #[test]
    fn a_two_point_eye_space_dies_even_if_its_owner_moves_first() {
        // White's space is A1 and A2: one eye whoever plays there.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X . . . .",
            "O O X . . . .",
            ". O X . . . .",
            ". O X . . . .",
        ]);
        assert_eq!(verdict(&b, "B1"), Verdict::Dead);
    }

    #[test]
    fn a_lone_invader_in_a_small_corner_is_dead() {
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X . . . .",
            ". O X . . . .",
            ". . X . . . .",
        ]);
        assert_eq!(verdict(&b, "B2"), Verdict::Dead);
    }

    #[test]
    fn a_wall_short_of_liberties_outside_joins_the_enclosure() {
        // Black's wall A3-C1 has no liberty outside the corner: White's
        // invader at B2 could win a race against it, so the reading must
        // be able to play on it.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "O O O O . . .",
            "X X X O . . .",
            ". O X O . . .",
            ". . X O . . .",
        ]);
        let p = at(&b, "B2");
        let wall = at(&b, "A3");
        let trusted = enclosure(&b, p, |_| true, |_| true, |_| false).expect("enclosed");
        assert!(!trusted.contains(&wall));
        let weak = enclosure(&b, p, |_| true, |_| false, |_| false).expect("enclosed");
        assert!(weak.contains(&wall) && weak.contains(&at(&b, "C1")));
    }

    #[test]
    fn a_group_that_reaches_a_friend_has_no_enclosure() {
        // The White stones at B2 and D2 share one enclosure.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X . .",
            ". . . . X . .",
            ". O . O X . .",
            ". . . . X . .",
        ]);
        let p = at(&b, "B2");
        let d2 = at(&b, "D2");
        let region = enclosure(&b, p, |_| true, |_| true, |_| false).expect("enclosed");
        assert!(region.contains(&d2) && region.len() == 12);
        assert!(enclosure(&b, p, |_| true, |_| true, |q| q == d2).is_none());
    }
}
