//! Dead-stone analysis: which chains of a (finished) position are alive,
//! dead or in seki.
//!
//! Four layers, each trusted more than the next:
//!
//! 1. **Benson's algorithm** ([`benson`]) finds the chains that are alive
//!    unconditionally (pass-alive: they live even if their owner never plays
//!    again) and their *vital* regions. A pass-alive chain is never dead, and
//!    opponent stones inside a region that is vital to a pass-alive chain
//!    are always dead (every empty point there is a liberty of the living
//!    chain, so they can never make an eye, and the living chain can fill
//!    the region without danger).
//! 2. **Ownership playouts** decide the rest. From the position (ko ban
//!    cleared, so the answer depends on the stones only), [`PLAYOUTS`]
//!    random games are played to the end, half with Black moving first and
//!    half with White. The policy: uniformly random legal moves, never into
//!    one's own eye ([`Board::is_eye`]), and never a self-atari that joins an
//!    existing chain of one's own (a lone-stone self-atari — a throw-in — is
//!    allowed). Because the opponent may play into an eye when that
//!    captures, a group with one eye dies once its outside liberties are
//!    filled; a group with two eyes cannot be captured. Because neither side
//!    fills a shared liberty that would put its own group in atari, groups
//!    in seki survive with their shared liberties empty. A chain is dead
//!    when the opponent owns its points at the end of more than
//!    [`DEAD_SHARE`] of the playouts; decided chain by chain.
//! 3. **A search for the close calls** ([`refine`]). Uniform random play
//!    misjudges fights that need the right move: a corner group that dies
//!    to one vital point scores about half, and so does a lone invader in a
//!    large area the opponent controls. Chains whose playout share lies
//!    within [`REFINE_MARGIN`] of the threshold make the Monte Carlo tree
//!    search run, whose playouts follow a tree that learns the good moves
//!    for both sides; its ownership then judges every chain within
//!    [`REJUDGE_MARGIN`] of the threshold.
//! 4. **Consistency**: after removing the dead chains, each dead chain must
//!    lie in an area bordered by the opponent's living stones only (a dead
//!    stone is a prisoner of the side that surrounds it). A dead chain whose
//!    area also touches living stones of its own colour (it could connect)
//!    or no living stone at all (nobody surrounds it, e.g. on an almost
//!    empty board) is revived, until nothing changes. So a chain next to a
//!    living chain of its colour is never dead alone: either both are dead
//!    or both alive.
//!
//! A chain that is not dead is in **seki** when, in more than [`SEKI_SHARE`]
//! of the playouts, it survives with a liberty that is also a liberty of an
//! opponent chain (a shared liberty neither side could fill); a pass-alive
//! chain is never in seki.
//!
//! The playouts are seeded from the position's hash, so the analysis of a
//! position is the same every time (and after any number of passes).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::board::{Board, Cell, Color, MAX_POINTS, Point};
use crate::game::Game;
use crate::playout::{move_limit, play_out_with};
use crate::rules::Rules;
use crate::search::{Limits, Ownership, Search, SearchConfig};

pub mod settle;
pub mod tactics;

pub use settle::{Fill, Role, Settlement};

/// Most ownership playouts per analysis (fewer when every verdict is
/// clear early, see [`CLEAR_MARGIN`]).
pub const PLAYOUTS: usize = 1000;
/// A chain is dead when the opponent owns its points in more than this share
/// of the playouts.
pub const DEAD_SHARE: f64 = 0.5;
/// A living chain is in seki when it ends with a shared liberty in more than
/// this share of the playouts.
pub const SEKI_SHARE: f64 = 0.5;

/// The verdict on a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

/// One chain of the analysed position and the evidence about it.
#[derive(Clone, Debug)]
pub struct Chain {
    pub color: Color,
    pub stones: Vec<Point>,
    pub status: Status,
    /// Alive unconditionally (Benson).
    pub pass_alive: bool,
    /// Share of playouts in which the opponent owned the chain's points
    /// (averaged over its stones).
    pub opponent_share: f64,
    /// Share of playouts in which it survived with a shared liberty.
    pub seki_share: f64,
    /// Whether `opponent_share` comes from the refining search (see
    /// [`REFINE_MARGIN`] and [`REJUDGE_MARGIN`]).
    pub searched: bool,
}

