//! The game information of a record, read leniently.
//!
//! Nothing here can refuse a file: a value that does not parse is `None`
//! and the loader logs it at `warn` and goes on. What is read:
//!
//! * times (`TM`, `OT`, Fox's `TC`/`TT`), as numbers of seconds or as the
//!   free text that historical, hand-entered and server records carry
//!   ([`main_time`], [`overtime`]);
//! * komi (`KM`), with decimal commas, `½`, and Fox's scaled values
//!   ([`komi`]);
//! * rules (`RU`) by preset name, KataGo's rules string, or a name
//!   followed by more words ([`rules`]);
//! * the game-information properties to keep for `printsgf`
//!   ([`GameInfo`]), with Latin-1 text turned into UTF-8.
//!
//! Text in other charsets (GB2312, Shift-JIS, EUC-KR, …) is never decoded:
//! numbers are ASCII in all of them, and the few unit words the time texts
//! use are matched as byte strings, in UTF-8 and in each of these charsets
//! (always right after a number, where a character starts).

use super::time::Overtime;
use crate::rules::{Rules, valid_komi};

/// The game-information properties of FF[4] (and `OT`), the ones
/// `printsgf` writes back as they were read.
pub const GAME_INFO: &[&str] = &[
    "AN", "BR", "BT", "CP", "DT", "EV", "GC", "GN", "KM", "ON", "OT", "PB", "PC", "PW", "RE", "RO",
    "RU", "SO", "TM", "US", "WR", "WT",
];

/// The game information of a record: every property of [`GAME_INFO`]
/// found in the root node (its first value, unescaped), in file order, and
/// the charset the record names (`CA`). Values are raw bytes, except that
/// Latin-1 text (`CA[ISO-8859-1]`) is turned into UTF-8.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    pub props: Vec<(String, Vec<u8>)>,
    pub charset: Option<Vec<u8>>,
}

impl GameInfo {
    /// The value of property `ident`, if the record has it.
    pub fn get(&self, ident: &str) -> Option<&[u8]> {
        self.props
            .iter()
            .find(|(i, _)| i == ident)
            .map(|(_, v)| v.as_slice())
    }

    /// Drops property `ident`.
    pub fn remove(&mut self, ident: &str) {
        self.props.retain(|(i, _)| i != ident);
    }
}

/// Whether a `CA` value names Latin-1 (FF[4]'s default charset).
fn is_latin1(charset: &[u8]) -> bool {
    let name: String = String::from_utf8_lossy(charset)
        .trim()
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    matches!(name.as_str(), "iso88591" | "latin1" | "l1" | "iso885915")
}

/// `bytes` as UTF-8: unchanged when already valid (records that say
/// Latin-1 but are UTF-8 are common), else each byte as the Latin-1
/// character of the same number.
fn latin1_to_utf8(bytes: &[u8]) -> Vec<u8> {
    if std::str::from_utf8(bytes).is_ok() {
        return bytes.to_vec();
    }
    bytes
        .iter()
        .map(|&b| b as char)
        .collect::<String>()
        .into_bytes()
}

/// The game information of a root node.
pub fn game_info(root: &super::parse::Node<'_>) -> GameInfo {
    let charset = root.get("CA").map(<[u8]>::to_vec);
    let latin1 = charset.as_deref().is_some_and(is_latin1);
    let mut props: Vec<(String, Vec<u8>)> = Vec::new();
    for p in &root.props {
        let ident = p.ident.as_ref();
        if !GAME_INFO.contains(&ident) || props.iter().any(|(i, _)| i == ident) {
            continue;
        }
        if let Some(v) = p.values.first() {
            let v = if latin1 {
                latin1_to_utf8(v)
            } else {
                v.to_vec()
            };
            props.push((ident.to_string(), v));
        }
    }
    GameInfo { props, charset }
}

