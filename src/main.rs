//! The `weiqi` command line: the GTP engine (default, with its time options
//! `--lag-margin` and `--move-time` and the player's options), `weiqi
//! bench` (playouts, with `--search` the tree search, or with `--life` the
//! dead-stone analysis), `weiqi match` (a refereed match between two GTP
//! engines), `weiqi match-merge` and `weiqi score` (the count of a game
//! record, optionally drawn as SVG).

use std::io::ErrorKind;
use std::process::ExitCode;
use std::time::Duration;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use log::LevelFilter;
use weiqi::gtp::player::{PlayerSettings, TimeOptions};
use weiqi::gtp::{Compat, Engine};
use weiqi::rules::Rules;
use weiqi::rules::{MAX_KOMI, parse_komi};

#[derive(Parser)]
#[command(
    name = "weiqi",
    version,
    about = "A Go engine and referee speaking GTP v2",
    long_about = "A Go engine and referee speaking GTP v2.\n\n\
        Without a subcommand, weiqi speaks GTP on stdin/stdout; logs go to stderr."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Rules preset of the GTP engine: chinese (default), japanese, korean,
    /// tromp-taylor, aga, new-zealand.
    #[arg(long, value_name = "NAME", value_parser = parse_rules)]
    rules: Option<Rules>,
    /// Komi of the GTP engine (default: the rules' komi). It survives
    /// rules changes sent over GTP.
    #[arg(long, value_name = "F", value_parser = parse_komi_arg, allow_negative_numbers = true)]
    komi: Option<f64>,
    /// Seconds kept in hand on every timed move for the delay between the
    /// engine's reply and the controller stopping its clock.
    #[arg(long, value_name = "SECONDS", default_value = "0.5", value_parser = parse_seconds, allow_negative_numbers = true)]
    lag_margin: Duration,
    /// Seconds `genmove` may think when no time settings were received.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = parse_seconds, allow_negative_numbers = true)]
    move_time: Duration,
    /// Search threads of the player (sharing one tree).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
    /// Playouts per move instead of a time budget (deterministic with
    /// --threads 1 and --seed); also the playouts of reg_genmove (default
    /// 2000, one thread: always deterministic).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Seed of the search's random numbers.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Memory for the search tree the threads share, in MiB (40 bytes a
    /// node); a full tree stops growing and the search goes on.
    #[arg(long, value_name = "MB", default_value_t = weiqi::search::DEFAULT_MAX_TREE_MB as u64, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    max_tree_mb: u64,
    /// Search every move, the first ones too, instead of playing the
    /// opening book's (9x9 at komi 7.5: the moves of searches five to ten
    /// times longer; see the README, "Player").
    #[arg(long)]
    no_book: bool,
    /// Resign when the win rate falls below this (0 never resigns).
    #[arg(long, value_name = "P", default_value_t = 0.1, value_parser = parse_fraction)]
    resign_threshold: f64,
    /// Never resign before this many moves (in handicap games, never
    /// before move 60 either).
    #[arg(long, value_name = "N", default_value_t = 20)]
    resign_min_move: usize,
    /// Start cleanly in Lizzie: `lz` (the default) answers `version` with
    /// a Leela Zero version Lizzie accepts (0.17; Lizzie's Leela Zero mode:
    /// lz-analyze, win rates); `kata` answers `name` with a name starting
    /// with "KataGo" (Lizzie's KataGo mode: kata-analyze, score leads,
    /// ownership). See the README, "Using it from a GUI".
    #[arg(long, value_name = "MODE", num_args = 0..=1, default_missing_value = "lz", value_parser = ["lz", "kata"])]
    lizzie: Option<String>,
    /// Leela Zero's --gtp: ignored (weiqi always speaks GTP); implies
    /// --lizzie.
    #[arg(
        long = "gtp",
        short = 'g',
        help_heading = "Leela Zero options (accepted for Lizzie's default command, ignored)"
    )]
    lz_gtp: bool,
    /// Leela Zero's --lagbuffer: ignored (see --lag-margin); implies --lizzie.
    #[arg(
        long = "lagbuffer",
        value_name = "CS",
        help_heading = "Leela Zero options (accepted for Lizzie's default command, ignored)"
    )]
    lz_lagbuffer: Option<String>,
    /// Leela Zero's --weights: ignored (weiqi has no network); implies
    /// --lizzie.
    #[arg(
        long = "weights",
        short = 'w',
        value_name = "FILE",
        help_heading = "Leela Zero options (accepted for Lizzie's default command, ignored)"
    )]
    lz_weights: Option<String>,
    /// Leela Zero's --noponder: ignored (weiqi never ponders); implies
    /// --lizzie.
    #[arg(
        long = "noponder",
        help_heading = "Leela Zero options (accepted for Lizzie's default command, ignored)"
    )]
    lz_noponder: bool,
    /// Log level on stderr (off, error, warn, info, debug, trace); RUST_LOG,
    /// when set, takes precedence.
    #[arg(long, value_name = "LEVEL", default_value = "warn", global = true)]
    log_level: LevelFilter,
}

