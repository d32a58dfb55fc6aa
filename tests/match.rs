//! `weiqi match` against scripted fake engines (tests/fake_engines/
//! fake_gtp.py, python3 and its standard library only): each misbehaviour
//! gives the right result and reason, and the match goes on with the next
//! game (two games each, colours alternating, so the culprit plays Black
//! in game 1 and White in game 2).

use std::path::PathBuf;
use std::process::Command;

use weiqi::referee::results::{Engines, Row, Seat, Summary, parse_table};

fn fake(args: &str) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines/fake_gtp.py");
    format!("python3 '{}' {args}", script.display())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Runs `weiqi match` with engine A = `a`, B = `b` and extra arguments;
/// returns the parsed results table and the whole stdout.
fn run(a: &str, b: &str, extra: &[&str]) -> (Engines, Vec<Row>, String) {
    let size: &[&str] = if extra.contains(&"--size") {
        &[]
    } else {
        &["--size", "9"]
    };
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["match", "--black", a, "--white", b])
        .args(size)
        .args(extra)
        .output()
        .expect("weiqi runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "weiqi match failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = stdout.split("\n\n").next().unwrap_or("");
    let (engines, rows) = parse_table(table).expect("a results table");
    (engines, rows, stdout)
}

/// Two games, alternating: A misbehaves in both.
fn two_games_a_loses(a: &str, extra: &[&str], result: [&str; 2], reason: &str) -> Vec<Row> {
    let mut args = vec!["--games", "2", "--alternate"];
    args.extend_from_slice(extra);
    let (_, rows, stdout) = run(&fake(a), &fake(""), &args);
    assert_eq!(rows.len(), 2, "{stdout}");
    for (row, want) in rows.iter().zip(result) {
        assert_eq!(row.outcome.sgf_result(), want, "{stdout}");
        assert_eq!(row.outcome.reason(), reason, "{stdout}");
        assert_eq!(row.winner(), Some(Seat::B), "{stdout}");
    }
    assert_eq!((rows[0].black, rows[1].black), (Seat::A, Seat::B));
    assert!(stdout.contains("A wins 0, B wins 2"), "{stdout}");
    rows
}

#[test]
fn resignation() {
    let rows = two_games_a_loses("--resign-at 3", &[], ["W+R", "B+R"], "resignation");
    // A resigns at its third genmove: after 4 moves as Black, 5 as White.
    assert_eq!((rows[0].moves, rows[1].moves), (4, 5));
}

#[test]
fn illegal_move_on_an_occupied_point() {
    let rows = two_games_a_loses("--illegal-at 2", &[], ["W+F", "B+F"], "illegal-move");
    assert!(rows[0].detail.contains("occupied"), "{}", rows[0].detail);
}

#[test]
fn hang_is_a_forfeit_and_the_engine_is_replaced() {
    two_games_a_loses(
        "--hang-at 2",
        &["--move-timeout", "1"],
        ["W+F", "B+F"],
        "hang",
    );
}

#[test]
fn crash_is_a_forfeit_and_the_engine_is_restarted() {
    let rows = two_games_a_loses("--crash-at 2", &[], ["W+F", "B+F"], "crash");
    assert!(rows[0].detail.contains("crashed"), "{}", rows[0].detail);
}

#[test]
fn nonsense_is_a_forfeit() {
    two_games_a_loses("--nonsense-at 3", &[], ["W+F", "B+F"], "bad-reply");
}

#[test]
fn refusing_a_legal_play_is_a_forfeit() {
    let rows = two_games_a_loses("--refuse-play-at 2", &[], ["W+F", "B+F"], "refused");
    assert!(
        rows[0].detail.contains("refused 'play"),
        "{}",
        rows[0].detail
    );
}

#[test]
fn too_slow_for_the_byoyomi_period_loses_on_time() {
    // One period of one second; A thinks 1.5 s per move.
    let rows = two_games_a_loses(
        "--sleep 1.5",
        &["--time", "byoyomi:0:1:1"],
        ["W+T", "B+T"],
        "time",
    );
    assert!(rows[0].time[0].as_secs_f64() >= 1.5);
}

#[test]
fn within_the_period_costs_nothing_and_the_move_limit_voids() {
    let (_, rows, stdout) = run(
        &fake("--sleep 0.3"),
        &fake(""),
        &["--time", "byoyomi:0:1:1", "--max-moves", "6"],
    );
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].outcome.sgf_result(), "Void", "{stdout}");
    assert_eq!(rows[0].outcome.reason(), "move-limit", "{stdout}");
    assert_eq!(rows[0].moves, 6);
}

