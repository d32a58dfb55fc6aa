//! Argument helpers shared by the command handlers: counts, colours,
//! vertices, each failing with a `syntax error` and its reason.

use crate::board::{Color, Point};
use crate::game::Move;

use crate::gtp::engine::{Engine, Failure};
use crate::gtp::vertex::{VertexError, parse_color, parse_move, parse_point};

/// Checks that there are exactly `n` arguments (extra arguments are a
/// syntax error rather than silently ignored).
pub fn exactly(args: &[&str], n: usize) -> Result<(), Failure> {
    if args.len() == n {
        Ok(())
    } else {
        Err(Failure::syntax(format!(
            "{n} argument{} expected, {} given",
            if n == 1 { "" } else { "s" },
            args.len()
        )))
    }
}

/// The `i`-th argument.
pub fn arg<'a>(args: &[&'a str], i: usize) -> Result<&'a str, Failure> {
    args.get(i)
        .copied()
        .ok_or_else(|| Failure::syntax(format!("missing argument {}", i + 1)))
}

/// The `i`-th argument as a colour.
pub fn color_arg(args: &[&str], i: usize) -> Result<Color, Failure> {
    let s = arg(args, i)?;
    parse_color(s).ok_or_else(|| Failure::syntax(format!("'{s}' is not a colour")))
}

fn vertex_failure(e: VertexError) -> Failure {
    Failure::syntax(e.to_string())
}

/// The `i`-th argument as a vertex (point or pass) of the current board.
pub fn move_arg(engine: &Engine, args: &[&str], i: usize) -> Result<Move, Failure> {
    parse_move(arg(args, i)?, engine.game.board()).map_err(vertex_failure)
}

/// The `i`-th argument as a point of the current board (not pass).
pub fn point_arg(engine: &Engine, args: &[&str], i: usize) -> Result<Point, Failure> {
    parse_point(arg(args, i)?, engine.game.board()).map_err(vertex_failure)
}
