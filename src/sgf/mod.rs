//! SGF (Smart Game Format, FF[4]) game records: reading them into a
//! [`Game`] and writing a [`Game`] out.
//!
//! * [`parse`]: bytes → a tree of nodes (nom leaf parsers, an explicit
//!   stack for the tree: no recursion, so no stack overflow on any input);
//! * [`info`]: the game information, read leniently (free-text times,
//!   komi and rules names in any charset);
//! * [`write`]: a game → SGF text;
//! * this file: the mapping from a tree's main line to a [`Game`]
//!   ([`load`]), and reading a file with a size bound ([`read_file`]).
//!
//! Loading replays every move through [`Game::play`], so the board,
//! captures and the superko history come out exactly as if the moves had
//! been played; a move that is illegal in the game refuses the whole file.
//! Strict about the position, lenient about the rest: only what decides
//! the position can refuse a file. Nothing here knows GTP: errors are
//! data ([`SgfError`]), which the GTP layer words as the reason of
//! `? cannot load file: …`.

pub mod error;
pub mod info;
pub mod parse;
pub mod time;
pub mod write;

use std::io::Read;
use std::path::Path;

use crate::board::{Board, Color, IllegalMove, MAX_POINTS, Point};
use crate::clock::Clock;
use crate::coord::{sgf_coords, vertex_text};
use crate::game::{Game, GameError, Illegal, MAX_MOVES, Move, Played};
use crate::rules::Rules;
use parse::{MAX_ITEMS, MAX_NODES};

pub use error::{IoProblem, Limit, SgfError, SizeProblem, SyntaxProblem};
pub use info::GameInfo;
pub use parse::{GameTree, Node, Property, parse};
pub use time::{Overtime, TimeRecord, clock_of_record, record_of_clock};
pub use write::{write, write_record};

/// Largest file [`read_file`] accepts.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Longest text of a file's value that an error shows.
const SHOWN_CHARS: usize = 24;

