//! Tests of the mapping between SGF records and games, and of robustness
//! against hostile input.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::board::IllegalMove;
use crate::game::MAX_MOVES;
use crate::rules::{HandicapBonus, KoRule};

fn opts() -> LoadOptions {
    LoadOptions {
        until: None,
        rules: Rules::default(),
        komi: 7.5,
        komi_explicit: false,
    }
}

fn load_str(s: &str) -> Result<Loaded, SgfError> {
    load(s.as_bytes(), &opts())
}

fn until(s: &str, n: usize) -> Loaded {
    let o = LoadOptions {
        until: Some(n),
        ..opts()
    };
    load(s.as_bytes(), &o).expect("loads")
}

/// The stone at GTP-style (column, row) from the bottom left.
fn at(l: &Loaded, col: usize, row: usize) -> Option<Color> {
    let b = l.game.board();
    b.color_at(b.point(col, row).expect("on board"))
}

#[test]
fn sizes() {
    assert_eq!(load_str("(;)").expect("default").game.size(), 19);
    assert_eq!(load_str("(;SZ[9])").expect("9").game.size(), 9);
    assert_eq!(load_str("(;SZ[ 13 ])").expect("13").game.size(), 13);
    assert_eq!(load_str("(;SZ[25:25])").expect("25").game.size(), 25);
    for bad in [
        "SZ[26]",
        "SZ[1]",
        "SZ[0]",
        "SZ[-3]",
        "SZ[9:13]",
        "SZ[abc]",
        "SZ[]",
        "SZ[99999999999999999999999]",
        "SZ[18446744073709551615]",
    ] {
        let r = load_str(&format!("(;{bad})"));
        assert!(matches!(r, Err(SgfError::Size(_))), "{bad}: {r:?}");
    }
    assert!(matches!(load_str("(;GM[2])"), Err(SgfError::NotGo(_))));
}

#[test]
fn moves_and_passes() {
    let l = load_str("(;SZ[9];B[ee];W[aa];B[];W[tt];B[ai])").expect("loads");
    assert_eq!(l.game.moves().len(), 5);
    assert_eq!(l.game.moves()[2].mv, Move::Pass);
    assert_eq!(l.game.moves()[3].mv, Move::Pass);
    assert_eq!(at(&l, 4, 4), Some(Color::Black));
    assert_eq!(at(&l, 0, 8), Some(Color::White)); // aa = A9
    assert_eq!(at(&l, 0, 0), Some(Color::Black)); // ai = A1
    assert_eq!(l.to_move, Color::White);
    // On boards above 19x19, tt is a point.
    let l = load_str("(;SZ[21];B[tt])").expect("loads");
    assert_eq!(at(&l, 19, 1), Some(Color::Black));
}

#[test]
fn off_board_and_malformed_points() {
    for (file, off) in [
        ("(;SZ[9];B[jj])", true),
        ("(;SZ[9];B[ej])", true),
        ("(;SZ[9];B[zz])", true),
        ("(;SZ[9];B[AA])", true),
        ("(;SZ[19];W[ZZ])", true),
        ("(;SZ[9]AB[aa:jj])", true),
        ("(;SZ[9];B[a])", false),
        ("(;SZ[9];B[abc])", false),
        ("(;SZ[9];B[1a])", false),
        ("(;SZ[9];B[é])", false),
    ] {
        match load_str(file) {
            Err(
                SgfError::BadMove { off_board, .. } | SgfError::BadSetupPoint { off_board, .. },
            ) if off_board == off => {}
            other => panic!("{file}: {other:?}"),
        }
    }
}

#[test]
fn illegal_moves_refuse_the_file() {
    let r = load_str("(;SZ[9];B[ee];W[ee])");
    assert!(
        matches!(
            r,
            Err(SgfError::IllegalMove {
                number: 2,
                why: GameError::Illegal(Illegal::Board(IllegalMove::Occupied)),
                ..
            })
        ),
        "{r:?}"
    );
    // Suicide under Chinese rules.
    let r = load_str("(;SZ[9];B[ba];W[cc];B[ab];W[dd];W[aa])");
    assert!(
        matches!(r, Err(SgfError::IllegalMove { number: 5, .. })),
        "{r:?}"
    );
    // The same record loads up to the illegal move.
    let l = until("(;SZ[9];B[ee];W[ee])", 2);
    assert_eq!(l.game.moves().len(), 1);
}

