//! 3x3 shapes learned from professional games: how much more (or less)
//! often than an average legal move professionals play a move whose eight
//! neighbours look a given way.
//!
//! A *shape* is the 3x3 window around an empty point, seen by the side to
//! move: each of the eight neighbours is empty, off the board, an own stone
//! or an opponent stone, and the four orthogonal ones also say whether
//! their chain is in atari (Coulom's "3x3 pattern with atari flags", the
//! classical feature of the MCTS engines before neural networks). The eight
//! symmetries of the square are one shape.
//!
//! The table (`shapes.txt`, compiled in) was counted by
//! `cargo run --release --example learn_shapes` over the 505 professional
//! games of `tests/data/fox-pro/` (GPL-3.0, see its README): for every move
//! of every record, every legal point of the mover counts as *seen* under
//! its shape, and the point played also as *played*. Its lines:
//!
//! ```text
//! # a comment (a `#` and a space)
//! NW N NE / W + E / SW S SE   played   seen
//! ```
//!
//! written as three rows of three characters, top row first, `+` the point
//! itself: `.` empty, `#` off the board, `X` own stone, `O` opponent's,
//! `x` and `o` the same in atari (orthogonal neighbours only).
//!
//! [`gamma`] is the shape's *strength*: its rate of being played over the
//! average rate of all legal points, shrunk towards 1 by one virtual
//! sample, so that a rare shape says little.

use std::sync::OnceLock;

use crate::board::{Board, Cell, Color, Point};

/// The table, compiled in.
const SHAPES: &str = include_str!("shapes.txt");

/// What a neighbour holds, for the side to move (3 bits of a shape code).
const EMPTY: u32 = 0;
const OFF: u32 = 1;
const OWN: u32 = 2;
const OPP: u32 = 3;
const OWN_ATARI: u32 = 4;
const OPP_ATARI: u32 = 5;

/// The characters of the neighbour states, in the order of their values.
const CHARS: [char; 6] = ['.', '#', 'X', 'O', 'x', 'o'];

/// The shape code of empty point `p` for `color` to move: the eight
/// neighbours' states, 3 bits each, around the ring from the north
/// clockwise (N NE E SE S SW W NW: the orthogonal ones at the even
/// places), the north one lowest.
pub fn code(board: &Board, color: Color, p: Point) -> u32 {
    // The ring from the padded board's neighbours: neighbors() is S W E N,
    // diagonals() SW SE NW NE.
    let [s, w, e, n] = board.neighbors(p);
    let [sw, se, nw, ne] = board.diagonals(p);
    let own = color.cell();
    let state = |q: Point, orthogonal: bool| -> u32 {
        match board.cell(q) {
            Cell::Empty => EMPTY,
            Cell::Border => OFF,
            c => {
                let atari = orthogonal && board.liberties(q) == 1;
                match (c == own, atari) {
                    (true, false) => OWN,
                    (false, false) => OPP,
                    (true, true) => OWN_ATARI,
                    (false, true) => OPP_ATARI,
                }
            }
        }
    };
    [
        state(n, true),
        state(ne, false),
        state(e, true),
        state(se, false),
        state(s, true),
        state(sw, false),
        state(w, true),
        state(nw, false),
    ]
    .iter()
    .enumerate()
    .fold(0, |code, (i, &st)| code | st << (3 * i))
}

/// The state of ring position `i` in `code`.
fn state(code: u32, i: usize) -> u32 {
    (code >> (3 * i)) & 7
}

/// The eight codes of the symmetries of `code`: four rotations (a quarter
/// turn moves each neighbour two places along the ring), each also
/// mirrored (position `i` goes to `8 - i`).
fn symmetries(code: u32) -> [u32; 8] {
    let mut out = [0; 8];
    for r in 0..4 {
        let mut turned = 0;
        let mut mirrored = 0;
        for i in 0..8 {
            let s = state(code, i);
            turned |= s << (3 * ((i + 2 * r) % 8));
            mirrored |= s << (3 * ((8 - i + 2 * r) % 8));
        }
        out[2 * r] = turned;
        out[2 * r + 1] = mirrored;
    }
    out
}

