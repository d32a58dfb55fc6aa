//! `weiqi match-merge`: joins the results tables of several shards (or
//! several runs) into one list of games and its summary.
//!
//! All tables must name the same two engines (the labels of `# A` and
//! `# B`). A game number that appears twice is kept once if both rows say
//! the same, and refused otherwise.

use std::fmt;
use std::path::{Path, PathBuf};

use super::results::{Engines, Row, TableError, parse_table};

/// Why tables could not be merged.
#[derive(Debug)]
pub enum MergeError {
    Io(PathBuf, std::io::Error),
    Table(PathBuf, TableError),
    /// A table names other engines than the first one.
    OtherEngines(PathBuf),
    /// The same game with two different results.
    Conflict(usize),
    NoTables,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            MergeError::Table(p, e) => write!(f, "{}: {e}", p.display()),
            MergeError::OtherEngines(p) => {
                write!(f, "{}: other engines than the first table", p.display())
            }
            MergeError::Conflict(g) => write!(f, "game {g} has two different results"),
            MergeError::NoTables => f.write_str("no tables given"),
        }
    }
}

impl std::error::Error for MergeError {}

/// Merges table texts (with the paths they came from, for messages).
pub fn merge_texts(tables: &[(PathBuf, String)]) -> Result<(Engines, Vec<Row>), MergeError> {
    let mut engines: Option<Engines> = None;
    let mut rows: Vec<Row> = Vec::new();
    for (path, text) in tables {
        let (e, r) = parse_table(text).map_err(|e| MergeError::Table(path.clone(), e))?;
        match &engines {
            None => engines = Some(e),
            Some(first) if first.a.0 == e.a.0 && first.b.0 == e.b.0 => {
                if first != &e {
                    log::warn!("{}: same engines, other command lines", path.display());
                }
            }
            Some(_) => return Err(MergeError::OtherEngines(path.clone())),
        }
        rows.extend(r);
    }
    let engines = engines.ok_or(MergeError::NoTables)?;
    rows.sort_by_key(|r| r.game);
    let mut merged: Vec<Row> = Vec::with_capacity(rows.len());
    for r in rows {
        match merged.last() {
            Some(last) if last.game == r.game => {
                if last.outcome != r.outcome || last.black != r.black {
                    return Err(MergeError::Conflict(r.game));
                }
            }
            _ => merged.push(r),
        }
    }
    Ok((engines, merged))
}

/// Reads and merges the tables at `paths`.
pub fn merge_files(paths: &[PathBuf]) -> Result<(Engines, Vec<Row>), MergeError> {
    let mut tables = Vec::new();
    for p in paths {
        let text =
            std::fs::read_to_string(Path::new(p)).map_err(|e| MergeError::Io(p.clone(), e))?;
        tables.push((p.clone(), text));
    }
    merge_texts(&tables)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::results::{Outcome, Seat, Summary, table_head, table_row};
    use std::time::Duration;

    fn row(game: usize, black: Seat, margin: f64) -> Row {
        Row {
            game,
            black,
            outcome: Outcome::Scored { margin },
            moves: 50,
            time: [Duration::from_secs(1); 2],
            detail: String::new(),
        }
    }

    #[test]
    fn shards_merge_into_the_whole_match() {
        let e = Engines {
            a: ("x".into(), "x --a".into()),
            b: ("y".into(), "y".into()),
        };
        let table = |rows: &[Row]| {
            let mut t = table_head(&e);
            for r in rows {
                t.push_str(&table_row(&e, r));
            }
            t
        };
        let s1 = table(&[row(1, Seat::A, 2.5), row(3, Seat::A, -1.5)]);
        let s2 = table(&[row(2, Seat::B, 0.5), row(3, Seat::A, -1.5)]);
        let (got, rows) =
            merge_texts(&[("1".into(), s1.clone()), ("2".into(), s2)]).expect("merges");
        assert_eq!(got, e);
        assert_eq!(rows.iter().map(|r| r.game).collect::<Vec<_>>(), [1, 2, 3]);
        let s = Summary::new(&rows);
        assert_eq!((s.a_wins, s.b_wins), (1, 2));

        let conflict = table(&[row(1, Seat::A, -2.5)]);
        assert!(matches!(
            merge_texts(&[("1".into(), s1.clone()), ("c".into(), conflict)]),
            Err(MergeError::Conflict(1))
        ));
        let other = Engines {
            a: ("z".into(), "z".into()),
            b: e.b.clone(),
        };
        let t = table_head(&other);
        assert!(matches!(
            merge_texts(&[("1".into(), s1), ("o".into(), t)]),
            Err(MergeError::OtherEngines(_))
        ));
        assert!(matches!(merge_texts(&[]), Err(MergeError::NoTables)));
    }
}
