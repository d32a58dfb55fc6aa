//! Checks shared by the fuzz targets (`fuzz/fuzz_targets/`) and the corpus
//! replay test (`tests/fuzz_corpus.rs`): each takes arbitrary bytes and
//! panics when weiqi misbehaves on them, so libFuzzer reports a crash and
//! `cargo test` a failure.
//!
//! * [`check_gtp_line`]: the line parser on one raw line.
//! * [`check_gtp_session`]: the bytes as GTP input to one engine, with the
//!   reply framing, "a refused command changes nothing", the board and game
//!   invariants, and undo checked after every command.
//! * [`check_sgf`]: the SGF reader on one file, and the writer on what it
//!   read.
//!
//! Input sizes are bounded here ([`MAX_SESSION_COMMANDS`]) so that a replay
//! stays fast whatever the corpus holds.

use crate::game::Move;
use crate::gtp::diagram::board_diagram;
use crate::gtp::parse::{Command, clean_line, parse_line, parse_raw};
use crate::gtp::player::PlayerSettings;
use crate::gtp::{Engine, Failure, Line, MAX_LINE, format_reply, read_line, respond};
use crate::rules::Rules;
use crate::sgf::{self, LoadOptions};

/// Commands of one session beyond which the rest of the input is ignored.
pub const MAX_SESSION_COMMANDS: usize = 1000;

/// Commands that run the dead-stone analysis (up to 1,000 playouts: up to
/// 0.7 s on an empty 19x19 board in a debug build) that one session
/// executes, and only on boards up to [`MAX_ANALYSIS_SIZE`]; the others
/// are skipped, so that replaying the corpus in `cargo test` stays fast.
/// The analysis on large boards is tested by the scoring tests.
pub const MAX_SESSION_ANALYSES: usize = 1;

/// Search playouts per generated move in a session.
pub const SESSION_PLAYOUTS: u64 = 16;

/// Largest board on which a session runs the dead-stone analysis.
pub const MAX_ANALYSIS_SIZE: usize = 9;

/// Whether a command runs the dead-stone analysis.
fn analyses(cmd: &Command) -> bool {
    matches!(
        cmd.name.as_str(),
        "final_score"
            | "final_status"
            | "final_status_list"
            | "weiqi-score"
            | "weiqi-score_gfx"
            | "printsgf"
    )
}

/// A word of a parsed command is non-empty and holds no space, no control
/// character and no `#`.
fn check_word(what: &str, w: &str, line: &[u8]) {
    assert!(
        !w.is_empty() || what == "name",
        "empty {what} from {line:?}"
    );
    assert!(
        !w.chars().any(|c| c == ' ' || c == '#' || c.is_control()),
        "{what} {w:?} holds a separator from {line:?}"
    );
}

/// The command as a clean line, to parse again.
fn unparse(cmd: &Command) -> String {
    let mut words: Vec<&str> = Vec::new();
    if let Some(id) = &cmd.id {
        words.push(id);
    }
    if !cmd.name.is_empty() {
        words.push(&cmd.name);
    }
    words.extend(cmd.args.iter().map(String::as_str));
    words.join(" ")
}

/// Checks that a reply is framed as GTP requires: `=` or `?`, the id
/// echoed, a space, no blank line inside, a blank line at the end.
pub fn check_reply_framing(reply: &str, id: Option<&str>) {
    let head = reply.chars().next();
    assert!(
        head == Some('=') || head == Some('?'),
        "reply {reply:?} starts with neither = nor ?"
    );
    let prefix = format!("{}{} ", &reply[..1], id.unwrap_or(""));
    assert!(
        reply.starts_with(&prefix),
        "reply {reply:?} does not start with {prefix:?}"
    );
    assert!(reply.ends_with("\n\n"), "reply {reply:?} not ended");
    assert!(
        !reply[..reply.len() - 2].contains("\n\n"),
        "blank line inside reply {reply:?}"
    );
}

