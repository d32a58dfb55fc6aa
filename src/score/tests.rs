//! Counting tests: the seed's worked example, dead stones, seki, handicap
//! compensation, and area against territory counting.

use super::*;
use crate::game::Move;
use crate::life::analyse;
use crate::rules::Rules;
use crate::testutil::game_from;

fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("preset")
}

fn count(game: &Game) -> Breakdown {
    Breakdown::new(game, &analyse(game.board()))
}

/// The sizes of the chains `a` finds in seki, in board order.
fn seki_sizes(a: &crate::life::Analysis) -> Vec<usize> {
    a.with_status(Status::Seki)
        .map(|c| c.stones.len())
        .collect()
}

/// The seed's worked example (docs/RULES.md): Black 140 stones + 44 territory =
/// 184, White 140 stones + 37 territory = 177, all borders closed.
pub const WORKED_EXAMPLE: [&str; 19] = [
    "X X X X X X X X X O O O O O O O O O O",
    "X X X X X X X X X O O O O O O O O O O",
    "X X X X X X X X X O O O O O O O O O O",
    "X X X X X X X X X O O O O O O O O O O",
    "X X X X X X X X X O O O O O O O O O O",
    "X X X X X X X X X O O O O O O O O O O",
    "X X X X X X X X X X O O O O O O O O O",
    ". . . . X X X X X X O O O O O O . . O",
    ". . . . X X X X X X O O O O O O . . .",
    ". . . . X X X X X X O O O O O O . . .",
    ". . . . X X X X X X O O O O O O . . .",
    ". . . . X X X X X X O O O O O O . . .",
    ". . . . X X X X X X O O O O O O . . .",
    "X X X X X X X X X X O O O O O O O O O",
    ". . . . X X X X X X O O O O O O O O O",
    ". . . . X X X X X X O O O O . . . . .",
    ". . . . X X X X X X O O O O . . . . .",
    ". . . . X X X X X X O O O O . . . . .",
    ". . . . X X X X X X O O O O . . . . .",
];

#[test]
fn worked_example_area_counting() {
    let g = game_from(&WORKED_EXAMPLE, rules("chinese"), 7.5);
    let b = count(&g);
    assert_eq!(b.stones, [140, 140]);
    assert_eq!(b.territory, [44, 37]);
    assert_eq!(b.dead, [0, 0]);
    assert_eq!(b.neutral, 0);
    assert_eq!((b.count(Color::Black), b.count(Color::White)), (184, 177));
    assert_eq!(b.score().result(), "W+0.5");
    let text = b.text("chinese");
    assert!(
        text.contains("in stones: Black 184, White 177, komi 3¾: 184 - 3¾ = 180¼ < 180½, White wins by ¼ stone"),
        "{text}"
    );

    let mut g = g;
    g.set_komi(6.5);
    let b = count(&g);
    assert_eq!(b.score().result(), "B+0.5");
    assert!(b.text("chinese").ends_with("Black wins by ¼ stone"));
    g.set_komi(0.0);
    assert_eq!(count(&g).score().result(), "B+7");
    assert!(count(&g).stones_text().ends_with("Black wins by 3½ stones"));
}

#[test]
fn worked_example_territory_counting() {
    // Equal prisoners (none): territory 44 against 37 plus komi.
    let mut g = game_from(&WORKED_EXAMPLE, rules("japanese"), 6.5);
    let b = count(&g);
    assert_eq!(b.territory, [44, 37]);
    assert_eq!(b.score().result(), "B+0.5");
    assert!(!b.text("japanese").contains("in stones"));
    g.set_komi(7.5);
    assert_eq!(count(&g).score().result(), "W+0.5");
    g.set_komi(0.0);
    assert_eq!(count(&g).score().result(), "B+7");
}

#[test]
fn quarters_are_written_as_fractions() {
    assert_eq!(stones(180.5), "180½");
    assert_eq!(stones(0.25), "¼");
    assert_eq!(stones(3.75), "3¾");
    assert_eq!(stones(4.0), "4");
    assert_eq!(stones(-1.25), "-1¼");
    assert_eq!(stones(3.15), "3.15");
}

/// 9x9: Black's wall on D, White's on E; a lone White stone in Black's
/// area (B7) and a lone Black stone in White's (G3).
const LONE_DEAD: [&str; 9] = [
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". O . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . X . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
];

