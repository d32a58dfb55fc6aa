//! The opening book: the first moves of a game, found once by long
//! searches of this engine and played at once afterwards.
//!
//! A search of one second chooses its first moves on an empty board from
//! too few playouts (on 9x9 at komi 7.5 Black's first move was D6; ten
//! seconds find the centre, E5, the move strong players and programs
//! agree on). The book holds what searches of five to ten seconds chose
//! (`scripts/make_book.py` writes it by driving `weiqi --no-book` through
//! GTP), so that `genmove` plays in the opening as if it had thought five
//! to ten times longer. The book is read up to the 8 symmetries of the board
//! ([`crate::coord::symmetry`]): one line stands for every orientation of
//! its position.
//!
//! The book file (`book.txt`, compiled in) has one position a line:
//! board size, komi, the moves from the empty board (Black first, no
//! passes), a colon and the reply, all as GTP vertices; `#` starts a
//! comment. A game is in the book only when it began on an empty board
//! (no handicap or setup stones), its moves alternate from Black without a
//! pass, and its size and komi are the line's: any other game is searched
//! as always. `genmove` takes the book's move (when legal) unless the
//! player was started with `--no-book`; `reg_genmove`, the analysis
//! commands and the referee's count never read the book.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::board::{Board, Color, Point};
use crate::coord::{inverse_symmetry, symmetry, vertex_coords};
use crate::game::{Game, Move};

/// The book, compiled in.
const BOOK: &str = include_str!("book.txt");

/// A position of the book: board size, komi in half points, and the
/// moves (column, row) from the empty board, in their canonical
/// orientation ([`canonical`]).
type Key = (usize, i64, Vec<(usize, usize)>);

/// The book's positions and their replies (canonical orientation).
fn entries() -> &'static HashMap<Key, (usize, usize)> {
    &book().lines
}

/// The compiled-in book, parsed.
struct Book {
    /// Each position and its reply.
    lines: HashMap<Key, (usize, usize)>,
    /// The moves of the longest line: a longer game is out of the book
    /// without a look.
    longest: usize,
}

/// The book, parsed once.
fn book() -> &'static Book {
    static PARSED: OnceLock<Book> = OnceLock::new();
    // The book is compiled in and a test reads it, so it always parses;
    // were it not to, the player would just search every move.
    PARSED.get_or_init(|| {
        let lines = parse(BOOK).unwrap_or_else(|e| {
            log::error!("{e}");
            HashMap::new()
        });
        let longest = lines.keys().map(|k| k.2.len()).max().unwrap_or(0);
        Book { lines, longest }
    })
}

/// Why a line of a book file is not a position: its number and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookError {
    pub line: usize,
    pub text: String,
}

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "opening book, line {}: cannot read '{}'",
            self.line, self.text
        )
    }
}

/// Reads a book file: one position a line (see the module doc).
pub fn parse(text: &str) -> Result<HashMap<Key, (usize, usize)>, BookError> {
    let mut map = HashMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let error = || BookError {
            line: i + 1,
            text: raw.to_string(),
        };
        let (position, reply) = line.split_once(':').ok_or_else(error)?;
        let mut words = position.split_whitespace();
        let size: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(error)?;
        let komi: f64 = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(error)?;
        let moves = words
            .map(|w| vertex(w, size))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(error)?;
        let reply = vertex(reply.trim(), size).ok_or_else(error)?;
        if !(2..=crate::board::MAX_SIZE).contains(&size) || moves.contains(&reply) {
            return Err(error());
        }
        let (t, moves) = canonical(&moves, size);
        let (c, r) = symmetry(t, reply.0, reply.1, size);
        map.insert((size, half_points(komi), moves), (c, r));
    }
    Ok(map)
}

/// The (column, row) of a GTP vertex on a board of side `size`.
fn vertex(word: &str, size: usize) -> Option<(usize, usize)> {
    vertex_coords(word, size).ok()
}

/// Komi in half points (komi is a multiple of a half in every book line
/// and every game the book answers).
fn half_points(komi: f64) -> i64 {
    (komi * 2.0).round() as i64
}

/// The orientation of `moves` that the book keys on: the smallest of the
/// 8 images of the sequence, and the symmetry that gives it.
fn canonical(moves: &[(usize, usize)], size: usize) -> (usize, Vec<(usize, usize)>) {
    (0..8)
        .map(|t| {
            let image: Vec<(usize, usize)> = moves
                .iter()
                .map(|&(c, r)| symmetry(t, c, r, size))
                .collect();
            (t, image)
        })
        .min_by(|a, b| a.1.cmp(&b.1))
        .unwrap_or((0, moves.to_vec()))
}

