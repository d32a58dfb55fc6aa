//! SGF (Smart Game Format, FF[4]) game records: reading them into a
//! [`Game`] and writing a [`Game`] out.
//!
//! * [`parse`]: bytes → a tree of nodes (nom leaf parsers, an explicit
//!   stack for the tree: no recursion, so no stack overflow on any input);
//! * [`write`]: a game → SGF text;
//! * this file: the mapping from a tree's main line to a [`Game`]
//!   ([`load`]), and reading a file with a size bound ([`read_file`]).
//!
//! Loading replays every move through [`Game::play`], so the board,
//! captures and the superko history come out exactly as if the moves had
//! been played; a move that is illegal in the game refuses the whole file.
//! Nothing here knows GTP: the GTP layer turns an [`SgfError`] into
//! `cannot load file`.

pub mod parse;
pub mod write;

use std::fmt;
use std::io::Read;
use std::path::Path;

use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::game::{Game, GameError, MAX_MOVES, Move};
use crate::rules::{HandicapBonus, KoRule, Rules, Scoring};

pub use parse::{GameTree, Node, Property, parse};
pub use write::write;

/// Largest file [`read_file`] accepts.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Why a record could not be read or loaded.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The file could not be read.
    Io(String),
    /// The file or the tree is larger than the bounds allow.
    TooLarge(String),
    /// No `(;` game tree in the input.
    NoGameTree,
    /// The input ends inside a value or before the tree is closed.
    UnexpectedEnd,
    /// Something other than SGF at byte `offset`.
    Syntax { offset: usize, what: &'static str },
    /// `GM` is not 1 (Go).
    NotGo(String),
    /// `SZ` is malformed, not square, or a size weiqi does not support.
    BadSize(String),
    /// A property value that cannot be understood.
    BadValue { ident: String, value: String },
    /// A point outside the board.
    OffBoard { ident: String, value: String },
    /// Setup stones that cannot be placed (occupied, capturing, no
    /// liberties).
    BadSetup(GameError),
    /// `AB`/`AW`/`AE` after the first move (not supported by [`Game`]).
    SetupAfterMoves,
    /// Move `number` (counted from 1) is illegal in the game.
    IllegalMove {
        number: usize,
        color: Color,
        value: String,
        why: GameError,
    },
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Io(e) => write!(f, "cannot read: {e}"),
            SgfError::TooLarge(what) => write!(f, "too large: {what}"),
            SgfError::NoGameTree => f.write_str("no game tree"),
            SgfError::UnexpectedEnd => f.write_str("unexpected end of file (truncated?)"),
            SgfError::Syntax { offset, what } => write!(f, "syntax error at byte {offset}: {what}"),
            SgfError::NotGo(gm) => write!(f, "GM[{gm}] is not Go"),
            SgfError::BadSize(sz) => write!(f, "unsupported board size SZ[{sz}]"),
            SgfError::BadValue { ident, value } => write!(f, "bad value {ident}[{value}]"),
            SgfError::OffBoard { ident, value } => write!(f, "{ident}[{value}] is off the board"),
            SgfError::BadSetup(e) => write!(f, "bad setup stones: {e}"),
            SgfError::SetupAfterMoves => f.write_str("setup stones after a move"),
            SgfError::IllegalMove {
                number,
                color,
                value,
                why,
            } => write!(f, "move {number} ({color:?} [{value}]) is illegal: {why}"),
        }
    }
}

impl std::error::Error for SgfError {}

/// What follows the main time, as `OT` writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Overtime {
    /// `OT[5x30 byo-yomi]`: `periods` periods of `seconds`.
    ByoYomi { periods: u32, seconds: f64 },
    /// `OT[25/600 Canadian]`: `stones` moves in each period of `seconds`.
    Canadian { stones: u32, seconds: f64 },
    /// `OT[10 fischer]`: `increment` seconds added after every move.
    Fischer { increment: f64 },
}