#[test]
fn lone_dead_stones_are_removed() {
    let g = game_from(&LONE_DEAD, rules("chinese"), 0.5);
    let a = analyse(g.board());
    let dead: Vec<&crate::life::Chain> = a.with_status(Status::Dead).collect();
    assert_eq!(dead.len(), 2, "{a:?}");
    let b = Breakdown::new(&g, &a);
    assert_eq!(b.dead, [1, 1]);
    assert_eq!(b.stones, [9, 9]);
    // Area: Black 9 + 27 (B7's point included), White 9 + 36.
    assert_eq!(b.territory, [27, 36]);
    assert_eq!(b.score().result(), "W+9.5");

    // Territory: the dead stones' points are territory and the stones are
    // prisoners: Black 27 + 1, White 36 + 1 + 0.5.
    let mut j = g.clone();
    j.set_rules(rules("japanese"));
    let b = count(&j);
    assert_eq!(
        (b.prisoners(Color::Black), b.prisoners(Color::White)),
        (1, 1)
    );
    assert_eq!(b.score().result(), "W+9.5");
    assert!(b.text("japanese").contains("prisoners: black 1, white 1"));
}

/// 9x9 with a seki in the top left: Black's A8 B8 B9 C8 (eye A9) and
/// White's D9 D8 E8 F8 F9 (eye E9) share the liberty C9; the outer groups
/// live.
pub const SEKI: [&str; 9] = [
    ". X . O . O X . .",
    "X X X O O O X . .",
    "O O O X X X X . .",
    ". . O X . . . . .",
    ". . O X . . . . .",
    "O O O X . . . . .",
    ". . O X X X X X X",
    ". . O X . . . . .",
    ". . O X . . . . .",
];

#[test]
fn seki_points_are_nobodys_territory() {
    let g = game_from(&SEKI, rules("chinese"), 0.0);
    let a = analyse(g.board());
    assert_eq!(seki_sizes(&a), [4, 5], "{a:?}");
    assert_eq!(a.with_status(Status::Dead).count(), 0);
    // Area: the seki eyes count for their owners, the shared liberty for
    // nobody. Black: 21 stones + 31 + A9; White: 16 + 10 + E9.
    let b = Breakdown::new(&g, &a);
    assert_eq!(b.stones, [21, 16]);
    assert_eq!(b.territory, [32, 11]);
    assert_eq!(b.neutral, 1);
    assert_eq!(b.score().result(), "B+26");
    assert!(
        b.stones_text()
            .contains("1 neutral points shared: Black 53½")
    );

    // Territory: no points in seki.
    let mut j = g.clone();
    j.set_rules(rules("japanese"));
    let b = count(&j);
    assert_eq!(b.territory, [31, 10]);
    assert_eq!(b.neutral, 3);
    assert_eq!(b.score().result(), "B+21");
}

/// The final position of a game GNU Go played against itself (9x9, level
/// 10, seed 1409023 in `scripts/score_records/level10-9x9-seed14.jsonl`):
/// in the top right, Black H9-H8 and White J8 share the liberty J9 with
/// White's group, which shares G8 with Black; White's J7 is an eye that
/// only White can fill. GNU Go's area count leaves J7 out (W+3.5).
const GNUGO_SEKI: [&str; 9] = [
    ". . X X O O O X .",
    ". . X O O O . X O",
    "X X X X X O O O .",
    "O O O O X X X O O",
    ". . O O X X . X O",
    ". O O X X . . X X",
    "O . . O X X . . .",
    ". O O O O X . . .",
    ". . . O X X . . .",
];

#[test]
fn a_seki_eye_counts_for_its_owner_under_area_counting_only() {
    let g = game_from(&GNUGO_SEKI, rules("chinese"), 7.5);
    let a = analyse(g.board());
    // White's group from J5 to E9; H8-H9; J8 (in board order).
    assert_eq!(seki_sizes(&a), [12, 2, 1], "{a:?}");
    assert_eq!(a.with_status(Status::Dead).count(), 0);
    // Area: J7 is White's, G8 and J9 nobody's.
    let b = Breakdown::new(&g, &a);
    assert_eq!(b.stones, [25, 28]);
    assert_eq!(b.territory, [16, 10]);
    assert_eq!(b.neutral, 2);
    assert_eq!(b.score().result(), "W+4.5");
    // Territory: no points in seki, J7 included.
    let mut j = g.clone();
    j.set_rules(rules("japanese"));
    j.set_komi(6.5);
    let b = count(&j);
    assert_eq!(b.territory, [16, 9]);
    assert_eq!(b.neutral, 3);
    assert_eq!(b.score().result(), "B+0.5");
}