#[test]
fn compressed_point_lists_and_setup() {
    let l = load_str("(;SZ[9]AB[aa:cc][ee]AW[gg:hi]AE[bb])").expect("loads");
    let b = l.game.board();
    assert_eq!(b.stone_count(Color::Black), 9);
    assert_eq!(b.stone_count(Color::White), 6);
    assert_eq!(at(&l, 1, 7), None); // bb cleared by AE
    assert_eq!(l.game.handicap_stones(), 0);
    assert_eq!(l.to_move, Color::Black);
    // Reversed corners are the same rectangle.
    let r = load_str("(;SZ[9]AB[cc:aa])").expect("loads");
    assert_eq!(r.game.board().stone_count(Color::Black), 9);
    assert_eq!(
        load_str("(;SZ[9];B[ee];AB[aa])").err(),
        Some(SgfError::SetupAfterMoves { after: 1 })
    );
    // A setup stone that takes the last liberty of another: the error
    // names it (A8, the third stone placed).
    assert_eq!(
        load_str("(;SZ[9]AW[aa]AB[ba][ab])").err(),
        Some(SgfError::SetupWithoutLiberties {
            color: Color::Black,
            at: (0, 7)
        })
    );
}

#[test]
fn handicap_and_player_to_move() {
    let l = load_str("(;SZ[9]HA[2]AB[cc][gg];W[ee])").expect("loads");
    assert_eq!(l.game.handicap_stones(), 2);
    assert_eq!(l.game.moves()[0].color, Color::White);
    assert_eq!(l.to_move, Color::Black);
    let l = load_str("(;SZ[9]HA[2]AB[cc][gg])").expect("loads");
    assert_eq!(l.to_move, Color::White);
    let l = load_str("(;SZ[9]HA[2]AB[cc][gg]PL[B])").expect("loads");
    assert_eq!((l.to_move, l.game.to_move()), (Color::Black, Color::Black));
    // PL before the last move does not count; PL after it does.
    let l = load_str("(;SZ[9]PL[W];B[ee])").expect("loads");
    assert_eq!(l.to_move, Color::White);
    let l = load_str("(;SZ[9];B[ee]PL[B])").expect("loads");
    assert_eq!(l.to_move, Color::Black);
}

#[test]
fn move_number_follows_gnu_go() {
    // GNU Go 3.8: 'loadsgf f N' is the position before move N, and the
    // reply is the colour of move N when there is one.
    let f = "(;SZ[9];B[ee];W[cc];B[gg];B[gc];W[tt];B[])";
    let l = until(f, 1);
    assert_eq!((l.game.moves().len(), l.to_move), (0, Color::Black));
    let l = until(f, 4);
    assert_eq!((l.game.moves().len(), l.to_move), (3, Color::Black));
    let l = until(f, 5);
    assert_eq!((l.game.moves().len(), l.to_move), (4, Color::White));
    let l = until(f, 99);
    assert_eq!((l.game.moves().len(), l.to_move), (6, Color::White));
}

