//! Criterion benchmark: reading a 300-move 19x19 record (`cargo bench
//! --bench sgf_parse`). Two figures: the tree parse alone (`sgf::parse`),
//! and a full load (parse, then every move replayed through `Game::play`
//! with superko history), which is what `loadsgf` costs.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use weiqi::board::Color;
use weiqi::game::Game;
use weiqi::game::random_legal_move;
use weiqi::rules::Rules;
use weiqi::sgf::{self, LoadOptions};

/// A 300-move game of random legal moves, written as SGF.
fn record() -> String {
    let mut game = Game::new(19, Rules::default()).expect("19x19");
    let mut rng = SmallRng::seed_from_u64(300);
    let mut color = Color::Black;
    while game.moves().len() < 300 {
        let mv = random_legal_move(&game, color, &mut rng);
        game.play(color, mv).expect("a legal move");
        color = color.opponent();
    }
    sgf::write(&game, None, None)
}

fn bench(c: &mut Criterion) {
    let text = record();
    let bytes = text.as_bytes();
    assert_eq!(
        sgf::parse(bytes).expect("parses").main_line().count(),
        301,
        "root + 300 moves"
    );
    c.bench_function("sgf parse, 300 moves", |b| {
        b.iter(|| sgf::parse(black_box(bytes)).map(|t| t.nodes.len()))
    });
    let opts = LoadOptions {
        until: None,
        rules: Rules::default(),
        komi: 7.5,
        komi_explicit: false,
    };
    c.bench_function("sgf load (parse + replay), 300 moves", |b| {
        b.iter(|| sgf::load(black_box(bytes), &opts).map(|l| l.game.moves().len()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
