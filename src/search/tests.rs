//! Tests of the search: legality (superko), passing, tactics, determinism,
//! tree reuse, the resign and cleanup rules.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::decide::{DecideConfig, Decision, decide};
use super::*;
use crate::rules::Rules;

fn game(size: usize, komi: f64) -> Game {
    let mut g = Game::new(size, Rules::default()).expect("size");
    g.set_komi(komi);
    g
}

fn pt(g: &Game, name: &str) -> Point {
    crate::testutil::point_at(g.board(), name)
}

fn place(g: &mut Game, color: Color, names: &str) {
    for n in names.split_whitespace() {
        let p = pt(g, n);
        g.play(color, Move::Place(p)).expect("legal setup move");
    }
}

fn one_thread(playouts: u64, seed: u64) -> (Search, Limits) {
    let search = Search::new(SearchConfig {
        threads: 1,
        seed,
        ..SearchConfig::default()
    });
    let limits = Limits {
        deadline: None,
        max_playouts: Some(playouts),
        stop_early: false,
    };
    (search, limits)
}

fn genmove(g: &Game, color: Color, playouts: u64, cfg: &DecideConfig) -> Decision {
    let (mut s, limits) = one_thread(playouts, 1);
    let r = s.search(g, color, &limits);
    decide(g, color, &r, cfg)
}

/// The 5x5 position of gtp-tests/genmove.tst: White C5 in atari; D5 wins
/// the game for whoever plays it.
fn atari_position() -> Game {
    let mut g = game(5, 4.5);
    place(&mut g, Color::Black, "b5 c4 a4 b4 a3 b3 c3 a2 c2 a1 b1 c1");
    place(&mut g, Color::White, "c5 e5 d4 e4 d3 d2 e2 d1");
    g
}

#[test]
fn finds_the_winning_capture_and_connection() {
    let g = atari_position();
    let d5 = pt(&g, "d5");
    for color in [Color::Black, Color::White] {
        let d = genmove(&g, color, 1500, &DecideConfig::default());
        assert_eq!(d, Decision::Play(Move::Place(d5)), "{color:?}");
    }
}

#[test]
fn captures_a_big_chain_in_atari_on_7x7() {
    // White's four stones C4 C5 D4 D5 have one liberty, D3; Black to move
    // takes them.
    //   6 . . X X X . .
    //   5 . X O O X . .
    //   4 . X O O X . .
    //   3 . . X . . . .
    let mut g = game(7, 0.5);
    place(&mut g, Color::Black, "c6 d6 e6 b5 b4 e5 e4 c3");
    place(&mut g, Color::White, "c5 d5 c4 d4");
    assert_eq!(g.board().liberties(pt(&g, "c5")), 1);
    let d = genmove(&g, Color::Black, 1000, &DecideConfig::default());
    assert_eq!(d, Decision::Play(Move::Place(pt(&g, "d3"))));
}

#[test]
fn passes_when_only_own_eyes_are_left() {
    let mut g = game(5, 4.5);
    place(
        &mut g,
        Color::Black,
        "b5 c5 d5 a4 b4 c4 d4 e4 a3 b3 c3 d3 e3 a2 c2 e2 a1 b1 c1 d1 e1",
    );
    let d = genmove(&g, Color::Black, 300, &DecideConfig::default());
    assert_eq!(d, Decision::Play(Move::Pass));
    // White has no legal move at all.
    let d = genmove(&g, Color::White, 300, &DecideConfig::default());
    assert!(matches!(d, Decision::Play(Move::Pass) | Decision::Resign));
}

