//! The module graph of src/ has no import circle: runs
//! scripts/import_cycles.py (as CI does), and checks that the script does
//! fail on a circle, on a copy of src/ with one import added.

use std::path::{Path, PathBuf};
use std::process::Command;

fn check(src: &Path) -> (bool, String) {
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/import_cycles.py"
        ))
        .arg("--src")
        .arg(src)
        .output()
        .expect("python3 runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a directory");
    for entry in std::fs::read_dir(from).expect("readable") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copied");
        }
    }
}

#[test]
fn src_has_no_import_circle() {
    let (ok, text) = check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(ok, "{text}");
    assert!(text.contains("no circle"), "{text}");
}

#[test]
fn the_check_fails_on_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let copy: PathBuf = std::env::temp_dir().join(format!("weiqi-cycles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    copy_dir(&src, &copy);
    // The engine state names a handler: engine -> commands::play -> engine.
    let engine = copy.join("gtp/engine.rs");
    let mut text = std::fs::read_to_string(&engine).expect("engine.rs");
    text.push_str("\nfn _circle() {\n    let _ = crate::gtp::commands::play::genmove;\n}\n");
    std::fs::write(&engine, text).expect("written");
    let (ok, out) = check(&copy);
    let _ = std::fs::remove_dir_all(&copy);
    assert!(!ok, "{out}");
    assert!(out.contains("crate::gtp::engine"), "{out}");
    assert!(out.contains("crate::gtp::commands::play"), "{out}");
}
