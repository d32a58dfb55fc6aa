//! Round trip: 1,000 random games (sizes 5–19, every rules preset, random
//! komi, some with handicap or other setup stones, random legal moves with
//! passes, sometimes the same colour twice, sometimes a clock) are written
//! with the `printsgf` writer and loaded back; the loaded game must be the
//! same game: board hash, captures, moves, setup, handicap, side to move,
//! komi, rules, legal points for both colours (which depend on the superko
//! history), cycle state, clock — and writing it again gives the same text.

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use weiqi::board::{Color, Point};
use weiqi::game::random_legal_move;
use weiqi::game::{Game, Move, fixed_handicap_points};
use weiqi::rules::{PRESETS, Rules};
use weiqi::sgf::{self, LoadOptions, Overtime, TimeRecord};

/// A random game, its result text (when over) and clock.
fn random_game(rng: &mut SmallRng) -> (Game, Option<String>, Option<TimeRecord>) {
    let size = rng.random_range(5..=19);
    let rules = PRESETS.choose(rng).expect("presets").rules;
    let mut game = Game::new(size, rules).expect("size");
    let komi = *[0.0, 0.5, 5.5, 6.5, 7.0, 7.5, -3.5, 375.0, 6.3]
        .choose(rng)
        .expect("komi");
    game.set_komi(komi);
    match rng.random_range(0..4) {
        0 if size >= 7 => {
            let max = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
            let n = rng.random_range(2..=max);
            let stones: Vec<(Color, Point)> = fixed_handicap_points(size, n)
                .expect("handicap")
                .into_iter()
                .map(|(c, r)| (Color::Black, game.board().point(c, r).expect("pt")))
                .collect();
            game.place_setup(&stones, true).expect("handicap");
        }
        1 => {
            // A few scattered setup stones of both colours (not a
            // handicap); skipped when they would touch.
            let mut stones = Vec::new();
            for _ in 0..rng.random_range(1..6) {
                let p = game
                    .board()
                    .point(rng.random_range(0..size), rng.random_range(0..size))
                    .expect("pt");
                let c = if rng.random_bool(0.5) {
                    Color::Black
                } else {
                    Color::White
                };
                let mut trial = stones.clone();
                trial.push((c, p));
                let mut probe = game.clone();
                if probe.place_setup(&trial, false).is_ok() {
                    stones = trial;
                }
            }
            if !stones.is_empty() {
                game.place_setup(&stones, false).expect("setup");
            }
        }
        _ => {}
    }
    let length = rng.random_range(0..(size * size * 3 / 2));
    let mut color = game.to_move();
    for _ in 0..length {
        let mv = if rng.random_bool(0.05) {
            Move::Pass
        } else {
            random_legal_move(&game, color, rng)
        };
        game.play(color, mv).expect("legal");
        // Now and then the same colour again (GTP allows it).
        color = if rng.random_bool(0.03) {
            color
        } else {
            color.opponent()
        };
        if game.two_passes() && rng.random_bool(0.5) {
            break;
        }
    }
    let result = game.two_passes().then(|| "B+3.5".to_string());
    let clock = rng.random_bool(0.3).then(|| TimeRecord {
        main: Some(f64::from(rng.random_range(0..3600u32)) / 4.0),
        overtime: match rng.random_range(0..4) {
            0 => None,
            3 => Some(Overtime::Fischer { increment: 2.5 }),
            1 => Some(Overtime::ByoYomi {
                periods: rng.random_range(1..10),
                seconds: 30.0,
            }),
            _ => Some(Overtime::Canadian {
                stones: rng.random_range(1..30),
                seconds: 600.5,
            }),
        },
        left: [
            rng.random_bool(0.7)
                .then(|| (12.25, Some(rng.random_range(1..5)))),
            rng.random_bool(0.7).then_some((0.5, None)),
        ],
    });
    (game, result, clock)
}

fn state(g: &Game) -> String {
    // SGF keeps one AB and one AW list, so the order of setup stones across
    // colours is not kept (and means nothing: the position is the same).
    let mut setup = g.setup_stones().to_vec();
    setup.sort_by_key(|&(c, p)| (c.index(), p));
    format!(
        "size {} hash {:x} captures {} {} moves {:?} setup {:?} handicap {} to_move {:?} komi {} rules {:?} cycle {} black {:?} white {:?}",
        g.size(),
        g.board().hash(),
        g.board().captures(Color::Black),
        g.board().captures(Color::White),
        g.moves(),
        setup,
        g.handicap_stones(),
        g.to_move(),
        g.komi(),
        g.rules(),
        g.is_cycle(),
        g.legal_points(Color::Black),
        g.legal_points(Color::White),
    )
}

#[test]
fn a_thousand_random_games_round_trip() {
    let mut rng = SmallRng::seed_from_u64(2024);
    // Load into an engine state that differs from every game's.
    let opts = LoadOptions {
        until: None,
        rules: Rules::preset("new-zealand").expect("nz"),
        komi: 99.0,
        komi_explicit: false,
    };
    let mut total_moves = 0;
    for i in 0..1000 {
        let (game, result, clock) = random_game(&mut rng);
        total_moves += game.moves().len();
        let text = sgf::write(&game, result.as_deref(), clock.as_ref());
        assert!(!text.contains("\n\n"), "game {i}: blank line in\n{text}");
        let loaded =
            sgf::load(text.as_bytes(), &opts).unwrap_or_else(|e| panic!("game {i}: {e:?}\n{text}"));
        assert_eq!(state(&loaded.game), state(&game), "game {i}:\n{text}");
        assert_eq!(loaded.to_move, game.to_move(), "game {i}");
        assert!(
            loaded.game.komi_explicit() && loaded.rules_from_file,
            "game {i}"
        );
        assert_eq!(
            loaded.result.as_deref(),
            result.as_deref().map(str::as_bytes),
            "game {i}"
        );
        assert_eq!(loaded.time, clock.unwrap_or_default(), "game {i}");
        let again = sgf::write(&loaded.game, result.as_deref(), clock.as_ref());
        assert_eq!(again, text, "game {i}: not a fixed point");
    }
    assert!(total_moves > 50_000, "games too short: {total_moves} moves");
}