#[test]
fn rules_and_komi() {
    for (ru, preset) in [
        ("Chinese", "chinese"),
        ("cn", "chinese"),
        ("Japanese", "japanese"),
        ("jp", "japanese"),
        ("Korean", "korean"),
        ("AGA", "aga"),
        ("NZ", "new-zealand"),
        ("New Zealand", "new-zealand"),
        ("Tromp-Taylor", "tromp-taylor"),
        ("koSITUATIONALscoreAREAtaxNONEsui1whbN-1", ""),
    ] {
        let l = load_str(&format!("(;RU[{ru}])")).expect(ru);
        assert!(l.rules_from_file, "{ru}");
        if !preset.is_empty() {
            assert_eq!(
                *l.game.rules(),
                Rules::preset(preset).expect("preset"),
                "{ru}"
            );
            // No KM, komi not explicit: the preset's komi.
            assert_eq!(l.game.komi(), l.game.rules().default_komi);
        }
    }
    let custom = load_str("(;RU[koSITUATIONALscoreAREAsui1whbN-1])").expect("custom");
    let r = custom.game.rules();
    assert_eq!(
        (r.ko, r.multi_stone_suicide, r.handicap_bonus),
        (KoRule::Situational, true, HandicapBonus::NMinus1)
    );
    assert_eq!(info::rules(r.record_name().as_bytes()), Some(*r));

    // Unknown rules: the current ones stay.
    let mut o = opts();
    o.rules = Rules::preset("aga").expect("aga");
    let l = load(b"(;RU[Ing]KM[8])", &o).expect("loads");
    assert_eq!((*l.game.rules(), l.rules_from_file), (o.rules, false));
    assert_eq!((l.game.komi(), l.game.komi_explicit()), (8.0, true));
    // An explicit komi survives a file without KM.
    o.komi = 0.5;
    o.komi_explicit = true;
    let l = load(b"(;RU[Japanese])", &o).expect("loads");
    assert_eq!((l.game.komi(), l.game.komi_explicit()), (0.5, true));
    // A komi that is not explicit follows the file's rules...
    let o2 = LoadOptions {
        komi_explicit: false,
        ..o
    };
    let l = load(b"(;RU[Japanese])", &o2).expect("loads");
    let japanese = Rules::preset("japanese").expect("japanese").default_komi;
    assert_eq!((l.game.komi(), l.game.komi_explicit()), (japanese, false));
    // ...and stays when the file names no rules.
    let l = load(b"(;SZ[9])", &o2).expect("loads");
    assert_eq!((l.game.komi(), l.game.komi_explicit()), (0.5, false));
    // A komi that cannot be read is ignored: the current one stays.
    for bad in ["KM[abc]", "KM[inf]", "KM[NaN]", "KM[1e9]", "KM[]"] {
        let l = load(format!("(;{bad})").as_bytes(), &o).expect(bad);
        assert_eq!(
            (l.game.komi(), l.game.komi_explicit()),
            (0.5, true),
            "{bad}"
        );
    }
    // Free-form komi.
    let l = load_str("(;KM[6,5])").expect("decimal comma");
    assert_eq!((l.game.komi(), l.game.komi_explicit()), (6.5, true));
    // Fox writes komi scaled; only in Fox records is it scaled back.
    for (f, k) in [
        ("(;AP[GNU Go:3.8]KM[375]RU[Chinese]AP[foxwq])", 7.5),
        ("(;KM[650]RU[Japanese]AP[foxwq])", 6.5),
        ("(;KM[0]RU[Japanese]AP[foxwq])", 0.0),
        ("(;KM[375]RU[Chinese])", 375.0),
    ] {
        assert_eq!(load_str(f).expect(f).game.komi(), k, "{f}");
    }
    // HA and PL decide the position: a bad one refuses the file.
    assert_eq!(
        load_str("(;HA[x])").err(),
        Some(SgfError::BadHandicap("x".into()))
    );
    assert_eq!(
        load_str("(;PL[X])").err(),
        Some(SgfError::BadPlayer("X".into()))
    );
    assert_eq!(
        load_str("(;HA[])")
            .expect("empty HA")
            .game
            .handicap_stones(),
        0
    );
    let l = load_str("(;SZ[9]PL[white])").expect("PL spelled out");
    assert_eq!(l.to_move, Color::White);
}

#[test]
fn captures_and_superko_history_are_rebuilt() {
    // A ko on 9x9 (rows counted from the top: 'e' is row 5): Black C5
    // D6 D4 E5, White F5 E6 E4, then White takes at D5.
    let f = "(;SZ[9];B[ce];W[fe];B[dd];W[ed];B[df];W[ef];B[ee];W[de])";
    let l = load_str(f).expect("loads");
    let b = l.game.board();
    assert_eq!(b.captures(Color::White), 1);
    let e5 = b.point(4, 4).expect("E5");
    assert!(!l.game.is_legal(Color::Black, e5));
}

