//! The playout policy and the tree's prior knowledge: cheap Go knowledge
//! that makes random playouts less random.
//!
//! A playout move is chosen in this order (the scheme of Pachi's "moggy" and
//! Petr Baudiš's michi), each step taken with a probability so that the
//! playouts stay varied:
//!
//! 1. **atari** (90%): around the last move (the move and its 8 neighbours),
//!    capture an opponent chain in atari, or save an own chain in atari by
//!    capturing a neighbour in atari or by extending when that gains
//!    liberties;
//! 2. **3x3 patterns** (95%): an empty neighbour of the last move matching
//!    one of the MoGo hane/cut/edge patterns (michi's list), unless the move
//!    is a self-atari;
//! 3. **random**: a uniformly random legal move that does not fill an own
//!    eye, and is not a self-atari of a chain of 3 stones or more (2-stone
//!    self-ataris are refused half of the time).
//!
//! The same knowledge gives the priors of new tree nodes ([`prior`]): even
//! prior, bonuses for captures and escapes, patterns and moves near the last
//! move, maluses for self-atari and for first/second line moves in empty
//! areas.

use rand::Rng;

use crate::board::{Board, Cell, Color, MAX_SIZE, Point};
use crate::playout::{random_index, scan_empty_from};

use super::{ladder, shape};

/// Which Go knowledge the playouts and priors use. The player takes
/// [`Knowledge::PLAYER`], where every addition accepted on measured
/// strength goes; the referee's refining search (`life/refine.rs`) pins
/// [`Knowledge::REFEREE`], so that tuning the player never changes a
/// count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// Ladder reading ([`ladder`]): no escape from atari into a ladder
    /// in the playouts, and a malus instead of a bonus for it in the
    /// priors.
    pub ladders: bool,
    /// The mercy rule (as in Fuego): a playout ends as soon as one side has
    /// captured [`mercy_margin`] stones more than the other since the
    /// root, and that side wins it.
    pub mercy: bool,
    /// The priors of new nodes weigh each move's 3x3 shape by how often
    /// professionals play it ([`shape`]), instead of the MoGo patterns'
    /// flat bonus (on boards up to [`SHAPE_MAX_SIZE`], 19x19).
    pub shapes: bool,
    /// The pattern step draws its candidates one at a time and tests only
    /// the one drawn ([`pattern_move`]), and the atari step reads the
    /// ladder of an extension only when it draws it ([`draw_atari_move`]):
    /// the same choices, uniform among the candidates that pass, with fewer
    /// tests, but not the same random numbers as testing them all and then
    /// drawing one.
    pub one_draw: bool,
}

impl Knowledge {
    /// The player's knowledge: everything.
    pub const PLAYER: Knowledge = Knowledge {
        ladders: true,
        mercy: true,
        shapes: true,
        one_draw: true,
    };
    /// The referee's knowledge, chosen on the count's own measurements
    /// (professional records, GNU Go's counts), never on strength.
    /// Ladder reading since 2026-12-05: a chain the playouts let escape
    /// into a ladder is read as caught, as players count it (Fox records
    /// 467 exact instead of 466, the 1000 older records 976 / 740 as
    /// before, the GNU Go replay 510 / 520 as before).
    /// No mercy rule: the refining search's playouts are played to the end,
    /// as when the count was measured. No learned shapes: its priors stay
    /// those the count was measured with. The pattern and atari steps test
    /// every candidate before they draw: the random numbers the count was
    /// measured with (with the pattern step's draw of the player, the same
    /// choices by distribution, four records of 2,366 counted differently,
    /// a big group in an open fight among them: docs/COUNTING_HISTORY.md).
    pub const REFEREE: Knowledge = Knowledge {
        ladders: true,
        mercy: false,
        shapes: false,
        one_draw: false,
    };
}

/// The capture lead that ends a playout under the mercy rule on a board of
/// side `size`: 2 × size + 6 stones (24 on 9x9, 44 on 19x19). In 6,000
/// playouts of the policy from the empty board with komi 7.5, the side
/// with that lead won the finished playout every time on 9x9 (2,205
/// playouts), in 2,420 of 2,422 on 13x13 and 2,648 of 2,654 on 19x19; the
/// moves after it are 8.6% (9x9) and 4.8% (19x19) of all playout moves.
pub fn mercy_margin(size: usize) -> u32 {
    2 * size as u32 + 6
}