/// A value from the file as an error shows it: lossy UTF-8, control
/// characters as `?`, at most [`SHOWN_CHARS`] characters (then `...`), so
/// that it fits on the one line of a GTP reply.
pub fn shown(v: &[u8]) -> String {
    let text = String::from_utf8_lossy(v);
    let mut out: String = text
        .chars()
        .take(SHOWN_CHARS)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(SHOWN_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

/// The engine state a load starts from (kept where the file says nothing).
#[derive(Clone, Copy, Debug)]
pub struct LoadOptions {
    /// Load the position before this move (numbered from 1); `None` for
    /// the whole main line.
    pub until: Option<usize>,
    pub rules: Rules,
    pub komi: f64,
    /// Whether `komi` was set explicitly (see [`Game::adopt_rules`]).
    pub komi_explicit: bool,
}

impl LoadOptions {
    /// `rules` with their default komi (not explicit), the whole main line.
    pub fn with_rules(rules: Rules) -> LoadOptions {
        LoadOptions {
            until: None,
            rules,
            komi: rules.default_komi,
            komi_explicit: false,
        }
    }

    /// The rules and komi of `game`, to load up to `until`.
    pub fn keeping(game: &Game, until: Option<usize>) -> LoadOptions {
        LoadOptions {
            until,
            rules: *game.rules(),
            komi: game.komi(),
            komi_explicit: game.komi_explicit(),
        }
    }
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
    /// Whether `RU` named rules weiqi knows.
    pub rules_from_file: bool,
    /// `TM`/`OT` from the root, remaining times from the last node read.
    pub time: TimeRecord,
    /// `RE`, raw.
    pub result: Option<Vec<u8>>,
    /// Whether the whole main line was loaded (no move number stopped it).
    pub complete: bool,
    /// The game information of the root, as read.
    pub info: GameInfo,
}

/// The game information of the last record loaded, and the settings the
/// load gave, so that `printsgf` can tell which of the record's values
/// still hold. Dropped by `clear_board` and `boardsize` (a new game).
/// Shared behind an `Arc` (it never changes, and the engine is copied
/// before every command, while a game comment may be megabytes).
#[derive(Clone, Debug)]
pub struct LoadedRecord {
    info: GameInfo,
    rules: Rules,
    komi: f64,
    /// The moves as loaded, when the whole record was (its `RE` holds
    /// while the game is still these moves).
    moves: Option<Vec<Played>>,
}

impl LoadedRecord {
    /// The record `info` loaded under `rules` and `komi`; `moves` the
    /// moves as loaded when the whole record was.
    pub fn new(
        info: GameInfo,
        rules: Rules,
        komi: f64,
        moves: Option<Vec<Played>>,
    ) -> LoadedRecord {
        LoadedRecord {
            info,
            rules,
            komi,
            moves,
        }
    }

    /// The game information to write now: the record's, less the values
    /// the game no longer agrees with. A value weiqi read is kept while it
    /// still reads as the engine's setting (`KM[6.50]` while the komi is
    /// 6.5, `TM[12 hours each]` while the main time is 43200 s); a value it
    /// could not read, while the setting is still the one the load left.
    /// `RE` is kept while the game is still the moves loaded.
    pub fn still_true(&self, game: &Game, clock: &Clock) -> GameInfo {
        let mut info = self.info.clone();
        let keep = |read: Option<bool>, unchanged: bool| read.unwrap_or(unchanged);
        if let Some(v) = info.get("RU") {
            let read = info::rules(v).map(|r| r == *game.rules());
            if !keep(read, *game.rules() == self.rules) {
                info.remove("RU");
            }
        }
        if let Some(v) = info.get("KM") {
            let read = info::komi(v).map(|k| k == game.komi());
            if !keep(read, game.komi() == self.komi) {
                info.remove("KM");
            }
        }
        let clock = record_of_clock(clock).unwrap_or_default();
        if let Some(v) = info.get("TM") {
            let read = info::main_time(v).map(|t| clock.main.is_some_and(|m| same_time(t, m)));
            if !keep(read, clock.main.is_none()) {
                info.remove("TM");
            }
        }
        if let Some(v) = info.get("OT") {
            let read =
                info::overtime(v).map(|o| clock.overtime.is_some_and(|c| same_overtime(o, c)));
            if !keep(read, clock.overtime.is_none()) {
                info.remove("OT");
            }
        }
        if self.moves.as_deref() != Some(game.moves()) {
            info.remove("RE");
        }
        info
    }
}

/// Whether two times are the same to the millisecond.
fn same_time(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-3
}

fn same_overtime(a: Overtime, b: Overtime) -> bool {
    match (a, b) {
        (
            Overtime::ByoYomi {
                periods: p,
                seconds: s,
            },
            Overtime::ByoYomi {
                periods: q,
                seconds: t,
            },
        ) => p == q && same_time(s, t),
        (
            Overtime::Canadian {
                stones: p,
                seconds: s,
            },
            Overtime::Canadian {
                stones: q,
                seconds: t,
            },
        ) => p == q && same_time(s, t),
        (Overtime::Fischer { increment: s }, Overtime::Fischer { increment: t }) => same_time(s, t),
        _ => false,
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A point given as (column, row from the bottom), as GTP writes it.
fn vertex(at: Option<(usize, usize)>) -> String {
    match at {
        Some((col, row)) => vertex_text(col, row),
        None => "pass".to_string(),
    }
}

/// Why a record was refused, as the text after `cannot load file: `.
pub fn load_error_reason(e: &SgfError) -> String {
    match e {
        SgfError::Io(IoProblem::NotFound) => "no such file".to_string(),
        SgfError::Io(IoProblem::PermissionDenied) => "permission denied".to_string(),
        SgfError::Io(IoProblem::NotAFile) => "not a regular file".to_string(),
        SgfError::Io(IoProblem::Other(why)) => format!("cannot read it: {why}"),
        SgfError::TooLarge(Limit::Bytes) => {
            format!("file too large (more than {MAX_FILE_BYTES} bytes)")
        }
        SgfError::TooLarge(Limit::Nodes) => format!("too many nodes (more than {MAX_NODES})"),
        SgfError::TooLarge(Limit::Items) => {
            format!("too many properties (more than {MAX_ITEMS})")
        }
        SgfError::TooLarge(Limit::Moves) => format!("too many moves (more than {MAX_MOVES})"),
        SgfError::NotSgf => "not an SGF file".to_string(),
        SgfError::Truncated => "the file ends inside the game record (truncated?)".to_string(),
        SgfError::Syntax {
            line,
            column,
            problem,
        } => {
            let what = match problem {
                SyntaxProblem::PropertyBeforeNode => "a property before the first node".to_string(),
                SyntaxProblem::PropertyWithoutValue => "a property without a value".to_string(),
                SyntaxProblem::UnexpectedByte(b) if b.is_ascii_graphic() => {
                    format!("unexpected '{}'", *b as char)
                }
                SyntaxProblem::UnexpectedByte(b) => format!("unexpected byte 0x{b:02X}"),
            };
            format!("syntax error at line {line}, column {column}: {what}")
        }
        SgfError::NotGo(gm) => format!("not a Go record (GM[{gm}])"),
        SgfError::Size(SizeProblem::Unsupported(n)) => {
            format!("board size {n} is not supported")
        }
        SgfError::Size(SizeProblem::NotSquare(c, r)) => {
            format!("board size {c}x{r} is not supported (not square)")
        }
        SgfError::Size(SizeProblem::Malformed(v)) => format!("bad board size SZ[{v}]"),
        SgfError::BadHandicap(v) => format!("bad handicap HA[{v}]"),
        SgfError::BadPlayer(v) => format!("bad player to move PL[{v}]"),
        SgfError::BadMove {
            number,
            color,
            value,
            off_board,
        } => format!(
            "move {number} ({} [{value}]) is {}",
            color_word(*color),
            if *off_board {
                "off the board"
            } else {
                "not a point"
            }
        ),
        SgfError::BadSetupPoint {
            ident,
            value,
            off_board,
        } => format!(
            "setup stones {ident}[{value}] {}",
            if *off_board {
                "are off the board"
            } else {
                "are not a point"
            }
        ),
        SgfError::SetupWithoutLiberties { color, at } => format!(
            "setup stone {} {} would leave a chain without liberties",
            color_word(*color),
            vertex(Some(*at))
        ),
        SgfError::SetupAfterMoves { after } => {
            format!("setup stones (AB/AW/AE) after move {after} are not supported")
        }
        SgfError::IllegalMove {
            number,
            color,
            at,
            why,
        } => {
            let what = match why {
                GameError::Illegal(Illegal::Board(IllegalMove::Occupied)) => {
                    "is on an occupied point".to_string()
                }
                GameError::Illegal(Illegal::Board(IllegalMove::Suicide)) => {
                    "is suicide".to_string()
                }
                GameError::Illegal(Illegal::Board(IllegalMove::Ko)) => {
                    "retakes a ko at once".to_string()
                }
                GameError::Illegal(Illegal::Superko) => {
                    "repeats an earlier position (superko)".to_string()
                }
                GameError::Illegal(Illegal::Board(IllegalMove::OffBoard)) => {
                    "is off the board".to_string()
                }
                other => format!("is refused: {other}"),
            };
            format!(
                "move {number} ({} {}) {what}",
                color_word(*color),
                vertex(*at)
            )
        }
    }
}

fn io_problem(e: &std::io::Error) -> SgfError {
    SgfError::Io(match e.kind() {
        std::io::ErrorKind::NotFound => IoProblem::NotFound,
        std::io::ErrorKind::PermissionDenied => IoProblem::PermissionDenied,
        std::io::ErrorKind::IsADirectory => IoProblem::NotAFile,
        _ => IoProblem::Other(e.to_string()),
    })
}

/// Reads at most [`MAX_FILE_BYTES`] from `path`; a longer file is refused
/// without reading more. Only regular files (or links to them) are read:
/// opening a named pipe would block until something writes to it, and a
/// device such as `/dev/zero` never ends.
pub fn read_file(path: &Path) -> Result<Vec<u8>, SgfError> {
    let meta = std::fs::metadata(path).map_err(|e| io_problem(&e))?;
    if !meta.is_file() {
        return Err(SgfError::Io(IoProblem::NotAFile));
    }
    let file = std::fs::File::open(path).map_err(|e| io_problem(&e))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_problem(&e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SgfError::TooLarge(Limit::Bytes));
    }
    Ok(bytes)
}

/// A value as trimmed text (numbers and names are ASCII; anything else
/// fails to parse later).
fn text(v: &[u8]) -> String {
    String::from_utf8_lossy(v).trim().to_string()
}

/// `SZ[n]` or `SZ[n:n]`.
fn parse_size(v: &[u8]) -> Result<usize, SgfError> {
    let t = text(v);
    let malformed = || SgfError::Size(SizeProblem::Malformed(shown(v)));
    let number = |s: &str| -> Result<usize, SgfError> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        s.parse().map_err(|_| malformed())
    };
    let (cols, rows) = match t.split_once(':') {
        Some((c, r)) => (number(c)?, number(r)?),
        None => {
            let n = number(&t)?;
            (n, n)
        }
    };
    if cols != rows {
        return Err(SgfError::Size(SizeProblem::NotSquare(cols, rows)));
    }
    Ok(cols)
}

/// A point value (`dd`), `None` for a pass (`[]`, or `[tt]` up to 19x19).
/// `Err(true)` when the point is off the board, `Err(false)` when the
/// value is no point at all.
fn parse_move_point(board: &Board, v: &[u8]) -> Result<Option<Point>, bool> {
    let v = v.trim_ascii();
    if v.is_empty() || (v == b"tt" && board.size() <= 19) {
        return Ok(None);
    }
    parse_point(board, v).map(Some)
}

/// A point value `cr`: column letter, row letter from the top. Upper-case
/// letters (columns 27–52 in FF[4]) are off every board weiqi supports.
/// `Err(true)` when off the board, `Err(false)` when no point.
fn parse_point(board: &Board, v: &[u8]) -> Result<Point, bool> {
    let &[c, r] = v else {
        return Err(false);
    };
    if !c.is_ascii_alphabetic() || !r.is_ascii_alphabetic() {
        return Err(false);
    }
    let (col, row) = sgf_coords(c, r, board.size()).ok_or(true)?;
    board.point(col, row).ok_or(true)
}

/// The points of a setup value: one point, or a rectangle `aa:cc`
/// (FF[4] compressed point list).
fn setup_points(board: &Board, ident: &str, v: &[u8]) -> Result<Vec<Point>, SgfError> {
    let bad = |off_board| SgfError::BadSetupPoint {
        ident: ident.to_string(),
        value: shown(v),
        off_board,
    };
    let v = v.trim_ascii();
    let Some(colon) = v.iter().position(|&b| b == b':') else {
        return parse_point(board, v).map(|p| vec![p]).map_err(bad);
    };
    let a = board.coords(parse_point(board, v[..colon].trim_ascii()).map_err(bad)?);
    let b = board.coords(parse_point(board, v[colon + 1..].trim_ascii()).map_err(bad)?);
    let mut out = Vec::new();
    for row in (a.1.min(b.1)..=a.1.max(b.1)).rev() {
        for col in a.0.min(b.0)..=a.0.max(b.0) {
            out.extend(board.point(col, row));
        }
    }
    Ok(out)
}

/// `PL`: `B`/`W`, or the colour spelled out, any case.
fn parse_color(v: &[u8]) -> Option<Color> {
    match text(v).to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// `HA`: a count; an empty value says none.
fn parse_handicap(v: &[u8]) -> Result<u32, SgfError> {
    let t = text(v);
    if t.is_empty() {
        return Ok(0);
    }
    t.parse::<u32>()
        .map_err(|_| SgfError::BadHandicap(shown(v)))
}

/// `GM`: Go is 1; an empty value or the game's name is taken as Go too.
fn is_go(v: &[u8]) -> bool {
    matches!(
        text(v).to_ascii_lowercase().as_str(),
        "1" | "" | "go" | "baduk" | "weiqi" | "igo"
    )
}

/// Logs a game-information value that is not understood (it is ignored).
fn ignored(ident: &str, v: &[u8], what: &str) {
    log::warn!("loadsgf: {ident}[{}] not understood, {what}", shown(v));
}

/// A remaining time (`BL`/`WL`, seconds).
fn parse_seconds(v: &[u8]) -> Option<f64> {
    text(v)
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
}

/// The rules, komi and time read from the root, each only when it parses
/// (what does not is logged and left as the engine had it).
struct Settings {
    /// `RU`, when it names rules weiqi knows.
    rules: Option<Rules>,
    /// `KM` (scaled back in Fox's records).
    komi: Option<f64>,
    time: TimeRecord,
}

fn settings(root: &Node<'_>) -> Settings {
    let rules = root.get("RU").and_then(|v| {
        let r = info::rules(v);
        if r.is_none() {
            ignored("RU", v, "keeping the current rules");
        }
        r
    });
    let fox = root
        .values("AP")
        .any(|ap| ap.windows(5).any(|w| w.eq_ignore_ascii_case(b"foxwq")));
    let file_komi = root.get("KM").and_then(|v| {
        let k = info::komi(v);
        if k.is_none() {
            ignored("KM", v, "keeping the current komi");
        }
        let k = k?;
        if fox {
            let scaled = info::fox_komi(k, root.get("RU"));
            if scaled != k {
                log::info!("loadsgf: Fox's KM[{}] read as komi {scaled}", shown(v));
            }
            return Some(scaled);
        }
        Some(k)
    });
    let mut time = TimeRecord::default();
    if let Some(v) = root.get("TM") {
        time.main = info::main_time(v);
        if time.main.is_none() {
            ignored("TM", v, "no time limit read from the file");
        }
    }
    match root.get("OT") {
        Some(v) => {
            time.overtime = info::overtime(v);
            if time.overtime.is_none() {
                ignored("OT", v, "no overtime read from the file");
            }
        }
        None => {
            time.overtime = match (root.get("TC"), root.get("TT")) {
                (Some(tc), Some(tt)) => info::fox_overtime(tc, tt),
                _ => root.get("TM").and_then(info::overtime_in_main_time),
            };
        }
    }
    Settings {
        rules,
        komi: file_komi,
        time,
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
        if game.place_setup(&stones, is_handicap).is_ok() {
            return Ok(());
        }
        // Find the first stone that cannot go on the board (the points are
        // distinct and the board was empty, so it is one that would leave
        // a chain without liberties). Only on this error path: quadratic
        // in at most MAX_POINTS stones.
        for k in 1..=stones.len() {
            let mut probe = game.clone();
            if probe.place_setup(&stones[..k], false).is_err() {
                let (color, p) = stones[k - 1];
                return Err(SgfError::SetupWithoutLiberties {
                    color,
                    at: game.board().coords(p),
                });
            }
        }
        // Not reached: the whole list failed, so some prefix does.
        let (color, p) = stones[stones.len() - 1];
        Err(SgfError::SetupWithoutLiberties {
            color,
            at: game.board().coords(p),
        })
    }
}

/// Loads the main line of the first game in `bytes`, up to (not
/// including) move `opts.until`. The whole game is built before anything
/// is returned, so a caller that swaps it in on success changes nothing on
/// failure.
///
/// Only what decides the position can refuse the file: `GM` other than
/// Go, `SZ`, the moves, `AB`/`AW`/`AE`, `HA`, `PL`. The rest (`RU`, `KM`,
/// `TM`, `OT`, `BL`/`WL`/`OB`/`OW`, anything unknown) is used when it
/// parses, and otherwise logged at `warn` and ignored.
pub fn load(bytes: &[u8], opts: &LoadOptions) -> Result<Loaded, SgfError> {
    let tree = parse(bytes)?;
    let mut line = tree.main_line();
    let Some(root) = line.next() else {
        return Err(SgfError::NotSgf);
    };
    if let Some(gm) = root.get("GM")
        && !is_go(gm)
    {
        return Err(SgfError::NotGo(shown(gm)));
    }
    let size = match root.get("SZ") {
        Some(v) => parse_size(v)?,
        None => 19,
    };
    let handicap = match root.get("HA") {
        Some(v) => parse_handicap(v)?,
        None => 0,
    };
    let Settings {
        rules,
        komi,
        mut time,
    } = settings(root);
    let mut game =
        Game::new(size, opts.rules).ok_or(SgfError::Size(SizeProblem::Unsupported(size)))?;
    // The engine's komi, then the file's rules and komi by the game's one
    // komi policy (a komi with the rules is explicit; without, an explicit
    // komi stays and any other follows the rules).
    game.set_komi_as(opts.komi, opts.komi_explicit);
    let rules_from_file = rules.is_some();
    match (rules, komi) {
        (Some(r), k) => game.adopt_rules(r, k),
        (None, Some(k)) => game.set_komi(k),
        (None, None) => {}
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
                        return Err(SgfError::SetupAfterMoves {
                            after: game.moves().len(),
                        });
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
                        let point = parse_move_point(game.board(), v).map_err(|off_board| {
                            SgfError::BadMove {
                                number,
                                color,
                                value: shown(v),
                                off_board,
                            }
                        })?;
                        let mv = point.map_or(Move::Pass, Move::Place);
                        game.play(color, mv).map_err(|why| match why {
                            GameError::TooLong => SgfError::TooLarge(Limit::Moves),
                            why => SgfError::IllegalMove {
                                number,
                                color,
                                at: point.map(|p| game.board().coords(p)),
                                why,
                            },
                        })?;
                    }
                }
                "PL" => {
                    if let Some(v) = prop.values.first() {
                        let c = parse_color(v).ok_or_else(|| SgfError::BadPlayer(shown(v)))?;
                        pl = Some((c, game.moves().len()));
                    }
                }
                "BL" | "WL" => {
                    let i = if ident == "BL" { 0 } else { 1 };
                    if let Some(v) = prop.values.first() {
                        let Some(seconds) = parse_seconds(v) else {
                            ignored(ident, v, "time left not set");
                            continue;
                        };
                        let count_tag = if i == 0 { "OB" } else { "OW" };
                        let count = node.get(count_tag).and_then(|c| {
                            let n = text(c).parse::<u32>().ok();
                            if n.is_none() {
                                ignored(count_tag, c, "count not set");
                            }
                            n
                        });
                        time.left[i] = Some((seconds, count));
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
        rules_from_file,
        time,
        result,
        complete: stopped_at.is_none(),
        info: info::game_info(root),
    })
}

#[cfg(test)]
mod tests;
