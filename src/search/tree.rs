//! The search tree: an arena of nodes with RAVE (AMAF) statistics.
//!
//! Nodes live in one `Vec`; the children of a node are contiguous
//! (`first_child .. first_child + n_children`), created all at once when the
//! node is expanded. Every node carries:
//!
//! * `visits` / `wins`: playouts through the node, and their results for the
//!   player who made the node's move;
//! * `prior_n` / `prior_w`: virtual visits and wins from prior knowledge
//!   (see [`super::policy::Priors`]), kept apart so that reported visit
//!   counts are real;
//! * `amaf_n` / `amaf_w`: all-moves-as-first statistics: playouts from the
//!   parent in which the parent's player played this point first.
//!
//! The value used for selection mixes them with the RAVE schedule of
//! Gelly and Silver as michi and Pachi write it:
//! `beta = an / (an + n + n * an / EQUIV)` with `n` the real plus prior
//! visits and `an` the AMAF visits; there is no exploration term (the priors
//! and AMAF explore).

use crate::game::Move;

/// One node: a move and the statistics of the position after it.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move leading to this node (the root's is a pass, unused).
    pub mv: Move,
    pub first_child: u32,
    pub n_children: u16,
    pub expanded: bool,
    /// Excluded from selection (a root move that superko forbids).
    pub pruned: bool,
    pub visits: u32,
    pub wins: f32,
    pub prior_n: f32,
    pub prior_w: f32,
    pub amaf_n: f32,
    pub amaf_w: f32,
    /// Sum of the final scores (Black's view, komi included) of the
    /// playouts through this node.
    pub score: f32,
    /// Sum of the squared deviations of those scores from their running
    /// mean (Welford's update, stable in `f32`): the variance is
    /// `score_m2 / visits`.
    pub score_m2: f32,
}

impl Node {
    pub fn new(mv: Move, prior_n: f32, prior_w: f32) -> Node {
        Node {
            mv,
            first_child: 0,
            n_children: 0,
            expanded: false,
            pruned: false,
            visits: 0,
            wins: 0.0,
            prior_n,
            prior_w,
            amaf_n: 0.0,
            amaf_w: 0.0,
            score: 0.0,
            score_m2: 0.0,
        }
    }

    /// The selection value for the player choosing this move: the mix
    /// `beta * a + (1 - beta) * q` of the AMAF win rate `a = amaf_w /
    /// amaf_n` and the win rate `q = (wins + prior_w) / n` over the visits
    /// and the prior's virtual visits `n`, with `beta = amaf_n / (amaf_n +
    /// n + n * amaf_n / equiv)`. Put over one denominator, with `k = 1 +
    /// amaf_n / equiv`, that is `(amaf_w + (wins + prior_w) * k) / (amaf_n
    /// + n * k)`: one division instead of three, and the plain win rate
    /// when there is no AMAF count (`k = 1`). 0.5 with nothing counted.
    #[inline]
    pub fn urgency(&self, inv_equiv: f32) -> f32 {
        let n = self.visits as f32 + self.prior_n;
        let k = 1.0 + self.amaf_n * inv_equiv;
        let den = self.amaf_n + n * k;
        let num = self.amaf_w + (self.wins + self.prior_w) * k;
        if den > 0.0 { num / den } else { 0.5 }
    }

    /// Adds one playout's final score (Black's view) to `score` and
    /// `score_m2`; its visit is already in `visits` (the search counts it
    /// on the way down, as a virtual loss), and the caller counts the win.
    #[inline]
    pub fn add_score(&mut self, score: f32) {
        let old_mean = if self.visits > 1 {
            self.score / (self.visits - 1) as f32
        } else {
            score
        };
        self.score += score;
        let new_mean = self.score / self.visits as f32;
        self.score_m2 += (score - old_mean) * (score - new_mean);
    }

    /// The real win rate for the player who made this move (0.5 unvisited).
    pub fn winrate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.wins) / f64::from(self.visits)
        }
    }
}

/// Children whose urgencies [`urgencies`] computes at once.
const LANES: usize = 8;

