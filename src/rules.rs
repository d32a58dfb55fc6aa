//! Rules as a small value type, with the named presets of `docs/RULES.md`.
//!
//! A [`Rules`] value says how ko, suicide, scoring, handicap compensation and
//! the default komi work. Presets are rows of one table ([`PRESETS`]), which
//! also serves `kata-get-rules`, `kata-set-rules` and the README. Every
//! setting can also be changed on its own.

use std::fmt;

/// How repetition is restricted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a single-stone ko is banned; longer
    /// cycles are possible and reported by the game as a void result.
    Simple,
    /// No move may recreate an earlier arrangement of stones.
    Positional,
    /// No move may recreate an earlier arrangement of stones with the same
    /// player to move.
    Situational,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese 数子).
    Area,
    /// Surrounded empty points plus prisoners (Japanese/Korean 数目).
    Territory,
}

/// Points White receives for Black's handicap stones under area counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// Nothing.
    Zero,
    /// One point per handicap stone (Chinese).
    N,
    /// One point per handicap stone beyond the first (AGA).
    NMinus1,
}

impl HandicapBonus {
    /// Points given to White for `stones` handicap stones.
    pub fn points(self, stones: u32) -> f64 {
        match self {
            HandicapBonus::Zero => 0.0,
            HandicapBonus::N => f64::from(stones),
            HandicapBonus::NMinus1 => f64::from(stones.saturating_sub(1)),
        }
    }
}

/// A complete rule set.
///
/// Two rule sets are equal when they play and count alike and have the
/// same default komi: the preset name they came from is not compared
/// (`korean` and `japanese` are the same rules).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub ko: KoRule,
    /// Whether a move that removes its own chain of two or more stones is
    /// legal. A single-stone suicide is never legal: it would change nothing.
    pub multi_stone_suicide: bool,
    pub scoring: Scoring,
    pub handicap_bonus: HandicapBonus,
    /// Komi used when none was set explicitly.
    pub default_komi: f64,
    /// The preset these rules were made from, if any: the name a record
    /// should carry when two presets have the same settings (`korean`,
    /// `japanese`). [`Rules::preset_name`] trusts it only while the
    /// settings are still that preset's.
    pub preset: Option<&'static str>,
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.same_play(other) && self.default_komi == other.default_komi
    }
}

/// A named preset.
pub struct Preset {
    /// The canonical name, as `kata-set-rules` takes it.
    pub name: &'static str,
    /// Other accepted spellings.
    pub aliases: &'static [&'static str],
    pub rules: Rules,
}

/// The presets of `docs/RULES.md`, in the order of its table.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "chinese",
        aliases: &["chinese-ogs", "chinese-kgs", "cn"],
        rules: Rules {
            ko: KoRule::Positional,
            multi_stone_suicide: false,
            scoring: Scoring::Area,
            handicap_bonus: HandicapBonus::N,
            default_komi: 7.5,
            preset: Some("chinese"),
        },
    },
    Preset {
        name: "japanese",
        aliases: &["jp"],
        rules: Rules {
            ko: KoRule::Simple,
            multi_stone_suicide: false,
            scoring: Scoring::Territory,
            handicap_bonus: HandicapBonus::Zero,
            default_komi: 6.5,
            preset: Some("japanese"),
        },
    },
    Preset {
        name: "korean",
        aliases: &["kr"],
        rules: Rules {
            ko: KoRule::Simple,
            multi_stone_suicide: false,
            scoring: Scoring::Territory,
            handicap_bonus: HandicapBonus::Zero,
            default_komi: 6.5,
            preset: Some("korean"),
        },
    },
    Preset {
        name: "tromp-taylor",
        aliases: &["tromp_taylor", "trompTaylor", "tt"],
        rules: Rules {
            ko: KoRule::Positional,
            multi_stone_suicide: true,
            scoring: Scoring::Area,
            handicap_bonus: HandicapBonus::Zero,
            default_komi: 7.5,
            preset: Some("tromp-taylor"),
        },
    },
    Preset {
        name: "aga",
        aliases: &[],
        rules: Rules {
            ko: KoRule::Situational,
            multi_stone_suicide: false,
            scoring: Scoring::Area,
            handicap_bonus: HandicapBonus::NMinus1,
            default_komi: 7.5,
            preset: Some("aga"),
        },
    },
    Preset {
        name: "new-zealand",
        aliases: &["new_zealand", "newzealand", "nz"],
        rules: Rules {
            ko: KoRule::Situational,
            multi_stone_suicide: true,
            scoring: Scoring::Area,
            handicap_bonus: HandicapBonus::Zero,
            default_komi: 7.0,
            preset: Some("new-zealand"),
        },
    },
];

impl Default for Rules {
    /// The Chinese rules.
    fn default() -> Self {
        PRESETS[0].rules
    }
}