#[test]
fn clock_properties() {
    let l =
        load_str("(;TM[1800]OT[5x30 byo-yomi];B[aa]BL[1700.5];W[bb]WL[25]OW[3])").expect("loads");
    assert_eq!(l.time.main, Some(1800.0));
    assert_eq!(
        l.time.overtime,
        Some(Overtime::ByoYomi {
            periods: 5,
            seconds: 30.0
        })
    );
    assert_eq!(l.time.left, [Some((1700.5, None)), Some((25.0, Some(3)))]);
    // Free text is read where it says something; the rest is ignored
    // (logged), never a refusal.
    let l = load_str("(;TM[12 hours each]OT[5 periods of 30 s])").expect("free text");
    assert_eq!(l.time.main, Some(43200.0));
    assert_eq!(
        l.time.overtime,
        Some(Overtime::ByoYomi {
            periods: 5,
            seconds: 30.0
        })
    );
    for f in [
        "(;TM[-5])",
        "(;TM[no limit]OT[sudden death])",
        "(;B[aa]BL[x])",
        "(;B[aa]BL[10]OB[many])",
    ] {
        let l = load_str(f).expect(f);
        assert_eq!(l.time.main, None, "{f}");
        assert_eq!(l.time.overtime, None, "{f}");
    }
    assert_eq!(
        load_str("(;B[aa]BL[10]OB[many])").expect("BL").time.left[0],
        Some((10.0, None))
    );
    // Fox: TM main time, TC periods of TT seconds.
    let l = load_str("(;TM[300]TC[3]TT[30]AP[foxwq])").expect("Fox");
    assert_eq!(l.time.main, Some(300.0));
    assert_eq!(
        l.time.overtime,
        Some(Overtime::ByoYomi {
            periods: 3,
            seconds: 30.0
        })
    );
}

#[test]
fn text_in_any_charset_loads() {
    // GB2312 (Chinese), Shift-JIS (Japanese, with an escaped 0x5C trail
    // byte), EUC-KR (Korean) player names and comments.
    let gb = b"(;CA[GB2312]SZ[19]PB[\xba\xda\xc6\xe5]PW[\xb0\xd7\xc6\xe5]C[\xd6\xd0\xb9\xfa];B[pd];W[dp])";
    let sj = b"(;CA[Shift_JIS]PB[\x95\\\x5c]C[\x8a\xbd\x82\xb5];B[pd])";
    let kr = b"(;CA[EUC-KR]PB[\xc8\xe6]GC[\xb9\xd9\xb5\xcf];B[pd])";
    for f in [&gb[..], sj, kr] {
        let l = load(f, &opts()).expect("loads");
        assert!(!l.game.moves().is_empty());
    }
}

#[test]
fn huge_inputs_are_bounded() {
    let s = format!("(;SZ[{}])", "9".repeat(100_000));
    assert_eq!(
        load_str(&s).err(),
        Some(SgfError::Size(SizeProblem::Malformed(format!(
            "{}...",
            "9".repeat(24)
        ))))
    );
    assert_eq!(
        load_str("(;SZ[30])").err(),
        Some(SgfError::Size(SizeProblem::Unsupported(30)))
    );
    // Nested variations are parsed without recursion and the main line
    // replayed (passes, so all legal), up to the game's bound of
    // MAX_MOVES moves; 100,000 nested variations are refused cleanly.
    let nested = |depth: usize| {
        let mut f = String::from("(;SZ[9]");
        for i in 0..depth {
            f.push_str(if i % 2 == 0 { "(;B[]" } else { "(;W[]" });
        }
        f.push_str(&")".repeat(depth + 1));
        f
    };
    let l = load_str(&nested(MAX_MOVES)).expect("loads");
    assert_eq!(l.game.moves().len(), MAX_MOVES);
    assert!(matches!(
        load_str(&nested(100_000)),
        Err(SgfError::TooLarge(_))
    ));
    // Too many nodes for the bound.
    let many = format!("({})", ";".repeat(parse::MAX_NODES + 1));
    assert!(matches!(load_str(&many), Err(SgfError::TooLarge(_))));
}