/// Probability of trying the atari step.
const PROB_ATARI: f64 = 0.9;
/// Probability of trying the pattern step.
const PROB_PATTERN: f64 = 0.95;
/// Probability of refusing a 2-stone self-atari in the random step.
const PROB_REJECT_SMALL_SELF_ATARI: f64 = 0.5;

/// Adds to `out` the moves that capture or save chains in atari at or
/// around `around` (the point and its 8 neighbours), for `color` to move.
/// With [`Knowledge::one_draw`] the ladder test of an extension (the one
/// costly test) is left to the draw: the extension goes into `out` and its
/// bit into the mask returned (entry `i` of `out` at bit `i`), and
/// [`draw_atari_move`] reads the ladder only if it draws it. An extension
/// that is also a capture of an opponent chain in atari always passes the
/// ladder test (a capture is an escape), so the moves that pass, counted
/// with their repetitions, are the same either way.
fn atari_moves(
    board: &Board,
    color: Color,
    around: Point,
    knowledge: Knowledge,
    out: &mut Vec<Point>,
) -> u64 {
    let mut deferred = 0u64;
    // One bit per stone in atari, in neighborhood()'s order, without
    // branches (empty and border cells count no liberties): most of the
    // time there is none.
    let own = color.cell();
    let around9 = neighborhood(board, around);
    let mut in_atari = 0u32;
    for (k, &q) in around9.iter().enumerate() {
        in_atari |= u32::from(board.chain_libs(q) == 1) << k;
    }
    let mut heads = [around; 9];
    let mut n_heads = 0;
    while in_atari != 0 {
        let q = around9[in_atari.trailing_zeros() as usize];
        in_atari &= in_atari - 1;
        let h = board.chain(q);
        if heads[..n_heads].contains(&h) {
            continue;
        }
        heads[n_heads] = h;
        n_heads += 1;
        let Some(lib) = board.atari_liberty(q) else {
            continue;
        };
        if board.cell(q) != own {
            if board.is_playout_move_eye_first(color, lib) {
                out.push(lib);
            }
            continue;
        }
        // Own chain in atari: capture a neighbouring chain in atari (the
        // moves of `Board::captures_next_to`, in its order, by a plain walk
        // over the chain's stones; a chain met again next to the following
        // stone gives the same move again, which is skipped)...
        let opp = color.opponent().cell();
        let mut last_head = None;
        let mut s = q;
        loop {
            // The neighbours that are opponent stones in atari, as bits,
            // without a branch a neighbour (most stones have none).
            let nb = board.neighbors(s);
            let mut hits = 0u32;
            for (k, &n) in nb.iter().enumerate() {
                hits |= u32::from((board.cell(n) == opp) & (board.chain_libs(n) == 1)) << k;
            }
            while hits != 0 {
                let n = nb[hits.trailing_zeros() as usize];
                hits &= hits - 1;
                let h = board.chain(n);
                if last_head == Some(h) {
                    continue;
                }
                last_head = Some(h);
                if let Some(l) = board.atari_liberty(n)
                    && board.is_playout_move_eye_first(color, l)
                    && !out.contains(&l)
                {
                    out.push(l);
                }
            }
            s = board.next_stone(s);
            if s == q {
                break;
            }
        }
        // ...or extend, when that gains liberties and the chain does not
        // then die in a ladder.
        if board.is_playout_move_eye_first(color, lib) && board.self_atari(color, lib).is_none() {
            if knowledge.ladders && knowledge.one_draw && out.len() < 64 {
                deferred |= 1 << out.len();
                out.push(lib);
            } else if !(knowledge.ladders && ladder::escape_fails(board, color, lib)) {
                out.push(lib);
            }
        }
    }
    deferred
}

/// One of the atari step's moves in `moves` (see [`atari_moves`]), drawn
/// uniformly among those that pass: an entry whose bit is set in
/// `deferred` is an extension whose ladder is read only when it is drawn,
/// and set aside (another one drawn) when the chain would die in the
/// ladder. `moves` is consumed.
fn draw_atari_move<R: Rng>(
    board: &Board,
    color: Color,
    moves: &mut Vec<Point>,
    mut deferred: u64,
    rng: &mut R,
) -> Option<Point> {
    while !moves.is_empty() {
        let i = rng.random_range(0..moves.len());
        // (Entries from the 64th on are never deferred: no bit.)
        let marked = i < 64 && deferred >> i & 1 != 0;
        if !marked || !ladder::escape_fails(board, color, moves[i]) {
            return Some(moves[i]);
        }
        moves.remove(i);
        // The bits above `i` move down with their entries (shifted in two
        // steps, so that `i == 63` does not shift by 64).
        let below = deferred & ((1 << i) - 1);
        deferred = below | (deferred >> i >> 1) << i;
    }
    None
}