/// A rules setting that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    UnknownPreset(String),
    UnknownKey(String),
    BadValue { key: String, value: String },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(name) => write!(f, "unknown rules '{name}'"),
            RulesError::UnknownKey(key) => write!(f, "unknown rules key '{key}'"),
            RulesError::BadValue { key, value } => write!(f, "bad value '{value}' for '{key}'"),
        }
    }
}

impl Rules {
    /// The preset called `name` (case-insensitive, aliases accepted).
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        PRESETS
            .iter()
            .find(|p| {
                p.name.eq_ignore_ascii_case(name)
                    || p.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
            })
            .map(|p| p.rules)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))
    }

    /// Whether the two rule sets play and count alike (ko, suicide,
    /// scoring, handicap compensation), whatever their default komi.
    pub fn same_play(&self, other: &Rules) -> bool {
        self.ko == other.ko
            && self.multi_stone_suicide == other.multi_stone_suicide
            && self.scoring == other.scoring
            && self.handicap_bonus == other.handicap_bonus
    }

    /// The name of the preset these rules play as, if any: the preset they
    /// were made from while they still play as it (`korean` stays
    /// `korean`), else the first with the same settings. The default komi
    /// does not count: the Chinese rules with komi 6.5 are still `chinese`
    /// (a record writes the komi on its own).
    pub fn preset_name(&self) -> Option<&'static str> {
        if let Some(name) = self.preset
            && let Some(p) = PRESETS.iter().find(|p| p.name == name)
            && p.rules.same_play(self)
        {
            return Some(p.name);
        }
        PRESETS
            .iter()
            .find(|p| p.rules.same_play(self))
            .map(|p| p.name)
    }

    /// Changes one setting, by the keys and values of KataGo's rules JSON
    /// (`ko`, `scoring`, `suicide`, `whiteHandicapBonus`, `komi`), plus
    /// `tax` (`NONE` or `SEKI`: territory counting never scores seki, so
    /// the scoring mode decides), `hasButton` and `friendlyPassOk`, accepted
    /// when they match what weiqi does.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = || RulesError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
        };
        let v = value.to_ascii_uppercase();
        match key.to_ascii_lowercase().as_str() {
            "ko" | "korule" => {
                self.ko = match v.as_str() {
                    "SIMPLE" => KoRule::Simple,
                    "POSITIONAL" => KoRule::Positional,
                    "SITUATIONAL" => KoRule::Situational,
                    _ => return Err(bad()),
                }
            }
            "scoring" | "scoringrule" => {
                self.scoring = match v.as_str() {
                    "AREA" => Scoring::Area,
                    "TERRITORY" => Scoring::Territory,
                    _ => return Err(bad()),
                }
            }
            "suicide" | "multistonesuicidelegal" => {
                self.multi_stone_suicide = match v.as_str() {
                    "TRUE" | "1" => true,
                    "FALSE" | "0" => false,
                    _ => return Err(bad()),
                }
            }
            "whitehandicapbonus" | "handicapbonus" => {
                self.handicap_bonus = match v.as_str() {
                    "0" => HandicapBonus::Zero,
                    "N" => HandicapBonus::N,
                    "N-1" => HandicapBonus::NMinus1,
                    _ => return Err(bad()),
                }
            }
            "komi" => {
                let k: f64 = value.parse().map_err(|_| bad())?;
                if !k.is_finite() || k.abs() > 1000.0 {
                    return Err(bad());
                }
                self.default_komi = k;
            }
            // weiqi has no group tax and no button; accept the values that
            // say so, so that KataGo's full JSON round-trips.
            "tax" | "taxrule" if v == "NONE" || v == "SEKI" => {}
            "hasbutton" | "friendlypassok" if v == "FALSE" => {}
            "tax" | "taxrule" | "hasbutton" | "friendlypassok" => return Err(bad()),
            _ => return Err(RulesError::UnknownKey(key.to_string())),
        }
        Ok(())
    }

    /// The settings as KataGo's rules JSON keys and values, in a stable
    /// order (the GTP layer formats them).
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "ko",
                match self.ko {
                    KoRule::Simple => "SIMPLE",
                    KoRule::Positional => "POSITIONAL",
                    KoRule::Situational => "SITUATIONAL",
                }
                .to_string(),
            ),
            (
                "scoring",
                match self.scoring {
                    Scoring::Area => "AREA",
                    Scoring::Territory => "TERRITORY",
                }
                .to_string(),
            ),
            (
                "tax",
                if self.scoring == Scoring::Territory {
                    "SEKI"
                } else {
                    "NONE"
                }
                .to_string(),
            ),
            ("suicide", self.multi_stone_suicide.to_string()),
            ("hasButton", "false".to_string()),
            (
                "whiteHandicapBonus",
                match self.handicap_bonus {
                    HandicapBonus::Zero => "0",
                    HandicapBonus::N => "N",
                    HandicapBonus::NMinus1 => "N-1",
                }
                .to_string(),
            ),
        ]
    }
}