#[test]
fn moves_are_legal_in_superko_positions() {
    // Random games on 4x4 under positional superko: wherever some move is
    // legal on the board but forbidden by superko, the search must not
    // choose it (nor any illegal move).
    let mut rng = SmallRng::seed_from_u64(3);
    let mut found = 0;
    for _ in 0..400 {
        let mut g = game(4, 0.5);
        for _ in 0..60 {
            let color = g.to_move();
            let b = g.board();
            let banned = b.points().any(|p| {
                b.check(color, p, false).is_ok() && g.check(color, Move::Place(p)).is_err()
            });
            if banned {
                found += 1;
                let d = genmove(&g, color, 200, &DecideConfig::default());
                if let Decision::Play(mv) = d {
                    assert!(g.check(color, mv).is_ok(), "{mv:?}\n{:?}", g.board());
                }
            }
            let legal = g.legal_points(color);
            if legal.is_empty() {
                break;
            }
            let p = legal[rng.random_range(0..legal.len())];
            g.play(color, Move::Place(p)).expect("legal");
        }
        if found >= 5 {
            break;
        }
    }
    assert!(found >= 5, "only {found} superko positions met");
}

#[test]
fn fixed_seed_and_playouts_are_deterministic() {
    let mut g = game(9, 7.5);
    place(&mut g, Color::Black, "e5");
    place(&mut g, Color::White, "c4");
    let run = |threads| {
        let mut s = Search::new(SearchConfig {
            threads,
            seed: 42,
            ..SearchConfig::default()
        });
        let limits = Limits {
            deadline: None,
            max_playouts: Some(600),
            stop_early: false,
        };
        let r = s.search(&g, Color::Black, &limits);
        (r.best, r.visits, r.candidates)
    };
    let one = run(1);
    assert_eq!(one, run(1));
    assert_eq!(one.1, 600);
    // Two threads share the tree: the order in which they take it varies,
    // but the playout limit is met exactly.
    let two = run(2);
    assert_eq!(two.1, 600);
    assert_eq!(
        two.2.iter().map(|c| u64::from(c.visits)).sum::<u64>(),
        600,
        "every playout went through one root move"
    );
}

#[test]
fn tree_reuse_keeps_the_visits_of_the_line_played() {
    let mut g = game(9, 7.5);
    let (mut s, limits) = one_thread(3000, 5);
    let r = s.search(&g, Color::Black, &limits);
    assert_eq!(r.visits, 3000);
    // Play the best move and White's most visited answer in that line.
    let black = r.best;
    let white = r.candidates[0].pv.get(1).copied().unwrap_or(Move::Pass);
    g.play(Color::Black, black).expect("legal");
    g.play(Color::White, white).expect("legal");
    let small = Limits {
        deadline: None,
        max_playouts: Some(100),
        stop_early: false,
    };
    let r2 = s.search(&g, Color::Black, &small);
    assert_eq!(r2.playouts, 100);
    assert!(r2.visits > 100, "nothing reused: {}", r2.visits);
    // The same position again: everything is kept.
    assert_eq!(s.reused_visits(&g, Color::Black), r2.visits);
    // Another game: nothing is.
    let other = game(9, 7.5);
    let r3 = s.search(&other, Color::White, &small);
    assert_eq!(r3.visits, 100);
}

#[test]
fn resigns_only_when_allowed() {
    let mut g = game(9, 7.5);
    let mut rng = SmallRng::seed_from_u64(9);
    for _ in 0..30 {
        let color = g.to_move();
        let legal = g.legal_points(color);
        let p = legal[rng.random_range(0..legal.len())];
        g.play(color, Move::Place(p)).expect("legal");
    }
    let (mut s, limits) = one_thread(300, 1);
    let mut r = s.search(&g, Color::Black, &limits);
    r.winrate = 0.02;
    let cfg = DecideConfig::default();
    assert_eq!(decide(&g, Color::Black, &r, &cfg), Decision::Resign);
    let never = DecideConfig {
        resign_threshold: 0.0,
        ..cfg
    };
    assert_ne!(decide(&g, Color::Black, &r, &never), Decision::Resign);
    let late = DecideConfig {
        resign_min_move: 40,
        ..cfg
    };
    assert_ne!(decide(&g, Color::Black, &r, &late), Decision::Resign);
    let cleanup = DecideConfig {
        cleanup: true,
        ..cfg
    };
    assert_ne!(decide(&g, Color::Black, &r, &cleanup), Decision::Resign);
}