/// The book's move for `color` in `game`, or `None` when the game is not
/// in the book (see the module doc) or the move would be illegal.
pub fn reply(game: &Game, color: Color) -> Option<Point> {
    let board: &Board = game.board();
    let size = board.size();
    if !game.setup_stones().is_empty() || game.moves().len() > book().longest {
        return None;
    }
    let mut moves = Vec::with_capacity(game.moves().len());
    for (i, played) in game.moves().iter().enumerate() {
        let expected = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        match played.mv {
            Move::Place(p) if played.color == expected => moves.push(board.coords(p)),
            _ => return None,
        }
    }
    let to_move = if moves.len() % 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    if color != to_move {
        return None;
    }
    let komi = game.komi();
    if (komi * 2.0).fract() != 0.0 {
        return None;
    }
    let (t, key) = canonical(&moves, size);
    let &(c, r) = entries().get(&(size, half_points(komi), key))?;
    let (col, row) = symmetry(inverse_symmetry(t), c, r, size);
    let p = board.point(col, row)?;
    game.check(color, Move::Place(p)).is_ok().then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::vertex_text;
    use crate::rules::Rules;

    fn game(size: usize, komi: f64, moves: &[&str]) -> Game {
        let mut g = Game::new(size, Rules::default()).expect("size");
        g.set_komi(komi);
        let mut color = Color::Black;
        for m in moves {
            let (c, r) = vertex(m, size).expect("vertex");
            let p = g.board().point(c, r).expect("point");
            g.play(color, Move::Place(p)).expect("legal");
            color = color.opponent();
        }
        g
    }

    /// A position and its reply as a book line.
    fn describe(size: usize, moves: &[(usize, usize)], reply: (usize, usize)) -> String {
        let moves: Vec<String> = moves.iter().map(|&(c, r)| vertex_text(c, r)).collect();
        format!(
            "{size} {} : {}",
            moves.join(" "),
            vertex_text(reply.0, reply.1)
        )
    }

    fn name(g: &Game, p: Option<Point>) -> Option<String> {
        p.map(|p| {
            let (c, r) = g.board().coords(p);
            vertex_text(c, r)
        })
    }

    #[test]
    fn the_compiled_book_reads_and_answers_the_empty_9x9_board() {
        assert!(parse(BOOK).is_ok_and(|b| !b.is_empty()));
        let g = game(9, 7.5, &[]);
        assert_eq!(name(&g, reply(&g, Color::Black)), Some("E5".to_string()));
        // Not White's turn, another komi, another size: searched instead.
        assert_eq!(reply(&g, Color::White), None);
        assert_eq!(reply(&game(9, 0.5, &[]), Color::Black), None);
        assert_eq!(reply(&game(13, 7.5, &[]), Color::Black), None);
    }

    #[test]
    fn a_line_answers_every_orientation_of_its_position() {
        let book = parse("9 7.5 C3 : E5\n9 7.5 E5 C4 : F3 # a comment\n").expect("book");
        assert_eq!(book.len(), 2);
        // The 3-3 points of all four corners, and the knight's move after
        // E5 in all eight orientations, map to one line each.
        for t in 0..8 {
            let (c, r) = symmetry(t, 2, 2, 9);
            let (canonical_t, key) = canonical(&[(c, r)], 9);
            let &(rc, rr) = book.get(&(9, 15, key)).expect("in the book");
            assert_eq!(symmetry(inverse_symmetry(canonical_t), rc, rr, 9), (4, 4));
            let knight = symmetry(t, 2, 3, 9);
            let (kt, key) = canonical(&[(4, 4), knight], 9);
            let &(rc, rr) = book.get(&(9, 15, key)).expect("in the book");
            // F3 turns with the position.
            assert_eq!(
                symmetry(inverse_symmetry(kt), rc, rr, 9),
                symmetry(t, 5, 2, 9),
                "orientation {t}"
            );
        }
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        for bad in [
            "9 7.5 E5",
            "9 x E5 : C3",
            "9 7.5 Z5 : C3",
            "9 7.5 E5 : E5",
            "1 7.5 : A1",
            "9 7.5 E10 : C3",
        ] {
            let text = format!("# header\n{bad}\n");
            let e = parse(&text).expect_err(bad);
            assert_eq!(e.line, 2, "{bad}");
        }
    }

    #[test]
    fn games_that_left_the_book_are_searched() {
        // After a pass, with setup stones, or with colours out of turn.
        let mut g = game(9, 7.5, &[]);
        g.play(Color::Black, Move::Pass).expect("pass");
        assert_eq!(reply(&g, Color::White), None);
        let mut g = game(9, 7.5, &[]);
        let p = g.board().point(4, 4).expect("point");
        g.play(Color::White, Move::Place(p)).expect("legal");
        assert_eq!(reply(&g, Color::Black), None);
        // A game longer than the longest line is out without a look.
        let longest = book().longest;
        assert!(longest > 0);
        assert!(entries().keys().all(|k| k.2.len() <= longest));
        // Every line of the book gives a legal move in its position.
        for ((size, komi2, moves), &(c, r)) in entries() {
            let names: Vec<String> = moves.iter().map(|&(c, r)| vertex_text(c, r)).collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let g = game(*size, *komi2 as f64 / 2.0, &refs);
            let color = if moves.len() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let got = reply(&g, color).map(|p| g.board().coords(p));
            assert_eq!(got, Some((c, r)), "{}", describe(*size, moves, (c, r)));
        }
    }
}