/// The point and its 8 neighbours (some may be border cells).
#[inline]
fn neighborhood(board: &Board, p: Point) -> [Point; 9] {
    let [s, w, e, n] = board.neighbors(p);
    // Through the west and east neighbours, which are in the rows of the
    // point (the padded array has a row below and above every point).
    let [sw, _, _, nw] = board.neighbors(w);
    let [se, _, _, ne] = board.neighbors(e);
    [p, s, w, e, n, sw, se, nw, ne]
}

/// The 3x3 pattern code of the empty point `p`: its 8 neighbours' cells
/// (2 bits each) in the order NW N NE W E SW S SE.
#[inline]
fn pattern_code(board: &Board, p: Point) -> usize {
    board.pattern3(p)
}

/// Michi's 3x3 playout patterns (from MoGo). `X`/`O` are stones of either
/// colour (both colourings are matched), `x` is "not X" (empty, O or edge),
/// `o` is "not O", `.` empty, `?` anything, ` ` the edge. The centre is the
/// move.
const PATTERNS: &[[&str; 3]] = &[
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // katatsuke or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut 1: unprotected cut
    ["XO?", "O.X", "???"], // cut 1: peeped cut
    ["?X?", "O.O", "ooo"], // cut 2
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block side cut
    ["?X?", "x.O", "   "], // edge: block side connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// The pattern table: one bit per 3x3 code, built at compile time.
static PATTERN_TABLE: [u64; 1024] = pattern_table();

const fn pattern_table() -> [u64; 1024] {
    let mut table = [0u64; 1024];
    // The 8 neighbours NW N NE W E SW S SE (row 0 of the grid is north).
    const ORDER: [(usize, usize); 8] = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ];
    let mut k = 0;
    while k < PATTERNS.len() {
        let pat = PATTERNS[k];
        let mut t = 0;
        while t < 8 {
            let mut swap = 0;
            while swap < 2 {
                // The 8 neighbours of the transformed pattern.
                let mut cells = [b'?'; 8];
                let mut j = 0;
                while j < 8 {
                    let (r, c) = transform(t, ORDER[j].0, ORDER[j].1);
                    let ch = pat[r].as_bytes()[c];
                    cells[j] = if swap == 1 { swap_colors(ch) } else { ch };
                    j += 1;
                }
                fill(&cells, 0, 0, &mut table);
                swap += 1;
            }
            t += 1;
        }
        k += 1;
    }
    table
}

/// The `t`-th of the 8 symmetries of the 3x3 grid, applied to (row, col).
const fn transform(t: usize, r: usize, c: usize) -> (usize, usize) {
    let (c, r) = crate::coord::symmetry(t, c, r, 3);
    (r, c)
}

const fn swap_colors(ch: u8) -> u8 {
    match ch {
        b'X' => b'O',
        b'O' => b'X',
        b'x' => b'o',
        b'o' => b'x',
        other => other,
    }
}

/// [`PATTERN_TABLE`] indexed by the whole 3x3 window, centre included
/// (rows of three 2-bit cells, west first: north at bits 0-5, the middle
/// row at 6-11, south at 12-17): a bit is set when the centre is empty and
/// its neighbours match. Read straight from the window's rows, without
/// taking the centre out.
static WINDOW_TABLE: [u64; 4096] = window_table();

const fn window_table() -> [u64; 4096] {
    let mut table = [0u64; 4096];
    let mut idx = 0;
    while idx < 1 << 18 {
        let (north, middle, south) = (idx & 63, (idx >> 6) & 63, idx >> 12);
        let code = north | ((middle & 3) | (middle >> 4) << 2) << 6 | south << 10;
        let centre_empty = (middle >> 2) & 3 == Cell::Empty as usize;
        if centre_empty && PATTERN_TABLE[code >> 6] & (1 << (code & 63)) != 0 {
            table[idx >> 6] |= 1 << (idx & 63);
        }
        idx += 1;
    }
    table
}