#[test]
fn cleanup_captures_dead_stones_before_passing() {
    // 5x5, komi 0.5: Black walls on columns B and D; a dead White stone on
    // C3 between them; White has just passed.
    let mut g = game(5, 0.5);
    place(&mut g, Color::Black, "b1 b2 b3 b4 b5 d1 d2 d3 d4 d5");
    place(&mut g, Color::White, "c3");
    g.play(Color::White, Move::Pass).expect("pass");
    let (mut s, limits) = one_thread(2000, 2);
    let r = s.search(&g, Color::Black, &limits);
    let c3 = pt(&g, "c3");
    assert!(r.ownership.share(g.board(), c3, Color::Black) > 0.8);
    // Passing would win, but after the opponent's pass the dead stone is
    // captured first, as in cleanup.
    let libs = [pt(&g, "c2"), pt(&g, "c4")];
    let normal = decide(&g, Color::Black, &r, &DecideConfig::default());
    assert!(
        matches!(normal, Decision::Play(Move::Place(p)) if libs.contains(&p)),
        "{normal:?}"
    );
    let cleanup = DecideConfig {
        cleanup: true,
        ..DecideConfig::default()
    };
    let d = decide(&g, Color::Black, &r, &cleanup);
    assert!(
        matches!(d, Decision::Play(Move::Place(p)) if libs.contains(&p)),
        "{d:?}"
    );
}

