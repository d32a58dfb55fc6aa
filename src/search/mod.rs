//! Monte Carlo tree search: UCT with RAVE (AMAF) and prior knowledge, on
//! copies of the fast board.
//!
//! * [`tree`]: the node arena and the RAVE selection value;
//! * [`policy`]: the playout policy (captures, escapes, 3x3 patterns,
//!   self-atari avoidance) and the priors of new nodes;
//! * [`shape`]: 3x3 shapes counted from professional games, for the
//!   priors on boards up to 19x19;
//! * [`analysis`]: candidates, ownership and the estimates made from them;
//! * [`decide`]: from a search result to the move to play (pass and resign
//!   rules, cleanup of dead stones).
//!
//! **Threads.** One tree shared by every thread (tree parallelization),
//! behind a lock taken twice a simulation: to descend (and expand) and to
//! back the result up; the playout, most of a simulation's time, runs
//! without it. A descent adds a visit without a win to every node of its
//! path at once (a *virtual loss*, taken back as the real result arrives),
//! so that threads descending together spread over different lines. With
//! one thread this is the plain sequential search, and with a playout
//! limit and no deadline it is deterministic for a given seed; with more
//! threads the order in which they take the lock varies from run to run.
//! (Root parallelization, one tree per thread with the root statistics
//! summed, measured on 9x9 in self-play: two trees of 10,000 playouts won
//! 31 of 60 against one tree of 10,000 and 9 of 44 against one tree of
//! 20,000; the second thread added next to nothing. See docs/PLAYER.md.)
//!
//! **Tree reuse.** A [`Search`] remembers the game history its trees were
//! grown for. When the next search's game extends that history (our move,
//! the opponent's reply), the subtree of the position reached is kept.
//!
//! **Legality.** Root moves are checked with [`Game::check`] (superko
//! included); below the root the board's rules apply (simple ko). Callers
//! validate the move they play again (see [`decide`]).
//!
//! The search never calls up into GTP: it takes a [`Game`] and returns a
//! [`SearchResult`].

pub mod analysis;
pub mod book;
pub mod decide;
pub mod ladder;
pub mod policy;
pub mod shape;
pub mod tree;

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::game::{Game, Move, Played};
use crate::playout::{move_limit, owner_index, play_out_with};
use crate::rules::Scoring;

pub use analysis::{Candidate, Ownership};
use policy::{Knowledge, PRIOR_PASS, Priors};
use tree::Tree;

/// Settings of the search that stay fixed between moves.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Threads sharing the tree, at least 1.
    pub threads: usize,
    /// Seed of the random numbers.
    pub seed: u64,
    /// RAVE equivalence parameter: the number of real visits at which real
    /// and AMAF statistics weigh about the same.
    pub rave_equiv: f32,
    /// Largest number of nodes of the tree (40 bytes each).
    pub max_nodes: usize,
    /// Memory for the tree, in MiB (`--max-tree-mb`): it holds at most
    /// this many nodes (and at most `max_nodes`). A full tree stops
    /// growing; the search goes on with playouts from its leaves.
    pub max_tree_mb: usize,
    /// The Go knowledge of the playouts and priors.
    pub knowledge: Knowledge,
    /// Visits a node takes before its children are made, on boards below
    /// 15x15 ([`LARGE_BOARD_EXPAND_AT`] from 15x15 on, for every search).
    pub expand_at: u32,
}

/// Visits before expansion on boards of 15x15 and more.
pub const LARGE_BOARD_EXPAND_AT: u32 = 8;
/// The player's [`SearchConfig::expand_at`]. 8 measured +26 Elo in 400
/// self-play games on 9x9 but 13 of 40 against Pachi, so not kept (see
/// docs/PLAYER.md, "Measured and not kept (2026-12-07, stop 63)").
pub const DEFAULT_EXPAND_AT: u32 = 4;

/// Default of [`SearchConfig::max_tree_mb`]: 256 MiB, which allows the
/// default 6,000,000 nodes.
pub const DEFAULT_MAX_TREE_MB: usize = 256;

