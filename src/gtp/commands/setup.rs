//! Setup commands: board size, clearing, komi and handicap stones.

use crate::board::{Board, Color, MAX_SIZE, MIN_SIZE, Point};
use crate::game::{Game, GameError, fixed_handicap_points};
use crate::rules::{MAX_KOMI, parse_komi};

use super::args::{arg, exactly};
use crate::gtp::engine::{Engine, Failure, Reply};
use crate::gtp::vertex::{format_points, parse_point};

/// `boardsize N`: a new empty board and full clocks; komi, rules and time
/// settings stay.
pub fn boardsize(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let s = arg(args, 0)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::syntax(format!("'{s}' is not a board size")));
    }
    let unacceptable = || {
        Failure::because(
            "unacceptable size",
            format!("{s}: sizes {MIN_SIZE} to {MAX_SIZE} are supported"),
        )
    };
    // All digits: too large for usize is just too large.
    let size = s.parse::<usize>().map_err(|_| unacceptable())?;
    let mut game = Game::new(size, *engine.game.rules()).ok_or_else(unacceptable)?;
    game.set_komi_as(engine.game.komi(), engine.game.komi_explicit());
    engine.game = game;
    engine.clock.reset();
    engine.record = None;
    Ok(String::new())
}

/// `clear_board`: empty board, no history, no captures, full clocks (a new
/// game); komi, rules and time settings stay.
pub fn clear_board(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    engine.game.clear();
    engine.clock.reset();
    engine.record = None;
    Ok(String::new())
}

/// `komi F`.
pub fn komi(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let s = arg(args, 0)?;
    let k = parse_komi(s).ok_or_else(|| {
        Failure::syntax(format!(
            "'{s}' is not a komi (a finite number within ±{MAX_KOMI})"
        ))
    })?;
    engine.game.set_komi(k);
    Ok(String::new())
}

fn board_not_empty() -> Failure {
    Failure::because(
        "board not empty",
        "handicap needs an empty board and no moves",
    )
}

/// Whether handicap stones may be placed: nothing played or set up yet.
fn ready_for_handicap(game: &Game) -> bool {
    game.moves().is_empty() && game.setup_stones().is_empty()
}

/// The number of handicap stones asked for.
fn stones_arg(args: &[&str]) -> Result<usize, Failure> {
    exactly(args, 1)?;
    let s = arg(args, 0)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::syntax(format!("'{s}' is not a number of stones")));
    }
    // All digits; too large for usize is too many stones.
    Ok(s.parse::<usize>().unwrap_or(usize::MAX))
}

fn invalid_stones(n: usize, size: usize) -> Failure {
    Failure::because(
        "invalid number of stones",
        format!(
            "{n} handicap stone{} on {size}x{size}",
            if n == 1 { "" } else { "s" }
        ),
    )
}

/// Places `points` as Black handicap stones and replies with them.
fn place_handicap(engine: &mut Engine, points: &[Point]) -> Reply {
    let stones: Vec<(Color, Point)> = points.iter().map(|&p| (Color::Black, p)).collect();
    match engine.game.place_setup(&stones, true) {
        Ok(()) => Ok(format_points(engine.game.board(), points)),
        Err(GameError::BoardNotEmpty) => Err(board_not_empty()),
        Err(e) => Err(Failure::because("bad vertex list", e.to_string())),
    }
}

/// The fixed handicap points as points of `board`.
fn fixed_points(board: &Board, n: usize) -> Option<Vec<Point>> {
    fixed_handicap_points(board.size(), n)
        .ok()?
        .into_iter()
        .map(|(c, r)| board.point(c, r))
        .collect()
}

/// `fixed_handicap N`: the agreed points; 2..=9 (2..=4 on 7x7 and even
/// sizes), boards from 7x7.
pub fn fixed_handicap(engine: &mut Engine, args: &[&str]) -> Reply {
    let n = stones_arg(args)?;
    if !ready_for_handicap(&engine.game) {
        return Err(board_not_empty());
    }
    let board = engine.game.board();
    let points = fixed_points(board, n).ok_or_else(|| invalid_stones(n, board.size()))?;
    place_handicap(engine, &points)
}

