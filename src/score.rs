//! Counting a finished position, after the dead stones of
//! [`crate::life`] are removed.
//!
//! * **Area counting** (chinese, aga, new-zealand, tromp-taylor; Chinese
//!   数子): each side's living stones (seki included) plus the empty points
//!   of areas bordered by its stones only; the points of dead stones join
//!   the area around them. White adds komi and the handicap compensation of
//!   the rules ([`crate::rules::HandicapBonus`]: chinese N points for N
//!   handicap stones, aga N-1, others none), with N from [`handicap_count`].
//! * **Territory counting** (japanese, korean; 数目): each side's territory
//!   (empty points of areas bordered by its stones only, dead stones' points
//!   included, but no area that touches a chain in seki: points in seki are
//!   nobody's) plus its prisoners (stones it captured during the game and
//!   the other side's dead stones). White adds komi; no handicap
//!   compensation.
//!
//! [`Breakdown::text`] writes the count the way a referee would, and under
//! area counting also in stones (一子两目): Black's count minus half the komi
//! and compensation, compared with half the board (180½ on 19x19).

use crate::area::{Areas, BORDER_BLACK, BORDER_MARKED, BORDER_WHITE};
use crate::board::{Board, Color, MAX_POINTS};
use crate::coord::grid_index;
use crate::game::Game;
use crate::life::{Analysis, Fill, Status};
use crate::rules::Scoring;

pub use crate::game::handicap_count;

/// Who owns each point once the position is settled and the dead stones
/// are removed (see [`crate::life::settle`]): for empty points and dead
/// stones, the colour whose living stones alone border their area on the
/// settled board (under territory counting, `None` when the area touches a
/// chain in seki); `None` for a dame the settling filled; for a teire
/// point, its owner under area counting (a stone of his) and `None` under
/// territory counting (no longer territory); for living stones, `None`.
/// Indexed by [`Point::index`].
pub fn owners(board: &Board, analysis: &Analysis, scoring: Scoring) -> Vec<Option<Color>> {
    let settled = &analysis.settlement().board;
    let areas = Areas::compute(
        settled,
        |p| analysis.is_dead(p),
        |p| analysis.status(p) == Some(Status::Seki),
    );
    let mut owner = vec![None; MAX_POINTS];
    for p in board.points() {
        match analysis.fill(p) {
            Some(Fill::Dame(_)) => continue,
            Some(Fill::Teire(c)) => {
                if scoring == Scoring::Area {
                    owner[p.index()] = Some(c);
                }
                continue;
            }
            None => {}
        }
        let bits = areas.borders_at(p);
        if bits == 0 {
            continue;
        }
        if scoring == Scoring::Territory && bits & BORDER_MARKED != 0 {
            continue;
        }
        owner[p.index()] = match bits & (BORDER_BLACK | BORDER_WHITE) {
            BORDER_BLACK => Some(Color::Black),
            BORDER_WHITE => Some(Color::White),
            _ => analysis.open_border(p),
        };
    }
    owner
}

/// Everything that goes into a count, per colour (indexed by
/// [`Color::index`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    pub scoring: Scoring,
    /// Points on the board (361 on 19x19).
    pub points: u32,
    /// Living stones on the board (seki included).
    pub stones: [u32; 2],
    /// Owned points: empty points and removed dead stones.
    pub territory: [u32; 2],
    /// Stones captured during the game *by* each colour.
    pub captures: [u32; 2],
    /// Each colour's own stones found dead and removed.
    pub dead: [u32; 2],
    /// Points nobody owns (dame, seki).
    pub neutral: u32,
    pub komi: f64,
    /// Handicap stones, as [`handicap_count`] infers them.
    pub handicap: u32,
    /// Points White receives for them (area counting only).
    pub compensation: f64,
    /// The dame the settling filled (they count for nobody), as GTP
    /// vertices in board order.
    pub dame: Vec<String>,
    /// The teire each colour had to add, as GTP vertices in board order.
    pub teire: [Vec<String>; 2],
}

impl Breakdown {
    /// Counts the position of `game` with the dead stones of `analysis`.
    pub fn new(game: &Game, analysis: &Analysis) -> Breakdown {
        let board = game.board();
        let scoring = game.rules().scoring;
        let owner = owners(board, analysis, scoring);
        let mut b = Breakdown {
            scoring,
            points: (board.size() * board.size()) as u32,
            stones: [0; 2],
            territory: [0; 2],
            captures: [board.captures(Color::Black), board.captures(Color::White)],
            dead: [0; 2],
            neutral: 0,
            komi: game.komi(),
            handicap: handicap_count(game),
            compensation: 0.0,
            dame: analysis
                .dame()
                .into_iter()
                .map(|p| board.vertex_name(p))
                .collect(),
            teire: [Vec::new(), Vec::new()],
        };
        for (p, c) in analysis.settlement().teire() {
            b.teire[c.index()].push(board.vertex_name(p));
        }
        for p in board.points() {
            match board.color_at(p) {
                Some(c) if !analysis.is_dead(p) => b.stones[c.index()] += 1,
                stone => {
                    if let Some(c) = stone {
                        b.dead[c.index()] += 1;
                    }
                    match owner[p.index()] {
                        Some(o) => b.territory[o.index()] += 1,
                        None => b.neutral += 1,
                    }
                }
            }
        }
        if scoring == Scoring::Area {
            b.compensation = game.rules().handicap_bonus.points(b.handicap);
        }
        b
    }