impl Chain {
    /// What the chain is to the settling: dead, firmly alive, or in doubt.
    fn role(&self) -> Role {
        match self.status {
            Status::Dead if self.opponent_share > 1.0 - FIRM_SHARE => Role::Dead,
            Status::Dead | Status::Seki => Role::Open,
            Status::Alive if self.pass_alive || self.opponent_share < FIRM_SHARE => Role::Firm,
            Status::Alive => Role::Open,
        }
    }
}

/// The analysis of one position.
#[derive(Clone, Debug)]
pub struct Analysis {
    chains: Vec<Chain>,
    /// The chain index of the stone at each point (`u32::MAX`: no stone).
    chain_of: Vec<u32>,
    /// Per point: (Black-owned - White-owned playouts) / playouts.
    ownership: Vec<f32>,
    /// The position settled for counting: dame filled, teire added.
    settlement: Settlement,
}

const NONE: u32 = u32::MAX;

impl Analysis {
    /// Every chain, in the order of their first stone (bottom row first).
    pub fn chains(&self) -> &[Chain] {
        &self.chains
    }

    /// The chain of the stone at `p`, if any.
    pub fn chain_at(&self, p: Point) -> Option<&Chain> {
        self.chains.get(self.chain_of[p.index()] as usize)
    }

    /// The status of the stone at `p` (`None` on an empty point).
    pub fn status(&self, p: Point) -> Option<Status> {
        self.chain_at(p).map(|c| c.status)
    }

    /// Whether the stone at `p` is dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.status(p) == Some(Status::Dead)
    }

    /// The chains with a given status.
    pub fn with_status(&self, status: Status) -> impl Iterator<Item = &Chain> {
        self.chains.iter().filter(move |c| c.status == status)
    }

    /// Expected owner of `p` from the playouts, from -1 (White) to 1 (Black).
    pub fn ownership(&self, p: Point) -> f32 {
        self.ownership[p.index()]
    }

    /// The position as settled for counting ([`settle`]).
    pub fn settlement(&self) -> &Settlement {
        &self.settlement
    }

    /// The dame of the settled position, in board order: the points the
    /// settling filled as dame, and the empty points left between living
    /// stones of both colours (the shared liberties of a seki, an open
    /// border). They count for nobody.
    pub fn dame(&self) -> Vec<Point> {
        let s = &self.settlement;
        let areas = Areas::compute(&s.board, |p| self.is_dead(p), |_| false);
        s.board
            .points()
            .filter(|&p| match s.fills[p.index()] {
                Some(Fill::Dame(_)) => true,
                Some(Fill::Teire(_)) => false,
                None => {
                    s.board.color_at(p).is_none()
                        && areas.borders_at(p) & (BORDER_BLACK | BORDER_WHITE)
                            == BORDER_BLACK | BORDER_WHITE
                }
            })
            .collect()
    }

    /// How settling filled `p`, if it did.
    pub fn fill(&self, p: Point) -> Option<Fill> {
        self.settlement.fills[p.index()]
    }

    /// The settlement of `board` with this analysis's verdicts: the
    /// firmly dead stones are taken off first (they are prisoners; nothing
    /// needs a teire against them), then the dame and teire are settled.
    fn settle(&self, board: &Board) -> Settlement {
        let role = |p: Point| self.chain_at(p).map_or(Role::Open, Chain::role);
        let alive = board.without(|p| role(p) == Role::Dead);
        settle::settle(&alive, role, |p| self.ownership(p))
    }

    /// The settlement of `board` once the verdicts are final: the dead
    /// stones come off, every living chain is firm, a seki stays open.
    fn settle_final(&self, board: &Board) -> Settlement {
        let role = |p: Point| match self.chain_at(p).map(|c| c.status) {
            Some(Status::Alive) => Role::Firm,
            Some(Status::Dead) => Role::Dead,
            Some(Status::Seki) | None => Role::Open,
        };
        let alive = board.without(|p| role(p) == Role::Dead);
        settle::settle(&alive, role, |p| self.ownership(p))
    }
}

