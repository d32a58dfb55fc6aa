//! The OGS score-estimator positions (`tests/data/ogs-score-tests/`, MIT):
//! 54 endings of real online games with the stones the two players agreed
//! to remove. The dead-stone analysis must find exactly those stones on at
//! least 53 of them; the ones it still misses are listed in
//! [`KNOWN_MISSES`] with the reason.

use std::fs;
use std::path::{Path, PathBuf};

use super::*;
use crate::game::Game;
use crate::rules::Rules;
use crate::testutil::game_from;

/// One position: its diagram (top row first) and the removed stones as
/// (column, row from the bottom).
pub struct OgsPosition {
    pub name: String,
    pub rows: Vec<String>,
    pub removed: Vec<(usize, usize)>,
}

/// Reads a `.game` file (see the folder's README for the format).
pub fn read_position(path: &Path) -> OgsPosition {
    let text = fs::read_to_string(path).expect("readable test position");
    let mut numbers: Vec<Vec<i32>> = Vec::new();
    let mut height = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(h) = line.strip_prefix("height") {
            height = h.trim().parse().expect("height");
            continue;
        }
        if line.starts_with("width") || line.starts_with("player_to_move") {
            continue;
        }
        numbers.push(
            line.split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect(),
        );
    }
    assert_eq!(numbers.len(), 2 * height, "{}", path.display());
    let (stones, marks) = numbers.split_at(height);
    let rows = stones
        .iter()
        .map(|r| {
            r.iter()
                .map(|&v| match v {
                    1 => "X",
                    -1 => "O",
                    _ => ".",
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut removed = Vec::new();
    for (i, r) in marks.iter().enumerate() {
        for (col, &m) in r.iter().enumerate() {
            // A mark on an empty point is OGS's own dame marker.
            if m == 1 && stones[i][col] != 0 {
                removed.push((col, height - 1 - i));
            }
        }
    }
    removed.sort_unstable();
    OgsPosition {
        name: path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        rows,
        removed,
    }
}

/// Every `.game` file under the test folder, in name order.
pub fn all_positions() -> Vec<OgsPosition> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ogs-score-tests/test_games");
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in fs::read_dir(&dir).expect("the OGS test folder") {
        let sub = sub.expect("a folder entry").path();
        for f in fs::read_dir(&sub).expect("a category folder") {
            let f = f.expect("a file entry").path();
            if f.extension().is_some_and(|e| e == "game") {
                files.push(f);
            }
        }
    }
    files.sort();
    files.iter().map(|f| read_position(f)).collect()
}

/// The positions whose agreed dead stones the analysis does not find, and
/// why (checked by hand; each reason is also a test below).
const KNOWN_MISSES: &[(&str, &str)] = &[(
    "12257987",
    "the players removed a 22-stone Black group (F13-N19) that is in seki: it and the \
         White chain around it share their only four liberties (K14 L14 M14 N14) and neither \
         has an eye, so whoever fills the third shared liberty is captured",
)];

/// The dead stones the analysis finds, as (column, row).
fn dead_found(rows: &[String]) -> Vec<(usize, usize)> {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let game = game_from(&rows, Rules::default(), 7.5);
    let board = game.board();
    let a = analyse(board);
    let mut dead: Vec<(usize, usize)> = board
        .points()
        .filter(|&p| a.is_dead(p))
        .map(|p| board.coords(p))
        .collect();
    dead.sort_unstable();
    dead
}

#[test]
fn ogs_positions_dead_stones() {
    let positions = all_positions();
    assert_eq!(positions.len(), 54);
    let mut misses = Vec::new();
    for pos in &positions {
        let found = dead_found(&pos.rows);
        if found != pos.removed {
            let extra: Vec<_> = found.iter().filter(|p| !pos.removed.contains(p)).collect();
            let missed: Vec<_> = pos.removed.iter().filter(|p| !found.contains(p)).collect();
            eprintln!(
                "OGS {}: {} found dead that the players kept, {} the players removed not found: extra {:?} missed {:?}",
                pos.name,
                extra.len(),
                missed.len(),
                extra,
                missed
            );
            misses.push(pos.name.clone());
        }
    }
    eprintln!("OGS positions: {}/54 exact", 54 - misses.len());
    for m in &misses {
        assert!(
            KNOWN_MISSES.iter().any(|(name, _)| name == m),
            "{m}: the dead stones differ from the agreed ones and the miss is not written up"
        );
    }
    assert!(
        misses.len() <= KNOWN_MISSES.len(),
        "{} misses: {misses:?}",
        misses.len()
    );
}

/// The game of the named position.
fn game_of(name: &str) -> Game {
    let pos = all_positions()
        .into_iter()
        .find(|p| p.name == name)
        .expect("the position");
    let rows: Vec<&str> = pos.rows.iter().map(String::as_str).collect();
    game_from(&rows, Rules::default(), 7.5)
}

#[test]
fn ogs_12257987_the_removed_group_is_in_seki() {
    let g = game_of("12257987");
    let b = g.board();
    let black = b.point(9, 14).expect("K15"); // the Black group
    let white = b.point(9, 12).expect("K13"); // the White chain around it
    assert_eq!(b.color_at(black), Some(Color::Black));
    assert_eq!(b.color_at(white), Some(Color::White));
    let libs = tactics::liberties_of(b, black);
    assert_eq!(libs.len(), 4);
    assert_eq!(libs, tactics::liberties_of(b, white));
    // Neither side captures the other, whoever starts.
    assert!(!tactics::can_capture(b, black));
    assert!(!tactics::can_capture(b, white));
    let a = analyse(b);
    assert_ne!(a.status(black), Some(Status::Dead));
}

#[test]
fn ogs_9280272_two_white_stones_in_the_corner_are_in_seki() {
    // White S1 S2 (liberties R1 T1) look dead in Black's corner, but
    // Black's surrounding chain (liberties R1 T3) and its stone T2 are
    // short of liberties themselves: Black R1 or T1 is a self-atari that
    // White T3 answers by capturing, and White R1 or T3 is a self-atari
    // or a suicide. A seki neither side can break; the random playouts
    // (and the search) misjudge it, and it used to be the analysis's
    // second miss on these positions.
    let g = game_of("9280272");
    let b = g.board();
    let s2 = b.point(17, 1).expect("S2");
    let black = b.point(16, 2).expect("R3");
    assert_eq!(b.color_at(s2), Some(Color::White));
    assert_eq!(b.chain_len(s2), 2);
    assert!(!tactics::can_capture(b, s2));
    let partners = tactics::seki_partners(b, s2);
    assert!(partners.iter().any(|&d| b.chain(d) == b.chain(black)));
    assert!(!analyse(b).is_dead(s2));
}