    /// Prisoners of `color` under territory counting: its captures plus
    /// the other side's dead stones.
    pub fn prisoners(&self, color: Color) -> u32 {
        self.captures[color.index()] + self.dead[color.opponent().index()]
    }

    /// The count of `color` before komi and compensation.
    pub fn count(&self, color: Color) -> u32 {
        let i = color.index();
        match self.scoring {
            Scoring::Area => self.stones[i] + self.territory[i],
            Scoring::Territory => self.territory[i] + self.prisoners(color),
        }
    }

    /// Both totals, komi and compensation included.
    pub fn score(&self) -> Score {
        Score {
            black: f64::from(self.count(Color::Black)),
            white: f64::from(self.count(Color::White)) + self.komi + self.compensation,
        }
    }

    /// The breakdown as a referee writes it, one fact per line.
    pub fn text(&self, rules_name: &str) -> String {
        let per = |label: &str, v: [u32; 2]| format!("{label}: black {}, white {}", v[0], v[1]);
        let mut lines = Vec::new();
        let area = self.scoring == Scoring::Area;
        lines.push(format!(
            "scoring: {} ({rules_name}), komi {}, handicap {}",
            if area { "area" } else { "territory" },
            num(self.komi),
            self.handicap
        ));
        if area {
            lines.push(per("stones", self.stones));
        }
        lines.push(per("territory", self.territory));
        let mut captures = per("captures", self.captures);
        if area {
            captures.push_str(" (not counted under area scoring)");
        }
        lines.push(captures);
        lines.push(format!(
            "{} (removed from the board)",
            per("dead stones", self.dead)
        ));
        if !area {
            lines.push(format!(
                "prisoners: black {}, white {} (captures + the other side's dead stones)",
                self.prisoners(Color::Black),
                self.prisoners(Color::White)
            ));
            lines.push(format!(
                "stones on the board: black {}, white {} (not counted under territory scoring)",
                self.stones[0], self.stones[1]
            ));
        }
        if !self.dame.is_empty() {
            lines.push(format!(
                "dame: {} ({}), for nobody",
                self.dame.len(),
                self.dame.join(" ")
            ));
        }
        if self.teire.iter().any(|t| !t.is_empty()) {
            let side = |c: Color| {
                let t = &self.teire[c.index()];
                if t.is_empty() {
                    "0".to_string()
                } else {
                    format!("{} ({})", t.len(), t.join(" "))
                }
            };
            lines.push(format!(
                "teire: black {}, white {}, added before counting{}",
                side(Color::Black),
                side(Color::White),
                if area { "" } else { " (not territory)" }
            ));
        }
        if self.neutral > 0 {
            lines.push(format!("neutral points: {}", self.neutral));
        }
        lines.push(format!("komi: white {}", num(self.komi)));
        lines.push(format!(
            "handicap compensation: white {}",
            num(self.compensation)
        ));
        let s = self.score();
        lines.push(format!(
            "total: black {}, white {}",
            num(s.black),
            num(s.white)
        ));
        lines.push(format!("result: {}", s.result()));
        if area {
            lines.push(format!("in stones: {}", self.stones_text()));
        }
        lines.join("\n")
    }

    /// The area result in stones, as Chinese referees write it: Black's
    /// count (with half of any neutral points) minus half the komi and
    /// compensation, against half the board.
    pub fn stones_text(&self) -> String {
        let black = f64::from(self.count(Color::Black));
        let white = f64::from(self.count(Color::White));
        let given = (self.komi + self.compensation) / 2.0;
        let black_count = black + f64::from(self.neutral) / 2.0;
        let net = black_count - given;
        let half = f64::from(self.points) / 2.0;
        let diff = self.stones_lead();
        let mut out = format!("Black {}, White {}", stones(black), stones(white));
        if self.neutral > 0 {
            out.push_str(&format!(
                ", {} neutral points shared: Black {}",
                self.neutral,
                stones(black_count)
            ));
        }
        if self.compensation != 0.0 {
            out.push_str(&format!(
                ", komi {} + handicap {} stones",
                stones(self.komi / 2.0),
                stones(self.compensation / 2.0)
            ));
        } else {
            out.push_str(&format!(", komi {}", stones(self.komi / 2.0)));
        }
        let cmp = if diff > 0.0 {
            ">"
        } else if diff < 0.0 {
            "<"
        } else {
            "="
        };
        out.push_str(&format!(
            ": {} {} {} = {} {cmp} {}, ",
            stones(black_count),
            if given < 0.0 { "+" } else { "-" },
            stones(given.abs()),
            stones(net),
            stones(half)
        ));
        let by = stones_by(diff);
        if diff > 0.0 {
            out.push_str(&format!("Black wins by {by}"));
        } else if diff < 0.0 {
            out.push_str(&format!("White wins by {by}"));
        } else {
            out.push_str("a draw (jigo)");
        }
        out
    }

