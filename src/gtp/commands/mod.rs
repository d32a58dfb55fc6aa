//! The command table and dispatch: every GTP command, the handler that
//! answers it, and [`execute`], which runs one command so that a failing
//! one changes nothing. The handlers live one file per group ([`setup`],
//! [`play`], [`time`], [`query`], [`sgf`], [`rules`], [`analyze`]; the
//! administration commands, which read this table, are here). Handlers
//! import the engine ([`super::engine`]) and the argument helpers
//! ([`args`]); nothing imports a handler back.

pub mod analyze;
pub mod args;
pub mod play;
pub mod query;
pub mod rules;
pub mod setup;
pub mod sgf;
pub mod time;

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::engine::{Compat, Engine, Failure, KATAGO_NAME, LEELA_ZERO_VERSION, Reply, Snapshot};
use args::{arg, exactly};

/// A command handler, given the arguments after the command name.
pub type Handler = fn(&mut Engine, &[&str]) -> Reply;

/// Every command, in the order `list_commands` lists them. This table is the
/// only list: `list_commands` and `known_command` are generated from it.
pub static COMMANDS: &[(&str, Handler)] = &[
    // Administration.
    ("protocol_version", protocol_version),
    ("name", name),
    ("version", version),
    ("known_command", known_command),
    ("list_commands", list_commands),
    ("quit", quit),
    // Setup.
    ("boardsize", setup::boardsize),
    ("clear_board", setup::clear_board),
    ("komi", setup::komi),
    ("fixed_handicap", setup::fixed_handicap),
    ("place_free_handicap", setup::place_free_handicap),
    ("set_free_handicap", setup::set_free_handicap),
    // Play.
    ("play", play::play),
    ("genmove", play::genmove),
    ("reg_genmove", play::reg_genmove),
    ("undo", play::undo),
    // Time.
    ("time_settings", time::time_settings),
    ("time_left", time::time_left),
    // Scoring.
    ("final_score", query::final_score),
    ("final_status", query::final_status),
    ("final_status_list", query::final_status_list),
    ("weiqi-score", query::weiqi_score),
    ("weiqi-score_gfx", query::weiqi_score_gfx),
    // Position queries.
    ("showboard", query::showboard),
    ("is_legal", query::is_legal),
    ("all_legal", query::all_legal),
    ("captures", query::captures),
    ("list_stones", query::list_stones),
    ("color", query::color),
    ("countlib", query::countlib),
    // Game records (SGF).
    ("loadsgf", sgf::loadsgf),
    ("printsgf", sgf::printsgf),
    // Rules (KataGo and KGS names).
    ("kata-get-rules", rules::kata_get_rules),
    ("kata-set-rules", rules::kata_set_rules),
    ("kgs-rules", rules::kgs_rules),
    // KGS.
    ("kgs-time_settings", time::kgs_time_settings),
    ("kgs-genmove_cleanup", play::genmove_cleanup),
    ("kgs-game_over", empty),
    // weiqi extensions.
    ("weiqi-time_settings", time::weiqi_time_settings),
    ("weiqi-time_left", time::weiqi_time_left),
    // GoGui.
    ("gogui-analyze_commands", query::gogui_analyze_commands),
    ("gogui-interrupt", empty),
    ("weiqi-ownership", analyze::ownership_gfx),
    ("weiqi-playouts", play::weiqi_playouts),
    // Analysis (Sabaki, Lizzie): streaming replies.
    ("lz-analyze", analyze::lz_analyze),
    ("kata-analyze", analyze::kata_analyze),
];

/// The commands that change none of the values a [`Snapshot`] holds (they
/// read the position, or only fill the dead-stone cache or the search
/// trees, which a panic resets anyway): [`execute`] takes no
/// snapshot before them. A test runs each on a game in progress and checks
/// that the snapshot is unchanged.
pub static READ_ONLY: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "final_score",
    "final_status",
    "final_status_list",
    "weiqi-score",
    "weiqi-score_gfx",
    "showboard",
    "is_legal",
    "all_legal",
    "captures",
    "list_stones",
    "color",
    "countlib",
    "printsgf",
    "kata-get-rules",
    "reg_genmove",
    "kgs-game_over",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "weiqi-ownership",
];

/// Runs one command on `engine`. Unknown names fail with `unknown command`;
/// a failing command changes nothing.
pub fn execute(engine: &mut Engine, name: &str, args: &[&str]) -> Reply {
    let Some(&(_, handler)) = COMMANDS.iter().find(|(n, _)| *n == name) else {
        return Err(Failure::new("unknown command"));
    };
    run_handler(engine, name, handler, args)
}

