//! Wald's sequential probability ratio test (SPRT) for `weiqi match
//! --sprt`: stop a match as soon as the games played so far decide
//! between two hypotheses about engine A's strength against B, so that a
//! change to the player is accepted or rejected on measured strength with
//! as few games as the data allow.
//!
//! The hypotheses are Elo differences of A over B: H0 "A is `elo0`
//! stronger" (usually 0: no better) and H1 "A is `elo1` stronger". Each
//! game is a Bernoulli trial whose success probability is the expected
//! score of that Elo difference, `1 / (1 + 10^(-elo/400))`; a jigo counts
//! as half a win and half a loss (rare in Go, where komi has a half
//! point). The log-likelihood ratio after W wins and L losses is
//!
//! ```text
//! LLR = W ln(p1 / p0) + L ln((1 - p1) / (1 - p0))
//! ```
//!
//! and the test stops when it leaves `(ln(β / (1 - α)), ln((1 - β) / α))`:
//! below, H0 is accepted; above, H1. α is the chance of accepting H1 when
//! H0 is true, β that of accepting H0 when H1 is true.

use std::fmt;
use std::str::FromStr;

use super::results::Summary;

/// The test's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of A over B under H0.
    pub elo0: f64,
    /// Elo difference of A over B under H1 (above `elo0`).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the games so far say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Not yet decided: play on.
    Continue,
    /// H0: A is not `elo1` stronger (A is about `elo0` or weaker).
    AcceptH0,
    /// H1: A is `elo1` stronger or more.
    AcceptH1,
}

/// Default α and β.
pub const DEFAULT_ERROR: f64 = 0.05;

/// The expected score of a player `elo` points stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The log-likelihood ratio of H1 against H0 after `wins`, `losses`
    /// and `jigo` of A.
    pub fn llr(&self, wins: usize, losses: usize, jigo: usize) -> f64 {
        let (p0, p1) = (expected_score(self.elo0), expected_score(self.elo1));
        let w = wins as f64 + 0.5 * jigo as f64;
        let l = losses as f64 + 0.5 * jigo as f64;
        w * (p1 / p0).ln() + l * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// The bounds of the LLR: (accept H0 below, accept H1 above).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision after the games of `summary` (void games left out).
    pub fn decide(&self, summary: &Summary) -> Decision {
        let llr = self.llr(summary.a_wins, summary.b_wins, summary.jigo);
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Decision::AcceptH0
        } else if llr >= upper {
            Decision::AcceptH1
        } else {
            Decision::Continue
        }
    }

    /// The line `weiqi match` prints after the summary.
    pub fn report(&self, summary: &Summary) -> String {
        let llr = self.llr(summary.a_wins, summary.b_wins, summary.jigo);
        let (lower, upper) = self.bounds();
        let verdict = match self.decide(summary) {
            Decision::Continue => "undecided".to_string(),
            Decision::AcceptH0 => format!("H0 accepted (A is not {:+} Elo stronger)", self.elo1),
            Decision::AcceptH1 => format!("H1 accepted (A is {:+} Elo stronger)", self.elo1),
        };
        format!(
            "SPRT elo0 {:+} elo1 {:+} alpha {} beta {}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}): {verdict}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Why an `--sprt` argument was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSprtError(String);

impl fmt::Display for ParseSprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not ELO0,ELO1[,ALPHA,BETA] (ELO0 < ELO1, within ±1000; ALPHA and BETA between 0 and 0.5)",
            self.0
        )
    }
}

impl std::error::Error for ParseSprtError {}

impl FromStr for Sprt {
    type Err = ParseSprtError;

    /// `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA`.
    fn from_str(s: &str) -> Result<Sprt, ParseSprtError> {
        let bad = || ParseSprtError(s.to_string());
        let numbers: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let (elo0, elo1, alpha, beta) = match numbers[..] {
            [e0, e1] => (e0, e1, DEFAULT_ERROR, DEFAULT_ERROR),
            [e0, e1, a, b] => (e0, e1, a, b),
            _ => return Err(bad()),
        };
        let elo_ok = |e: f64| e.is_finite() && e.abs() <= 1000.0;
        let error_ok = |e: f64| e > 0.0 && e < 0.5;
        if !(elo_ok(elo0) && elo_ok(elo1) && elo0 < elo1 && error_ok(alpha) && error_ok(beta)) {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(a_wins: usize, b_wins: usize, jigo: usize) -> Summary {
        Summary {
            games: a_wins + b_wins + jigo,
            a_wins,
            b_wins,
            jigo,
            ..Summary::default()
        }
    }

    #[test]
    fn parses_and_refuses() {
        let s: Sprt = "0,100".parse().expect("valid");
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 100.0, 0.05, 0.05));
        let s: Sprt = "-10, 50, 0.1, 0.2".parse().expect("valid");
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-10.0, 50.0, 0.1, 0.2));
        for bad in [
            "",
            "0",
            "100,0",
            "0,0",
            "0,100,0.05",
            "0,100,0,0.05",
            "0,100,0.5,0.05",
            "a,b",
            "0,2000",
            "0,inf",
            "0,100,nan,0.05",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bounds_and_llr_match_wald() {
        let s: Sprt = "0,200".parse().expect("valid");
        let (lower, upper) = s.bounds();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!((lower + 2.944_438_979).abs() < 1e-6, "{lower}");
        assert!((upper - 2.944_438_979).abs() < 1e-6, "{upper}");
        // Elo 200 is an expected score of 0.759747; Elo 0 of 0.5.
        let p1 = 0.759_746_926_647_958_5_f64;
        let win = (p1 / 0.5).ln();
        let loss = ((1.0 - p1) / 0.5).ln();
        assert!((s.llr(1, 0, 0) - win).abs() < 1e-9);
        assert!((s.llr(0, 1, 0) - loss).abs() < 1e-9);
        assert!((s.llr(3, 2, 2) - (4.0 * win + 3.0 * loss)).abs() < 1e-9);
        // The LLR is symmetric in a symmetric test.
        let t: Sprt = "-100,100".parse().expect("valid");
        assert!((t.llr(5, 5, 0)).abs() < 1e-9);
    }

    #[test]
    fn decides_when_the_bounds_are_crossed() {
        let s: Sprt = "0,200".parse().expect("valid");
        // Each loss adds ln(0.2403 / 0.5) = -0.733: four stay above the
        // lower bound -2.944, five cross it.
        assert_eq!(s.decide(&summary(0, 4, 0)), Decision::Continue);
        assert_eq!(s.decide(&summary(0, 5, 0)), Decision::AcceptH0);
        // Each win adds ln(0.7597 / 0.5) = 0.418: seven stay below 2.944,
        // eight cross it.
        assert_eq!(s.decide(&summary(7, 0, 0)), Decision::Continue);
        assert_eq!(s.decide(&summary(8, 0, 0)), Decision::AcceptH1);
        // Even results never decide a test centred on an equal match.
        let t: Sprt = "-100,100".parse().expect("valid");
        assert_eq!(t.decide(&summary(50, 50, 0)), Decision::Continue);
        assert!(s.report(&summary(0, 5, 0)).contains("H0 accepted"));
        assert!(s.report(&summary(8, 0, 0)).contains("H1 accepted"));
        assert!(s.report(&summary(1, 1, 0)).contains("undecided"));
    }
}
