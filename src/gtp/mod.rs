//! The GTP v2 front end: a read-eval-print loop over any reader and writer.
//!
//! * [`parse`]: framing (cleaning lines, ids, words), with nom;
//! * [`vertex`]: colours and vertices; [`diagram`]: the board diagram;
//! * [`player`]: the player's settings (search, resigning, time);
//! * [`engine`]: the [`Engine`] state and what the player does with it;
//! * [`commands`]: the command table, [`execute`], and the handlers, one
//!   file per group (they import the engine; nothing imports them);
//! * [`stream`]: what `lz-analyze`/`kata-analyze` stream, line by line;
//! * [`client`]: the other side, driving another engine (for `weiqi match`).
//!
//! Input is read on a thread of its own and passed over a channel, so that
//! a streaming analysis runs until the next command arrives.
//!
//! Replies are `=[id] text` or `?[id] message`, always with a space after
//! the marker and id, followed by a blank line; a reply never contains a
//! blank line. A failure's message is the GTP specification's words
//! (`syntax error`, `illegal move`, ...), followed by its reason when it
//! has one (`? illegal move: occupied`), so that clients matching
//! the words at the start still match; failures are logged at debug
//! level too. Only replies go to the writer.

pub mod client;
pub mod commands;
pub mod diagram;
pub mod engine;
pub mod parse;
pub mod player;
pub mod stream;
pub mod vertex;

#[cfg(test)]
mod tests;

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use commands::{COMMANDS, execute};
pub use engine::{Compat, Engine, Failure, Reply};
pub use parse::Command;

/// Formats a reply: `=[id] text\n\n` or `?[id] message\n\n`. Blank lines
/// and trailing spaces inside the text are dropped (a blank line would end
/// the reply early); the first line is kept even when empty, so a text that
/// starts with a line break (the board diagram) begins on the next line.
pub fn format_reply(id: Option<&str>, reply: &Reply) -> String {
    let failure;
    let (mark, text) = match reply {
        Ok(text) => ('=', text.as_str()),
        Err(f) => {
            failure = f.to_string();
            ('?', failure.as_str())
        }
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push(mark);
    out.push_str(id.unwrap_or(""));
    out.push(' ');
    for (i, line) in text.split('\n').enumerate() {
        let line = line.trim_end();
        if i > 0 {
            if line.is_empty() {
                continue;
            }
            out.push('\n');
        }
        out.push_str(line);
    }
    out.push_str("\n\n");
    out
}

/// Runs one command and formats its reply, logging failures.
pub fn respond(engine: &mut Engine, cmd: &Command) -> String {
    log::trace!("command: {cmd:?}");
    let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
    let reply = execute(engine, &cmd.name, &args);
    if let Err(f) = &reply {
        log::debug!("'{}' failed: {f}", cmd.name);
    }
    format_reply(cmd.id.as_deref(), &reply)
}

/// Longest input line accepted, in bytes (1 MiB, newline included). A
/// longer line is answered `? line too long` (with the id, if it starts
/// with one) and discarded as it arrives, so memory stays bounded however
/// long a line is.
pub const MAX_LINE: usize = 1 << 20;

/// One line read by [`read_line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (possibly without its newline, at the end of input) is in the
    /// buffer.
    Complete,
    /// The line was longer than the limit: the buffer holds its first
    /// `limit` bytes, the rest was read and dropped.
    TooLong,
    /// End of input, nothing read.
    Eof,
}

/// Reads one line into `buf` (cleared first), keeping at most `limit`
/// bytes of it; the rest of a longer line is consumed and dropped.
pub fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>, limit: usize) -> io::Result<Line> {
    buf.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (read_any, too_long) {
                (false, _) => Line::Eof,
                (true, false) => Line::Complete,
                (true, true) => Line::TooLong,
            });
        }
        read_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..=i], true),
            None => (chunk, false),
        };
        let room = limit.saturating_sub(buf.len());
        if part.len() > room {
            too_long = true;
        }
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = part.len();
        input.consume(used);
        if done {
            return Ok(if too_long {
                Line::TooLong
            } else {
                Line::Complete
            });
        }
    }
}

/// The reply to a line longer than [`MAX_LINE`]: `? line too long`, with
/// the id the line started with, if any.
fn too_long_reply(prefix: &[u8]) -> String {
    let id = parse::parse_raw(prefix).and_then(|c| c.id);
    format_reply(
        id.as_deref(),
        &Err(Failure::because(
            "line too long",
            format!("more than {MAX_LINE} bytes"),
        )),
    )
}

/// Lines from the reader thread, with one line of look-ahead so that a
/// streaming analysis can see that a command is waiting without taking it.
struct Lines {
    rx: mpsc::Receiver<io::Result<(Line, Vec<u8>)>>,
    pending: Option<io::Result<(Line, Vec<u8>)>>,
}

impl Lines {
    /// The next line, waiting for it; `None` at the end of input.
    fn next(&mut self) -> Option<io::Result<(Line, Vec<u8>)>> {
        self.pending.take().or_else(|| self.rx.recv().ok())
    }