/// The one code that stands for all the symmetries of `code`.
pub fn canonical(code: u32) -> u32 {
    symmetries(code).into_iter().min().unwrap_or(code)
}

/// `code` as the table writes it: `NW N NE/W + E/SW S SE`.
pub fn text(code: u32) -> String {
    // Ring positions in reading order, None for the point itself.
    const GRID: [Option<usize>; 9] = [
        Some(7),
        Some(0),
        Some(1),
        Some(6),
        None,
        Some(2),
        Some(5),
        Some(4),
        Some(3),
    ];
    let mut s = String::new();
    for (k, at) in GRID.iter().enumerate() {
        if k == 3 || k == 6 {
            s.push('/');
        }
        s.push(at.map_or('+', |i| CHARS[state(code, i) as usize]));
    }
    s
}

/// The code of a table entry written as [`text`] writes it, or `None`.
fn parse_text(t: &str) -> Option<u32> {
    let chars: Vec<char> = t.chars().filter(|&c| c != '/').collect();
    const RING_AT: [usize; 8] = [1, 2, 5, 8, 7, 6, 3, 0];
    if chars.len() != 9 || chars[4] != '+' {
        return None;
    }
    let mut code = 0;
    for (i, &at) in RING_AT.iter().enumerate() {
        let s = CHARS.iter().position(|&c| c == chars[at])? as u32;
        if i % 2 == 1 && s >= OWN_ATARI {
            return None;
        }
        code |= s << (3 * i);
    }
    Some(code)
}

/// Dense index of a code: orthogonal states in base 6, diagonal ones in
/// base 4 (never in atari): 6^4 × 4^4 entries.
fn dense(code: u32) -> usize {
    let mut index = 0usize;
    for i in 0..8 {
        let radix = if i % 2 == 0 { 6 } else { 4 };
        index = index * radix + state(code, i) as usize;
    }
    index
}

const DENSE: usize = 6 * 6 * 6 * 6 * 4 * 4 * 4 * 4;

/// Whether a (trimmed) line of the table is blank or a comment: `#`
/// followed by a space or nothing (a shape may start with `#`, the edge).
fn is_comment(line: &str) -> bool {
    line.is_empty() || line == "#" || line.starts_with("# ")
}

/// The parsed table: the strength of every code, 1 for shapes it lacks.
struct Table {
    gamma: Vec<f32>,
}

/// The table's entries as (code, played, seen). The table is compiled in
/// and a test checks that every line parses; a line that did not would
/// be skipped (its shape stays neutral).
fn rows() -> impl Iterator<Item = (u32, f64, f64)> {
    SHAPES
        .lines()
        .map(str::trim)
        .filter(|l| !is_comment(l))
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let code = parse_text(fields.next()?)?;
            let played: f64 = fields.next()?.parse().ok()?;
            let seen: f64 = fields.next()?.parse().ok()?;
            Some((code, played, seen))
        })
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rows: Vec<_> = rows().collect();
        let played_all: f64 = rows.iter().map(|r| r.1).sum();
        let seen_all: f64 = rows.iter().map(|r| r.2).sum();
        let mut gamma = vec![1.0f32; DENSE];
        let base = if seen_all > 0.0 {
            played_all / seen_all
        } else {
            1.0
        };
        for (code, played, seen) in rows {
            let g = (played + 1.0) / (seen * base + 1.0);
            for c in symmetries(code) {
                gamma[dense(c)] = g as f32;
            }
        }
        Table { gamma }
    })
}

