//! Round trips through the read-eval-print loop, in memory.

use super::*;
use crate::board::Color;
use crate::rules::{KoRule, Rules};

/// Feeds `input` to a fresh engine and returns everything written.
fn session(engine: &mut Engine, input: &str) -> String {
    let mut out = Vec::new();
    run(
        engine,
        std::io::Cursor::new(input.as_bytes().to_vec()),
        &mut out,
    )
    .expect("in-memory I/O");
    String::from_utf8(out).expect("replies are UTF-8")
}

/// The replies of a session, without their trailing blank lines.
fn replies(engine: &mut Engine, input: &str) -> Vec<String> {
    let out = session(engine, input);
    assert!(out.is_empty() || out.ends_with("\n\n"), "{out:?}");
    out.split_terminator("\n\n").map(str::to_string).collect()
}

fn one(engine: &mut Engine, line: &str) -> String {
    let r = replies(engine, &format!("{line}\n"));
    assert_eq!(r.len(), 1, "{line}: {r:?}");
    r[0].clone()
}

/// Everything a failing command must leave alone.
fn state(e: &Engine) -> String {
    let g = e.game();
    format!(
        "{:?} {:x} {:?} {:?} {:?} {} {} {:?} {:?} {:?} {}",
        g.size(),
        g.board().hash(),
        g.moves(),
        g.setup_stones(),
        g.to_move(),
        g.board().captures(Color::Black),
        g.board().captures(Color::White),
        g.komi(),
        g.rules(),
        e.clock(),
        diagram::board_diagram(g),
    )
}

#[test]
fn replies_are_framed_with_ids() {
    let mut e = Engine::default();
    let out = session(
        &mut e,
        "1 protocol_version\nname\r\n\n# comment\n  42 version\t\nfoo\n7 foo bar\nquit\nname\n",
    );
    assert_eq!(
        out,
        format!(
            "=1 2\n\n= weiqi\n\n=42 {}\n\n? unknown command\n\n?7 unknown command\n\n= \n\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert!(e.quit_requested());
}

#[test]
fn list_and_known_commands_come_from_the_table() {
    let mut e = Engine::default();
    let list = one(&mut e, "list_commands");
    let names: Vec<&str> = list.trim_start_matches("= ").lines().collect();
    assert_eq!(names.len(), COMMANDS.len());
    for (name, _) in COMMANDS {
        assert!(names.contains(name));
        assert_eq!(one(&mut e, &format!("known_command {name}")), "= true");
    }
    assert!(names.iter().all(|n| !n.ends_with(' ')));
    assert_eq!(one(&mut e, "known_command loadsgf_x"), "= false");
}

#[test]
fn a_short_game_round_trip() {
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "boardsize 5\nkomi 0.5\nplay B c3\nplay W PASS\nplay b B3\nplay b b3\n\
         color c3\ncolor b3\ncolor d4\ncountlib c3\ncountlib d4\nlist_stones black\n\
         is_legal w b3\nis_legal w pass\nis_legal w a1\ncaptures b\nundo\nlist_stones b\n",
    );
    assert_eq!(
        r,
        [
            "= ",
            "= ",
            "= ",
            "= ",
            "= ",
            "? illegal move: occupied",
            "= black",
            "= black",
            "= empty",
            "= 6",
            "? vertex must not be empty",
            "= B3 C3",
            "= 0",
            "= 1",
            "= 1",
            "= 0",
            "= ",
            "= C3"
        ]
    );
}

#[test]
fn captures_show_on_the_board() {
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "boardsize 9\nplay b a2\nplay w a1\nplay b b1\ncaptures black\nshowboard\nfinal_score\n",
    );
    assert_eq!(r[4], "= 1");
    assert!(
        r[5].starts_with("= \n   A B C D E F G H J\n 9 . . . ."),
        "{}",
        r[5]
    );
    assert!(r[5].contains(" 1 . X . . . . . . . 1     BLACK (X) has captured 1 stones"));
    assert!(r[5].contains(" 7 . . + . . . + . . 7"));
    assert!(r[5].ends_with("\n   A B C D E F G H J"));
    // Black: 2 stones + the rest of the board (79), which touches only
    // Black once A1 is captured; White: komi 7.5.
    assert_eq!(r[6], "= B+73.5");
}

