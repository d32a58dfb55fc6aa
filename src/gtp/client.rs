//! The client side of GTP: driving another engine as a child process.
//!
//! [`Client::spawn`] starts a program from a command line (split
//! shell-style by [`split_command`]: spaces separate words, single quotes
//! keep everything literally, double quotes keep spaces and allow `\"` and
//! `\\`, a backslash outside quotes escapes the next character). Commands
//! are written without ids, one per line, the way gogui-twogtp writes them;
//! a reader thread collects reply blocks (lines up to a blank line) and
//! hands them over a channel, so that [`Client::send`] can wait with a
//! timeout. Everything that can go wrong with the other program is a
//! [`ClientError`]: it crashed (end of output, or a broken pipe), it hung
//! (no reply within the timeout), or it wrote something that is not a GTP
//! reply. A `?` reply is not an error of the client: it is returned as
//! `Ok(Err(message))` for the caller to judge.
//!
//! The child's stderr goes to the null device unless asked otherwise (with
//! several games at once, engines' logs would interleave), and the child is
//! killed when the [`Client`] is dropped.

use std::fmt;
use std::io::Read;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// What the other engine did wrong, or why it could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The command line has no program, or an unterminated quote.
    BadCommandLine(String),
    /// The program could not be started.
    Spawn(String),
    /// The program closed its output or its input (exited, crashed).
    Crashed(String),
    /// No reply within the timeout.
    Timeout(Duration),
    /// A reply that does not start with `=` or `?`.
    Malformed(String),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::BadCommandLine(why) => write!(f, "bad command line: {why}"),
            ClientError::Spawn(why) => write!(f, "cannot start: {why}"),
            ClientError::Crashed(why) => write!(f, "crashed: {why}"),
            ClientError::Timeout(t) => write!(f, "no reply within {:.1} s", t.as_secs_f64()),
            ClientError::Malformed(text) => write!(f, "not a GTP reply: {text:?}"),
        }
    }
}

impl std::error::Error for ClientError {}

/// A reply: `Ok(text)` for `=`, `Err(message)` for `?`.
pub type Response = Result<String, String>;

/// A reply as the engine wrote it: `=` or `?`, the id it echoed, and the
/// text (the first line after the marker and id, then the following
/// lines; trimmed at both ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub ok: bool,
    pub id: Option<u64>,
    pub text: String,
}

impl Reply {
    /// As [`Client::send`] hands it over: `Ok(text)` or `Err(message)`.
    pub fn response(self) -> Response {
        if self.ok {
            Ok(self.text)
        } else {
            Err(self.text)
        }
    }
}

/// Where the engine's stderr goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stderr {
    /// The null device.
    Discard,
    /// This process's stderr.
    Show,
    /// Kept, for [`Client::stderr_tail`] (a test runner's reports).
    Keep,
}

/// Splits a command line into words, shell-style (see the module docs).
pub fn split_command(line: &str) -> Result<Vec<String>, ClientError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => {
                            return Err(ClientError::BadCommandLine(
                                "unterminated single quote".into(),
                            ));
                        }
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => word.push(e),
                            Some(other) => {
                                word.push('\\');
                                word.push(other);
                            }
                            None => {
                                return Err(ClientError::BadCommandLine(
                                    "unterminated double quote".into(),
                                ));
                            }
                        },
                        Some(c) => word.push(c),
                        None => {
                            return Err(ClientError::BadCommandLine(
                                "unterminated double quote".into(),
                            ));
                        }
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(e) => word.push(e),
                    None => {
                        return Err(ClientError::BadCommandLine("trailing backslash".into()));
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(ClientError::BadCommandLine("no program".into()));
    }
    Ok(words)
}

/// What the reader thread hands over.
enum Block {
    /// The lines of one reply, without the blank line that ends it.
    Reply(Vec<String>),
    /// End of output (or a read error).
    Eof(String),
}

/// Parses a reply block: `=[id] text` or `?[id] message`, the text running
/// on over the following lines; a space (or tab) must follow the marker
/// and id.
fn parse_reply(lines: &[String]) -> Result<Reply, ClientError> {
    let first = lines.first().map(String::as_str).unwrap_or("");
    let mut chars = first.chars();
    let ok = match chars.next() {
        Some('=') => true,
        Some('?') => false,
        _ => return Err(ClientError::Malformed(lines.join("\n"))),
    };
    let after_mark = chars.as_str();
    let rest = after_mark.trim_start_matches(|c: char| c.is_ascii_digit());
    let digits = &after_mark[..after_mark.len() - rest.len()];
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return Err(ClientError::Malformed(lines.join("\n")));
    }
    let mut text = rest.trim().to_string();
    for l in &lines[1..] {
        text.push('\n');
        text.push_str(l.trim_end());
    }
    Ok(Reply {
        ok,
        id: digits.parse().ok(),
        text: text.trim_end().to_string(),
    })
}