/// Sets the table bit of every code matching `cells[k..]`, with `code`
/// holding the cells before `k`.
const fn fill(cells: &[u8; 8], k: usize, code: usize, table: &mut [u64; 1024]) {
    if k == 8 {
        table[code >> 6] |= 1 << (code & 63);
        return;
    }
    const E: usize = Cell::Empty as usize;
    const B: usize = Cell::Black as usize;
    const W: usize = Cell::White as usize;
    const EDGE: usize = Cell::Border as usize;
    let options: &[usize] = match cells[k] {
        b'.' => &[E],
        b'X' => &[B],
        b'O' => &[W],
        b'x' => &[E, W, EDGE],
        b'o' => &[E, B, EDGE],
        b' ' => &[EDGE],
        _ => &[E, B, W, EDGE],
    };
    let mut i = 0;
    while i < options.len() {
        fill(cells, k + 1, code | options[i] << (2 * k), table);
        i += 1;
    }
}

/// Whether the empty point `p` matches one of the 3x3 patterns.
#[inline]
pub fn matches_pattern(board: &Board, p: Point) -> bool {
    let code = pattern_code(board, p);
    PATTERN_TABLE[code >> 6] & (1 << (code & 63)) != 0
}

/// The empty neighbours of `last` that match a pattern, as bits in
/// [`neighborhood`]'s order after the point itself (bit `k` for its
/// `k + 1`-th point). The 3x3 codes of the 8 neighbours come from the 5x5
/// window around `last`, read once, and are looked up without branches.
fn pattern_hits(board: &Board, last: Point) -> u32 {
    let rows = board.window5(last);
    // (column, row) in the window of the neighbours in neighborhood()'s
    // order after the point itself: S W E N SW SE NW NE.
    const AT: [(u32, usize); 8] = [
        (2, 1),
        (1, 2),
        (3, 2),
        (2, 3),
        (1, 1),
        (3, 1),
        (1, 3),
        (3, 3),
    ];
    let mut hits = 0u32;
    for (k, &(x, y)) in AT.iter().enumerate() {
        let north = (rows[y + 1] >> (2 * (x - 1))) & 63;
        let middle = (rows[y] >> (2 * (x - 1))) & 63;
        let south = (rows[y - 1] >> (2 * (x - 1))) & 63;
        let code = (north | middle << 6 | south << 12) as usize;
        hits |= ((WINDOW_TABLE[code >> 6] >> (code & 63)) as u32 & 1) << k;
    }
    hits
}

/// The pattern step's move: one of the empty neighbours of `last` that
/// match a pattern and are neither illegal, own eyes nor self-ataris,
/// chosen uniformly; `None` when there is none. With `one_draw` the
/// candidates are drawn at random and tested one at a time, a failed one
/// set aside: the same choice, uniform among the moves that pass, as
/// testing them all first and then drawing one, with one test instead of
/// all of them when the first draw passes.
fn pattern_move<R: Rng>(
    board: &Board,
    color: Color,
    last: Point,
    one_draw: bool,
    rng: &mut R,
) -> Option<Point> {
    let mut hits = pattern_hits(board, last);
    if hits == 0 {
        return None;
    }
    let around = neighborhood(board, last);
    let passes = |k: u32| {
        let q = around[k as usize + 1];
        board.is_playout_move_eye_first(color, q) && board.self_atari(color, q).is_none()
    };
    if !one_draw {
        // Every candidate tested, then one of those that pass drawn.
        let mut rest = hits;
        while rest != 0 {
            let k = rest.trailing_zeros();
            if !passes(k) {
                hits &= !(1 << k);
            }
            rest &= rest - 1;
        }
        if hits == 0 {
            return None;
        }
    }
    while hits != 0 {
        // The k-th set bit of `hits`, k drawn among them.
        let mut rest = hits;
        for _ in 0..rng.random_range(0..hits.count_ones()) {
            rest &= rest - 1;
        }
        let k = rest.trailing_zeros();
        if !one_draw || passes(k) {
            return Some(around[k as usize + 1]);
        }
        hits &= !(1 << k);
    }
    None
}

/// Chooses the playout move of `color`, given the last move (if it was not
/// a pass). `buf` is scratch space. `None` means pass: no legal move is left
/// but filling own eyes.
pub fn playout_move<R: Rng>(
    board: &Board,
    color: Color,
    last: Option<Point>,
    knowledge: Knowledge,
    rng: &mut R,
    buf: &mut Vec<Point>,
) -> Option<Point> {
    if let Some(last) = last {
        if rng.random_bool(PROB_ATARI) {
            buf.clear();
            let deferred = atari_moves(board, color, last, knowledge, buf);
            if let Some(p) = draw_atari_move(board, color, buf, deferred, rng) {
                return Some(p);
            }
        }
        if rng.random_bool(PROB_PATTERN)
            && let Some(p) = pattern_move(board, color, last, knowledge.one_draw, rng)
        {
            return Some(p);
        }
    }
    random_move(board, color, rng)
}