impl SearchConfig {
    /// Nodes of the tree: `max_nodes`, or fewer so that the tree fits in
    /// `max_tree_mb` MiB (at least one node).
    pub fn tree_nodes(&self) -> usize {
        let budget = self.max_tree_mb.saturating_mul(1 << 20) / std::mem::size_of::<tree::Node>();
        self.max_nodes.min(budget).max(1)
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            threads: 2,
            seed: 0x7765_6971_6921,
            rave_equiv: 3000.0,
            max_nodes: 6_000_000,
            max_tree_mb: DEFAULT_MAX_TREE_MB,
            knowledge: Knowledge::PLAYER,
            expand_at: DEFAULT_EXPAND_AT,
        }
    }
}

/// When to stop a search: at the deadline, after `max_playouts` new
/// playouts, whichever comes first. With neither, after
/// [`DEFAULT_PLAYOUTS`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub max_playouts: Option<u64>,
    /// Stop before the deadline once the most visited root move cannot be
    /// overtaken in the time left (at the current rate), to spare the CPU.
    /// Only with a deadline and no playout limit (so never in a
    /// deterministic search).
    pub stop_early: bool,
}

/// Playouts of a search given no limit at all.
pub const DEFAULT_PLAYOUTS: u64 = 1000;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The player the search was for.
    pub color: Color,
    /// The most visited root move (not yet validated: see [`decide`]).
    pub best: Move,
    /// Win rate of the best move for `color`, 0 to 1.
    pub winrate: f64,
    /// Mean final score of the best move for `color`.
    pub score_lead: f64,
    /// Standard deviation of the final scores of the best move's playouts.
    pub score_stdev: f64,
    /// Playouts through the root (reused ones included).
    pub visits: u64,
    /// Playouts run by this call.
    pub playouts: u64,
    pub elapsed: Duration,
    /// Root moves with at least one visit, most visited first.
    pub candidates: Vec<Candidate>,
    /// Ownership since the root position was first searched.
    pub ownership: Ownership,
}

impl SearchResult {
    /// Playouts per second of this call.
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// What identifies the position the trees were grown for.
#[derive(Clone, Debug, PartialEq)]
struct RootKey {
    size: usize,
    start_hash: u64,
    setup: usize,
    komi_bits: u64,
    moves: Vec<Played>,
    color: Color,
}

impl RootKey {
    fn of(game: &Game, color: Color) -> RootKey {
        RootKey {
            size: game.size(),
            start_hash: game.start_board().hash(),
            setup: game.setup_stones().len(),
            komi_bits: game.komi().to_bits(),
            moves: game.moves().to_vec(),
            color,
        }
    }
}

/// One thread's random numbers, ownership counts and scratch space.
#[derive(Clone, Debug)]
struct Worker {
    rng: SmallRng,
    /// Per cell: playouts that ended with the point nobody's (unused),
    /// Black's, White's.
    own: Box<[[u32; 3]; MAX_POINTS]>,
    own_playouts: u64,
    path: Vec<usize>,
    /// Moves of the current simulation from the root (`None`: pass).
    seq: Vec<(Option<Point>, Color)>,
    first: Box<[u8; MAX_POINTS]>,
    buf: Vec<Point>,
    children: Vec<(Move, f32, f32)>,
    /// The board of the current simulation, reused: copying the root onto
    /// a board of the same size copies only the cells the size uses.
    board: Option<Box<Board>>,
}

impl Worker {
    fn new(seed: u64) -> Worker {
        Worker {
            rng: SmallRng::seed_from_u64(seed),
            own: Box::new([[0; 3]; MAX_POINTS]),
            own_playouts: 0,
            path: Vec::new(),
            seq: Vec::new(),
            first: Box::new([0; MAX_POINTS]),
            buf: Vec::new(),
            children: Vec::new(),
            board: None,
        }
    }

    fn reset_ownership(&mut self) {
        self.own.iter_mut().for_each(|o| *o = [0; 3]);
        self.own_playouts = 0;
    }
}

/// What every thread needs to know about the root.
struct RootCtx<'a> {
    board: &'a Board,
    color: Color,
    /// Points the player to move may play at the root (superko checked,
    /// own eyes excluded).
    root_moves: Vec<Point>,
    last: Option<Point>,
    /// Subtracted from Black's area count: komi and handicap compensation.
    komi: f64,
    move_limit: usize,
    expand_at: u32,
    equiv: f32,
    knowledge: Knowledge,
    /// Black's capture lead at the root and the lead, either way, that
    /// ends a playout ([`policy::mercy_margin`]), when the mercy rule is on.
    mercy: Option<(i64, i64)>,
}