#[test]
fn failing_commands_change_nothing() {
    let mut e = Engine::default();
    session(
        &mut e,
        "boardsize 9\nkomi 5.5\ntime_settings 300 30 5\nplay b e5\nplay w e6\nplay b d6\n",
    );
    let before = state(&e);
    for bad in [
        "boardsize 1",
        "boardsize 9 9",
        "komi 6.5 7.5",
        "play b e4 e6",
        "genmove b w",
        "clear_board now",
        "undo 2",
        "time_left b 10 0 0",
        "kgs-time_settings none 5",
        "time_settings -1 -1 -1",
        "time_settings 1.5 0 0",
        "time_settings 1e3 0 0",
        "time_settings 60 nan 0",
        "time_left b 10.5 0",
        "time_left b 10 -1",
        "time_left b inf 0",
        "kgs-time_settings absolute -5",
        "kgs-time_settings fischer 10 5",
        "kgs-time_settings byoyomi 0 60 5 1",
        "weiqi-time_settings fischer 10",
        "weiqi-time_settings fischer 10 -5",
        "weiqi-time_left",
        "weiqi-time_left b w",
        "kgs-rules japanese chinese",
        "boardsize 26",
        "boardsize x",
        "boardsize 99999999999999999999999",
        "komi nan",
        "komi inf",
        "komi 1e9",
        "komi",
        "play b e5",
        "play x e5",
        "play b I1",
        "play b A99999999999",
        "play b",
        "fixed_handicap 2",
        "place_free_handicap 3",
        "set_free_handicap a1 b2",
        "time_settings 1 2",
        "time_settings 1 -2 3",
        "time_settings 1 2 -3",
        "time_left b -1 0",
        "time_left q 1 0",
        "kgs-time_settings byoyomi 1 2",
        "kgs-time_settings sundial",
        "kata-set-rules martian",
        r#"kata-set-rules {"ko":"SIMPLE","scoring":"MOSTLY"}"#,
        r#"kata-set-rules {"ko":"SIMPLE","colour":"blue"}"#,
        r#"kata-set-rules {"ko":"SIMPLE""#,
        "kgs-rules martian",
        "final_status_list zombie",
        "color pass",
        "countlib z9",
        "is_legal b",
        "genmove purple",
        "unknown_thing 1 2",
    ] {
        let reply = one(&mut e, bad);
        assert!(reply.starts_with("? "), "{bad}: {reply}");
        assert_eq!(state(&e), before, "{bad} changed the state");
    }
}

#[test]
fn undo_stops_at_handicap_stones() {
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "boardsize 19\nfixed_handicap 9\nundo\ngenmove w\nundo\nundo\nlist_stones b\n",
    );
    assert_eq!(r[1], "= D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    assert_eq!(r[2], "? cannot undo: nothing to undo");
    assert!(r[3].starts_with("= "));
    assert_eq!(r[4], "= ");
    assert_eq!(r[5], "? cannot undo: nothing to undo");
    assert_eq!(r[6], "= D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
}

#[test]
fn handicap_commands_validate_their_arguments() {
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "boardsize 7\nfixed_handicap 5\nfixed_handicap 1\nfixed_handicap x\n\
         set_free_handicap a1\nset_free_handicap a1 a1\nset_free_handicap a1 pass\n\
         set_free_handicap a1 z9\nplace_free_handicap 1\nplace_free_handicap 49\n\
         boardsize 5\nfixed_handicap 2\nplace_free_handicap 24\n",
    );
    assert_eq!(
        &r[1..10],
        [
            "? invalid number of stones: 5 handicap stones on 7x7",
            "? invalid number of stones: 1 handicap stone on 7x7",
            "? syntax error: 'x' is not a number of stones",
            "? bad vertex list: 1 stone; at least 2 needed",
            "? bad vertex list: a1 repeated",
            "? bad vertex list: pass is not a point here",
            "? bad vertex list: 'z9' is off the board",
            "? invalid number of stones: 1 handicap stone on 7x7",
            "? invalid number of stones: 49 handicap stones on 7x7",
        ]
    );
    assert_eq!(
        r[11],
        "? invalid number of stones: 2 handicap stones on 5x5"
    );
    assert_eq!(r[12].split(' ').count(), 25);
    assert_eq!(e.game().handicap_stones(), 24);
    assert_eq!(e.game().to_move(), Color::White);
}

#[test]
fn free_handicap_uses_fixed_points_then_spreads() {
    let mut e = Engine::default();
    let r = one(&mut e, "place_free_handicap 4");
    assert_eq!(r, "= D4 Q16 D16 Q4");
    let mut e = Engine::default();
    let r = one(&mut e, "place_free_handicap 12");
    let pts: Vec<&str> = r.trim_start_matches("= ").split(' ').collect();
    assert_eq!(pts.len(), 12);
    assert_eq!(
        &pts[..9],
        ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
    );
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "boardsize 5\nplace_free_handicap 3\nset_free_handicap a1 b2\n",
    );
    assert_eq!(r[1].split(' ').count(), 4);
    assert_eq!(
        r[2],
        "? board not empty: handicap needs an empty board and no moves"
    );
}

#[test]
fn generated_moves_are_legal_and_regression_moves_deterministic() {
    let mut e = Engine::default();
    e.set_player(player::PlayerSettings {
        playouts: Some(300),
        resign_threshold: 0.0,
        ..player::PlayerSettings::default()
    });
    session(&mut e, "boardsize 5\n");
    let a = one(&mut e, "reg_genmove b");
    assert_eq!(one(&mut e, "reg_genmove b"), a);
    assert!(e.game().moves().is_empty());
    // Self-play to the end: every generated move is accepted by the game
    // (which checks superko) and the game ends with passes.
    for i in 0..400 {
        let c = if i % 2 == 0 { "b" } else { "w" };
        let r = one(&mut e, &format!("genmove {c}"));
        assert!(r.starts_with("= "), "{r}");
        if e.game().two_passes() {
            break;
        }
    }
    assert!(e.game().two_passes());
    let moves = e.game().moves().len();
    let r = one(&mut e, "kgs-genmove_cleanup b");
    assert!(r.starts_with("= ") && r != "= resign", "{r}");
    assert_eq!(e.game().moves().len(), moves + 1);
    let score = one(&mut e, "final_score");
    assert!(
        score.starts_with("= B+") || score.starts_with("= W+"),
        "{score}"
    );
}

