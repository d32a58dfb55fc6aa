//! The `weiqi` command line: the GTP engine (default), and `weiqi bench`.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "weiqi",
    version,
    about = "A Go engine and referee speaking GTP v2"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench { sizes, seconds }) => {
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
        None => ExitCode::SUCCESS,
    }
}
