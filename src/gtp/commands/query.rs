//! Commands that only read the position: scoring, status, the board
//! diagram, legality and stone queries, GoGui's analyze menu.

use crate::board::{Board, Color, Point};
use crate::game::Move;
use crate::life::{Fill, Status};
use crate::score::{Breakdown, owners, report};

use super::args::{arg, color_arg, exactly, move_arg, point_arg};
use crate::gtp::diagram::board_diagram;
use crate::gtp::engine::{Engine, Failure, Reply};
use crate::gtp::vertex::{color_name, format_points, points_top_down};

/// `final_score`: the count of [`crate::score`] with the dead stones of
/// [`crate::life`] (exactly those `final_status_list dead` lists).
pub fn final_score(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    let analysis = engine.dead_stones();
    Ok(Breakdown::new(&engine.game, &analysis).score().result())
}

/// `weiqi-score`: the count, one fact per line (see
/// [`Breakdown::text`]).
pub fn weiqi_score(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    let analysis = engine.dead_stones();
    Ok(report(&engine.game, &analysis))
}

/// `weiqi-score_gfx`: GoGui graphics of the count: `BLACK`/`WHITE` mark
/// each side's territory (dead stones' points included), `CIRCLE` the dame
/// and `SQUARE` the teire the settling assumed, `MARK` the dead stones,
/// `TRIANGLE` the chains in seki, `TEXT` the result.
pub fn weiqi_score_gfx(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    let analysis = engine.dead_stones();
    let game = &engine.game;
    let board = game.board();
    let owner = owners(board, &analysis, game.rules().scoring);
    let order = points_top_down(board);
    let pick = |f: &dyn Fn(Point) -> bool| -> Vec<Point> {
        order.iter().copied().filter(|&p| f(p)).collect()
    };
    let mut lines = Vec::new();
    for (word, color) in [("BLACK", Color::Black), ("WHITE", Color::White)] {
        let pts = pick(&|p| owner[p.index()] == Some(color));
        if !pts.is_empty() {
            lines.push(format!("{word} {}", format_points(board, &pts)));
        }
    }
    // The settling's fills: CIRCLE the dame, SQUARE the teire.
    let dame = pick(&|p| matches!(analysis.fill(p), Some(Fill::Dame(_))));
    if !dame.is_empty() {
        lines.push(format!("CIRCLE {}", format_points(board, &dame)));
    }
    let teire = pick(&|p| matches!(analysis.fill(p), Some(Fill::Teire(_))));
    if !teire.is_empty() {
        lines.push(format!("SQUARE {}", format_points(board, &teire)));
    }
    for (word, status) in [("MARK", Status::Dead), ("TRIANGLE", Status::Seki)] {
        let pts = pick(&|p| analysis.status(p) == Some(status));
        if !pts.is_empty() {
            lines.push(format!("{word} {}", format_points(board, &pts)));
        }
    }
    lines.push(format!(
        "TEXT {}",
        Breakdown::new(game, &analysis).score().result()
    ));
    Ok(lines.join("\n"))
}

