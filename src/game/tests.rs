//! Tests of every rule in docs/RULES.md "Play", on small positions, plus the
//! random-game property test of the board's incremental state.

use super::*;
use crate::board::Cell;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const B: Color = Color::Black;
const W: Color = Color::White;

fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("known preset")
}

fn pt(g: &Game, col: usize, row: usize) -> Point {
    g.board().point(col, row).expect("point on board")
}

fn play(g: &mut Game, color: Color, col: usize, row: usize) -> MoveEffect {
    let p = pt(g, col, row);
    g.play(color, Move::Place(p))
        .unwrap_or_else(|e| panic!("{color:?} at ({col},{row}) refused: {e}\n{:?}", g.board()))
}

fn try_play(g: &mut Game, color: Color, col: usize, row: usize) -> Result<MoveEffect, GameError> {
    let p = pt(g, col, row);
    g.play(color, Move::Place(p))
}

fn at(g: &Game, col: usize, row: usize) -> Cell {
    g.board().cell(pt(g, col, row))
}

/// Plays a list of alternating-or-not moves given as (colour, col, row).
fn setup(g: &mut Game, moves: &[(Color, usize, usize)]) {
    for &(c, x, y) in moves {
        play(g, c, x, y);
    }
}

/// A single-stone ko on a 5x5 board, built with alternating moves that end
/// with Black's move, so White is to move:
///
/// ```text
/// row 2  . X O . .
/// row 1  X O . O .
/// row 0  . X O . .
/// ```
/// Black may capture at (2,1); White could then retake at (1,1).
fn ko_game(rules: Rules) -> Game {
    let mut g = Game::new(5, rules).expect("size");
    setup(
        &mut g,
        &[
            (B, 1, 2),
            (W, 2, 2),
            (B, 0, 1),
            (W, 3, 1),
            (B, 1, 0),
            (W, 1, 1),
            (B, 4, 4),
            (W, 2, 0),
            (B, 4, 3),
        ],
    );
    g
}

#[test]
fn capture_removes_chain_without_liberties() {
    // Case (a): White's two stones on the edge lose their last liberty.
    let mut g = Game::new(9, Rules::default()).expect("size");
    setup(&mut g, &[(W, 0, 0), (B, 0, 1), (W, 1, 0), (B, 1, 1)]);
    let e = play(&mut g, B, 2, 0);
    assert_eq!(e.captured, 2);
    assert_eq!(at(&g, 0, 0), Cell::Empty);
    assert_eq!(at(&g, 1, 0), Cell::Empty);
    assert_eq!(g.board().captures(B), 2);
    assert_eq!(g.board().liberties(pt(&g, 2, 0)), 3);
    g.board().verify().expect("invariants");
}

#[test]
fn capture_comes_before_suicide() {
    // Case (b): White's stone at (0,0) has no empty neighbour, but Black's
    // (1,0) has only that liberty, so it is captured and White's stone lives.
    //   row 1  X O .
    //   row 0  . X O
    let mut g = Game::new(5, Rules::default()).expect("size");
    setup(&mut g, &[(B, 0, 1), (W, 1, 1), (B, 1, 0), (W, 2, 0)]);
    let e = play(&mut g, W, 0, 0);
    assert_eq!((e.captured, e.suicided), (1, 0));
    assert_eq!(at(&g, 1, 0), Cell::Empty);
    assert_eq!(at(&g, 0, 0), Cell::White);
    assert_eq!(g.board().liberties(pt(&g, 0, 0)), 1);
    g.board().verify().expect("invariants");
}

#[test]
fn single_stone_suicide_is_illegal_under_every_preset() {
    for name in ["chinese", "japanese", "tromp-taylor", "new-zealand"] {
        let mut g = Game::new(5, rules(name)).expect("size");
        setup(&mut g, &[(B, 1, 0), (W, 4, 4), (B, 0, 1)]);
        assert_eq!(
            try_play(&mut g, W, 0, 0),
            Err(GameError::Illegal(Illegal::Board(IllegalMove::Suicide))),
            "{name}"
        );
        assert_eq!(at(&g, 0, 0), Cell::Empty);
    }
}

