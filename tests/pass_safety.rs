//! Pass safety: weiqi never ends a game by passing when its own count of
//! the position (`final_score`) says it loses.
//!
//! Short games on 9x9 and 19x19, even and handicap, under area (chinese)
//! and territory (japanese) counting: weiqi plays one colour with `genmove`
//! and a small playout budget (deterministic), the opponent plays random
//! legal moves and passes at a random early move. After each opponent
//! pass weiqi's answer is checked: a `pass` (which ends the game) must not
//! lose by `final_score`. When weiqi plays on, the opponent passes again,
//! up to twice per game.
//!
//! `cargo test` plays 4 games (9x9); the 500-game run of the acceptance test is
//! `cargo test --test pass_safety -- --ignored` (in `.ci/run`; the test profile is optimized).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use weiqi::board::Color;
use weiqi::game::Move;
use weiqi::game::random_legal_move;
use weiqi::gtp::Engine;
use weiqi::gtp::player::PlayerSettings;
use weiqi::gtp::vertex::format_move;
use weiqi::rules::Rules;

/// Black's lead from a `final_score` reply (`B+3.5`, `W+0.5`, `0`).
fn black_margin(reply: &str) -> f64 {
    if reply == "0" {
        return 0.0;
    }
    let (sign, rest) = match reply.split_at(2) {
        ("B+", r) => (1.0, r),
        ("W+", r) => (-1.0, r),
        _ => panic!("bad final_score reply {reply:?}"),
    };
    sign * rest.parse::<f64>().expect("a number after B+/W+")
}

fn run(engine: &mut Engine, cmd: &str) -> String {
    let mut parts = cmd.split_whitespace();
    let name = parts.next().expect("a command");
    let args: Vec<&str> = parts.collect();
    weiqi::gtp::execute(engine, name, &args)
        .unwrap_or_else(|e| panic!("{cmd}: ? {} ({})", e.message, e.reason))
}

#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    games: usize,
    /// Answers to an opponent's pass.
    answers: usize,
    /// Of which passes (all checked to win or draw by the count).
    passes: usize,
    /// Answers that played on when the count lost for weiqi.
    played_on_losing: usize,
    resigns: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.answers += o.answers;
        self.passes += o.passes;
        self.played_on_losing += o.played_on_losing;
        self.resigns += o.resigns;
    }
}

/// One game; `i` picks the rules, handicap and size (games 0-3: 9x9 with
/// each rules/handicap pair), `seed` the rest.
fn game(i: usize, seed: u64, playouts: u64, tally: &mut Tally) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let japanese = i % 2 == 1;
    let size = if (i / 4).is_multiple_of(2) { 9 } else { 19 };
    let handicap = if (i / 2) % 2 == 1 {
        rng.random_range(2..=if size == 9 { 5 } else { 9 })
    } else {
        0
    };
    let rules = if japanese { "japanese" } else { "chinese" };
    let komi = if handicap > 0 {
        0.5
    } else if japanese {
        6.5
    } else {
        7.5
    };
    let mut e = Engine::new(Rules::preset(rules).expect("preset"), None);
    e.set_player(PlayerSettings {
        threads: 1,
        playouts: Some(playouts),
        seed,
        resign_threshold: 0.1,
        ..PlayerSettings::default()
    });
    run(&mut e, &format!("boardsize {size}"));
    run(&mut e, &format!("komi {komi}"));
    if handicap > 0 {
        run(&mut e, &format!("fixed_handicap {handicap}"));
    }
    let me = if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let name = |c: Color| if c == Color::Black { "b" } else { "w" };
    // The opponent passes at a random early move (its first pass).
    let early = if size == 9 { 24 } else { 50 };
    let pass_at = rng.random_range(0..early);
    let label = format!(
        "game {i} (seed {seed}): {size}x{size} {rules} komi {komi} handicap {handicap}, \
         weiqi {me:?}, pass at move {pass_at}"
    );
    tally.games += 1;
    let mut passes_left = 2;
    let mut moves = 0;
    loop {
        let color = e.game().to_move();
        if color == me {
            let reply = run(&mut e, &format!("genmove {}", name(me)));
            if reply == "resign" {
                tally.resigns += 1;
                return;
            }
        } else if moves >= pass_at {
            run(&mut e, &format!("play {} pass", name(color)));
            let count = black_margin(&run(&mut e, "final_score"));
            let mine = if me == Color::Black { count } else { -count };
            let reply = run(&mut e, &format!("genmove {}", name(me)));
            tally.answers += 1;
            match reply.as_str() {
                "pass" => {
                    assert!(
                        mine >= 0.0,
                        "{label}: passed after the opponent's pass at move {moves}, \
                         losing by the count ({count:+})\n{}",
                        run(&mut e, "showboard")
                    );
                    tally.passes += 1;
                    return;
                }
                "resign" => {
                    tally.resigns += 1;
                    return;
                }
                _ if mine < 0.0 => tally.played_on_losing += 1,
                _ => {}
            }
            passes_left -= 1;
            if passes_left == 0 {
                return;
            }
            moves += 1;
        } else {
            let mv = random_legal_move(e.game(), color, &mut rng);
            let v = format_move(e.game().board(), mv);
            run(&mut e, &format!("play {} {v}", name(color)));
            if mv == Move::Pass {
                continue;
            }
        }
        moves += 1;
    }
}

/// Plays `games` games on two threads (each game is seeded on its own,
/// so the result does not depend on the split).
fn play_games(games: usize, playouts: u64) -> Tally {
    let start = std::time::Instant::now();
    let halves: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                s.spawn(move || {
                    let mut tally = Tally::default();
                    for i in (t..games).step_by(2) {
                        game(i, 1000 + i as u64, playouts, &mut tally);
                        if tally.games % 50 == 0 {
                            eprintln!(
                                "thread {t}: {} games, {:.0} s: {tally:?}",
                                tally.games,
                                start.elapsed().as_secs_f64()
                            );
                        }
                    }
                    tally
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a game panicked"))
            .collect()
    });
    let mut tally = Tally::default();
    for h in &halves {
        tally.add(h);
    }
    eprintln!(
        "pass safety: {tally:?} in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(tally.games, games);
    assert!(tally.answers >= games - tally.resigns, "{tally:?}");
    tally
}

/// Four 9x9 games: area and territory counting, even and handicap.
#[test]
fn never_passes_into_a_lost_count() {
    play_games(4, 48);
}

#[test]
#[ignore = "500 games, minutes in release: .ci/run runs it"]
fn never_passes_into_a_lost_count_500_games() {
    let t = play_games(500, 100);
    // Both branches were exercised: passes that win, and play on a loss.
    assert!(t.passes > 0, "{t:?}");
    assert!(t.played_on_losing > 0, "{t:?}");
}