/// Whether the random step accepts `p` (already a legal playout move).
#[inline]
fn random_ok<R: Rng>(board: &Board, color: Color, p: Point, rng: &mut R) -> bool {
    match board.self_atari(color, p) {
        None | Some(1) => true,
        Some(2) => !rng.random_bool(PROB_REJECT_SMALL_SELF_ATARI),
        Some(_) => false,
    }
}

/// A random legal move that fills no own eye and is not a big self-atari:
/// a few random probes, then a scan of the empty points from a random start.
/// When only self-ataris are left, one of them is played.
pub fn random_move<R: Rng>(board: &Board, color: Color, rng: &mut R) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    for _ in 0..4 {
        let p = board.empty_at(random_index(n, rng));
        if board.is_playout_move_eye_first(color, p) && random_ok(board, color, p, rng) {
            return Some(p);
        }
    }
    let mut fallback = None;
    let start = random_index(n, rng);
    let found = scan_empty_from(board, n, start, |p| {
        if !board.is_playout_move_eye_first(color, p) {
            return false;
        }
        if random_ok(board, color, p, rng) {
            return true;
        }
        fallback.get_or_insert(p);
        false
    });
    found.or(fallback)
}

/// Prior knowledge for a new tree node, as (virtual visits, virtual wins)
/// for the player making the move. Computed once per expansion.
pub struct Priors {
    /// Bonus per point for captures and escapes (visits = wins when
    /// positive; a negative bonus is that many visits without a win).
    bonus: Vec<(Point, f32)>,
    /// The (column, row) of the last move.
    last: Option<(usize, usize)>,
    /// The stones of each row (from the bottom), one bit per column: the
    /// "empty area" test of every child reads them instead of the board.
    stone_rows: [u32; MAX_SIZE],
    /// Whether the learned shapes ([`shape`]) replace the MoGo patterns
    /// (the knowledge asks for them and the board is small enough).
    shapes: bool,
}

/// Even prior: 10 visits at 50%.
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE_ONE: f32 = 15.0;
const PRIOR_CAPTURE_MANY: f32 = 30.0;
const PRIOR_ESCAPE: f32 = 15.0;
/// An escape from atari into a ladder that captures the chain
/// ([`ladder::escape_fails`]): visits without wins, as a self-atari.
const PRIOR_LADDER: f32 = -10.0;
const PRIOR_PATTERN: f32 = 10.0;
/// The learned shape's prior ([`shape::gamma`]): this many visits, won
/// in the share `gamma / (1 + gamma)` (half for a shape played as often
/// as the average legal point). In place of the MoGo patterns' bonus.
const PRIOR_SHAPE: f32 = 20.0;
/// The largest board the learned shapes are used on: they were measured
/// on 9x9 (docs/PLAYER.md, "Shapes learned from professional games") and
/// on 19x19 (stop 65, the same section); 13x13 lies between. Boards
/// larger than 19x19 keep the MoGo patterns' bonus (never measured).
const SHAPE_MAX_SIZE: usize = 19;
const PRIOR_SELF_ATARI: f32 = 10.0;
const PRIOR_EMPTY_AREA: f32 = 10.0;
/// Bonus by distance to the last move (1, 2, 3).
const PRIOR_NEAR: [f32; 3] = [24.0, 22.0, 8.0];
/// The pass move's prior: 10 visits, no wins (passing is rarely best
/// before the end; near the end the real visits take over).
pub const PRIOR_PASS: (f32, f32) = (10.0, 0.0);

impl Priors {
    /// Scans `board` for chains in atari (for `color` to move), the last
    /// move having been `last`.
    pub fn new(board: &Board, color: Color, last: Option<Point>, knowledge: Knowledge) -> Priors {
        let mut bonus = Vec::new();
        let mut stone_rows = [0u32; MAX_SIZE];
        let size = board.size();
        // `points` runs along each row from the bottom one.
        for (k, p) in board.points().enumerate() {
            if board.color_at(p).is_none() {
                continue;
            }
            stone_rows[k / size] |= 1 << (k % size);
            if board.chain(p) != p || board.liberties(p) != 1 {
                continue;
            }
            let Some(lib) = board.atari_liberty(p) else {
                continue;
            };
            if board.color_at(p) == Some(color) {
                if board.self_atari(color, lib).is_none() {
                    if knowledge.ladders && ladder::escape_fails(board, color, lib) {
                        bonus.push((lib, PRIOR_LADDER));
                    } else {
                        bonus.push((lib, PRIOR_ESCAPE));
                    }
                }
            } else if board.chain_len(p) == 1 {
                bonus.push((lib, PRIOR_CAPTURE_ONE));
            } else {
                bonus.push((lib, PRIOR_CAPTURE_MANY));
            }
        }
        Priors {
            bonus,
            last: last.map(|l| board.coords(l)),
            stone_rows,
            shapes: knowledge.shapes && size <= SHAPE_MAX_SIZE,
        }
    }

