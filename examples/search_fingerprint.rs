//! Fingerprints of what the search and the dead-stone analysis compute, to
//! show that a speed change is bit-exact (same moves, same random numbers,
//! same statistics):
//!
//! ```sh
//! cargo run --release --example search_fingerprint > before.txt
//! # ... change the code ...
//! cargo run --release --example search_fingerprint > after.txt
//! diff before.txt after.txt    # nothing: bit for bit the same
//! ```
//!
//! It prints one line per item, with a 64-bit hash of everything that item
//! produced:
//!
//! * `light`: 3,000 light playouts per size (5, 9, 13, 19) from the empty
//!   board, seeded: every final board's hash and move count;
//! * `search`: 48 seeded searches (one thread, fixed playout
//!   counts) on positions of the recorded games of `scripts/score_records/`,
//!   each followed by a search for the opponent after the best move (tree
//!   reuse): every candidate's move, visits, win rate, score, spread,
//!   prior and principal variation, and the ownership;
//! * `life`: the dead-stone analysis (`life::analyse`, the refining search
//!   included) of the final position of every recorded game: the dead
//!   stones and every chain's status and shares.
//!
//! `--only light|search|life` runs one kind; `--quick` runs a tenth of the
//! life analyses and searches (for profiling under callgrind).

use std::fs;
use std::path::Path;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use weiqi::board::{Board, Color, Point};
use weiqi::coord::column_of_letter;
use weiqi::game::{Game, Move};
use weiqi::life;
use weiqi::playout::{move_limit, play_out};
use weiqi::rules::Rules;
use weiqi::search::{Limits, Search, SearchConfig, SearchResult};

/// FNV-1a over 64-bit words.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn add(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// One recorded game: its size and moves (`None`: pass).
struct Record {
    name: String,
    size: usize,
    moves: Vec<(Color, Option<(usize, usize)>)>,
}

/// A GTP vertex such as `D4` (`None` for a pass).
fn vertex(s: &str, size: usize) -> Option<(usize, usize)> {
    if s.eq_ignore_ascii_case("pass") {
        return None;
    }
    let col = column_of_letter(s.chars().next()?)?;
    let row: usize = s[1..].parse().ok()?;
    (col < size && row >= 1 && row <= size).then(|| (col, row - 1))
}

/// The size and moves of a JSON line of `scripts/score_records/`, read by
/// hand (the format is fixed: `"size": N` and `"moves": [["B", "E5"], ...]`).
fn parse_record(name: String, line: &str) -> Option<Record> {
    let size_at = line.find("\"size\":")? + 7;
    let size: usize = line[size_at..]
        .trim_start()
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let moves_at = line.find("\"moves\": [")? + 10;
    let end = moves_at + line[moves_at..].find("]]")? + 1;
    let mut moves = Vec::new();
    for pair in line[moves_at..end].split(']') {
        let fields: Vec<&str> = pair
            .split('"')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, s)| s)
            .collect();
        if fields.len() != 2 {
            continue;
        }
        let color = if fields[0] == "B" {
            Color::Black
        } else {
            Color::White
        };
        moves.push((color, vertex(fields[1], size)));
    }
    Some(Record { name, size, moves })
}

fn records() -> Vec<Record> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/score_records");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("scripts/score_records")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).expect("record file");
        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
        for (i, line) in text.lines().enumerate() {
            if let Some(r) = parse_record(format!("{stem}:{}", i + 1), line) {
                out.push(r);
            }
        }
    }
    out
}

/// The game after the first `n` moves of `r` (Chinese rules, komi 7.5).
fn replay(r: &Record, n: usize) -> Game {
    let mut g = Game::new(r.size, Rules::default()).expect("size");
    g.set_komi(7.5);
    for &(c, v) in r.moves.iter().take(n) {
        let mv = match v {
            Some((x, y)) => Move::Place(g.board().point(x, y).expect("on board")),
            None => Move::Pass,
        };
        g.play(c, mv).expect("recorded move is legal");
    }
    g
}

