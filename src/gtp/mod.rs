//! The GTP v2 front end: a read-eval-print loop over any reader and writer.
//!
//! * [`parse`]: framing (cleaning lines, ids, words), with nom;
//! * [`vertex`]: colours and vertices;
//! * [`engine`]: the [`Engine`] state, the command table and dispatch;
//! * [`setup`], [`play`], [`query`], [`rules`], [`time`], [`sgf`]: the
//!   handlers;
//! * [`client`]: the other side, driving another engine (for `weiqi match`).
//!
//! Replies are `=[id] text` or `?[id] message`, always with a space after
//! the marker and id, followed by a blank line; a reply never contains a
//! blank line. Only replies go to the writer; failures are logged at debug
//! level with their reason.

pub mod client;
pub mod engine;
pub mod parse;
pub mod play;
pub mod query;
pub mod rules;
pub mod setup;
pub mod sgf;
pub mod time;
pub mod vertex;

#[cfg(test)]
mod tests;

use std::io::{self, BufRead, Write};

pub use engine::{COMMANDS, Engine, Failure, Reply};
pub use parse::Command;

/// Formats a reply: `=[id] text\n\n` or `?[id] message\n\n`. Blank lines
/// and trailing spaces inside the text are dropped (a blank line would end
/// the reply early); the first line is kept even when empty, so a text that
/// starts with a line break (the board diagram) begins on the next line.
pub fn format_reply(id: Option<&str>, reply: &Reply) -> String {
    let (mark, text) = match reply {
        Ok(text) => ('=', text.as_str()),
        Err(f) => ('?', f.message.as_str()),
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
    let reply = engine.execute(&cmd.name, &args);
    if let Err(f) = &reply {
        if f.reason.is_empty() {
            log::debug!("'{}' failed: {}", cmd.name, f.message);
        } else {
            log::debug!("'{}' failed: {} ({})", cmd.name, f.message, f.reason);
        }
    }
    format_reply(cmd.id.as_deref(), &reply)
}

/// Reads commands from `input` and writes replies to `output`, flushing
/// after each, until `quit` (answered first) or the end of input.
pub fn run<R: BufRead, W: Write>(
    engine: &mut Engine,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            log::debug!("end of input");
            return Ok(());
        }
        let Some(cmd) = parse::parse_raw(&line) else {
            continue;
        };
        output.write_all(respond(engine, &cmd).as_bytes())?;
        output.flush()?;
        if engine.quit_requested() {
            return Ok(());
        }
    }
}