/// The presets as a Markdown table, the one the README shows (a test keeps
/// the README in step with [`PRESETS`]).
pub fn markdown_table() -> String {
    let mut out = String::from(
        "| preset | also accepted | scoring | ko | multi-stone suicide | komi | handicap to White (area) |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for p in PRESETS {
        let r = &p.rules;
        out += &format!(
            "| `{}` | {} | {} | {} | {} | {} | {} |\n",
            p.name,
            p.aliases
                .iter()
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(" "),
            match r.scoring {
                Scoring::Area => "area",
                Scoring::Territory => "territory",
            },
            match r.ko {
                KoRule::Simple => "simple",
                KoRule::Positional => "positional superko",
                KoRule::Situational => "situational superko",
            },
            if r.multi_stone_suicide {
                "legal"
            } else {
                "illegal"
            },
            r.default_komi,
            match r.handicap_bonus {
                HandicapBonus::Zero => "none",
                HandicapBonus::N => "N",
                HandicapBonus::NMinus1 => "N-1",
            },
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_rules_md_table() {
        let c = Rules::preset("chinese").expect("chinese");
        assert_eq!(c, Rules::default());
        assert_eq!(c.ko, KoRule::Positional);
        assert!(!c.multi_stone_suicide);
        assert_eq!(c.scoring, Scoring::Area);
        assert_eq!(c.default_komi, 7.5);
        assert_eq!(c.handicap_bonus.points(4), 4.0);

        let j = Rules::preset("JAPANESE").expect("japanese");
        assert_eq!(
            (j.ko, j.scoring, j.default_komi),
            (KoRule::Simple, Scoring::Territory, 6.5)
        );
        assert_eq!(j.handicap_bonus.points(4), 0.0);

        let t = Rules::preset("tromp-taylor").expect("tt");
        assert!(t.multi_stone_suicide);
        assert_eq!(t.handicap_bonus, HandicapBonus::Zero);

        let a = Rules::preset("aga").expect("aga");
        assert_eq!(a.ko, KoRule::Situational);
        assert_eq!(a.handicap_bonus.points(4), 3.0);

        let nz = Rules::preset("new_zealand").expect("nz");
        assert_eq!(
            (nz.ko, nz.multi_stone_suicide, nz.default_komi),
            (KoRule::Situational, true, 7.0)
        );

        assert_eq!(Rules::preset("chinese-kgs").expect("alias"), c);
        assert!(Rules::preset("martian").is_err());
        for p in PRESETS {
            // Each preset keeps its own name, Korean too (the same
            // settings as Japanese).
            assert_eq!(p.rules.preset_name(), Some(p.name));
        }
        // The default komi is no part of the name.
        let mut c65 = c;
        c65.set("komi", "6.5").expect("komi");
        assert_eq!(c65.preset_name(), Some("chinese"));
        // Settings changed away from the preset: the name follows them.
        let mut k = Rules::preset("korean").expect("korean");
        k.set("scoring", "AREA").expect("scoring");
        k.set("whiteHandicapBonus", "N").expect("bonus");
        k.set("ko", "POSITIONAL").expect("ko");
        assert_eq!(k.preset_name(), Some("chinese"));
        k.set("suicide", "true").expect("suicide");
        k.set("whiteHandicapBonus", "0").expect("bonus");
        assert_eq!(k.preset_name(), Some("tromp-taylor"));
        k.set("ko", "SIMPLE").expect("ko");
        assert_eq!(k.preset_name(), None);
    }

    #[test]
    fn readme_shows_the_preset_table() {
        let readme = include_str!("../README.md");
        assert!(
            readme.contains(&markdown_table()),
            "README.md's rules table is out of date; paste this:\n{}",
            markdown_table()
        );
    }

    #[test]
    fn single_settings_change_alone() {
        let mut r = Rules::default();
        r.set("ko", "SITUATIONAL").expect("ko");
        assert_eq!(r.ko, KoRule::Situational);
        assert_eq!(r.scoring, Scoring::Area);
        assert!(r.set("ko", "sometimes").is_err());
        assert_eq!(r.ko, KoRule::Situational);
        r.set("scoring", "territory").expect("scoring");
        r.set("suicide", "true").expect("suicide");
        r.set("whiteHandicapBonus", "N-1").expect("bonus");
        assert_eq!(r.handicap_bonus, HandicapBonus::NMinus1);
        assert!(r.set("komi", "nan").is_err());
        assert!(r.set("colour", "blue").is_err());
    }
}