#[test]
fn read_file_refuses_endless_and_oversized_files() {
    let r = read_file(Path::new("/dev/zero"));
    assert!(matches!(r, Err(SgfError::Io(_))), "{r:?}");
    assert!(matches!(
        read_file(Path::new("/nonexistent/x.sgf")),
        Err(SgfError::Io(_))
    ));
    let dir = std::env::temp_dir().join(format!("weiqi-read-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let big = dir.join("big.sgf");
    std::fs::write(&big, vec![b' '; MAX_FILE_BYTES as usize + 1]).expect("write");
    let r = read_file(&big);
    assert!(matches!(r, Err(SgfError::TooLarge(_))), "{r:?}");
    // A directory is not a record either.
    assert!(matches!(read_file(&dir), Err(SgfError::Io(_))));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Opening a named pipe for reading blocks until a writer comes; the
/// reader must refuse it without opening it.
#[cfg(unix)]
#[test]
fn read_file_refuses_a_named_pipe_without_blocking() {
    let dir = std::env::temp_dir().join(format!("weiqi-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fifo = dir.join("pipe.sgf");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Were the pipe opened, this would wait for a writer forever.
    let r = read_file(&fifo);
    assert!(matches!(r, Err(SgfError::Io(_))), "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every prefix of a record, and random mutations of it, load or fail
/// cleanly.
#[test]
fn truncated_and_mutated_records_do_not_panic() {
    let f = b"(;FF[4]GM[1]SZ[9]KM[6.5]RU[Japanese]HA[2]AB[cc][gg]C[a\\]b\\\\]\n;W[ee]BL[30]OB[2];B[ec](;W[tt];B[])(;W[aa:bb]))".to_vec();
    for n in 0..f.len() {
        let _ = load(&f[..n], &opts());
    }
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..20_000 {
        let mut m = f.clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..m.len());
            match rng.random_range(0..3) {
                0 => m[i] = rng.random(),
                1 => {
                    m.remove(i);
                }
                _ => m.insert(i, b"()[];\\:ABWtz9"[rng.random_range(0..13)]),
            }
        }
        let _ = load(&m, &opts());
    }
}

#[test]
fn random_bytes_do_not_panic() {
    let mut rng = SmallRng::seed_from_u64(6);
    let alphabet = b"();[]\\:BWABAWAESZHAKMRUPLtzaj0123456789 \n\r\xff";
    for _ in 0..20_000 {
        let len = rng.random_range(0..200);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if rng.random_bool(0.8) {
                    alphabet[rng.random_range(0..alphabet.len())]
                } else {
                    rng.random()
                }
            })
            .collect();
        let _ = load(&bytes, &opts());
    }
}

#[test]
fn writer_output_has_no_blank_line_and_reads_back() {
    let l = load_str("(;SZ[9]KM[0.5]RU[AGA]HA[2]AB[cc][gg];W[ee];B[];W[])").expect("loads");
    let text = write(&l.game, Some("W+0.5"), None);
    assert!(!text.contains("\n\n"), "{text}");
    assert!(text.lines().all(|line| line == line.trim_end()));
    assert!(text.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[weiqi:"));
    assert!(text.contains("RU[aga]KM[0.5]RE[W+0.5]"), "{text}");
    assert!(text.contains("HA[2]AB[cc][gg]"), "{text}");
    let again = load_str(&text).expect("reads back");
    assert_eq!(again.game.board().hash(), l.game.board().hash());
    assert_eq!(again.game.moves(), l.game.moves());
    assert_eq!(again.result.as_deref(), Some(&b"W+0.5"[..]));
    assert_eq!(write(&again.game, Some("W+0.5"), None), text);
}

#[test]
fn remaining_time_is_rounded_down_to_the_millisecond() {
    use write::seconds;
    assert_eq!(seconds(10.0), "10");
    assert_eq!(seconds(9.9996), "9.999");
    assert_eq!(seconds(1.005), "1.005");
    assert_eq!(seconds(12.25), "12.25");
    assert_eq!(seconds(0.0004), "0");
}

/// A record says the rules it was played under: the preset's name whatever
/// the komi, and Korean as Korean (the same settings as Japanese).
#[test]
fn rules_are_written_by_their_preset_name() {
    let mut chinese = Rules::preset("chinese").expect("chinese");
    chinese.set("komi", "6.5").expect("komi");
    let mut game = Game::new(9, chinese).expect("9x9");
    game.set_komi(6.5);
    assert!(write(&game, None, None).contains("RU[chinese]KM[6.5]"));
    let korean = Rules::preset("korean").expect("korean");
    let game = Game::new(9, korean).expect("9x9");
    let text = write(&game, None, None);
    assert!(text.contains("RU[korean]"), "{text}");
    let back = load_str(&text).expect("loads");
    assert_eq!(back.game.rules().preset_name(), Some("korean"));
}
