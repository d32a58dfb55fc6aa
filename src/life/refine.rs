//! The refining search: close calls of the ownership playouts judged again
//! by the Monte Carlo tree search of [`crate::search`], with the referee's
//! own fixed settings.

use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::game::Game;
use crate::rules::Rules;
use crate::search::policy::Knowledge;
use crate::search::{Limits, Ownership, Search, SearchConfig};

use crate::life::chain::{Chain, DEAD_SHARE};

/// Chains whose playout verdict lies closer than this to [`DEAD_SHARE`]
/// are judged again by a search (`refine`). Uniform playouts are
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
/// Visits before expansion in a refining search on boards below 15x15:
/// the value the verdicts were measured with, pinned here so that the
/// player's [`crate::search::DEFAULT_EXPAND_AT`] never changes a count.
const REFINE_EXPAND_AT: u32 = 4;
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
/// which the opponent owned its points. Returns the two searches'
/// ownership of every point, averaged (from -1, White's, to 1, Black's),
/// when they ran.
pub(super) fn refine(
    board: &Board,
    chains: &mut [Chain],
    benson_dead: &[bool],
    ownership: &[f32],
) -> Option<Vec<f32>> {
    let within = |margin: f64| -> Vec<usize> {
        (0..chains.len())
            .filter(|&k| {
                let c = &chains[k];
                !c.pass_alive && !benson_dead[k] && (c.opponent_share - DEAD_SHARE).abs() < margin
            })
            .collect()
    };
    if within(REFINE_MARGIN).is_empty() {
        return None;
    }
    let close = within(REJUDGE_MARGIN);
    let mut game = Game::new(board.size(), Rules::default())?;
    let stones: Vec<(Color, Point)> = chains
        .iter()
        .flat_map(|c| c.stones.iter().map(move |&p| (c.color, p)))
        .collect();
    // Cannot fail for a position reached by legal play (every chain has a
    // liberty, so no setup stone captures or lacks liberties); if it did,
    // the playout verdicts would simply stand.
    if game.place_setup(&stones, false).is_err() {
        return None;
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
    let ownerships = ownerships?;
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
    let mut searched = vec![0.0; MAX_POINTS];
    for p in board.points() {
        searched[p.index()] = ownerships.iter().map(|o| o.at(board, p)).sum::<f32>() / 2.0;
    }
    Some(searched)
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
        // The playouts' and priors' knowledge the count was measured
        // with: the player's later additions never reach the count.
        knowledge: Knowledge::REFEREE,
        expand_at: REFINE_EXPAND_AT,
    });
    let limits = Limits {
        deadline: None,
        max_playouts: Some(refine_playouts(game.size())),
        stop_early: false,
    };
    search.search(game, *first, &limits).ownership
}
