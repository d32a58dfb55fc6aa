//! The referee's count, asked the way a client asks (the record loaded
//! with `loadsgf`, the rules and komi set, then the count):
//!
//! * it is its own: the player's options (threads, tree memory, seed,
//!   playouts, move time) must not change a dead stone or a point of
//!   `final_score`, on a professional ending whose close calls make the
//!   dead-stone analysis run its refining search;
//! * real endings it once counted wrongly stay counted as the players
//!   did. (The analysis depends on the stones alone, but the refining
//!   search starts from the game as loaded, so these go through the
//!   engine rather than through a diagram.)

use std::io::Write;
use std::process::{Command, Stdio};

const RECORD: &str = "7p-1458400887019999918.sgf";

/// The engine's output, started with `options`, for the count of the
/// Fox record `record` (a file of `tests/data/fox-pro/games`; komi 6.5,
/// as the Fox records are counted).
fn count_with(options: &[&str], record: &str) -> String {
    let path = format!(
        "{}/tests/data/fox-pro/games/{record}",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(options)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let script = format!(
        "loadsgf {path}\nkata-set-rules japanese\nkomi 6.5\nfinal_status_list dead\nfinal_status_list seki\nweiqi-score\nfinal_score\nquit\n"
    );
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("the script is sent");
    let out = child.wait_with_output().expect("the engine answers");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn player_options_do_not_change_the_count() {
    let plain = count_with(&[], RECORD);
    assert!(plain.contains("result: "), "no count in {plain}");
    assert!(!plain.contains("\n?"), "an error in {plain}");
    for options in [
        &["--threads", "1"][..],
        &["--threads", "4", "--max-tree-mb", "8"],
        &["--seed", "12345", "--playouts", "50"],
        &["--move-time", "0.05", "--rules", "chinese"],
    ] {
        assert_eq!(count_with(options, RECORD), plain, "with {options:?}");
    }
}

#[test]
fn a_race_only_the_refining_search_calls_lost_is_not_counted_dead() {
    // 7p-1465573402019999418, W+1.5 as the players counted. Black's ten
    // stones from N6-O6-P6 up to Q9-S9 and White's chains inside the
    // lower right (from O4, Q7 and T6) are in a capturing race that the
    // players left as it is. The ownership playouts find the Black chain
    // alive (opponent share 0.23) and end with it sharing a liberty with
    // White in 0.27 of them; the refining search alone puts it at 0.74.
    // Counted dead on that share, the count was W+26.5.
    let out = count_with(&[], "7p-1465573402019999418.sgf");
    assert!(
        !out.contains("\n?") && !out.starts_with('?'),
        "an error in {out}"
    );
    // The replies: loadsgf, rules, komi, dead, seki, weiqi-score, final_score.
    let replies: Vec<&str> = out
        .split("\n\n")
        .map(|reply| reply.trim_start_matches('=').trim())
        .collect();
    let mut dead: Vec<&str> = replies[3].split_whitespace().collect();
    for v in ["N6", "P7", "O8", "Q9"] {
        assert!(!dead.contains(&v), "{v} counted dead: {dead:?}");
    }
    // The stones the players removed.
    let mut removed = vec!["L17", "K16", "N15", "D7", "K5", "G4", "D3"];
    removed.sort_unstable();
    dead.sort_unstable();
    assert_eq!(dead, removed);
    assert_eq!(replies[6], "W+1.5");
}
