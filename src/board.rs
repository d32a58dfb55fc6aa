//! The board: stones, chains, liberties and the Zobrist hash.
//!
//! This is the hot path of the engine. Its layout follows Pachi and KataGo:
//!
//! * a padded one-dimensional point array (`stride = size + 2`) with a ring of
//!   [`Cell::Border`] around the playing area, so neighbour loops never check
//!   bounds;
//! * every stone belongs to a chain identified by its *head* point; chains are
//!   circular linked lists of stones (`next`), and the head carries the chain's
//!   exact liberty count and size, kept up to date on every move (so "is this
//!   chain in atari?" is one array read);
//! * a list of empty points with O(1) removal, for random playouts;
//! * a 64-bit Zobrist hash of the stones, updated incrementally.
//!
//! The board knows the rules of *placement* only: occupied points, suicide and
//! the simple-ko point. History, superko and rule presets live in
//! [`crate::game`].

use std::fmt;

use crate::coord::{padded_coords, padded_index, vertex_text};

/// Largest supported board side.
pub const MAX_SIZE: usize = 25;
/// Smallest supported board side.
pub const MIN_SIZE: usize = 2;
const MAX_STRIDE: usize = MAX_SIZE + 2;
/// Length of every per-cell array: a power of two at least as large as the
/// padded array of the largest board (27 x 27 = 729), so that indices are
/// masked with [`ix`] and the compiler drops the bounds checks on the hot
/// path without any `unsafe`.
pub const MAX_POINTS: usize = 1024;
const _: () = assert!(MAX_STRIDE * MAX_STRIDE <= MAX_POINTS && MAX_POINTS.is_power_of_two());

/// A cell number as an array index, masked to the array length.
#[inline(always)]
fn ix(v: u16) -> usize {
    v as usize & (MAX_POINTS - 1)
}

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The cell of this colour's stones.
    #[inline]
    pub fn cell(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// What occupies one cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    /// The colour of a stone, or `None` for empty and border cells.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// A cell index into the padded array. Only [`Board::point`] makes points
/// from coordinates, so a `Point` obtained from a board is on that board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The raw cell index (for per-point tables).
    #[inline]
    pub fn index(self) -> usize {
        ix(self.0)
    }
}

/// Why a stone cannot be placed. [`crate::game`] adds the superko case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The coordinates are not on this board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would leave its own chain without liberties and capture
    /// nothing (and the rules forbid it).
    Suicide,
    /// Immediate recapture of a ko.
    Ko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "off board",
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
        })
    }
}

/// Zobrist keys, one per colour and cell, made at compile time from a fixed
/// seed so that hashes are the same in every run.
const ZOBRIST: [[u64; MAX_POINTS]; 2] = {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            keys[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    keys
};

/// The Zobrist key of a stone of `color` at `p`.
#[inline]
pub fn zobrist(color: Color, p: Point) -> u64 {
    ZOBRIST[color.index()][p.index()]
}

/// What a successful [`Board::play`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveEffect {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed by a (legal) multi-stone suicide.
    pub suicided: u32,
}

/// Of four neighbour heads, which are the first occurrence of a chain (head
/// 0, empty or border, never is). Branch-free.
#[inline(always)]
fn distinct_chains(h: [u16; 4]) -> [bool; 4] {
    [
        h[0] != 0,
        (h[1] != 0) & (h[1] != h[0]),
        (h[2] != 0) & (h[2] != h[0]) & (h[2] != h[1]),
        (h[3] != 0) & (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]),
    ]
}

/// A Go board of side 2 to 25. Cheap to copy (plain arrays, no heap), so
/// playouts copy it; [`Board::clone_from`] onto a board of the same size
/// copies only the cells the size uses (a ninth of the arrays on 9x9).
pub struct Board {
    size: u16,
    stride: u16,
    cells: [Cell; MAX_POINTS],
    /// Head of the chain a stone belongs to; 0 (a border cell, never a
    /// head) on empty and border cells.
    head: [u16; MAX_POINTS],
    /// Next stone of the same chain (circular list).
    next: [u16; MAX_POINTS],
    /// Liberties of the chain whose head is this point.
    libs: [u16; MAX_POINTS],
    /// Stones of the chain whose head is this point.
    stones: [u16; MAX_POINTS],
    /// Empty on-board points, unordered, with `empty_pos` as inverse index.
    empty: [u16; MAX_POINTS],
    empty_pos: [u16; MAX_POINTS],
    n_empty: u16,
    hash: u64,
    /// Simple-ko point: the point where the player to move may not play
    /// (0 = none).
    ko: u16,
    /// The colour the ko ban applies to.
    ko_color: Color,
    /// Stones captured *by* each colour (prisoners it holds).
    captures: [u32; 2],
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            cells: self.cells,
            head: self.head,
            next: self.next,
            libs: self.libs,
            stones: self.stones,
            empty: self.empty,
            empty_pos: self.empty_pos,
            n_empty: self.n_empty,
            hash: self.hash,
            ko: self.ko,
            ko_color: self.ko_color,
            captures: self.captures,
        }
    }

    /// Copies `src` into `self`. Between boards of the same size only the
    /// first `stride * stride` entries of each array are copied: no board
    /// operation writes beyond them (every write is at a point, a chain
    /// head, the dummy entry 0, or an empty-list position below
    /// `size * size`), so the rest of both boards still holds what
    /// [`Board::new`] put there.
    fn clone_from(&mut self, src: &Board) {
        if self.size != src.size {
            *self = src.clone();
            return;
        }
        let n = usize::from(src.stride) * usize::from(src.stride);
        self.cells[..n].copy_from_slice(&src.cells[..n]);
        self.head[..n].copy_from_slice(&src.head[..n]);
        self.next[..n].copy_from_slice(&src.next[..n]);
        self.libs[..n].copy_from_slice(&src.libs[..n]);
        self.stones[..n].copy_from_slice(&src.stones[..n]);
        self.empty[..n].copy_from_slice(&src.empty[..n]);
        self.empty_pos[..n].copy_from_slice(&src.empty_pos[..n]);
        self.n_empty = src.n_empty;
        self.hash = src.hash;
        self.ko = src.ko;
        self.ko_color = src.ko_color;
        self.captures = src.captures;
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{} hash {:016x}",
            self.size, self.size, self.hash
        )?;
        for row in (0..self.size()).rev() {
            for col in 0..self.size() {
                let p = self.point_unchecked(col, row);
                f.write_str(match self.cells[p.index()] {
                    Cell::Black => "X",
                    Cell::White => "O",
                    _ => ".",
                })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The stones of one chain: see [`Board::stones`].
pub struct Stones<'a> {
    board: &'a Board,
    start: Point,
    next: Option<Point>,
}

impl Iterator for Stones<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.next?;
        let q = self.board.next_stone(p);
        self.next = (q != self.start).then_some(q);
        Some(p)
    }
}