/// Runs `handler` as command `name`, restoring the state if it panics.
fn run_handler(engine: &mut Engine, name: &str, handler: Handler, args: &[&str]) -> Reply {
    let before = (!READ_ONLY.contains(&name)).then(|| Snapshot::of(engine));
    match catch_unwind(AssertUnwindSafe(|| handler(engine, args))) {
        Ok(reply) => reply,
        Err(_) => {
            engine.recover(before);
            Err(Failure::because(
                "internal error",
                "the handler panicked; state restored",
            ))
        }
    }
}

// Administration.

fn protocol_version(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok("2".to_string())
}

fn name(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(match engine.compat {
        Compat::KataGo => KATAGO_NAME,
        _ => "weiqi",
    }
    .to_string())
}

fn version(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(match engine.compat {
        Compat::LeelaZero => LEELA_ZERO_VERSION,
        _ => env!("CARGO_PKG_VERSION"),
    }
    .to_string())
}

fn known_command(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let name = arg(args, 0)?;
    Ok(COMMANDS.iter().any(|(n, _)| *n == name).to_string())
}

fn list_commands(_: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    Ok(COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `quit` (arguments ignored: a request to stop is always honoured).
fn quit(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.quit = true;
    Ok(String::new())
}

/// Commands that only acknowledge (arguments ignored).
fn empty(_: &mut Engine, _: &[&str]) -> Reply {
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::clock::Clock;
    use crate::game::Move;
    use crate::gtp::engine::Snapshot;
    use crate::gtp::player::PlayerSettings;

    /// An engine in the middle of a game, with komi, time and rules set.
    fn busy_engine() -> Engine {
        let mut e = Engine::default();
        for cmd in [
            "boardsize 9",
            "komi 5.5",
            "time_settings 600 30 5",
            "play b e5",
            "play w c3",
            "play b g7",
            "play w e3",
            "time_left b 500 0",
        ] {
            let mut words = cmd.split_whitespace();
            let name = words.next().expect("a name");
            let args: Vec<&str> = words.collect();
            assert!(execute(&mut e, name, &args).is_ok(), "{cmd}");
        }
        e
    }

    fn snapshot_text(e: &Engine) -> String {
        format!("{:?}", Snapshot::of(e))
    }

    #[test]
    fn read_only_commands_are_commands_and_change_no_snapshot_value() {
        let args: &[(&str, &[&str])] = &[
            ("known_command", &["play"]),
            ("final_status", &["e5"]),
            ("final_status_list", &["dead"]),
            ("is_legal", &["b", "d4"]),
            ("all_legal", &["w"]),
            ("captures", &["b"]),
            ("list_stones", &["w"]),
            ("color", &["c3"]),
            ("countlib", &["e5"]),
            ("reg_genmove", &["b"]),
            ("weiqi-ownership", &[]),
        ];
        let mut e = busy_engine();
        e.set_player(PlayerSettings {
            threads: 1,
            playouts: Some(200),
            ..PlayerSettings::default()
        });
        for &name in READ_ONLY {
            assert!(
                COMMANDS.iter().any(|(n, _)| *n == name),
                "{name} is not a command"
            );
            let a = args
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(&[][..], |x| x.1);
            let before = snapshot_text(&e);
            let reply = execute(&mut e, name, a);
            assert!(reply.is_ok(), "{name} {a:?}: {reply:?}");
            assert_eq!(snapshot_text(&e), before, "{name} changed the state");
        }
        // And the check can fail: a command outside the list changes it.
        let before = snapshot_text(&e);
        assert!(execute(&mut e, "play", &["b", "a1"]).is_ok());
        assert_ne!(snapshot_text(&e), before);
        assert!(!READ_ONLY.contains(&"play"));
    }

    fn panics_after_changing_everything(e: &mut Engine, _: &[&str]) -> Reply {
        let _ = e.game.play(Color::White, Move::Pass);
        e.game.set_komi_as(100.0, false);
        e.quit = true;
        e.clock = Clock::default();
        e.player.threads = 7;
        panic!("a handler bug");
    }

    #[test]
    fn a_panicking_command_is_undone_and_the_search_reset() {
        let mut e = busy_engine();
        let before = snapshot_text(&e);
        let moves = e.game.moves().len();
        let reply = run_handler(&mut e, "play", panics_after_changing_everything, &[]);
        assert_eq!(
            reply.map_err(|f| f.message),
            Err("internal error".to_string())
        );
        assert_eq!(snapshot_text(&e), before);
        assert_eq!(e.game.moves().len(), moves);
        e.check_invariants().expect("a consistent game");
        assert_eq!(e.search.get().config(), &e.player.search_config());
        // A read-only command takes no snapshot (a handler that broke that
        // promise would keep its changes: the list is checked above).
        let reply = run_handler(&mut e, "name", panics_after_changing_everything, &[]);
        assert!(reply.is_err());
        assert_ne!(snapshot_text(&e), before);
    }
}