#[test]
fn genmove_plays_the_opening_book_unless_told_not_to() {
    // One thread and a fixed number of playouts: `genmove` without the
    // book is the search's move, which `reg_genmove` gives too.
    let settings = |book| player::PlayerSettings {
        threads: 1,
        playouts: Some(50),
        book,
        ..player::PlayerSettings::default()
    };
    let engine = |book, setup: &str| {
        let mut e = Engine::default();
        e.set_player(settings(book));
        session(&mut e, setup);
        e
    };
    // 9x9 at komi 7.5 (the default), where fifty playouts choose
    // another move than the book's E5.
    let mut e = engine(true, "boardsize 9\n");
    let searched = one(&mut e, "reg_genmove b");
    assert_ne!(searched, "= E5");
    assert_eq!(one(&mut e, "genmove b"), "= E5");
    assert_eq!(e.game().moves().len(), 1);
    let mut e = engine(false, "boardsize 9\n");
    assert_eq!(one(&mut e, "genmove b"), searched);
    // Another komi, or a game that did not begin on an empty board: out
    // of the book, searched.
    for setup in [
        "boardsize 9\nkomi 0.5\n",
        "boardsize 9\nset_free_handicap C3 G7\n",
    ] {
        let mut e = engine(true, setup);
        let color = if setup.contains("handicap") { "w" } else { "b" };
        let searched = one(&mut e, &format!("reg_genmove {color}"));
        assert_eq!(
            one(&mut e, &format!("genmove {color}")),
            searched,
            "{setup}"
        );
    }
}

#[test]
fn komi_and_rules_survive_clear_board_and_boardsize() {
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "komi 3\nkata-set-rules japanese\nboardsize 9\nclear_board\nkata-get-rules\n",
    );
    assert_eq!(
        r[4],
        r#"= {"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0"}"#
    );
    assert_eq!(e.game().komi(), 3.0);
    assert_eq!(e.game().size(), 9);
}