/// A running engine.
pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: Receiver<Block>,
    /// Set once the engine crashed or hung: nothing more is sent.
    dead: bool,
    /// The engine's stderr lines, with [`Stderr::Keep`].
    stderr: Arc<Mutex<Vec<String>>>,
}

impl Client {
    /// Starts `command_line`; the engine's stderr is shown only when
    /// `show_stderr` is set.
    pub fn spawn(command_line: &str, show_stderr: bool) -> Result<Client, ClientError> {
        let stderr = if show_stderr {
            Stderr::Show
        } else {
            Stderr::Discard
        };
        Client::spawn_with(command_line, stderr)
    }

    /// Starts `command_line`, its stderr going where `stderr` says.
    pub fn spawn_with(command_line: &str, stderr: Stderr) -> Result<Client, ClientError> {
        let argv = split_command(command_line)?;
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(match stderr {
                Stderr::Discard => Stdio::null(),
                Stderr::Show => Stdio::inherit(),
                Stderr::Keep => Stdio::piped(),
            })
            .spawn()
            .map_err(|e| ClientError::Spawn(format!("{}: {e}", argv[0])))?;
        let kept = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut pipe) = child.stderr.take() {
            let sink = Arc::clone(&kept);
            thread::Builder::new()
                .name("gtp-client-stderr".into())
                .spawn(move || {
                    let mut text = String::new();
                    let _ = pipe.read_to_string(&mut text);
                    if let Ok(mut lines) = sink.lock() {
                        lines.extend(text.lines().map(str::to_string));
                    }
                })
                .map_err(|e| ClientError::Spawn(format!("stderr thread: {e}")))?;
        }
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| ClientError::Spawn("no stdout pipe".into()))?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("gtp-client-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut block = Vec::new();
                let mut raw = Vec::new();
                loop {
                    raw.clear();
                    match reader.read_until(b'\n', &mut raw) {
                        Ok(0) => {
                            let _ = tx.send(Block::Eof("end of output".into()));
                            return;
                        }
                        Ok(_) => {}
                        Err(e) => {
                            let _ = tx.send(Block::Eof(e.to_string()));
                            return;
                        }
                    }
                    let line = String::from_utf8_lossy(&raw);
                    let line = line.trim_end_matches(['\n', '\r']);
                    if line.trim().is_empty() {
                        if !block.is_empty()
                            && tx.send(Block::Reply(std::mem::take(&mut block))).is_err()
                        {
                            return;
                        }
                    } else {
                        block.push(line.to_string());
                    }
                }
            })
            .map_err(|e| ClientError::Spawn(format!("reader thread: {e}")))?;
        Ok(Client {
            child,
            stdin,
            replies: rx,
            dead: false,
            stderr: kept,
        })
    }

    /// The last `n` lines the engine wrote to stderr (with
    /// [`Stderr::Keep`]; those written so far, once it has exited).
    pub fn stderr_tail(&self, n: usize) -> String {
        let Ok(lines) = self.stderr.lock() else {
            return String::new();
        };
        lines[lines.len().saturating_sub(n)..].join("\n")
    }

    /// Whether the engine crashed or hung earlier (it gets no more
    /// commands; start a new one).
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Sends one command and waits up to `timeout` for its reply.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<Response, ClientError> {
        self.ask(command, timeout).map(Reply::response)
    }

    /// Sends one line (a command, or any text) and waits up to `timeout`
    /// for the reply, with its id.
    pub fn ask(&mut self, line: &str, timeout: Duration) -> Result<Reply, ClientError> {
        self.write_line(line)?;
        self.read_reply(timeout)
    }

    /// Writes `line` and a newline, reading nothing (for lines that get no
    /// reply, such as a comment, or to read the reply later).
    pub fn write_line(&mut self, line: &str) -> Result<(), ClientError> {
        if self.dead {
            return Err(ClientError::Crashed("engine already failed".into()));
        }
        log::trace!("> {line}");
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ClientError::Crashed("input closed".into()));
        };
        if let Err(e) = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
        {
            let e = self.crashed(format!("cannot write: {e}"));
            self.dead = true;
            return Err(e);
        }
        Ok(())
    }

    /// Waits up to `timeout` for the next reply.
    pub fn read_reply(&mut self, timeout: Duration) -> Result<Reply, ClientError> {
        if self.dead {
            return Err(ClientError::Crashed("engine already failed".into()));
        }
        let result = match self.replies.recv_timeout(timeout) {
            Ok(Block::Reply(lines)) => parse_reply(&lines),
            Ok(Block::Eof(why)) => Err(self.crashed(why)),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout(timeout)),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed("reader stopped".into())),
        };
        match &result {
            Ok(r) => log::trace!("< {r:?}"),
            Err(e) => {
                log::debug!("reply: {e}");
                self.dead = true;
            }
        }
        result
    }

    /// A crash, with the exit status when the child has already exited.
    fn crashed(&mut self, why: String) -> ClientError {
        // Give an exiting child a moment to be reaped, for the message.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return ClientError::Crashed(format!("{why} ({status})"));
            }
            thread::sleep(Duration::from_millis(5));
        }
        ClientError::Crashed(why)
    }

    /// Sends `quit`, waits briefly for the engine to exit, then kills it.
    pub fn quit(self) {
        let _ = self.quit_within(Duration::from_secs(2));
    }

    /// Sends `quit` (unless the engine already failed: then it is killed at
    /// once), closes its input and waits up to `wait` for it to exit;
    /// kills it if it has not. Says what went wrong: a `quit` not answered
    /// `=`, or an engine still running after `wait`.
    pub fn quit_within(mut self, wait: Duration) -> Result<(), String> {
        if self.dead {
            // Drop kills it.
            return Ok(());
        }
        let mut problem = match self.send("quit", wait) {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(message)) => Err(format!("quit answered ? {message}")),
            Err(e) => Err(format!("quit: {e}")),
        };
        self.stdin = None;
        let deadline = Instant::now() + wait;
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                return problem;
            }
            if Instant::now() >= deadline {
                if problem.is_ok() {
                    problem = Err(format!(
                        "did not exit within {} s of quit",
                        wait.as_secs_f64()
                    ));
                }
                // Drop kills it.
                return problem;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let s = |l: &str| split_command(l).expect(l);
        assert_eq!(s("gnugo --mode gtp"), ["gnugo", "--mode", "gtp"]);
        assert_eq!(s("  a   'b c'  \"d \\\"e\\\"\" "), ["a", "b c", "d \"e\""]);
        assert_eq!(s("a\\ b c''"), ["a b", "c"]);
        assert_eq!(s("x \"\""), ["x", ""]);
        assert_eq!(s("'it'\"'\"'s'"), ["it's"]);
        for bad in ["", "   ", "a 'b", "a \"b", "a\\"] {
            assert!(
                matches!(split_command(bad), Err(ClientError::BadCommandLine(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn replies_parse_with_ids_and_lines() {
        let reply =
            |ls: &[&str]| parse_reply(&ls.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let p = |ls: &[&str]| reply(ls).map(Reply::response);
        assert_eq!(p(&["= D4"]), Ok(Ok("D4".into())));
        assert_eq!(reply(&["=12 pass"]).map(|r| r.id), Ok(Some(12)));
        assert_eq!(reply(&["? no"]).map(|r| (r.ok, r.id)), Ok((false, None)));
        assert_eq!(p(&["="]), Ok(Ok(String::new())));
        assert_eq!(p(&["=12 pass"]), Ok(Ok("pass".into())));
        assert_eq!(p(&["? illegal move"]), Ok(Err("illegal move".into())));
        assert_eq!(p(&["= ", "A1 B2", "C3"]), Ok(Ok("\nA1 B2\nC3".into())));
        assert!(matches!(p(&["D4"]), Err(ClientError::Malformed(_))));
        assert!(matches!(p(&["=x D4"]), Err(ClientError::Malformed(_))));
    }

    #[test]
    fn a_real_process_answers_crashes_and_hangs() {
        // sh stands in for an engine: it echoes one reply, then exits.
        let mut c = Client::spawn("sh -c 'read a; echo \"= ok\"; echo; read b; exit 3'", false)
            .expect("sh");
        let t = Duration::from_secs(5);
        assert_eq!(c.send("hello", t), Ok(Ok("ok".into())));
        assert!(matches!(c.send("again", t), Err(ClientError::Crashed(_))));
        assert!(c.is_dead());

        let mut h = Client::spawn("sleep 5", false).expect("sleep");
        let short = Duration::from_millis(100);
        assert_eq!(h.send("genmove b", short), Err(ClientError::Timeout(short)));

        assert!(matches!(
            Client::spawn("/nonexistent/engine", false),
            Err(ClientError::Spawn(_))
        ));
    }
}