/// Unit words after a number: the bytes and the seconds they stand for.
/// Matched longest first.
const UNITS: &[(&[u8], f64)] = &[
    // English.
    (b"hours", 3600.0),
    (b"hour", 3600.0),
    (b"hrs", 3600.0),
    (b"hr", 3600.0),
    (b"h", 3600.0),
    (b"minutes", 60.0),
    (b"minute", 60.0),
    (b"mins", 60.0),
    (b"min", 60.0),
    (b"m", 60.0),
    (b"seconds", 1.0),
    (b"second", 1.0),
    (b"secs", 1.0),
    (b"sec", 1.0),
    (b"s", 1.0),
    // UTF-8: 小时 小時 時間 시간 分钟 分鐘 分 분 秒 초.
    (b"\xe5\xb0\x8f\xe6\x97\xb6", 3600.0),
    (b"\xe5\xb0\x8f\xe6\x99\x82", 3600.0),
    (b"\xe6\x99\x82\xe9\x96\x93", 3600.0),
    (b"\xec\x8b\x9c\xea\xb0\x84", 3600.0),
    (b"\xe5\x88\x86\xe9\x92\x9f", 60.0),
    (b"\xe5\x88\x86\xe9\x90\x98", 60.0),
    (b"\xe5\x88\x86", 60.0),
    (b"\xeb\xb6\x84", 60.0),
    (b"\xe7\xa7\x92", 1.0),
    (b"\xec\xb4\x88", 1.0),
    // GB2312: 小时 分钟 分 秒.
    (b"\xd0\xa1\xca\xb1", 3600.0),
    (b"\xb7\xd6\xd6\xd3", 60.0),
    (b"\xb7\xd6", 60.0),
    (b"\xc3\xeb", 1.0),
    // Shift-JIS: 時間 分 秒.
    (b"\x8e\x9e\x8a\xd4", 3600.0),
    (b"\x95\xaa", 60.0),
    (b"\x95\x62", 1.0),
    // EUC-KR: 시간 분 초.
    (b"\xbd\xc3\xb0\xa3", 3600.0),
    (b"\xba\xd0", 60.0),
    (b"\xc3\xca", 1.0),
];

/// What may follow a number (after its unit, if any).
#[derive(Clone, Copy, Debug, PartialEq)]
enum After {
    Nothing,
    /// `x`, `×`, `*`: periods × length.
    Times,
    /// `/`: stones / length.
    Slash,
    /// `periods`, `times`, 次, 回, 회: a number of periods.
    Periods,
    /// `moves`, `stones`, 手: a number of moves.
    Moves,
}

const PERIOD_WORDS: &[&[u8]] = &[
    b"periods",
    b"period",
    b"times",
    b"time",
    // 次 (UTF-8, GB2312), 回 (UTF-8, Shift-JIS), 회 (UTF-8, EUC-KR).
    b"\xe6\xac\xa1",
    b"\xb4\xce",
    b"\xe5\x9b\x9e",
    b"\x89\xf1",
    b"\xed\x9a\x8c",
    b"\xc8\xb8",
];

const MOVE_WORDS: &[&[u8]] = &[
    b"moves",
    b"move",
    b"stones",
    b"stone",
    // 手 (UTF-8, GB2312, Shift-JIS).
    b"\xe6\x89\x8b",
    b"\xca\xd6",
    b"\x8e\xe8",
];

/// A number in a time text, with the unit after it and what follows.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Number {
    value: f64,
    unit: Option<f64>,
    after: After,
}

impl Number {
    /// The number as seconds (a number without a unit is seconds).
    fn seconds(&self) -> f64 {
        self.value * self.unit.unwrap_or(1.0)
    }

    /// The number as a count of periods or stones.
    fn count(&self) -> Option<u32> {
        (self.unit.is_none() && self.value.fract() == 0.0 && self.value <= f64::from(u32::MAX))
            .then_some(self.value as u32)
    }
}

/// Whether `text[at..]` starts with `word` (ASCII case-insensitive) and,
/// for an ASCII word, the next byte is not a letter.
fn word_at(text: &[u8], at: usize, word: &[u8]) -> bool {
    let Some(head) = text.get(at..at + word.len()) else {
        return false;
    };
    head.eq_ignore_ascii_case(word)
        && (!word[0].is_ascii_alphabetic()
            || !text
                .get(at + word.len())
                .is_some_and(u8::is_ascii_alphabetic))
}

/// The longest word of `words` at `at`, as its length.
fn longest<'w>(text: &[u8], at: usize, words: impl Iterator<Item = &'w [u8]>) -> Option<usize> {
    words
        .filter(|w| word_at(text, at, w))
        .map(<[u8]>::len)
        .max()
}