#[test]
fn handicap_compensation_by_preset() {
    for n in 2..=9u32 {
        let pts = crate::game::fixed_handicap_points(19, n as usize).expect("2..9 on 19x19");
        let mut analysis = None;
        for (name, expected) in [("chinese", n), ("aga", n - 1), ("japanese", 0)] {
            let mut g = Game::new(19, rules(name)).expect("19x19");
            g.set_komi(0.5);
            let stones: Vec<_> = pts
                .iter()
                .map(|&(c, r)| (Color::Black, g.board().point(c, r).expect("pt")))
                .collect();
            g.place_setup(&stones, true).expect("handicap");
            // The same stones under every preset: analyse them once.
            let a = analysis.get_or_insert_with(|| analyse(g.board()));
            let b = Breakdown::new(&g, a);
            assert_eq!(b.handicap, n);
            assert_eq!(b.compensation, f64::from(expected), "{name} {n}");
            assert_eq!(b.dead, [0, 0], "handicap stones are never dead");
            // Black owns the whole board under both countings.
            let black = if name == "japanese" { 361 - n } else { 361 };
            let white = 0.5 + f64::from(expected);
            assert_eq!(b.score().margin(), f64::from(black) - white, "{name} {n}");
        }
    }
}

#[test]
fn handicap_from_an_opening_run_of_black_moves() {
    let mut g = Game::new(19, rules("chinese")).expect("19x19");
    for &(c, r) in &[(3, 3), (15, 15), (3, 15)] {
        let p = g.board().point(c, r).expect("pt");
        g.play(Color::Black, Move::Place(p)).expect("legal");
    }
    assert_eq!(handicap_count(&g), 3);
    let p = g.board().point(15, 3).expect("pt");
    g.play(Color::White, Move::Place(p)).expect("legal");
    assert_eq!(handicap_count(&g), 3);
    assert_eq!(count(&g).compensation, 3.0);

    // One Black move before White's is an ordinary game.
    let mut g = Game::new(19, rules("chinese")).expect("19x19");
    for (c, col) in [(Color::Black, 3), (Color::White, 15), (Color::Black, 4)] {
        let p = g.board().point(col, 3).expect("pt");
        g.play(c, Move::Place(p)).expect("legal");
    }
    assert_eq!(handicap_count(&g), 0);
}

/// 9x9: walls on D (Black) and F (White); Black has also filled five of the
/// dame points on E. Area counting rewards the filled dame, territory
/// counting does not.
const DAME: [&str; 9] = [
    ". . . X X O . . .",
    ". . . X X O . . .",
    ". . . X X O . . .",
    ". . . X X O . . .",
    ". . . X X O . . .",
    ". . . X . O . . .",
    ". . . X . O . . .",
    ". . . X . O . . .",
    ". . . X . O . . .",
];

#[test]
fn area_and_territory_can_disagree_on_the_winner() {
    let g = game_from(&DAME, rules("chinese"), 0.5);
    let b = count(&g);
    assert_eq!((b.count(Color::Black), b.count(Color::White)), (41, 36));
    assert_eq!(b.score().result(), "B+4.5");
    let mut j = g.clone();
    j.set_rules(rules("japanese"));
    let b = count(&j);
    assert_eq!((b.count(Color::Black), b.count(Color::White)), (27, 27));
    assert_eq!(b.score().result(), "W+0.5");
}

#[test]
fn results_are_written_like_gtp() {
    let s = |black, white| Score { black, white }.result();
    assert_eq!(s(10.0, 6.5), "B+3.5");
    assert_eq!(s(10.0, 17.0), "W+7");
    assert_eq!(s(7.0, 7.0), "0");
    assert_eq!(s(7.0, 6.3), "B+0.7");
}