/// Black's two stones at (0,0),(1,0) have one liberty left, at (2,0),
/// and Black to move:
///
/// ```text
/// row 1  O O O .
/// row 0  X X . O
/// ```
/// Black at (2,0) removes its own three stones (a multi-stone suicide).
fn multi_suicide_game(rules: Rules) -> Game {
    let mut g = Game::new(5, rules).expect("size");
    setup(
        &mut g,
        &[
            (B, 0, 0),
            (W, 0, 1),
            (B, 1, 0),
            (W, 1, 1),
            (B, 4, 4),
            (W, 2, 1),
            (B, 4, 3),
            (W, 3, 0),
        ],
    );
    g
}

#[test]
fn multi_stone_suicide_illegal_in_chinese() {
    let mut g = multi_suicide_game(rules("chinese"));
    let before = g.board().hash();
    assert_eq!(
        try_play(&mut g, B, 2, 0),
        Err(GameError::Illegal(Illegal::Board(IllegalMove::Suicide)))
    );
    assert_eq!(g.board().hash(), before);
}

#[test]
fn multi_stone_suicide_legal_in_tromp_taylor() {
    for name in ["tromp-taylor", "new-zealand"] {
        let mut g = multi_suicide_game(rules(name));
        let e = play(&mut g, B, 2, 0);
        assert_eq!((e.captured, e.suicided), (0, 3), "{name}");
        for x in 0..3 {
            assert_eq!(at(&g, x, 0), Cell::Empty);
        }
        assert_eq!(g.board().captures(W), 3);
        g.board().verify().expect("invariants");
        // Undo restores the three stones... two stones and the empty point.
        g.undo().expect("undo");
        assert_eq!(at(&g, 0, 0), Cell::Black);
        assert_eq!(at(&g, 2, 0), Cell::Empty);
        assert_eq!(g.board().captures(W), 0);
    }
}

#[test]
fn simple_ko_and_its_release() {
    let mut g = ko_game(rules("japanese"));
    // Black captures (out of turn is allowed, as in GTP).
    let e = play(&mut g, B, 2, 1);
    assert_eq!(e.captured, 1);
    // White may not retake at once.
    assert_eq!(
        try_play(&mut g, W, 1, 1),
        Err(GameError::Illegal(Illegal::Board(IllegalMove::Ko)))
    );
    // A ko threat and its answer release the ko.
    play(&mut g, W, 4, 0);
    play(&mut g, B, 3, 3);
    let e = play(&mut g, W, 1, 1);
    assert_eq!(e.captured, 1);
    assert_eq!(at(&g, 2, 1), Cell::Empty);
    // And now Black is banned from retaking.
    assert_eq!(
        try_play(&mut g, B, 2, 1),
        Err(GameError::Illegal(Illegal::Board(IllegalMove::Ko)))
    );
    // A pass also releases it.
    g.play(B, Move::Pass).expect("pass");
    g.play(W, Move::Pass).expect("pass");
    assert!(g.is_legal(B, pt(&g, 2, 1)));
}

#[test]
fn capturing_two_stones_is_not_ko() {
    //   row 1  . X X . .
    //   row 0  X O O X .   Black's (3,0) captures two: no ko ban follows.
    let mut g = Game::new(5, rules("japanese")).expect("size");
    setup(
        &mut g,
        &[
            (B, 1, 1),
            (W, 1, 0),
            (B, 2, 1),
            (W, 2, 0),
            (B, 0, 0),
            (W, 4, 4),
        ],
    );
    let e = play(&mut g, B, 3, 0);
    assert_eq!(e.captured, 2);
    assert_eq!(g.board().ko_point(W), None);
    assert!(g.is_legal(W, pt(&g, 1, 0)));
}