    /// Black's lead in stones under area counting (negative when White
    /// leads): Black's count with half the neutral points, minus half the
    /// komi and compensation, minus half the board.
    pub fn stones_lead(&self) -> f64 {
        let black = f64::from(self.count(Color::Black)) + f64::from(self.neutral) / 2.0;
        black - (self.komi + self.compensation) / 2.0 - f64::from(self.points) / 2.0
    }

    /// The result on one line, e.g. `W+0.5 (area, komi 7.5) — W+¼ stone`:
    /// the result in points, how it was counted, and under area counting
    /// the result in stones.
    pub fn summary(&self) -> String {
        let area = self.scoring == Scoring::Area;
        let mut out = format!(
            "{} ({}, komi {}",
            self.score().result(),
            if area { "area" } else { "territory" },
            num(self.komi)
        );
        if self.handicap > 0 {
            out.push_str(&format!(", handicap {}", self.handicap));
        }
        out.push(')');
        if area {
            let lead = self.stones_lead();
            let by = stones_by(lead);
            if lead > 0.0 {
                out.push_str(&format!(" — B+{by}"));
            } else if lead < 0.0 {
                out.push_str(&format!(" — W+{by}"));
            } else {
                out.push_str(" — jigo");
            }
        }
        out
    }
}

/// The breakdown of `game` with the dead stones of `analysis`, as GTP's
/// `weiqi-score` and `weiqi score FILE.sgf` print it ([`Breakdown::text`]
/// under the name of the rules preset).
pub fn report(game: &Game, analysis: &Analysis) -> String {
    let name = game.rules().preset_name().unwrap_or("custom rules");
    Breakdown::new(game, analysis).text(name)
}

/// A margin in stones with its unit: `¼ stone`, `1 stone`, `3½ stones`.
fn stones_by(lead: f64) -> String {
    let x = lead.abs();
    let unit = if (x - 1.0).abs() < 1e-9 || x < 1.0 {
        "stone"
    } else {
        "stones"
    };
    format!("{} {unit}", stones(x))
}

/// Every point of `game`'s board as [`PointKind`], row by row from the
/// bottom left (index [`grid_index`]), with the dead stones of
/// `analysis` and ownership as [`owners`] counts it.
pub fn point_kinds(game: &Game, analysis: &Analysis) -> Vec<PointKind> {
    let board = game.board();
    let owner = owners(board, analysis, game.rules().scoring);
    let n = board.size();
    let mut kinds = vec![PointKind::Neutral; n * n];
    for p in board.points() {
        let (col, row) = board.coords(p);
        let o = owner[p.index()];
        kinds[grid_index(col, row, n)] = match (board.color_at(p), analysis.status(p)) {
            (Some(color), Some(Status::Dead)) => PointKind::Dead { color, owner: o },
            (Some(color), Some(Status::Seki)) => PointKind::Seki(color),
            (Some(color), _) => PointKind::Stone(color),
            (None, _) => match analysis.fill(p) {
                Some(Fill::Dame(_)) => PointKind::Dame,
                Some(Fill::Teire(c)) => PointKind::Teire(c),
                None => o.map_or(PointKind::Neutral, PointKind::Territory),
            },
        };
    }
    kinds
}

/// The picture of the count of `game` with the dead stones of
/// `analysis`, as an SVG document (see [`svg`]), captioned with
/// [`Breakdown::summary`].
pub fn svg_picture(game: &Game, analysis: &Analysis) -> String {
    let caption = Breakdown::new(game, analysis).summary();
    svg::render(game.size(), &point_kinds(game, analysis), &caption)
}

/// A number without a needless `.0`, binary noise rounded away.
fn num(x: f64) -> String {
    let r = (x * 1000.0).round() / 1000.0;
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r}")
    }
}

/// A count in stones with quarters written ¼ ½ ¾ (`180½`, `¼`, `-3¾`);
/// other fractions as decimals.
pub fn stones(x: f64) -> String {
    let q = x * 4.0;
    if (q - q.round()).abs() > 1e-9 {
        return num(x);
    }
    let q = q.round() as i64;
    let sign = if q < 0 { "-" } else { "" };
    let (whole, frac) = (q.abs() / 4, q.abs() % 4);
    let frac = ["", "¼", "½", "¾"][frac as usize];
    if whole == 0 && !frac.is_empty() {
        format!("{sign}{frac}")
    } else {
        format!("{sign}{whole}{frac}")
    }
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

/// Scores `game` with the dead stones of `analysis`.
pub fn score(game: &Game, analysis: &Analysis) -> Score {
    Breakdown::new(game, analysis).score()
}

mod kind;
pub mod svg;

pub use kind::PointKind;

#[cfg(test)]
pub(crate) mod tests;
