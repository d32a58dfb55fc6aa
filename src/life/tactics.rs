//! Tactical reading for the counting phase: can a chain short of
//! liberties be captured when its opponent moves first, and which move of
//! its owner (a teire, 手入れ) prevents it?
//!
//! The reading is a plain depth-first search over the moves that matter
//! to a chain with one or two liberties: the attacker plays on a liberty,
//! the defender extends on a liberty, captures an attacking chain that is
//! in atari, takes a liberty of an attacking chain short of liberties (a
//! capturing race), or (with two liberties left) plays elsewhere. A chain that
//! reaches three liberties counts as safe, and so does one the search has
//! no budget left to read: the reading only ever *adds* a teire where it
//! proves a capture, never removes a stone.

use crate::area::{Areas, border_bit};
use crate::board::{Board, Cell, Color, Point};

/// Plies read at most.
const DEPTH: u32 = 12;
/// Positions visited at most per question.
pub const NODES: u32 = 4000;

/// The liberties of the chain at `p`, in board order (empty when `p` is
/// empty).
pub fn liberties_of(board: &Board, p: Point) -> Vec<Point> {
    let mut libs = vec![p; board.liberties(p)];
    let n = board.chain_liberties(p, &mut libs);
    libs.truncate(n);
    libs.sort_by_key(|p| p.index());
    libs
}

/// The liberty of each opponent chain next to the chain at `p` that is
/// in atari: the points where the owner of `p` captures, in board order.
fn captures_next_to(board: &Board, p: Point) -> Vec<Point> {
    let mut out: Vec<Point> = board.captures_next_to(p).collect();
    out.sort_by_key(|p| p.index());
    out.dedup();
    out
}

/// The moves that may save the chain at `target` (whose liberties are
/// `libs`): captures of attacking chains in atari first, then its
/// liberties.
fn defences(board: &Board, target: Point, libs: &[Point]) -> Vec<Point> {
    let mut moves = captures_next_to(board, target);
    for &l in libs {
        if !moves.contains(&l) {
            moves.push(l);
        }
    }
    moves
}

/// An attacking chain with at most this many liberties is one the
/// defender may fight a capturing race (semeai) with.
const RACE_LIBERTIES: usize = 3;

/// [`defences`], then the moves of a capturing race: the liberties of the
/// attacking chains next to `target` that are short of liberties
/// ([`RACE_LIBERTIES`]) and are not its own, unless the move is a
/// self-atari. Filling one is how a chain whose liberties are all shared
/// with an attacker makes the attacker's approach a self-atari (a seki),
/// or wins the race outright.
fn race_defences(board: &Board, target: Point, libs: &[Point]) -> Vec<Point> {
    let mut moves = defences(board, target, libs);
    let Some(color) = board.color_at(target) else {
        return moves;
    };
    let mut attackers = opponent_chains_next_to(board, target);
    attackers.retain(|&a| board.liberties(a) <= RACE_LIBERTIES);
    attackers.sort_by_key(|p| p.index());
    for a in attackers {
        for l in liberties_of(board, a) {
            // A self-atari takes a liberty but gives the attacker a
            // capture that wins the race elsewhere.
            if !moves.contains(&l) && !board.is_self_atari(color, l) {
                moves.push(l);
            }
        }
    }
    moves
}

/// The opponent chains next to the chain at `p` (one stone of each, the
/// chain's representative), in the order they are met; empty for an
/// empty point.
fn opponent_chains_next_to(board: &Board, p: Point) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    let Some(color) = board.color_at(p) else {
        return out;
    };
    for s in board.stones(p) {
        for n in board.neighbors(s) {
            if board.color_at(n) == Some(color.opponent()) && !out.contains(&board.chain(n)) {
                out.push(board.chain(n));
            }
        }
    }
    out
}

/// `color` at `p` on a copy of `board` (ko ignored: the counting phase
/// reads shapes, not ko fights), or `None` when the move is a suicide or
/// the point is taken.
pub(super) fn after(board: &Board, color: Color, p: Point) -> Option<Board> {
    if board.cell(p) != Cell::Empty || board.is_suicide(color, p) {
        return None;
    }
    let mut b = board.clone();
    b.clear_ko();
    b.play_unchecked(color, p);
    Some(b)
}

