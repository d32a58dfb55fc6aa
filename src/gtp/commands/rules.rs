//! Rules commands: `kata-set-rules`, `kata-get-rules`, `kgs-rules`.
//!
//! Komi policy: an explicitly set komi (`komi`, `--komi`, or a `komi` key in
//! `kata-set-rules` JSON) survives a change of rules; otherwise the engine
//! adopts the new rules' default komi (7.5 Chinese, 6.5 Japanese, ...).

use nom::bytes::complete::{take_till, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::all_consuming;
use nom::multi::separated_list0;
use nom::sequence::{delimited, preceded, separated_pair};
use nom::{IResult, Parser};

use crate::rules::{Rules, parse_komi};

use super::args::{arg, exactly};
use crate::gtp::engine::{Engine, Failure, Reply};

/// A JSON string without escapes.
fn string(input: &str) -> IResult<&str, &str> {
    delimited(char('"'), take_till(|c| c == '"'), char('"')).parse(input)
}

/// A JSON scalar: a string, or a bare word (`true`, `false`, a number).
fn scalar(input: &str) -> IResult<&str, &str> {
    if input.starts_with('"') {
        string(input)
    } else {
        take_while1(|c: char| c.is_ascii_alphanumeric() || "+-._".contains(c)).parse(input)
    }
}

/// `"key": value`.
fn member(input: &str) -> IResult<&str, (&str, &str)> {
    separated_pair(
        preceded(multispace0, string),
        (multispace0, char(':'), multispace0),
        scalar,
    )
    .parse(input)
}

/// A flat JSON object of scalars, as KataGo's rules JSON is.
pub fn parse_rules_json(input: &str) -> Option<Vec<(&str, &str)>> {
    let object = delimited(
        (multispace0, char('{')),
        separated_list0((multispace0, char(',')), member),
        (multispace0, char('}'), multispace0),
    );
    all_consuming(object)
        .parse(input)
        .ok()
        .map(|(_, members)| members)
}

/// Applies new rules, and with them komi per the policy above
/// ([`crate::game::Game::adopt_rules`]; `komi` is a komi given with the
/// rules, which counts as explicit).
fn adopt(engine: &mut Engine, rules: Rules, komi: Option<f64>) {
    engine.game.adopt_rules(rules, komi);
}

/// `kata-set-rules NAME|JSON`.
pub fn kata_set_rules(engine: &mut Engine, args: &[&str]) -> Reply {
    arg(args, 0)?;
    let text = args.join(" ");
    if !text.trim_start().starts_with('{') {
        let rules = Rules::preset(&text).map_err(|e| Failure::new(&e.to_string()))?;
        adopt(engine, rules, None);
        return Ok(String::new());
    }
    let members =
        parse_rules_json(&text).ok_or_else(|| Failure::syntax(format!("bad rules JSON {text}")))?;
    let mut rules = *engine.game.rules();
    let mut komi = None;
    for (key, value) in members {
        rules
            .set(key, value)
            .map_err(|e| Failure::new(&e.to_string()))?;
        if key.eq_ignore_ascii_case("komi") {
            komi = parse_komi(value);
        }
    }
    adopt(engine, rules, komi);
    Ok(String::new())
}

/// `kata-get-rules`: KataGo's JSON (booleans unquoted).
pub fn kata_get_rules(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 0)?;
    let fields: Vec<String> = engine
        .game
        .rules()
        .fields()
        .into_iter()
        .map(|(k, v)| {
            if v == "true" || v == "false" {
                format!("\"{k}\":{v}")
            } else {
                format!("\"{k}\":\"{v}\"")
            }
        })
        .collect();
    Ok(format!("{{{}}}", fields.join(",")))
}

/// `kgs-rules chinese|aga|japanese|new_zealand` (any preset name works).
pub fn kgs_rules(engine: &mut Engine, args: &[&str]) -> Reply {
    exactly(args, 1)?;
    let name = arg(args, 0)?;
    let rules = Rules::preset(name).map_err(|e| Failure::new(&e.to_string()))?;
    adopt(engine, rules, None);
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_json_is_parsed() {
        assert_eq!(
            parse_rules_json(r#"{"ko":"POSITIONAL", "suicide" : false ,"komi":7.5}"#),
            Some(vec![
                ("ko", "POSITIONAL"),
                ("suicide", "false"),
                ("komi", "7.5")
            ])
        );
        assert_eq!(parse_rules_json("{}"), Some(vec![]));
        assert_eq!(parse_rules_json(r#"{"ko":"SIMPLE""#), None);
        assert_eq!(parse_rules_json(r#"{"ko":}"#), None);
        assert_eq!(parse_rules_json(r#"{"ko":"SIMPLE"} x"#), None);
    }
}
