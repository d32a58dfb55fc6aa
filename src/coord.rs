//! Coordinates: every way the engine names a point, in one place (as
//! Pachi's `move.h` or KataGo's `Location`).
//!
//! A point is a (column, row) pair, 0-based from the bottom left, on a board
//! of side `size`. From it:
//!
//! * the **padded index** of the board's arrays ([`padded_index`],
//!   [`padded_coords`]): the board keeps a ring of border cells around the
//!   playing area, so its rows are `stride = size + 2` cells long and the
//!   point (0, 0) is cell `stride + 1`;
//! * the **grid index** `row * size + col` of per-point lists that hold the
//!   playing area only, bottom row first ([`grid_index`], [`grid_coords`]);
//! * the **GTP vertex** such as `D4` ([`vertex_text`], [`column_letter`],
//!   [`column_of_letter`]): column letters A to Z without I, row 1 at the
//!   bottom;
//! * the **SGF point** such as `dp` ([`sgf_point`], [`sgf_coords`]): column
//!   letter then row letter, both from `a`, rows counted from the top;
//! * its images under the 8 **symmetries** of the square board
//!   ([`symmetry`], [`inverse_symmetry`]): the 3x3 patterns of the
//!   playouts and the opening book read positions up to them.
//!
//! The module knows no board: it is below [`crate::board`], which turns its
//! padded indices into `Point`s, and below the GTP, SGF and SVG code, which
//! turn points into text with it.

/// The index in the padded array (rows of `stride` cells, one border row
/// and column before the playing area) of the point at `col`, `row`.
#[inline]
pub const fn padded_index(col: usize, row: usize, stride: usize) -> usize {
    (row + 1) * stride + col + 1
}

/// The (column, row) of a padded index of an on-board point.
#[inline]
pub const fn padded_coords(index: usize, stride: usize) -> (usize, usize) {
    (index % stride - 1, index / stride - 1)
}

/// The index `row * size + col` of a point in a list of the playing area,
/// bottom row first.
#[inline]
pub const fn grid_index(col: usize, row: usize, size: usize) -> usize {
    row * size + col
}

/// The (column, row) of a [`grid_index`].
#[inline]
pub const fn grid_coords(index: usize, size: usize) -> (usize, usize) {
    (index % size, index / size)
}

/// The letter GTP and GoGui give column `col` (0-based): A to Z without
/// I, as far as the largest board (25) needs.
pub fn column_letter(col: usize) -> char {
    let c = if col >= 8 { col + 1 } else { col };
    (b'A' + (c.min(25) as u8)) as char
}

/// The column (0-based) of a GTP column letter, in either case; `None` for
/// `I` (which GTP skips) and anything but an ASCII letter.
pub fn column_of_letter(letter: char) -> Option<usize> {
    let letter = letter.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || letter == 'I' {
        return None;
    }
    let col = (letter as u8 - b'A') as usize;
    Some(if letter > 'I' { col - 1 } else { col })
}

/// The point at `col`, `row` as GTP writes it, e.g. `D4`.
pub fn vertex_text(col: usize, row: usize) -> String {
    format!("{}{}", column_letter(col), row + 1)
}

/// Why [`vertex_coords`] refused a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexTextError {
    /// Not a column letter followed by the row's digits (`I` is no
    /// column letter).
    Malformed,
    /// Well formed, but not a point of a board of that side.
    OffBoard,
}

/// The (column, row) of a GTP vertex such as `D4` or `t19` (either case)
/// on a board of side `size`: the inverse of [`vertex_text`]. `pass` is
/// no point: it is `Malformed` here, and callers that accept a pass look
/// for it first. A row too large for a number is off the board.
pub fn vertex_coords(text: &str, size: usize) -> Result<(usize, usize), VertexTextError> {
    let mut chars = text.chars();
    let letter = chars.next().ok_or(VertexTextError::Malformed)?;
    let digits = chars.as_str();
    if !letter.is_ascii_alphabetic()
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(VertexTextError::Malformed);
    }
    let col = column_of_letter(letter).ok_or(VertexTextError::Malformed)?;
    let row = digits.parse::<usize>().unwrap_or(0);
    if col < size && (1..=size).contains(&row) {
        Ok((col, row - 1))
    } else {
        Err(VertexTextError::OffBoard)
    }
}

/// The SGF letters of the point at `col`, `row` on a board of side `size`:
/// column from the left, row from the top.
pub fn sgf_point(col: usize, row: usize, size: usize) -> [u8; 2] {
    let top_row = size - 1 - row;
    [b'a' + col as u8, b'a' + top_row as u8]
}

/// The (column, row) of the SGF letters `c`, `r` (lower case) on a board
/// of side `size`, or `None` when off the board.
pub fn sgf_coords(c: u8, r: u8, size: usize) -> Option<(usize, usize)> {
    if !c.is_ascii_lowercase() || !r.is_ascii_lowercase() {
        return None;
    }
    let (col, top) = ((c - b'a') as usize, (r - b'a') as usize);
    (col < size && top < size).then(|| (col, size - 1 - top))
}

