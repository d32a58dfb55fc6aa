//! GTP framing: cleaning raw input lines and splitting them into commands.
//!
//! Input is read as bytes and decoded lossily, so invalid UTF-8 never stops
//! the engine. Per GTP v2 each line is cleaned first (control characters
//! other than tab and LF dropped, everything from `#` on cut, tabs turned
//! into spaces) and blank lines are skipped; what remains is
//! `[id] name args...`.

use nom::branch::alt;
use nom::bytes::complete::take_till1;
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{eof, opt};
use nom::multi::many0;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

/// One command line, split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id exactly as sent (digits only, of any length), echoed back in
    /// the reply. Kept as text so that a huge id cannot overflow anything.
    pub id: Option<String>,
    /// The command name; empty when the line held only an id.
    pub name: String,
    pub args: Vec<String>,
}

/// Cleans one raw input line: lossy UTF-8 decoding, control characters
/// except tab dropped (CR, LF, NUL, DEL, ...), cut at `#`, tabs to spaces.
pub fn clean_line(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A word: anything up to the next space.
fn word(input: &str) -> IResult<&str, &str> {
    take_till1(|c| c == ' ').parse(input)
}

/// `[id] word*`, surrounded by any number of spaces.
fn command_line(input: &str) -> IResult<&str, (Option<&str>, Vec<&str>)> {
    let (input, _) = space0(input)?;
    let (input, id) = opt(terminated(digit1, alt((space1, eof)))).parse(input)?;
    let (input, words) = many0(preceded(space0, word)).parse(input)?;
    let (input, _) = (space0, eof).parse(input)?;
    Ok((input, (id, words)))
}

/// Splits a cleaned line into a command, or `None` for a blank line.
pub fn parse_line(line: &str) -> Option<Command> {
    if line.trim_matches(' ').is_empty() {
        return None;
    }
    // The grammar accepts every line (words are runs of non-spaces), so an
    // error here cannot happen; treat it as a blank line all the same.
    let (_, (id, words)) = command_line(line).ok()?;
    let mut words = words.into_iter();
    Some(Command {
        id: id.map(str::to_string),
        name: words.next().unwrap_or_default().to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// Cleans and splits one raw input line.
pub fn parse_raw(raw: &[u8]) -> Option<Command> {
    parse_line(&clean_line(raw))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(id: Option<&str>, name: &str, args: &[&str]) -> Option<Command> {
        Some(Command {
            id: id.map(str::to_string),
            name: name.to_string(),
            args: args.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn ids_names_and_arguments() {
        assert_eq!(parse_raw(b"name\n"), cmd(None, "name", &[]));
        assert_eq!(
            parse_raw(b"12 play b D4\n"),
            cmd(Some("12"), "play", &["b", "D4"])
        );
        assert_eq!(
            parse_raw(b"  7   boardsize   9  "),
            cmd(Some("7"), "boardsize", &["9"])
        );
        // A word starting with digits is not an id.
        assert_eq!(parse_raw(b"12abc x"), cmd(None, "12abc", &["x"]));
        // A line with only an id.
        assert_eq!(parse_raw(b"42\n"), cmd(Some("42"), "", &[]));
        // A huge id is kept verbatim.
        let big = "123456789012345678901234567890";
        assert_eq!(
            parse_raw(format!("{big} name").as_bytes()),
            cmd(Some(big), "name", &[])
        );
    }

    #[test]
    fn comments_and_blank_lines() {
        assert_eq!(parse_raw(b"# a comment\n"), None);
        assert_eq!(parse_raw(b"\n"), None);
        assert_eq!(parse_raw(b"   \t \r\n"), None);
        assert_eq!(parse_raw(b""), None);
        assert_eq!(
            parse_raw(b"3 komi 6.5 # the usual\n"),
            cmd(Some("3"), "komi", &["6.5"])
        );
        assert_eq!(parse_raw(b"name#x"), cmd(None, "name", &[]));
    }

    #[test]
    fn carriage_returns_tabs_and_control_characters() {
        assert_eq!(
            parse_raw(b"1\tplay\tw\tpass\r\n"),
            cmd(Some("1"), "play", &["w", "pass"])
        );
        assert_eq!(
            parse_raw(b"pl\x00ay b\x07 c3\x7f\r"),
            cmd(None, "play", &["b", "c3"])
        );
        assert_eq!(parse_raw(b"\x1b\x01\r\n"), None);
    }

    #[test]
    fn case_is_preserved_and_bad_utf8_is_survived() {
        assert_eq!(parse_raw(b"play W PASS"), cmd(None, "play", &["W", "PASS"]));
        let c = parse_raw(b"play b \xff\xfeA1\n").expect("a command");
        assert_eq!(c.name, "play");
        assert_eq!(c.args.len(), 2);
        assert!(c.args[1].ends_with("A1"));
    }
}