/// A living chain whose opponent owns its points in less than this share
/// of the playouts is firm: it bounds areas and fills dame while settling.
pub const FIRM_SHARE: f64 = 0.35;
/// Rounds of settle-then-judge at most.
const SETTLE_ROUNDS: usize = 2;

/// The result of Benson's algorithm for one colour.
#[derive(Clone, Debug)]
pub struct Benson {
    /// Per point: a stone of a pass-alive chain.
    pub alive: Vec<bool>,
    /// Per point: an empty or opponent point in a region enclosed by
    /// pass-alive chains and vital to at least one of them (the opponent's
    /// stones there are dead, the empty points are safe territory).
    pub safe: Vec<bool>,
}

/// Benson's algorithm for unconditional life of `color`'s chains.
///
/// Regions are the maximal connected sets of points without a `color`
/// stone. A region is *vital* to a chain that borders it when all its empty
/// points are liberties of that chain. Repeatedly, a chain with fewer than
/// two vital regions among the remaining ones is dropped, and so is every
/// region bordering a dropped chain. The chains left are pass-alive.
pub fn benson(board: &Board, color: Color) -> Benson {
    let mut alive = vec![false; MAX_POINTS];
    let mut safe = vec![false; MAX_POINTS];
    // Chains of `color`.
    let mut chain_id = vec![NONE; MAX_POINTS];
    let mut chain_stones: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if board.color_at(p) == Some(color) && chain_id[p.index()] == NONE {
            let stones = board.chain_stones(p);
            for s in &stones {
                chain_id[s.index()] = chain_stones.len() as u32;
            }
            chain_stones.push(stones);
        }
    }
    if chain_stones.is_empty() {
        return Benson { alive, safe };
    }
    // Regions: their points, bordering chains, and the chains they are
    // vital to (the intersection, over their empty points, of the chains
    // next to each point).
    let mut region_id = vec![NONE; MAX_POINTS];
    let mut regions: Vec<(Vec<Point>, Vec<u32>, Vec<u32>)> = Vec::new();
    let mut stack = Vec::new();
    for start in board.points() {
        if board.color_at(start) == Some(color) || region_id[start.index()] != NONE {
            continue;
        }
        let r = regions.len() as u32;
        let (mut pts, mut borders, mut vital): (Vec<Point>, Vec<u32>, Option<Vec<u32>>) =
            (Vec::new(), Vec::new(), None);
        region_id[start.index()] = r;
        stack.push(start);
        while let Some(p) = stack.pop() {
            pts.push(p);
            let mut next_to: Vec<u32> = Vec::with_capacity(4);
            for n in board.neighbors(p) {
                match board.cell(n) {
                    Cell::Border => {}
                    c if c.color() == Some(color) => {
                        let id = chain_id[n.index()];
                        if !next_to.contains(&id) {
                            next_to.push(id);
                        }
                        if !borders.contains(&id) {
                            borders.push(id);
                        }
                    }
                    _ => {
                        if region_id[n.index()] == NONE {
                            region_id[n.index()] = r;
                            stack.push(n);
                        }
                    }
                }
            }
            if board.cell(p) == Cell::Empty {
                vital = Some(match vital {
                    None => next_to,
                    Some(v) => v.into_iter().filter(|id| next_to.contains(id)).collect(),
                });
            }
        }
        regions.push((pts, borders, vital.unwrap_or_default()));
    }
    let mut chain_alive = vec![true; chain_stones.len()];
    let mut healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, is_alive) in chain_alive.iter_mut().enumerate() {
            if !*is_alive {
                continue;
            }
            let vital_count = regions
                .iter()
                .zip(&healthy)
                .filter(|((_, _, vital), h)| **h && vital.contains(&(c as u32)))
                .count();
            if vital_count < 2 {
                *is_alive = false;
                changed = true;
            }
        }
        for (r, (_, borders, _)) in regions.iter().enumerate() {
            if healthy[r] && borders.iter().any(|&c| !chain_alive[c as usize]) {
                healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (c, stones) in chain_stones.iter().enumerate() {
        if chain_alive[c] {
            for s in stones {
                alive[s.index()] = true;
            }
        }
    }
    for (r, (pts, borders, vital)) in regions.iter().enumerate() {
        if healthy[r] && !borders.is_empty() && !vital.is_empty() {
            for p in pts {
                safe[p.index()] = true;
            }
        }
    }
    Benson { alive, safe }
}

/// Playouts between checks of whether the verdicts are already clear.
const BATCH: usize = 100;
/// Playouts always played (when there is a chain at all).
const MIN_PLAYOUTS: usize = 200;
/// A share this far from its threshold is a clear verdict.
const CLEAR_MARGIN: f64 = 0.2;

/// The share of `done` playouts in which the opponent owned chain `c`.
fn opponent_share(c: &Chain, black: &[u32], white: &[u32], done: usize) -> f64 {
    let opp = match c.color {
        Color::Black => white,
        Color::White => black,
    };
    let owned: u32 = c.stones.iter().map(|s| opp[s.index()]).sum();
    f64::from(owned) / (done as f64 * c.stones.len() as f64)
}

/// Whether every chain's shares are at least [`CLEAR_MARGIN`] away from
/// the dead and seki thresholds after `done` playouts, so that more
/// playouts would not change a verdict.
fn decisive(
    chains: &[Chain],
    black: &[u32],
    white: &[u32],
    seki_hits: &[u32],
    done: usize,
) -> bool {
    chains.iter().zip(seki_hits).all(|(c, &hits)| {
        let opp = opponent_share(c, black, white, done);
        let seki = f64::from(hits) / done as f64;
        (opp - DEAD_SHARE).abs() >= CLEAR_MARGIN && (seki - SEKI_SHARE).abs() >= CLEAR_MARGIN
    })
}

/// Whether a playout may play `color` at `p`: legal (simple ko, no
/// suicide), not into its own eye, and not a self-atari of a chain of two
/// or more stones.
#[inline]
fn life_move_ok(board: &Board, color: Color, p: Point) -> bool {
    board.is_playout_move(color, p)
        && !(board.is_self_atari(color, p)
            && board
                .neighbors(p)
                .iter()
                .any(|&n| board.color_at(n) == Some(color)))
}

/// A random move for the life playouts, or `None` (pass).
fn life_move<R: Rng>(board: &Board, color: Color, rng: &mut R) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let mut i = ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize;
    for _ in 0..n {
        let p = board.empty_at(i);
        if life_move_ok(board, color, p) {
            return Some(p);
        }
        i += 1;
        if i == n {
            i = 0;
        }
    }
    None
}

