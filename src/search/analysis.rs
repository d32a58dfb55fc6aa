//! What a search tells about a position, as data: candidate moves with
//! their win rates and principal variations, ownership of every point, the
//! score estimate it implies, and the dead stones it sees. The GTP front end
//! turns this into `info` lines (lz-analyze, kata-analyze) and GoGui
//! graphics; nothing here knows GTP text.

use crate::board::{Board, Color, Point};
use crate::game::{Game, Move, handicap_count};
use crate::rules::Scoring;

/// One root move of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    /// Playouts through the move (all threads).
    pub visits: u32,
    /// Win rate for the player to move, 0 to 1.
    pub winrate: f64,
    /// Mean final score of the playouts through the move, for the player
    /// to move (komi and handicap compensation included): by how many
    /// points that player leads.
    pub score_lead: f64,
    /// Standard deviation of those final scores, in points (0 or more).
    pub score_stdev: f64,
    /// The prior's share of the move (its virtual win rate), 0 to 1.
    pub prior: f64,
    /// Principal variation, this move first.
    pub pv: Vec<Move>,
}

/// How often each point ended as Black's or White's at the end of the
/// playouts (area counting: stones, and empty points bordering one colour).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ownership {
    /// One value per point in [`Board::points`] order (bottom row first,
    /// left to right): +1 always Black's, -1 always White's.
    pub values: Vec<f32>,
    /// Playouts counted.
    pub playouts: u64,
}

impl Ownership {
    /// The value at `p` (+1 Black's, -1 White's), 0 when unknown.
    pub fn at(&self, board: &Board, p: Point) -> f32 {
        let (x, y) = board.coords(p);
        self.values
            .get(y * board.size() + x)
            .copied()
            .unwrap_or(0.0)
    }

    /// The share of playouts in which `color` owned `p`, 0 to 1.
    pub fn share(&self, board: &Board, p: Point, color: Color) -> f32 {
        let v = self.at(board, p);
        let black = (v + 1.0) / 2.0;
        match color {
            Color::Black => black,
            Color::White => 1.0 - black,
        }
    }
}

/// Points whose ownership is closer to 0 than this count for nobody when
/// the position is scored from ownership (dame, seki, unsettled).
const NEUTRAL: f32 = 0.3;

/// The score of the position if the game ended now and dead stones were
/// those the playouts capture, from `color`'s view, komi and handicap
/// compensation (area rules) included. `None` without playouts.
pub fn ownership_score(game: &Game, ownership: &Ownership, color: Color) -> Option<f64> {
    if ownership.playouts == 0 {
        return None;
    }
    let board = game.board();
    let mut black = 0.0;
    for p in board.points() {
        let v = ownership.at(board, p);
        if v > NEUTRAL {
            black += 1.0;
        } else if v < -NEUTRAL {
            black -= 1.0;
        }
    }
    let mut margin = black - game.komi();
    if game.rules().scoring == Scoring::Area {
        margin -= game.rules().handicap_bonus.points(handicap_count(game));
    }
    Some(match color {
        Color::Black => margin,
        Color::White => -margin,
    })
}

/// The stones of `victim` that the other colour owns in more than
/// `threshold` of the playouts: dead stones still on the board.
pub fn dead_stones(
    board: &Board,
    ownership: &Ownership,
    victim: Color,
    threshold: f32,
) -> Vec<Point> {
    if ownership.playouts == 0 {
        return Vec::new();
    }
    board
        .points()
        .filter(|&p| {
            board.color_at(p) == Some(victim)
                && ownership.share(board, p, victim.opponent()) > threshold
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The score estimate compensates the handicap the count does
    /// ([`handicap_count`]): handicap stones sent as `play` count like
    /// setup handicap stones.
    #[test]
    fn the_estimate_counts_the_handicap_as_the_count_does() {
        let chinese = Rules::preset("chinese").expect("chinese");
        let nobody = |game: &Game| Ownership {
            values: vec![0.0; game.size() * game.size()],
            playouts: 1,
        };
        let estimate =
            |game: &Game| ownership_score(game, &nobody(game), Color::Black).expect("playouts");
        let mut even = Game::new(9, chinese).expect("9x9");
        even.set_komi(7.5);
        let p = |g: &Game, c, r| Move::Place(g.board().point(c, r).expect("on the board"));
        let (a, b) = (p(&even, 2, 2), p(&even, 6, 6));
        even.play(Color::Black, a).expect("legal");
        even.play(Color::White, b).expect("legal");
        assert_eq!(estimate(&even), -7.5);
        // Two Black stones before White's first move: a handicap of 2.
        let mut run = Game::new(9, chinese).expect("9x9");
        run.set_komi(7.5);
        run.play(Color::Black, a).expect("legal");
        run.play(Color::Black, b).expect("legal");
        assert_eq!(handicap_count(&run), 2);
        assert_eq!(estimate(&run), -9.5);
    }
}