/// Whether the opponent of the chain at `target`, moving first, captures
/// it. `false` for an empty point.
pub fn can_capture(board: &Board, target: Point) -> bool {
    let Some(color) = board.color_at(target) else {
        return false;
    };
    let mut nodes = NODES;
    attack(board, target, color, DEPTH, &mut nodes)
}

/// Like [`can_capture`], but a chain with three liberties is read too:
/// the opponent's first move takes one (the approach of a capturing
/// race), and the reading goes on from two. For a chain next to dead
/// stones still on the board, whose owner may be the one short of
/// liberties in the race.
fn can_capture_in_race(board: &Board, target: Point) -> bool {
    let Some(color) = board.color_at(target) else {
        return false;
    };
    let libs = liberties_of(board, target);
    if libs.len() != 3 {
        return can_capture(board, target);
    }
    let mut nodes = NODES;
    libs.iter().any(|&m| {
        after(board, color.opponent(), m)
            .is_some_and(|b| !defend(&b, target, color, DEPTH - 1, &mut nodes))
    })
}

/// The attacker to move: can the chain of `color` at `target` be taken?
fn attack(board: &Board, target: Point, color: Color, depth: u32, nodes: &mut u32) -> bool {
    if board.color_at(target) != Some(color) {
        return true;
    }
    let libs = liberties_of(board, target);
    if libs.len() == 1 {
        return after(board, color.opponent(), libs[0]).is_some();
    }
    if libs.len() > 2 || depth == 0 || *nodes == 0 {
        return false;
    }
    for &m in &libs {
        if *nodes == 0 {
            return false;
        }
        *nodes -= 1;
        let Some(b) = after(board, color.opponent(), m) else {
            continue;
        };
        if !defend(&b, target, color, depth - 1, nodes) {
            return true;
        }
    }
    false
}

/// The defender to move: can the chain of `color` at `target` be saved?
fn defend(board: &Board, target: Point, color: Color, depth: u32, nodes: &mut u32) -> bool {
    if board.color_at(target) != Some(color) {
        return false;
    }
    let libs = liberties_of(board, target);
    if libs.len() > 2 || (libs.len() == 2 && (depth == 0 || *nodes == 0)) {
        return true;
    }
    if depth == 0 || *nodes == 0 {
        return false;
    }
    for m in race_defences(board, target, &libs) {
        if *nodes == 0 {
            return true;
        }
        *nodes -= 1;
        let Some(b) = after(board, color, m) else {
            continue;
        };
        if !attack(&b, target, color, depth - 1, nodes) {
            return true;
        }
    }
    // With two liberties the defender may also leave the chain alone.
    libs.len() == 2 && !attack(board, target, color, depth - 1, nodes)
}

/// A move of the owner of the chain at `target` after which its opponent,
/// moving first, can no longer capture it: a capture of an attacking chain
/// in atari, or a liberty. Of those that save it, the one that leaves it
/// the most liberties; of two that leave as many, the one whose stone
/// touches an opponent stone (a point that is nobody's territory). `None`
/// when the chain cannot be captured or cannot be saved.
pub fn teire(board: &Board, target: Point) -> Option<Point> {
    teire_where(board, target, |_| true)
}

/// Like [`teire`], among the moves that `allowed` accepts only.
pub fn teire_where(board: &Board, target: Point, allowed: impl Fn(Point) -> bool) -> Option<Point> {
    let color = board.color_at(target)?;
    if !can_capture(board, target) {
        return None;
    }
    let moves = defences(board, target, &liberties_of(board, target));
    // Of the moves that save it, the one that leaves the chain the most
    // liberties (a solid connection rather than a hanging one); of two
    // that leave as many, one whose stone touches an opponent stone
    // after the move (a point between both colours, no territory: the
    // answer costs nothing under territory counting).
    let mut best: Option<((usize, bool), Point)> = None;
    for m in moves.into_iter().filter(|&m| allowed(m)) {
        let Some(b) = after(board, color, m) else {
            continue;
        };
        let key = (b.liberties(target), touches_color(&b, m, color.opponent()));
        if b.color_at(target) == Some(color)
            && key.0 >= 2
            && best.is_none_or(|(k, _)| key > k)
            && !can_capture(&b, target)
        {
            best = Some((key, m));
        }
    }
    best.map(|(_, m)| m)
}

