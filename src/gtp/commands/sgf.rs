//! Game records over GTP: `loadsgf FILE [move_number]` and GNU Go's
//! `printsgf [FILE]`.
//!
//! Both sit on [`crate::sgf`]; this file only turns GTP arguments into a
//! load or a write, and an [`SgfError`] into the text of
//! `? cannot load file: …` ([`sgf::load_error_reason`]).

use std::path::Path;
use std::sync::Arc;

use crate::score::score;
use crate::sgf::{self, LoadOptions, LoadedRecord, SgfError, clock_of_record, record_of_clock};

use super::args::arg;
use crate::gtp::engine::{Engine, Failure, Reply};
use crate::gtp::vertex::color_name;

/// `cannot load file` and why; the path goes to the debug log only (the
/// client knows it).
fn cannot_load(path: &str, e: &SgfError) -> Failure {
    let reason = sgf::load_error_reason(e);
    log::debug!("loadsgf {path}: {reason}");
    Failure::because("cannot load file", reason)
}

/// The move number argument: a position before move N (N ≥ 1); 0, a
/// negative number, or a number past the end mean the whole game, as in
/// GNU Go.
fn move_number(s: &str) -> Result<Option<usize>, Failure> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::syntax(format!("'{s}' is not a move number")));
    }
    if s.starts_with('-') {
        return Ok(None);
    }
    // All digits: too large for usize is past the end of any record.
    Ok(match s.parse::<usize>() {
        Ok(0) | Err(_) => None,
        Ok(n) => Some(n),
    })
}

/// `loadsgf FILE [move_number]`: the main line of the file's first game up
/// to (not including) move `move_number`; replies the colour to move.
/// Rules (`RU`) and komi (`KM`, then explicit) come from the file where
/// they can be read, the time system (`TM`/`OT`) and each side's time left
/// (`BL`/`WL`/`OB`/`OW`) too; the game information is kept for `printsgf`.
/// On any error nothing changes, and the reply says why
/// (`? cannot load file: move 228 (White D11) is on an occupied point`).
pub fn loadsgf(engine: &mut Engine, args: &[&str]) -> Reply {
    if args.is_empty() || args.len() > 2 {
        return Err(Failure::syntax(format!(
            "1 or 2 arguments expected, {} given",
            args.len()
        )));
    }
    let path = arg(args, 0)?;
    let until = match args.get(1) {
        Some(s) => move_number(s)?,
        None => None,
    };
    let bytes = sgf::read_file(Path::new(path)).map_err(|e| cannot_load(path, &e))?;
    let opts = LoadOptions::keeping(&engine.game, until);
    let loaded = sgf::load(&bytes, &opts).map_err(|e| cannot_load(path, &e))?;
    let clock = clock_of_record(&engine.clock, &loaded.time);
    let record = LoadedRecord::new(
        loaded.info,
        *loaded.game.rules(),
        loaded.game.komi(),
        loaded.complete.then(|| loaded.game.moves().to_vec()),
    );
    // Everything is built: swap it in.
    engine.game = loaded.game;
    engine.clock = clock;
    engine.record = Some(Arc::new(record));
    Ok(color_name(loaded.to_move).to_string())
}

/// `printsgf [FILE]`: the game as SGF, as the reply or into FILE (then the
/// reply is empty). `RE` is written once two passes have ended the game;
/// with a time limit, the time system and both clocks as they stand. After
/// `loadsgf`, the record's game information is written too (`PB`, `PW`,
/// `DT`, `EV`, `RE`, `KM`, `RU`, `TM`, … as given, while they still hold):
/// byte for byte into FILE, whatever the charset; in the reply, text that
/// is not UTF-8 shows as U+FFFD, and blank lines inside it are dropped.
pub fn printsgf(engine: &mut Engine, args: &[&str]) -> Reply {
    if args.len() > 1 {
        return Err(Failure::syntax(format!(
            "0 or 1 arguments expected, {} given",
            args.len()
        )));
    }
    // The result is final_score's: the same dead stones.
    let result = if engine.game.two_passes() {
        let analysis = engine.dead_stones();
        Some(score(&engine.game, &analysis).result())
    } else {
        None
    };
    let info = engine
        .record
        .as_ref()
        .map(|r| r.still_true(&engine.game, &engine.clock))
        .unwrap_or_default();
    let game = &engine.game;
    let time = record_of_clock(&engine.clock);
    let bytes = sgf::write_record(game, result.as_deref(), time.as_ref(), &info);
    match args.first() {
        None => Ok(String::from_utf8_lossy(&bytes).trim_end().to_string()),
        Some(path) => std::fs::write(path, bytes)
            .map(|_| String::new())
            .map_err(|e| Failure::because("cannot write file", format!("{path}: {e}"))),
    }
}