/// Clock state as SGF keeps it: `TM` (main time), `OT` (overtime), and the
/// remaining time per colour (`BL`/`WL` seconds, `OB`/`OW` stones or
/// periods left in overtime), indexed by [`Color::index`]. Plain numbers:
/// the GTP layer maps them to and from [`crate::clock`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeRecord {
    pub main: Option<f64>,
    pub overtime: Option<Overtime>,
    pub left: [Option<(f64, Option<u32>)>; 2],
}

/// The engine state a load starts from (kept where the file says nothing).
#[derive(Clone, Copy, Debug)]
pub struct LoadOptions {
    /// Load the position before this move (numbered from 1); `None` for
    /// the whole main line.
    pub until: Option<usize>,
    pub rules: Rules,
    pub komi: f64,
    pub komi_explicit: bool,
}

/// A loaded record.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game at the requested position; its side to move is
    /// [`Loaded::to_move`].
    pub game: Game,
    /// The colour to move: that of the next move in the file when loading
    /// stopped before it, else `PL` or the opponent of the last mover.
    pub to_move: Color,
    /// Whether the komi is explicit now (a `KM` in the file, or already
    /// explicit before).
    pub komi_explicit: bool,
    /// Whether `RU` named rules weiqi knows.
    pub rules_from_file: bool,
    /// `TM`/`OT` from the root, remaining times from the last node read.
    pub time: TimeRecord,
    /// `RE`, raw.
    pub result: Option<Vec<u8>>,
}

/// Reads at most [`MAX_FILE_BYTES`] from `path`; a longer file is refused
/// without reading more. Only regular files (or links to them) are read:
/// opening a named pipe would block until something writes to it, and a
/// device such as `/dev/zero` never ends.
pub fn read_file(path: &Path) -> Result<Vec<u8>, SgfError> {
    let meta = std::fs::metadata(path).map_err(|e| SgfError::Io(e.to_string()))?;
    if !meta.is_file() {
        return Err(SgfError::Io("not a regular file".to_string()));
    }
    let file = std::fs::File::open(path).map_err(|e| SgfError::Io(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| SgfError::Io(e.to_string()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SgfError::TooLarge(format!(
            "more than {MAX_FILE_BYTES} bytes"
        )));
    }
    Ok(bytes)
}

fn lossy(v: &[u8]) -> String {
    String::from_utf8_lossy(v).into_owned()
}

/// A value as trimmed text (numbers and names are ASCII; anything else
/// fails to parse later).
fn text(v: &[u8]) -> String {
    lossy(v).trim().to_string()
}

fn bad(ident: &str, v: &[u8]) -> SgfError {
    SgfError::BadValue {
        ident: ident.to_string(),
        value: lossy(v),
    }
}

/// `SZ[n]` or `SZ[n:n]`.
fn parse_size(v: &[u8]) -> Result<usize, SgfError> {
    let t = text(v);
    let bad = || SgfError::BadSize(t.clone());
    let mut parts = t.split(':');
    let cols: usize = parts
        .next()
        .and_then(|s| s.trim().parse().ok())
        .ok_or_else(bad)?;
    if let Some(rows) = parts.next()
        && (rows.trim().parse::<usize>().ok() != Some(cols) || parts.next().is_some())
    {
        return Err(bad());
    }
    Ok(cols)
}

/// A komi: a finite number within ±1000.
fn parse_komi(v: &[u8]) -> Option<f64> {
    text(v)
        .parse::<f64>()
        .ok()
        .filter(|k| k.is_finite() && k.abs() <= 1000.0)
}

/// Rules named by `RU`: a preset name or alias (`Chinese`, `cn`,
/// `Japanese`, `jp`, `Korean`, `AGA`, `NZ`, `New Zealand`,
/// `Tromp-Taylor`, any case), or KataGo's rules string
/// (`koPOSITIONALscoreAREAtaxNONEsui0whbN`).
pub fn parse_rules(v: &[u8]) -> Option<Rules> {
    let name: String = text(v)
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c == ' ' || c == '_' { '-' } else { c })
        .collect();
    if let Ok(r) = Rules::preset(&name) {
        return Some(r);
    }
    parse_katago_rules(&text(v))
}