/// Whether a stone of `color` stands next to `m`.
pub fn touches_color(board: &Board, m: Point, color: Color) -> bool {
    board
        .neighbors(m)
        .iter()
        .any(|&n| board.color_at(n) == Some(color))
}

/// Whether the opponent of `color`, playing at the empty point `m`,
/// makes a double threat against the chains of `color` next to `m`
/// (two or more of them): after that move, no one move of `color`
/// leaves every one of those chains safe from capture
/// ([`can_capture`]; a chain whose capture is a snapback,
/// [`is_snapback`], is safe). Such a cutting point needs its owner's stone
/// before the count; a reader of one chain at a time misses it when
/// each chain, read alone, can be saved. `false` when the stone at `m`
/// would capture one of the chains outright (that chain's own teire).
pub fn double_threat(board: &Board, m: Point, color: Color) -> bool {
    let mut chains: Vec<Point> = Vec::new();
    for n in board.neighbors(m) {
        if board.color_at(n) == Some(color) && !chains.contains(&board.chain(n)) {
            chains.push(board.chain(n));
        }
    }
    if chains.len() < 2 {
        return false;
    }
    let Some(b) = after(board, color.opponent(), m) else {
        return false;
    };
    if chains.iter().any(|&c| b.color_at(c) != Some(color)) {
        return false;
    }
    if chains.iter().all(|&c| !can_capture(&b, c)) {
        return false;
    }
    let mut answers: Vec<Point> = Vec::new();
    for &c in &chains {
        for r in defences(&b, c, &liberties_of(&b, c)) {
            if !answers.contains(&r) {
                answers.push(r);
            }
        }
    }
    for l in liberties_of(&b, m) {
        if !answers.contains(&l) {
            answers.push(l);
        }
    }
    !answers.iter().any(|&r| {
        after(&b, color, r).is_some_and(|a| {
            chains.iter().all(|&c| {
                a.color_at(c) == Some(color) && (!can_capture(&a, c) || is_snapback(&a, c))
            })
        })
    })
}

/// Whether the chain at `target`, in atari, can only be taken in a
/// snapback: the capturing stone's chain is left with one liberty, and
/// the owner's recapture there takes more stones than the capture took
/// (two or more: no ko). Taking such a chain costs the capturer more
/// than it gains, so it is no threat.
pub fn is_snapback(board: &Board, target: Point) -> bool {
    let Some(color) = board.color_at(target) else {
        return false;
    };
    let [x] = liberties_of(board, target)[..] else {
        return false;
    };
    let Some(b) = after(board, color.opponent(), x) else {
        return false;
    };
    let recapture = liberties_of(&b, x);
    b.color_at(target).is_none()
        && recapture.len() == 1
        && b.chain_len(x) > board.chain_len(target)
        && !b.is_suicide(color, recapture[0])
}

/// Owner moves at most in a [`teire_sequence`].
const SEQUENCE_MOVES: usize = 3;

/// The owner's moves that make the chain at `target` safe when no single
/// move does ([`teire`] finds none): each joins the chain to another
/// chain of its colour or captures an attacking chain, and after the last
/// the opponent, moving first, can no longer capture it. The opponent's
/// moves in between are the free ones of the counting phase (dame that
/// threaten the chain), so they are not read: each owner move answers
/// one. At most [`SEQUENCE_MOVES`] moves, the fewest found first; `None`
/// when the chain is safe already or no such sequence exists.
///
/// The usual shape: a chain whose outside liberties are dame, joined to
/// its friends only through two false eyes; after the dame its owner
/// connects at both.
pub fn teire_sequence(board: &Board, target: Point) -> Option<Vec<Point>> {
    teire_sequence_where(board, target, &|_, _| true)
}

/// Like [`teire_sequence`], with the moves that `allowed` accepts on the
/// position each is played on only.
pub fn teire_sequence_where(
    board: &Board,
    target: Point,
    allowed: &dyn Fn(&Board, Point) -> bool,
) -> Option<Vec<Point>> {
    let color = board.color_at(target)?;
    if !can_capture(board, target) {
        return None;
    }
    (2..=SEQUENCE_MOVES).find_map(|n| safe_after(board, target, color, n, allowed))
}