fn skip_spaces(text: &[u8], mut at: usize) -> usize {
    while text.get(at).is_some_and(|b| *b == b' ' || *b == b'\t') {
        at += 1;
    }
    at
}

/// The numbers of a time text, each with its unit and what follows it.
/// Numbers are ASCII digits with an optional decimal point.
fn numbers(text: &[u8]) -> Vec<Number> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        if !text[at].is_ascii_digit() {
            at += 1;
            continue;
        }
        let start = at;
        while at < text.len() && (text[at].is_ascii_digit() || text[at] == b'.') {
            at += 1;
        }
        let Some(value) = std::str::from_utf8(&text[start..at])
            .ok()
            .and_then(|s| s.trim_end_matches('.').parse::<f64>().ok())
            .filter(|v| v.is_finite())
        else {
            continue;
        };
        // Clock notation: `30:00` (minutes:seconds), `1:00:00`
        // (hours:minutes:seconds), in seconds.
        let mut groups = vec![value];
        while text.get(at) == Some(&b':') && text.get(at + 1).is_some_and(u8::is_ascii_digit) {
            let from = at + 1;
            at = from;
            while at < text.len() && text[at].is_ascii_digit() {
                at += 1;
            }
            let g = std::str::from_utf8(&text[from..at])
                .ok()
                .and_then(|s| s.parse::<f64>().ok())
                .unwrap_or(0.0);
            groups.push(g);
        }
        let (value, clock) = match groups.len() {
            1 => (value, false),
            _ => (groups.iter().fold(0.0, |acc, g| acc * 60.0 + g), true),
        };
        at = skip_spaces(text, at);
        let mut unit = clock.then_some(1.0);
        if let Some((word, seconds)) = UNITS
            .iter()
            .filter(|(w, _)| !clock && word_at(text, at, w))
            .max_by_key(|(w, _)| w.len())
        {
            unit = Some(*seconds);
            at = skip_spaces(text, at + word.len());
            // "sec." and "min."
            if text.get(at) == Some(&b'.') {
                at = skip_spaces(text, at + 1);
            }
        }
        let mut after = After::Nothing;
        match text.get(at) {
            Some(b'x' | b'X' | b'*') if !text.get(at + 1).is_some_and(u8::is_ascii_alphabetic) => {
                after = After::Times;
                at += 1;
            }
            Some(b'/') => {
                after = After::Slash;
                at += 1;
            }
            _ if text[at..].starts_with("×".as_bytes()) => {
                after = After::Times;
                at += "×".len();
            }
            _ => {
                if let Some(n) = longest(text, at, PERIOD_WORDS.iter().copied()) {
                    after = After::Periods;
                    at += n;
                } else if let Some(n) = longest(text, at, MOVE_WORDS.iter().copied()) {
                    after = After::Moves;
                    at += n;
                }
            }
        }
        out.push(Number { value, unit, after });
    }
    out
}