#[test]
fn positional_and_situational_superko_differ() {
    // After Black captures the ko and passes (both Black's moves, as GTP
    // allows), White's retake recreates the ko_game arrangement, which so
    // far occurred only with White to move. Now Black would be to move.
    for (name, expected) in [
        ("chinese", Err(GameError::Illegal(Illegal::Superko))),
        ("tromp-taylor", Err(GameError::Illegal(Illegal::Superko))),
        ("aga", Ok(())),
        ("new-zealand", Ok(())),
        ("japanese", Ok(())),
    ] {
        let mut g = ko_game(rules(name));
        let s0 = g.board().hash();
        play(&mut g, B, 2, 1);
        g.play(B, Move::Pass).expect("pass");
        let r = try_play(&mut g, W, 1, 1).map(|_| ());
        assert_eq!(r, expected, "{name}");
        if r.is_ok() {
            assert_eq!(g.board().hash(), s0, "{name}: arrangement repeats");
        }
    }
}

/// In [`ko_game`] with Black to move: Black captures the ko, both pass,
/// and White tries to retake (which recreates S0 with Black to move).
fn capture_then_retake(g: &mut Game) -> Result<MoveEffect, GameError> {
    play(g, B, 2, 1);
    g.play(W, Move::Pass).expect("pass");
    g.play(B, Move::Pass).expect("pass");
    try_play(g, W, 1, 1)
}

#[test]
fn situational_superko_bans_same_situation() {
    // The plain ko cycle with alternating passes: capture, pass, pass,
    // retake would recreate the start arrangement with Black to move, which
    // is where Black captured from. Both superko rules forbid it; simple ko
    // allows it.
    let mut g = ko_game(rules("aga"));
    g.play(W, Move::Pass).expect("pass"); // now (S0, Black to move)
    assert_eq!(
        capture_then_retake(&mut g),
        Err(GameError::Illegal(Illegal::Superko))
    );
    assert!(g.is_legal(W, pt(&g, 3, 3)));
}

#[test]
fn a_side_to_move_set_by_a_record_is_in_the_superko_history() {
    // As situational_superko_bans_same_situation, but Black gets the move
    // in S0 from a record's PL (set_to_move) instead of White's pass: the
    // retake recreating (S0, Black to move) is still refused.
    let mut g = ko_game(rules("aga"));
    g.set_to_move(B); // (S0, Black to move), from the record
    assert_eq!(
        capture_then_retake(&mut g),
        Err(GameError::Illegal(Illegal::Superko))
    );
    g.verify().expect("consistent");
    // Undo goes back through the overridden position, side to move and all.
    for _ in 0..3 {
        g.undo().expect("undo");
    }
    assert_eq!(g.to_move(), B);
    g.verify().expect("consistent after undo");
    // Under simple ko the retake is allowed.
    let mut g = ko_game(rules("japanese"));
    g.set_to_move(B);
    assert!(capture_then_retake(&mut g).is_ok());
}

#[test]
fn simple_ko_cycle_is_detected() {
    // Counts of (arrangement, player to move): S0 is ko_game's position, S1
    // the one after Black's capture.
    let mut g = ko_game(rules("japanese")); // (S0, W) 1
    g.play(W, Move::Pass).expect("pass"); // (S0, B) 1
    play(&mut g, B, 2, 1); // (S1, W) 1
    g.play(W, Move::Pass).expect("pass"); // (S1, B) 1
    g.play(B, Move::Pass).expect("pass"); // (S1, W) 2
    play(&mut g, W, 1, 1); // (S0, B) 2
    g.play(B, Move::Pass).expect("pass"); // (S0, W) 2
    assert!(!g.is_cycle());
    g.play(W, Move::Pass).expect("pass"); // (S0, B) 3
    assert!(g.is_cycle(), "third occurrence of the same situation");
    g.undo().expect("undo");
    assert!(!g.is_cycle(), "undo takes the cycle back");
    // Superko rules never get there: the retake above is refused.
    let mut g = ko_game(rules("chinese"));
    g.play(W, Move::Pass).expect("pass");
    play(&mut g, B, 2, 1);
    g.play(W, Move::Pass).expect("pass");
    g.play(B, Move::Pass).expect("pass");
    assert!(try_play(&mut g, W, 1, 1).is_err());
}