impl<'a> RootCtx<'a> {
    fn new(
        game: &'a Game,
        color: Color,
        equiv: f32,
        knowledge: Knowledge,
        expand_at: u32,
    ) -> RootCtx<'a> {
        let board = game.board();
        let root_moves = board
            .points()
            .filter(|&p| {
                board.color_at(p).is_none()
                    && !board.is_eye(color, p)
                    && game.check(color, Move::Place(p)).is_ok()
            })
            .collect();
        let last = match game.moves().last() {
            Some(Played {
                mv: Move::Place(p), ..
            }) => Some(*p),
            _ => None,
        };
        let mut komi = game.komi();
        if game.rules().scoring == Scoring::Area {
            komi += game.rules().handicap_bonus.points(game.handicap_stones());
        }
        RootCtx {
            board,
            color,
            root_moves,
            last,
            komi,
            move_limit: move_limit(board.size()),
            expand_at: if board.size() >= 15 {
                LARGE_BOARD_EXPAND_AT
            } else {
                expand_at
            },
            equiv,
            knowledge,
            mercy: knowledge.mercy.then(|| {
                (
                    capture_lead(board),
                    i64::from(policy::mercy_margin(board.size())),
                )
            }),
        }
    }
}

/// Black's captures minus White's on `board`.
fn capture_lead(board: &Board) -> i64 {
    i64::from(board.captures(Color::Black)) - i64::from(board.captures(Color::White))
}

/// The search: its configuration and the tree kept between moves.
#[derive(Clone, Debug)]
pub struct Search {
    config: SearchConfig,
    tree: Tree,
    workers: Vec<Worker>,
    key: Option<RootKey>,
}

