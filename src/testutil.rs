//! Test helpers: positions from text diagrams.
//!
//! A diagram is a list of rows, top row first: `X` Black, `O` White, `.` an
//! empty point; spaces are ignored. [`stone_order`] lists the stones in an
//! order in which each can be placed on its own without capturing or being
//! captured, so a diagram can become setup stones or a sequence of `play`
//! commands.

use std::collections::VecDeque;

use crate::board::{Board, Cell, Color, MAX_POINTS, Point};
use crate::game::Game;
use crate::rules::Rules;

/// The cells of a diagram as (column, row, colour), row 0 at the bottom.
fn cells(rows: &[&str]) -> (usize, Vec<(usize, usize, Option<Color>)>) {
    let n = rows.len();
    let mut out = Vec::new();
    for (i, line) in rows.iter().enumerate() {
        let row = n - 1 - i;
        let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(chars.len(), n, "row {i} of the diagram: {line:?}");
        for (col, ch) in chars.into_iter().enumerate() {
            let c = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                '.' => None,
                _ => panic!("bad diagram character {ch:?}"),
            };
            out.push((col, row, c));
        }
    }
    (n, out)
}

/// The stones of a diagram, farthest from a liberty first: each stone's
/// distance to the nearest empty point through stones of its own colour.
/// Placed in this order, a stone always has a liberty (its neighbour one
/// step closer is still empty) and never takes an opponent chain's last one.
pub fn stone_order(rows: &[&str]) -> (usize, Vec<(Color, usize, usize)>) {
    let (n, cells) = cells(rows);
    let board = Board::new(n).expect("diagram size");
    let mut color = vec![None; MAX_POINTS];
    for &(c, r, col) in &cells {
        color[board.point(c, r).expect("on board").index()] = col;
    }
    let mut dist = vec![usize::MAX; MAX_POINTS];
    let mut queue = VecDeque::new();
    for p in board.points() {
        if color[p.index()].is_none() {
            for q in board.neighbors(p) {
                if board.cell(q) != Cell::Border
                    && color[q.index()].is_some()
                    && dist[q.index()] != 1
                {
                    dist[q.index()] = 1;
                    queue.push_back(q);
                }
            }
        }
    }
    while let Some(p) = queue.pop_front() {
        for q in board.neighbors(p) {
            if board.cell(q) != Cell::Border
                && color[q.index()] == color[p.index()]
                && dist[q.index()] == usize::MAX
            {
                dist[q.index()] = dist[p.index()] + 1;
                queue.push_back(q);
            }
        }
    }
    let mut stones: Vec<(usize, Color, usize, usize)> = board
        .points()
        .filter_map(|p| {
            let c = color[p.index()]?;
            assert!(dist[p.index()] != usize::MAX, "a chain without liberties");
            let (col, row) = board.coords(p);
            Some((dist[p.index()], c, col, row))
        })
        .collect();
    stones.sort_by(|a, b| b.0.cmp(&a.0).then((a.2, a.3).cmp(&(b.2, b.3))));
    (
        n,
        stones.into_iter().map(|(_, c, x, y)| (c, x, y)).collect(),
    )
}

/// A game whose start position is the diagram (setup stones, not a
/// handicap; no prisoners), under `rules` with `komi`.
pub fn game_from(rows: &[&str], rules: Rules, komi: f64) -> Game {
    let (n, stones) = stone_order(rows);
    let mut g = Game::new(n, rules).expect("size");
    g.set_komi(komi);
    let pts: Vec<(Color, Point)> = stones
        .iter()
        .map(|&(c, x, y)| (c, g.board().point(x, y).expect("on board")))
        .collect();
    g.place_setup(&pts, false)
        .expect("diagram is a legal position");
    g
}

/// The point of a GTP vertex such as `G12` on `board`.
pub fn point_at(board: &Board, vertex: &str) -> Point {
    let (col, row) = crate::coord::vertex_coords(vertex, board.size()).expect("a vertex");
    board.point(col, row).expect("on board")
}

/// GTP commands that build the diagram with `play`, Black and White
/// alternating (the side with fewer stones passes), Black first.
pub fn gtp_plays(rows: &[&str]) -> String {
    let (n, stones) = stone_order(rows);
    let vertex = |x: usize, y: usize| {
        let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        format!("{}{}", letters[x] as char, y + 1)
    };
    let black: Vec<String> = stones
        .iter()
        .filter(|s| s.0 == Color::Black)
        .map(|s| vertex(s.1, s.2))
        .collect();
    let white: Vec<String> = stones
        .iter()
        .filter(|s| s.0 == Color::White)
        .map(|s| vertex(s.1, s.2))
        .collect();
    let mut out = format!("boardsize {n}\nclear_board\n");
    for i in 0..black.len().max(white.len()) {
        let b = black.get(i).map_or("pass", String::as_str);
        let w = white.get(i).map_or("pass", String::as_str);
        out.push_str(&format!("play b {b}\nplay w {w}\n"));
    }
    out
}

/// A board of side `size` with Black's stones at `black`, then White's at
/// `white` ((column, row), row 0 at the bottom), each played as a move.
pub fn board_with(size: usize, black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
    let mut b = Board::new(size).expect("size");
    for (color, stones) in [(Color::Black, black), (Color::White, white)] {
        for &(x, y) in stones {
            let p = b.point(x, y).expect("on board");
            b.play(color, p, false).expect("legal");
        }
    }
    b
}

/// Plays the player's playout move for `color` on `b`, the last move
/// having been `last` (a pass clears the ko); returns it, to be the next
/// call's `last`.
pub fn play_playout_move(
    b: &mut Board,
    color: Color,
    last: Option<Point>,
    rng: &mut rand::rngs::SmallRng,
    buf: &mut Vec<Point>,
) -> Option<Point> {
    use crate::search::policy::{Knowledge, playout_move};
    let mv = playout_move(b, color, last, Knowledge::PLAYER, rng, buf);
    match mv {
        Some(p) => {
            b.play_unchecked(color, p);
        }
        None => b.clear_ko(),
    }
    mv
}