/// Chains one per line, each chain's stones in reading order.
fn chains_text(board: &Board, chains: &[Vec<Point>]) -> String {
    let order = points_top_down(board);
    let rank = |p: &Point| order.iter().position(|q| q == p).unwrap_or(usize::MAX);
    let mut chains: Vec<Vec<Point>> = chains.to_vec();
    for c in &mut chains {
        c.sort_by_key(rank);
    }
    chains.sort_by_key(|c| c.first().map_or(usize::MAX, rank));
    chains
        .iter()
        .map(|c| format_points(board, c))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `final_status_list alive|dead|seki` (also GNU Go's `black_territory`,
/// `white_territory`, `dame`), from the dead-stone analysis.
pub fn final_status_list(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let status = arg(args, 0)?.to_ascii_lowercase();
    let wanted = match status.as_str() {
        "alive" => Some(Status::Alive),
        "dead" => Some(Status::Dead),
        "seki" => Some(Status::Seki),
        "black_territory" | "white_territory" | "dame" => None,
        _ => return Err(Failure::syntax(format!("'{status}' is not a status"))),
    };
    let analysis = engine.dead_stones();
    let board = engine.game.board();
    if let Some(wanted) = wanted {
        let chains: Vec<Vec<Point>> = analysis
            .with_status(wanted)
            .map(|c| c.stones.clone())
            .collect();
        return Ok(chains_text(board, &chains));
    }
    let owner = owners(board, &analysis, engine.game.rules().scoring);
    let want = match status.as_str() {
        "black_territory" => Some(Color::Black),
        "white_territory" => Some(Color::White),
        _ => None,
    };
    let pts: Vec<Point> = points_top_down(board)
        .into_iter()
        .filter(|&p| {
            (board.color_at(p).is_none() || analysis.is_dead(p)) && owner[p.index()] == want
        })
        .collect();
    Ok(format_points(board, &pts))
}

/// `final_status V`: `alive`, `dead` or `seki` for a stone;
/// `black_territory`, `white_territory` or `dame` for an empty point.
pub fn final_status(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let p = point_arg(engine, args, 0)?;
    let analysis = engine.dead_stones();
    let board = engine.game.board();
    Ok(match analysis.status(p) {
        Some(Status::Alive) => "alive",
        Some(Status::Dead) => "dead",
        Some(Status::Seki) => "seki",
        None => match owners(board, &analysis, engine.game.rules().scoring)[p.index()] {
            Some(Color::Black) => "black_territory",
            Some(Color::White) => "white_territory",
            None => "dame",
        },
    }
    .to_string())
}

/// `showboard`.
pub fn showboard(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(board_diagram(&engine.game))
}

/// `is_legal C V`: `1` or `0` (a pass is legal).
pub fn is_legal(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 2)?;
    let color = color_arg(args, 0)?;
    let mv = move_arg(engine, args, 1)?;
    let legal = match mv {
        Move::Pass => true,
        Move::Place(p) => engine.game.is_legal(color, p),
    };
    Ok(if legal { "1" } else { "0" }.to_string())
}

/// `all_legal C`: every legal point, in reading order.
pub fn all_legal(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    let game = &engine.game;
    let pts: Vec<Point> = points_top_down(game.board())
        .into_iter()
        .filter(|&p| game.is_legal(color, p))
        .collect();
    Ok(format_points(game.board(), &pts))
}

/// `captures C`: stones captured by `C`.
pub fn captures(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    Ok(engine.game.board().captures(color).to_string())
}

/// `list_stones C`.
pub fn list_stones(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let color = color_arg(args, 0)?;
    let board = engine.game.board();
    let pts: Vec<Point> = points_top_down(board)
        .into_iter()
        .filter(|&p| board.color_at(p) == Some(color))
        .collect();
    Ok(format_points(board, &pts))
}

/// `color V`: `black`, `white` or `empty`.
pub fn color(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let p = point_arg(engine, args, 0)?;
    Ok(engine
        .game
        .board()
        .color_at(p)
        .map_or("empty", color_name)
        .to_string())
}

/// `countlib V`: liberties of the chain at V; an empty point is refused
/// (`? vertex must not be empty`), as GNU Go does.
pub fn countlib(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let p = point_arg(engine, args, 0)?;
    // As GNU Go: an empty point has no group to count.
    if engine.game.board().color_at(p).is_none() {
        return Err(Failure::new("vertex must not be empty"));
    }
    Ok(engine.game.board().liberties(p).to_string())
}

/// GoGui's analyze menu: `type/label/command` lines.
pub const ANALYZE_COMMANDS: &[&str] = &[
    "string/Rules/kata-get-rules",
    "string/Final Score/final_score",
    "string/Score breakdown/weiqi-score",
    "gfx/Score/weiqi-score_gfx",
    "plist/Alive Stones/final_status_list alive",
    "plist/Dead Stones/final_status_list dead",
    "plist/Seki Stones/final_status_list seki",
    "plist/Black Territory/final_status_list black_territory",
    "plist/White Territory/final_status_list white_territory",
    "plist/All Legal Black/all_legal black",
    "plist/All Legal White/all_legal white",
    "string/Captures Black/captures black",
    "string/Captures White/captures white",
    "string/Liberties/countlib %p",
    "gfx/Ownership/weiqi-ownership",
];

/// `gogui-analyze_commands`.
pub fn gogui_analyze_commands(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(ANALYZE_COMMANDS.join("\n"))
}
