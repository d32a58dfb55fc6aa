//! The `weiqi` command line: the GTP engine (default, with its time options
//! `--lag-margin` and `--move-time`), and `weiqi bench` (playouts, or with
//! `--life` the dead-stone analysis).

use std::io::ErrorKind;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use log::LevelFilter;
use weiqi::gtp::Engine;
use weiqi::gtp::setup::parse_komi;
use weiqi::gtp::time::TimeOptions;
use weiqi::rules::Rules;

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
    /// Log level on stderr (off, error, warn, info, debug, trace); RUST_LOG,
    /// when set, takes precedence.
    #[arg(long, value_name = "LEVEL", default_value = "warn", global = true)]
    log_level: LevelFilter,
}

#[derive(Subcommand)]
enum Command {
    /// Measure light random playouts per second on one core.
    Bench {
        /// Board sizes to measure.
        #[arg(long, value_delimiter = ',', default_value = "9,19")]
        sizes: Vec<usize>,
        /// Seconds to spend on each size.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Time the dead-stone analysis (`final_status_list dead`) on a
        /// finished 19x19 game instead of the playouts.
        #[arg(long)]
        life: bool,
        /// Runs of the dead-stone analysis with --life.
        #[arg(long, default_value_t = 20)]
        runs: usize,
    },
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    Rules::preset(s).map_err(|e| e.to_string())
}

fn parse_komi_arg(s: &str) -> Result<f64, String> {
    parse_komi(s).ok_or_else(|| format!("'{s}' is not a komi (a finite number within ±1000)"))
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
            Some(timing) => {
                println!("{timing}");
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("weiqi bench: the benchmark game does not replay");
                ExitCode::FAILURE
            }
        },
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
        None => {
            let mut engine = Engine::new(cli.rules.unwrap_or_default(), cli.komi);
            engine.set_time_options(TimeOptions {
                lag_margin: cli.lag_margin,
                move_time: cli.move_time,
            });
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
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
