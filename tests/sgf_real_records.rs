//! Records shaped like the ones found in the wild all load, and keep what
//! they say.
//!
//! `gtp-tests/sgf/real/` (made by `scripts/make_real_sgf_fixtures.py`)
//! holds historical and hand-entered FF[1]/FF[3] records with free-text
//! `TM`/`OT`, KGS, CGoban, OGS, Fox, Tygem-converted and IGS-style headers,
//! Chinese, Japanese, Korean and Latin-1 text in their own charsets, long
//! comments, variations, `B[tt]` passes, mail headers, a byte-order mark,
//! CRLF line ends. `expected.tsv` beside them gives, for each, the position
//! GNU Go 3.8 reads from the same game written plainly (its stones and the
//! colour to move, the number of moves) and the game information weiqi
//! must read from the record's own header (rules, komi, main time,
//! overtime). Every `.sgf` in the folder must have a row, and every row a
//! file.

use std::path::{Path, PathBuf};

use weiqi::gtp::Engine;
use weiqi::rules::Rules;
use weiqi::sgf::{self, LoadOptions, Overtime, info};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/sgf/real")
}

/// One row of `expected.tsv`.
#[derive(Debug)]
struct Expected {
    name: String,
    moves: usize,
    to_move: String,
    rules: String,
    komi: String,
    main: String,
    overtime: String,
    black: String,
    white: String,
}

fn manifest() -> Vec<Expected> {
    let text = std::fs::read_to_string(dir().join("expected.tsv")).expect("expected.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 9, "{l}");
            Expected {
                name: f[0].to_string(),
                moves: f[1].parse().expect("moves"),
                to_move: f[2].to_string(),
                rules: f[3].to_string(),
                komi: f[4].to_string(),
                main: f[5].to_string(),
                overtime: f[6].to_string(),
                black: f[7].to_string(),
                white: f[8].to_string(),
            }
        })
        .collect()
}

/// The `.sgf` files of the folder, by name without the extension.
fn records() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("folder")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".sgf").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

fn path(name: &str) -> String {
    dir().join(format!("{name}.sgf")).display().to_string()
}

fn run(e: &mut Engine, cmd: &str, args: &[&str]) -> String {
    match weiqi::gtp::execute(e, cmd, args) {
        Ok(text) => text,
        Err(f) => panic!("`{cmd} {args:?}` failed: {}", f.message),
    }
}

/// A stone list sorted, `-` for none (as the manifest writes it).
fn stones(e: &mut Engine, color: &str) -> String {
    let mut v: Vec<String> = run(e, "list_stones", &[color])
        .split_whitespace()
        .map(str::to_string)
        .collect();
    v.sort();
    if v.is_empty() {
        "-".to_string()
    } else {
        v.join(" ")
    }
}

/// The rules and komi of a new engine (what a record that says nothing
/// readable leaves).
fn defaults() -> (Rules, f64) {
    let e = Engine::default();
    (*e.game().rules(), e.game().komi())
}

fn expected_rules(x: &Expected) -> Rules {
    match x.rules.as_str() {
        "-" => defaults().0,
        name => Rules::preset(name)
            .ok()
            .or_else(|| info::rules(name.as_bytes()))
            .unwrap_or_else(|| panic!("{}: rules {name}", x.name)),
    }
}

fn expected_komi(x: &Expected) -> f64 {
    match x.komi.as_str() {
        "-" => defaults().1,
        k => k.parse().expect("komi"),
    }
}

/// An overtime as the manifest writes it: `5x30` (byo-yomi), `25/600c`
/// (Canadian), `30f` (Fischer), `-` (none).
fn overtime_text(o: Option<Overtime>) -> String {
    match o {
        None => "-".to_string(),
        Some(Overtime::ByoYomi { periods, seconds }) => format!("{periods}x{seconds}"),
        Some(Overtime::Canadian { stones, seconds }) => format!("{stones}/{seconds}c"),
        Some(Overtime::Fischer { increment }) => format!("{increment}f"),
    }
}

#[test]
fn the_folder_and_the_manifest_agree() {
    let names: Vec<String> = manifest().into_iter().map(|x| x.name).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, records());
    assert!(names.len() >= 30, "{} records", names.len());
}