/// KataGo's compact rules string, e.g. `koSITUATIONALscoreAREAsui1whbN-1`.
fn parse_katago_rules(s: &str) -> Option<Rules> {
    const KEYS: &[(&str, &[&str])] = &[
        ("ko", &["SIMPLE", "POSITIONAL", "SITUATIONAL"]),
        ("score", &["AREA", "TERRITORY"]),
        ("tax", &["NONE", "SEKI", "ALL"]),
        ("sui", &["0", "1"]),
        ("button", &["0", "1"]),
        ("whb", &["N-1", "N", "0"]),
        ("fpok", &["0", "1"]),
        ("komi", &[]),
    ];
    let mut rules = Rules::default();
    let mut rest = s;
    let mut any = false;
    while !rest.is_empty() {
        let (key, values) = KEYS.iter().find(|(k, _)| rest.starts_with(k))?;
        rest = &rest[key.len()..];
        if *key == "komi" {
            // A komi inside the rules string: the number up to the end.
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .unwrap_or(rest.len());
            rules.default_komi = rest[..end].parse().ok().filter(|k: &f64| k.is_finite())?;
            rest = &rest[end..];
            continue;
        }
        let value = values.iter().find(|v| rest.starts_with(**v))?;
        rest = &rest[value.len()..];
        any = true;
        match *key {
            "ko" => {
                rules.ko = match *value {
                    "SIMPLE" => KoRule::Simple,
                    "POSITIONAL" => KoRule::Positional,
                    _ => KoRule::Situational,
                }
            }
            "score" => {
                rules.scoring = if *value == "AREA" {
                    Scoring::Area
                } else {
                    Scoring::Territory
                }
            }
            "sui" => rules.multi_stone_suicide = *value == "1",
            "whb" => {
                rules.handicap_bonus = match *value {
                    "N" => HandicapBonus::N,
                    "N-1" => HandicapBonus::NMinus1,
                    _ => HandicapBonus::Zero,
                }
            }
            // weiqi has no group tax, button or friendly pass.
            _ => {}
        }
    }
    any.then_some(rules)
}

/// A point value (`dd`), `None` for a pass (`[]`, or `[tt]` up to 19x19).
fn parse_move_point(board: &Board, ident: &str, v: &[u8]) -> Result<Option<Point>, SgfError> {
    let v = v.trim_ascii();
    if v.is_empty() || (v == b"tt" && board.size() <= 19) {
        return Ok(None);
    }
    parse_point(board, ident, v).map(Some)
}

/// A point value `cr`: column letter, row letter from the top. Upper-case
/// letters (columns 27–52 in FF[4]) are off every board weiqi supports.
fn parse_point(board: &Board, ident: &str, v: &[u8]) -> Result<Point, SgfError> {
    let off = || SgfError::OffBoard {
        ident: ident.to_string(),
        value: lossy(v),
    };
    let &[c, r] = v else {
        return Err(bad(ident, v));
    };
    if !c.is_ascii_alphabetic() || !r.is_ascii_alphabetic() {
        return Err(bad(ident, v));
    }
    if !c.is_ascii_lowercase() || !r.is_ascii_lowercase() {
        return Err(off());
    }
    let (col, top) = ((c - b'a') as usize, (r - b'a') as usize);
    let size = board.size();
    if top >= size {
        return Err(off());
    }
    board.point(col, size - 1 - top).ok_or_else(off)
}

/// The points of a setup value: one point, or a rectangle `aa:cc`
/// (FF[4] compressed point list).
fn setup_points(board: &Board, ident: &str, v: &[u8]) -> Result<Vec<Point>, SgfError> {
    let v = v.trim_ascii();
    let Some(colon) = v.iter().position(|&b| b == b':') else {
        return parse_point(board, ident, v).map(|p| vec![p]);
    };
    let a = board.coords(parse_point(board, ident, &v[..colon])?);
    let b = board.coords(parse_point(board, ident, &v[colon + 1..])?);
    let mut out = Vec::new();
    for row in (a.1.min(b.1)..=a.1.max(b.1)).rev() {
        for col in a.0.min(b.0)..=a.0.max(b.0) {
            out.extend(board.point(col, row));
        }
    }
    Ok(out)
}

