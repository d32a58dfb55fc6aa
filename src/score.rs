//! Counting a finished position.
//!
//! **Provisional.** This module treats *every stone on the board as alive*
//! and gives an empty region to a player only when it touches that player's
//! stones alone (Tromp-Taylor ownership). That is exact for games played out
//! until dead stones are captured, and wrong otherwise. Dead-stone detection
//! (Benson's algorithm, ownership playouts) and seki are a later issue; when
//! they come, [`score`] and [`alive_chains`] change together so that
//! `final_score` and `final_status_list` keep agreeing.
//!
//! * Area scoring (Chinese, AGA, Tromp-Taylor, New Zealand): stones plus
//!   owned empty points; White adds komi and the rules' handicap
//!   compensation.
//! * Territory scoring (Japanese, Korean): owned empty points plus
//!   prisoners; White adds komi; no handicap compensation.

use crate::board::{Board, Cell, Color, MAX_POINTS, Point};
use crate::game::Game;
use crate::rules::Scoring;

/// Who owns each empty point: `Some(colour)` for an empty point in a region
/// bordered by that colour only, `None` for stones and neutral points.
/// Indexed by [`Point::index`].
pub fn empty_owners(board: &Board) -> Vec<Option<Color>> {
    let mut owner = vec![None; MAX_POINTS];
    let mut seen = vec![false; MAX_POINTS];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for start in board.points() {
        if board.color_at(start).is_some() || seen[start.index()] {
            continue;
        }
        region.clear();
        let (mut black, mut white) = (false, false);
        seen[start.index()] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            region.push(p);
            for n in board.neighbors(p) {
                match board.cell(n) {
                    Cell::Border => {}
                    Cell::Black => black = true,
                    Cell::White => white = true,
                    Cell::Empty => {
                        if !seen[n.index()] {
                            seen[n.index()] = true;
                            stack.push(n);
                        }
                    }
                }
            }
        }
        let who = match (black, white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        for p in &region {
            owner[p.index()] = who;
        }
    }
    owner
}

/// The chains counted as alive: for now, all of them. Each chain is listed
/// once, as its stones.
pub fn alive_chains(board: &Board) -> Vec<Vec<Point>> {
    let mut seen = vec![false; MAX_POINTS];
    let mut chains = Vec::new();
    for p in board.points() {
        if board.color_at(p).is_none() || seen[p.index()] {
            continue;
        }
        let stones = board.chain_stones(p);
        for s in &stones {
            seen[s.index()] = true;
        }
        chains.push(stones);
    }
    chains
}

/// Both sides' totals, komi and compensation included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub black: f64,
    pub white: f64,
}

impl Score {
    /// Black's lead (negative when White leads).
    pub fn margin(&self) -> f64 {
        self.black - self.white
    }

    /// The result as GTP and SGF write it: `B+3.5`, `W+0.5`, or `0`.
    pub fn result(&self) -> String {
        // Round away binary noise from komi such as 6.3.
        let m = (self.margin() * 1000.0).round() / 1000.0;
        if m > 0.0 {
            format!("B+{m}")
        } else if m < 0.0 {
            format!("W+{}", -m)
        } else {
            "0".to_string()
        }
    }
}

/// Scores the current position of `game` under its rules, all stones alive.
pub fn score(game: &Game) -> Score {
    let board = game.board();
    let owners = empty_owners(board);
    let territory = |c: Color| owners.iter().filter(|&&o| o == Some(c)).count() as f64;
    let (black, mut white) = match game.rules().scoring {
        Scoring::Area => (
            board.stone_count(Color::Black) as f64 + territory(Color::Black),
            board.stone_count(Color::White) as f64
                + territory(Color::White)
                + game.rules().handicap_bonus.points(game.handicap_stones()),
        ),
        Scoring::Territory => (
            territory(Color::Black) + f64::from(board.captures(Color::Black)),
            territory(Color::White) + f64::from(board.captures(Color::White)),
        ),
    };
    white += game.komi();
    Score { black, white }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;
    use crate::rules::Rules;

    fn play(g: &mut Game, moves: &[(Color, usize, usize)]) {
        for &(c, col, row) in moves {
            let p = g.board().point(col, row).expect("on board");
            g.play(c, Move::Place(p)).expect("legal");
        }
    }

    #[test]
    fn area_and_territory_on_a_split_board() {
        // 5x5: Black wall on column B, White wall on column D.
        let mut g = Game::new(5, Rules::default()).expect("5x5");
        g.set_komi(0.5);
        for row in 0..5 {
            play(&mut g, &[(Color::Black, 1, row), (Color::White, 3, row)]);
        }
        // Black: 5 stones + column A (5); White: 5 + column E (5); column C
        // touches both and is neutral.
        let s = score(&g);
        assert_eq!((s.black, s.white), (10.0, 10.5));
        assert_eq!(s.result(), "W+0.5");

        let mut j = g.clone();
        j.set_rules(Rules::preset("japanese").expect("japanese"));
        let s = score(&j);
        assert_eq!((s.black, s.white), (5.0, 5.5));
    }

    #[test]
    fn results_are_written_like_gtp() {
        let s = |black, white| Score { black, white }.result();
        assert_eq!(s(10.0, 6.5), "B+3.5");
        assert_eq!(s(10.0, 17.0), "W+7");
        assert_eq!(s(7.0, 7.0), "0");
        assert_eq!(s(7.0, 6.3), "B+0.7");
    }

    #[test]
    fn empty_board_is_neutral_and_handicap_is_compensated() {
        let mut g = Game::new(9, Rules::default()).expect("9x9");
        assert_eq!(score(&g).result(), "W+7.5");
        let pts: Vec<_> = [(2, 2), (6, 6)]
            .iter()
            .map(|&(c, r)| (Color::Black, g.board().point(c, r).expect("pt")))
            .collect();
        g.place_setup(&pts, true).expect("handicap");
        // 2 stones + 79 empty points touching black only; White: 7.5 + 2.
        assert_eq!(score(&g).result(), "B+71.5");
        assert_eq!(alive_chains(g.board()).len(), 2);
    }
}