/// The GTP line parser on arbitrary bytes: it never panics; ids are
/// digits; words hold no separators; an id-only line has no arguments;
/// parsing the command written back gives the same command; and any text
/// formats into a well-framed reply.
pub fn check_gtp_line(data: &[u8]) {
    match parse_raw(data) {
        None => assert!(
            clean_line(data).trim_matches(' ').is_empty(),
            "non-blank line {data:?} parsed as blank"
        ),
        Some(cmd) => {
            if let Some(id) = &cmd.id {
                assert!(
                    !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()),
                    "id {id:?} from {data:?}"
                );
            } else {
                assert!(!cmd.name.is_empty(), "nothing parsed from {data:?}");
            }
            check_word("name", &cmd.name, data);
            if cmd.name.is_empty() {
                assert!(cmd.args.is_empty(), "arguments without a name: {data:?}");
            }
            for a in &cmd.args {
                check_word("argument", a, data);
            }
            let again = parse_line(&unparse(&cmd));
            assert_eq!(again.as_ref(), Some(&cmd), "reparse of {data:?}");
        }
    }
    let text = String::from_utf8_lossy(data);
    check_reply_framing(&format_reply(Some("7"), &Ok(text.to_string())), Some("7"));
    check_reply_framing(&format_reply(None, &Err(Failure::new(&text))), None);
}

/// Everything a refused command must leave alone.
fn state(e: &Engine) -> String {
    let g = e.game();
    format!(
        "{} {:x} {:?} {:?} {:?} {:?} {} {:?} {:?} {:?}\n{}",
        g.size(),
        g.board().hash(),
        g.moves(),
        g.setup_stones(),
        g.to_move(),
        g.board().ko_point(g.to_move()),
        g.komi().to_bits(),
        g.rules(),
        e.clock(),
        [
            g.board().captures(crate::board::Color::Black),
            g.board().captures(crate::board::Color::White)
        ],
        board_diagram(g),
    )
}

/// Whether a command reads or writes files (`loadsgf F`, `printsgf F`):
/// a fuzzer must not write files wherever it likes, nor block reading a
/// FIFO.
/// The SGF reader has its own target ([`check_sgf`]).
fn touches_files(cmd: &Command) -> bool {
    cmd.name == "loadsgf" || (cmd.name == "printsgf" && !cmd.args.is_empty())
}

/// The bytes as GTP input to one engine, line by line as [`crate::gtp::run`]
/// reads them (at most [`MAX_SESSION_COMMANDS`] commands). After every
/// command (`loadsgf` and `printsgf FILE` are skipped, and analyses beyond
/// [`MAX_SESSION_ANALYSES`] or on boards over [`MAX_ANALYSIS_SIZE`]): the reply is framed and echoes the id; no handler panicked
/// (`internal error`); a refused command changed nothing; the board and
/// game pass [`crate::game::Game::verify_position`]; a move that was added
/// can be undone back to the position before it. At the end the whole
/// undo chain is checked ([`Engine::check_invariants`]).
pub fn check_gtp_session(data: &[u8]) {
    let mut engine = Engine::default();
    // A cheap, deterministic player: one thread, a few playouts per move.
    engine.set_player(PlayerSettings {
        threads: 1,
        playouts: Some(SESSION_PLAYOUTS),
        ..PlayerSettings::default()
    });
    let mut input = data;
    let mut buf = Vec::new();
    let mut commands = 0;
    let mut analyses_run = 0;
    while commands < MAX_SESSION_COMMANDS {
        let line = match read_line(&mut input, &mut buf, MAX_LINE) {
            Ok(Line::Complete) => &buf,
            Ok(Line::Eof) => break,
            Ok(Line::TooLong) => panic!("a fuzz input holds a line over {MAX_LINE} bytes"),
            Err(e) => panic!("reading a byte slice failed: {e}"),
        };
        let Some(cmd) = parse_raw(line) else {
            continue;
        };
        if touches_files(&cmd) {
            continue;
        }
        if analyses(&cmd) {
            if analyses_run == MAX_SESSION_ANALYSES || engine.game().size() > MAX_ANALYSIS_SIZE {
                continue;
            }
            analyses_run += 1;
        }
        commands += 1;
        let before_state = state(&engine);
        let before = engine.game().clone();
        let reply = respond(&mut engine, &cmd);
        check_reply_framing(&reply, cmd.id.as_deref());
        let panicked = format_reply(cmd.id.as_deref(), &Err(Failure::new("internal error")));
        assert_ne!(reply, panicked, "a handler panicked on {cmd:?}");
        let after = engine.game();
        if reply.starts_with('?') {
            assert_eq!(
                before_state,
                state(&engine),
                "refused {cmd:?} ({reply:?}) changed the state"
            );
        }
        if let Err(e) = after.verify_position() {
            panic!("after {cmd:?} ({reply:?}): {e}");
        }
        let n = before.moves().len();
        if after.moves().len() == n + 1 && after.moves()[..n] == *before.moves() {
            let mut undone = after.clone();
            if let Err(e) = undone.undo() {
                panic!("cannot undo {cmd:?}: {e}");
            }
            assert!(
                undone.board().same_position(before.board()),
                "undoing {cmd:?} does not restore the position"
            );
            if let Some(m) = after.moves().last()
                && let Move::Place(p) = m.mv
            {
                assert_eq!(before.check(m.color, Move::Place(p)), Ok(()));
            }
        }
        if engine.quit_requested() {
            break;
        }
    }
    if let Err(e) = engine.check_invariants() {
        panic!("at the end of the session: {e}");
    }
}