/// Plays one life playout on `board` to the end.
fn life_playout<R: Rng>(board: &mut Board, first: Color, rng: &mut R) {
    let limit = move_limit(board.size());
    play_out_with(board, first, limit, |b, c| life_move(b, c, rng));
}

/// Who owns `p` at the end of a playout: the stone's colour, or the colour
/// of every neighbour of an empty point.
fn final_owner(board: &Board, p: Point) -> Option<Color> {
    if let Some(c) = board.color_at(p) {
        return Some(c);
    }
    let mut owner = None;
    for n in board.neighbors(p) {
        if let Some(c) = board.color_at(n) {
            if owner.is_some_and(|o| o != c) {
                return None;
            }
            owner = Some(c);
        }
    }
    owner
}

/// Empty areas once the stones of `removed` chains are taken off: for each
/// point, its area (`u32::MAX` for a remaining stone), and for each area
/// which colours of remaining stones border it ([`BORDER_BLACK`],
/// [`BORDER_WHITE`]) and whether a chain marked in `mark` does
/// ([`BORDER_MARKED`]).
pub struct Areas {
    pub area_of: Vec<u32>,
    pub borders: Vec<u8>,
}

pub const BORDER_BLACK: u8 = 1;
pub const BORDER_WHITE: u8 = 2;
pub const BORDER_MARKED: u8 = 4;

/// The bit of [`Areas::borders`] for stones of `color`.
pub fn border_bit(color: Color) -> u8 {
    match color {
        Color::Black => BORDER_BLACK,
        Color::White => BORDER_WHITE,
    }
}