/// Up to `moves` connecting or capturing moves of `color` that `allowed`
/// accepts after which the chain at `target` is safe.
fn safe_after(
    board: &Board,
    target: Point,
    color: Color,
    moves: usize,
    allowed: &dyn Fn(&Board, Point) -> bool,
) -> Option<Vec<Point>> {
    safe_run(
        board,
        target,
        color,
        moves,
        &|b: &Board| {
            let head = b.chain(target);
            let joins = |m: Point| {
                b.neighbors(m)
                    .iter()
                    .any(|&n| b.color_at(n) == Some(color) && b.chain(n) != head)
            };
            let mut candidates = captures_next_to(b, target);
            candidates.extend(liberties_of(b, target).into_iter().filter(|&m| joins(m)));
            candidates.retain(|&m| allowed(b, m));
            candidates
        },
        &can_capture,
    )
}

/// Up to `moves` moves of `color`, each one of `candidates` on the
/// position it is played on, after which the opponent, moving first, no
/// longer captures the chain at `target` (the first run found, depth
/// first); `Some(vec![])` when the chain is safe already. The search
/// that [`teire_sequence`] and [`race_teire_moves`] share.
fn safe_run(
    board: &Board,
    target: Point,
    color: Color,
    moves: usize,
    candidates: &dyn Fn(&Board) -> Vec<Point>,
    captured: &dyn Fn(&Board, Point) -> bool,
) -> Option<Vec<Point>> {
    if !captured(board, target) {
        return Some(Vec::new());
    }
    if moves == 0 {
        return None;
    }
    for m in candidates(board) {
        let Some(b) = after(board, color, m) else {
            continue;
        };
        if b.color_at(target) != Some(color) || b.liberties(target) == 0 {
            continue;
        }
        if let Some(mut rest) = safe_run(&b, target, color, moves - 1, candidates, captured) {
            rest.insert(0, m);
            return Some(rest);
        }
    }
    None
}

/// Like [`teire`], but the owner may also take a liberty of an attacking
/// chain short of liberties (a capturing race): the answer to a chain
/// that an opponent's dead stones, still on the board, could fight.
pub fn race_teire(board: &Board, target: Point) -> Option<Point> {
    let color = board.color_at(target)?;
    if !can_capture(board, target) {
        return None;
    }
    race_defences(board, target, &liberties_of(board, target))
        .into_iter()
        .find(|&m| {
            after(board, color, m)
                .is_some_and(|b| b.color_at(target) == Some(color) && !can_capture(&b, target))
        })
}

/// The shortest run of moves (at most `max`) of the chain's owner, each
/// one of [`race_teire`]'s candidates that `allowed` accepts on the
/// position it is played on, after which the opponent, moving first, can
/// no longer capture the chain at `target`: the teire a chain owes when
/// one move is not enough (a race against dead stones that takes a
/// capture and then a liberty or two). A chain with three liberties is
/// read as well ([`can_capture_in_race`]): the dead stones may have
/// fewer. `Some(vec![])` when the chain is safe as it is; `None` when no
/// such run exists.
pub fn race_teire_moves(
    board: &Board,
    target: Point,
    max: usize,
    allowed: &dyn Fn(&Board, Point) -> bool,
) -> Option<Vec<Point>> {
    shortest_safe_run(board, target, 0..=max, allowed, &can_capture_in_race)
}

/// The shortest run of moves of the owner of the chain at `target`, of a
/// length in `lengths`, each one of [`race_teire`]'s candidates that
/// `allowed` accepts, after which `captured` no longer holds.
fn shortest_safe_run(
    board: &Board,
    target: Point,
    mut lengths: impl Iterator<Item = usize>,
    allowed: &dyn Fn(&Board, Point) -> bool,
    captured: &dyn Fn(&Board, Point) -> bool,
) -> Option<Vec<Point>> {
    let color = board.color_at(target)?;
    let candidates = |b: &Board| {
        race_defences(b, target, &liberties_of(b, target))
            .into_iter()
            .filter(|&m| allowed(b, m))
            .collect()
    };
    lengths.find_map(|k| safe_run(board, target, color, k, &candidates, captured))
}

