//! GTP regression runner: plays every `gtp-tests/*.tst` file through the
//! `weiqi` binary (GTP on stdin/stdout, no arguments) and checks the replies.
//!
//! # File format (GNU Go regression format, as gogui-regress reads it)
//!
//! * A line that starts with a number is a **test**: `10 is_legal b e5`.
//!   It is sent as written (the number is the GTP id, and the reply must
//!   echo it). The next `#?` line gives the expectation:
//!   - `#? [re]`  the reply must be a success (`=`) whose text (id stripped,
//!     trimmed) matches `re` as a *whole* string;
//!   - `#? [!re]` the reply must be a success whose text does *not* match;
//!   - a trailing `*` (`#? [re]*`) marks a known failure: it is counted as
//!     known-fail when it fails, and an unexpected pass is an error (so the
//!     list of known failures stays honest).
//! * Any other non-comment line is a **command** (`boardsize 9`,
//!   `play b e5`): it is sent and its reply is not checked; a `?` reply is
//!   printed as a warning.
//! * Lines starting with `#` are comments; blank lines are skipped.
//!
//! # Extensions of this runner (gogui-regress does not know them)
//!
//! * `#? ?[re]` expects an **error** reply (`?`) whose message matches `re`
//!   (`?[!re]` negates the match). gogui-regress counts every `?` reply as a
//!   failure, so use this only for error paths; test illegal moves with
//!   `is_legal` (`#? [0]`) instead. For every test expecting an error, the
//!   runner snapshots the engine state (the replies to [`SNAPSHOT`]) before
//!   and after the command and fails the test if anything changed: a refused
//!   command must not change the state.
//! * `#> raw` sends `raw` to the engine byte for byte, with the escapes
//!   `\t`, `\r`, `\\` and `\xNN` decoded (to test framing: blank lines,
//!   comment-only lines, tabs, CR, control characters). With a following
//!   `#?` line it is a test, and the id is the leading number of `raw`, if
//!   any; without one, no reply is read (the engine must send none, which
//!   the id check of the next test catches).
//!
//! # Regular expressions
//!
//! The `regex` crate's syntax, which for what the files use (literals,
//! `.`, repetition, classes, alternation, groups, `\s \d \w \n`) is
//! Java's, the language gogui-regress uses: `.` is any character but a
//! newline. Matching is always of the whole reply.
//!
//! # Environment
//!
//! * `GTP_REGRESS_ENGINE="prog arg..."` runs another engine instead of the
//!   built `weiqi` (e.g. `/usr/games/gnugo --mode gtp` to check positions).
//! * `GTP_REGRESS_FILTER=ko` runs only files whose name contains `ko`.
//!
//! A hung engine (no reply within 30 s) or a crash fails the file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use weiqi::gtp::client::{Client, Stderr};

/// How long the engine may take for one reply.
const TIMEOUT: Duration = Duration::from_secs(30);

/// Commands whose replies make up the state compared around error tests.
const SNAPSHOT: &[&str] = &[
    "showboard",
    "list_stones black",
    "list_stones white",
    "captures black",
    "captures white",
    "kata-get-rules",
    "weiqi-time_left black",
    "weiqi-time_left white",
];

// ---------------------------------------------------------------------------
// Regular expressions
// ---------------------------------------------------------------------------

mod re {
    //! The expectations' patterns, with the `regex` crate. A pattern must
    //! match the whole reply, as gogui-regress's Java `matches()` does; `.`
    //! is any character but a newline (as in Java).

    #[derive(Clone, Debug)]
    pub struct Regex(regex::Regex);

    impl Regex {
        pub fn new(pattern: &str) -> Result<Regex, String> {
            regex::Regex::new(&format!(r"\A(?:{pattern})\z"))
                .map(Regex)
                .map_err(|e| e.to_string())
        }