#[test]
fn rules_changes_adopt_the_preset_komi_unless_komi_was_set() {
    let mut e = Engine::default();
    assert_eq!(e.game().komi(), 7.5);
    one(&mut e, "kgs-rules japanese");
    assert_eq!(e.game().komi(), 6.5);
    one(&mut e, "kgs-rules new_zealand");
    assert_eq!(e.game().komi(), 7.0);
    one(
        &mut e,
        r#"kata-set-rules {"ko": "SIMPLE", "scoring":"AREA", "suicide":true}"#,
    );
    assert_eq!(e.game().rules().ko, KoRule::Simple);
    assert!(e.game().rules().multi_stone_suicide);
    assert_eq!(e.game().komi(), 7.0);
    one(&mut e, r#"kata-set-rules {"komi":5.5}"#);
    assert_eq!(e.game().komi(), 5.5);
    one(&mut e, "kata-set-rules chinese");
    assert_eq!(e.game().komi(), 5.5);

    let mut e = Engine::new(Rules::default(), Some(0.5));
    one(&mut e, "kata-set-rules tromp-taylor");
    assert_eq!(e.game().komi(), 0.5);
}

#[test]
fn time_settings_set_the_clock() {
    use crate::clock::{TimeLeft, TimeSystem};
    use std::time::Duration;
    let secs = Duration::from_secs;
    let mut e = Engine::default();
    assert_eq!(e.clock().system(), TimeSystem::None);
    session(&mut e, "time_settings 600 30 5\ntime_left b 512 0\n");
    assert_eq!(
        e.clock().system(),
        TimeSystem::canadian(secs(600), secs(30), 5)
    );
    assert_eq!(
        e.clock().left(Color::Black),
        Some(TimeLeft {
            time: secs(512),
            count: 0
        })
    );
    session(&mut e, "kgs-time_settings byoyomi 1800 60 5\n");
    assert_eq!(e.clock().system(), TimeSystem::chinese(secs(1800), 5));
    assert_eq!(one(&mut e, "weiqi-time_left b"), "= 1800 0");
    session(&mut e, "time_settings 0 1 0\n");
    assert_eq!(e.clock().system(), TimeSystem::None);
    assert_eq!(one(&mut e, "weiqi-time_left w"), "= none");
    session(&mut e, "time_settings 60 0 0\n");
    assert_eq!(e.clock().system(), TimeSystem::absolute(secs(60)));
    session(&mut e, "kgs-time_settings CANADIAN 0 300 25\n");
    assert_eq!(one(&mut e, "weiqi-time_left white"), "= 300 25");
    session(&mut e, "weiqi-time_settings fischer 300 10\n");
    assert_eq!(e.clock().system(), TimeSystem::fischer(secs(300), secs(10)));
    session(&mut e, "kgs-time_settings none\n");
    assert_eq!(e.clock().system(), TimeSystem::None);
    // Huge values clamp to what the clock holds.
    session(
        &mut e,
        "time_settings 99999999999999999999999 99999999999 4294967296\n",
    );
    assert_eq!(
        e.clock().system(),
        TimeSystem::canadian(crate::clock::MAX_TIME, crate::clock::MAX_TIME, u32::MAX)
    );
}

/// An engine whose genmove searches a few playouts on one thread (fast,
/// deterministic).
fn quick_engine() -> Engine {
    let mut e = Engine::default();
    e.set_player(player::PlayerSettings {
        playouts: Some(100),
        threads: 1,
        ..player::PlayerSettings::default()
    });
    e
}

/// The engine's clock for `color`, as `weiqi-time_left` shows it.
fn clock_text(e: &mut Engine, color: &str) -> String {
    one(e, &format!("weiqi-time_left {color}"))
}

#[test]
fn genmove_charges_its_own_clock_and_undo_does_not_refund() {
    let mut e = quick_engine();
    session(&mut e, "boardsize 9\ntime_settings 60 0 0\n");
    assert_eq!(clock_text(&mut e, "b"), "= 60 0");
    let start = std::time::Instant::now();
    assert!(one(&mut e, "genmove b").starts_with("= "));
    let took = start.elapsed().as_secs_f64();
    let after = clock_text(&mut e, "b");
    assert_ne!(after, "= 60 0", "genmove charged nothing");
    // It charged the time it took (no more: the clock shows milliseconds),
    // however long that was on a busy machine.
    let left: f64 = after
        .strip_prefix("= ")
        .and_then(|t| t.strip_suffix(" 0"))
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{after}"));
    assert!(
        60.0 - left > 0.0 && 60.0 - left <= took + 0.002,
        "{after}, took {took} s"
    );
    // The opponent's clock is untouched; undo gives nothing back.
    assert_eq!(clock_text(&mut e, "w"), "= 60 0");
    one(&mut e, "undo");
    assert_eq!(clock_text(&mut e, "b"), after);
    // reg_genmove is not a move: no charge.
    one(&mut e, "reg_genmove b");
    assert_eq!(clock_text(&mut e, "b"), after);
    // time_left overrides the engine's count.
    one(&mut e, "time_left b 42 0");
    assert_eq!(clock_text(&mut e, "b"), "= 42 0");
    // A new game starts with full clocks and the same settings.
    one(&mut e, "clear_board");
    assert_eq!(clock_text(&mut e, "b"), "= 60 0");
    one(&mut e, "time_left w 1 0");
    one(&mut e, "boardsize 19");
    assert_eq!(clock_text(&mut e, "w"), "= 60 0");
}

#[test]
fn byoyomi_time_left_counts_periods() {
    let mut e = quick_engine();
    session(&mut e, "kgs-time_settings byoyomi 0 60 5\n");
    assert_eq!(clock_text(&mut e, "b"), "= 60 5");
    one(&mut e, "time_left b 60 2");
    assert_eq!(clock_text(&mut e, "b"), "= 60 2");
    // A quick move in byo-yomi costs nothing.
    assert!(one(&mut e, "genmove b").starts_with("= "));
    assert_eq!(clock_text(&mut e, "b"), "= 60 2");
    // S = 0: back in main time.
    one(&mut e, "time_left b 100 0");
    assert_eq!(clock_text(&mut e, "b"), "= 100 0");
}

#[test]
fn think_budget_follows_the_clock_and_the_options() {
    use std::time::Duration;
    let mut e = Engine::default();
    e.set_time_options(player::TimeOptions {
        lag_margin: Duration::from_millis(200),
        move_time: Duration::from_secs(3),
    });
    assert_eq!(e.think_budget(Color::Black), Duration::from_secs(3));
    one(&mut e, "kgs-time_settings byoyomi 0 1 1");
    assert_eq!(e.think_budget(Color::Black), Duration::from_millis(800));
    one(&mut e, "kgs-time_settings absolute 120");
    assert_eq!(e.think_budget(Color::White), Duration::from_secs(1));
    one(&mut e, "time_left w 0 0");
    assert_eq!(e.think_budget(Color::White), Duration::ZERO);
    // Out of time, genmove still answers with a legal move.
    assert!(one(&mut e, "genmove w").starts_with("= "));
    assert_eq!(clock_text(&mut e, "w"), "= 0 0 flagged");
}

#[test]
fn status_lists_and_analyze_commands() {
    let mut e = Engine::default();
    // Black's wall on D, White's on E, a lone White stone at B7 in Black's
    // area: dead.
    let mut input = String::from("boardsize 9\n");
    for row in 1..=9 {
        input.push_str(&format!("play b d{row}\nplay w e{row}\n"));
    }
    input.push_str("play w b7\n");
    let setup = replies(&mut e, &input);
    assert!(setup.iter().all(|r| r == "= "), "{setup:?}");
    let r = replies(
        &mut e,
        "final_status_list alive\nfinal_status_list dead\nfinal_status_list seki\n\
         final_status d5\nfinal_status b7\nfinal_status a1\nfinal_status j1\n\
         gogui-analyze_commands\nkgs-game_over\ngogui-interrupt\nfinal_score\n\
         weiqi-score_gfx\nfinal_status_list black_territory\n",
    );
    assert_eq!(
        r[0],
        "= D9 D8 D7 D6 D5 D4 D3 D2 D1\nE9 E8 E7 E6 E5 E4 E3 E2 E1"
    );
    assert_eq!(r[1], "= B7");
    assert_eq!(r[2], "= ");
    assert_eq!(
        &r[3..7],
        [
            "= alive",
            "= dead",
            "= black_territory",
            "= white_territory"
        ]
    );
    assert!(r[7].starts_with("= string/Rules/kata-get-rules\n"));
    assert!(r[7].contains("\ngfx/Score/weiqi-score_gfx\n"));
    assert!(r[7].contains("\nstring/Score breakdown/weiqi-score\n"));
    assert_eq!(&r[8..10], ["= ", "= "]);
    // Black 9 + 27, White 9 + 36 + 7.5.
    assert_eq!(r[10], "= W+16.5");
    let gfx: Vec<&str> = r[11].trim_start_matches("= ").lines().collect();
    assert!(
        gfx[0].starts_with("BLACK A9 B9 C9 A8 B8 C8 A7 B7 C7"),
        "{gfx:?}"
    );
    assert!(gfx[1].starts_with("WHITE F9 G9 H9 J9"), "{gfx:?}");
    assert_eq!(&gfx[2..], ["MARK B7", "TEXT W+16.5"]);
    assert!(r[12].contains("B7"), "a dead stone's point is territory");
    assert_eq!(e.game().board().stone_count(Color::White), 10);
}

#[test]
fn final_score_uses_the_dead_list_before_and_after_passes() {
    let mut e = Engine::default();
    let mut input = String::from("boardsize 9\nkomi 6.5\n");
    for row in 1..=9 {
        input.push_str(&format!("play b d{row}\nplay w e{row}\n"));
    }
    input.push_str("play w b7\nplay b g3\n");
    replies(&mut e, &input);
    let ask = "final_score\nfinal_status_list dead\nweiqi-score\n";
    let before = replies(&mut e, ask);
    replies(&mut e, "play w pass\n");
    let one_pass = replies(&mut e, ask);
    replies(&mut e, "play b pass\n");
    let after = replies(&mut e, ask);
    assert_eq!(before[1], "= B7\nG3");
    assert_eq!(before, one_pass);
    assert_eq!(before, after);
    // Area: Black 9 + 27 (with G3 dead and B7 taken off), White 9 + 36.
    assert_eq!(before[0], "= W+15.5");
    // A fresh engine (no cache) agrees: the analysis is deterministic.
    let mut fresh = Engine::default();
    replies(&mut fresh, &format!("{input}play w pass\nplay b pass\n"));
    assert_eq!(replies(&mut fresh, ask), after);
}

#[test]
fn worked_example_over_gtp() {
    let mut e = Engine::default();
    let setup = crate::testutil::gtp_plays(&crate::score::tests::WORKED_EXAMPLE);
    let r = replies(&mut e, &setup);
    assert!(r.iter().all(|x| x == "= "), "{r:?}");
    assert_eq!(e.game().moves().len(), 280);
    let r = replies(
        &mut e,
        "komi 7.5\nfinal_score\nfinal_status_list dead\nweiqi-score\nkomi 6.5\nfinal_score\n\
         kata-set-rules japanese\nkomi 6.5\nfinal_score\nkomi 7.5\nfinal_score\n",
    );
    assert_eq!(r[1], "= W+0.5");
    assert_eq!(r[2], "= ");
    let text = &r[3];
    assert!(
        text.starts_with("= scoring: area (chinese), komi 7.5, handicap 0\n"),
        "{text}"
    );
    for line in [
        "stones: black 140, white 140",
        "territory: black 44, white 37",
        "captures: black 0, white 0 (not counted under area scoring)",
        "dead stones: black 0, white 0 (removed from the board)",
        "komi: white 7.5",
        "handicap compensation: white 0",
        "total: black 184, white 184.5",
        "result: W+0.5",
        "in stones: Black 184, White 177, komi 3¾: 184 - 3¾ = 180¼ < 180½, White wins by ¼ stone",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "{line:?} missing in\n{text}"
        );
    }
    assert_eq!(r[5], "= B+0.5");
    assert_eq!(r[8], "= B+0.5");
    assert_eq!(r[10], "= W+0.5");
}