    /// Whether the next line is there and is a [`QUICK`] command, without
    /// waiting: then the reply just written need not be flushed yet.
    fn quick_next(&mut self) -> bool {
        self.ready()
            && matches!(&self.pending, Some(Ok((Line::Complete, line)))
                if parse::parse_raw(line).is_some_and(|c| QUICK.contains(&c.name.as_str())))
    }

    /// Whether a line (or the end of input) is there, without waiting.
    fn ready(&mut self) -> bool {
        if self.pending.is_some() {
            return true;
        }
        match self.rx.try_recv() {
            Ok(line) => {
                self.pending = Some(line);
                true
            }
            Err(mpsc::TryRecvError::Empty) => false,
            Err(mpsc::TryRecvError::Disconnected) => true,
        }
    }
}

/// Reads lines on a thread of its own (so that a streaming analysis can
/// go on until the next command arrives). The thread ends at the end of
/// input, on a read error, or when the loop has gone.
fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> io::Result<Lines> {
    // Bounded: a client that sends faster than the engine answers waits in
    // its pipe, not in the engine's memory.
    let (tx, rx) = mpsc::sync_channel(LINE_QUEUE);
    std::thread::Builder::new()
        .name("gtp-input".into())
        .spawn(move || {
            loop {
                let mut line = Vec::new();
                match read_line(&mut input, &mut line, MAX_LINE) {
                    Ok(Line::Eof) => return,
                    Ok(kind) => {
                        if tx.send(Ok((kind, line))).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        })?;
    Ok(Lines { rx, pending: None })
}

/// Commands answered in microseconds: while the next line waiting is one of
/// them, the reply just written stays in the output buffer, so that a
/// client sending many commands at once (a referee replaying a game) gets
/// its replies in a few large writes instead of one system call each. Any
/// other command, or no command waiting, flushes first: no reply waits for
/// a slow command.
const QUICK: &[&str] = &[
    "play",
    "undo",
    "boardsize",
    "clear_board",
    "komi",
    "is_legal",
    "color",
    "countlib",
    "captures",
    "known_command",
    "protocol_version",
    "name",
    "version",
    "time_left",
];

/// Lines read ahead of the command being answered, at most.
const LINE_QUEUE: usize = 16;

/// How often a streaming analysis looks for the next command.
const POLL: Duration = Duration::from_millis(40);

/// Streams `info` lines for `req` until the next command (or the end of
/// input) arrives, then ends the reply with a blank line.
fn stream_analysis<W: Write>(
    engine: &mut Engine,
    id: Option<&str>,
    req: &stream::Request,
    lines: &mut Lines,
    output: &mut W,
) -> io::Result<()> {
    writeln!(output, "={} ", id.unwrap_or(""))?;
    output.flush()?;
    let mut next_report = Instant::now() + req.interval;
    while !lines.ready() {
        let until = next_report.min(Instant::now() + POLL);
        // Outside `Engine::execute`, so catch a panic here: the engine must
        // keep answering. The search starts afresh and the stream ends.
        let step = catch_unwind(AssertUnwindSafe(|| engine.analysis_step(req, until)));
        let Ok(result) = step else {
            log::error!("analysis panicked; search reset, stream ended");
            engine.reset_search();
            break;
        };
        if result.playouts == 0 {
            // Nothing to search (no move but pass): wait instead of spinning.
            std::thread::sleep(until.saturating_duration_since(Instant::now()));
        }
        if Instant::now() >= next_report {
            let line = stream::info_line(req, engine.game().board(), &result);
            if !line.is_empty() {
                writeln!(output, "{line}")?;
                output.flush()?;
            }
            next_report = Instant::now() + req.interval;
        }
    }
    output.write_all(b"\n")?;
    output.flush()
}

/// Reads commands from `input` and writes replies to `output`, flushing
/// after each (unless a [`QUICK`] command is already waiting), until `quit`
/// (answered first) or the end of input. Input is
/// read on a thread of its own, so that `lz-analyze`/`kata-analyze` stream
/// until the next command arrives; other commands are answered one by one
/// in order, as before. Lines longer than [`MAX_LINE`] are refused (see
/// [`read_line`]); at most [`LINE_QUEUE`] lines are read ahead.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    engine: &mut Engine,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let mut lines = spawn_reader(input)?;
    loop {
        let Some(line) = lines.next() else {
            log::debug!("end of input");
            return output.flush();
        };
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                // Keep the replies already written.
                let _ = output.flush();
                return Err(e);
            }
        };
        let line = match line {
            (Line::TooLong, prefix) => {
                log::warn!("input line longer than {MAX_LINE} bytes refused");
                output.write_all(too_long_reply(&prefix).as_bytes())?;
                output.flush()?;
                continue;
            }
            (_, line) => line,
        };
        let Some(cmd) = parse::parse_raw(&line) else {
            continue;
        };
        let reply = respond(engine, &cmd);
        match engine.take_stream_request() {
            Some(req) if reply.starts_with('=') => {
                stream_analysis(engine, cmd.id.as_deref(), &req, &mut lines, &mut output)?;
            }
            _ => {
                output.write_all(reply.as_bytes())?;
                if !lines.quick_next() || engine.quit_requested() {
                    output.flush()?;
                }
            }
        }
        if engine.quit_requested() {
            return output.flush();
        }
    }
}
