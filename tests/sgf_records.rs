//! Records written by other programs load, and give the same game as
//! replaying their moves with `play`.
//!
//! Fixtures in `gtp-tests/sgf/` (made by `scripts/make_sgf_fixtures.py`):
//! GNU Go 3.8's own `printsgf` output (a position as `AB`/`AW` setup, `PL`,
//! `IL`, a komi that folds in the prisoners), and records with Chinese
//! (GB2312), Japanese (Shift-JIS, with `\`-escaped 0x5C trail bytes) and
//! Korean (EUC-KR) names and comments, soft line breaks and a variation.
//! Each has a `.gtp` beside it: the same game as GTP commands.

use std::path::{Path, PathBuf};

use weiqi::board::Color;
use weiqi::game::MAX_MOVES;
use weiqi::gtp::Engine;
use weiqi::sgf;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("gtp-tests/sgf")
        .join(name)
}

fn run(engine: &mut Engine, line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    match weiqi::gtp::execute(engine, words[0], &words[1..]) {
        Ok(text) => text,
        Err(f) => panic!("`{line}` failed: {} ({})", f.message, f.reason),
    }
}

/// The GTP script of a fixture, and its `play` lines.
fn script(name: &str) -> (Vec<String>, usize) {
    let text = std::fs::read_to_string(fixture(&format!("{name}.gtp"))).expect("script");
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let setup = lines.iter().take_while(|l| !l.starts_with("play ")).count();
    (lines, setup)
}

/// An engine that ran the first `setup + moves` lines of the script.
fn replayed(lines: &[String], upto: usize) -> Engine {
    let mut e = Engine::default();
    for l in &lines[..upto] {
        run(&mut e, l);
    }
    e
}

fn loaded(name: &str, until: Option<usize>) -> (Engine, String) {
    let mut e = Engine::default();
    let path = fixture(&format!("{name}.sgf"));
    let mut cmd = format!("loadsgf {}", path.display());
    if let Some(n) = until {
        cmd += &format!(" {n}");
    }
    let reply = run(&mut e, &cmd);
    (e, reply)
}

fn board(e: &mut Engine) -> String {
    format!(
        "{}\n{}",
        run(e, "list_stones black"),
        run(e, "list_stones white")
    )
}