/// Whether `text` contains `word`, ASCII case-insensitive.
fn contains(text: &[u8], word: &[u8]) -> bool {
    text.windows(word.len())
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// The main time of a `TM` value, in seconds: a number (FF[4]), or free
/// text made of numbers with units, summed until the first number without
/// one (`12 hours each`, `9 hours`, `1h`, `1h30m`, `1 hour 30 minutes`,
/// `90 min`, `各5時間`, `每方3小时`, `각 3시간`), or clock notation
/// (`30:00`, `1:00:00`, also before an overtime in parentheses:
/// `30:00(5x1:00)`). `None` when it says no time at all.
pub fn main_time(v: &[u8]) -> Option<f64> {
    let text = String::from_utf8_lossy(v);
    if let Ok(t) = text.trim().parse::<f64>() {
        return (t.is_finite() && t >= 0.0).then_some(t);
    }
    // An overtime in parentheses is no part of the main time.
    let v = &v[..v.iter().position(|&b| b == b'(').unwrap_or(v.len())];
    let mut total = None;
    for n in numbers(v) {
        // A number without a unit, or one that counts periods or moves,
        // starts something other than the main time ("5x30 byo-yomi").
        let Some(unit) = n.unit else { break };
        if matches!(n.after, After::Times | After::Periods | After::Moves) {
            break;
        }
        *total.get_or_insert(0.0) += n.value * unit;
        if n.after == After::Slash {
            break;
        }
    }
    total.filter(|t: &f64| t.is_finite())
}

/// `OT` as weiqi, KGS, OGS and other programs write it, and the common
/// free-text forms:
///
/// * byo-yomi: `5x30 byo-yomi`, `3x30s`, `3x 30 sec`, `5 x 1 min`,
///   `5 periods of 30 s`, `30 seconds byo-yomi` (one period),
///   `1分钟5次`, `5次30秒`, `1分5回`, `30초 3회`, OGS's `30 simple` (one
///   period);
/// * Canadian: `25/600 Canadian`, `25 moves in 10 minutes`,
///   `10 min / 25 stones`;
/// * Fischer: `10 fischer`, `increment 10s`.
pub fn overtime(v: &[u8]) -> Option<Overtime> {
    let nums = numbers(v);
    let valid = |s: f64| (s.is_finite() && s >= 0.0).then_some(s);
    let byo = |periods: u32, seconds: f64| {
        Some(Overtime::ByoYomi {
            periods,
            seconds: valid(seconds)?,
        })
    };
    let canadian = |stones: u32, seconds: f64| {
        Some(Overtime::Canadian {
            stones,
            seconds: valid(seconds)?,
        })
    };
    let first = nums.first()?;
    if contains(v, b"fischer") || contains(v, b"increment") {
        return Some(Overtime::Fischer {
            increment: valid(first.seconds())?,
        });
    }
    if contains(v, b"simple") {
        return byo(1, first.seconds());
    }
    // "25 moves in 10 minutes", "10 min / 25 stones".
    if let Some(i) = nums.iter().position(|n| n.after == After::Moves) {
        let other = nums.iter().enumerate().find(|&(j, _)| j != i)?.1;
        return canadian(nums[i].count()?, other.seconds());
    }
    // "25/600 Canadian", "10 min/25".
    if let Some(i) = nums.iter().position(|n| n.after == After::Slash) {
        let (a, b) = (nums[i], *nums.get(i + 1)?);
        return if a.unit.is_some() && b.unit.is_none() {
            canadian(b.count()?, a.seconds())
        } else {
            canadian(a.count()?, b.seconds())
        };
    }
    // "5x30 byo-yomi", "30s x 5", "25x600 Canadian".
    if let Some(i) = nums.iter().position(|n| n.after == After::Times) {
        let (a, b) = (nums[i], *nums.get(i + 1)?);
        let (count, length) = if a.unit.is_some() && b.unit.is_none() {
            (b, a)
        } else {
            (a, b)
        };
        return if contains(v, b"canadian") {
            canadian(count.count()?, length.seconds())
        } else {
            byo(count.count()?, length.seconds())
        };
    }
    // "5 periods of 30 s", "1分钟5次".
    if let Some(i) = nums.iter().position(|n| n.after == After::Periods) {
        let other = nums.iter().enumerate().find(|&(j, _)| j != i)?.1;
        return byo(nums[i].count()?, other.seconds());
    }
    // "30 seconds byo-yomi", "1分钟读秒", "1分の秒読み": one period.
    const BYO: &[&[u8]] = &[
        b"byo",
        b"\xe8\xaf\xbb\xe7\xa7\x92",             // 读秒
        b"\xe8\xae\x80\xe7\xa7\x92",             // 讀秒
        b"\xe7\xa7\x92\xe8\xaa\xad",             // 秒読
        b"\xec\xb4\x88\xec\x9d\xbd\xea\xb8\xb0", // 초읽기
        b"\xb6\xc1\xc3\xeb",                     // 读秒, GB2312
        b"\x95\x62\x93\xc7",                     // 秒読, Shift-JIS
        b"\xc3\xca\xc0\xd0\xb1\xe2",             // 초읽기, EUC-KR
    ];
    if nums.len() == 1 && BYO.iter().any(|w| contains(v, w)) {
        return byo(1, first.seconds());
    }
    None
}

/// The overtime written in parentheses after the main time, as in
/// `TM[30:00(5x1:00)]` or `TM[1:00:00(10:00/25)]`.
pub fn overtime_in_main_time(v: &[u8]) -> Option<Overtime> {
    let open = v.iter().position(|&b| b == b'(')?;
    let close = open + v[open..].iter().position(|&b| b == b')')?;
    overtime(&v[open + 1..close])
}

/// Fox's byo-yomi: `TC` periods of `TT` seconds (Fox writes `TM` as the
/// main time and these two beside it).
pub fn fox_overtime(periods: &[u8], seconds: &[u8]) -> Option<Overtime> {
    let periods = String::from_utf8_lossy(periods)
        .trim()
        .parse::<u32>()
        .ok()?;
    let seconds = String::from_utf8_lossy(seconds)
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)?;
    Some(Overtime::ByoYomi { periods, seconds })
}