#[test]
fn garbage_input_never_panics() {
    let mut e = Engine::default();
    let junk: &[u8] = b"\xff\xfe\x00play b \xc3\x28\n\x01\x02\x03\n9999999999999999999999999 play w a1\n\
        play b A99999999999\nboardsize -5\nkomi -\nset_free_handicap\nfixed_handicap 99999999999999999999999\n\
        kata-set-rules {\nkata-set-rules\ntime_left\n\xe4\xbd\xa0\xe5\xa5\xbd\nplay \xe4\xbd\xa0 \xe5\xa5\xbd\n";
    let mut out = Vec::new();
    run(&mut e, junk, &mut out).expect("in-memory I/O");
    let out = String::from_utf8(out).expect("UTF-8");
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(replies.len(), 12, "{out}");
    assert!(replies[1].starts_with("=9999999999999999999999999 "));
}

#[test]
fn replies_never_hold_blank_lines_or_trailing_spaces() {
    let ok = |s: &str| Ok(s.to_string());
    assert_eq!(format_reply(None, &ok("")), "= \n\n");
    assert_eq!(format_reply(Some("5"), &ok("a\n\nb  \n")), "=5 a\nb\n\n");
    assert_eq!(format_reply(None, &ok("\nX\n")), "= \nX\n\n");
    assert_eq!(
        format_reply(Some("0"), &Err(Failure::because("cannot undo", "why"))),
        "?0 cannot undo: why\n\n"
    );
    assert_eq!(
        format_reply(None, &Err(Failure::new("unknown command"))),
        "? unknown command\n\n"
    );
    // A reason over lines stays one reply without blank lines.
    assert_eq!(
        format_reply(None, &Err(Failure::because("cannot load file", "a\n\nb "))),
        "? cannot load file: a\nb\n\n"
    );
}