#[test]
fn pass_changes_turn_and_two_passes_end() {
    let mut g = Game::new(9, Rules::default()).expect("size");
    assert_eq!(g.to_move(), B);
    g.play(B, Move::Pass).expect("pass");
    assert_eq!(g.to_move(), W);
    assert!(!g.two_passes());
    g.play(W, Move::Pass).expect("pass");
    assert!(g.two_passes());
    assert_eq!(g.board().hash(), 0);
    g.undo().expect("undo");
    assert!(!g.two_passes());
    assert_eq!(g.to_move(), W);
}

#[test]
fn undo_restores_captures_and_ko() {
    let mut g = ko_game(rules("japanese"));
    let before = g.board().clone();
    play(&mut g, B, 2, 1);
    assert_eq!(g.board().captures(B), 1);
    g.undo().expect("undo capture");
    assert_eq!(g.board().hash(), before.hash());
    assert_eq!(g.board().captures(B), 0);
    assert_eq!(at(&g, 1, 1), Cell::White);
    g.board().verify().expect("invariants");

    // Undo of the move after a ko capture restores the ko ban.
    play(&mut g, B, 2, 1);
    play(&mut g, W, 4, 0);
    assert!(g.is_legal(B, pt(&g, 3, 3)));
    g.undo().expect("undo threat");
    assert_eq!(
        try_play(&mut g, W, 1, 1),
        Err(GameError::Illegal(Illegal::Board(IllegalMove::Ko)))
    );
    assert_eq!(g.to_move(), W);
}

#[test]
fn undo_back_to_start_and_beyond() {
    let mut g = Game::new(9, Rules::default()).expect("size");
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
    play(&mut g, B, 4, 4);
    play(&mut g, W, 3, 4);
    g.undo().expect("undo");
    g.undo().expect("undo");
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
    assert_eq!(g.board().hash(), 0);
    assert_eq!(g.to_move(), B);
}

#[test]
fn handicap_stones_are_setup_not_moves() {
    let mut g = Game::new(19, Rules::default()).expect("size");
    let pts: Vec<(Color, Point)> = fixed_handicap_points(19, 4)
        .expect("4 stones")
        .into_iter()
        .map(|(x, y)| (B, pt(&g, x, y)))
        .collect();
    g.place_setup(&pts, true).expect("setup");
    assert_eq!(g.handicap_stones(), 4);
    assert_eq!(g.to_move(), W);
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
    assert_eq!(g.board().stone_count(B), 4);
    play(&mut g, W, 10, 10);
    g.undo().expect("undo white");
    assert_eq!(g.board().stone_count(B), 4);
    assert_eq!(g.place_setup(&pts, true), Err(GameError::BoardNotEmpty));
    // clear() removes them, keeping rules and komi.
    g.set_komi(0.5);
    g.clear();
    assert_eq!(g.board().stone_count(B), 0);
    assert_eq!(g.komi(), 0.5);
}

#[test]
fn setup_refuses_repeated_points() {
    let mut g = Game::new(9, Rules::default()).expect("size");
    let p = pt(&g, 2, 2);
    assert_eq!(
        g.place_setup(&[(B, p), (B, p)], true),
        Err(GameError::BadSetup)
    );
    assert_eq!(g.board().stone_count(B), 0);
    assert_eq!(g.setup_stones().len(), 0);
}