impl Search {
    pub fn new(config: SearchConfig) -> Search {
        let mut config = config;
        config.threads = config.threads.clamp(1, 64);
        let workers = (0..config.threads)
            .map(|i| {
                Worker::new(
                    config
                        .seed
                        .wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                )
            })
            .collect();
        Search {
            tree: Tree::new(config.tree_nodes()),
            config,
            workers,
            key: None,
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Forgets the trees (the next search starts from scratch).
    pub fn clear(&mut self) {
        *self = Search::new(self.config.clone());
    }

    /// Playouts already stored at the root for this position (0 when the
    /// tree does not match it).
    pub fn reused_visits(&self, game: &Game, color: Color) -> u64 {
        if self.key.as_ref() == Some(&RootKey::of(game, color)) {
            u64::from(self.tree.nodes[0].visits)
        } else {
            0
        }
    }

    /// Keeps the subtree of `game`'s position if the tree was grown for
    /// an earlier position of the same game; otherwise starts a new tree.
    fn prepare(&mut self, game: &Game, color: Color) {
        let key = RootKey::of(game, color);
        if let Some(old) = &self.key {
            if *old == key {
                return;
            }
            if let Some(path) = reuse_path(old, &key)
                && let Some(node) = path
                    .iter()
                    .try_fold(0, |i, &mv| self.tree.find_child(i, mv))
            {
                self.tree.reroot(node);
                self.workers.iter_mut().for_each(Worker::reset_ownership);
                log::debug!(
                    "tree reuse: {} moves on, {} playouts kept",
                    path.len(),
                    self.tree.nodes[0].visits
                );
                self.key = Some(key);
                return;
            }
        }
        self.tree.reset();
        self.workers.iter_mut().for_each(Worker::reset_ownership);
        self.key = Some(key);
    }

    /// Searches the position of `game` for `color` within `limits`.
    pub fn search(&mut self, game: &Game, color: Color, limits: &Limits) -> SearchResult {
        self.search_with(game, color, limits, self.config.knowledge)
    }

    /// [`Search::search`] with every playout played to the end (no mercy
    /// rule), for the analysis commands, which are read for their score
    /// estimates: a playout the mercy rule stops is scored with the
    /// loser's dead stones still on the board, which pulls the mean score
    /// of a lopsided game towards zero (docs/PLAYER.md, "The mercy rule").
    pub fn search_for_scores(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
    ) -> SearchResult {
        let knowledge = Knowledge {
            mercy: false,
            ..self.config.knowledge
        };
        self.search_with(game, color, limits, knowledge)
    }

    fn search_with(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        knowledge: Knowledge,
    ) -> SearchResult {
        let start = Instant::now();
        self.prepare(game, color);
        let ctx = RootCtx::new(
            game,
            color,
            self.config.rave_equiv,
            knowledge,
            self.config.expand_at,
        );
        let max_playouts = match (limits.deadline, limits.max_playouts) {
            // Nothing to search when only passing is left.
            _ if ctx.root_moves.is_empty() => Some(0),
            (None, None) => Some(DEFAULT_PLAYOUTS),
            (_, n) => n,
        };
        prepare_root(&mut self.tree, &ctx);
        let shared = Shared {
            tree: Mutex::new(&mut self.tree),
            claimed: AtomicU64::new(0),
            done: AtomicU64::new(0),
            start: Instant::now(),
        };
        let run = RunLimits {
            deadline: limits.deadline,
            max: max_playouts,
            stop_early: limits.stop_early && max_playouts.is_none(),
        };
        if self.workers.len() == 1 {
            run_worker(&mut self.workers[0], &shared, &ctx, run);
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .workers
                    .iter_mut()
                    .map(|w| {
                        let (ctx, shared) = (&ctx, &shared);
                        s.spawn(move || run_worker(w, shared, ctx, run))
                    })
                    .collect();
                for h in handles {
                    // A worker that panicked leaves its virtual losses in
                    // the tree, which only costs search quality.
                    let _ = h.join();
                }
            });
        }
        let playouts = shared.done.load(Ordering::Relaxed);
        let result = self.collect(game, color, playouts, start.elapsed());
        log::debug!(
            "search {:?}: {} playouts in {:.2} s ({:.0}/s), {} at root, best {:?} {:.3}",
            color,
            playouts,
            result.elapsed.as_secs_f64(),
            result.playouts_per_second(),
            result.visits,
            result.best,
            result.winrate
        );
        result
    }

    /// The root statistics of the tree, and the threads' ownership.
    fn collect(&self, game: &Game, color: Color, playouts: u64, elapsed: Duration) -> SearchResult {
        let board = game.board();
        let sign = match color {
            Color::Black => 1.0,
            Color::White => -1.0,
        };
        let tree = &self.tree;
        let mut candidates: Vec<Candidate> = tree
            .children(0)
            .filter(|&c| !tree.nodes[c].pruned && tree.nodes[c].visits > 0)
            .map(|c| {
                let n = &tree.nodes[c];
                let visits = f64::from(n.visits);
                Candidate {
                    mv: n.mv,
                    visits: n.visits,
                    winrate: f64::from(n.wins) / visits,
                    score_lead: sign * f64::from(n.score) / visits,
                    score_stdev: (f64::from(n.score_m2).max(0.0) / visits).sqrt(),
                    prior: if n.prior_n > 0.0 {
                        f64::from(n.prior_w / n.prior_n)
                    } else {
                        0.5
                    },
                    pv: tree.pv(c, 12),
                }
            })
            .collect();
        // Most visits first; ties by win rate, then board order.
        candidates.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate.total_cmp(&a.winrate))
                .then(move_order(a.mv).cmp(&move_order(b.mv)))
        });
        let visits = u64::from(tree.nodes[0].visits);
        let own_playouts: u64 = self.workers.iter().map(|w| w.own_playouts).sum();
        let values = board
            .points()
            .map(|p| {
                if own_playouts == 0 {
                    return 0.0;
                }
                let (b, w) = self.workers.iter().fold((0u64, 0u64), |(b, w), wk| {
                    let o = wk.own[p.index()];
                    (b + u64::from(o[1]), w + u64::from(o[2]))
                });
                (b as f64 - w as f64) as f32 / own_playouts as f32
            })
            .collect();
        let (best, winrate, score_lead, score_stdev) = match candidates.first() {
            Some(c) => (c.mv, c.winrate, c.score_lead, c.score_stdev),
            None => (Move::Pass, 0.5, 0.0, 0.0),
        };
        SearchResult {
            color,
            best,
            winrate,
            score_lead,
            score_stdev,
            visits,
            playouts,
            elapsed,
            candidates,
            ownership: Ownership {
                values,
                playouts: own_playouts,
            },
        }
    }
}