/// [`Node::urgency`] of up to [`LANES`] nodes, computed side by side
/// without branches, so that the compiler can use vector instructions:
/// the same operations on the same values, so the same results bit for
/// bit. Entries past `nodes.len()` are unused.
#[inline(always)]
fn urgencies(nodes: &[Node], inv_equiv: f32) -> [f32; LANES] {
    let mut visits = [0.0f32; LANES];
    let mut wins = [0.0f32; LANES];
    let mut prior_n = [1.0f32; LANES];
    let mut prior_w = [0.0f32; LANES];
    let mut amaf_n = [0.0f32; LANES];
    let mut amaf_w = [0.0f32; LANES];
    for (j, n) in nodes.iter().take(LANES).enumerate() {
        visits[j] = n.visits as f32;
        wins[j] = n.wins;
        prior_n[j] = n.prior_n;
        prior_w[j] = n.prior_w;
        amaf_n[j] = n.amaf_n;
        amaf_w[j] = n.amaf_w;
    }
    let mut out = [0.0f32; LANES];
    for j in 0..LANES {
        let n = visits[j] + prior_n[j];
        let k = 1.0 + amaf_n[j] * inv_equiv;
        let den = amaf_n[j] + n * k;
        let num = amaf_w[j] + (wins[j] + prior_w[j]) * k;
        let u = num / den;
        out[j] = if den > 0.0 { u } else { 0.5 };
    }
    out
}

/// A tree of nodes, index 0 being the root.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// Largest number of nodes (expansion stops there).
    pub max_nodes: usize,
}

impl Tree {
    /// A tree holding only an unexpanded root. The node array is reserved
    /// at its full size at once: one large allocation, which the allocator
    /// maps and unmaps whole, where growing it by doubling left freed
    /// blocks of every size behind (the resident memory of an engine
    /// that refines many dead-stone analyses grew by a quarter in
    /// `scripts/stress.py`). Pages never touched cost no memory.
    pub fn new(max_nodes: usize) -> Tree {
        let mut nodes = Vec::with_capacity(max_nodes.max(1));
        nodes.push(Node::new(Move::Pass, 0.0, 0.0));
        Tree { nodes, max_nodes }
    }

    /// Back to an unexpanded root, in a new node array: the old one is
    /// given back to the system, so that a tree that grew large does not
    /// keep its memory resident for the searches after it.
    pub fn reset(&mut self) {
        *self = Tree::new(self.max_nodes);
    }

    #[inline]
    pub fn children(&self, i: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[i];
        let f = n.first_child as usize;
        f..f + n.n_children as usize
    }

    /// Gives node `i` the children `moves` (with their priors). Returns
    /// false, leaving the node a leaf, when the tree is full.
    pub fn expand(&mut self, i: usize, moves: &[(Move, f32, f32)]) -> bool {
        if self.nodes[i].expanded {
            return true;
        }
        if self.nodes.len() + moves.len() > self.max_nodes || moves.len() > u16::MAX as usize {
            return false;
        }
        let first = self.nodes.len();
        self.nodes
            .extend(moves.iter().map(|&(mv, n, w)| Node::new(mv, n, w)));
        let node = &mut self.nodes[i];
        node.first_child = first as u32;
        node.n_children = moves.len() as u16;
        node.expanded = true;
        true
    }

    /// The child of `i` to descend into: the highest urgency, the first on
    /// ties (deterministic). `None` for a leaf or when all are pruned.
    #[inline]
    pub fn select(&self, i: usize, equiv: f32) -> Option<usize> {
        let range = self.children(i);
        let start = range.start;
        let mut best = None;
        let mut best_u = f32::NEG_INFINITY;
        let inv_equiv = 1.0 / equiv;
        for (k, chunk) in self.nodes[range].chunks(LANES).enumerate() {
            let u = urgencies(chunk, inv_equiv);
            for (j, n) in chunk.iter().enumerate() {
                if !n.pruned && u[j] > best_u {
                    best_u = u[j];
                    best = Some(start + k * LANES + j);
                }
            }
        }
        best
    }

    /// The child of `i` reached by `mv`.
    pub fn find_child(&self, i: usize, mv: Move) -> Option<usize> {
        self.children(i).find(|&c| self.nodes[c].mv == mv)
    }

