//! The lenient readers of game information.

use super::*;
use crate::rules::KoRule;

fn byo(periods: u32, seconds: f64) -> Option<Overtime> {
    Some(Overtime::ByoYomi { periods, seconds })
}

fn canadian(stones: u32, seconds: f64) -> Option<Overtime> {
    Some(Overtime::Canadian { stones, seconds })
}

#[test]
fn main_time_numbers_and_free_text() {
    for (text, seconds) in [
        (&b"600"[..], 600.0),
        (b" 1800.5 ", 1800.5),
        (b"12 hours each", 43200.0),
        (b"9 hours", 32400.0),
        (b"8 hours each", 28800.0),
        (b"1h", 3600.0),
        (b"1h30m", 5400.0),
        (b"1 hour 30 minutes", 5400.0),
        (b"1.5 hours", 5400.0),
        (b"90 min", 5400.0),
        (b"10 min", 600.0),
        (b"3 hours each, 5x60 byo-yomi", 10800.0),
        (b"5 Hours Each", 18000.0),
        (b"300 sec.", 300.0),
        (b"13 hours each over 2 days", 46800.0),
        ("各5時間".as_bytes(), 18000.0),
        ("每方3小时".as_bytes(), 10800.0),
        ("각 3시간".as_bytes(), 10800.0),
        ("各2小时".as_bytes(), 7200.0),
        // GB2312 各2小时, Shift-JIS 各5時間, EUC-KR 각 3시간.
        (b"\xb8\xf72\xd0\xa1\xca\xb1", 7200.0),
        (b"\x8a\x655\x8e\x9e\x8a\xd4", 18000.0),
        (b"\xb0\xa2 3\xbd\xc3\xb0\xa3", 10800.0),
        ("30分".as_bytes(), 1800.0),
        (b"30:00", 1800.0),
        (b"1:00:00", 3600.0),
        (b"30:00(5x1:00)", 1800.0),
        (b"1:30:00 (10:00/25)", 5400.0),
    ] {
        assert_eq!(
            main_time(text),
            Some(seconds),
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    for text in [
        &b""[..],
        b"none",
        b"no limit",
        b"2 days",
        b"-5",
        b"5x30 byo-yomi",
        b"nan",
        b"inf",
    ] {
        assert_eq!(main_time(text), None, "{}", String::from_utf8_lossy(text));
    }
}

#[test]
fn overtime_forms() {
    for (text, want) in [
        (&b"5x30 byo-yomi"[..], byo(5, 30.0)),
        (b"3x30 byo-yomi", byo(3, 30.0)),
        (b"5x30 Byo-Yomi", byo(5, 30.0)),
        (b"3x30s", byo(3, 30.0)),
        (b"3x 30 sec", byo(3, 30.0)),
        (b"5 x 1 min", byo(5, 60.0)),
        (b"30s x 5", byo(5, 30.0)),
        (b"5 periods of 30 s", byo(5, 30.0)),
        (b"5 periods of 30 seconds", byo(5, 30.0)),
        (b"3 periods of 1 minute", byo(3, 60.0)),
        (b"30 seconds byo-yomi", byo(1, 30.0)),
        (b"1 minute byo-yomi", byo(1, 60.0)),
        (b"60 sec byoyomi", byo(1, 60.0)),
        (b"30 simple", byo(1, 30.0)),
        ("1分钟5次".as_bytes(), byo(5, 60.0)),
        ("5次30秒".as_bytes(), byo(5, 30.0)),
        ("3次1分钟读秒".as_bytes(), byo(3, 60.0)),
        ("1分5回".as_bytes(), byo(5, 60.0)),
        ("30초 3회".as_bytes(), byo(3, 30.0)),
        ("1분 초읽기".as_bytes(), byo(1, 60.0)),
        ("1分の秒読み".as_bytes(), byo(1, 60.0)),
        // GB2312 1分钟5次, Shift-JIS 1分5回, EUC-KR 30초 3회.
        (b"1\xb7\xd6\xd6\xd35\xb4\xce", byo(5, 60.0)),
        (b"1\x95\xaa5\x89\xf1", byo(5, 60.0)),
        (b"30\xc3\xca 3\xc8\xb8", byo(3, 30.0)),
        (b"25/600 Canadian", canadian(25, 600.0)),
        (b"15/600 canadian", canadian(15, 600.0)),
        (b"25 moves in 10 minutes", canadian(25, 600.0)),
        (b"10 min / 25 stones", canadian(25, 600.0)),
        (b"10 min/25", canadian(25, 600.0)),
        (b"25x600 Canadian", canadian(25, 600.0)),
        (b"10 fischer", Some(Overtime::Fischer { increment: 10.0 })),
        (b"10 Fischer", Some(Overtime::Fischer { increment: 10.0 })),
        (b"increment 5s", Some(Overtime::Fischer { increment: 5.0 })),
    ] {
        assert_eq!(overtime(text), want, "{}", String::from_utf8_lossy(text));
    }
    for text in [
        &b"whatever"[..],
        b"",
        b"byo-yomi",
        b"Japanese byo-yomi",
        b"5x",
        b"25/",
        b"2.5x30 byo-yomi",
        b"99999999999x30",
    ] {
        assert_eq!(overtime(text), None, "{}", String::from_utf8_lossy(text));
    }
}

#[test]
fn overtime_in_parentheses_after_the_main_time() {
    assert_eq!(overtime_in_main_time(b"30:00(5x1:00)"), byo(5, 60.0));
    assert_eq!(
        overtime_in_main_time(b"1:00:00(10:00/25)"),
        canadian(25, 600.0)
    );
    assert_eq!(overtime_in_main_time(b"8 hours each"), None);
    assert_eq!(overtime_in_main_time(b"1h (plus"), None);
}

#[test]
fn fox_byo_yomi_and_komi() {
    assert_eq!(fox_overtime(b"3", b"30"), byo(3, 30.0));
    assert_eq!(fox_overtime(b"x", b"30"), None);
    assert_eq!(fox_overtime(b"3", b"0"), None);
    assert_eq!(fox_komi(375.0, Some(b"Chinese")), 7.5);
    assert_eq!(fox_komi(650.0, Some(b"Japanese")), 6.5);
    assert_eq!(fox_komi(550.0, None), 5.5);
    assert_eq!(fox_komi(6.5, Some(b"Japanese")), 6.5);
    assert_eq!(fox_komi(0.0, Some(b"Chinese")), 0.0);
}

#[test]
fn komi_forms() {
    for (text, k) in [
        (&b"6.5"[..], 6.5),
        (b"+6.5", 6.5),
        (b"-3.5", -3.5),
        (b"6.50", 6.5),
        (b" 7 ", 7.0),
        (b"6,5", 6.5),
        (b"6.", 6.0),
        (b"6 1/2", 6.5),
        ("6½".as_bytes(), 6.5),
        (b"6\xbd", 6.5),
        (b"5.5 points", 5.5),
        (b"375", 375.0),
        (b"1000", 1000.0),
    ] {
        assert_eq!(komi(text), Some(k), "{}", String::from_utf8_lossy(text));
    }
    for text in [
        &b""[..],
        b"none",
        b"1000.5",
        b"nan",
        b"inf",
        b"-",
        b"1e400",
        b"six",
    ] {
        assert_eq!(komi(text), None, "{}", String::from_utf8_lossy(text));
    }
}

#[test]
fn rules_names() {
    let preset = |n: &str| Rules::preset(n).ok();
    for (text, want) in [
        ("Japanese", "japanese"),
        ("japanese", "japanese"),
        ("Chinese", "chinese"),
        ("Korean", "korean"),
        ("AGA", "aga"),
        ("NZ", "new-zealand"),
        ("New Zealand", "new-zealand"),
        ("Tromp-Taylor", "tromp-taylor"),
        ("Japanese 1989", "japanese"),
        ("Chinese (2001)", "chinese"),
        ("中国规则", "chinese"),
        ("日本ルール", "japanese"),
        ("한국", "korean"),
    ] {
        assert_eq!(rules(text.as_bytes()), preset(want), "{text}");
    }
    let kata = rules(b"koSITUATIONALscoreAREAsui1whbN-1").expect("KataGo string");
    assert_eq!(kata.ko, KoRule::Situational);
    assert!(kata.multi_stone_suicide);
    for text in ["GOE", "Ing", "", "whatever", "koFOO"] {
        assert_eq!(rules(text.as_bytes()), None, "{text}");
    }
}

#[test]
fn game_information_is_kept_in_file_order() {
    let tree = crate::sgf::parse(
        b"(;FF[4]GM[1]PW[white]PB[black]C[root comment]DT[1950-01-01]PW[twice]TM[8 hours each]XX[y])",
    )
    .expect("parses");
    let info = game_info(&tree.nodes[0]);
    let idents: Vec<&str> = info.props.iter().map(|(i, _)| i.as_str()).collect();
    assert_eq!(idents, ["PW", "PB", "DT", "TM"]);
    assert_eq!(info.get("PW"), Some(&b"white"[..]));
    assert_eq!(info.get("TM"), Some(&b"8 hours each"[..]));
    assert_eq!(info.charset, None);
}

#[test]
fn latin1_text_becomes_utf8_and_other_charsets_stay_bytes() {
    let tree = crate::sgf::parse(b"(;CA[ISO-8859-1]PB[Jos\xe9]PW[Ren\xc3\xa9])").expect("parses");
    let info = game_info(&tree.nodes[0]);
    assert_eq!(info.get("PB"), Some("José".as_bytes()));
    // Already UTF-8 despite the CA: unchanged.
    assert_eq!(info.get("PW"), Some("René".as_bytes()));
    let tree = crate::sgf::parse(b"(;CA[GB2312]PB[\xcd\xf5])").expect("parses");
    let info = game_info(&tree.nodes[0]);
    assert_eq!(info.get("PB"), Some(&b"\xcd\xf5"[..]));
    assert_eq!(info.charset.as_deref(), Some(&b"GB2312"[..]));
}