/// The strength of the shape `code`: how many times more often than an
/// average legal point professionals played it (1 for a shape the table
/// lacks).
pub fn gamma(code: u32) -> f32 {
    table().gamma[dense(code)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{board_with, play_playout_move};

    /// The eight neighbours as offsets (column, row), around the ring from the
    /// north clockwise; orthogonal at the even positions.
    const RING: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];

    /// [`code`] the slow way, from coordinates.
    fn code_by_coords(board: &Board, color: Color, p: Point) -> u32 {
        let (x, y) = board.coords(p);
        let mut code = 0;
        for (i, &(dx, dy)) in RING.iter().enumerate() {
            let q = x
                .checked_add_signed(dx as isize)
                .zip(y.checked_add_signed(dy as isize))
                .and_then(|(qx, qy)| board.point(qx, qy));
            let state = match q.map(|q| board.color_at(q)) {
                None => OFF,
                Some(None) => EMPTY,
                Some(Some(c)) => {
                    let atari = i % 2 == 0 && q.is_some_and(|q| board.liberties(q) == 1);
                    match (c == color, atari) {
                        (true, false) => OWN,
                        (false, false) => OPP,
                        (true, true) => OWN_ATARI,
                        (false, true) => OPP_ATARI,
                    }
                }
            };
            code |= state << (3 * i);
        }
        code
    }

    #[test]
    fn code_reads_the_ring_as_coordinates_do() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        let mut rng = SmallRng::seed_from_u64(11);
        let mut checked = 0;
        for size in [2, 3, 9, 19] {
            for _ in 0..4 {
                let mut b = Board::new(size).expect("size");
                let mut color = Color::Black;
                let mut last = None;
                let mut buf = Vec::new();
                for _ in 0..size * size * 2 {
                    for p in b.points().filter(|&p| b.color_at(p).is_none()) {
                        for c in [Color::Black, Color::White] {
                            assert_eq!(code(&b, c, p), code_by_coords(&b, c, p));
                            checked += 1;
                        }
                    }
                    last = play_playout_move(&mut b, color, last, &mut rng, &mut buf);
                    color = color.opponent();
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn text_and_code_round_trip_and_symmetries_share_one_canonical_code() {
        // Black to move at (1, 0) on the first line: White's stone at
        // (1, 1) is in atari (Black at (0, 1), (2, 1), stone at (1, 2)).
        let b = board_with(9, &[(0, 1), (2, 1), (1, 2)], &[(1, 1)]);
        let p = b.point(1, 0).expect("on board");
        let c = code(&b, Color::Black, p);
        assert_eq!(text(c), "XoX/.+./###");
        assert_eq!(parse_text(&text(c)), Some(c));
        // White sees the colours the other way round.
        assert_eq!(text(code(&b, Color::White, p)), "OxO/.+./###");
        // The same shape turned to the other edges has the same canonical
        // code, and a different shape another one.
        let turned = board_with(9, &[(7, 0), (7, 2), (6, 1)], &[(7, 1)]);
        let q = turned.point(8, 1).expect("on board");
        let d = code(&turned, Color::Black, q);
        assert_ne!(c, d);
        assert_eq!(canonical(c), canonical(d));
        assert_ne!(canonical(c), canonical(code(&b, Color::White, p)));
        for s in symmetries(c) {
            assert_eq!(canonical(s), canonical(c));
            assert_eq!(parse_text(&text(s)), Some(s));
        }
    }

    #[test]
    fn the_table_parses_and_ranks_shapes_as_players_do() {
        // Every line parses; the table is not empty.
        let lines = SHAPES.lines().filter(|l| !is_comment(l.trim())).count();
        assert!(lines > 500, "{lines} shapes");
        assert_eq!(rows().count(), lines);
        // Capturing a stone in atari is played far more often than the
        // average point; filling one's own eye on the first line almost
        // never.
        let capture = parse_text("..X/.+o/..X").expect("shape");
        assert!(gamma(capture) > 3.0, "capture {}", gamma(capture));
        let eye = parse_text("XXX/X+X/###").expect("shape");
        assert!(gamma(eye) < 0.1, "eye {}", gamma(eye));
    }
}