#[test]
fn empty_board_is_neutral_and_handicap_is_compensated() {
    let mut g = Game::new(9, Rules::default()).expect("9x9");
    assert_eq!(count(&g).score().result(), "W+7.5");
    let pts: Vec<_> = [(2, 2), (6, 6)]
        .iter()
        .map(|&(c, r)| (Color::Black, g.board().point(c, r).expect("pt")))
        .collect();
    g.place_setup(&pts, true).expect("handicap");
    // 2 stones + 79 empty points touching black only; White: 7.5 + 2.
    assert_eq!(count(&g).score().result(), "B+71.5");
}

#[test]
fn summary_gives_the_result_in_points_and_in_stones() {
    let mut g = game_from(&WORKED_EXAMPLE, rules("chinese"), 7.5);
    assert_eq!(count(&g).summary(), "W+0.5 (area, komi 7.5) — W+¼ stone");
    g.set_komi(0.0);
    assert_eq!(count(&g).summary(), "B+7 (area, komi 0) — B+3½ stones");
    g.set_rules(rules("japanese"));
    g.set_komi(6.5);
    assert_eq!(count(&g).summary(), "B+0.5 (territory, komi 6.5)");
}

#[test]
fn point_kinds_follow_the_analysis_and_the_count() {
    let g = game_from(&WORKED_EXAMPLE, rules("chinese"), 7.5);
    let a = analyse(g.board());
    let kinds = point_kinds(&g, &a);
    let n = |k: PointKind| kinds.iter().filter(|&&x| x == k).count() as u32;
    let b = Breakdown::new(&g, &a);
    assert_eq!(n(PointKind::Stone(Color::Black)), b.stones[0]);
    assert_eq!(n(PointKind::Stone(Color::White)), b.stones[1]);
    assert_eq!(n(PointKind::Territory(Color::Black)), b.territory[0]);
    assert_eq!(n(PointKind::Territory(Color::White)), b.territory[1]);
    // Row 1 (index 0..19) is the bottom line of the diagram: A1 is empty
    // and Black's, T1 empty and White's.
    assert_eq!(kinds[0], PointKind::Territory(Color::Black));
    assert_eq!(kinds[18], PointKind::Territory(Color::White));
    assert_eq!(kinds[18 * 19], PointKind::Stone(Color::Black));
    let svg = svg_picture(&g, &a);
    assert!(svg.contains(">W+0.5 (area, komi 7.5) — W+¼ stone</text>"));
}

#[test]
fn an_open_border_goes_to_the_nearer_side_where_the_playouts_agree() {
    // White's area on the left (with Black's dead B5) reaches Black's
    // wall through E5 F5: no point there touches both colours, so no dame
    // closes it, and the whole area was counted for nobody (B+6.5, with
    // White's 12 points of A4-D6 lost). Over the board White blocks at E5
    // and F5 is a dame. Now the points nearer White's stones that the
    // playouts give White (A4-D6, the dead stone's point included) are
    // White's territory; so is D5, which the playouts give White less
    // often (the passage is open in them) but above OPEN_BORDER_SHARE.
    // The settling fills E5 as a dame, and F5 behind it goes to Black,
    // where over the board White's E5 makes it a dame: the count is
    // W+4.5, a point short of the hand count, as it was with 0.5, which
    // left D5 and F5 neutral.
    let rows = [
        ". . . O O X . . .",
        ". . . O O X . . .",
        "O O O O O X . . .",
        ". . . . O X . . .",
        ". X . . . . X . .",
        ". . . . O X . . .",
        "O O O O O X . . .",
        ". . . O O X . . .",
        ". . . O O X . . .",
    ];
    let g = game_from(&rows, rules("japanese"), 6.5);
    let a = analyse(g.board());
    let owner = owners(g.board(), &a, Scoring::Territory);
    let at = |v: &str| owner[crate::testutil::point_at(g.board(), v).index()];
    for v in [
        "A4", "B4", "C4", "D4", "A5", "B5", "C5", "D5", "A6", "B6", "C6", "D6",
    ] {
        assert_eq!(at(v), Some(Color::White), "{v}");
    }
    assert_eq!(at("E5"), None);
    assert_eq!(at("F5"), Some(Color::Black));
    let b = count(&g);
    assert_eq!(b.territory, [27, 24], "{}", b.text("japanese"));
    assert_eq!(b.score().result(), "W+4.5");
}
