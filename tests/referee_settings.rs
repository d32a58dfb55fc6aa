//! The referee's count is its own: the player's options (threads, tree
//! memory, seed, playouts, move time) must not change a dead stone or a
//! point of `final_score`. The position is a professional ending whose
//! close calls make the dead-stone analysis run its refining search.

use std::io::Write;
use std::process::{Command, Stdio};

const RECORD: &str = "tests/data/fox-pro/games/7p-1458400887019999918.sgf";

fn count_with(options: &[&str]) -> String {
    let path = format!("{}/{RECORD}", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(options)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let script = format!(
        "loadsgf {path}\nkata-set-rules japanese\nkomi 6.5\nfinal_status_list dead\nfinal_status_list seki\nweiqi-score\nquit\n"
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
    let plain = count_with(&[]);
    assert!(plain.contains("result: "), "no count in {plain}");
    assert!(!plain.contains("\n?"), "an error in {plain}");
    for options in [
        &["--threads", "1"][..],
        &["--threads", "4", "--max-tree-mb", "8"],
        &["--seed", "12345", "--playouts", "50"],
        &["--move-time", "0.05", "--rules", "chinese"],
    ] {
        assert_eq!(count_with(options), plain, "with {options:?}");
    }
}
