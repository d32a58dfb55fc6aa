//! The kinds of point of a scored position, as a picture of the count
//! shows them (read by [`crate::score::svg`], made by
//! [`crate::score::point_kinds`]).

use crate::board::Color;

/// What a point of a scored position is, for a picture of the count
/// ([`crate::score::svg`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointKind {
    /// A living stone outside seki.
    Stone(Color),
    /// A living stone of a chain in seki.
    Seki(Color),
    /// A dead stone; `owner` gets its point (`None`: nobody, which the
    /// analysis's consistency step rules out, but the picture does not rely
    /// on it).
    Dead { color: Color, owner: Option<Color> },
    /// An empty point of `Color`'s territory (area).
    Territory(Color),
    /// An empty point nobody owns (a point in seki, or an open border).
    Neutral,
    /// A dame the settling filled: it counts for nobody.
    Dame,
    /// A teire the settling added for `Color`: a stone of his under area
    /// counting, not his territory under territory counting.
    Teire(Color),
}