        pub fn is_match(&self, text: &str) -> bool {
            self.0.is_match(text)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::Regex;

        fn m(p: &str, t: &str) -> bool {
            Regex::new(p)
                .unwrap_or_else(|e| panic!("{p}: {e}"))
                .is_match(t)
        }

        #[test]
        fn whole_reply_matches_only() {
            assert!(m("abc", "abc"));
            assert!(!m("abc", "abcd"));
            assert!(!m("abc", "xabc"));
            assert!(m("a|b", "b"));
            assert!(!m("a|b", "ab"), "alternation stays inside the anchors");
            assert!(m("", ""));
            assert!(!m("", "x"));
        }

        #[test]
        fn dot_is_not_a_newline() {
            assert!(!m("a.b", "a\nb"));
            assert!(m("a(.|\\n)b", "a\nb"));
            assert!(m("(.|\\n)*\\nplay\\n(.|\\n)*", "name\nplay\nquit"));
            assert!(!m("(.|\\n)*\\nplay\\n(.|\\n)*", "name\nplayer\nquit"));
        }

        #[test]
        fn bad_patterns() {
            for p in ["(a", "[ab", "*a", "a{3,1}", "\\"] {
                assert!(Regex::new(p).is_err(), "{p}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// .tst parsing
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Expect {
    /// `?[...]`: an error reply is expected.
    error: bool,
    negated: bool,
    pattern: String,
    regex: re::Regex,
    known_fail: bool,
    /// The expectation as written, for reports.
    text: String,
}

#[derive(Clone, Debug)]
enum Item {
    /// A command whose reply is not checked.
    Command { line: usize, text: String },
    /// A raw line (`#>`), sent as is, with no reply read.
    Raw { line: usize, text: String },
    /// A test: the text is sent, the reply checked.
    Test {
        line: usize,
        id: Option<u64>,
        text: String,
        raw: bool,
        expect: Option<Expect>,
    },
}

fn parse_expect(spec: &str) -> Result<Expect, String> {
    let text = spec.trim().to_string();
    let mut s = text.as_str();
    let error = s.starts_with('?');
    if error {
        s = &s[1..];
    }
    if !s.starts_with('[') {
        return Err(format!("expectation must be [regex] or ?[regex]: `{text}`"));
    }
    let close = s
        .rfind(']')
        .ok_or_else(|| format!("missing ] in `{text}`"))?;
    let mut pattern = &s[1..close];
    let rest = s[close + 1..].trim();
    let known_fail = match rest {
        "" => false,
        "*" => true,
        _ => return Err(format!("unexpected `{rest}` after ] in `{text}`")),
    };
    let negated = pattern.starts_with('!');
    if negated {
        pattern = &pattern[1..];
    }
    let regex = re::Regex::new(pattern).map_err(|e| format!("bad regex `{pattern}`: {e}"))?;
    Ok(Expect {
        error,
        negated,
        pattern: pattern.to_string(),
        regex,
        known_fail,
        text,
    })
}

fn decode_raw(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                let v =
                    u8::from_str_radix(&hex, 16).map_err(|_| format!("bad \\x escape in `{s}`"))?;
                out.push(char::from(v));
            }
            other => {
                return Err(format!(
                    "bad escape \\{} in `{s}`",
                    other.map(String::from).unwrap_or_default()
                ));
            }
        }
    }
    Ok(out)
}

fn leading_id(s: &str) -> Option<u64> {
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let rest = &s[digits.len()..];
    if rest.is_empty() || rest.starts_with([' ', '\t']) {
        digits.parse().ok()
    } else {
        None
    }
}

fn parse_tst(content: &str) -> (Vec<Item>, Vec<String>) {
    let mut items: Vec<Item> = Vec::new();
    let mut errors = Vec::new();
    for (k, raw_line) in content.lines().enumerate() {
        let line = k + 1;
        let l = raw_line.trim_end_matches(['\r', '\n']);
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(spec) = t.strip_prefix("#?") {
            match items.last_mut() {
                Some(Item::Test {
                    expect: e @ None, ..
                }) => match parse_expect(spec) {
                    Ok(x) => *e = Some(x),
                    Err(msg) => errors.push(format!("line {line}: {msg}")),
                },
                Some(Item::Raw { .. }) => {
                    let Some(Item::Raw { line: rl, text }) = items.pop() else {
                        unreachable!()
                    };
                    match parse_expect(spec) {
                        Ok(x) => items.push(Item::Test {
                            line: rl,
                            id: leading_id(&text),
                            text,
                            raw: true,
                            expect: Some(x),
                        }),
                        Err(msg) => errors.push(format!("line {line}: {msg}")),
                    }
                }
                _ => errors.push(format!(
                    "line {line}: `#?` without a numbered test before it"
                )),
            }
            continue;
        }
        if let Some(raw) = t.strip_prefix("#>") {
            let raw = raw.strip_prefix(' ').unwrap_or(raw);
            // Keep trailing spaces of the original line out: use the trimmed form.
            match decode_raw(raw) {
                Ok(text) => items.push(Item::Raw { line, text }),
                Err(msg) => errors.push(format!("line {line}: {msg}")),
            }
            continue;
        }
        if t.starts_with('#') {
            continue;
        }
        match leading_id(t) {
            Some(id) => items.push(Item::Test {
                line,
                id: Some(id),
                text: t.to_string(),
                raw: false,
                expect: None,
            }),
            None => items.push(Item::Command {
                line,
                text: t.to_string(),
            }),
        }
    }
    for item in &items {
        if let Item::Test {
            line, expect: None, ..
        } = item
        {
            errors.push(format!("line {line}: numbered test without a `#?` line"));
        }
    }
    (items, errors)
}

// ---------------------------------------------------------------------------
// The engine process
// ---------------------------------------------------------------------------

/// A reply: `=` or `?`, the id echoed, the text (trimmed).
type Reply = weiqi::gtp::client::Reply;

/// A reply as the engine wrote it, for reports.
fn show(r: &Reply) -> String {
    let sign = if r.ok { '=' } else { '?' };
    let id = r.id.map(|i| i.to_string()).unwrap_or_default();
    format!("{sign}{id} {}", r.text)
}

/// The engine under test, driven through the crate's GTP client (the one
/// `weiqi match` uses): it starts the process, reads reply blocks with a
/// timeout, and keeps the engine's stderr for the reports.
struct Engine(Client);

/// The engine's command line: `GTP_REGRESS_ENGINE`, or the built `weiqi`.
fn engine_command() -> String {
    match std::env::var("GTP_REGRESS_ENGINE") {
        Ok(cmdline) if !cmdline.trim().is_empty() => cmdline,
        _ => format!("'{}'", env!("CARGO_BIN_EXE_weiqi")),
    }
}

impl Engine {
    fn start() -> Result<Engine, String> {
        Client::spawn_with(&engine_command(), Stderr::Keep)
            .map(Engine)
            .map_err(|e| format!("cannot start engine: {e}"))
    }

    /// Whether the engine crashed or hung (nothing more is sent).
    fn dead(&self) -> bool {
        self.0.is_dead()
    }

    /// Sends `text` and a newline, reading no reply.
    fn send_raw(&mut self, text: &str) -> Result<(), String> {
        self.0.write_line(text).map_err(|e| e.to_string())
    }

    /// Reads one reply (`=`/`?`, optional id, text up to the blank line).
    fn read_reply(&mut self) -> Result<Reply, String> {
        let mut r = self.0.read_reply(TIMEOUT).map_err(|e| e.to_string())?;
        r.text = r.text.trim().to_string();
        Ok(r)
    }

    fn ask(&mut self, text: &str) -> Result<Reply, String> {
        self.send_raw(text)?;
        self.read_reply()
    }

    fn snapshot(&mut self) -> Result<Vec<Reply>, String> {
        SNAPSHOT.iter().map(|c| self.ask(c)).collect()
    }

    fn stderr_tail(&self) -> String {
        self.0.stderr_tail(10)
    }

    /// Sends `quit` and waits up to 5 s for the process to end; says what
    /// went wrong, if anything.
    fn finish(self) -> Option<String> {
        self.0.quit_within(Duration::from_secs(5)).err()
    }
}

// ---------------------------------------------------------------------------
// Running a file
// ---------------------------------------------------------------------------

#[derive(Default)]
struct Tally {
    tests: usize,
    passed: usize,
    known_fail: usize,
    failed: usize,
    unexpected_pass: usize,
    warnings: usize,
    report: String,
}

fn judge(expect: &Expect, reply: &Reply) -> bool {
    reply.ok != expect.error && expect.regex.is_match(&reply.text) != expect.negated
}

fn run_file(path: &Path, t: &mut Tally) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let content = match std::fs::read_to_string(path) {
        Ok(c) => c,
        Err(e) => {
            t.failed += 1;
            let _ = writeln!(t.report, "{name}: cannot read: {e}");
            return;
        }
    };
    let (items, errors) = parse_tst(&content);
    for e in &errors {
        t.failed += 1;
        let _ = writeln!(t.report, "{name}: format error: {e}");
    }
    let mut engine = match Engine::start() {
        Ok(e) => e,
        Err(e) => {
            t.failed += 1;
            let _ = writeln!(t.report, "{name}: {e}");
            return;
        }
    };
    let mut file_tests = 0;
    let mut file_bad = 0;
    for item in &items {
        match item {
            Item::Command { line, text } => match engine.ask(text) {
                Ok(r) if r.ok => {}
                Ok(r) => {
                    t.warnings += 1;
                    let _ = writeln!(
                        t.report,
                        "{name}:{line}: warning: `{text}` answered {}",
                        show(&r)
                    );
                }
                Err(e) => {
                    t.failed += 1;
                    let _ = writeln!(
                        t.report,
                        "{name}:{line}: `{text}`: {e}\n  stderr: {}",
                        engine.stderr_tail()
                    );
                    break;
                }
            },
            Item::Raw { line, text } => {
                if let Err(e) = engine.send_raw(text) {
                    t.failed += 1;
                    let _ = writeln!(t.report, "{name}:{line}: raw {text:?}: {e}");
                    break;
                }
            }
            Item::Test {
                line,
                id,
                text,
                raw,
                expect,
            } => {
                let Some(expect) = expect else { continue };
                t.tests += 1;
                file_tests += 1;
                let before = if expect.error {
                    match engine.snapshot() {
                        Ok(s) => Some(s),
                        Err(e) => {
                            t.failed += 1;
                            let _ =
                                writeln!(t.report, "{name}:{line}: snapshot before `{text}`: {e}");
                            break;
                        }
                    }
                } else {
                    None
                };
                let reply = if *raw {
                    engine.send_raw(text).and_then(|_| engine.read_reply())
                } else {
                    engine.ask(text)
                };
                let reply = match reply {
                    Ok(r) => r,
                    Err(e) => {
                        t.failed += 1;
                        file_bad += 1;
                        let _ = writeln!(
                            t.report,
                            "{name}:{line}: FAILED `{}`\n  expected: {}\n  got: {e}\n  stderr: {}",
                            text.escape_debug(),
                            expect.text,
                            engine.stderr_tail()
                        );
                        break;
                    }
                };
                let mut problems = Vec::new();
                if reply.id != *id {
                    problems.push(format!("id {:?} echoed as {:?}", id, reply.id));
                }
                if !judge(expect, &reply) {
                    problems.push("reply does not match".to_string());
                }
                if let Some(before) = before {
                    match engine.snapshot() {
                        Ok(after) => {
                            for ((cmd, b), a) in SNAPSHOT.iter().zip(&before).zip(&after) {
                                if b != a {
                                    problems.push(format!(
                                        "state changed by a refused command: `{cmd}` was\n{}\n  and is now\n{}",
                                        show(b),
                                        show(a)
                                    ));
                                }
                            }
                        }
                        Err(e) => problems.push(format!("snapshot after: {e}")),
                    }
                }
                let passed = problems.is_empty();
                match (passed, expect.known_fail) {
                    (true, false) => t.passed += 1,
                    (false, true) => t.known_fail += 1,
                    (true, true) => {
                        t.unexpected_pass += 1;
                        file_bad += 1;
                        let _ = writeln!(
                            t.report,
                            "{name}:{line}: UNEXPECTED PASS `{}` (remove the `*`)\n  expected: {}\n  got: {}",
                            text.escape_debug(),
                            expect.text,
                            show(&reply)
                        );
                    }
                    (false, false) => {
                        t.failed += 1;
                        file_bad += 1;
                        let _ = writeln!(
                            t.report,
                            "{name}:{line}: FAILED `{}`\n  expected: {}\n  got: {}\n  ({})",
                            text.escape_debug(),
                            expect.text,
                            show(&reply),
                            problems.join("; ")
                        );
                    }
                }
                if engine.dead() {
                    break;
                }
            }
        }
    }
    if let Some(p) = engine.finish() {
        t.failed += 1;
        let _ = writeln!(t.report, "{name}: {p}");
    }
    let _ = writeln!(
        t.report,
        "{name}: {file_tests} tests, {file_bad} unexpected results"
    );
}

fn tst_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests");
    let filter = std::env::var("GTP_REGRESS_FILTER").unwrap_or_default();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains(&filter))
        .collect();
    files.sort();
    files
}