fn parse_color(ident: &str, v: &[u8]) -> Result<Color, SgfError> {
    match v.trim_ascii() {
        b"B" | b"b" => Ok(Color::Black),
        b"W" | b"w" => Ok(Color::White),
        _ => Err(bad(ident, v)),
    }
}

fn parse_seconds(ident: &str, v: &[u8]) -> Result<f64, SgfError> {
    text(v)
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .ok_or_else(|| bad(ident, v))
}

fn parse_count(ident: &str, v: &[u8]) -> Result<u32, SgfError> {
    text(v).parse::<u32>().map_err(|_| bad(ident, v))
}

/// `OT` as weiqi and most servers write it: `5x30 byo-yomi`,
/// `25/600 Canadian`, `10 fischer`. Anything else is `None` (logged by the
/// caller).
pub fn parse_overtime(v: &[u8]) -> Option<Overtime> {
    let t = text(v).to_ascii_lowercase();
    let (spec, kind) = t.split_once(' ')?;
    let kind = kind.trim();
    if kind.starts_with("byo") {
        let (n, s) = spec.split_once('x')?;
        Some(Overtime::ByoYomi {
            periods: n.parse().ok()?,
            seconds: s
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)?,
        })
    } else if kind.starts_with("fischer") {
        Some(Overtime::Fischer {
            increment: spec
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)?,
        })
    } else if kind.starts_with("canadian") {
        let (n, s) = spec.split_once('/')?;
        Some(Overtime::Canadian {
            stones: n.parse().ok()?,
            seconds: s
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)?,
        })
    } else {
        None
    }
}

/// Setup stones gathered before the first move: the last `AB`/`AW`/`AE`
/// for each point wins; the order of first placement is kept.
struct Setup {
    cell: Vec<Option<Color>>,
    order: Vec<Point>,
    placed: bool,
}

impl Setup {
    fn set(&mut self, p: Point, c: Option<Color>) {
        let slot = &mut self.cell[p.index()];
        if slot.is_none() && c.is_some() {
            self.order.push(p);
        }
        *slot = c;
    }

    /// Places the stones (once), as handicap when `HA` says so and all are
    /// black.
    fn place(&mut self, game: &mut Game, handicap: u32) -> Result<(), SgfError> {
        if self.placed {
            return Ok(());
        }
        self.placed = true;
        let mut seen = vec![false; MAX_POINTS];
        let mut stones = Vec::new();
        for &p in &self.order {
            if let Some(c) = self.cell[p.index()]
                && !std::mem::replace(&mut seen[p.index()], true)
            {
                stones.push((c, p));
            }
        }
        if stones.is_empty() {
            return Ok(());
        }
        let is_handicap = handicap >= 1 && stones.iter().all(|&(c, _)| c == Color::Black);
        game.place_setup(&stones, is_handicap)
            .map_err(SgfError::BadSetup)
    }
}

