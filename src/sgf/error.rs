//! Why a record could not be read or loaded: data, not text (the words
//! are [`super::load_error_reason`]'s).

use crate::board::Color;
use crate::game::GameError;

/// Why a record could not be read or loaded. Only what decides the
/// position refuses a file (the size, the moves, setup stones, `HA`, `PL`);
/// the game information never does. The GTP layer turns these into the
/// text of `? cannot load file: …`.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The file could not be read.
    Io(IoProblem),
    /// The file or the game is larger than the bounds allow.
    TooLarge(Limit),
    /// No game tree (`(;`) in the input.
    NotSgf,
    /// The input ends inside a value or before the game tree is closed.
    Truncated,
    /// Something other than SGF at `line`, `column` (both from 1; the
    /// column counts bytes).
    Syntax {
        line: usize,
        column: usize,
        problem: SyntaxProblem,
    },
    /// `GM` is not 1 (Go); the value as shown.
    NotGo(String),
    /// `SZ` names a board weiqi cannot play on.
    Size(SizeProblem),
    /// `HA` is not a number; the value as shown.
    BadHandicap(String),
    /// `PL` is not a colour; the value as shown.
    BadPlayer(String),
    /// Move `number` (from 1) is not a point, or not on the board.
    BadMove {
        number: usize,
        color: Color,
        value: String,
        off_board: bool,
    },
    /// A setup value (`AB`, `AW`, `AE`) is not a point or point list, or
    /// not on the board.
    BadSetupPoint {
        ident: String,
        value: String,
        off_board: bool,
    },
    /// The setup stone at `at` (column, row from the bottom left, from 0)
    /// would leave a chain without liberties.
    SetupWithoutLiberties { color: Color, at: (usize, usize) },
    /// `AB`/`AW`/`AE` after `after` moves (not supported by [`Game`](crate::game::Game)).
    SetupAfterMoves { after: usize },
    /// Move `number` (from 1), at `at` (column, row from the bottom left,
    /// from 0; `None` for a pass), is illegal in the game.
    IllegalMove {
        number: usize,
        color: Color,
        at: Option<(usize, usize)>,
        why: GameError,
    },
}

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IoProblem {
    NotFound,
    PermissionDenied,
    /// A directory, pipe or device.
    NotAFile,
    /// Another error, as the system words it.
    Other(String),
}

/// The bound a record goes beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// More than [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES) bytes.
    Bytes,
    /// More than [`MAX_NODES`](super::parse::MAX_NODES) nodes.
    Nodes,
    /// More than [`MAX_ITEMS`](super::parse::MAX_ITEMS) properties and values.
    Items,
    /// More than [`MAX_MOVES`](crate::game::MAX_MOVES) moves.
    Moves,
}

/// What is wrong with `SZ`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeProblem {
    /// A square board outside the sizes weiqi supports.
    Unsupported(usize),
    /// Columns and rows differ.
    NotSquare(usize, usize),
    /// Not a size at all; the value as shown.
    Malformed(String),
}

/// What the reader found where SGF syntax wanted something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// A property before the first `;`.
    PropertyBeforeNode,
    /// A property name without a `[value]`.
    PropertyWithoutValue,
    /// A byte that cannot start anything here.
    UnexpectedByte(u8),
}