/// A komi: a number (`6.5`, `+6.5`, `-3.5`, `6.50`), also with a decimal
/// comma (`6,5`), a half written `½` (UTF-8 or Latin-1) or ` 1/2` (`6½`,
/// `6 1/2`), and words after it (`6.5 points`). `None` when no number
/// starts the value, or [`valid_komi`] refuses the number.
pub fn komi(v: &[u8]) -> Option<f64> {
    let in_range = valid_komi;
    // A plain number, as Rust reads it (this also turns `1e9`, `inf` and
    // `nan` away rather than reading their first digit).
    if let Some(k) = std::str::from_utf8(v)
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
    {
        return in_range(k);
    }
    let t = v.trim_ascii();
    let (sign, t) = match t.first() {
        Some(b'-') => (-1.0, &t[1..]),
        Some(b'+') => (1.0, &t[1..]),
        _ => (1.0, t),
    };
    let end = t
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b'.' || *b == b','))
        .unwrap_or(t.len());
    let number: String = t[..end]
        .iter()
        .map(|&b| if b == b',' { '.' } else { b as char })
        .collect();
    let mut k: f64 = number.trim_end_matches('.').parse().ok()?;
    let rest = t[end..].trim_ascii_start();
    let latin1_half = rest.first() == Some(&0xbd) && rest.get(1).is_none_or(u8::is_ascii);
    if rest.starts_with("½".as_bytes()) || rest.starts_with(b"1/2") || latin1_half {
        k += 0.5;
    }
    in_range(sign * k)
}

/// Fox (`AP[foxwq]`) writes komi scaled: `KM[375]` for 7.5 under Chinese
/// rules (3¾ stones, ×50), `KM[650]` for 6.5 otherwise (×100). A komi
/// beyond 50 in a Fox record is scaled back; others are kept.
pub fn fox_komi(k: f64, rules_text: Option<&[u8]>) -> f64 {
    if k.abs() <= 50.0 {
        return k;
    }
    let chinese = rules_text.is_some_and(|r| contains(r, b"chinese"));
    if chinese { k / 50.0 } else { k / 100.0 }
}

/// Rules named by `RU`: a preset name or alias (`Chinese`, `cn`,
/// `Japanese`, `jp`, `Korean`, `AGA`, `NZ`, `New Zealand`,
/// `Tromp-Taylor`, any case), KataGo's rules string
/// (`koPOSITIONALscoreAREAtaxNONEsui0whbN`), a preset name followed by
/// more words (`Japanese 1989`, `Chinese (2001)`), or 中国/中國, 日本,
/// 韩国/韓國/한국 in UTF-8.
pub fn rules(v: &[u8]) -> Option<Rules> {
    let text = String::from_utf8_lossy(v);
    let norm = |s: &str| -> String {
        s.trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == ' ' || c == '_' { '-' } else { c })
            .collect()
    };
    if let Ok(r) = Rules::preset(&norm(&text)) {
        return Some(r);
    }
    if let Some(r) = Rules::from_compact(text.trim()) {
        return Some(r);
    }
    // "New Zealand" is two words; try the first two, then the first.
    let words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() >= 2
        && let Ok(r) = Rules::preset(&norm(&format!("{} {}", words[0], words[1])))
    {
        return Some(r);
    }
    if let Some(w) = words.first()
        && let Ok(r) = Rules::preset(&norm(w))
    {
        return Some(r);
    }
    for (names, preset) in [
        (&["中国", "中國"][..], "chinese"),
        (&["日本"][..], "japanese"),
        (&["韩国", "韓國", "한국"][..], "korean"),
    ] {
        if names.iter().any(|n| text.contains(n)) {
            return Rules::preset(preset).ok();
        }
    }
    None
}

#[cfg(test)]
mod tests;