#[test]
fn fixed_handicap_tables() {
    let name = |v: Vec<(usize, usize)>| -> Vec<String> {
        v.into_iter()
            .map(|(x, y)| {
                let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
                format!("{}{}", letters[x] as char, y + 1)
            })
            .collect()
    };
    assert_eq!(
        name(fixed_handicap_points(19, 2).expect("2")),
        ["D4", "Q16"]
    );
    assert_eq!(
        name(fixed_handicap_points(19, 9).expect("9")),
        ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
    );
    assert_eq!(
        name(fixed_handicap_points(19, 5).expect("5")),
        ["D4", "Q16", "D16", "Q4", "K10"]
    );
    assert_eq!(
        name(fixed_handicap_points(9, 3).expect("3")),
        ["C3", "G7", "C7"]
    );
    assert!(fixed_handicap_points(7, 5).is_err());
    assert!(fixed_handicap_points(7, 4).is_ok());
    assert!(fixed_handicap_points(10, 5).is_err());
    assert!(fixed_handicap_points(6, 2).is_err());
    assert!(fixed_handicap_points(19, 1).is_err());
    assert!(fixed_handicap_points(19, 10).is_err());
}

/// Snapshot of everything `undo` must restore.
fn state(g: &Game) -> (u64, u32, u32, Color, Vec<Point>, Vec<Point>) {
    (
        g.board().hash(),
        g.board().captures(B),
        g.board().captures(W),
        g.to_move(),
        g.legal_points(B),
        g.legal_points(W),
    )
}

fn random_game_checks(
    size: usize,
    seed: u64,
    preset: &str,
    max_moves: usize,
) -> Result<(), String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Game::new(size, rules(preset)).ok_or("size")?;
    let max = (3 * size * size).min(max_moves);
    for i in 0..max {
        let color = g.to_move();
        let legal = g.legal_points(color);
        let mv = if legal.is_empty() || rng.random_range(0..50) == 0 {
            Move::Pass
        } else {
            Move::Place(legal[rng.random_range(0..legal.len())])
        };
        // Every 7th move: play it, undo it, and demand the same state.
        if i % 7 == 3 {
            let before = state(&g);
            g.play(color, mv).map_err(|e| e.to_string())?;
            g.undo().map_err(|e| e.to_string())?;
            if state(&g) != before {
                return Err(format!("play+undo changed the state at move {i}"));
            }
        }
        g.play(color, mv)
            .map_err(|e| format!("legal move refused: {e}"))?;
        g.board()
            .verify()
            .map_err(|e| format!("move {i}: {e}\n{:?}", g.board()))?;
        if g.two_passes() {
            break;
        }
    }
    while g.undo().is_ok() {
        g.board().verify()?;
    }
    if g.board().hash() != 0
        || g.board().empty_count() != size * size
        || g.board().captures(B) + g.board().captures(W) != 0
    {
        return Err("undo to the start did not give the empty board".into());
    }
    Ok(())
}

