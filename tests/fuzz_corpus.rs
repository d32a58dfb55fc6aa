//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/*`) through the
//! same checks the fuzz targets run ([`weiqi::fuzzing`]), on the stable
//! toolchain: every input that ever found new coverage, and every crash
//! that was fixed, stays a regression test of plain `cargo test`.

use std::fs;
use std::path::Path;

/// Runs `check` on every file of `fuzz/corpus/<target>/`, reporting the
/// file that fails; returns how many files there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    // On every core: the sessions run the dead-stone analysis, which is
    // slow in a debug build.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for part in files.chunks(chunk) {
            scope.spawn(move || {
                for path in part {
                    let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    if std::panic::catch_unwind(|| check(&data)).is_err() {
                        panic!("{target}: {} fails its check", path.display());
                    }
                }
            });
        }
    });
    files.len()
}

#[test]
fn gtp_line_corpus() {
    let n = replay("gtp_line", weiqi::fuzzing::check_gtp_line);
    assert!(n > 0, "empty gtp_line corpus");
}

#[test]
fn gtp_session_corpus() {
    let n = replay("gtp_session", weiqi::fuzzing::check_gtp_session);
    assert!(n > 0, "empty gtp_session corpus");
}

#[test]
fn sgf_corpus() {
    let n = replay("sgf", weiqi::fuzzing::check_sgf);
    assert!(n > 0, "empty sgf corpus");
}