    /// [`Board::stone_within`] of the board the priors were made for
    /// (side `size`), from the rows' stone masks.
    fn stone_within(&self, col: usize, row: usize, d: usize, size: usize) -> bool {
        for r in row.saturating_sub(d)..(row + d + 1).min(size) {
            let reach = d - r.abs_diff(row);
            let lo = col.saturating_sub(reach);
            let hi = (col + reach).min(size - 1);
            // Bits lo..=hi.
            let mask = (u32::MAX >> (31 - (hi - lo))) << lo;
            if self.stone_rows[r] & mask != 0 {
                return true;
            }
        }
        false
    }

    /// The prior of `color` playing at `p` (a legal move).
    pub fn prior(&self, board: &Board, color: Color, p: Point) -> (f32, f32) {
        let mut n = PRIOR_EVEN;
        let mut w = PRIOR_EVEN / 2.0;
        for &(q, b) in &self.bonus {
            if q == p {
                n += b.abs();
                w += b.max(0.0);
            }
        }
        let (x, y) = board.coords(p);
        if let Some((x0, y0)) = self.last {
            let d = x0.abs_diff(x) + y0.abs_diff(y);
            if (1..=3).contains(&d) {
                n += PRIOR_NEAR[d - 1];
                w += PRIOR_NEAR[d - 1];
            }
        }
        if self.shapes {
            let g = shape::gamma(shape::code(board, color, p));
            n += PRIOR_SHAPE;
            w += PRIOR_SHAPE * g / (1.0 + g);
        } else if matches_pattern(board, p) {
            n += PRIOR_PATTERN;
            w += PRIOR_PATTERN;
        }
        if board.self_atari(color, p).is_some() {
            n += PRIOR_SELF_ATARI;
        }
        let size = board.size();
        let height = x.min(y).min(size - 1 - x).min(size - 1 - y);
        if height <= 2 && size >= 9 && !self.stone_within(x, y, 3, size) {
            n += PRIOR_EMPTY_AREA;
            if height == 2 {
                w += PRIOR_EMPTY_AREA;
            }
        }
        (n, w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use crate::testutil::{board_with, play_playout_move};

    #[test]
    fn quick_tests_and_pattern_window_answer_as_the_plain_ones() {
        // Positions along heavy playouts, every empty point, both colours.
        let mut rng = SmallRng::seed_from_u64(5);
        let mut buf = Vec::new();
        let mut checked = [0usize; 2];
        let mut patterns = 0;
        let mut set_aside = Vec::new();
        for size in [2, 5, 9, 13, 19] {
            for _ in 0..6 {
                let mut b = Board::new(size).expect("size");
                let mut color = Color::Black;
                let mut last = None;
                for _ in 0..size * size * 2 {
                    for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
                        for c in [Color::Black, Color::White] {
                            assert_eq!(
                                b.is_playout_move_eye_first(c, p),
                                b.is_playout_move(c, p),
                                "{b:?} {p:?} {c:?}"
                            );
                            let walk = b.self_atari_walk(c, p);
                            assert_eq!(b.self_atari(c, p), walk, "{b:?} {p:?} {c:?}");
                            checked[usize::from(walk.is_some())] += 1;
                        }
                    }
                    // The pattern step's candidates, from the 5x5 window,
                    // as point by point (around every point, edges
                    // included), and its move one of those that pass.
                    for p in b.points() {
                        let mut hits = 0u32;
                        let mut want = Vec::new();
                        for (k, q) in neighborhood(&b, p).into_iter().skip(1).enumerate() {
                            if b.cell(q) == Cell::Empty && matches_pattern(&b, q) {
                                hits |= 1 << k;
                                if b.is_playout_move(color, q) && b.self_atari(color, q).is_none() {
                                    want.push(q);
                                }
                            }
                        }
                        assert_eq!(pattern_hits(&b, p), hits, "{b:?} {p:?}");
                        for one_draw in [false, true] {
                            match pattern_move(&b, color, p, one_draw, &mut rng) {
                                Some(q) => assert!(want.contains(&q), "{b:?} {p:?} {q:?}"),
                                None => assert!(want.is_empty(), "{b:?} {p:?}"),
                            }
                        }
                        if want.len() >= 2 && hits.count_ones() as usize > want.len() {
                            set_aside.push((b.clone(), color, p, want.clone()));
                        }
                        patterns += want.len();
                    }
                    last = play_playout_move(&mut b, color, last, &mut rng, &mut buf);
                    color = color.opponent();
                }
            }
        }
        // Both answers occur often.
        assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
        assert!(patterns > 1000, "{patterns}");

        // Where some candidates fail the tests, the move is still uniform
        // among those that pass, drawn either way: 3,000 draws in each of
        // the first 20 such positions, every count within five standard
        // deviations.
        assert!(set_aside.len() >= 20, "{}", set_aside.len());
        let cases = set_aside.iter().take(20);
        for ((b, color, p, want), one_draw) in cases.flat_map(|c| [(c, false), (c, true)]) {
            let draws = 3000.0;
            let mut counts = vec![0.0; want.len()];
            for _ in 0..draws as usize {
                let q = pattern_move(b, *color, *p, one_draw, &mut rng).expect("a move");
                let i = want
                    .iter()
                    .position(|&w| w == q)
                    .expect("a move that passes");
                counts[i] += 1.0;
            }
            let share = 1.0 / want.len() as f64;
            let sd = (draws * share * (1.0 - share)).sqrt();
            for c in counts {
                assert!(
                    (c - draws * share).abs() < 5.0 * sd,
                    "{b:?} {p:?} {want:?} {c}"
                );
            }
        }
    }

    #[test]
    fn the_atari_steps_deferred_ladder_reads_leave_the_same_moves() {
        // Positions along heavy playouts, the atari step around every
        // point: the moves that pass are the same, in the same order, with
        // the ladder read at once or left to the draw.
        let mut rng = SmallRng::seed_from_u64(11);
        let mut buf = Vec::new();
        let at_once = Knowledge {
            one_draw: false,
            ..Knowledge::PLAYER
        };
        let mut deferred_reads = 0;
        for size in [9, 13, 19] {
            for _ in 0..4 {
                let mut b = Board::new(size).expect("size");
                let mut color = Color::Black;
                let mut last = None;
                for _ in 0..size * size * 2 {
                    for p in b.points() {
                        let mut want = Vec::new();
                        assert_eq!(atari_moves(&b, color, p, at_once, &mut want), 0);
                        let mut moves = Vec::new();
                        let deferred = atari_moves(&b, color, p, Knowledge::PLAYER, &mut moves);
                        let mut passing = Vec::new();
                        for (i, &q) in moves.iter().enumerate() {
                            let read = deferred >> i & 1 != 0;
                            deferred_reads += usize::from(read);
                            if !read || !ladder::escape_fails(&b, color, q) {
                                passing.push(q);
                            }
                        }
                        assert_eq!(passing, want, "{b:?} {p:?}");
                    }
                    last = play_playout_move(&mut b, color, last, &mut rng, &mut buf);
                    color = color.opponent();
                }
            }
        }
        assert!(deferred_reads > 1000, "{deferred_reads}");
    }

    #[test]
    fn the_atari_steps_draw_sets_aside_an_extension_that_dies_in_a_ladder() {
        // White C3 in atari (Black B3, C4, C2, D2): extending at D3 dies in
        // a ladder towards the empty upper right. Among two far points and
        // that extension twice (both left to the draw), the draw gives the
        // two far points, each about half the time: the extension never,
        // also after the first copy is set aside and the entries behind it
        // move down.
        let b = board_with(9, &[(2, 3), (1, 2), (2, 1), (3, 1)], &[(2, 2)]);
        let pt = |x, y| b.point(x, y).expect("on board");
        let (e, far) = (pt(3, 2), [pt(7, 7), pt(6, 6)]);
        assert!(ladder::escape_fails(&b, Color::White, e));
        let mut rng = SmallRng::seed_from_u64(4);
        let mut counts = [0; 2];
        for _ in 0..2000 {
            let mut moves = vec![far[0], e, far[1], e];
            let q = draw_atari_move(&b, Color::White, &mut moves, 0b1010, &mut rng);
            let i = far.iter().position(|&f| Some(f) == q);
            counts[i.expect("a far point")] += 1;
        }
        // Half of 2,000, within five standard deviations (22.4 each).
        assert!(
            counts.iter().all(|&c| (c - 1000i32).abs() < 112),
            "{counts:?}"
        );
        // Only extensions that die: nothing.
        let mut moves = vec![e, e];
        assert_eq!(
            draw_atari_move(&b, Color::White, &mut moves, 0b11, &mut rng),
            None
        );
        // The last bit of the mask (entry 63 of a longer list) set aside
        // like the others, and the entries after it never read.
        for _ in 0..200 {
            let mut moves = vec![far[0]; 70];
            moves[63] = e;
            let q = draw_atari_move(&b, Color::White, &mut moves, 1 << 63, &mut rng);
            assert_eq!(q, Some(far[0]));
        }
    }

    #[test]
    fn priors_find_stones_within_a_distance_as_the_board() {
        let mut rng = SmallRng::seed_from_u64(9);
        for size in [2, 5, 9, 19, 25] {
            let mut b = Board::new(size).expect("size");
            let mut color = Color::Black;
            for _ in 0..size * size {
                let priors = Priors::new(&b, color, None, Knowledge::PLAYER);
                for row in 0..size {
                    for col in 0..size {
                        for d in 0..5 {
                            assert_eq!(
                                priors.stone_within(col, row, d, size),
                                b.stone_within(col, row, d),
                                "{b:?} {col} {row} {d}"
                            );
                        }
                    }
                }
                match random_move(&b, color, &mut rng) {
                    Some(p) => {
                        b.play_unchecked(color, p);
                    }
                    None => b.clear_ko(),
                }
                color = color.opponent();
            }
        }
    }

    #[test]
    fn learned_shapes_replace_the_pattern_bonus_in_the_players_priors_up_to_19x19() {
        // Positions along playouts; the referee's priors are the MoGo
        // patterns' (and so the player's above 19x19); the player's up to
        // 19x19 trade the pattern bonus for the shape's prior.
        let mut rng = SmallRng::seed_from_u64(21);
        let mut buf = Vec::new();
        let mut differ = 0;
        for size in [9, 13, 19, 21] {
            let mut b = Board::new(size).expect("size");
            let mut color = Color::Black;
            let mut last = None;
            for _ in 0..size * size {
                let player = Priors::new(&b, color, last, Knowledge::PLAYER);
                let referee = Priors::new(&b, color, last, Knowledge::REFEREE);
                for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
                    let (n, w) = player.prior(&b, color, p);
                    let (rn, rw) = referee.prior(&b, color, p);
                    if size > SHAPE_MAX_SIZE {
                        assert_eq!((n, w), (rn, rw));
                        continue;
                    }
                    let bonus = if matches_pattern(&b, p) {
                        PRIOR_PATTERN
                    } else {
                        0.0
                    };
                    let g = shape::gamma(shape::code(&b, color, p));
                    assert_eq!(n, rn - bonus + PRIOR_SHAPE);
                    assert!((w - (rw - bonus + PRIOR_SHAPE * g / (1.0 + g))).abs() < 1e-4);
                    differ += usize::from(w != rw);
                }
                last = play_playout_move(&mut b, color, last, &mut rng, &mut buf);
                color = color.opponent();
            }
        }
        assert!(differ > 1000, "{differ}");
    }

    #[test]
    fn playouts_capture_a_chain_in_atari() {
        // White (2,2) surrounded on three sides; Black to capture at (2,3).
        let b = board_with(7, &[(1, 2), (3, 2), (2, 1)], &[(2, 2)]);
        let last = b.point(2, 2);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buf = Vec::new();
        let target = b.point(2, 3);
        let hits = (0..200)
            .filter(|_| {
                playout_move(
                    &b,
                    Color::Black,
                    last,
                    Knowledge::PLAYER,
                    &mut rng,
                    &mut buf,
                ) == target
            })
            .count();
        assert!(hits > 150, "{hits}");
    }

    #[test]
    fn patterns_match_a_hane() {
        // Black (2,3), White (3,3) above the empty (3,2)... the point
        // (2,2) sees X above-left and O above: "XO." over "..." — a hane.
        let b = board_with(7, &[(1, 3)], &[(2, 3)]);
        let p = b.point(2, 2).expect("pt");
        assert!(matches_pattern(&b, p));
        let far = b.point(5, 0).expect("pt");
        assert!(!matches_pattern(&b, far));
    }
}