    /// The most visited child of `i` that is not pruned.
    pub fn best_child(&self, i: usize) -> Option<usize> {
        let mut best = None;
        let mut most = 0;
        for c in self.children(i) {
            let n = &self.nodes[c];
            if !n.pruned && n.visits > most {
                most = n.visits;
                best = Some(c);
            }
        }
        best
    }

    /// The principal variation from node `i` (its own move first), following
    /// the most visited children, at most `max` moves.
    pub fn pv(&self, i: usize, max: usize) -> Vec<Move> {
        let mut out = vec![self.nodes[i].mv];
        let mut n = i;
        while out.len() < max {
            match self.best_child(n) {
                Some(c) => {
                    out.push(self.nodes[c].mv);
                    n = c;
                }
                None => break,
            }
        }
        out
    }

    /// Keeps only the subtree under node `i`, which becomes the root,
    /// compacted in place (no second node array: the tree's memory stays
    /// within its bound; a map of 4 bytes per node after `i` lives while it
    /// runs). Nodes keep their relative order, so each node's children stay
    /// contiguous and in the same order, and every search from the new root
    /// is the same as from [`Tree::subtree`]'s copy. When less than a
    /// quarter of the nodes is kept, they move to a new array and the old
    /// one is given back (for a moment both exist: at most a quarter more
    /// than the old tree), so that memory follows the tree's size.
    pub fn reroot(&mut self, i: usize) {
        const OUT: u32 = u32::MAX;
        if i >= self.nodes.len() {
            self.nodes.truncate(1);
            return;
        }
        // Mark the subtree (every descendant has a larger index than its
        // parent: children are made after the node).
        let mut map = vec![OUT; self.nodes.len() - i];
        map[0] = 0;
        let mut stack = vec![i];
        while let Some(n) = stack.pop() {
            if self.nodes[n].expanded {
                for c in self.children(n) {
                    map[c - i] = 0;
                    stack.push(c);
                }
            }
        }
        // New index: rank among the kept nodes, never above the old one.
        let mut kept = 0u32;
        for m in map.iter_mut().filter(|m| **m != OUT) {
            *m = kept;
            kept += 1;
        }
        for (k, &m) in map.iter().enumerate() {
            if m == OUT {
                continue;
            }
            let mut node = self.nodes[i + k];
            node.pruned = false;
            if node.expanded {
                node.first_child = map[node.first_child as usize - i];
            }
            self.nodes[m as usize] = node;
        }
        let old_len = self.nodes.len();
        self.nodes.truncate(kept as usize);
        if (kept as usize) * 4 < old_len {
            let mut fresh = Vec::with_capacity(self.max_nodes.max(1));
            fresh.extend_from_slice(&self.nodes);
            self.nodes = fresh;
        }
    }

