//! Colours and vertices as GTP writes them: `b`/`black`/`w`/`white` in any
//! case; `D4`, `pass` (case-insensitive on input, upper case on output;
//! column letters A–Z without I, row 1 at the bottom).

use std::fmt;

use crate::board::{Board, Color, Point};
use crate::coord::{VertexTextError, vertex_coords};
use crate::game::Move;

/// Why a vertex was refused (for the debug log; the reply is
/// `syntax error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not of the form letter + digits, nor `pass`.
    Malformed(String),
    /// Well formed but not on this board.
    OffBoard(String),
    /// `pass` where a point is needed.
    Pass,
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexError::Malformed(s) => write!(f, "'{s}' is not a vertex"),
            VertexError::OffBoard(s) => write!(f, "'{s}' is off the board"),
            VertexError::Pass => f.write_str("pass is not a point here"),
        }
    }
}

/// A colour, or `None`.
pub fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// `black` or `white`.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A vertex: a point of `board`, or a pass.
pub fn parse_move(s: &str, board: &Board) -> Result<Move, VertexError> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let off_board = || VertexError::OffBoard(s.to_string());
    match vertex_coords(s, board.size()) {
        Ok((col, row)) => board.point(col, row).map(Move::Place).ok_or_else(off_board),
        Err(VertexTextError::OffBoard) => Err(off_board()),
        Err(VertexTextError::Malformed) => Err(VertexError::Malformed(s.to_string())),
    }
}

/// A vertex that must be a point (not `pass`).
pub fn parse_point(s: &str, board: &Board) -> Result<Point, VertexError> {
    match parse_move(s, board)? {
        Move::Place(p) => Ok(p),
        Move::Pass => Err(VertexError::Pass),
    }
}

/// A point as GTP writes it, e.g. `D4`.
pub fn format_point(board: &Board, p: Point) -> String {
    board.vertex_name(p)
}

/// A move as GTP writes it: a point or `pass`.
pub fn format_move(board: &Board, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_string(),
        Move::Place(p) => format_point(board, p),
    }
}

/// Points joined by spaces.
pub fn format_points(board: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| format_point(board, p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every point of `board` in reading order: top row first, left to right
/// (the order GNU Go lists vertices in).
pub fn points_top_down(board: &Board) -> Vec<Point> {
    let n = board.size();
    (0..n)
        .rev()
        .flat_map(|row| (0..n).filter_map(move |col| board.point(col, row)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_in_any_case() {
        for s in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(parse_color(s), Some(Color::Black));
        }
        for s in ["w", "W", "white", "WhItE"] {
            assert_eq!(parse_color(s), Some(Color::White));
        }
        for s in ["", "x", "bl", "blacks", "empty"] {
            assert_eq!(parse_color(s), None);
        }
    }

    #[test]
    fn vertices_round_trip_and_reject_nonsense() {
        let b = Board::new(19).expect("19");
        for s in ["A1", "a1", "T19", "t19", "J10", "j10", "H8"] {
            let mv = parse_move(s, &b).expect(s);
            assert_eq!(format_move(&b, mv), s.to_ascii_uppercase());
        }
        assert_eq!(parse_move("PASS", &b), Ok(Move::Pass));
        assert_eq!(parse_move("Pass", &b), Ok(Move::Pass));
        assert_eq!(parse_point("pass", &b), Err(VertexError::Pass));
        for s in [
            "I5", "i5", "", "A", "11", "A-1", "A1x", "AA1", "é1", "passx",
        ] {
            assert!(
                matches!(parse_move(s, &b), Err(VertexError::Malformed(_))),
                "{s}"
            );
        }
        for s in [
            "A0",
            "U1",
            "A20",
            "Z25",
            "A99999999999",
            "A999999999999999999999999",
        ] {
            assert!(
                matches!(parse_move(s, &b), Err(VertexError::OffBoard(_))),
                "{s}"
            );
        }
        let big = Board::new(25).expect("25");
        assert_eq!(
            format_move(&big, parse_move("z25", &big).expect("Z25")),
            "Z25"
        );
    }
}
