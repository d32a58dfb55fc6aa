//! Dead-stone analysis tests: Benson, one eye against two, seki,
//! determinism.

use super::*;
use crate::rules::Rules;
use crate::testutil::game_from;

fn board(rows: &[&str]) -> Board {
    game_from(rows, Rules::default(), 7.5).board().clone()
}

fn at(b: &Board, col: usize, row: usize) -> Point {
    b.point(col, row).expect("on board")
}

#[test]
fn benson_finds_a_two_eyed_corner_group() {
    // Black's corner group has two one-point eyes (A1, B2): pass-alive.
    // The lone Black stone on the right has no eye.
    let b = board(&[
        ". . . . .",
        ". . . . .",
        "X X X X .",
        "X . X . .",
        ". X . X X",
    ]);
    let r = benson(&b, Color::Black);
    assert!(r.alive[at(&b, 0, 2).index()]);
    assert!(r.alive[at(&b, 1, 0).index()]);
    assert!(r.safe[at(&b, 0, 0).index()]);
    assert!(r.safe[at(&b, 1, 1).index()]);
    assert!(!r.safe[at(&b, 4, 4).index()]);
    let w = benson(&b, Color::White);
    assert!(w.alive.iter().all(|&x| !x));
}

#[test]
fn benson_alone_is_not_fooled_by_a_big_eye() {
    // One big eye space is not two eyes.
    let b = board(&[
        ". . . . .",
        "X X X X X",
        ". . . . X",
        ". . . . X",
        ". . . . X",
    ]);
    let r = benson(&b, Color::Black);
    assert!(!r.alive[at(&b, 0, 3).index()]);
}

/// 9x9: White lives on the right; Black's group on the left of White's
/// area has one eye (H9) and the one below two (H5, J4)... see each test.
const ONE_EYE: [&str; 9] = [
    "X X X X O . X . X",
    "X . X X O X X X X",
    "X X X X O O O O O",
    "X . X X O . . . .",
    "X X X X O . . . .",
    ". . X X O . . . .",
    "X X X X O O O O O",
    ". . X X O . O . O",
    "X X X X O O O O O",
];

#[test]
fn a_group_with_one_eye_dies() {
    // Top right: Black's G9..J8 group has the eyes H9 and F9? F9 touches
    // White's E9, so only the point H9 is an eye and F9 a shared liberty:
    // one eye, dead once White fills F9 and plays H9.
    let b = board(&ONE_EYE);
    let a = analyse(&b);
    let top = at(&b, 6, 8);
    assert_eq!(a.status(top), Some(Status::Dead), "{:?}", a.chain_at(top));
    // White's groups and Black's left side live.
    assert_eq!(a.status(at(&b, 4, 4)), Some(Status::Alive));
    assert_eq!(a.status(at(&b, 0, 8)), Some(Status::Alive));
}

#[test]
fn a_group_with_two_eyes_lives() {
    // The same Black group with a second eye (F9 made an eye by a Black
    // stone on E9's side): two real eyes inside White's area.
    let b = board(&[
        "X X X X O X . X .",
        "X . X X O X X X X",
        "X X X X O O O O O",
        "X . X X O . . . .",
        "X X X X O . . . .",
        ". . X X O . . . .",
        "X X X X O O O O O",
        ". . X X O . O . O",
        "X X X X O O O O O",
    ]);
    let a = analyse(&b);
    let top = at(&b, 6, 7);
    assert_eq!(a.status(top), Some(Status::Alive), "{:?}", a.chain_at(top));
    assert_eq!(a.with_status(Status::Dead).count(), 0);
}

#[test]
fn the_analysis_is_deterministic() {
    let b = board(&ONE_EYE);
    let dead = |a: &Analysis| -> Vec<Vec<Point>> {
        a.with_status(Status::Dead)
            .map(|c| c.stones.clone())
            .collect()
    };
    let first = analyse(&b);
    let second = analyse(&b);
    assert_eq!(dead(&first), dead(&second));
    assert!(!dead(&first).is_empty());
    // The ko ban and the player to move do not matter: only the stones.
    let mut c = b.clone();
    c.clear_ko();
    assert_eq!(dead(&analyse(&c)), dead(&first));
}

#[test]
fn seki_is_not_dead() {
    let b = board(&crate::score::tests::SEKI);
    let a = analyse(&b);
    assert_eq!(a.status(at(&b, 1, 8)), Some(Status::Seki));
    assert_eq!(a.status(at(&b, 3, 8)), Some(Status::Seki));
    // The outer groups are plainly alive.
    assert_eq!(a.status(at(&b, 6, 8)), Some(Status::Alive));
    assert_eq!(a.status(at(&b, 0, 6)), Some(Status::Alive));
}

#[test]
fn nothing_is_dead_without_a_surrounding_opponent() {
    // A few stones on an open board: no area is surrounded by one side, so
    // the consistency pass keeps every chain alive.
    let b = board(&[
        ". . . . .",
        ". . . O .",
        ". . . . .",
        ". X . . .",
        ". X . . .",
    ]);
    let a = analyse(&b);
    assert_eq!(a.with_status(Status::Dead).count(), 0);
    let empty = Board::new(19).expect("19x19");
    assert!(analyse(&empty).chains().is_empty());
}

#[test]
fn self_atari_is_seen() {
    // X at B1 after White's A2, B2: the chain A1-B1 would have one liberty.
    let b = board(&[". . .", "O O .", "X . ."]);
    assert!(b.is_self_atari(Color::Black, at(&b, 1, 0)));
    assert!(
        !b.is_self_atari(Color::White, at(&b, 1, 0)),
        "White's B1 captures A1"
    );
    assert!(!b.is_self_atari(Color::Black, at(&b, 2, 2)));
}
