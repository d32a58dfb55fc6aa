//! A picture of a counted position as an SVG document, for a person to
//! check a count at a glance (`weiqi score FILE.sgf --svg OUT.svg`).
//!
//! This module only draws: which point is what comes from
//! [`point_kinds`](super::point_kinds) (the dead-stone analysis and the
//! count), the caption from [`Breakdown::summary`](super::Breakdown::summary).
//!
//! What is drawn: a wooden board with its grid, star points and
//! coordinates (columns A–T without I, rows 1–19 from the bottom); living
//! stones as circles (`class="stone black"` / `"stone white"`, one per
//! stone on the board, dead ones included); dead stones faded with a red X;
//! territory (dead stones' points included) as a small square in the
//! owner's colour; neutral empty points (dame, seki) as a small hollow
//! ring; and the caption under the board.

use std::fmt::Write;

use super::kind::PointKind;
use crate::board::Color;
use crate::coord::{column_letter, grid_coords};
use crate::game::fixed_handicap_points;

/// Distance between two lines, in SVG user units (pixels).
const CELL: f64 = 32.0;
/// From the picture's edge to the outer line: room for the coordinates.
const MARGIN: f64 = 48.0;
/// Room under the board for the caption.
const CAPTION: f64 = 36.0;
const WOOD: &str = "#dcb35c";
const LINE: &str = "#3b2a10";

