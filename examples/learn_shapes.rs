//! Counts the 3x3 shapes of professional moves (`src/search/shape.rs`):
//! for every move of every record, every legal point of the mover is
//! *seen* under its shape, and the point played is also *played*. Prints
//! the table `src/search/shapes.txt` holds:
//!
//! ```sh
//! cargo run --release --example learn_shapes -- tests/data/fox-pro/games \
//!     > src/search/shapes.txt
//! ```
//!
//! Shapes seen fewer than `--min-seen` times (default 20) are left out;
//! the search treats a missing shape as neutral.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use weiqi::game::{Game, Move};
use weiqi::rules::Rules;
use weiqi::search::shape;
use weiqi::sgf;

fn main() {
    let mut dirs = Vec::new();
    let mut min_seen = 20u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--min-seen" {
            min_seen = args.next().and_then(|v| v.parse().ok()).unwrap_or(min_seen);
        } else {
            dirs.push(a);
        }
    }
    if dirs.is_empty() {
        eprintln!("usage: learn_shapes [--min-seen N] DIR...");
        std::process::exit(2);
    }
    let Ok(rules) = Rules::preset("chinese") else {
        eprintln!("no chinese rules");
        std::process::exit(1);
    };
    let mut counts: HashMap<u32, (u64, u64)> = HashMap::new();
    let (mut games, mut moves) = (0, 0);
    for dir in &dirs {
        let Ok(entries) = fs::read_dir(Path::new(dir)) else {
            eprintln!("cannot read {dir}");
            continue;
        };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for path in files {
            let Ok(bytes) = sgf::read_file(&path) else {
                continue;
            };
            let Ok(loaded) = sgf::load(&bytes, &sgf::LoadOptions::with_rules(rules)) else {
                continue;
            };
            if loaded.info.get("AB").is_some() || loaded.info.get("AW").is_some() {
                continue;
            }
            let size = loaded.game.board().size();
            let Some(mut game) = Game::new(size, rules) else {
                continue;
            };
            games += 1;
            for played in loaded.game.moves() {
                let Move::Place(p) = played.mv else {
                    if game.play(played.color, played.mv).is_err() {
                        break;
                    }
                    continue;
                };
                let board = game.board();
                for q in game.legal_points(played.color) {
                    let c = shape::canonical(shape::code(board, played.color, q));
                    let e = counts.entry(c).or_default();
                    e.1 += 1;
                    if q == p {
                        e.0 += 1;
                    }
                }
                moves += 1;
                if game.play(played.color, played.mv).is_err() {
                    break;
                }
            }
        }
    }
    let mut rows: Vec<_> = counts
        .into_iter()
        .filter(|(_, (_, s))| *s >= min_seen)
        .collect();
    rows.sort_by(|a, b| b.1.1.cmp(&a.1.1).then(a.0.cmp(&b.0)));
    println!("# 3x3 shapes of professional moves: shape, times played, times seen");
    println!("# (see shape.rs). Counted by examples/learn_shapes.rs over {games} games,");
    println!(
        "# {moves} moves, of {}; shapes seen {min_seen} times or more.",
        dirs.join(" ")
    );
    println!("# Counts derived from the records, which are GPL-3.0 data (the licence");
    println!("# and source of tests/data/fox-pro/ are in its LICENSE and README).");
    for (code, (played, seen)) in rows {
        println!("{} {played} {seen}", shape::text(code));
    }
}