#[derive(Subcommand)]
enum Command {
    /// Play a refereed match between two GTP engines: results table and
    /// summary on stdout, logs and a progress bar on stderr.
    Match(Box<MatchArgs>),
    /// Join the results tables of several `weiqi match` runs (shards) and
    /// print the combined table and summary.
    MatchMerge {
        /// Results tables written by `weiqi match --results`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Score the final position of a game record: the breakdown of
    /// `weiqi-score` on stdout, and with --svg a picture of the count.
    /// Errors (unreadable file, bad SGF) exit with code 2.
    Score(ScoreArgs),
    /// Measure light random playouts per second on one core.
    Bench {
        /// Board sizes to measure.
        #[arg(long, value_delimiter = ',', default_value = "9,19")]
        sizes: Vec<usize>,
        /// Seconds to spend on each size.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Time the dead-stone analysis (`final_status_list dead`) on two
        /// finished 19x19 games instead of the playouts (the second has
        /// close calls, so the analysis runs its refining search).
        #[arg(long)]
        life: bool,
        /// Runs of the dead-stone analysis with --life.
        #[arg(long, default_value_t = 20)]
        runs: usize,
        /// Measure playouts per second of the tree search (from the empty
        /// board) instead of light playouts.
        #[arg(long)]
        search: bool,
        /// Threads of the search benchmark.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
}

#[derive(Args)]
struct ScoreArgs {
    /// The game record (SGF); its main line is played to the end.
    file: PathBuf,
    /// Count by these rules instead of the record's `RU` (default
    /// chinese): chinese, japanese, korean, tromp-taylor, aga, new-zealand.
    #[arg(long, value_name = "NAME", value_parser = parse_rules)]
    rules: Option<Rules>,
    /// Komi instead of the record's `KM` (default: the rules' komi).
    #[arg(long, value_name = "F", value_parser = parse_komi_arg, allow_negative_numbers = true)]
    komi: Option<f64>,
    /// Also draw the board with territory and dead stones marked, as SVG.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

#[derive(Args)]
struct MatchArgs {
    /// Command line of engine A, Black in odd-numbered games (split like a
    /// shell: quote arguments with spaces).
    #[arg(long, value_name = "CMD")]
    black: String,
    /// Command line of engine B, White in odd-numbered games.
    #[arg(long, value_name = "CMD")]
    white: String,
    /// Board size.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Komi (default: the rules' komi).
    #[arg(long, value_name = "F", value_parser = parse_komi_arg, allow_negative_numbers = true)]
    komi: Option<f64>,
    /// Rules the referee plays and scores by (the engines are not told).
    #[arg(long, value_name = "NAME", value_parser = parse_rules, default_value = "chinese")]
    rules: Rules,
    /// Number of games of the whole match.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Swap colours in even-numbered games.
    #[arg(long)]
    alternate: bool,
    /// Fixed handicap stones for Black (0, or 2 to 9).
    #[arg(long, value_name = "N", default_value_t = 0)]
    handicap: usize,
    /// Time system: none, absolute:MAIN, chinese:MAIN:N (N one-minute
    /// byo-yomi periods), byoyomi:MAIN:PERIOD:N, canadian:MAIN:PERIOD:STONES,
    /// fischer:MAIN:INC; times in seconds or with a unit (30m, 1h).
    #[arg(long, value_name = "SPEC", default_value = "none", value_parser = weiqi::referee::parse_time)]
    time: weiqi::clock::TimeSystem,
    /// Moves (passes included) after which a game is void (default: three
    /// times the number of points).
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
    /// Hard timeout of a command in untimed games, and of every command
    /// but genmove; an engine that does not answer in time forfeits.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    move_timeout: Duration,
    /// In timed games genmove's hard timeout is the time left on the
    /// clock plus this margin (the engine has lost on time by then).
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = parse_seconds)]
    timeout_margin: Duration,
    /// Write one SGF file per game here (game-0001.sgf, ...).
    #[arg(long, value_name = "DIR")]
    sgf_dir: Option<PathBuf>,
    /// Write the results table (tab-separated) to this file.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Games played at once, each with its own engine processes.
    #[arg(long, value_name = "K", default_value_t = 1)]
    parallel: usize,
    /// Play only shard i of n: the games g with (g - 1) mod n = i - 1.
    #[arg(long, value_name = "i/n", default_value = "1/1")]
    shard: weiqi::referee::Shard,
    /// Let the engines' stderr through (default: discarded).
    #[arg(long)]
    engine_stderr: bool,
    /// No progress bar (it is only drawn when stderr is a terminal).
    #[arg(long)]
    no_progress: bool,
    /// Sequential test: stop the match as soon as the games decide
    /// between H0 "A is ELO0 Elo stronger than B" and H1 "A is ELO1
    /// stronger" (Wald's SPRT; ALPHA and BETA, the error chances, default
    /// to 0.05). --games is then the most games played.
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        allow_hyphen_values = true
    )]
    sprt: Option<weiqi::referee::sprt::Sprt>,
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    Rules::preset(s).map_err(|e| e.to_string())
}