/// The case that caught neighbour chains being counted twice after a merge
/// relinked their heads (liberties off by one, then a subtraction overflow).
#[test]
fn regression_merge_then_same_chain_again() {
    assert_eq!(
        random_game_checks(17, 12767533637488859109, "tromp-taylor", 1000),
        Ok(())
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random games on sizes 2 to 19: after every move the incremental hash
    /// equals the recomputed one and every chain's liberty count equals a
    /// flood fill (Board::verify); play then undo changes nothing; undoing
    /// everything gives back the empty board.
    #[test]
    fn random_games_keep_board_invariants(size in 2usize..=19, seed in any::<u64>(), preset in 0usize..3) {
        let name = ["chinese", "japanese", "tromp-taylor"][preset];
        prop_assert_eq!(random_game_checks(size, seed, name, 400), Ok(()));
    }
}

#[test]
fn a_game_holds_at_most_max_moves() {
    let mut g = Game::new(9, rules("japanese")).expect("9x9");
    for i in 0..MAX_MOVES {
        let c = if i % 2 == 0 { B } else { W };
        g.play(c, Move::Pass).expect("a pass");
    }
    assert_eq!(g.play(B, Move::Pass), Err(GameError::TooLong));
    assert_eq!(try_play(&mut g, B, 4, 4), Err(GameError::TooLong));
    assert_eq!(g.moves().len(), MAX_MOVES);
    // Undo makes room again.
    g.undo().expect("undo");
    play(&mut g, B, 4, 4);
    assert_eq!(g.moves().len(), MAX_MOVES);
    g.board().verify().expect("consistent");
}

/// A game played again from its record: what undo must give back.
fn replayed(g: &Game) -> Game {
    let mut r = g.clone();
    r.rebuild(g.moves().len());
    r
}

#[test]
fn undo_gives_the_replayed_game_bit_for_bit() {
    // Random games with many passes (situations repeat, so the simple-ko
    // cycle flag and the situational counts are exercised) and many
    // captures (small boards); after every undo the game must equal the
    // game replayed from its record: board layout (chain lists, the order
    // of the empty list), superko counts, cycle flag, side to move.
    let mut rng = SmallRng::seed_from_u64(17);
    for (size, preset) in [
        (3, "japanese"),
        (4, "tromp-taylor"),
        (5, "aga"),
        (9, "chinese"),
    ] {
        for _ in 0..30 {
            let mut g = Game::new(size, rules(preset)).expect("size");
            let n = rng.random_range(0..4 * size * size);
            for _ in 0..n {
                let color = if rng.random_range(0..5) == 0 {
                    g.to_move().opponent()
                } else {
                    g.to_move()
                };
                let legal = g.legal_points(color);
                let mv = if legal.is_empty() || rng.random_range(0..4) == 0 {
                    Move::Pass
                } else {
                    Move::Place(legal[rng.random_range(0..legal.len())])
                };
                g.play(color, mv).expect("legal");
            }
            while !g.moves().is_empty() {
                let k = rng.random_range(1..=3).min(g.moves().len());
                for _ in 0..k {
                    g.undo().expect("undo");
                }
                let r = replayed(&g);
                assert!(g.board().same_layout(r.board()), "{size} {preset}");
                assert_eq!(g.positions, r.positions);
                assert_eq!(g.situations, r.situations);
                assert_eq!(g.thirds, r.thirds);
                assert_eq!(g.is_cycle(), r.is_cycle());
                assert_eq!(g.to_move(), r.to_move());
                assert_eq!(g.checkpoints.len(), r.checkpoints.len());
                g.verify_position().expect("consistent");
            }
        }
    }
}

#[test]
fn undo_after_a_side_to_move_set_at_the_end_rebuilds() {
    // The record's side to move set after the last move is dropped by undo
    // (as a replay of the shorter record would drop it).
    let mut g = ko_game(rules("aga"));
    let before = replayed(&g);
    play(&mut g, W, 0, 4);
    g.set_to_move(W);
    g.undo().expect("undo");
    assert!(g.board().same_layout(before.board()));
    assert_eq!(g.situations, before.situations);
    assert_eq!(g.to_move(), before.to_move());
    g.verify().expect("consistent");
}

/// The komi policy, written once in `Game::adopt_rules`: a komi with the
/// rules wins and becomes explicit; an explicit komi survives a change of
/// rules; otherwise the new rules' default komi is taken.
#[test]
fn rules_change_keeps_an_explicit_komi_only() {
    let chinese = Rules::preset("chinese").expect("chinese");
    let japanese = Rules::preset("japanese").expect("japanese");
    let mut g = Game::new(9, chinese).expect("9x9");
    assert_eq!((g.komi(), g.komi_explicit()), (7.5, false));
    g.adopt_rules(japanese, None);
    assert_eq!((g.komi(), g.komi_explicit()), (6.5, false));
    g.set_komi(0.5);
    g.adopt_rules(chinese, None);
    assert_eq!((g.komi(), g.komi_explicit()), (0.5, true));
    let mut h = Game::new(9, chinese).expect("9x9");
    h.adopt_rules(japanese, Some(3.5));
    assert_eq!((h.komi(), h.komi_explicit()), (3.5, true));
    h.adopt_rules(chinese, None);
    assert_eq!(h.komi(), 3.5);
    h.set_komi_as(7.5, false);
    h.adopt_rules(japanese, None);
    assert_eq!(h.komi(), 6.5);
}