impl Areas {
    /// Computes the areas; `removed(p)` and `marked(p)` are asked about
    /// stones only.
    pub fn compute(
        board: &Board,
        removed: impl Fn(Point) -> bool,
        marked: impl Fn(Point) -> bool,
    ) -> Areas {
        let mut area_of = vec![NONE; MAX_POINTS];
        let mut borders = Vec::new();
        let open = |p: Point| board.color_at(p).is_none() || removed(p);
        let mut stack = Vec::new();
        for start in board.points() {
            if !open(start) || area_of[start.index()] != NONE {
                continue;
            }
            let id = borders.len() as u32;
            let mut bits = 0u8;
            area_of[start.index()] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                for n in board.neighbors(p) {
                    if board.cell(n) == Cell::Border {
                        continue;
                    }
                    if open(n) {
                        if area_of[n.index()] == NONE {
                            area_of[n.index()] = id;
                            stack.push(n);
                        }
                    } else if let Some(c) = board.color_at(n) {
                        bits |= border_bit(c);
                        if marked(n) {
                            bits |= BORDER_MARKED;
                        }
                    }
                }
            }
            borders.push(bits);
        }
        Areas { area_of, borders }
    }

    /// The border bits of the area containing `p` (0 for a remaining stone).
    pub fn borders_at(&self, p: Point) -> u8 {
        let a = self.area_of[p.index()];
        if a == NONE {
            0
        } else {
            self.borders[a as usize]
        }
    }
}

/// Analyses `board` with [`PLAYOUTS`] playouts.
pub fn analyse(board: &Board) -> Analysis {
    analyse_with(board, PLAYOUTS)
}

/// Analyses `board` with `playouts` ownership playouts (see the module
/// documentation): judges the chains, settles the position with those
/// verdicts ([`settle`]), and, where settling filled anything, judges the
/// settled position again, until the verdicts no longer change.
pub fn analyse_with(board: &Board, playouts: usize) -> Analysis {
    let mut current = verdicts(board, playouts);
    // The verdicts are final: the count settles the position with every
    // living chain firm, as players do once they agree on the dead stones.
    current.settlement = current.settle_final(board);
    current
}

/// The verdicts: judge, then judge the chains in doubt again on the
/// settled board, until nothing changes.
fn verdicts(board: &Board, playouts: usize) -> Analysis {
    let mut current = judge(board, playouts);
    for _ in 0..SETTLE_ROUNDS {
        let settlement = current.settle(board);
        // Only the chains in doubt are judged again: with none, or with
        // nothing settled, the verdicts stand.
        let in_doubt = current.chains.iter().any(|c| c.role() == Role::Open);
        if !in_doubt || settlement.fills.iter().all(Option::is_none) {
            return current;
        }
        let settled = judge(&settlement.board, playouts);
        let mut next = current.clone();
        for c in &mut next.chains {
            // Settling closes borders to judge the chains in doubt; a firm
            // verdict stands (had filling the dame cost a firm chain its
            // life, its owner would have added a teire, which the
            // settling reads only for chains short of liberties).
            if c.role() != Role::Open {
                continue;
            }
            let p = c.stones[0];
            match settled.chain_at(p) {
                Some(sc) if sc.color == c.color => {
                    c.status = sc.status;
                    c.opponent_share = sc.opponent_share;
                    c.seki_share = sc.seki_share;
                    c.searched |= sc.searched;
                    c.pass_alive |= sc.pass_alive;
                }
                // Taken off while settling (a teire captured it).
                _ => c.status = Status::Dead,
            }
        }
        let same = next
            .chains
            .iter()
            .zip(&current.chains)
            .all(|(a, b)| a.status == b.status && a.role() == b.role());
        if same {
            return next;
        }
        current = next;
    }
    current
}

