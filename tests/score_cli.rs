//! `weiqi score FILE.sgf [--rules NAME] [--komi F] [--svg OUT.svg]`, run as
//! the built binary, against the same binary over GTP (`loadsgf` and the
//! scoring commands).
//!
//! The fixture `gtp-tests/sgf/gnugo-9x9-finished.sgf` is a 9x9 game GNU Go
//! 3.8 (level 3) played against itself to two passes, with three White
//! stones left dead on the board (GNU Go's `final_score`: W+4.5 under
//! Chinese rules, komi 7.5).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_weiqi");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("gtp-tests/sgf")
        .join(name)
}

fn finished_game() -> PathBuf {
    fixture("gnugo-9x9-finished.sgf")
}

fn score(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("score")
        .args(args)
        .output()
        .expect("run weiqi score")
}

/// The replies of the binary speaking GTP to `commands`, without the `= `.
fn gtp(commands: &[String]) -> Vec<String> {
    let mut child = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start weiqi");
    let mut input = commands.join("\n");
    input.push_str("\nquit\n");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write commands");
    let out = child.wait_with_output().expect("weiqi over GTP");
    let text = String::from_utf8(out.stdout).expect("UTF-8 replies");
    let replies: Vec<String> = text
        .split("\n\n")
        .filter(|r| !r.trim().is_empty())
        .map(|r| {
            let r = r.trim_start_matches('\n');
            assert!(r.starts_with('='), "GTP failure: {r}");
            r[1..].trim_start_matches(' ').to_string()
        })
        .collect();
    assert_eq!(replies.len(), commands.len() + 1, "{text}");
    replies
}

fn load(path: &Path) -> String {
    format!("loadsgf {}", path.display())
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "weiqi score failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn prints_the_breakdown_of_weiqi_score_and_the_result_of_final_score() {
    let path = finished_game();
    let printed = stdout(&score(&[path.to_str().unwrap()]));
    let r = gtp(&[
        load(&path),
        "final_score".into(),
        "weiqi-score".into(),
        "final_status_list dead".into(),
    ]);
    assert_eq!(r[1], "W+4.5", "GNU Go's count of the fixture");
    assert_eq!(printed.trim_end(), r[2]);
    assert!(
        printed.contains(&format!("\nresult: {}\n", r[1])),
        "{printed}"
    );
    assert!(
        printed.contains("dead stones: black 0, white 3"),
        "{printed}"
    );
    assert!(printed.contains("in stones: "), "{printed}");
    assert_eq!(r[3].split_whitespace().count(), 3, "dead: {}", r[3]);
}

#[test]
fn rules_and_komi_override_the_record() {
    let path = finished_game();
    let printed = stdout(&score(&[
        path.to_str().unwrap(),
        "--rules",
        "japanese",
        "--komi",
        "0.5",
    ]));
    let r = gtp(&[
        load(&path),
        "kata-set-rules japanese".into(),
        "komi 0.5".into(),
        "weiqi-score".into(),
        "final_score".into(),
    ]);
    assert_eq!(printed.trim_end(), r[3]);
    assert!(
        printed.starts_with("scoring: territory (japanese), komi 0.5"),
        "{printed}"
    );
    assert!(printed.contains(&format!("\nresult: {}\n", r[4])));

    // Rules alone: the record's KM stays, as over GTP.
    let printed = stdout(&score(&[path.to_str().unwrap(), "--rules", "aga"]));
    let r = gtp(&[
        load(&path),
        "kata-set-rules aga".into(),
        "weiqi-score".into(),
    ]);
    assert_eq!(printed.trim_end(), r[2]);
    assert!(printed.starts_with("scoring: area (aga), komi 7.5"));
}

/// Whether every element of `xml` is closed in order (a small check of
/// well-formedness: no comments, CDATA or processing instructions here).
fn balanced(xml: &str) -> Result<(), String> {
    let mut open: Vec<String> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').ok_or("a tag is not closed")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if name.is_empty() {
            return Err(format!("bad tag <{tag}>"));
        }
        if tag.ends_with('/') {
            continue;
        }
        if tag.starts_with('/') {
            match open.pop() {
                Some(o) if o == name => {}
                o => return Err(format!("</{name}> closes {o:?}")),
            }
        } else {
            open.push(name);
        }
    }
    if open.is_empty() {
        Ok(())
    } else {
        Err(format!("unclosed: {open:?}"))
    }
}

#[test]
fn svg_draws_every_stone_marks_the_dead_and_carries_the_result() {
    let path = finished_game();
    let dir = std::env::temp_dir().join(format!("weiqi-score-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("count.svg");
    let printed = stdout(&score(&[
        path.to_str().unwrap(),
        "--svg",
        out.to_str().unwrap(),
    ]));
    let svg = std::fs::read_to_string(&out).expect("the SVG file");
    std::fs::remove_dir_all(&dir).ok();
    let r = gtp(&[
        load(&path),
        "list_stones black".into(),
        "list_stones white".into(),
        "final_status_list dead".into(),
        "final_score".into(),
    ]);
    let count = |s: &str| s.split_whitespace().count();

    assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
    assert!(svg.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
    balanced(&svg).unwrap();
    assert_eq!(
        svg.matches(r#"<circle class="stone "#).count(),
        count(&r[1]) + count(&r[2]),
        "one circle per stone on the board"
    );
    assert_eq!(svg.matches(r#"class="stone black""#).count(), count(&r[1]));
    assert_eq!(svg.matches(r#"class="dead-mark""#).count(), count(&r[3]));
    assert_eq!(
        svg.matches(r#"class="stone white dead""#).count(),
        count(&r[3])
    );
    // Territory squares: one per point of territory, dead stones' included.
    assert_eq!(
        svg.matches(r#"class="territory "#).count(),
        21 + 22,
        "{printed}"
    );
    assert!(printed.contains("territory: black 21, white 22"));
    assert!(
        svg.contains(&format!(">{} (area, komi 7.5) — W+2¼ stones</text>", r[4])),
        "caption"
    );
}

#[test]
fn unreadable_or_bad_records_exit_2_without_a_panic() {
    for path in [
        fixture("no-such-file.sgf"),
        fixture("bad-truncated.sgf"),
        fixture("bad-illegal.sgf"),
    ] {
        let out = score(&[path.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", path.display());
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.starts_with("weiqi score: "), "{err}");
        assert!(out.stdout.is_empty());
    }
    // An SVG that cannot be written is an error too.
    let out = score(&[
        finished_game().to_str().unwrap(),
        "--svg",
        "/nonexistent-dir/x.svg",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}