#[test]
fn every_record_loads_as_gnu_go_reads_it() {
    for x in manifest() {
        let file = path(&x.name);
        let mut e = Engine::default();
        let reply = run(&mut e, "loadsgf", &[&file]);
        assert_eq!(reply, x.to_move, "{}", x.name);
        assert_eq!(e.game().moves().len(), x.moves, "{}", x.name);
        assert_eq!(stones(&mut e, "black"), x.black, "{}", x.name);
        assert_eq!(stones(&mut e, "white"), x.white, "{}", x.name);
        assert_eq!(*e.game().rules(), expected_rules(&x), "{}", x.name);
        assert_eq!(e.game().komi(), expected_komi(&x), "{}", x.name);
        // The time settings read from the header.
        let bytes = std::fs::read(&file).expect("record");
        let (rules, komi) = defaults();
        let opts = LoadOptions {
            until: None,
            rules,
            komi,
            komi_explicit: false,
        };
        let loaded = sgf::load(&bytes, &opts).expect("loads");
        let main = loaded.time.main.map_or("-".to_string(), |t| t.to_string());
        assert_eq!(main, x.main, "{}", x.name);
        assert_eq!(
            overtime_text(loaded.time.overtime),
            x.overtime,
            "{}",
            x.name
        );
    }
}

/// Escapes `]` and `\` in a raw value, as SGF writes it.
fn escaped(v: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in v {
        if b == b']' || b == b'\\' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// A referee passing a record through weiqi loses none of its game
/// information: `printsgf FILE` after `loadsgf` writes every game-info
/// property back as given (a Fox komi, which weiqi scales, as read), in
/// the record's own charset, and the file loads back into the same game
/// (same position, moves, rules, komi).
#[test]
fn printsgf_keeps_the_game_information_of_every_record() {
    let out_dir = std::env::temp_dir().join(format!("weiqi-real-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    for x in manifest() {
        let mut e = Engine::default();
        run(&mut e, "loadsgf", &[&path(&x.name)]);
        let out = out_dir.join(format!("{}.sgf", x.name));
        let out_path = out.display().to_string();
        run(&mut e, "printsgf", &[&out_path]);
        let written = std::fs::read(&out).expect("written");

        let original = std::fs::read(path(&x.name)).expect("record");
        let tree = sgf::parse(&original).expect("parses");
        let given = info::game_info(&tree.nodes[0]);
        for (ident, value) in &given.props {
            let mut want = ident.as_bytes().to_vec();
            // A komi weiqi reads otherwise (Fox's) is written as read; one
            // it cannot read at all, as given.
            let kept_as_given =
                ident != "KM" || info::komi(value).is_none_or(|k| k == e.game().komi());
            if kept_as_given {
                want.push(b'[');
                want.extend(escaped(value));
                want.push(b']');
            } else {
                want.extend(format!("[{}]", e.game().komi()).bytes());
            }
            assert!(
                contains(&written, &want),
                "{}: {} not kept\n{}",
                x.name,
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&written[..written.len().min(600)])
            );
        }
        let utf8 = given
            .props
            .iter()
            .all(|(_, v)| std::str::from_utf8(v).is_ok());
        if !utf8 {
            let ca = given
                .charset
                .clone()
                .expect("a non-UTF-8 record names its CA");
            let mut want = b"CA[".to_vec();
            want.extend(ca);
            want.push(b']');
            assert!(contains(&written, &want), "{}: CA", x.name);
        }

        // The written record is the same game.
        let mut again = Engine::default();
        assert_eq!(
            run(&mut again, "loadsgf", &[&out_path]),
            x.to_move,
            "{}",
            x.name
        );
        assert_eq!(again.game().moves().len(), x.moves, "{}", x.name);
        assert_eq!(stones(&mut again, "black"), x.black, "{}", x.name);
        assert_eq!(stones(&mut again, "white"), x.white, "{}", x.name);
        assert_eq!(again.game().komi(), e.game().komi(), "{}", x.name);
        assert_eq!(again.game().rules(), e.game().rules(), "{}", x.name);
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}