#[test]
fn double_ko_cycle_is_void_under_simple_ko() {
    // The double ko of referee::one_game's unit test, played by two fakes that
    // follow the same colour scripts (so colours can alternate).
    let scripts = "--black-moves A2,B1,B3,A6,B7,B5,F4,G4 --black-loop C2,C6,pass \
                   --white-moves D2,C1,C3,D6,C7,C5,B2,B6 --white-loop pass,B2,B6";
    let dir = scratch("cycle");
    let sgf = dir.join("sgf");
    let sgf_dir = sgf.to_string_lossy().to_string();
    let (_, rows, stdout) = run(
        &fake(scripts),
        &fake(scripts),
        &[
            "--size",
            "7",
            "--rules",
            "japanese",
            "--games",
            "2",
            "--alternate",
            "--sgf-dir",
            &sgf_dir,
        ],
    );
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(r.outcome.sgf_result(), "Void", "{stdout}");
        assert_eq!(r.outcome.reason(), "cycle", "{stdout}");
        assert_eq!(r.moves, 28);
    }
    assert!(stdout.contains("void 2"), "{stdout}");
    let text = std::fs::read_to_string(sgf.join("game-0002.sgf")).expect("sgf written");
    assert!(
        text.contains("RE[Void]") && text.contains("RU[japanese]"),
        "{text}"
    );
    // Under positional superko the repetition is an illegal move instead.
    let (_, rows, stdout) = run(&fake(scripts), &fake(scripts), &["--size", "7"]);
    assert_eq!(rows[0].outcome.reason(), "illegal-move", "{stdout}");
    assert_eq!(rows[0].moves, 21, "{stdout}");
}

#[test]
fn scored_games_shards_and_merge() {
    let dir = scratch("shards");
    let mut tables = Vec::new();
    for i in 1..=2 {
        let path = dir.join(format!("shard{i}.tsv"));
        let p = path.to_string_lossy().to_string();
        let shard = format!("{i}/2");
        let (_, rows, _) = run(
            &fake("--name one"),
            &fake("--name two"),
            &[
                "--games",
                "3",
                "--alternate",
                "--shard",
                &shard,
                "--results",
                &p,
                "--parallel",
                "2",
                "--komi",
                "0.5",
                "--handicap",
                "2",
            ],
        );
        let games: Vec<usize> = rows.iter().map(|r| r.game).collect();
        assert_eq!(games, if i == 1 { vec![1, 3] } else { vec![2] });
        for r in &rows {
            assert_eq!(r.outcome.reason(), "score");
        }
        tables.push(p);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .arg("match-merge")
        .args(&tables)
        .output()
        .expect("weiqi runs");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let (_, rows) = parse_table(stdout.split("\n\n").next().unwrap_or("")).expect("table");
    assert_eq!(rows.iter().map(|r| r.game).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(rows[1].black, Seat::B);
    let s = Summary::new(&rows);
    assert_eq!(s.a_wins + s.b_wins + s.jigo, 3);
    assert!(stdout.contains("Elo A-B"), "{stdout}");
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["match", "--black", "/nonexistent/engine", "--white", "x"])
        .output()
        .expect("weiqi runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot start"), "{err}");
}

#[test]
fn sprt_stops_the_match_once_decided() {
    // A resigns every game: against H1 "A is 200 Elo stronger", each loss
    // adds ln(0.2403 / 0.5) = -0.733 to the LLR, so the fifth crosses
    // ln(0.05 / 0.95) = -2.944 and the match stops at 5 of the 40 games.
    let (_, rows, stdout) = run(
        &fake("--resign-at 1"),
        &fake(""),
        &["--games", "40", "--alternate", "--sprt", "0,200"],
    );
    assert_eq!(rows.len(), 5, "{stdout}");
    assert!(rows.iter().all(|r| r.winner() == Some(Seat::B)), "{stdout}");
    assert!(stdout.contains("LLR -3.66"), "{stdout}");
    assert!(stdout.contains("H0 accepted"), "{stdout}");
    let s = Summary::new(&rows);
    assert_eq!((s.a_wins, s.b_wins), (0, 5));
}

#[test]
fn sprt_says_when_it_stopped_a_match_whose_games_in_play_finished_after() {
    // Two games at a time: when the fifth loss decides, the other worker's
    // game is usually in play; it is finished and listed, and a last line
    // gives the report at the decision (five games).
    let (_, rows, stdout) = run(
        &fake("--resign-at 1"),
        &fake(""),
        &[
            "--games",
            "40",
            "--alternate",
            "--parallel",
            "2",
            "--sprt",
            "0,200",
        ],
    );
    assert!(rows.len() == 5 || rows.len() == 6, "{stdout}");
    let line = "the match stopped when 5 games had finished: SPRT elo0 +0 elo1 +200 \
                alpha 0.05 beta 0.05: LLR -3.66";
    assert_eq!(stdout.contains(line), rows.len() == 6, "{stdout}");
}

#[test]
fn a_bad_sprt_argument_is_refused() {
    for bad in ["200,0", "0", "0,100,0.6,0.05"] {
        let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .args(["match", "--black", "x", "--white", "y", "--sprt", bad])
            .output()
            .expect("weiqi runs");
        assert!(!out.status.success(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not ELO0,ELO1"), "{bad}: {err}");
    }
}