/// A fresh path under the temporary directory for this test process.
fn temp_sgf(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("weiqi-gtp-{}-{name}.sgf", std::process::id()))
}

#[test]
fn printsgf_then_loadsgf_resumes_the_exact_game() {
    // An adjourned game: handicap, captures, a ko, passes, time settings
    // and time left, Japanese rules and an explicit komi.
    let mut e = Engine::default();
    replies(
        &mut e,
        "boardsize 9\nkgs-rules japanese\nkomi 0.5\nfixed_handicap 2\n\
         kgs-time_settings byoyomi 600 30 5\n\
         play w a9\nplay b pass\nplay w pass\nplay b c5\nplay w f5\nplay b d6\n\
         play w e6\nplay b d4\nplay w e4\nplay b e5\nplay w d5\n\
         time_left b 12 3\ntime_left w 300 0\n",
    );
    let path = temp_sgf("resume");
    let file = path.to_string_lossy().into_owned();
    assert_eq!(one(&mut e, &format!("printsgf {file}")), "= ");
    let text = one(&mut e, "printsgf");
    assert!(text.starts_with("= (;FF[4]GM[1]CA[UTF-8]"), "{text}");
    assert!(text.contains("RU[japanese]KM[0.5]"), "{text}");
    assert!(text.contains("TM[600]OT[5x30 byo-yomi]"), "{text}");
    assert!(text.contains("BL[12]OB[3]WL[300]"), "{text}");

    let mut resumed = Engine::new(Rules::preset("aga").expect("aga"), Some(3.0));
    // The same fixed-playout search on one thread on both sides: the same
    // genmove.
    for engine in [&mut e, &mut resumed] {
        engine.set_player(player::PlayerSettings {
            playouts: Some(200),
            threads: 1,
            ..player::PlayerSettings::default()
        });
    }
    assert_eq!(e.game().moves().len(), 11);
    assert_eq!(one(&mut resumed, &format!("loadsgf {file}")), "= black");
    assert_eq!(state(&resumed), state(&e));
    assert!(resumed.game.komi_explicit());
    // White just took the ko at D5: Black may not retake at E5 at once.
    assert_eq!(one(&mut resumed, "is_legal b e5"), "= 0");
    assert_eq!(one(&mut resumed, "captures white"), "= 1");
    for cmd in [
        "undo",
        "showboard",
        "is_legal b e5",
        "genmove b",
        "showboard",
    ] {
        assert_eq!(one(&mut resumed, cmd), one(&mut e, cmd), "{cmd}");
    }
    // Loading up to a move: the colour of that move.
    assert_eq!(one(&mut resumed, &format!("loadsgf {file} 2")), "= black");
    assert_eq!(resumed.game().moves().len(), 1);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn failing_loadsgf_changes_nothing() {
    let mut e = Engine::default();
    replies(
        &mut e,
        "boardsize 9\nkomi 3.5\nplay b e5\nplay w c3\ntime_settings 60 30 5\n",
    );
    let before = state(&e);
    // Each refusal says why, after the spec's words.
    let bad: &[(&[u8], &str)] = &[
        (b"", "not an SGF file"),
        (
            b"(;SZ[9];B[ee]",
            "the file ends inside the game record (truncated?)",
        ),
        (b"(;SZ[30])", "board size 30 is not supported"),
        (
            b"(;SZ[9];B[ee];W[ee])",
            "move 2 (White E5) is on an occupied point",
        ),
        (b"(;SZ[9];B[zz])", "move 1 (Black [zz]) is off the board"),
        (b"(;GM[3])", "not a Go record (GM[3])"),
        (b"(;SZ[9]HA[x])", "bad handicap HA[x]"),
        (b"\xff\xfe garbage", "not an SGF file"),
    ];
    for (i, (bytes, why)) in bad.iter().enumerate() {
        let path = temp_sgf(&format!("bad{i}"));
        std::fs::write(&path, bytes).expect("temp file");
        let reply = one(&mut e, &format!("loadsgf {}", path.display()));
        assert_eq!(reply, format!("? cannot load file: {why}"), "{i}");
        assert_eq!(state(&e), before, "{i}");
        let _ = std::fs::remove_file(&path);
    }
    for cmd in [
        "loadsgf",
        "loadsgf a b c",
        "loadsgf /dev/zero",
        "loadsgf /nonexistent/x.sgf",
        "loadsgf /tmp x",
        "printsgf a b",
        "printsgf /nonexistent/dir/x.sgf",
    ] {
        assert!(one(&mut e, cmd).starts_with("? "), "{cmd}");
        assert_eq!(state(&e), before, "{cmd}");
    }
}

/// A reader that hands out its chunks with a pause before each, like a GUI
/// typing commands while the engine analyses.
struct SlowInput {
    chunks: std::collections::VecDeque<(std::time::Duration, Vec<u8>)>,
}

impl std::io::Read for SlowInput {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some((delay, mut chunk)) = self.chunks.pop_front() else {
            return Ok(0);
        };
        std::thread::sleep(delay);
        let n = chunk.len().min(buf.len());
        buf[..n].copy_from_slice(&chunk[..n]);
        if n < chunk.len() {
            chunk.drain(..n);
            self.chunks.push_front((std::time::Duration::ZERO, chunk));
        }
        Ok(n)
    }
}