/// Loads the main line of the first game in `bytes`, up to (not
/// including) move `opts.until`. The whole game is built before anything
/// is returned, so a caller that swaps it in on success changes nothing on
/// failure.
pub fn load(bytes: &[u8], opts: &LoadOptions) -> Result<Loaded, SgfError> {
    let tree = parse(bytes)?;
    let mut line = tree.main_line();
    let Some(root) = line.next() else {
        return Err(SgfError::NoGameTree);
    };
    if let Some(gm) = root.get("GM")
        && text(gm) != "1"
    {
        return Err(SgfError::NotGo(lossy(gm)));
    }
    let size = match root.get("SZ") {
        Some(v) => parse_size(v)?,
        None => 19,
    };
    let (rules, rules_from_file) = match root.get("RU") {
        Some(v) => match parse_rules(v) {
            Some(r) => (r, true),
            None => {
                log::info!(
                    "loadsgf: unknown rules RU[{}], keeping the current rules",
                    lossy(v)
                );
                (opts.rules, false)
            }
        },
        None => (opts.rules, false),
    };
    let (komi, komi_explicit) = match root.get("KM") {
        Some(v) => (parse_komi(v).ok_or_else(|| bad("KM", v))?, true),
        None if rules_from_file && !opts.komi_explicit => (rules.default_komi, false),
        None => (opts.komi, opts.komi_explicit),
    };
    let handicap = match root.get("HA") {
        Some(v) => parse_count("HA", v)?,
        None => 0,
    };
    let mut game = Game::new(size, rules).ok_or_else(|| SgfError::BadSize(size.to_string()))?;
    game.set_komi(komi);
    let mut time = TimeRecord::default();
    if let Some(v) = root.get("TM") {
        time.main = Some(parse_seconds("TM", v)?);
    }
    if let Some(v) = root.get("OT") {
        time.overtime = parse_overtime(v);
        if time.overtime.is_none() {
            log::info!("loadsgf: overtime OT[{}] not understood, ignored", lossy(v));
        }
    }
    let result = root.get("RE").map(<[u8]>::to_vec);

    let mut setup = Setup {
        cell: vec![None; MAX_POINTS],
        order: Vec::new(),
        placed: false,
    };
    // The colour of the move loading stopped before, if it did.
    let mut stopped_at: Option<Color> = None;
    // `PL`, and the number of moves played when it was read.
    let mut pl: Option<(Color, usize)> = None;
    'nodes: for node in std::iter::once(root).chain(line) {
        for prop in &node.props {
            let ident = prop.ident.as_ref();
            match ident {
                "AB" | "AW" | "AE" => {
                    if setup.placed {
                        return Err(SgfError::SetupAfterMoves);
                    }
                    let c = match ident {
                        "AB" => Some(Color::Black),
                        "AW" => Some(Color::White),
                        _ => None,
                    };
                    for v in &prop.values {
                        for p in setup_points(game.board(), ident, v)? {
                            setup.set(p, c);
                        }
                    }
                }
                "B" | "W" => {
                    let color = if ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    setup.place(&mut game, handicap)?;
                    for v in &prop.values {
                        let number = game.moves().len() + 1;
                        if opts.until.is_some_and(|n| number >= n) {
                            stopped_at = Some(color);
                            break 'nodes;
                        }
                        let mv = parse_move_point(game.board(), ident, v)?
                            .map_or(Move::Pass, Move::Place);
                        game.play(color, mv).map_err(|why| match why {
                            GameError::TooLong => {
                                SgfError::TooLarge(format!("more than {MAX_MOVES} moves"))
                            }
                            why => SgfError::IllegalMove {
                                number,
                                color,
                                value: lossy(v),
                                why,
                            },
                        })?;
                    }
                }
                "PL" => {
                    if let Some(v) = prop.values.first() {
                        pl = Some((parse_color("PL", v)?, game.moves().len()));
                    }
                }
                "BL" | "WL" => {
                    let i = if ident == "BL" { 0 } else { 1 };
                    if let Some(v) = prop.values.first() {
                        let count_tag = if i == 0 { "OB" } else { "OW" };
                        let count = match node.get(count_tag) {
                            Some(c) => Some(parse_count(count_tag, c)?),
                            None => None,
                        };
                        time.left[i] = Some((parse_seconds(ident, v)?, count));
                    }
                }
                _ => {}
            }
        }
    }
    setup.place(&mut game, handicap)?;
    let to_move = match (stopped_at, pl) {
        (Some(c), _) => c,
        (None, Some((c, at))) if at == game.moves().len() => c,
        _ => game.to_move(),
    };
    game.set_to_move(to_move);
    Ok(Loaded {
        game,
        to_move,
        komi_explicit,
        rules_from_file,
        time,
        result,
    })
}

#[cfg(test)]
mod tests;