fn hash_result(h: &mut Fnv, r: &SearchResult) {
    let mv = |m: Move| match m {
        Move::Pass => u64::MAX,
        Move::Place(p) => p.index() as u64,
    };
    h.add(mv(r.best));
    h.add(r.visits);
    h.add(r.playouts);
    h.add(r.winrate.to_bits());
    h.add(r.score_lead.to_bits());
    h.add(r.score_stdev.to_bits());
    for c in &r.candidates {
        h.add(mv(c.mv));
        h.add(u64::from(c.visits));
        h.add(c.winrate.to_bits());
        h.add(c.score_lead.to_bits());
        h.add(c.score_stdev.to_bits());
        h.add(c.prior.to_bits());
        for &m in &c.pv {
            h.add(mv(m));
        }
    }
    h.add(r.ownership.playouts);
    for &v in &r.ownership.values {
        h.add(u64::from(v.to_bits()));
    }
}

fn light(total: &mut Fnv) {
    for size in [5, 9, 13, 19] {
        let mut rng = SmallRng::seed_from_u64(size as u64);
        let empty = Board::new(size).expect("size");
        let mut h = Fnv::new();
        let mut b = empty.clone();
        for _ in 0..3000 {
            b.clone_from(&empty);
            let n = play_out(&mut b, Color::Black, move_limit(size), &mut rng);
            h.add(n as u64);
            h.add(b.hash());
        }
        println!("light {size}x{size} {:016x}", h.0);
        total.add(h.0);
    }
}

fn searches(recs: &[Record], quick: bool, total: &mut Fnv) {
    // 24 positions spread over the records, at different depths of the game.
    let count = if quick { 4 } else { 24 };
    let step = recs.len() / count;
    for k in 0..count {
        let r = &recs[k * step + step / 2];
        let n = (r.moves.len() * (k % 6 + 1)) / 7;
        let game = replay(r, n);
        let color = r.moves.get(n).map_or(Color::Black, |m| m.0);
        // One thread: threads sharing a tree take it in an order that
        // varies from run to run.
        let threads = 1;
        let playouts = if r.size >= 19 { 800 } else { 2500 };
        let mut search = Search::new(SearchConfig {
            threads,
            seed: 1000 + k as u64,
            ..SearchConfig::default()
        });
        let limits = Limits {
            deadline: None,
            max_playouts: Some(playouts),
            stop_early: false,
        };
        let mut h = Fnv::new();
        let first = search.search(&game, color, &limits);
        hash_result(&mut h, &first);
        // Tree reuse: the opponent's search after the best move.
        let mut next = game.clone();
        let mv = if next.check(color, first.best).is_ok() {
            first.best
        } else {
            Move::Pass
        };
        next.play(color, mv).expect("checked");
        let second = search.search(&next, color.opponent(), &limits);
        h.add(second.visits);
        hash_result(&mut h, &second);
        println!(
            "search {} after {n} moves, {threads} thread(s): {:016x}",
            r.name, h.0
        );
        total.add(h.0);
    }
}

fn name(board: &Board, p: Point) -> String {
    board.vertex_name(p)
}

fn lives(recs: &[Record], quick: bool, total: &mut Fnv) {
    for (i, r) in recs.iter().enumerate() {
        if quick && i % 10 != 0 {
            continue;
        }
        let game = replay(r, r.moves.len());
        let board = game.board();
        let a = life::analyse(board);
        let mut h = Fnv::new();
        let mut dead: Vec<String> = Vec::new();
        for c in a.chains() {
            h.add(c.stones.len() as u64);
            h.add(c.stones[0].index() as u64);
            h.add(c.status as u64);
            h.add(u64::from(c.pass_alive));
            h.add(c.opponent_share.to_bits());
            h.add(c.seki_share.to_bits());
            h.add(u64::from(c.searched));
            if c.status == life::Status::Dead {
                dead.extend(c.stones.iter().map(|&p| name(board, p)));
            }
        }
        dead.sort();
        println!("life {} {:016x} dead: {}", r.name, h.0, dead.join(" "));
        total.add(h.0);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(String::as_str);
    let recs = records();
    let mut total = Fnv::new();
    if only.is_none_or(|o| o == "light") {
        light(&mut total);
    }
    if only.is_none_or(|o| o == "search") {
        searches(&recs, quick, &mut total);
    }
    if only.is_none_or(|o| o == "life") {
        lives(&recs, quick, &mut total);
    }
    println!("total {:016x}", total.0);
}
