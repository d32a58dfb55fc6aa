//! `weiqi match`: games between two GTP engines, refereed by weiqi.
//!
//! * [`one_game`]: one game (the command sequence, every move checked, the
//!   clock, the decisions);
//! * [`results`]: outcomes, the results table, the summary (win rate,
//!   Wilson interval, Elo);
//! * [`record`]: a game as SGF;
//! * [`merge`]: `weiqi match-merge`, joining the tables of shards;
//! * [`sprt`]: `--sprt`, stopping the match once the games decide
//!   between two Elo hypotheses;
//! * this file: the match: which games (`--games`, `--shard i/n`), who
//!   plays Black (`--alternate`), `--parallel` workers, each with its own
//!   engine processes, the files written, the progress bar.
//!
//! Games are numbered from 1 across the whole match. With `--alternate`
//! the engine given as `--black` (A) plays Black in odd-numbered games and
//! White in even-numbered ones. Shard `i/n` plays game `g` iff
//! `(g − 1) mod n = i − 1`, so shards keep the global numbers and colours
//! and their tables merge into the table of the whole match.

pub mod merge;
pub mod one_game;
pub mod record;
pub mod results;
pub mod sprt;

use std::fmt;
use std::fs::{self, File};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::clock::TimeSystem;
use crate::gtp::client::ClientError;

use one_game::{Player, Record, Settings, SetupError};
use results::{Engines, Row, Seat, Summary};
use sprt::{Decision, Sprt};

/// `--shard i/n`: the `i`-th of `n` shards, `1 ≤ i ≤ n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { index: 1, count: 1 }
    }
}

impl Shard {
    /// Whether game `g` (from 1) belongs to this shard.
    pub fn has(&self, g: usize) -> bool {
        g >= 1 && (g - 1) % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}' is not a shard i/n with 1 <= i <= n");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// A duration in seconds, with an optional unit: `90`, `1.5s`, `30m`, `1h`.
fn parse_duration(s: &str) -> Option<Duration> {
    let (num, scale) = match s.as_bytes().last()? {
        b's' => (&s[..s.len() - 1], 1.0),
        b'm' => (&s[..s.len() - 1], 60.0),
        b'h' => (&s[..s.len() - 1], 3600.0),
        _ => (s, 1.0),
    };
    num.parse::<f64>()
        .ok()
        .map(|x| x * scale)
        .filter(|x| x.is_finite() && *x >= 0.0 && *x <= 1e9)
        .and_then(|x| Duration::try_from_secs_f64(x).ok())
}

/// Parses `--time`:
///
/// * `none`;
/// * `absolute:MAIN`;
/// * `chinese:MAIN:N`: the Chinese byo-yomi of docs/RULES.md, MAIN then N
///   periods of one minute;
/// * `byoyomi:MAIN:PERIOD:N` (Japanese byo-yomi);
/// * `canadian:MAIN:PERIOD:STONES`;
/// * `fischer:MAIN:INCREMENT`.
///
/// Times are seconds (fractions allowed) or carry a unit: `30m`, `1h`.
pub fn parse_time(spec: &str) -> Result<TimeSystem, String> {
    let parts: Vec<&str> = spec.split(':').collect();
    let bad = || {
        format!(
            "'{spec}' is not a time system: none, absolute:MAIN, chinese:MAIN:N, \
             byoyomi:MAIN:PERIOD:N, canadian:MAIN:PERIOD:STONES, fischer:MAIN:INC"
        )
    };
    let d = |s: &str| parse_duration(s).ok_or_else(bad);
    let n = |s: &str| s.parse::<u32>().map_err(|_| bad());
    Ok(match parts.as_slice() {
        ["none"] => TimeSystem::None,
        ["absolute", main] => TimeSystem::absolute(d(main)?),
        ["chinese", main, periods] => TimeSystem::chinese(d(main)?, n(periods)?),
        ["byoyomi", main, period, periods] => {
            TimeSystem::byoyomi(d(main)?, d(period)?, n(periods)?)
        }
        ["canadian", main, period, stones] => {
            TimeSystem::canadian(d(main)?, d(period)?, n(stones)?)
        }
        ["fischer", main, inc] => TimeSystem::fischer(d(main)?, d(inc)?),
        _ => return Err(bad()),
    })
}

/// Everything `weiqi match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Command lines of engine A (`--black`) and B (`--white`).
    pub commands: [String; 2],
    pub settings: Settings,
    pub games: usize,
    pub alternate: bool,
    pub parallel: usize,
    pub shard: Shard,
    pub sgf_dir: Option<PathBuf>,
    pub results: Option<PathBuf>,
    pub show_engine_stderr: bool,
    /// Show a progress bar (only drawn when stderr is a terminal).
    pub progress: bool,
    /// Stop once the games so far decide this test (the games already
    /// under way are finished and counted).
    pub sprt: Option<Sprt>,
}