/// Draws a `size` x `size` board whose points are `kinds` (row by row from
/// the bottom left, as [`point_kinds`](super::point_kinds) gives them),
/// with `caption` under it.
pub fn render(size: usize, kinds: &[PointKind], caption: &str) -> String {
    let board = CELL * (size.saturating_sub(1)) as f64;
    let width = board + 2.0 * MARGIN;
    let height = width + CAPTION;
    // (column, row) from the bottom left → the centre of the point.
    let x = |col: usize| MARGIN + CELL * col as f64;
    let y = |row: usize| MARGIN + CELL * (size - 1 - row) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(caption));
    let _ = writeln!(
        s,
        r#"<rect class="wood" x="0" y="0" width="{width}" height="{height}" fill="{WOOD}"/>"#
    );

    // Grid: the outer square a little heavier.
    let (lo, hi) = (MARGIN, MARGIN + board);
    let _ = writeln!(s, r#"<g class="grid" stroke="{LINE}" stroke-width="1">"#);
    for i in 0..size {
        let at = MARGIN + CELL * i as f64;
        let _ = writeln!(s, r#"<line x1="{at}" y1="{lo}" x2="{at}" y2="{hi}"/>"#);
        let _ = writeln!(s, r#"<line x1="{lo}" y1="{at}" x2="{hi}" y2="{at}"/>"#);
    }
    let _ = writeln!(
        s,
        r#"<rect x="{lo}" y="{lo}" width="{board}" height="{board}" fill="none" stroke-width="2"/>"#
    );
    s.push_str("</g>\n");

    for (col, row) in star_points(size) {
        let _ = writeln!(
            s,
            r#"<circle class="star" cx="{}" cy="{}" r="3.5" fill="{LINE}"/>"#,
            x(col),
            y(row)
        );
    }

    // Coordinates on all four sides.
    let _ = writeln!(
        s,
        r#"<g class="coordinates" font-size="13" fill="{LINE}" text-anchor="middle" dominant-baseline="central">"#
    );
    for i in 0..size {
        let letter = column_letter(i);
        let number = i + 1;
        let (cx, cy) = (x(i), y(i));
        // Clear of the edge stones (radius 0.47 CELL).
        let (near, far) = (lo - 0.5 * CELL - 12.0, hi + 0.5 * CELL + 12.0);
        let _ = writeln!(s, r#"<text x="{cx}" y="{near}">{letter}</text>"#);
        let _ = writeln!(s, r#"<text x="{cx}" y="{far}">{letter}</text>"#);
        let _ = writeln!(s, r#"<text x="{near}" y="{cy}">{number}</text>"#);
        let _ = writeln!(s, r#"<text x="{far}" y="{cy}">{number}</text>"#);
    }
    s.push_str("</g>\n");

    // The points.
    let radius = CELL * 0.47;
    let mark = CELL * 0.3;
    for (i, kind) in kinds.iter().enumerate().take(size * size) {
        let (col, row) = grid_coords(i, size);
        let (cx, cy) = (x(col), y(row));
        match *kind {
            PointKind::Stone(c) | PointKind::Seki(c) => {
                stone(&mut s, cx, cy, radius, c, false);
            }
            PointKind::Dead { color, owner } => {
                stone(&mut s, cx, cy, radius, color, true);
                if let Some(o) = owner {
                    territory(&mut s, cx, cy, mark, o);
                }
                let d = radius * 0.55;
                let _ = writeln!(
                    s,
                    r##"<path class="dead-mark" d="M{} {}L{} {}M{} {}L{} {}" stroke="#d01010" stroke-width="2.5" stroke-linecap="round"/>"##,
                    cx - d,
                    cy - d,
                    cx + d,
                    cy + d,
                    cx - d,
                    cy + d,
                    cx + d,
                    cy - d
                );
            }
            PointKind::Territory(o) => territory(&mut s, cx, cy, mark, o),
            PointKind::Dame => {
                let _ = writeln!(
                    s,
                    r#"<circle class="dame" cx="{cx}" cy="{cy}" r="4" fill="{LINE}" fill-opacity="0.5"/>"#
                );
            }
            PointKind::Teire(c) => {
                let (fill, stroke) = match c {
                    Color::Black => ("#000", "#000"),
                    Color::White => ("#fff", "#000"),
                };
                let r = radius * 0.45;
                let _ = writeln!(
                    s,
                    r#"<circle class="teire" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1" fill-opacity="0.6" stroke-dasharray="3 2"/>"#
                );
            }
            PointKind::Neutral => {
                let _ = writeln!(
                    s,
                    r#"<circle class="dame" cx="{cx}" cy="{cy}" r="3" fill="none" stroke="{LINE}" stroke-width="1" stroke-opacity="0.6"/>"#
                );
            }
        }
    }

    let _ = writeln!(
        s,
        r##"<text class="caption" x="{}" y="{}" font-size="15" fill="#000" text-anchor="middle" dominant-baseline="central">{}</text>"##,
        width / 2.0,
        width + CAPTION / 2.0 - 10.0,
        escape(caption)
    );
    s.push_str("</svg>\n");
    s
}

fn stone(s: &mut String, cx: f64, cy: f64, r: f64, color: Color, dead: bool) {
    let (name, fill, stroke) = match color {
        Color::Black => ("black", "#111", "#000"),
        Color::White => ("white", "#f8f8f8", "#222"),
    };
    let (class, opacity) = if dead {
        (" dead", r#" opacity="0.4""#)
    } else {
        ("", "")
    };
    let _ = writeln!(
        s,
        r#"<circle class="stone {name}{class}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1"{opacity}/>"#
    );
}

fn territory(s: &mut String, cx: f64, cy: f64, side: f64, owner: Color) {
    let (name, fill, stroke) = match owner {
        Color::Black => ("black", "#000", "#000"),
        Color::White => ("white", "#fff", "#333"),
    };
    let _ = writeln!(
        s,
        r#"<rect class="territory {name}" x="{}" y="{}" width="{side}" height="{side}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
        cx - side / 2.0,
        cy - side / 2.0
    );
}

/// The star points: the nine fixed handicap points on boards from 13x13
/// up, four corner points and the centre on smaller ones (9x9 has five),
/// only the centre on boards too small for handicap.
fn star_points(size: usize) -> Vec<(usize, usize)> {
    let centre = (size % 2 == 1).then_some((size / 2, size / 2));
    let stones = if size >= 13 { 9 } else { 4 };
    let mut pts = fixed_handicap_points(size, stones)
        .or_else(|_| fixed_handicap_points(size, 4))
        .unwrap_or_default();
    if let Some(c) = centre
        && !pts.contains(&c)
    {
        pts.push(c);
    }
    pts
}

/// Text with the XML special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_circle_per_stone_and_marks_per_kind() {
        use PointKind::*;
        let b = Color::Black;
        let w = Color::White;
        let mut kinds = vec![Neutral; 81];
        kinds[0] = Stone(b);
        kinds[1] = Seki(w);
        kinds[2] = Dead {
            color: w,
            owner: Some(b),
        };
        kinds[3] = Territory(b);
        kinds[4] = Territory(w);
        let svg = render(9, &kinds, "B+1 (area, komi 0) — B+½ stone & <more>");
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches(r#"class="stone "#).count(), 3);
        assert_eq!(svg.matches(r#"class="stone white dead""#).count(), 1);
        assert_eq!(svg.matches(r#"class="dead-mark""#).count(), 1);
        // The dead stone's point is Black's too.
        assert_eq!(svg.matches(r#"class="territory black""#).count(), 2);
        assert_eq!(svg.matches(r#"class="territory white""#).count(), 1);
        assert_eq!(svg.matches(r#"class="dame""#).count(), 81 - 5);
        assert_eq!(svg.matches(r#"class="star""#).count(), 5);
        assert!(svg.contains("B+½ stone &amp; &lt;more&gt;</text>"));
        assert!(!svg.contains("<more>"));
    }

    #[test]
    fn coordinates_skip_i_and_count_from_the_bottom() {
        let svg = render(19, &[PointKind::Neutral; 361], "");
        assert!(svg.contains(">T</text>"));
        assert!(!svg.contains(">I</text>"));
        // Row 1 is drawn at the bottom line, row 19 at the top one.
        let bottom = MARGIN + CELL * 18.0;
        assert!(svg.contains(&format!(r#"y="{bottom}">1</text>"#)));
        assert!(svg.contains(&format!(r#"y="{MARGIN}">19</text>"#)));
        assert_eq!(svg.matches(r#"class="star""#).count(), 9);
    }
}