fn parse_komi_arg(s: &str) -> Result<f64, String> {
    parse_komi(s).ok_or_else(|| format!("'{s}' is not a komi (a finite number within ±{MAX_KOMI})"))
}

/// CPU time of the whole process (all threads), from `/proc/self/stat`
/// (Linux; `None` elsewhere).
fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    // 100 clock ticks per second on every Linux this runs on.
    Some(Duration::from_millis((utime + stime) * 10))
}

/// Longest `--lag-margin` or `--move-time` accepted: a day.
const MAX_OPTION_SECONDS: f64 = 86_400.0;

fn parse_seconds(s: &str) -> Result<Duration, String> {
    s.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && (0.0..=MAX_OPTION_SECONDS).contains(t))
        .and_then(|t| Duration::try_from_secs_f64(t).ok())
        .ok_or_else(|| format!("'{s}' is not a number of seconds from 0 to {MAX_OPTION_SECONDS}"))
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|t| (0.0..=1.0).contains(t))
        .ok_or_else(|| format!("'{s}' is not a number between 0 and 1"))
}

fn init_logging(level: LevelFilter) {
    let mut builder = if std::env::var_os("RUST_LOG").is_some() {
        env_logger::Builder::from_default_env()
    } else {
        let mut b = env_logger::Builder::new();
        b.filter_level(level);
        b
    };
    builder.target(env_logger::Target::Stderr);
    // Only fails if a logger is already installed.
    let _ = builder.try_init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.log_level);
    match cli.command {
        Some(Command::Bench {
            life: true, runs, ..
        }) => match weiqi::bench::measure_life(runs) {
            Some(timings) => {
                for timing in timings {
                    println!("{timing}");
                }
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("weiqi bench: a benchmark game does not replay");
                ExitCode::FAILURE
            }
        },
        Some(Command::Bench {
            sizes,
            seconds,
            search: true,
            threads,
            ..
        }) => {
            let time = Duration::from_secs_f64(seconds.clamp(0.01, 3600.0));
            for size in sizes {
                let cpu_start = process_cpu_time();
                match weiqi::search::bench(size, usize::from(threads), time) {
                    Some(r) => {
                        // Per CPU second as well: a busy machine slows the
                        // wall-clock rate, not the work per core.
                        let cpu = process_cpu_time()
                            .zip(cpu_start)
                            .map(|(end, start)| end.saturating_sub(start).as_secs_f64())
                            .filter(|&c| c > 0.0);
                        println!(
                            "{size}x{size} search, {threads} thread(s): {:.0} playouts/s wall, \
                             {} per CPU second ({} playouts in {:.2} s, {} s CPU)",
                            r.playouts_per_second(),
                            cpu.map_or("?".to_string(), |c| format!(
                                "{:.0}",
                                r.playouts as f64 / c
                            )),
                            r.playouts,
                            r.elapsed.as_secs_f64(),
                            cpu.map_or("?".to_string(), |c| format!("{c:.2}")),
                        )
                    }
                    None => {
                        eprintln!("weiqi bench: unsupported board size {size}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Some(Command::Bench { sizes, seconds, .. }) => {
            let time = Duration::from_secs_f64(seconds.clamp(0.01, 3600.0));
            for size in sizes {
                match weiqi::bench::measure_playouts(size, time, 1) {
                    Some(rate) => println!("{rate}"),
                    None => {
                        eprintln!("weiqi bench: unsupported board size {size}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Some(Command::Match(args)) => run_match(*args),
        Some(Command::Score(args)) => match run_score(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("weiqi score: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::MatchMerge { files }) => match weiqi::referee::merge::merge_files(&files) {
            Ok((engines, rows)) => {
                print_results(&engines, &rows);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("weiqi match-merge: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            let mut engine = Engine::new(cli.rules.unwrap_or_default(), cli.komi);
            engine.set_time_options(TimeOptions {
                lag_margin: cli.lag_margin,
                move_time: cli.move_time,
            });
            let defaults = PlayerSettings::default();
            engine.set_player(PlayerSettings {
                threads: usize::from(cli.threads),
                playouts: cli.playouts,
                seed: cli.seed.unwrap_or(defaults.seed),
                resign_threshold: cli.resign_threshold,
                resign_min_move: cli.resign_min_move,
                // At most 2^20 (the parser's range): fits any usize.
                max_tree_mb: usize::try_from(cli.max_tree_mb).unwrap_or(usize::MAX),
                book: !cli.no_book,
            });
            engine.set_compat(lizzie_compat(&cli));
            // Read by the GTP loop's input thread (a lock would not be Send).
            let stdin = std::io::BufReader::new(std::io::stdin());
            // Buffered: the loop flushes after each reply (see `gtp::run`).
            let stdout = std::io::BufWriter::new(std::io::stdout().lock());
            match weiqi::gtp::run(&mut engine, stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                // The controller went away: nothing left to answer.
                Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    log::error!("GTP I/O error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// What `name` and `version` answer: `--lizzie`'s mode, else Leela Zero's
/// version when any Leela Zero option is given (only a GUI that takes
/// weiqi for Leela Zero passes them, and it checks the version), else
/// weiqi's own.
fn lizzie_compat(cli: &Cli) -> Compat {
    let mut lz_options = Vec::new();
    if cli.lz_gtp {
        lz_options.push("--gtp".to_string());
    }
    if let Some(v) = &cli.lz_lagbuffer {
        lz_options.push(format!("--lagbuffer {v}"));
    }
    if let Some(v) = &cli.lz_weights {
        lz_options.push(format!("--weights {v}"));
    }
    if cli.lz_noponder {
        lz_options.push("--noponder".to_string());
    }
    if !lz_options.is_empty() {
        log::warn!(
            "Leela Zero option(s) ignored: {}{}",
            lz_options.join(" "),
            if cli.lizzie.is_none() {
                "; answering `version` as Leela Zero 0.17 for Lizzie (as --lizzie)"
            } else {
                ""
            }
        );
    }
    match cli.lizzie.as_deref() {
        Some("kata") => Compat::KataGo,
        Some(_) => Compat::LeelaZero,
        None if !lz_options.is_empty() => Compat::LeelaZero,
        None => Compat::Plain,
    }
}

/// `weiqi score`: loads the record, applies the overrides as GTP's
/// `loadsgf` then `kata-set-rules`/`komi` would (a komi from the record or
/// `--komi` survives `--rules`; otherwise the new rules' komi applies), and
/// prints the breakdown of GTP's `weiqi-score`.
fn run_score(args: &ScoreArgs) -> Result<(), String> {
    use weiqi::sgf::{self, LoadOptions};
    let path = args.file.display();
    let bytes = sgf::read_file(&args.file)
        .map_err(|e| format!("{path}: {}", weiqi::sgf::load_error_reason(&e)))?;
    let opts = LoadOptions::with_rules(Rules::default());
    let loaded = sgf::load(&bytes, &opts)
        .map_err(|e| format!("{path}: {}", weiqi::sgf::load_error_reason(&e)))?;
    let mut game = loaded.game;
    if let Some(rules) = args.rules {
        game.adopt_rules(rules, None);
    }
    if let Some(komi) = args.komi {
        game.set_komi(komi);
    }
    let analysis = weiqi::life::analyse(game.board());
    if let Some(out) = &args.svg {
        let picture = weiqi::score::svg_picture(&game, &analysis);
        std::fs::write(out, picture).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    println!("{}", weiqi::score::report(&game, &analysis));
    Ok(())
}

/// The table and the summary, on stdout.
fn print_results(
    engines: &weiqi::referee::results::Engines,
    rows: &[weiqi::referee::results::Row],
) {
    use weiqi::referee::results::{Summary, table_head, table_row};
    let mut out = table_head(engines);
    for r in rows {
        out.push_str(&table_row(engines, r));
    }
    out.push('\n');
    out.push_str(&Summary::new(rows).text(engines));
    print!("{out}");
}

fn run_match(args: MatchArgs) -> ExitCode {
    use weiqi::referee::{MatchConfig, one_game::Settings, run_match};
    let points = args.size.saturating_mul(args.size);
    let cfg = MatchConfig {
        commands: [args.black, args.white],
        settings: Settings {
            size: args.size,
            komi: args.komi.unwrap_or(args.rules.default_komi),
            rules: args.rules,
            handicap: args.handicap,
            time: args.time,
            max_moves: args.max_moves.unwrap_or(points.saturating_mul(3)),
            move_timeout: args.move_timeout,
            timeout_margin: args.timeout_margin,
        },
        games: args.games,
        alternate: args.alternate,
        parallel: args.parallel.max(1),
        shard: args.shard,
        sgf_dir: args.sgf_dir,
        results: args.results,
        show_engine_stderr: args.engine_stderr,
        progress: !args.no_progress,
        sprt: args.sprt,
    };
    match run_match(&cfg) {
        Ok(played) => {
            print_results(&played.engines, &played.rows);
            if let Some(test) = &cfg.sprt {
                let summary = weiqi::referee::results::Summary::new(&played.rows);
                println!("{}", test.report(&summary));
                // The games in play when the test decided were finished
                // after it: say what stopped the match.
                if let Some((n, report)) = &played.sprt_decision
                    && *n < played.rows.len()
                {
                    println!("the match stopped when {n} games had finished: {report}");
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("weiqi match: {e}");
            ExitCode::FAILURE
        }
    }
}