fn slow_session(e: &mut Engine, chunks: &[(u64, &str)]) -> String {
    let input = SlowInput {
        chunks: chunks
            .iter()
            .map(|&(ms, s)| (std::time::Duration::from_millis(ms), s.as_bytes().to_vec()))
            .collect(),
    };
    let mut out = Vec::new();
    run(e, std::io::BufReader::new(input), &mut out).expect("in-memory I/O");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn kata_analyze_streams_until_the_next_command() {
    let mut e = Engine::default();
    let out = slow_session(
        &mut e,
        &[
            (
                0,
                "boardsize 9\nplay b e5\nkata-analyze w 10 ownership true\n",
            ),
            (400, "protocol_version\n"),
        ],
    );
    let (head, rest) = out.split_at(out.find("= \ninfo").expect("stream header") + 3);
    assert_eq!(head, "= \n\n= \n\n= \n");
    let (stream, after) = rest
        .split_once("\n\n")
        .expect("stream ends with a blank line");
    assert_eq!(after, "= 2\n\n");
    let lines: Vec<&str> = stream.lines().collect();
    assert!(lines.len() >= 2, "{stream}");
    for line in lines {
        assert!(line.starts_with("info move "), "{line}");
        let words: Vec<&str> = line.split(' ').collect();
        let wr = words[words.iter().position(|&w| w == "winrate").expect("winrate") + 1];
        let wr: f64 = wr.parse().expect("number");
        assert!((0.0..=1.0).contains(&wr), "{line}");
        assert!(
            line.contains(" scoreLead ") && line.contains(" pv "),
            "{line}"
        );
        let own = line.split(" ownership ").nth(1).expect("ownership");
        assert_eq!(own.split(' ').count(), 81);
        assert!(!line.contains("E5 "), "occupied point as a move: {line}");
    }
}

/// The value after `key` in an `info` line.
fn field(line: &str, key: &str) -> f64 {
    let words: Vec<&str> = line.split(' ').collect();
    let i = words
        .iter()
        .position(|&w| w == key)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    words[i + 1].parse().expect("a number")
}

#[test]
fn kata_analyze_scores_have_katago_meanings() {
    // 9x9, komi 150: White wins every playout, by 150 - 81 points at
    // least. Black walls column C, White column E (for ownership).
    let mut setup = String::from("boardsize 9\nkomi 150\n");
    for row in 1..=9 {
        setup.push_str(&format!("play b c{row}\nplay w e{row}\n"));
    }
    for (color, sign) in [("w", 1.0), ("b", -1.0)] {
        let mut e = Engine::default();
        let out = slow_session(
            &mut e,
            &[
                (0, &setup),
                (0, &format!("kata-analyze {color} 10 ownership true\n")),
                (500, "name\n"),
            ],
        );
        let stream = out.rsplit("= \ninfo").next().expect("stream");
        let lines: Vec<String> = format!("info{stream}")
            .split("\n\n")
            .next()
            .expect("stream")
            .lines()
            .map(str::to_string)
            .collect();
        assert!(!lines.is_empty(), "{out}");
        for line in &lines {
            // Every candidate of the line, one `info` each.
            for c in line
                .split(" ownership ")
                .next()
                .expect("moves")
                .split("info ")
            {
                if c.is_empty() {
                    continue;
                }
                let (wr, mean, stdev, lead) = (
                    field(c, "winrate"),
                    field(c, "scoreMean"),
                    field(c, "scoreStdev"),
                    field(c, "scoreLead"),
                );
                assert!((0.0..=1.0).contains(&wr), "{c}");
                assert!(stdev >= 0.0, "{c}");
                assert_eq!(mean, lead, "scoreMean is scoreLead: {c}");
                // The colour analysed leads (White) or trails (Black).
                assert!(sign * lead >= 150.0 - 81.0, "{color}: {c}");
            }
            let best = line.split("info ").nth(1).expect("a candidate");
            assert!(
                sign * (field(best, "winrate") - 0.5) > 0.0,
                "{color}: {best}"
            );
            assert!(field(best, "scoreStdev") > 0.0, "{best}");
            // Ownership from the colour analysed: A9 is Black's, J1 White's.
            let own: Vec<f64> = line
                .split(" ownership ")
                .nth(1)
                .expect("ownership")
                .split(' ')
                .map(|v| v.parse().expect("a number"))
                .collect();
            assert_eq!(own.len(), 81);
            assert!(own.iter().all(|v| (-1.0..=1.0).contains(v)));
            assert!(sign * (own[80] - own[0]) > 0.0, "{color}: {own:?}");
        }
    }
}

#[test]
fn lz_analyze_writes_integer_win_rates() {
    let mut e = Engine::default();
    let out = slow_session(
        &mut e,
        &[(0, "boardsize 7\n5 lz-analyze b 5\n"), (300, "name\n")],
    );
    let stream = out.split("=5 \n").nth(1).expect("stream");
    let (stream, after) = stream.split_once("\n\n").expect("blank line");
    assert_eq!(after, "= weiqi\n\n");
    let first = stream.lines().next().expect("an info line");
    let words: Vec<&str> = first.split(' ').collect();
    let wr = words[words.iter().position(|&w| w == "winrate").expect("winrate") + 1];
    let wr: u32 = wr.parse().expect("integer win rate");
    assert!(wr <= 10000);
    assert!(!first.contains("scoreLead"));
}

#[test]
fn analysis_refuses_bad_arguments_and_stops_at_end_of_input() {
    let mut e = Engine::default();
    let r = replies(
        &mut e,
        "kata-analyze b ownership maybe\nkata-analyze b interval\nlz-analyze b 50\n",
    );
    assert_eq!(r[0], "? syntax error: 'maybe' is not true or false");
    assert_eq!(r[1], "? syntax error: 'interval' needs a value");
    assert_eq!(r[2], "= ");
}

#[test]
fn ownership_view_for_gogui() {
    let mut e = Engine::default();
    e.set_player(player::PlayerSettings {
        playouts: Some(300),
        ..player::PlayerSettings::default()
    });
    let r = replies(&mut e, "boardsize 5\nweiqi-ownership\n");
    let gfx = &r[1];
    assert!(gfx.starts_with("= INFLUENCE A5 "), "{gfx}");
    assert_eq!(
        gfx.lines().next().map(|l| l.split(' ').count()),
        Some(2 + 50)
    );
    assert!(gfx.lines().nth(1).is_some_and(|l| l.starts_with("TEXT ")));
}

#[test]
fn read_line_bounds_what_it_keeps() {
    let mut input: &[u8] = b"abcdefgh\nxy\nlast";
    let mut buf = Vec::new();
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::TooLong);
    assert_eq!(buf, b"abcd");
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::Complete);
    assert_eq!(buf, b"xy\n");
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::Complete);
    assert_eq!(buf, b"last");
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::Eof);
    // Exactly at the limit, newline included.
    let mut input: &[u8] = b"abc\n";
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::Complete);
    // A long line without newline at the end of input.
    let mut input: &[u8] = b"abcdef";
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::TooLong);
    assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::Eof);
}