/// Games longer than this get the undo chain checked only from the end
/// (the full check is quadratic).
const FULL_UNDO_CHECK_MOVES: usize = 300;

/// The SGF reader on arbitrary bytes: loading never panics; a loaded game
/// passes [`crate::game::Game::verify_position`] (and, for games up to
/// [`FULL_UNDO_CHECK_MOVES`] moves, the whole undo chain); loading up to a
/// move gives the prefix of the game; and the game written back as SGF
/// loads again into the same position, moves and setup.
pub fn check_sgf(data: &[u8]) {
    let opts = LoadOptions {
        until: None,
        rules: Rules::default(),
        komi: 7.5,
        komi_explicit: false,
    };
    let Ok(loaded) = sgf::load(data, &opts) else {
        return;
    };
    let game = &loaded.game;
    let checked = if game.moves().len() <= FULL_UNDO_CHECK_MOVES {
        game.verify()
    } else {
        game.verify_position()
    };
    if let Err(e) = checked {
        panic!("loaded game: {e}");
    }
    let n = game.moves().len();
    if n > 0 {
        let until = n / 2 + 1;
        let part = match sgf::load(
            data,
            &LoadOptions {
                until: Some(until),
                ..opts
            },
        ) {
            Ok(part) => part,
            Err(e) => panic!("whole file loads, but not up to move {until}: {e:?}"),
        };
        assert_eq!(part.game.moves(), &game.moves()[..until - 1]);
    }
    let text = sgf::write(game, None, None);
    let again = match sgf::load(text.as_bytes(), &opts) {
        Ok(again) => again,
        Err(e) => panic!("the written record does not load: {e:?}\n{text}"),
    };
    assert!(
        again.game.board().same_position(game.board()),
        "written record loads into another position\n{text}"
    );
    assert_eq!(again.game.moves(), game.moves(), "moves differ\n{text}");
    let sorted = |g: &crate::game::Game| {
        let mut v: Vec<(usize, crate::board::Point)> = g
            .setup_stones()
            .iter()
            .map(|&(c, p)| (c.index(), p))
            .collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&again.game), sorted(game), "setup differs\n{text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_checks_accept_ordinary_lines() {
        for line in [
            &b"1 play b d4\n"[..],
            b"",
            b"# comment",
            b"42",
            b"\xff\xfe\x00 name \r\n",
            b"12abc x",
        ] {
            check_gtp_line(line);
        }
    }

    #[test]
    fn sgf_checks_accept_records() {
        for f in [
            &b"(;GM[1]SZ[9]KM[6.5];B[ee];W[cc];B[];W[])"[..],
            b"(;SZ[9]HA[2]AB[cc][gg];W[ee];B[ec])",
            b"(;SZ[5];B[aa](;W[bb])(;W[cc]))",
            b"garbage",
            b"",
        ] {
            check_sgf(f);
        }
    }

    #[test]
    fn session_checks_accept_a_game() {
        check_gtp_session(
            b"boardsize 5\nplay b c3\nplay w c2\n1 genmove b\nundo\nplay b pass\n\
              play w zz\nfixed_handicap 1000\nkomi nan\nboardsize 10000\n\
              set_free_handicap a1 a1\nclear_board\nfixed_handicap 2\nundo\n",
        );
    }
}