    /// A compact copy of the subtree under node `i`, which becomes the root.
    pub fn subtree(&self, i: usize) -> Tree {
        let mut nodes = Vec::with_capacity(self.max_nodes.max(1));
        let mut root = self.nodes[i];
        root.pruned = false;
        nodes.push(root);
        // (old index, new index) of copied nodes whose children are pending.
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((i, 0usize));
        while let Some((old, new)) = queue.pop_front() {
            if !self.nodes[old].expanded {
                continue;
            }
            let first = nodes.len();
            for c in self.children(old) {
                let mut n = self.nodes[c];
                n.pruned = false;
                nodes.push(n);
                queue.push_back((c, nodes.len() - 1));
            }
            nodes[new].first_child = first as u32;
        }
        Tree {
            nodes,
            max_nodes: self.max_nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn score_spread_by_welford() {
        let mut n = Node::new(Move::Pass, 0.0, 0.0);
        for x in [1.0, 2.0, 3.0, 4.0, -10.0] {
            n.visits += 1;
            n.add_score(x);
        }
        // Mean 0, squared deviations 1 + 4 + 9 + 16 + 100.
        assert_eq!(n.visits, 5);
        assert!((n.score / 5.0).abs() < 1e-6);
        assert!((n.score_m2 - 130.0).abs() < 1e-3, "{}", n.score_m2);
        let mut one = Node::new(Move::Pass, 0.0, 0.0);
        one.visits += 1;
        one.add_score(7.0);
        assert_eq!(one.score_m2, 0.0);
    }

    /// The RAVE mix as it is usually written: three divisions.
    fn mix(n: &Node, equiv: f32) -> f64 {
        let (an, aw) = (f64::from(n.amaf_n), f64::from(n.amaf_w));
        let v = f64::from(n.visits) + f64::from(n.prior_n);
        if v <= 0.0 && an <= 0.0 {
            return 0.5;
        }
        let q = if v > 0.0 {
            (f64::from(n.wins) + f64::from(n.prior_w)) / v
        } else {
            0.5
        };
        if an <= 0.0 {
            return q;
        }
        let beta = an / (an + v + v * an / f64::from(equiv));
        beta * (aw / an) + (1.0 - beta) * q
    }

    #[test]
    fn urgency_is_the_rave_mix_over_one_denominator() {
        let equiv = 3000.0;
        let mut nodes = Vec::new();
        // Visits, wins, prior visits and wins, AMAF count and wins.
        for (v, w, pn, pw, an, aw) in [
            (0, 0.0, 10.0, 5.0, 0.0, 0.0),
            (0, 0.0, 0.0, 0.0, 0.0, 0.0),
            (0, 0.0, 0.0, 0.0, 4.0, 3.0),
            (3, 1.0, 10.0, 5.0, 0.0, 0.0),
            (3, 1.0, 10.0, 5.0, 7.0, 6.0),
            (120, 80.0, 10.0, 0.0, 900.0, 300.0),
            (50_000, 26_000.0, 20.0, 19.0, 210_000.0, 99_000.0),
        ] {
            let mut n = Node::new(Move::Pass, pn, pw);
            (n.visits, n.wins, n.amaf_n, n.amaf_w) = (v, w, an, aw);
            let u = f64::from(n.urgency(1.0 / equiv));
            let m = mix(&n, equiv);
            assert!(
                (u - m).abs() < 1e-5,
                "{u} {m} for {v} {w} {pn} {pw} {an} {aw}"
            );
            nodes.push(n);
        }
        // The vector version gives the same values bit for bit.
        for chunk in nodes.chunks(LANES) {
            let u = urgencies(chunk, 1.0 / equiv);
            for (j, n) in chunk.iter().enumerate() {
                assert_eq!(u[j].to_bits(), n.urgency(1.0 / equiv).to_bits());
            }
        }
    }

    #[test]
    fn expand_select_and_subtree() {
        let b = Board::new(5).expect("size");
        let pts: Vec<_> = b.points().take(3).collect();
        let mut t = Tree::new(100);
        let moves: Vec<_> = pts.iter().map(|&p| (Move::Place(p), 10.0, 5.0)).collect();
        assert!(t.expand(0, &moves));
        let c = t.children(0).nth(1).expect("child");
        t.nodes[c].visits = 5;
        t.nodes[c].wins = 5.0;
        assert_eq!(t.select(0, 1000.0), Some(c));
        assert_eq!(t.best_child(0), Some(c));
        assert!(t.expand(c, &moves));
        let grandchild = t.children(c).next().expect("grandchild");
        t.nodes[grandchild].visits = 2;
        let s = t.subtree(c);
        assert_eq!(s.nodes.len(), 4);
        // Rerooting in place keeps the same nodes in the same order.
        let mut r = t.clone();
        let capacity = r.nodes.capacity();
        r.reroot(c);
        assert_eq!(r.nodes.len(), 4);
        assert_eq!(r.nodes.capacity(), capacity, "no new node array");
        // Keeping less than a quarter: a new array of the full capacity.
        let mut q = t.clone();
        let g = t.children(c).next().expect("grandchild");
        q.reroot(g);
        assert_eq!(q.nodes.len(), 1);
        assert_eq!(q.nodes.capacity(), q.max_nodes);
        q.reset();
        assert_eq!((q.nodes.len(), q.nodes.capacity()), (1, q.max_nodes));
        assert_eq!(r.nodes[0].visits, 5);
        assert_eq!(r.best_child(0), Some(1));
        assert_eq!(r.pv(0, 5), s.pv(0, 5));
        assert_eq!(s.nodes[0].visits, 5);
        assert_eq!(s.best_child(0), Some(1));
        assert_eq!(s.pv(0, 5).len(), 2);
        // A full tree refuses to grow.
        let mut small = Tree::new(2);
        assert!(!small.expand(0, &moves));
    }
}