/// Like [`race_teire_moves`], for a chain that a stone of `filler` at `q`
/// (a dame the settling fills) would capture, or leave capturable: the
/// shortest run of the owner's moves after which that stone no longer
/// captures the chain and the opponent, moving next, cannot capture it
/// either. `None` when no such run exists.
pub fn teire_before_fill(
    board: &Board,
    target: Point,
    (filler, q): (Color, Point),
    max: usize,
    allowed: &dyn Fn(&Board, Point) -> bool,
) -> Option<Vec<Point>> {
    let color = board.color_at(target)?;
    // The fill is played when it still can be (the run may have taken the
    // point, or made the fill a suicide).
    let captured = |b: &Board, t: Point| match after(b, filler, q) {
        Some(filled) => filled.color_at(t) != Some(color) || can_capture_in_race(&filled, t),
        None => can_capture_in_race(b, t),
    };
    shortest_safe_run(board, target, 1..=max, allowed, &captured)
}

/// Whether the chain at `p` is lost whoever moves first: its opponent
/// captures it, and no move of its owner ([`race_teire`]'s candidates)
/// stops that. `false` for an empty point.
pub fn is_dead(board: &Board, p: Point) -> bool {
    board.color_at(p).is_some() && can_capture(board, p) && race_teire(board, p).is_none()
}

/// The opponent chains (one stone of each) that the chain at `p` is in a
/// seki with that neither side can break by itself: the two chains share
/// a liberty, each has at most three liberties, and on each of them a
/// stone of the other side would be a suicide, or a self-atari that
/// joins a chain of that side already on the board (so that the owner
/// captures it next), and none of them captures; nor can the partner
/// first gain liberties on one of its own ([`gains_liberties`]), after
/// which its approach is no self-atari. Empty when there is none.
///
/// Whether the seki holds also depends on the chains around it (it is
/// broken when the opponent captures the owner's other chains next to
/// the partner); the caller judges those.
///
/// A lone opponent stone thrown in is an approach (a throw-in is how a
/// group with a false or too small eye is killed), so a chain inside its
/// opponent's eye space has no such partner.
pub fn seki_partners(board: &Board, p: Point) -> Vec<Point> {
    let mut partners: Vec<Point> = Vec::new();
    let Some(color) = board.color_at(p) else {
        return partners;
    };
    if !approach_fails(board, p) {
        return partners;
    }
    let libs = liberties_of(board, p);
    for &l in &libs {
        for n in board.neighbors(l) {
            if board.color_at(n) == Some(color.opponent())
                && !partners.iter().any(|&q| board.chain(q) == board.chain(n))
                && approach_fails(board, n)
                && !gains_liberties(board, n, &libs)
            {
                partners.push(n);
            }
        }
    }
    partners
}

/// The opponent chains (one stone of each) that the chain at `p` is in
/// a capturing race with that neither side wins, counted by liberties:
/// the two share `s` liberties, two or more, the chain has `a` others and
/// the opponent chain `b`, neither has an eye (a liberty in an area of
/// empty points that only its own stones border, an eye or territory),
/// and neither side, moving first, fills the
/// other's outside liberties and then the shared ones before its own run
/// out. Without eyes, the side to move captures when its outside
/// liberties are at least the other's plus the shared ones less one (it
/// fills the other's outside liberties, then all but one shared
/// liberty, and the other, filling back, falls short); so a seki when
/// `a < b + s - 1` and `b < a + s - 1`. Empty when there is none.
///
/// Only where the count is the whole story: the two chains touch (a
/// chain that merely shares empty points with a lone stone is not racing
/// it: Judan 33rd, W09, a dead stone in Black's area), each has an
/// outside liberty (a chain with none but the shared ones sits inside
/// the other's eye space, a stone thrown in: Honinbo 30th, 9), and no
/// liberty of either touches another chain of its colour (it would join
/// it and gain liberties). On the professional records with those
/// conditions dropped, 25 counts of the 1000 older ones went wrong.
pub fn race_seki_partners(board: &Board, p: Point) -> Vec<Point> {
    let mut partners: Vec<Point> = Vec::new();
    let Some(color) = board.color_at(p) else {
        return partners;
    };
    let libs = liberties_of(board, p);
    // An eye, or any area of empty points that no stone of the other
    // colour borders: `c`'s territory, where the count is no race.
    let areas = Areas::compute(board, |_| false, |_| false);
    let eye = |l: Point, c: Color| areas.borders_at(l) & border_bit(c.opponent()) == 0;
    // A liberty next to another chain of the same colour is a way out
    // of the race (the chain joins it): no seki by count.
    let isolated = |q: Point, libs: &[Point]| {
        let c = board.color_at(q);
        libs.iter().all(|&l| {
            board
                .neighbors(l)
                .iter()
                .all(|&n| board.color_at(n) != c || board.chain(n) == board.chain(q))
        })
    };
    if libs.iter().any(|&l| eye(l, color)) || !isolated(p, &libs) {
        return partners;
    }
    for o in opponent_chains_next_to(board, p) {
        let other = liberties_of(board, o);
        if other.iter().any(|&l| eye(l, color.opponent())) || !isolated(o, &other) {
            continue;
        }
        let shared = libs.iter().filter(|l| other.contains(l)).count();
        let a = libs.len() - shared;
        let b = other.len() - shared;
        if shared >= 2 && a >= 1 && b >= 1 && a + 1 < b + shared && b + 1 < a + shared {
            partners.push(o);
        }
    }
    partners
}