/// The image of the point at `col`, `row` under the `t`-th (0 to 7) of
/// the 8 symmetries of a board of side `size`: bit 0 swaps column and
/// row, then bit 1 mirrors the rows and bit 2 the columns. Symmetry 0 is
/// the identity.
pub const fn symmetry(t: usize, col: usize, row: usize, size: usize) -> (usize, usize) {
    let (col, row) = if t & 1 != 0 { (row, col) } else { (col, row) };
    let row = if t & 2 != 0 { size - 1 - row } else { row };
    let col = if t & 4 != 0 { size - 1 - col } else { col };
    (col, row)
}

/// The symmetry that undoes [`symmetry`] `t`. Mirrors alone are their
/// own inverses. A swap followed by mirrors is undone by the same mirrors
/// and then the swap, and a mirror of the rows before the swap is a
/// mirror of the columns after it: the two mirror bits trade places.
pub const fn inverse_symmetry(t: usize) -> usize {
    if t & 1 == 0 {
        t
    } else {
        1 | ((t & 2) << 1) | ((t & 4) >> 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip() {
        for size in [2, 9, 19, 25] {
            let stride = size + 2;
            for row in 0..size {
                for col in 0..size {
                    let i = padded_index(col, row, stride);
                    assert_eq!(padded_coords(i, stride), (col, row));
                    assert_eq!(grid_coords(grid_index(col, row, size), size), (col, row));
                    let [c, r] = sgf_point(col, row, size);
                    assert_eq!(sgf_coords(c, r, size), Some((col, row)));
                    let text = vertex_text(col, row);
                    let letter = text.chars().next().expect("letter");
                    assert_eq!(column_of_letter(letter), Some(col), "{text}");
                    assert_eq!(text[1..].parse::<usize>().ok(), Some(row + 1));
                }
            }
            // The first point follows the border row and column.
            assert_eq!(padded_index(0, 0, stride), stride + 1);
        }
    }

    #[test]
    fn symmetries_are_the_eight_of_the_square_and_undo_one_another() {
        for size in [3, 9, 19] {
            let mut images = std::collections::HashSet::new();
            for t in 0..8 {
                let u = inverse_symmetry(t);
                let mut image = Vec::new();
                for row in 0..size {
                    for col in 0..size {
                        let (c, r) = symmetry(t, col, row, size);
                        assert!(c < size && r < size);
                        let (c0, r0) = symmetry(u, c, r, size);
                        assert_eq!((c0, r0), (col, row), "t {t} size {size}");
                        image.push((c, r));
                    }
                }
                images.insert(image);
            }
            // Eight different maps, the identity among them.
            assert_eq!(images.len(), 8, "size {size}");
            assert_eq!(symmetry(0, 1, 2, size), (1, 2));
        }
        // The corner D4 of 9x9 goes to the other corners' 4-4 points.
        let corners: std::collections::HashSet<_> = (0..8).map(|t| symmetry(t, 3, 3, 9)).collect();
        assert_eq!(corners.len(), 4);
        assert!(corners.contains(&(5, 5)) && corners.contains(&(3, 5)));
    }

    #[test]
    fn letters_and_names() {
        let letters: String = (0..25).map(column_letter).collect();
        assert_eq!(letters, "ABCDEFGHJKLMNOPQRSTUVWXYZ");
        assert_eq!(column_of_letter('j'), Some(8));
        assert_eq!(column_of_letter('H'), Some(7));
        for bad in ['I', 'i', '1', ' ', 'é'] {
            assert_eq!(column_of_letter(bad), None, "{bad}");
        }
        assert_eq!(vertex_text(3, 3), "D4");
        assert_eq!(vertex_text(18, 18), "T19");
        for size in [2, 9, 19, 25] {
            for col in 0..size {
                for row in 0..size {
                    let text = vertex_text(col, row);
                    assert_eq!(vertex_coords(&text, size), Ok((col, row)), "{text}");
                    let lower = text.to_ascii_lowercase();
                    assert_eq!(vertex_coords(&lower, size), Ok((col, row)), "{lower}");
                }
            }
        }
        for bad in [
            "", "D", "4", "I4", "D+4", "D 4", "D4x", "DD4", "pass", "é4", "D-1",
        ] {
            assert_eq!(
                vertex_coords(bad, 19),
                Err(VertexTextError::Malformed),
                "{bad}"
            );
        }
        for off in ["T19", "J10", "A0", "A00", "A99999999999999999999999"] {
            assert_eq!(
                vertex_coords(off, 9),
                Err(VertexTextError::OffBoard),
                "{off}"
            );
        }
        // D4 on 19x19 is "dp" in SGF; the top left corner is "aa".
        assert_eq!(&sgf_point(3, 3, 19), b"dp");
        assert_eq!(&sgf_point(0, 18, 19), b"aa");
        assert_eq!(sgf_coords(b't', b'a', 19), None);
        assert_eq!(sgf_coords(b'a', b'A', 19), None);
    }
}