/// Why a match could not be played.
#[derive(Debug)]
pub enum MatchError {
    /// Size or handicap do not fit.
    Setup(SetupError),
    /// An engine could not be started or did not answer its first commands.
    Engine { command: String, error: ClientError },
    /// An output file or directory.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Setup(e) => write!(f, "{e}"),
            MatchError::Engine { command, error } => write!(f, "engine '{command}': {error}"),
            MatchError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for MatchError {}

/// The games of this shard: numbers from 1 and who plays Black.
pub fn schedule(cfg: &MatchConfig) -> Vec<(usize, Seat)> {
    (1..=cfg.games)
        .filter(|&g| cfg.shard.has(g))
        .map(|g| {
            let black = if cfg.alternate && g % 2 == 0 {
                Seat::B
            } else {
                Seat::A
            };
            (g, black)
        })
        .collect()
}

/// Asks both engines who they are, and makes labels that tell them apart.
fn probe(cfg: &MatchConfig) -> Result<Engines, MatchError> {
    let timeout = cfg.settings.move_timeout;
    let mut labels = Vec::new();
    for command in &cfg.commands {
        let e = Player::start(command, cfg.show_engine_stderr, timeout).map_err(|error| {
            MatchError::Engine {
                command: command.clone(),
                error,
            }
        })?;
        labels.push(e.label());
        e.quit();
    }
    let (mut a, mut b) = (labels[0].clone(), labels[1].clone());
    if a == b {
        a.push_str(" (A)");
        b.push_str(" (B)");
    }
    Ok(Engines {
        a: (a, cfg.commands[0].clone()),
        b: (b, cfg.commands[1].clone()),
    })
}

fn io_error(path: &std::path::Path) -> impl Fn(std::io::Error) -> MatchError + '_ {
    move |error| MatchError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// What a worker hands to the main thread.
struct Finished {
    game: usize,
    black: Seat,
    record: Result<Record, SetupError>,
    /// Under `--sprt`, the main thread answers here once it has counted
    /// the game, so that the worker starts no game after the decision.
    counted: Option<mpsc::Sender<()>>,
}

/// One worker: its own engine processes, games taken from the queue.
fn worker(
    cfg: &MatchConfig,
    games: &[(usize, Seat)],
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: mpsc::Sender<Finished>,
) {
    let mut engines = cfg
        .commands
        .clone()
        .map(|c| Player::new(&c, cfg.show_engine_stderr));
    let (counted_tx, counted_rx) = mpsc::channel();
    while !stop.load(Ordering::SeqCst) {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(&(game, black)) = games.get(i) else {
            break;
        };
        let [a, b] = &mut engines;
        let (black_engine, white_engine) = match black {
            Seat::A => (a, b),
            Seat::B => (b, a),
        };
        log::info!("game {game}: starting");
        let record = one_game::play_game(&cfg.settings, black_engine, white_engine);
        if tx
            .send(Finished {
                game,
                black,
                record,
                counted: cfg.sprt.is_some().then(|| counted_tx.clone()),
            })
            .is_err()
        {
            break;
        }
        if cfg.sprt.is_some() && counted_rx.recv().is_err() {
            break;
        }
    }
    for e in engines {
        e.quit();
    }
}

/// What a match played.
pub struct Played {
    pub engines: Engines,
    /// The games, sorted by game number.
    pub rows: Vec<Row>,
    /// Under `--sprt`, when the test decided: the number of games counted
    /// then and the test's report on them. Games still in play at that
    /// moment are finished and listed in `rows`, so the report on all the
    /// rows can differ from the one that stopped the match.
    pub sprt_decision: Option<(usize, String)>,
}

/// Plays the match (this shard of it). Writes the SGF files and the
/// results table on the way.
pub fn run_match(cfg: &MatchConfig) -> Result<Played, MatchError> {
    one_game::new_game(&cfg.settings).map_err(MatchError::Setup)?;
    let engines = probe(cfg)?;
    let games = schedule(cfg);
    if let Some(dir) = &cfg.sgf_dir {
        fs::create_dir_all(dir).map_err(io_error(dir))?;
    }
    let mut table = match &cfg.results {
        Some(path) => {
            let mut f = File::create(path).map_err(io_error(path))?;
            f.write_all(results::table_head(&engines).as_bytes())
                .map_err(io_error(path))?;
            Some(f)
        }
        None => None,
    };
    let bar = if cfg.progress && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(games.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed_precise} {msg}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let date = record::today();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let workers = cfg.parallel.clamp(1, games.len().max(1));
    let mut rows = Vec::with_capacity(games.len());
    let mut failure = None;
    let mut sprt_decision = None;
    thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..workers {
            let tx = tx.clone();
            let (games, next, stop) = (&games, &next, &stop);
            scope.spawn(move || worker(cfg, games, next, stop, tx));
        }
        drop(tx);
        for done in rx {
            let record = match done.record {
                Ok(r) => r,
                Err(e) => {
                    failure.get_or_insert(MatchError::Setup(e));
                    if let Some(counted) = &done.counted {
                        let _ = counted.send(());
                    }
                    continue;
                }
            };
            let row = Row {
                game: done.game,
                black: done.black,
                outcome: record.outcome,
                moves: record.game.moves().len(),
                time: record.time,
                detail: record.detail.clone(),
            };
            let black = engines.label(row.black).to_string();
            let white = engines.label(row.white()).to_string();
            // Log lines would tear the bar: draw them while it is hidden.
            bar.suspend(|| {
                log::info!(
                    "game {}: black {black}, white {white}: {} {}",
                    row.game,
                    row.outcome,
                    row.detail
                );
            });
            if let Some(dir) = &cfg.sgf_dir {
                let path = dir.join(format!("game-{:04}.sgf", row.game));
                let text = record::sgf_text(&record, &black, &white, row.game, &date);
                if let Err(e) = fs::write(&path, text) {
                    failure.get_or_insert(MatchError::Io { path, error: e });
                }
            }
            if let (Some(f), Some(path)) = (table.as_mut(), &cfg.results) {
                let line = results::table_row(&engines, &row);
                if let Err(e) = f.write_all(line.as_bytes()).and_then(|()| f.flush()) {
                    failure.get_or_insert(MatchError::Io {
                        path: path.clone(),
                        error: e,
                    });
                }
            }
            bar.set_message(format!("game {}: {}", row.game, row.outcome));
            bar.inc(1);
            rows.push(row);
            if let Some(test) = &cfg.sprt
                && !stop.load(Ordering::SeqCst)
                && test.decide(&Summary::new(&rows)) != Decision::Continue
            {
                stop.store(true, Ordering::SeqCst);
                let report = test.report(&Summary::new(&rows));
                bar.suspend(|| {
                    log::info!("{report} after {} games: no new games", rows.len());
                });
                sprt_decision = Some((rows.len(), report));
            }
            if let Some(counted) = done.counted {
                // The worker may have gone (its engines failed): nothing
                // to tell then.
                let _ = counted.send(());
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    rows.sort_by_key(|r| r.game);
    // The table was written in the order games finished; rewrite it in
    // game order.
    if let Some(path) = &cfg.results {
        let mut text = results::table_head(&engines);
        for r in &rows {
            text.push_str(&results::table_row(&engines, r));
        }
        fs::write(path, text).map_err(io_error(path))?;
    }
    Ok(Played {
        engines,
        rows,
        sprt_decision,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_specs_parse() {
        let s = Duration::from_secs;
        assert_eq!(parse_time("none"), Ok(TimeSystem::None));
        assert_eq!(
            parse_time("chinese:60m:5"),
            Ok(TimeSystem::chinese(s(3600), 5))
        );
        assert_eq!(
            parse_time("byoyomi:0:1.5:1"),
            Ok(TimeSystem::byoyomi(
                Duration::ZERO,
                Duration::from_millis(1500),
                1
            ))
        );
        assert_eq!(
            parse_time("canadian:10m:5m:25"),
            Ok(TimeSystem::canadian(s(600), s(300), 25))
        );
        assert_eq!(parse_time("absolute:1h"), Ok(TimeSystem::absolute(s(3600))));
        assert_eq!(
            parse_time("fischer:60:2s"),
            Ok(TimeSystem::fischer(s(60), s(2)))
        );
        for bad in [
            "",
            "chinese:5",
            "byoyomi:a:1:1",
            "absolute:-1",
            "fischer:1:nan",
            "x:1",
        ] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_partition_the_games_and_keep_colours() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let cfg = |shard| MatchConfig {
            commands: [String::new(), String::new()],
            settings: Settings {
                size: 9,
                komi: 7.5,
                rules: crate::rules::Rules::default(),
                handicap: 0,
                time: TimeSystem::None,
                max_moves: 100,
                move_timeout: Duration::from_secs(1),
                timeout_margin: Duration::from_secs(1),
            },
            games: 7,
            alternate: true,
            parallel: 1,
            shard,
            sgf_dir: None,
            results: None,
            show_engine_stderr: false,
            progress: false,
            sprt: None,
        };
        let all = schedule(&cfg(Shard::default()));
        assert_eq!(all.len(), 7);
        assert_eq!(all[0], (1, Seat::A));
        assert_eq!(all[1], (2, Seat::B));
        let mut joined: Vec<_> = (1..=3)
            .flat_map(|i| schedule(&cfg(Shard { index: i, count: 3 })))
            .collect();
        assert_eq!(
            schedule(&cfg(Shard { index: 2, count: 3 })),
            vec![(2, Seat::B), (5, Seat::A)]
        );
        joined.sort();
        assert_eq!(joined, all);
    }
}