#[test]
fn ownership_and_candidates_are_reported() {
    let g = game(9, 7.5);
    let (mut s, limits) = one_thread(500, 1);
    let r = s.search(&g, Color::White, &limits);
    assert_eq!(r.ownership.values.len(), 81);
    assert_eq!(r.ownership.playouts, 500);
    assert!(r.ownership.values.iter().all(|v| (-1.0..=1.0).contains(v)));
    assert!(!r.candidates.is_empty());
    assert!(r.candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
    assert!(r.candidates.iter().all(|c| c.pv.first() == Some(&c.mv)));
    assert!((0.0..=1.0).contains(&r.winrate));
}

#[test]
fn passes_after_the_opponent_when_passing_wins() {
    // 5x5, komi 0.5: Black wall on column B, White wall on column D; Black
    // passed. White wins by 0.5 if the game ends now (column C neutral):
    // White passes.
    let mut g = game(5, 0.5);
    for row in 1..=5 {
        place(&mut g, Color::Black, &format!("b{row}"));
        place(&mut g, Color::White, &format!("d{row}"));
    }
    g.play(Color::Black, Move::Pass).expect("pass");
    let d = genmove(&g, Color::White, 2000, &DecideConfig::default());
    assert_eq!(d, Decision::Play(Move::Pass));
    // Black to move after White's pass: the count is W+0.5, passing would
    // lose, so Black plays on (whatever the playouts' ownership says).
    g.play(Color::White, Move::Pass).expect("pass");
    let (mut s, limits) = one_thread(300, 1);
    let mut r = s.search(&g, Color::Black, &limits);
    r.ownership.values.iter_mut().for_each(|v| *v = 1.0);
    let never = DecideConfig {
        resign_threshold: 0.0,
        ..DecideConfig::default()
    };
    let d = decide(&g, Color::Black, &r, &never);
    assert!(matches!(d, Decision::Play(Move::Place(_))), "{d:?}");
}

#[test]
fn a_settled_search_stops_before_its_deadline() {
    // Only D5 and pass to choose from: D5 soon leads by more than the
    // time left could change.
    let g = atari_position();
    let mut s = Search::new(SearchConfig {
        threads: 1,
        ..SearchConfig::default()
    });
    let limits = Limits {
        deadline: Some(Instant::now() + Duration::from_secs(3)),
        max_playouts: None,
        stop_early: true,
    };
    let r = s.search(&g, Color::Black, &limits);
    assert_eq!(r.best, Move::Place(pt(&g, "d5")));
    assert!(r.elapsed < Duration::from_secs(2), "{:?}", r.elapsed);
}

/// A count stub: Black's margin `m`, owners from a fresh analysis.
fn count_with_margin(g: &Game, m: f64) -> decide::Count {
    decide::Count {
        black_margin: m,
        ..decide::Count::fresh(g)
    }
}

#[test]
fn after_the_opponents_pass_the_count_decides() {
    // Issue #15: B Q16, W D16, B Q4, W pass on 19x19, komi 7.5. The count
    // is W+6.5 (area, no territory yet), though the playouts favour Black.
    for rules in ["chinese", "japanese"] {
        let mut g = Game::new(19, Rules::preset(rules).expect("preset")).expect("size");
        g.set_komi(7.5);
        place(&mut g, Color::Black, "q16");
        place(&mut g, Color::White, "d16");
        place(&mut g, Color::Black, "q4");
        g.play(Color::White, Move::Pass).expect("pass");
        let real = decide::Count::fresh(&g);
        assert!(
            real.margin(Color::Black) < 0.0,
            "{rules}: {}",
            real.black_margin
        );
        for seed in 1..=6 {
            let (mut s, limits) = one_thread(300, seed);
            let r = s.search(&g, Color::Black, &limits);
            let cfg = DecideConfig::default();
            let d = decide(&g, Color::Black, &r, &cfg);
            assert!(
                matches!(d, Decision::Play(Move::Place(_))),
                "{rules} seed {seed}: {d:?}"
            );
            // The same search with a count that wins: pass at once (under
            // territory counting; under area counting dead stones would be
            // captured first, and the playouts see none here).
            let won = decide::decide_with(&g, Color::Black, &r, &cfg, &mut |g| {
                count_with_margin(g, 6.5)
            });
            assert_eq!(won, Decision::Play(Move::Pass), "{rules} seed {seed}");
            // A jigo: pass unless a move wins more than half the playouts.
            let jigo = decide::decide_with(&g, Color::Black, &r, &cfg, &mut |g| {
                count_with_margin(g, 0.0)
            });
            let best = r
                .candidates
                .iter()
                .find(|c| c.mv != Move::Pass)
                .expect("a move");
            assert_eq!(jigo == Decision::Play(Move::Pass), best.winrate <= 0.5);
        }
    }
}

#[test]
fn a_lost_count_is_accepted_only_when_no_move_is_better() {
    let mut g = game(9, 7.5);
    place(&mut g, Color::Black, "e5");
    g.play(Color::White, Move::Pass).expect("pass");
    let (mut s, limits) = one_thread(300, 3);
    let mut r = s.search(&g, Color::Black, &limits);
    let cfg = DecideConfig {
        resign_threshold: 0.0,
        ..DecideConfig::default()
    };
    let mut lost = |g: &Game| count_with_margin(g, -10.0);
    // The search finds moves that win playouts: play on.
    let d = decide::decide_with(&g, Color::Black, &r, &cfg, &mut lost);
    assert!(matches!(d, Decision::Play(Move::Place(_))), "{d:?}");
    // Every move loses every playout, by more than the count: pass.
    for c in r.candidates.iter_mut() {
        c.winrate = 0.0;
        c.score_lead = -20.0;
    }
    let d = decide::decide_with(&g, Color::Black, &r, &cfg, &mut lost);
    assert_eq!(d, Decision::Play(Move::Pass));
    // One move scores better than the count: play it.
    let k = r.candidates.len() - 1;
    r.candidates[k].score_lead = -5.0;
    let better = r.candidates[k].mv;
    assert_ne!(better, Move::Pass);
    let d = decide::decide_with(&g, Color::Black, &r, &cfg, &mut lost);
    assert!(matches!(d, Decision::Play(Move::Place(_))), "{d:?}");
    // No candidate at all (no playouts): no evidence, play on.
    r.candidates.clear();
    let d = decide::decide_with(&g, Color::Black, &r, &cfg, &mut lost);
    assert!(matches!(d, Decision::Play(Move::Place(_))), "{d:?}");
}

#[test]
fn before_the_opponents_pass_a_pass_needs_a_settled_won_count() {
    // 5x5, komi 0.5: Black wall on column B, White wall on column D; White
    // searched (its own move was the last), nobody has passed. The count: White by 0.5 (column C dame).
    let mut g = game(5, 0.5);
    for row in 1..=5 {
        place(&mut g, Color::Black, &format!("b{row}"));
        place(&mut g, Color::White, &format!("d{row}"));
    }
    let (mut s, limits) = one_thread(2000, 2);
    let mut r = s.search(&g, Color::White, &limits);
    // Make pass the search's best move.
    r.candidates.retain(|c| c.mv != Move::Pass);
    let pass = Candidate {
        mv: Move::Pass,
        visits: 5000,
        winrate: 0.6,
        score_lead: 0.5,
        score_stdev: 1.0,
        prior: 0.0,
        pv: vec![Move::Pass],
    };
    r.candidates.insert(0, pass);
    let count = decide::Count::fresh(&g);
    assert_eq!(count.margin(Color::White), 0.5);
    assert!(count.settled(g.board(), &r.ownership));
    let cfg = DecideConfig::default();
    let d = decide::decide_with(&g, Color::White, &r, &cfg, &mut decide::Count::fresh);
    assert_eq!(d, Decision::Play(Move::Pass));
    // The same with a count that loses: the next candidate instead.
    let d = decide::decide_with(&g, Color::White, &r, &cfg, &mut |g| {
        count_with_margin(g, 0.5)
    });
    assert_eq!(d, Decision::Play(r.candidates[1].mv));
    // Not settled: the playouts disagree with the count about column E.
    let mut unsure = r.clone();
    for v in unsure.ownership.values.iter_mut() {
        *v = 0.0;
    }
    assert!(!count.settled(g.board(), &unsure.ownership));
    let d = decide::decide_with(&g, Color::White, &unsure, &cfg, &mut decide::Count::fresh);
    assert_eq!(d, Decision::Play(unsure.candidates[1].mv));
    // An open board is never settled.
    let empty = game(9, 7.5);
    let (mut s, limits) = one_thread(200, 1);
    let r = s.search(&empty, Color::Black, &limits);
    assert!(!decide::Count::fresh(&empty).settled(empty.board(), &r.ownership));
}

#[test]
fn score_spread_is_merged_across_threads() {
    // The spread of the final scores, merged over two trees: finite, at
    // least 0, at most the range of possible scores, and positive on an
    // open board.
    let g = game(7, 7.5);
    let mut s = Search::new(SearchConfig {
        threads: 2,
        seed: 5,
        ..SearchConfig::default()
    });
    let limits = Limits {
        deadline: None,
        max_playouts: Some(800),
        stop_early: false,
    };
    let r = s.search(&g, Color::Black, &limits);
    for c in &r.candidates {
        assert!(c.score_stdev >= 0.0 && c.score_stdev.is_finite(), "{c:?}");
        // Scores lie within the board's points plus komi.
        assert!(c.score_stdev <= 49.0 + 7.5, "{c:?}");
    }
    assert!(r.score_stdev > 0.0, "{}", r.score_stdev);
}

#[test]
fn tree_memory_stays_within_max_tree_mb() {
    // 1 MiB: 26,214 nodes for the tree the four threads share. A 9x9
    // search of 4000 playouts would grow it past that (an expansion adds
    // up to 82 nodes, one every few playouts); a full tree stops growing,
    // the search goes on, and tree reuse keeps the same node array.
    let config = SearchConfig {
        threads: 4,
        max_tree_mb: 1,
        ..SearchConfig::default()
    };
    let cap = (1 << 20) / std::mem::size_of::<tree::Node>();
    assert_eq!(config.tree_nodes(), cap);
    assert_eq!(SearchConfig::default().tree_nodes(), 6_000_000);
    let mut search = Search::new(config);
    let mut g = game(9, 7.5);
    let limits = Limits {
        max_playouts: Some(4000),
        ..Limits::default()
    };
    let r = search.search(&g, Color::Black, &limits);
    assert_eq!(r.playouts, 4000);
    let tree = &search.tree;
    assert!(tree.nodes.len() <= cap, "{}", tree.nodes.len());
    assert!(
        tree.nodes.len() + 82 > cap,
        "{} nodes: not full",
        tree.nodes.len()
    );
    assert!(tree.nodes.capacity() <= cap);
    g.play(Color::Black, r.best).expect("legal");
    let r = search.search(&g, Color::White, &limits);
    assert!(r.visits > r.playouts, "the subtree was reused");
    assert!(search.tree.nodes.len() <= cap && search.tree.nodes.capacity() <= cap);
}

/// The end of a 9x9 match game against GNU Go (CI, 2026-12-01): White's
/// A1 is in a ko Black can start at B1; the count has White connect at
/// B1 (a teire) and gives W+4.5, GNU Go's count had Black capture
/// (W+0.5). White passed back after Black's pass and left the count to
/// the referee's assumption.
fn unconnected_ko_position(rules: &str) -> Game {
    let mut g = Game::new(9, Rules::preset(rules).expect("preset")).expect("size");
    g.set_komi(7.5);
    place(
        &mut g,
        Color::Black,
        "e8 g8 h8 j8 d7 f7 g7 j7 b6 c6 d6 f6 g6 a5 c5 e5 f5 a4 b4 a3 a2",
    );
    place(
        &mut g,
        Color::White,
        "f8 h7 h6 j6 d5 g5 h5 c4 d4 e4 f4 h4 b3 c3 g3 h3 b2 d2 a1 c1",
    );
    g
}

#[test]
fn the_teire_the_count_assumes_is_played_before_passing() {
    for rules in ["chinese", "japanese"] {
        let mut g = unconnected_ko_position(rules);
        let b1 = pt(&g, "b1");
        let count = decide::Count::fresh(&g);
        assert_eq!(count.teire, vec![(b1, Color::White)], "{rules}");
        assert!(count.margin(Color::White) > 0.0, "{rules}");
        // White's own teire, under either counting.
        assert_eq!(count.teire_move(&g, Color::White), Some(b1), "{rules}");
        // Black may start the ko only where a stone costs nothing.
        let black = count.teire_move(&g, Color::Black);
        assert_eq!(black, (rules == "chinese").then_some(b1), "{rules}");
        // After Black's pass White, winning the count, connects first.
        g.play(Color::Black, Move::Pass).expect("pass");
        let (mut s, limits) = one_thread(300, 1);
        let r = s.search(&g, Color::White, &limits);
        let d = decide(&g, Color::White, &r, &DecideConfig::default());
        assert_eq!(d, Decision::Play(Move::Place(b1)), "{rules}");
        // Once connected, the count has no teire left and White passes.
        g.play(Color::White, Move::Place(b1)).expect("legal");
        g.play(Color::Black, Move::Pass).expect("pass");
        let r = s.search(&g, Color::White, &limits);
        let d = decide(&g, Color::White, &r, &DecideConfig::default());
        assert_eq!(d, Decision::Play(Move::Pass), "{rules}");
    }
}

/// Playouts of `knowledge` from the empty 9x9 board: (the winner the mercy
/// rule gave, Black's capture lead at the end) of each.
fn mercy_playouts(knowledge: Knowledge, n: usize) -> Vec<(Option<Color>, i64)> {
    let g = game(9, 7.5);
    let ctx = RootCtx::new(&g, Color::Black, 3000.0, knowledge, DEFAULT_EXPAND_AT);
    let mut w = Worker::new(11);
    (0..n)
        .map(|_| {
            let mut board = g.board().clone();
            w.seq.clear();
            let winner = heavy_playout(&mut w, &mut board, &ctx, Color::Black, None);
            (winner, capture_lead(&board))
        })
        .collect()
}

#[test]
fn the_mercy_rule_ends_a_playout_at_the_margin_and_only_for_the_player() {
    let margin = i64::from(policy::mercy_margin(9));
    let player = mercy_playouts(Knowledge::PLAYER, 300);
    let cut = player.iter().filter(|(w, _)| w.is_some()).count();
    assert!(cut > 0 && cut < 300, "{cut} of 300 cut short");
    for &(winner, lead) in &player {
        match winner {
            // Cut as soon as the lead reached the margin, for the leader.
            Some(c) => {
                assert!(lead.abs() >= margin, "cut at a lead of {lead}");
                assert_eq!(c, if lead > 0 { Color::Black } else { Color::White });
            }
            // Played to the end: the lead never reached it.
            None => assert!(lead.abs() < margin, "not cut at a lead of {lead}"),
        }
    }
    // The referee's playouts are played to the end, leads or not.
    let referee = mercy_playouts(Knowledge::REFEREE, 300);
    assert!(referee.iter().all(|(w, _)| w.is_none()));
    assert!(referee.iter().any(|&(_, lead)| lead.abs() >= margin));
}

#[test]
fn searches_for_scores_play_every_playout_to_the_end() {
    // Chains in contact in the middle of the 9x9 board, which the
    // playouts often capture wholesale (the mercy rule's lead).
    let mut g = game(9, 7.5);
    place(&mut g, Color::Black, "C3 D3 E3 F3 G3 C4 G4 C5 G5");
    place(&mut g, Color::White, "D4 E4 F4 D5 E5 F5 D6 E6");
    let limits = Limits {
        deadline: None,
        max_playouts: Some(1500),
        stop_early: false,
    };
    let fresh = |mercy: bool| {
        Search::new(SearchConfig {
            threads: 1,
            seed: 3,
            knowledge: Knowledge {
                mercy,
                ..Knowledge::PLAYER
            },
            ..SearchConfig::default()
        })
    };
    let exact = fresh(false).search(&g, Color::Black, &limits);
    let for_scores = fresh(true).search_for_scores(&g, Color::Black, &limits);
    let with_mercy = fresh(true).search(&g, Color::Black, &limits);
    assert_eq!(for_scores.score_lead, exact.score_lead);
    assert_eq!(for_scores.best, exact.best);
    // (The mercy rule does change this search: the test would not tell
    // the two apart otherwise.)
    assert_ne!(with_mercy.score_lead, exact.score_lead);
}

/// A node is expanded only once it has been visited `expand_at` times:
/// every expanded node below the root has at least that many visits; the
/// root's children share the playouts, so at most `n / expand_at` of them
/// are expanded after `n` playouts; and a larger threshold makes a
/// smaller tree.
#[test]
fn nodes_are_expanded_after_the_configured_visits() {
    let g = game(9, 7.5);
    let expanded = |expand_at: u32| {
        let mut s = Search::new(SearchConfig {
            threads: 1,
            seed: 3,
            expand_at,
            ..SearchConfig::default()
        });
        let limits = Limits {
            deadline: None,
            max_playouts: Some(2_000),
            stop_early: false,
        };
        s.search(&g, Color::Black, &limits);
        let tree = &s.tree;
        for n in tree.nodes[1..].iter().filter(|n| n.expanded) {
            assert!(n.visits >= expand_at, "expanded after {} visits", n.visits);
        }
        let at_root = tree.children(0).filter(|&c| tree.nodes[c].expanded).count();
        assert!(
            at_root <= 2_000 / expand_at as usize,
            "{at_root} root children expanded"
        );
        tree.nodes[1..].iter().filter(|n| n.expanded).count()
    };
    let (four, eight) = (expanded(4), expanded(8));
    assert!(eight > 0, "nothing expanded");
    assert!(four > eight, "{four} against {eight}");
}