#[test]
fn read_line_across_small_buffers() {
    // A reader that hands out one byte at a time.
    let data = b"12 name\nversion\n";
    let mut input = std::io::BufReader::with_capacity(1, &data[..]);
    let mut buf = Vec::new();
    assert_eq!(
        read_line(&mut input, &mut buf, 100).unwrap(),
        Line::Complete
    );
    assert_eq!(buf, b"12 name\n");
    assert_eq!(read_line(&mut input, &mut buf, 3).unwrap(), Line::TooLong);
    assert_eq!(buf, b"ver");
    assert_eq!(read_line(&mut input, &mut buf, 3).unwrap(), Line::Eof);
}

#[test]
fn overlong_lines_are_refused_and_the_engine_goes_on() {
    let mut e = Engine::default();
    let mut input = b"5 play b ".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
    input.extend_from_slice(b"\n6 name\n");
    let mut long_ok = b"7 known_command ".to_vec();
    long_ok.extend(std::iter::repeat_n(b'y', MAX_LINE - 100));
    long_ok.push(b'\n');
    input.extend(long_ok);
    let mut out = Vec::new();
    run(&mut e, std::io::Cursor::new(input), &mut out).expect("in-memory I/O");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("?5 line too long: more than {MAX_LINE} bytes\n\n=6 weiqi\n\n=7 false\n\n")
    );
    assert!(e.game().moves().is_empty());
}

#[test]
fn game_length_is_bounded() {
    let mut e = Engine::default();
    let passes = "play b pass\n".repeat(crate::game::MAX_MOVES);
    let _ = session(&mut e, &passes);
    assert_eq!(e.game().moves().len(), crate::game::MAX_MOVES);
    assert!(one(&mut e, "play w pass").starts_with("? illegal move"));
    assert_eq!(one(&mut e, "genmove w"), "= resign");
    assert_eq!(e.game().moves().len(), crate::game::MAX_MOVES);
    assert_eq!(one(&mut e, "undo"), "= ");
    assert_ne!(one(&mut e, "genmove w"), "= resign");
    assert_eq!(e.game().moves().len(), crate::game::MAX_MOVES);
}