/// A record from its setup or first move on (after the game information).
fn body(sgf: &str) -> &str {
    let start = ["\nHA[", "\nAB[", "\n;"]
        .iter()
        .filter_map(|m| sgf.find(m))
        .min()
        .unwrap_or(0);
    &sgf[start..]
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[test]
fn gnu_go_printsgf_output_loads_as_the_position_it_played() {
    for name in ["gnugo-9x9", "gnugo-19x19-h3"] {
        let (lines, _) = script(name);
        let mut played = replayed(&lines, lines.len());
        let (mut e, reply) = loaded(name, None);
        assert_eq!(board(&mut e), board(&mut played), "{name}");
        assert_eq!(reply, color_word(played.game().to_move()), "{name}");
        // GNU Go writes the position, not the moves.
        assert!(e.game().moves().is_empty(), "{name}");
    }
}

#[test]
fn cjk_records_load_as_their_moves_replayed() {
    for name in ["cjk-gb2312", "cjk-shiftjis", "cjk-euckr"] {
        let (lines, setup) = script(name);
        let total = lines.len() - setup;
        let mut played = replayed(&lines, lines.len());
        let (mut e, reply) = loaded(name, None);
        assert_eq!(e.game().moves().len(), total, "{name}");
        assert_eq!(board(&mut e), board(&mut played), "{name}");
        assert_eq!(reply, color_word(played.game().to_move()), "{name}");
        for cmd in [
            "captures black",
            "captures white",
            "final_score",
            "kata-get-rules",
        ] {
            assert_eq!(run(&mut e, cmd), run(&mut played, cmd), "{name}: {cmd}");
        }
        // Same game, so the same record (handicap, moves); the loaded one
        // also carries the file's game information (names, event, rules
        // and komi as given).
        let (loaded_sgf, played_sgf) = (run(&mut e, "printsgf"), run(&mut played, "printsgf"));
        assert_eq!(body(&loaded_sgf), body(&played_sgf), "{name}");
        assert!(loaded_sgf.contains("DT[2024-05-01]"), "{name}");
        assert!(!played_sgf.contains("DT["), "{name}");
        // The position before move N is the first N-1 moves replayed.
        for n in [1, 2, 21, 22, total / 2, total] {
            let (mut part, reply) = loaded(name, Some(n));
            let mut partial = replayed(&lines, setup + n - 1);
            assert_eq!(board(&mut part), board(&mut partial), "{name} {n}");
            let next = lines[setup + n - 1]
                .split_whitespace()
                .nth(1)
                .expect("colour");
            assert_eq!(reply, next, "{name} {n}");
        }
    }
}

/// Public records with CJK text from Sabaki's SGF library (MIT; see
/// `gtp-tests/sgf/public/README.md`): they load, and give the board that
/// replaying their moves with `play` gives.
#[test]
fn public_cjk_records_load_as_their_moves_replayed() {
    for name in ["sabaki-chinese", "sabaki-japanese", "sabaki-korean"] {
        let (lines, _) = script(&format!("public/{name}"));
        let mut played = replayed(&lines, lines.len());
        let (mut e, reply) = loaded(&format!("public/{name}"), None);
        assert_eq!(e.game().moves().len(), 2, "{name}");
        assert_eq!(board(&mut e), board(&mut played), "{name}");
        assert_eq!(reply, "black", "{name}");
        let bytes = std::fs::read(fixture(&format!("public/{name}.sgf"))).expect("fixture");
        assert!(sgf::parse(&bytes).is_ok(), "{name}");
    }
}

#[test]
fn cjk_text_is_kept_as_bytes() {
    let bytes = std::fs::read(fixture("cjk-gb2312.sgf")).expect("fixture");
    let tree = sgf::parse(&bytes).expect("parses");
    // 王小明 in GB2312.
    assert_eq!(
        tree.nodes[0].get("PB"),
        Some(&b"\xcd\xf5\xd0\xa1\xc3\xf7"[..])
    );
    let bytes = std::fs::read(fixture("cjk-shiftjis.sgf")).expect("fixture");
    let tree = sgf::parse(&bytes).expect("parses");
    // 山田表太郎: 表 is 0x95 0x5C, written with the 0x5C escaped.
    let pb = tree.nodes[0].get("PB").expect("PB");
    assert_eq!(pb, "山田表太郎".encode_sjis_for_test());
}

/// Shift-JIS bytes of the few characters the test needs (no encoding
/// crate: the table is tiny).
trait SjisForTest {
    fn encode_sjis_for_test(&self) -> Vec<u8>;
}

impl SjisForTest for str {
    fn encode_sjis_for_test(&self) -> Vec<u8> {
        self.chars()
            .flat_map(|c| match c {
                '山' => [0x8e, 0x52],
                '田' => [0x93, 0x63],
                '表' => [0x95, 0x5c],
                '太' => [0x91, 0xbe],
                '郎' => [0x98, 0x59],
                _ => panic!("{c} not in the test table"),
            })
            .collect()
    }
}

#[test]
fn deep_variations_through_gtp() {
    // Nested variations on the command path, on a thread with 1 MiB of
    // stack (the main thread has 8 MiB): the stack a load needs does not
    // grow with the depth (10 levels need as much as 100,000; an
    // unoptimised build needs more than 512 KiB for either). A game holds
    // at most MAX_MOVES moves, so 100,000 nested moves are refused cleanly.
    for depth in [10, MAX_MOVES, 100_000] {
        let mut f = String::from("(;SZ[9]");
        for i in 0..depth {
            f.push_str(if i % 2 == 0 { "(;B[]" } else { "(;W[]" });
        }
        f.push_str(&")".repeat(depth + 1));
        let path =
            std::env::temp_dir().join(format!("weiqi-deep-{}-{depth}.sgf", std::process::id()));
        std::fs::write(&path, f).expect("temp file");
        let handle = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || {
                let mut e = Engine::default();
                let file = path.display().to_string();
                let reply = weiqi::gtp::execute(&mut e, "loadsgf", &[file.as_str()]);
                let _ = std::fs::remove_file(&path);
                (reply.map_err(|f| f.to_string()), e.game().moves().len())
            })
            .expect("thread");
        let (reply, moves) = handle.join().expect("no overflow");
        if depth <= MAX_MOVES {
            let expect = if depth % 2 == 0 { "black" } else { "white" };
            assert_eq!((reply, moves), (Ok(expect.to_string()), depth));
        } else {
            let why = format!("cannot load file: too many moves (more than {MAX_MOVES})");
            assert_eq!((reply, moves), (Err(why), 0));
        }
    }
}