/// The verdicts on `board`'s chains (Benson, playouts, refining search,
/// consistency, seki), without settling.
fn judge(board: &Board, playouts: usize) -> Analysis {
    let playouts = playouts.max(2);
    // The chains.
    let mut chain_of = vec![NONE; MAX_POINTS];
    let mut chains: Vec<Chain> = Vec::new();
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        if chain_of[p.index()] != NONE {
            continue;
        }
        let stones = board.chain_stones(p);
        for s in &stones {
            chain_of[s.index()] = chains.len() as u32;
        }
        chains.push(Chain {
            color,
            stones,
            status: Status::Alive,
            pass_alive: false,
            opponent_share: 0.0,
            seki_share: 0.0,
            searched: false,
        });
    }

    // Benson for both colours.
    let bensons = [benson(board, Color::Black), benson(board, Color::White)];
    let mut benson_dead = vec![false; chains.len()];
    for (i, c) in chains.iter_mut().enumerate() {
        let first = c.stones[0].index();
        c.pass_alive = bensons[c.color.index()].alive[first];
        benson_dead[i] = bensons[c.color.opponent().index()].safe[first];
    }

    // Ownership playouts, in batches, until every verdict is clear or the
    // budget is spent.
    let mut black = vec![0u32; MAX_POINTS];
    let mut white = vec![0u32; MAX_POINTS];
    let mut seki_hits = vec![0u32; chains.len()];
    let mut mark = vec![0u32; MAX_POINTS];
    let mut start = board.clone();
    start.clear_ko();
    // The playouts pick from the list of empty points, whose order
    // depends on how the position was reached: put it in board order, so
    // that the analysis depends on the stones alone.
    start.sort_empty_points();
    let seed = board.hash() ^ (board.size() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut done = 0;
    while done < playouts && !chains.is_empty() {
        let mut b = start.clone();
        let first = if done % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        life_playout(&mut b, first, &mut rng);
        done += 1;
        for p in b.points() {
            match final_owner(&b, p) {
                Some(Color::Black) => black[p.index()] += 1,
                Some(Color::White) => white[p.index()] += 1,
                None => {}
            }
        }
        // Chains that end with a shared liberty.
        let stamp = done as u32;
        for p in b.points() {
            if b.color_at(p).is_some() {
                continue;
            }
            let ns = b.neighbors(p);
            let has = |c: Color| ns.iter().any(|&n| b.color_at(n) == Some(c));
            if has(Color::Black) && has(Color::White) {
                for n in ns {
                    if b.color_at(n).is_some() {
                        mark[b.chain(n).index()] = stamp;
                    }
                }
            }
        }
        for (k, c) in chains.iter().enumerate() {
            let s = c.stones[0];
            if b.color_at(s) == Some(c.color) && mark[b.chain(s).index()] == stamp {
                seki_hits[k] += 1;
            }
        }
        if done % BATCH == 0
            && done >= MIN_PLAYOUTS
            && decisive(&chains, &black, &white, &seki_hits, done)
        {
            break;
        }
    }
    log::debug!("life: {done} playouts for {} chains", chains.len());
    let playouts = done.max(1);
    let n = playouts as f64;
    let ownership: Vec<f32> = black
        .iter()
        .zip(&white)
        .map(|(&b, &w)| ((f64::from(b) - f64::from(w)) / n) as f32)
        .collect();

    // Verdicts.
    for (k, c) in chains.iter_mut().enumerate() {
        c.opponent_share = opponent_share(c, &black, &white, playouts);
        c.seki_share = f64::from(seki_hits[k]) / n;
        if (0.2..=0.8).contains(&c.opponent_share) {
            log::debug!(
                "life: close call for the {:?} chain at {:?}: opponent share {:.2}, seki share {:.2}",
                c.color,
                board.coords(c.stones[0]),
                c.opponent_share,
                c.seki_share
            );
        }
    }
    refine(board, &mut chains, &benson_dead, &ownership);
    // Tactics: a chain short of liberties that its opponent captures
    // whoever moves first is dead, whatever the playouts say (their
    // policy never plays the sacrifices that kill it).
    let lost: Vec<bool> = chains
        .iter()
        .map(|c| {
            !c.pass_alive
                && board.liberties(c.stones[0]) <= 2
                && tactics::is_dead(board, c.stones[0])
        })
        .collect();
    for (k, c) in chains.iter_mut().enumerate() {
        if lost[k] {
            log::debug!(
                "life: the {:?} chain at {:?} is lost whoever moves first",
                c.color,
                board.coords(c.stones[0])
            );
        }
        c.status = if c.pass_alive {
            Status::Alive
        } else if benson_dead[k] || lost[k] || c.opponent_share > DEAD_SHARE {
            Status::Dead
        } else {
            Status::Alive
        };
    }

    // Consistency: a dead chain must sit in an area bordered by living
    // opponent stones only. A chain lost whoever moves first to living
    // opponent chains stays dead: the empty points next to it may touch a
    // living chain of its colour (the dame it would escape through), but
    // it cannot get there.
    let surrounded: Vec<bool> = chains
        .iter()
        .map(|c| {
            c.stones.iter().all(|&s| {
                board.neighbors(s).iter().all(|&n| {
                    board.color_at(n) != Some(c.color.opponent())
                        || chains[chain_of[n.index()] as usize].status != Status::Dead
                })
            })
        })
        .collect();
    loop {
        let areas = Areas::compute(
            board,
            |p| chains[chain_of[p.index()] as usize].status == Status::Dead,
            |_| false,
        );
        let mut changed = false;
        for (k, c) in chains.iter_mut().enumerate() {
            if c.status != Status::Dead || benson_dead[k] || (lost[k] && surrounded[k]) {
                continue;
            }
            if areas.borders_at(c.stones[0]) != border_bit(c.color.opponent()) {
                log::debug!(
                    "life: revived the chain at {:?} (opponent share {:.2})",
                    board.coords(c.stones[0]),
                    c.opponent_share
                );
                c.status = Status::Alive;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // A seki needs a living opponent chain to share a liberty with: a
    // stone whose only neighbours are dead (the vital point of a dead
    // shape) is simply alive.
    let shares_with_living = |c: &Chain| {
        c.stones.iter().any(|&s| {
            board.neighbors(s).iter().any(|&l| {
                board.cell(l) == Cell::Empty
                    && board.neighbors(l).iter().any(|&n| {
                        board.color_at(n) == Some(c.color.opponent())
                            && chains[chain_of[n.index()] as usize].status != Status::Dead
                    })
            })
        })
    };
    let seki: Vec<bool> = chains
        .iter()
        .map(|c| {
            c.status == Status::Alive
                && !c.pass_alive
                && c.seki_share > SEKI_SHARE
                && shares_with_living(c)
        })
        .collect();
    for (c, seki) in chains.iter_mut().zip(seki) {
        if seki {
            c.status = Status::Seki;
        }
    }
    Analysis {
        chains,
        chain_of,
        ownership,
        settlement: Settlement {
            board: board.clone(),
            fills: vec![None; MAX_POINTS],
        },
    }
}

/// Chains whose playout verdict lies closer than this to [`DEAD_SHARE`]
/// are judged again by a search ([`refine`]). Uniform playouts are
/// unbiased only for settled shapes; within this band their verdict is a
/// coin toss that better play can tip either way.
pub const REFINE_MARGIN: f64 = 0.1;
/// Once a search has run, it re-judges every chain whose playout share
/// lies closer than this to [`DEAD_SHARE`]: the chains of one group fall
/// on either side of the refining margin, and a group must be judged as
/// one (a chain judged dead next to one of its colour judged alive is
/// revived by the consistency pass).
pub const REJUDGE_MARGIN: f64 = 0.3;
/// Playouts of one refining search times the number of points of the
/// board: 8000 playouts on 9x9, 3834 on 13x13, 1795 on 19x19, but never
/// more than [`REFINE_MAX_PLAYOUTS`]. A playout's cost grows with the
/// board, so the refinement costs about the same on every size (about
/// 0.1-0.2 s on this project's 2-core test machine).
pub const REFINE_BUDGET: u64 = 8000 * 81;
/// Most playouts of one refining search (small boards).
pub const REFINE_MAX_PLAYOUTS: u64 = 8000;
/// Tree size bound of a refining search (about 16 MB).
const REFINE_NODES: usize = 400_000;
/// Tree memory of a refining search in MiB: room for [`REFINE_NODES`].
const REFINE_TREE_MB: usize = 32;
/// RAVE equivalence of a refining search (the value the verdicts were
/// measured with; fixed here so that tuning the player changes no count).
const REFINE_RAVE_EQUIV: f32 = 3000.0;

/// Re-judges the close calls among `chains` with the Monte Carlo tree
/// search of [`crate::search`]: its playouts follow a tree that learns the
/// good moves, so a group that lives only if the opponent errs (or dies
/// only if its owner errs) is seen as it is.
///
/// The search runs from the position as a game (its stones as setup
/// stones, Chinese rules), twice: once with Black to move and once with
/// White, [`refine_playouts`] each, one thread each, seeded from the position,
/// so the result is deterministic. Its komi is the margin the uniform
/// playouts expect (`ownership` summed), plus one half: with the game
/// balanced, both sides fight for every point rather than coast on a won
/// or lost game. The `opponent_share` of each chain within
/// [`REJUDGE_MARGIN`] becomes the share of the two searches' playouts in
/// which the opponent owned its points.
fn refine(board: &Board, chains: &mut [Chain], benson_dead: &[bool], ownership: &[f32]) {
    let within = |margin: f64| -> Vec<usize> {
        (0..chains.len())
            .filter(|&k| {
                let c = &chains[k];
                !c.pass_alive && !benson_dead[k] && (c.opponent_share - DEAD_SHARE).abs() < margin
            })
            .collect()
    };
    if within(REFINE_MARGIN).is_empty() {
        return;
    }
    let close = within(REJUDGE_MARGIN);
    let Some(mut game) = Game::new(board.size(), Rules::default()) else {
        return;
    };
    let stones: Vec<(Color, Point)> = chains
        .iter()
        .flat_map(|c| c.stones.iter().map(move |&p| (c.color, p)))
        .collect();
    // Cannot fail for a position reached by legal play (every chain has a
    // liberty, so no setup stone captures or lacks liberties); if it did,
    // the playout verdicts would simply stand.
    if game.place_setup(&stones, false).is_err() {
        return;
    }
    let margin: f32 = board.points().map(|p| ownership[p.index()]).sum();
    game.set_komi(f64::from(margin.round()) + 0.5);
    // The two searches run side by side; each is one thread with its own
    // seed, so the result does not depend on scheduling.
    let [from_black, from_white] = [Color::Black, Color::White].map(|first| {
        let mut game = game.clone();
        game.set_to_move(first);
        (game, first, board.hash().wrapping_add(first.index() as u64))
    });
    let ownerships: Option<[Ownership; 2]> = std::thread::scope(|scope| {
        let other = std::thread::Builder::new()
            .name("life-refine".into())
            .spawn_scoped(scope, || refine_search(&from_white));
        let mine = refine_search(&from_black);
        let theirs = match other {
            Ok(handle) => handle.join().ok()?,
            // No thread to be had: run it here.
            Err(_) => refine_search(&from_white),
        };
        Some([mine, theirs])
    });
    let Some(ownerships) = ownerships else {
        return;
    };
    for k in close {
        let c = &mut chains[k];
        // The opponent's share of the chain's points, averaged over the
        // two searches.
        let owned: f64 = c
            .stones
            .iter()
            .flat_map(|&p| ownerships.iter().map(move |o| (o, p)))
            .map(|(o, p)| f64::from(o.share(board, p, c.color.opponent())) / 2.0)
            .sum();
        let share = owned / c.stones.len() as f64;
        log::debug!(
            "life: the search re-judged the {:?} chain at {:?}: opponent share {:.2} -> {:.2}",
            c.color,
            board.coords(c.stones[0]),
            c.opponent_share,
            share
        );
        c.opponent_share = share;
        c.searched = true;
    }
}

/// Playouts of one refining search on a board of side `size`.
pub fn refine_playouts(size: usize) -> u64 {
    let points = (size * size).max(1) as u64;
    (REFINE_BUDGET / points).min(REFINE_MAX_PLAYOUTS)
}

/// One refining search: the ownership after [`refine_playouts`]
/// playouts with `first` to move.
fn refine_search((game, first, seed): &(Game, Color, u64)) -> Ownership {
    // Every setting is the referee's own: the player's options (threads,
    // tree memory, seed, RAVE) never reach the count.
    let mut search = Search::new(SearchConfig {
        threads: 1,
        seed: *seed,
        rave_equiv: REFINE_RAVE_EQUIV,
        max_nodes: REFINE_NODES,
        max_tree_mb: REFINE_TREE_MB,
    });
    let limits = Limits {
        deadline: None,
        max_playouts: Some(refine_playouts(game.size())),
        stop_early: false,
    };
    search.search(game, *first, &limits).ownership
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod ogs_tests;

#[cfg(test)]
mod endings_tests;
