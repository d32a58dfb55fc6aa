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
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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
/// on over the following lines.
fn parse_reply(lines: &[String]) -> Result<Response, ClientError> {
    let first = lines.first().map(String::as_str).unwrap_or("");
    let mut chars = first.chars();
    let ok = match chars.next() {
        Some('=') => true,
        Some('?') => false,
        _ => return Err(ClientError::Malformed(lines.join("\n"))),
    };
    let rest = chars
        .as_str()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return Err(ClientError::Malformed(lines.join("\n")));
    }
    let mut text = rest.trim().to_string();
    for l in &lines[1..] {
        text.push('\n');
        text.push_str(l.trim_end());
    }
    Ok(if ok { Ok(text) } else { Err(text) })
}

/// A running engine.
pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: Receiver<Block>,
    /// Set once the engine crashed or hung: nothing more is sent.
    dead: bool,
}

impl Client {
    /// Starts `command_line`; the engine's stderr is shown only when
    /// `show_stderr` is set.
    pub fn spawn(command_line: &str, show_stderr: bool) -> Result<Client, ClientError> {
        let argv = split_command(command_line)?;
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|e| ClientError::Spawn(format!("{}: {e}", argv[0])))?;
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
        })
    }

    /// Whether the engine crashed or hung earlier (it gets no more
    /// commands; start a new one).
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Sends one command and waits up to `timeout` for its reply.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<Response, ClientError> {
        if self.dead {
            return Err(ClientError::Crashed("engine already failed".into()));
        }
        log::trace!("> {command}");
        let result = self.exchange(command, timeout);
        match &result {
            Ok(r) => log::trace!("< {r:?}"),
            Err(e) => {
                log::debug!("'{command}': {e}");
                self.dead = true;
            }
        }
        result
    }

    fn exchange(&mut self, command: &str, timeout: Duration) -> Result<Response, ClientError> {
        let deadline = Instant::now() + timeout;
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ClientError::Crashed("input closed".into()));
        };
        if let Err(e) = stdin
            .write_all(command.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
        {
            return Err(self.crashed(format!("cannot write: {e}")));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match self.replies.recv_timeout(left) {
            Ok(Block::Reply(lines)) => parse_reply(&lines),
            Ok(Block::Eof(why)) => Err(self.crashed(why)),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout(timeout)),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed("reader stopped".into())),
        }
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
    pub fn quit(mut self) {
        if !self.dead {
            let _ = self.send("quit", Duration::from_secs(2));
        }
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
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
        let p = |ls: &[&str]| parse_reply(&ls.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(p(&["= D4"]), Ok(Ok("D4".into())));
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