#[test]
fn gtp_regression_files() {
    // Run on a thread with a known stack size; the runner itself is small.
    let result = std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(|| {
            let mut t = Tally::default();
            let files = tst_files();
            assert!(!files.is_empty(), "no gtp-tests/*.tst files");
            for f in &files {
                run_file(f, &mut t);
            }
            t
        })
        .unwrap()
        .join()
        .expect("runner panicked");
    println!("{}", result.report);
    println!(
        "gtp regress: {} test cases: {} passed, {} failed, {} known failures, {} unexpected passes, {} warnings",
        result.tests,
        result.passed,
        result.failed,
        result.known_fail,
        result.unexpected_pass,
        result.warnings
    );
    assert!(
        result.failed == 0 && result.unexpected_pass == 0,
        "{} failures and {} unexpected passes (see the report above)",
        result.failed,
        result.unexpected_pass
    );
}

#[test]
fn tst_parsing() {
    let (items, errors) = parse_tst(
        "# comment\nboardsize 9\n\n10 is_legal b e5\n#? [1]\n20 play b z9\n#? ?[syntax error|illegal move]*\n#> \\t# comment\n#> 30\\tname\n#? [!]\n40 name\n",
    );
    assert_eq!(
        errors,
        vec!["line 11: numbered test without a `#?` line".to_string()]
    );
    assert_eq!(items.len(), 6);
    assert!(matches!(&items[0], Item::Command { line: 2, text } if text == "boardsize 9"));
    match &items[2] {
        Item::Test {
            id: Some(20),
            expect: Some(e),
            ..
        } => {
            assert!(e.error && e.known_fail && !e.negated);
            assert_eq!(e.pattern, "syntax error|illegal move");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(&items[3], Item::Raw { text, .. } if text == "\t# comment"));
    match &items[4] {
        Item::Test {
            id: Some(30),
            raw: true,
            text,
            expect: Some(e),
            ..
        } => {
            assert_eq!(text, "30\tname");
            assert!(e.negated && e.pattern.is_empty());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(leading_id("12x"), None);
    assert_eq!(leading_id("12"), Some(12));
    assert_eq!(decode_raw("a\\x01b\\\\").unwrap(), "a\u{1}b\\");
    let e = parse_expect("[=]").unwrap();
    let ok = |text: &str| Reply {
        ok: true,
        id: None,
        text: text.into(),
    };
    assert!(judge(&e, &ok("=")));
    assert!(!judge(
        &e,
        &Reply {
            ok: false,
            id: None,
            text: "=".into()
        }
    ));
    assert!(parse_expect("[a] x").is_err());
}
