//! The board diagram of `showboard`, drawn as GNU Go draws it.

use crate::board::Color;
use crate::coord::column_letter;
use crate::game::Game;

/// Whether GNU Go marks `(col, row)` as a star point.
fn is_hoshi(size: usize, col: usize, row: usize) -> bool {
    match size {
        0..=2 | 4 => false,
        3 => col == 1 && row == 1,
        5 => (col == 1 || col == 3) && (row == 1 || row == 3) || (col == 2 && row == 2),
        _ => {
            let line = if size <= 11 { 2 } else { 3 };
            let mid = size / 2;
            let odd = size % 2 == 1;
            let on = |x: usize, sides: bool| {
                x == line || x == size - 1 - line || (odd && sides && x == mid)
            };
            let sides = size >= 13;
            (on(col, sides) && on(row, sides)) || (odd && col == mid && row == mid)
        }
    }
}

/// The board diagram, as GNU Go draws it: coordinates on all sides, `X`
/// black, `O` white, `+` star points, and the capture counts to the right.
/// It starts with a line break so that the diagram's columns line up.
pub fn board_diagram(game: &Game) -> String {
    let board = game.board();
    let n = board.size();
    let header = format!(
        "   {}",
        (0..n)
            .map(|c| column_letter(c).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut out = vec![String::new(), header.clone()];
    for i in 0..n {
        let row = n - 1 - i;
        let mut line = format!("{:>2}", row + 1);
        for col in 0..n {
            let c = match board.point(col, row).and_then(|p| board.color_at(p)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if is_hoshi(n, col, row) => '+',
                None => '.',
            };
            line.push(' ');
            line.push(c);
        }
        line.push_str(&format!(" {}", row + 1));
        if (n < 10 && i + 2 == n) || (n >= 10 && i == 8) {
            line.push_str(&format!(
                "     WHITE (O) has captured {} stones",
                board.captures(Color::White)
            ));
        }
        if (n < 10 && i + 1 == n) || (n >= 10 && i == 9) {
            line.push_str(&format!(
                "     BLACK (X) has captured {} stones",
                board.captures(Color::Black)
            ));
        }
        out.push(line);
    }
    out.push(header);
    out.join("\n")
}