impl Board {
    /// An empty board of side `size`, or `None` if the size is not
    /// between [`MIN_SIZE`] and [`MAX_SIZE`].
    pub fn new(size: usize) -> Option<Board> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let stride = size + 2;
        let mut b = Board {
            size: size as u16,
            stride: stride as u16,
            cells: [Cell::Border; MAX_POINTS],
            head: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            libs: [0; MAX_POINTS],
            stones: [0; MAX_POINTS],
            empty: [0; MAX_POINTS],
            empty_pos: [0; MAX_POINTS],
            n_empty: 0,
            hash: 0,
            ko: 0,
            ko_color: Color::Black,
            captures: [0; 2],
        };
        for row in 0..size {
            for col in 0..size {
                let i = padded_index(col, row, stride);
                b.cells[i] = Cell::Empty;
                b.empty_pos[i] = b.n_empty;
                b.empty[b.n_empty as usize] = i as u16;
                b.n_empty += 1;
            }
        }
        Some(b)
    }

    /// Side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The point at column `col` and row `row` (0-based, row 0 at the
    /// bottom), or `None` when off the board.
    pub fn point(&self, col: usize, row: usize) -> Option<Point> {
        if col < self.size() && row < self.size() {
            Some(self.point_unchecked(col, row))
        } else {
            None
        }
    }

    #[inline]
    fn point_unchecked(&self, col: usize, row: usize) -> Point {
        Point(padded_index(col, row, self.stride as usize) as u16)
    }

    /// The (column, row) of an on-board point, 0-based from the bottom left.
    pub fn coords(&self, p: Point) -> (usize, usize) {
        padded_coords(p.index(), self.stride as usize)
    }

    /// Every on-board point, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size();
        (0..n).flat_map(move |row| (0..n).map(move |col| self.point_unchecked(col, row)))
    }

    /// What is at `p`.
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// The colour of the stone at `p`, if any.
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.cells[p.index()].color()
    }

    /// The four orthogonal neighbours (some may be border cells).
    #[inline]
    pub fn neighbors(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + s),
        ]
    }

    /// The four diagonal neighbours of an on-board point (some may be
    /// border cells; the padding ring makes every one a valid index).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s - 1),
            Point(p.0 - s + 1),
            Point(p.0 + s - 1),
            Point(p.0 + s + 1),
        ]
    }

    /// `p` as GTP writes it, e.g. `D4` (column letter, row from 1 at the
    /// bottom).
    pub fn vertex_name(&self, p: Point) -> String {
        let (col, row) = self.coords(p);
        vertex_text(col, row)
    }

    /// The head point of the chain containing the stone at `p`.
    #[inline]
    pub fn chain(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// Exact liberty count of the chain at `p` (0 for an empty point).
    #[inline]
    pub fn liberties(&self, p: Point) -> usize {
        // Without a branch: empty and border cells have the dummy head 0,
        // whose count stays 0.
        self.chain_libs(p)
    }

    /// [`Board::liberties`] without a branch: empty and border cells read
    /// the dummy head 0, whose count stays 0.
    #[inline]
    pub fn chain_libs(&self, p: Point) -> usize {
        self.libs[ix(self.head[p.index()])] as usize
    }

    /// Number of stones in the chain at `p` (0 for an empty point).
    #[inline]
    pub fn chain_len(&self, p: Point) -> usize {
        // As for liberties: the dummy head 0 counts no stones.
        self.stones[ix(self.head[p.index()])] as usize
    }

    /// The stones of the chain at `p`.
    pub fn chain_stones(&self, p: Point) -> Vec<Point> {
        self.stones(p).collect()
    }

    /// The stones of the chain at `p`, starting with `p` (none for an empty
    /// point), without allocating.
    pub fn stones(&self, p: Point) -> Stones<'_> {
        Stones {
            board: self,
            start: p,
            next: self.color_at(p).map(|_| p),
        }
    }

    /// The single liberty of the chain at `p` if it is in atari.
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        if self.chain_libs(p) != 1 {
            return None;
        }
        let mut lib = [p; 1];
        (self.chain_liberties(p, &mut lib) == 1).then_some(lib[0])
    }

    /// The capturing moves next to the chain at `p`: the liberty of each
    /// opponent chain in atari that touches it, once per touching stone
    /// (so a point may come more than once). The ladder reader, the
    /// playout policy and the counting phase's tactics all ask this when
    /// a chain in trouble looks for a counter-capture.
    pub fn captures_next_to(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let opp = self.color_at(p).map(|c| c.opponent().cell());
        self.stones(p)
            .flat_map(move |s| self.neighbors(s))
            .filter(move |&n| Some(self.cell(n)) == opp && self.chain_libs(n) == 1)
            .filter_map(move |n| self.atari_liberty(n))
    }

    /// The next stone of the chain at `p` (the chains are circular lists:
    /// following `next_stone` from any stone visits the whole chain and
    /// comes back). Allocation-free, for the playout policy.
    #[inline]
    pub fn next_stone(&self, p: Point) -> Point {
        Point(self.next[p.index()])
    }

    /// Zobrist hash of the stones on the board (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far by `color`.
    #[inline]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The point `color` may not play on because of simple ko, if any.
    pub fn ko_point(&self, color: Color) -> Option<Point> {
        (self.ko != 0 && self.ko_color == color).then_some(Point(self.ko))
    }

    /// Clear the simple-ko ban (used after a pass).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty as usize
    }

    /// This position with the stones at the points `remove` picks taken
    /// off (a whole chain or none of it). The other stones are placed
    /// again farthest from a liberty first, so that none is ever without
    /// liberties on the way; the prisoner counts are kept, the ko ban is
    /// cleared.
    pub fn without(&self, remove: impl Fn(Point) -> bool) -> Board {
        let mut out = Board::new(self.size()).unwrap_or_else(|| self.clone());
        out.captures = self.captures;
        // Distance of each kept stone to the nearest empty point of the
        // new position, through stones of its own colour.
        let kept = |p: Point| self.color_at(p).is_some() && !remove(p);
        let mut dist = vec![u16::MAX; MAX_POINTS];
        let mut queue = std::collections::VecDeque::new();
        for p in self.points() {
            if kept(p)
                && self
                    .neighbors(p)
                    .iter()
                    .any(|&n| self.cell(n) != Cell::Border && !kept(n))
            {
                dist[p.index()] = 0;
                queue.push_back(p);
            }
        }
        while let Some(p) = queue.pop_front() {
            for n in self.neighbors(p) {
                if kept(n) && self.color_at(n) == self.color_at(p) && dist[n.index()] == u16::MAX {
                    dist[n.index()] = dist[p.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        let mut order: Vec<Point> = self.points().filter(|&p| kept(p)).collect();
        order.sort_by_key(|p| (std::cmp::Reverse(dist[p.index()]), p.index()));
        for p in order {
            if let Some(c) = self.color_at(p) {
                out.play_unchecked(c, p);
            }
        }
        out.clear_ko();
        out
    }

    /// Puts the list of empty points in board order, so that what picks
    /// from it ([`Board::empty_at`]) depends on the stones alone, not on
    /// the order in which they were played.
    pub fn sort_empty_points(&mut self) {
        let n = self.n_empty as usize;
        self.empty[..n].sort_unstable();
        for i in 0..n {
            self.empty_pos[ix(self.empty[i])] = i as u16;
        }
    }

    /// The `i`-th empty point in the (unordered) empty list.
    #[inline]
    pub fn empty_at(&self, i: usize) -> Point {
        Point(self.empty[i & (MAX_POINTS - 1)])
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        self.points()
            .filter(|&p| self.color_at(p) == Some(color))
            .count()
    }

    /// Whether placing `color` at the empty point `p` would leave its chain
    /// without liberties while capturing nothing.
    #[inline]
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        let own = color.cell();
        for n in self.neighbors(p) {
            let c = self.cells[n.index()];
            if c == Cell::Empty {
                return false;
            }
            if c == Cell::Border {
                continue;
            }
            let libs = self.libs[self.head[n.index()] as usize];
            if c == own {
                if libs > 1 {
                    return false;
                }
            } else if libs == 1 {
                return false;
            }
        }
        true
    }

    /// Whether `p` would be a single-stone suicide (no chain of its own
    /// colour next to it either) — never legal, because it changes nothing.
    fn is_single_stone_suicide(&self, color: Color, p: Point) -> bool {
        let own = color.cell();
        self.is_suicide(color, p)
            && self
                .neighbors(p)
                .iter()
                .all(|n| self.cells[n.index()] != own)
    }

    /// Checks placement legality: on an empty point, not the simple-ko
    /// point, and not suicide unless `multi_stone_suicide` allows it (a
    /// single-stone suicide is never legal).
    pub fn check(
        &self,
        color: Color,
        p: Point,
        multi_stone_suicide: bool,
    ) -> Result<(), IllegalMove> {
        if self.cells[p.index()] != Cell::Empty {
            return Err(if self.cells[p.index()] == Cell::Border {
                IllegalMove::OffBoard
            } else {
                IllegalMove::Occupied
            });
        }
        if self.ko == p.0 && self.ko_color == color {
            return Err(IllegalMove::Ko);
        }
        if self.is_suicide(color, p)
            && (!multi_stone_suicide || self.is_single_stone_suicide(color, p))
        {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// The hash the board would have after `color` plays at `p` (which must
    /// pass [`Board::check`]), without playing it. Used for superko.
    pub fn hash_after(&self, color: Color, p: Point) -> u64 {
        let mut h = self.hash ^ zobrist(color, p);
        let opp = color.opponent().cell();
        let mut seen: [u16; 4] = [0; 4];
        let mut n_seen = 0;
        let mut captured_any = false;
        for n in self.neighbors(p) {
            if self.cells[n.index()] != opp {
                continue;
            }
            let hd = self.head[n.index()];
            if self.libs[ix(hd)] != 1 || seen[..n_seen].contains(&hd) {
                continue;
            }
            seen[n_seen] = hd;
            n_seen += 1;
            captured_any = true;
            for q in self.chain_stones(Point(hd)) {
                h ^= zobrist(color.opponent(), q);
            }
        }
        if !captured_any && self.is_suicide(color, p) {
            // Multi-stone suicide: the new stone and every own chain next to
            // it leave the board.
            h ^= zobrist(color, p);
            let own = color.cell();
            let mut seen_own: [u16; 4] = [0; 4];
            let mut n_own = 0;
            for n in self.neighbors(p) {
                if self.cells[n.index()] != own {
                    continue;
                }
                let hd = self.head[n.index()];
                if seen_own[..n_own].contains(&hd) {
                    continue;
                }
                seen_own[n_own] = hd;
                n_own += 1;
                for q in self.chain_stones(Point(hd)) {
                    h ^= zobrist(color, q);
                }
            }
        }
        h
    }

    /// Plays `color` at `p` after checking placement legality (see
    /// [`Board::check`]). On error the board is unchanged.
    pub fn play(
        &mut self,
        color: Color,
        p: Point,
        multi_stone_suicide: bool,
    ) -> Result<MoveEffect, IllegalMove> {
        self.check(color, p, multi_stone_suicide)?;
        Ok(self.play_unchecked(color, p))
    }

    /// Places a stone without the legality check. The point must be empty
    /// and the move must not be a single-stone suicide; multi-stone suicide
    /// removes the chain.
    #[inline]
    pub fn play_unchecked(&mut self, color: Color, p: Point) -> MoveEffect {
        let own = color.cell();
        let opp_color = color.opponent();
        let opp = opp_color.cell();
        let pi = p.index();
        debug_assert_eq!(self.cells[pi], Cell::Empty);

        self.remove_empty(pi);
        self.cells[pi] = own;
        self.hash ^= zobrist(color, p);
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.stones[pi] = 1;

        // One pass over the neighbours, without branches: count the new
        // stone's liberties and find the distinct chains next to it (before
        // anything merges: a merge relinks heads). Empty and border cells
        // have head 0, which no chain has.
        let nb = self.neighbors(p);
        let c = nb.map(|n| self.cells[n.index()]);
        let h = nb.map(|n| self.head[n.index()]);
        let first = distinct_chains(h);
        self.libs[pi] = c.iter().map(|&x| u16::from(x == Cell::Empty)).sum();

        // Each of them loses the liberty p (a no-op on the dummy entry 0).
        let mut own_mask = 0u32;
        let mut cap_mask = 0u32;
        for i in 0..4 {
            let hi = ix(h[i]);
            self.libs[hi] -= u16::from(first[i]);
            own_mask |= u32::from(first[i] & (c[i] == own)) << i;
            cap_mask |= u32::from(first[i] & (c[i] == opp) & (self.libs[hi] == 0)) << i;
        }

        // Own chains merge with the new stone; opponent chains left without
        // liberties are captured.
        // The first own chain merges without a branch (with no own chain,
        // `x` is the new stone itself and the merge changes nothing); the
        // rare others take the general path.
        // (Bit 4 stands for "none", so the choice needs no branch.)
        let hp = [h[0], h[1], h[2], h[3], p.0, p.0, p.0, p.0];
        let x = hp[(own_mask | 1 << 4).trailing_zeros() as usize & 7];
        let mut my_head = self.merge_lone(p.0, x);
        let mut rest = own_mask & own_mask.wrapping_sub(1);
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            my_head = self.merge(my_head, h[i & 3]);
            rest &= rest - 1;
        }

        let mut effect = MoveEffect::default();
        if cap_mask != 0 {
            let mut last_captured = 0u16;
            for (i, &hd) in h.iter().enumerate() {
                if cap_mask & (1 << i) != 0 {
                    effect.captured += self.remove_chain(hd, opp_color);
                    last_captured = hd;
                }
            }
            self.captures[color.index()] += effect.captured;
            self.ko = 0;
            if effect.captured == 1 && self.stones[ix(my_head)] == 1 && self.libs[ix(my_head)] == 1
            {
                self.ko = last_captured;
                self.ko_color = opp_color;
            }
        } else {
            self.ko = 0;
            if self.libs[ix(my_head)] == 0 {
                effect.suicided = self.remove_chain(my_head, color);
                self.captures[opp_color.index()] += effect.suicided;
            }
        }
        effect
    }

    /// Merges the new stone `p` (a chain of one) with the own chain `x` next
    /// to it, or does nothing when `x == p`; returns the head of the
    /// result. Without branches: the same choice of head as
    /// [`Board::merge`], and the smaller chain is a single stone.
    #[inline(always)]
    fn merge_lone(&mut self, p: u16, x: u16) -> u16 {
        // big = p and small = x if x is a single stone, else the reverse,
        // selected with a mask (see above).
        let swap = (p ^ x) & 0u16.wrapping_sub(u16::from(self.stones[ix(x)] == 1));
        let (big, small) = (x ^ swap, p ^ swap);
        let joined = u16::from(p != x);
        let new_libs = self.lone_stone_liberties_not_next_to(small, big) * joined;
        self.head[ix(small)] = big;
        self.next.swap(ix(big), ix(small));
        self.stones[ix(big)] += joined;
        self.libs[ix(big)] += new_libs;
        big
    }

    /// Merges two chains of the same colour (the new stone's and a
    /// neighbour's), returning the head of the result. The smaller chain is
    /// relinked into the larger; liberties are the exact union.
    #[inline]
    fn merge(&mut self, a: u16, b: u16) -> u16 {
        if a == b {
            return a;
        }
        let (big, small) = if self.stones[ix(a)] >= self.stones[ix(b)] {
            (a, b)
        } else {
            (b, a)
        };
        let new_libs = if self.stones[ix(small)] == 1 {
            self.lone_stone_liberties_not_next_to(small, big)
        } else {
            self.liberties_not_next_to(small, big)
        };
        // Relink the small chain's stones.
        let mut q = small;
        loop {
            self.head[ix(q)] = big;
            q = self.next[ix(q)];
            if q == small {
                break;
            }
        }
        self.next.swap(ix(big), ix(small));
        self.stones[ix(big)] += self.stones[ix(small)];
        self.libs[ix(big)] += new_libs;
        big
    }

    /// The number of liberties of the single stone `q` that are not next to
    /// chain `big`: like [`Board::liberties_not_next_to`], but a lone
    /// stone's liberties are distinct, and the cells next to them are its
    /// four diagonals and the four cells two steps away.
    #[inline]
    fn lone_stone_liberties_not_next_to(&self, q: u16, big: u16) -> u16 {
        let s = self.stride;
        let at = |v: u16| self.head[ix(v)] == big;
        let empty = |v: u16| self.cells[ix(v)] == Cell::Empty;
        let (sw, se) = (at(q.wrapping_sub(s + 1)), at(q.wrapping_sub(s - 1)));
        let (nw, ne) = (at(q.wrapping_add(s - 1)), at(q.wrapping_add(s + 1)));
        let down = empty(q - s) & !(sw | se | at(q.wrapping_sub(2 * s)));
        let left = empty(q - 1) & !(sw | nw | at(q.wrapping_sub(2)));
        let right = empty(q + 1) & !(se | ne | at(q.wrapping_add(2)));
        let up = empty(q + s) & !(nw | ne | at(q.wrapping_add(2 * s)));
        u16::from(down) + u16::from(left) + u16::from(right) + u16::from(up)
    }

    /// The number of liberties of chain `small` that are not next to chain
    /// `big`. Each liberty `n` is counted once, from the first of its four
    /// neighbours (in the order of [`Board::neighbors`]) that belongs to
    /// `small`, so no marks are needed. Branch-free per direction: indices
    /// of cells next to border cells may fall outside the padded board, but
    /// they are masked into the arrays and their values are ignored.
    fn liberties_not_next_to(&self, small: u16, big: u16) -> u16 {
        let s = self.stride;
        let mut count = 0u16;
        let mut q = small;
        loop {
            // In direction k the liberty is n = q + d[k]; q then sits at
            // position 3 - k of n's neighbour list (n - s, n - 1, n + 1, n + s).
            let nb = self.neighbors(Point(q));
            for (k, n) in nb.iter().enumerate() {
                let n = n.0;
                let hs = [
                    self.head[ix(n.wrapping_sub(s))],
                    self.head[ix(n.wrapping_sub(1))],
                    self.head[ix(n.wrapping_add(1))],
                    self.head[ix(n.wrapping_add(s))],
                ];
                let next_to_big = (hs[0] == big) | (hs[1] == big) | (hs[2] == big) | (hs[3] == big);
                let earlier_small = match k {
                    0 => (hs[0] == small) | (hs[1] == small) | (hs[2] == small),
                    1 => (hs[0] == small) | (hs[1] == small),
                    2 => hs[0] == small,
                    _ => false,
                };
                let empty = self.cells[ix(n)] == Cell::Empty;
                count += u16::from(empty & !next_to_big & !earlier_small);
            }
            q = self.next[ix(q)];
            if q == small {
                break;
            }
        }
        count
    }

    /// Removes the chain with head `hd` (of colour `color`), giving its
    /// points back as liberties to the chains around it. Returns its size.
    fn remove_chain(&mut self, hd: u16, color: Color) -> u32 {
        let mut count = 0;
        let mut q = hd;
        loop {
            let next = self.next[ix(q)];
            self.cells[ix(q)] = Cell::Empty;
            self.head[ix(q)] = 0;
            self.hash ^= zobrist(color, Point(q));
            self.add_empty(q);
            count += 1;
            q = next;
            if q == hd {
                break;
            }
        }
        // Second pass: every removed point is a new liberty of each distinct
        // chain next to it. (Done after all cells are cleared so that the
        // removed chain's own stones, now head 0, are not counted.)
        let mut q = hd;
        loop {
            let h = self.neighbors(Point(q)).map(|n| self.head[n.index()]);
            let first = distinct_chains(h);
            for i in 0..4 {
                self.libs[ix(h[i])] += u16::from(first[i]);
            }
            q = self.next[ix(q)];
            if q == hd {
                break;
            }
        }
        count
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = ix(self.empty_pos[i]);
        self.n_empty -= 1;
        let last = self.empty[ix(self.n_empty)];
        self.empty[pos] = last;
        self.empty_pos[ix(last)] = pos as u16;
    }

    #[inline]
    fn add_empty(&mut self, q: u16) {
        self.empty_pos[ix(q)] = self.n_empty;
        self.empty[ix(self.n_empty)] = q;
        self.n_empty += 1;
    }

    /// Whether a light playout may play `color` at the empty point `p`:
    /// legal under simple ko without suicide, and not one of its own eyes
    /// ([`Board::is_eye`]).
    #[inline]
    pub fn is_playout_move(&self, color: Color, p: Point) -> bool {
        self.playout_move_test::<false>(color, p)
    }

    /// [`Board::is_playout_move`], answering `false` for an own eye before
    /// the suicide test (a branch): fewer instructions where most points
    /// tried are eyes, as in the heavy playouts' scans, but one more
    /// mispredicted branch elsewhere, so the light playouts keep the
    /// branch-free version. The same answers.
    #[inline]
    pub fn is_playout_move_eye_first(&self, color: Color, p: Point) -> bool {
        self.playout_move_test::<true>(color, p)
    }

    #[inline(always)]
    fn playout_move_test<const EYE_FIRST: bool>(&self, color: Color, p: Point) -> bool {
        // In a playout the outcome is close to a coin toss, and a
        // mispredicted branch costs more than a few extra reads: one branch
        // for the common case (an empty neighbour), then none.
        let own = color.cell();
        let opp = color.opponent().cell();
        let ko = (p.0 == self.ko) & (self.ko_color == color);
        let nb = self.neighbors(p);
        let c = nb.map(|n| self.cells[n.index()]);
        // The four neighbours as one word, a byte each (Empty 0, Black 1,
        // White 2, Border 3): a byte is empty when both low bits are clear.
        let w = u32::from_le_bytes(c.map(|x| x as u8));
        const ONES: u32 = 0x0101_0101;
        if (w | w >> 1) & ONES != ONES {
            return !ko;
        }
        // No empty neighbour: legal unless it is an own eye or a suicide.
        // Both are computed without branches. An own eye: every neighbour
        // has the own colour's bit (own stones and border cells do), and at
        // most one diagonal is an opponent stone (none on the edge).
        let own_bits = own as u32 * ONES;
        let all_own = w & own_bits == own_bits;
        let eye = if EYE_FIRST && !all_own {
            false
        } else {
            let d = u32::from_le_bytes(self.diagonals(p).map(|n| self.cells[n.index()] as u8));
            // Opponent stones have the opponent bit and not the own bit.
            let opp_stones = (d >> (opp as u32 - 1)) & !(d >> (own as u32 - 1)) & ONES;
            let edge = d & (d >> 1) & ONES != 0;
            all_own & (opp_stones.count_ones() + u32::from(edge) <= 1)
        };
        if EYE_FIRST && eye {
            return false;
        }
        // Not a suicide if an own chain keeps a liberty or an opponent chain
        // is captured. (Border cells read the dummy entry 0.) Bit
        // (cell << 2 | min(liberties, 2)) of `mask` is set for an own chain
        // with 2 liberties or more and an opponent chain with one.
        let mask = 1u32 << ((own as u32) << 2 | 2) | 1 << ((opp as u32) << 2 | 1);
        let mut lives = 0;
        for i in 0..4 {
            let libs = u32::from(self.libs[ix(self.head[nb[i].index()])].min(2));
            lives |= mask >> ((c[i] as u32) << 2 | libs);
        }
        !ko & !eye & (lives & 1 != 0)
    }

    /// The cells of the 8 neighbours of `p` (orthogonal and diagonal), 2
    /// bits each ([`Cell`] values), in the order NW N NE W E SW S SE (north
    /// is the row above, `p + stride`): the 3x3 pattern of the point. The
    /// three rows are read from three places, not eight.
    #[inline]
    pub fn pattern3(&self, p: Point) -> usize {
        let s = usize::from(self.stride);
        let row = |i: usize| -> [Cell; 3] {
            // (Never clamped: cells of a board lie far below the end.)
            let i = i.min(MAX_POINTS - 3);
            [self.cells[i], self.cells[i + 1], self.cells[i + 2]]
        };
        let i = p.index();
        let [nw, n, ne] = row(i + s - 1);
        let [w, _, e] = row(i - 1);
        let [sw, so, se] = row(i - s - 1);
        let c = |x: Cell| x as usize;
        c(nw)
            | c(n) << 2
            | c(ne) << 4
            | c(w) << 6
            | c(e) << 8
            | c(sw) << 10
            | c(so) << 12
            | c(se) << 14
    }

    /// The 5x5 cells centred on `p`, as five rows of 2-bit [`Cell`] values
    /// (column `j` from the west at bits `2j`), from two rows below `p`
    /// (index 0) to two rows above (index 4). Near the edge some entries
    /// lie outside the padded board and hold arbitrary cells; the 3x3
    /// window of any point next to `p` that is on the board is exact.
    #[inline]
    pub fn window5(&self, p: Point) -> [u32; 5] {
        let s = usize::from(self.stride);
        let i = p.index();
        let mut rows = [0u32; 5];
        for (k, row) in rows.iter_mut().enumerate() {
            // Below the array's start it wraps to a large index; the
            // clamp keeps every read in the array.
            let base = (i + k * s).wrapping_sub(2 * s + 2).min(MAX_POINTS - 5);
            let c = &self.cells[base..base + 5];
            *row = c[0] as u32
                | (c[1] as u32) << 2
                | (c[2] as u32) << 4
                | (c[3] as u32) << 6
                | (c[4] as u32) << 8;
        }
        rows
    }

    /// Whether a stone lies within Manhattan distance `d` of the point at
    /// column `col` and row `row` (on the board).
    pub fn stone_within(&self, col: usize, row: usize, d: usize) -> bool {
        let size = self.size();
        let stride = self.stride as usize;
        for r in row.saturating_sub(d)..(row + d + 1).min(size) {
            let reach = d - r.abs_diff(row);
            let first = padded_index(col.saturating_sub(reach), r, stride);
            let last = padded_index((col + reach).min(size - 1), r, stride);
            if self.cells[first..=last]
                .iter()
                .any(|&c| c == Cell::Black || c == Cell::White)
            {
                return true;
            }
        }
        false
    }

    /// The liberties of the chain at `p`, at most `out.len()` of them;
    /// returns how many were written (0 for an empty point). Walks the
    /// chain's stones, without allocating.
    pub fn chain_liberties(&self, p: Point, out: &mut [Point]) -> usize {
        let mut n = 0;
        if self.color_at(p).is_none() || out.is_empty() {
            return 0;
        }
        let want = self.liberties(p).min(out.len());
        let mut q = p;
        loop {
            // The empty neighbours as bits, without a branch a neighbour
            // (inside a chain most neighbours are stones).
            let nbs = self.neighbors(q);
            let mut empty = 0u32;
            for (k, &nb) in nbs.iter().enumerate() {
                empty |= u32::from(self.cell(nb) == Cell::Empty) << k;
            }
            while empty != 0 {
                let nb = nbs[empty.trailing_zeros() as usize];
                empty &= empty - 1;
                if !out[..n].contains(&nb) {
                    out[n] = nb;
                    n += 1;
                    if n == want {
                        return n;
                    }
                }
            }
            q = self.next_stone(q);
            if q == p {
                return n;
            }
        }
    }

    /// If `color` playing at the empty point `p` would leave its chain with
    /// at most one liberty and capture nothing (a self-atari), the number of
    /// stones of that chain; `None` otherwise (two liberties or more, or a
    /// capture). The one self-atari test of the engine: the playout policy,
    /// the priors and the dead-stone analysis all ask it.
    #[inline]
    pub fn self_atari(&self, color: Color, p: Point) -> Option<usize> {
        // The common cases first, from the four neighbours alone and without
        // branches: two empty neighbours, a capture, or an own neighbour
        // chain with three liberties or more each mean "no" (as the walk
        // below finds, whatever the order of the neighbours).
        let nb = self.neighbors(p);
        let cells = nb.map(|q| self.cell(q) as u8);
        let w = u32::from_le_bytes(cells);
        const ONES: u32 = 0x0101_0101;
        let empties = (!(w | w >> 1) & ONES).count_ones();
        if empties >= 2 {
            return None;
        }
        // Bit (cell << 2 | min(liberties, 3)) of this mask is set for an own
        // chain with 3 liberties or more and an opponent chain with one.
        let own = color.cell() as u32;
        let mask = 1u32 << (own << 2 | 3) | 1 << ((3 - own) << 2 | 1);
        let mut safe = 0;
        for (i, &q) in nb.iter().enumerate() {
            let libs = self.chain_libs(q).min(3) as u32;
            safe |= mask >> (u32::from(cells[i]) << 2 | libs);
        }
        if safe & 1 != 0 {
            return None;
        }
        self.self_atari_walk(color, p)
    }

    /// [`Board::self_atari`] by walking the neighbour chains' liberties.
    pub(crate) fn self_atari_walk(&self, color: Color, p: Point) -> Option<usize> {
        let own = color.cell();
        // The one liberty other than `p` found so far: a second one means
        // "no".
        let mut lib = None;
        let mut size = 1;
        let mut heads = [p; 4];
        let mut n_heads = 0;
        for nb in self.neighbors(p) {
            let found = match self.cell(nb) {
                Cell::Empty => nb,
                Cell::Border => continue,
                c if c == own => {
                    let h = self.chain(nb);
                    if heads[..n_heads].contains(&h) {
                        continue;
                    }
                    heads[n_heads] = h;
                    n_heads += 1;
                    size += self.chain_len(nb);
                    // A chain next to `p` with one liberty has only `p`;
                    // with two, `p` and one other, found by walking it.
                    match self.liberties(nb) {
                        1 => continue,
                        2 => self.other_liberty(nb, p),
                        _ => return None,
                    }
                }
                // An opponent chain: capturing it gives liberties.
                _ if self.liberties(nb) == 1 => return None,
                _ => continue,
            };
            if lib.is_some_and(|l| l != found) {
                return None;
            }
            lib = Some(found);
        }
        Some(size)
    }

    /// The first liberty other than `p` of the chain at `q`, which has
    /// two liberties, `p` among them.
    fn other_liberty(&self, q: Point, p: Point) -> Point {
        let mut s = q;
        loop {
            // The first empty neighbour other than `p`, found from bits
            // rather than a branch a neighbour.
            let nbs = self.neighbors(s);
            let mut empty = 0u32;
            for (k, &nb) in nbs.iter().enumerate() {
                empty |= u32::from((self.cell(nb) == Cell::Empty) & (nb != p)) << k;
            }
            if empty != 0 {
                return nbs[empty.trailing_zeros() as usize];
            }
            s = self.next_stone(s);
            if s == q {
                // Unreachable on a consistent board; `p` stands in.
                return p;
            }
        }
    }

    /// Whether `color` at the empty point `p` would be a self-atari (see
    /// [`Board::self_atari`]).
    #[inline]
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        self.self_atari(color, p).is_some()
    }

    /// Whether the empty point `p` is an eye of `color` in the playout
    /// sense: every neighbour is `color` or border, and the diagonals hold
    /// at most one opponent stone (none on the edge).
    #[inline]
    pub fn is_eye(&self, color: Color, p: Point) -> bool {
        let own = color.cell();
        for n in self.neighbors(p) {
            let c = self.cells[n.index()];
            if c != own && c != Cell::Border {
                return false;
            }
        }
        let opp = color.opponent().cell();
        let mut bad = 0;
        let mut edge = false;
        for d in self.diagonals(p) {
            match self.cells[d.index()] {
                Cell::Border => edge = true,
                c if c == opp => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad <= 1 }
    }

    /// Recomputes the hash from scratch (for tests and assertions).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for p in self.points() {
            if let Some(c) = self.color_at(p) {
                h ^= zobrist(c, p);
            }
        }
        h
    }

    /// Whether `other` holds the same position: size, stones, hash, ko ban
    /// and prisoners (chain bookkeeping may differ in layout).
    pub fn same_position(&self, other: &Board) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self.ko == other.ko
            && (self.ko == 0 || self.ko_color == other.ko_color)
            && self.captures == other.captures
            && self.n_empty == other.n_empty
            && self
                .points()
                .all(|p| self.cells[p.index()] == other.cells[p.index()])
    }

    /// Whether `other` is the same board down to its bookkeeping: the
    /// position ([`Board::same_position`]) and the chain heads, chain lists,
    /// liberty and stone counts and the order of the empty-point list, which
    /// playouts depend on. (A position reached by undo must be this equal
    /// to the one reached by playing the moves.)
    pub fn same_layout(&self, other: &Board) -> bool {
        self.same_position(other)
            && self.ko_color == other.ko_color
            && self.head == other.head
            && self.next == other.next
            && self.libs == other.libs
            && self.stones == other.stones
            && self.empty[..self.n_empty as usize] == other.empty[..other.n_empty as usize]
            && self.empty_pos == other.empty_pos
    }

    /// Checks every internal invariant against a from-scratch computation:
    /// hash, liberty counts, chain membership and sizes, the empty list.
    /// Returns a description of the first mismatch. Linear in the board.
    pub fn verify(&self) -> Result<(), String> {
        if self.hash != self.hash_from_scratch() {
            return Err("hash mismatch".into());
        }
        // The dummy head 0 of empty and border cells counts nothing
        // (liberties, chain_len and chain_libs read it without a branch).
        if self.libs[0] != 0 || self.stones[0] != 0 {
            return Err("dummy head 0 counts liberties or stones".into());
        }
        let stride = usize::from(self.stride);
        if let Some(i) =
            (0..stride * stride).find(|&i| self.cells[i].color().is_none() && self.head[i] != 0)
        {
            return Err(format!("empty or border cell {i} has a head"));
        }
        let mut n_empty = 0;
        // Flood fill every chain once, from the first stone met.
        let mut chain_of = vec![u16::MAX; MAX_POINTS];
        let mut lib_mark = vec![u16::MAX; MAX_POINTS];
        for p in self.points() {
            let Some(color) = self.color_at(p) else {
                n_empty += 1;
                let pos = self.empty_pos[p.index()] as usize;
                if pos >= self.n_empty as usize || self.empty[pos] != p.0 {
                    return Err(format!("empty list broken at {:?}", self.coords(p)));
                }
                continue;
            };
            if chain_of[p.index()] != u16::MAX {
                continue;
            }
            let (mut stones, mut libs) = (0, 0);
            let mut stack = vec![p];
            chain_of[p.index()] = p.0;
            while let Some(q) = stack.pop() {
                stones += 1;
                if self.head[q.index()] != self.head[p.index()] {
                    return Err(format!("chain head differs at {:?}", self.coords(q)));
                }
                for n in self.neighbors(q) {
                    let ni = n.index();
                    if self.cells[ni] == Cell::Empty && lib_mark[ni] != p.0 {
                        lib_mark[ni] = p.0;
                        libs += 1;
                    } else if self.cells[ni].color() == Some(color) && chain_of[ni] == u16::MAX {
                        chain_of[ni] = p.0;
                        stack.push(n);
                    }
                }
            }
            if libs == 0 {
                return Err(format!("chain without liberties at {:?}", self.coords(p)));
            }
            if libs != self.liberties(p) {
                return Err(format!(
                    "liberties at {:?}: kept {}, flood fill {}",
                    self.coords(p),
                    self.liberties(p),
                    libs
                ));
            }
            if stones != self.chain_len(p) || self.chain_stones(p).len() != stones {
                return Err(format!("chain size or list broken at {:?}", self.coords(p)));
            }
        }
        if n_empty != self.n_empty as usize {
            return Err("empty count mismatch".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(b: &Board, col: usize, row: usize) -> Point {
        b.point(col, row).expect("test point on board")
    }

    #[test]
    fn sizes() {
        assert!(Board::new(1).is_none());
        assert!(Board::new(26).is_none());
        for n in 2..=25 {
            let b = Board::new(n).expect("valid size");
            assert_eq!(b.empty_count(), n * n);
            assert!(b.verify().is_ok());
        }
    }

    #[test]
    fn self_atari_sizes() {
        // Black stones at (0,1),(1,1); White wall above and to the right.
        let mut b = Board::new(5).expect("size");
        for (c, x, y) in [
            (Color::Black, 0, 1),
            (Color::Black, 1, 1),
            (Color::White, 0, 2),
            (Color::White, 1, 2),
            (Color::White, 2, 1),
            (Color::White, 2, 0),
        ] {
            b.play(c, pt(&b, x, y), false).expect("legal");
        }
        // Black (0,0) joins the chain: liberties left: (1,0) only.
        assert_eq!(b.self_atari(Color::Black, pt(&b, 0, 0)), Some(3));
        assert!(b.is_self_atari(Color::Black, pt(&b, 0, 0)));
        assert_eq!(b.self_atari(Color::Black, pt(&b, 4, 4)), None);
        // A lone white stone at (0,0) keeps only (1,0).
        assert_eq!(b.self_atari(Color::White, pt(&b, 0, 0)), Some(1));
    }

    #[test]
    fn self_atari_is_what_playing_the_move_leaves() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let mut seen = [0usize; 2];
        for size in [3, 5, 9, 13] {
            for moves in [size, size * size / 2, size * size, 3 * size * size].repeat(5) {
                let mut b = Board::new(size).expect("size");
                crate::playout::play_out(&mut b, Color::Black, moves, &mut rng);
                for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
                    for c in [Color::Black, Color::White] {
                        let got = b.self_atari(c, p);
                        assert_eq!(got, b.self_atari_walk(c, p), "{b:?} {p:?} {c:?}");
                        if b.is_suicide(c, p) {
                            assert!(got.is_some(), "{b:?} {p:?} {c:?}");
                            continue;
                        }
                        let mut after = b.clone();
                        let effect = after.play_unchecked(c, p);
                        let want = (effect.captured == 0 && after.liberties(p) <= 1)
                            .then(|| after.chain_len(p));
                        assert_eq!(got, want, "{b:?} {p:?} {c:?}");
                        seen[usize::from(got.is_some())] += 1;
                    }
                }
            }
        }
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }

    #[test]
    fn chain_walks_agree_with_playing_the_captures() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut seen = 0;
        for size in [5, 9, 13] {
            for moves in [size * size / 2, size * size, 3 * size * size].repeat(5) {
                let mut b = Board::new(size).expect("size");
                crate::playout::play_out(&mut b, Color::Black, moves, &mut rng);
                for p in b.points() {
                    let stones = b.stones(p).collect::<Vec<_>>();
                    let Some(color) = b.color_at(p) else {
                        assert!(stones.is_empty() && b.atari_liberty(p).is_none());
                        continue;
                    };
                    let mut sorted = stones.clone();
                    sorted.sort_by_key(|q| q.index());
                    sorted.dedup();
                    assert_eq!((stones[0], sorted.len()), (p, b.chain_len(p)));
                    assert!(stones.iter().all(|&q| b.chain(q) == b.chain(p)));
                    assert_eq!(b.atari_liberty(p).is_some(), b.liberties(p) == 1);
                    // Every capture point removes a neighbouring opponent
                    // chain, and every empty point that does is listed.
                    let caps: Vec<Point> = b.captures_next_to(p).collect();
                    for q in b.points().filter(|&q| b.cell(q) == Cell::Empty) {
                        let mut after = b.clone();
                        let captured = !after.is_suicide(color, q) && {
                            after.play_unchecked(color, q);
                            stones.iter().any(|&s| {
                                after.neighbors(s).iter().any(|&n| {
                                    b.color_at(n) == Some(color.opponent())
                                        && after.cell(n) == Cell::Empty
                                })
                            })
                        };
                        assert_eq!(caps.contains(&q), captured, "{b:?} {p:?} {q:?}");
                        seen += usize::from(captured);
                    }
                }
            }
        }
        assert!(seen > 100, "{seen}");
    }

    #[test]
    fn stone_within_is_the_manhattan_diamond() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for size in [2, 5, 9, 19] {
            let mut b = Board::new(size).expect("size");
            crate::playout::play_out(&mut b, Color::Black, size * size / 3, &mut rng);
            for col in 0..size {
                for row in 0..size {
                    for d in 0..5 {
                        let brute = b.points().any(|q| {
                            let (x, y) = b.coords(q);
                            b.color_at(q).is_some() && x.abs_diff(col) + y.abs_diff(row) <= d
                        });
                        assert_eq!(b.stone_within(col, row, d), brute, "{size} {col} {row} {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn single_stone_capture_and_ko() {
        // . X O .
        // X O . O
        // . X O .
        let mut b = Board::new(5).expect("size");
        let moves = [
            (Color::Black, 1, 2),
            (Color::White, 2, 2),
            (Color::Black, 0, 1),
            (Color::White, 3, 1),
            (Color::Black, 1, 0),
            (Color::White, 2, 0),
            (Color::Black, 2, 1),
        ];
        for (c, x, y) in moves {
            let p = pt(&b, x, y);
            b.play(c, p, false).expect("legal");
        }
        // White at (1,1) captures (2,1): ko.
        let p = pt(&b, 1, 1);
        let e = b.play(Color::White, p, false).expect("capture");
        assert_eq!(e.captured, 1);
        assert_eq!(b.captures(Color::White), 1);
        assert_eq!(b.ko_point(Color::Black), Some(pt(&b, 2, 1)));
        assert_eq!(
            b.check(Color::Black, pt(&b, 2, 1), false),
            Err(IllegalMove::Ko)
        );
        b.verify().expect("invariants");
    }

    #[test]
    fn clone_from_a_board_of_the_same_size_gives_the_same_layout() {
        // Random play on one board; copies into a board of the same size
        // that has played other moves (prefix copy), and into boards of
        // other sizes (full copy), must equal a full clone in everything.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for size in [2, 5, 9, 19, 25] {
            let mut a = Board::new(size).expect("size");
            let mut scratch = Board::new(size).expect("size");
            let mut other = Board::new(if size == 9 { 19 } else { 9 }).expect("size");
            let mut color = Color::Black;
            for _ in 0..2 * size * size {
                let legal: Vec<Point> = (0..a.empty_count())
                    .map(|i| a.empty_at(i))
                    .filter(|&p| a.check(color, p, false).is_ok())
                    .collect();
                if legal.is_empty() {
                    a.clear_ko();
                } else {
                    a.play_unchecked(color, legal[rnd(legal.len())]);
                }
                color = color.opponent();
                scratch.clone_from(&a);
                assert!(scratch.same_layout(&a));
                assert!(scratch.cells == a.cells && scratch.head == a.head);
                scratch.verify().expect("a valid copy");
                other.clone_from(&a);
                assert!(other.same_layout(&a) && other.stride == a.stride);
                // Play on the copy so that the next copy overwrites moves.
                if let Some(p) = (0..scratch.empty_count())
                    .map(|i| scratch.empty_at(i))
                    .find(|&p| scratch.check(color, p, false).is_ok())
                {
                    scratch.play_unchecked(color, p);
                }
            }
        }
    }

    #[test]
    fn random_games_keep_invariants_after_every_move() {
        // A small xorshift keeps the test independent of the rand crate.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut rnd = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for size in [2, 3, 5, 9, 19] {
            for _ in 0..10 {
                let mut b = Board::new(size).expect("size");
                let mut color = Color::Black;
                for _ in 0..3 * size * size {
                    let legal: Vec<Point> = (0..b.empty_count())
                        .map(|i| b.empty_at(i))
                        .filter(|&p| b.check(color, p, true).is_ok())
                        .collect();
                    if legal.is_empty() {
                        b.clear_ko();
                    } else {
                        let p = legal[rnd(legal.len())];
                        b.play(color, p, true).expect("legal");
                        b.verify().expect("invariants");
                    }
                    color = color.opponent();
                }
            }
        }
    }
}