fn move_order(mv: Move) -> usize {
    match mv {
        Move::Pass => usize::MAX,
        Move::Place(p) => p.index(),
    }
}

/// The moves leading from the old root to the new one, when the new
/// position is the old one plus moves alternating from the old player to
/// move, ending with `new.color` to move.
fn reuse_path(old: &RootKey, new: &RootKey) -> Option<Vec<Move>> {
    if old.size != new.size
        || old.start_hash != new.start_hash
        || old.setup != new.setup
        || old.komi_bits != new.komi_bits
        || new.moves.len() < old.moves.len()
        || new.moves[..old.moves.len()] != old.moves[..]
    {
        return None;
    }
    let mut expected = old.color;
    let mut path = Vec::new();
    for m in &new.moves[old.moves.len()..] {
        if m.color != expected {
            return None;
        }
        path.push(m.mv);
        expected = expected.opponent();
    }
    (expected == new.color).then_some(path)
}

/// The tree while the threads search it, and the playout counts.
struct Shared<'t> {
    tree: Mutex<&'t mut Tree>,
    /// Simulations begun (a thread claims one before running it, so that
    /// a playout limit is met exactly).
    claimed: AtomicU64,
    /// Simulations backed up.
    done: AtomicU64,
    start: Instant,
}

impl<'t> Shared<'t> {
    /// The tree, locked. A thread that panicked while holding it left it
    /// usable (at worst with a virtual loss not taken back).
    fn lock(&self) -> std::sync::MutexGuard<'_, &'t mut Tree> {
        self.tree.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// When the threads stop.
#[derive(Clone, Copy)]
struct RunLimits {
    deadline: Option<Instant>,
    /// Simulations of this search, all threads together.
    max: Option<u64>,
    /// Stop once the best root move is settled (see [`settled`]).
    stop_early: bool,
}

/// Expands the root with the superko-checked moves, or prunes the moves of
/// a reused root that are no longer legal.
fn prepare_root(tree: &mut Tree, ctx: &RootCtx) {
    if !tree.nodes[0].expanded {
        let mut children = Vec::new();
        expand(
            tree,
            &mut children,
            0,
            ctx.board,
            ctx.color,
            ctx.last,
            Some(&ctx.root_moves),
            ctx.knowledge,
        );
    } else {
        let mut legal = vec![false; MAX_POINTS];
        for p in &ctx.root_moves {
            legal[p.index()] = true;
        }
        for c in tree.children(0) {
            let n = &mut tree.nodes[c];
            n.pruned = match n.mv {
                Move::Pass => false,
                Move::Place(p) => !legal[p.index()],
            };
        }
    }
}

/// Runs simulations in the shared tree until the deadline or the playout
/// limit (or, with `stop_early`, until the best root move is settled).
fn run_worker(w: &mut Worker, shared: &Shared, ctx: &RootCtx, limits: RunLimits) {
    let mut mine = 0u64;
    loop {
        if mine.is_multiple_of(16) && limits.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if limits.stop_early
            && let Some(d) = limits.deadline
        {
            let done = shared.done.load(Ordering::Relaxed);
            if done >= 512
                && mine.is_multiple_of(128)
                && settled(&shared.lock(), done, shared.start, d)
            {
                break;
            }
        }
        if limits
            .max
            .is_some_and(|m| shared.claimed.fetch_add(1, Ordering::Relaxed) >= m)
        {
            break;
        }
        simulate(w, shared, ctx);
        shared.done.fetch_add(1, Ordering::Relaxed);
        mine += 1;
    }
}

/// Whether the most visited root child leads the second by more playouts
/// than the time left until `deadline` allows at the rate so far.
fn settled(tree: &Tree, done: u64, start: Instant, deadline: Instant) -> bool {
    let now = Instant::now();
    let spent = now.duration_since(start).as_secs_f64().max(1e-6);
    let left = deadline.saturating_duration_since(now).as_secs_f64();
    let remaining = done as f64 / spent * left;
    let (mut first, mut second) = (0u32, 0u32);
    for c in tree.children(0) {
        let v = tree.nodes[c].visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    f64::from(first - second) > remaining
}

/// Expands node `i` of `tree` (position `board`, `color` to move): every
/// legal move that fills no own eye, and pass. At the root, `root_moves`
/// lists them; below it, multi-stone suicide is left out whatever the
/// rules. `children` is scratch space.
#[allow(clippy::too_many_arguments)]
fn expand(
    tree: &mut Tree,
    children: &mut Vec<(Move, f32, f32)>,
    i: usize,
    board: &Board,
    color: Color,
    last: Option<Point>,
    root_moves: Option<&[Point]>,
    knowledge: Knowledge,
) {
    let priors = Priors::new(board, color, last, knowledge);
    children.clear();
    let add = |p: Point, out: &mut Vec<(Move, f32, f32)>| {
        let (n, v) = priors.prior(board, color, p);
        out.push((Move::Place(p), n, v));
    };
    match root_moves {
        Some(moves) => {
            for &p in moves {
                add(p, children);
            }
        }
        None => {
            for k in 0..board.empty_count() {
                let p = board.empty_at(k);
                if !board.is_eye(color, p) && board.check(color, p, false).is_ok() {
                    add(p, children);
                }
            }
        }
    }
    children.push((Move::Pass, PRIOR_PASS.0, PRIOR_PASS.1));
    tree.expand(i, children);
}

/// One simulation: descend the tree, expand, play out, score, back up.
/// The tree is locked for the descent and for the back-up; the descent
/// counts a visit in every node of its path at once (the virtual loss
/// other threads see until the back-up adds the result).
fn simulate(w: &mut Worker, shared: &Shared, ctx: &RootCtx) {
    let mut board = match w.board.take() {
        Some(mut b) => {
            Board::clone_from(&mut b, ctx.board);
            b
        }
        None => Box::new(ctx.board.clone()),
    };
    let mut color = ctx.color;
    let mut last = ctx.last;
    w.path.clear();
    w.seq.clear();
    w.path.push(0);
    {
        let mut guard = shared.lock();
        let tree: &mut Tree = &mut guard;
        tree.nodes[0].visits += 1;
        let mut node = 0;
        loop {
            if !tree.nodes[node].expanded {
                // (`visits` counts this simulation already.)
                if tree.nodes[node].visits < ctx.expand_at {
                    break;
                }
                expand(
                    tree,
                    &mut w.children,
                    node,
                    &board,
                    color,
                    last,
                    None,
                    ctx.knowledge,
                );
                if !tree.nodes[node].expanded {
                    break;
                }
            }
            let Some(child) = tree.select(node, ctx.equiv) else {
                break;
            };
            match tree.nodes[child].mv {
                Move::Pass => {
                    board.clear_ko();
                    w.seq.push((None, color));
                    last = None;
                }
                Move::Place(p) => {
                    board.play_unchecked(color, p);
                    w.seq.push((Some(p), color));
                    last = Some(p);
                }
            }
            tree.nodes[child].visits += 1;
            color = color.opponent();
            node = child;
            w.path.push(child);
        }
    }

    let winner = heavy_playout(w, &mut board, ctx, color, last);
    let score = score_playout(w, &board, ctx);
    let black_result = match winner {
        Some(Color::Black) => 1.0,
        Some(Color::White) => 0.0,
        None if score > 0.0 => 1.0,
        None if score < 0.0 => 0.0,
        None => 0.5,
    };
    backup(w, &mut shared.lock(), ctx, score, black_result);
    w.board = Some(board);
}

/// Plays the simulation out from the end of its tree path, recording the
/// moves in `w.seq` (for AMAF). Returns the winner when the mercy rule
/// ended the playout (`None` when it was played to the end).
#[inline(never)]
fn heavy_playout(
    w: &mut Worker,
    board: &mut Board,
    ctx: &RootCtx,
    color: Color,
    mut last: Option<Point>,
) -> Option<Color> {
    let mut winner = None;
    play_out_with(board, color, ctx.move_limit, |b, c| {
        if let Some((base, margin)) = ctx.mercy {
            let lead = capture_lead(b) - base;
            if lead.abs() >= margin {
                // A pass now and again at the next call (the lead
                // stands) ends the playout.
                winner = Some(if lead > 0 { Color::Black } else { Color::White });
                return None;
            }
        }
        let mv = policy::playout_move(b, c, last, ctx.knowledge, &mut w.rng, &mut w.buf);
        if let Some(p) = mv {
            w.seq.push((Some(p), c));
        }
        last = mv;
        mv
    });
    winner
}

/// Scores the final board of a simulation (area, Tromp-Taylor) and adds
/// it to the ownership counts. Returns Black's score, komi included. A
/// board the mercy rule left unfinished is counted as it stands: the
/// captured chains' points are mostly the capturer's already, and open
/// areas count for nobody (leaving those playouts out would count only
/// the playouts where no big chain died).
#[inline(never)]
fn score_playout(w: &mut Worker, board: &Board, ctx: &RootCtx) -> f64 {
    // `own`'s entry 0 takes the points nobody owns.
    let mut black = 0i32;
    for p in board.points() {
        let owner = owner_index(board, p);
        w.own[p.index()][owner] += 1;
        black += i32::from(owner == 1) - i32::from(owner == 2);
    }
    w.own_playouts += 1;
    f64::from(black) - ctx.komi
}

/// Backs the result of a simulation (Black's score, and Black's result:
/// 1 a win, 0 a loss, 0.5 a draw) up its path.
#[inline(never)]
fn backup(w: &mut Worker, tree: &mut Tree, ctx: &RootCtx, score: f64, black_result: f32) {
    let result_for = |c: Color| match c {
        Color::Black => black_result,
        Color::White => 1.0 - black_result,
    };
    let code = |c: Color| c.index() as u8 + 1;

    // Back up, deepest node first, keeping in `first` who played each
    // point first from the current depth on (for AMAF).
    let mut j = w.seq.len();
    for d in (0..w.path.len()).rev() {
        while j > d {
            j -= 1;
            if let (Some(p), c) = w.seq[j] {
                w.first[p.index()] = code(c);
            }
        }
        let to_move = if d % 2 == 0 {
            ctx.color
        } else {
            ctx.color.opponent()
        };
        let i = w.path[d];
        {
            let n = &mut tree.nodes[i];
            n.add_score(score as f32);
            n.wins += result_for(to_move.opponent());
        }
        if tree.nodes[i].expanded {
            let r = result_for(to_move);
            let mine = code(to_move);
            // Without a branch (about half the children match, at random):
            // adding 0.0 leaves a count unchanged, bit for bit (they are
            // never -0.0). The 0.0 or 1.0 is made from the bits of 0 or 1
            // passed through `black_box`, so that the compiler does not
            // turn it back into a branch (it did with a plain conversion
            // and with `select_unpredictable`).
            let range = tree.children(i);
            for n in &mut tree.nodes[range] {
                // A pass reads entry 0 (a border cell, never a move: 0).
                let at = match n.mv {
                    Move::Place(p) => p.index(),
                    Move::Pass => 0,
                };
                let one = std::hint::black_box(u32::from(w.first[at] == mine));
                let h = f32::from_bits(one.wrapping_neg() & 1.0f32.to_bits());
                n.amaf_n += h;
                n.amaf_w += r * h;
            }
        }
    }
    for &(p, _) in &w.seq {
        if let Some(p) = p {
            w.first[p.index()] = 0;
        }
    }
}

/// Playouts per second of the search from the empty board of side `size`,
/// with `threads` threads, for about `time` (for `weiqi bench --search`).
pub fn bench(size: usize, threads: usize, time: Duration) -> Option<SearchResult> {
    let game = Game::new(size, crate::rules::Rules::default())?;
    let mut search = Search::new(SearchConfig {
        threads,
        ..SearchConfig::default()
    });
    let limits = Limits {
        deadline: Some(Instant::now() + time),
        max_playouts: None,
        stop_early: false,
    };
    Some(search.search(&game, Color::Black, &limits))
}

#[cfg(test)]
mod tests;