/// The opponent chains (one stone of each) that the chain at `p` shares
/// a seki with once the dame are filled; empty when there is no such
/// seki. The shape: `p`'s chain has two or three liberties, each a
/// liberty of an opponent chain next to it too (no eye of its own); each
/// of those opponent chains has at least one more liberty, and every
/// such other liberty is a dame (`dame(l)`: a point filled before the
/// count, a dame or a teire). Once the dame are filled the
/// chains have only the shared liberties: with two, a stone on either is
/// a self-atari the other side captures; with three, each side may fill
/// one and then faces the same. Neither side fills another, and that is
/// a seki. An opponent chain with no liberty but the shared ones is not
/// around `p` but inside its eye space (a stone thrown in): no seki.
///
/// The opponent, moving first before the dame are filled, may win the
/// race; players who stop with such a shape on the board have counted
/// it as a seki (Honinbo 10th, preliminaries 3: Black N19-P19 under
/// White's chain along the top, whose other liberty L19 is one of the
/// dame J19-L19).
pub fn seki_after_dame(board: &Board, p: Point, dame: impl Fn(Point) -> bool) -> Vec<Point> {
    let none = Vec::new();
    if board.color_at(p).is_none() || !(2..=3).contains(&board.liberties(p)) {
        return none;
    }
    let libs = liberties_of(board, p);
    let outers = opponent_chains_next_to(board, p);
    let mut shared = vec![false; libs.len()];
    for &o in &outers {
        let outer_libs = liberties_of(board, o);
        for (k, l) in libs.iter().enumerate() {
            shared[k] |= outer_libs.contains(l);
        }
        let mut others = outer_libs.iter().filter(|l| !libs.contains(l)).peekable();
        if others.peek().is_none() || !others.all(|&l| dame(l)) {
            return none;
        }
    }
    if outers.is_empty() || !shared.iter().all(|&s| s) {
        return none;
    }
    outers
}

/// Whether the owner of the chain at `n` can add a stone on one of its
/// liberties outside `shared` (the liberties of its seki partner) that
/// leaves it with more liberties than it has: joining a chain of its own
/// colour outside the seki, or extending into open space. With more
/// liberties, its approach to the partner is no longer a self-atari.
fn gains_liberties(board: &Board, n: Point, shared: &[Point]) -> bool {
    let Some(color) = board.color_at(n) else {
        return false;
    };
    let before = board.liberties(n);
    liberties_of(board, n)
        .into_iter()
        .filter(|l| !shared.contains(l))
        .any(|l| after(board, color, l).is_some_and(|b| b.liberties(n) > before))
}

/// Whether every approach of the opponent to the chain at `p` is a
/// suicide or a self-atari of a chain of two or more stones (see
/// [`seki_partners`]).
fn approach_fails(board: &Board, p: Point) -> bool {
    let Some(color) = board.color_at(p) else {
        return false;
    };
    let opp = color.opponent();
    let libs = liberties_of(board, p);
    if libs.is_empty() || libs.len() > 3 {
        return false;
    }
    libs.iter().all(|&l| {
        if board.is_suicide(opp, l) {
            return true;
        }
        let ns = board.neighbors(l);
        let captures = ns
            .iter()
            .any(|&n| board.color_at(n) == Some(color) && board.liberties(n) == 1);
        !captures
            && board.is_self_atari(opp, l)
            && ns.iter().any(|&n| board.color_at(n) == Some(opp))
    })
}