/// Handicap points chosen freely: the fixed points where they exist (as
/// many as possible), then a greedy spread that adds, one at a time, the
/// empty point farthest from every stone so far, preferring points away
/// from the edge (ties broken by reading order). Returns `n` points for any
/// `n` below the number of points of the board.
pub fn free_handicap_points(board: &Board, n: usize) -> Vec<Point> {
    let size = board.size();
    let total = size * size;
    let n = n.min(total.saturating_sub(1));
    let max_fixed = (2..=9)
        .rev()
        .find(|&k| fixed_handicap_points(size, k).is_ok())
        .unwrap_or(0);
    let mut chosen = if n >= 2 && max_fixed >= 2 {
        fixed_points(board, n.min(max_fixed)).unwrap_or_default()
    } else {
        Vec::new()
    };
    let all: Vec<Point> = crate::gtp::vertex::points_top_down(board);
    // Squared distance from each candidate to the nearest chosen stone.
    let coords = |p: Point| {
        let (c, r) = board.coords(p);
        (c as i64, r as i64)
    };
    let mut nearest: Vec<i64> = all
        .iter()
        .map(|&p| {
            let (c, r) = coords(p);
            chosen
                .iter()
                .map(|&q| {
                    let (qc, qr) = coords(q);
                    (c - qc).pow(2) + (r - qr).pow(2)
                })
                .min()
                .unwrap_or(i64::MAX)
        })
        .collect();
    let edge = |p: Point| {
        let (c, r) = board.coords(p);
        c.min(r).min(size - 1 - c).min(size - 1 - r).min(3) as i64
    };
    while chosen.len() < n {
        let best = all
            .iter()
            .enumerate()
            .filter(|&(_, p)| !chosen.contains(p))
            .max_by_key(|&(i, &p)| (nearest[i], edge(p), std::cmp::Reverse(i)));
        let Some((_, &p)) = best else { break };
        chosen.push(p);
        let (pc, pr) = coords(p);
        for (i, &q) in all.iter().enumerate() {
            let (c, r) = coords(q);
            nearest[i] = nearest[i].min((c - pc).pow(2) + (r - pr).pow(2));
        }
    }
    chosen
}

/// `place_free_handicap N`: the engine chooses N points (2 up to one less
/// than the number of points).
pub fn place_free_handicap(engine: &mut Engine, args: &[&str]) -> Reply {
    let n = stones_arg(args)?;
    if !ready_for_handicap(&engine.game) {
        return Err(board_not_empty());
    }
    let board = engine.game.board();
    let size = board.size();
    if n < 2 || n >= size * size {
        return Err(invalid_stones(n, size));
    }
    let points = free_handicap_points(board, n);
    place_handicap(engine, &points)
}

/// `set_free_handicap V...`: at least two distinct points, no pass.
pub fn set_free_handicap(engine: &mut Engine, args: &[&str]) -> Reply {
    if !ready_for_handicap(&engine.game) {
        return Err(board_not_empty());
    }
    let board = engine.game.board();
    let bad = |why: String| Failure::because("bad vertex list", why);
    let mut points = Vec::with_capacity(args.len());
    for s in args {
        let p = parse_point(s, board).map_err(|e| bad(e.to_string()))?;
        if points.contains(&p) {
            return Err(bad(format!("{s} repeated")));
        }
        points.push(p);
    }
    if points.len() < 2 {
        return Err(bad(format!(
            "{} stone{}; at least 2 needed",
            points.len(),
            if points.len() == 1 { "" } else { "s" }
        )));
    }
    if points.len() >= board.size() * board.size() {
        return Err(bad("the whole board".to_string()));
    }
    place_handicap(engine, &points).map(|_| String::new())
}
