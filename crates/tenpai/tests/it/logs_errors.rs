//! Damaged, truncated and foreign files give clear errors naming the file (and the
//! position where there is one), and no input makes the reader panic.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use tenpai::logs::{parse_log, read_file};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/logs")
        .join(name)
}

fn error_of(name: &str) -> String {
    let path = data(name);
    let e = read_file(&path).expect_err(name).to_string();
    assert!(e.starts_with(&path.display().to_string()), "{e}");
    e
}

#[test]
fn fixtures_give_clear_errors() {
    assert_eq!(read_file(&data("good.mjlog")).unwrap().wins.len(), 1);
    for (name, expected) in [
        (
            "truncated_in_tag.xml",
            "byte 371: truncated: the file ends inside a tag",
        ),
        (
            "truncated_no_end.xml",
            "truncated: the log ends without </mjloggm>",
        ),
        ("truncated.mjlog.gz", "gzip data is damaged or truncated"),
        ("truncated.json", "line 1, column 116: truncated JSON"),
        (
            "bad_call.mjlog",
            "byte 315: call code m=65535 is not a valid Tenhou call",
        ),
        (
            "tile_not_in_hand.mjlog",
            "byte 308: seat 0 has no 1m in hand",
        ),
        ("not_a_log.txt", "byte 0: not a game log"),
        (
            "not_tenhou6.json",
            "not a game log: JSON without a \"log\" array",
        ),
        (
            "other_xml.xml",
            "not an mjlog: the first tag is not <mjloggm>",
        ),
        ("empty.mjlog", "empty file: not a game log"),
    ] {
        let e = error_of(name);
        assert!(e.contains(expected), "{name}: {e}");
    }
    let e = read_file(&data("no_such_file.mjlog"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("no_such_file.mjlog: cannot read"), "{e}");
}

fn good() -> Vec<u8> {
    std::fs::read(data("good.mjlog")).unwrap()
}

const T6: &str = r#"{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"般南喰赤","aka":1},
"log":[[[0,1,1],[25000,25000,25000,25000],[11],[12],
[13,41,42,43,44,45,46,47,47,19,29,39,11],[21],[13],
[12,14,22,23,24,32,33,34,36,37,38,29,29],["c131214"],[29],
[15,16,17,25,26,27,35,35,36,37,38,41,19],[18],["r19"],
[11,11,12,13,14,22,23,24,32,33,34,51,44],[],[],
["和了",[0,0,-5200,5200],[3,2,3,"40符3飜5200点","平和(1飜)","ドラ(1飜)","赤ドラ(1飜)"]]]]}"#;

#[test]
fn every_truncation_is_an_error() {
    let text = good();
    let end = text.len() - 1; // the final newline may go
    for cut in 0..end {
        assert!(parse_log(&text[..cut]).is_err(), "cut at {cut}");
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &text).unwrap();
    let gz = gz.finish().unwrap();
    assert!(parse_log(&gz).is_ok());
    for cut in 0..gz.len() - 8 {
        assert!(parse_log(&gz[..cut]).is_err(), "gzip cut at {cut}");
    }
    assert!(parse_log(T6.as_bytes()).is_ok());
    for (cut, _) in T6.char_indices().filter(|&(i, _)| i < T6.len() - 1) {
        assert!(
            parse_log(&T6.as_bytes()[..cut]).is_err(),
            "json cut at {cut}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Changed bytes: never a panic.
    #[test]
    fn damaged_logs_never_panic(pos in any::<prop::sample::Index>(), byte in any::<u8>(), which in 0..2usize, digits in any::<bool>()) {
        let mut bytes = if which == 0 { good() } else { T6.as_bytes().to_vec() };
        let i = pos.index(bytes.len());
        bytes[i] = if digits { b'0' + byte % 10 } else { byte };
        let _ = parse_log(&bytes);
    }

    /// Random bytes, and random tag soup: never a panic.
    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200), tags in prop::collection::vec((0..15usize, prop_oneof![0..140u32, any::<u32>()]), 0..40)) {
        let _ = parse_log(&bytes);
        let names = ["T", "U", "D", "E", "N who=\"1\" m=", "REACH who=\"0\" step=", "DORA hai=", "AGARI who=\"0\" fromWho=", "INIT seed=", "G", "W", "V", "N m=\"17463\" who=", "REACH step=\"1\" who=", "AGARI fromWho=\"1\" ten=\"30,1000,0\" who="];
        let mut text = String::from_utf8(good()).unwrap().replace("</mjloggm>", "");
        for (n, v) in tags {
            let name = names[n];
            if name.ends_with('=') {
                text += &format!("<{name}\"{v}\"/>");
            } else {
                text += &format!("<{name}{v}/>");
            }
        }
        text += "</mjloggm>";
        let _ = parse_log(text.as_bytes());
    }
}

/// `good.mjlog` with `from` replaced by `to` (once).
fn good_with(from: &str, to: &str) -> Vec<u8> {
    let text = String::from_utf8(good()).unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1).into_bytes()
}

/// Issue #8: broken logs are errors naming the event, never read silently.
#[test]
fn broken_mjlogs_are_refused() {
    for (from, to, expected) in [
        ("<D100/>", "<D0100/>", "<D0100/>: not a tile id 0..135"),
        (
            "<D100/>",
            "<D4294967296/>",
            "<D4294967296/>: not a tile id 0..135",
        ),
        ("<D100/>", "<D136/>", "tile id 136 out of range 0..136"),
        // 100 was drawn by seat 0 and discarded: seat 1 cannot draw it again.
        (
            "<U101/>",
            "<U100/>",
            "tile id 100 is drawn by seat 1, but it is already in play",
        ),
        // Id 0 is dealt to seat 1 already.
        (
            "hai2=\"73,",
            "hai2=\"0,",
            "tile id 0 is dealt to seat 2, but it is already in play",
        ),
        (
            "seed=\"0,0,0,0,0,135\"",
            "seed=\"0,0,0,0,0,60\"",
            "tile id 60 is dealt to seat 0, but it is already in play",
        ),
        // Seat 0 draws twice without a discard.
        (
            "<T100/><D100/>",
            "<T100/><T105/><D100/>",
            "seat 0 draws 9s twice without a discard in between",
        ),
        // Seat 0 never discards: seat 1 draws anyway.
        (
            "<T104/><D104/>",
            "<T104/>",
            "while seat 0 has not discarded (a missing discard)",
        ),
        // A discard of a tile the seat holds a copy of, but not this one.
        (
            "<E101/>",
            "<E1/>",
            "seat 1 discards tile id 1, which it does not hold",
        ),
        // The recorded hand is not the hand the events build.
        (
            "hai=\"0,4,8,12,",
            "hai=\"0,4,8,24,",
            "AGARI hai 123567789m12355p is not the rebuilt hand 123456789m12355p",
        ),
    ] {
        let bytes = good_with(from, to);
        let e = parse_log(&bytes)
            .expect_err(&format!("{from} -> {to} must be refused"))
            .to_string();
        assert!(e.contains(expected), "{from} -> {to}: {e}");
        assert!(e.contains("byte "), "{e}: names the position");
    }
}

#[test]
fn dora_indicator_ids_are_checked() {
    // A kan dora indicator that is a tile in seat 0's hand.
    let bytes = good_with("<T104/>", "<DORA hai=\"60\"/><T104/>");
    let e = parse_log(&bytes).unwrap_err().to_string();
    assert!(
        e.contains("tile id 60 is shown as a dora indicator, but it is already in play"),
        "{e}"
    );
}

/// Issue 27: every tile id of every attribute is checked (0..135), the tag and the
/// attribute named in the error; before, `machi`, `doraHai` and a drawn hand's
/// `hai3` were read silently.
#[test]
fn out_of_range_ids_in_each_attribute_are_refused() {
    let draw = concat!(
        r#"<T104/><D104/><RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" "#,
        r#"hai0="60,61,62,63,64,65,66,67,68,69,70,71,72" hai3="86,87,88,89,90,91,92,93,94,95,96,97,98"/></mjloggm>"#
    );
    let drawn = |to: &str| {
        let text = String::from_utf8(good()).unwrap();
        let cut = text.find("<T104/>").unwrap();
        format!("{}{}", &text[..cut], draw.replacen("hai3=\"86,", to, 1)).into_bytes()
    };
    // The drawn round reads as it is.
    assert!(parse_log(&drawn("hai3=\"86,")).is_ok());
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            good_with("machi=\"54\"", "machi=\"200\""),
            "AGARI machi: tile id 200 out of range 0..135",
        ),
        (
            good_with("machi=\"54\"", "machi=\"54,55\""),
            "AGARI machi: not one tile id",
        ),
        (
            good_with("doraHai=\"135\"", "doraHai=\"136\""),
            "AGARI doraHai: tile id 136 out of range 0..135",
        ),
        (
            good_with("doraHai=\"135\"", "doraHai=\"135\" doraHaiUra=\"-1\""),
            "AGARI doraHaiUra: \"-1\" is not a list of tile ids",
        ),
        (
            good_with("hai=\"0,4,", "hai=\"0,400,"),
            "AGARI hai: tile id 400 out of range 0..135",
        ),
        (
            good_with("hai1=\"0,", "hai1=\"999,"),
            "INIT hai1: tile id 999 out of range 0..135",
        ),
        (
            good_with("seed=\"0,0,0,0,0,135\"", "seed=\"0,0,0,0,0,136\""),
            "INIT seed: dora indicator tile id 136 out of range 0..135",
        ),
        (
            drawn("hai3=\"1000000000000,"),
            "RYUUKYOKU hai3: tile id 1000000000000 out of range 0..135",
        ),
        (drawn("hai3=\"x,"), "RYUUKYOKU hai3: \"x,87,"),
        (
            good_with("<T104/>", "<DORA hai=\"136\"/><T104/>"),
            "DORA hai: tile id 136 out of range 0..135",
        ),
    ];
    for (bytes, expected) in cases {
        let e = parse_log(&bytes).unwrap_err().to_string();
        assert!(e.contains(expected), "{expected:?} not in {e:?}");
    }
}

/// Found by the fuzz run of issue 27: a tenhou.net/6 call string whose tiles do not
/// make the meld (`38p1818`: a "pon" of 8s and two 8m) was read, and the rebuilt win
/// lost tiles (11 tiles at a ron). Now the log is refused, naming the call.
#[test]
fn a_tenhou6_call_whose_tiles_do_not_make_the_meld_is_refused() {
    let log = r#"{"title":["",""],"name":["Aさん","Bさん","Cさん","Dさん"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[[[7,1,1],[25300,27400,30600,15700],[12,44],[],[11,13,13,16,18,18,27,32,37,38,41,46,46],[22,23,24,35,"p464646",19,"38p1818",53,27,12,17],[41,32,27,60,11,60,16,60,60,60,60],[13,15,16,23,23,25,52,31,34,36,37,38,43],[35,16,29,29,44,11,"p161616",44,25,21,45,"252552m25",13],[31,43,60,60,60,60,15,13,44,60,60,0,60],[12,51,16,18,21,22,24,25,33,34,45,45,47],[31,14,38,24,37,11,15,"c131112",17,43,"p454545",31],[60,47,60,21,60,18,60,22,60,60,25,60],[14,17,21,22,26,32,33,36,38,41,42,43,46],[47,36,14,41,18,32,23,34,47,27,39],[43,41,47,60,46,42,32,26,60,60,60],["和了",[5200,0,0,-4200],[0,3,0,"30符3飜3900点","役牌 發(1飜)","ドラ(2飜)"]]]]}"#;
    let e = parse_log(log.as_bytes()).unwrap_err().to_string();
    assert!(
        e.contains("call string \"38p1818\": its tiles do not make a pon"),
        "{e}"
    );
    // Written as a pon of 8m, the call is no longer refused for its tiles.
    let fixed = log.replace("\"38p1818\"", "\"18p1818\"");
    assert!(parse_log(fixed.as_bytes())
        .err()
        .is_none_or(|e| !e.to_string().contains("do not make")));
    let e = parse_log(
        log.replace("\"c131112\"", "\"c131114\"")
            .replace("\"38p1818\"", "\"18p1818\"")
            .as_bytes(),
    );
    assert!(
        e.as_ref().is_err_and(|e| e
            .to_string()
            .contains("\"c131114\": its tiles do not make a chi")),
        "{e:?}"
    );
}

#[test]
fn fifth_copy_in_a_tenhou6_log_is_refused() {
    assert!(parse_log(T6.as_bytes()).is_ok());
    let broken = T6.replacen("[12,14,22", "[11,14,22", 1);
    let e = parse_log(broken.as_bytes()).unwrap_err().to_string();
    assert!(e.contains("a fifth 1m in play"), "{e}");
}

/// Issue #8: the decompressed size of a gzip log is capped, and so is a plain one.
#[test]
fn oversized_logs_are_refused() {
    let cap = tenpai::logs::MAX_LOG_BYTES;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..(cap >> 20) + 1 {
        std::io::Write::write_all(&mut gz, &zeros).unwrap();
    }
    let gz = gz.finish().unwrap();
    assert!(
        gz.len() < 64 << 10,
        "a small file that unpacks past the cap"
    );
    let e = parse_log(&gz).unwrap_err().to_string();
    assert!(e.contains("larger than 1 MiB, the limit for a log"), "{e}");
    let mut big = vec![b' '; cap];
    big.insert(0, b'{');
    let e = parse_log(&big).unwrap_err().to_string();
    assert!(e.contains("larger than 1 MiB"), "{e}");
    // Exactly at the cap is read (and found not to be a log for its content).
    let e = parse_log(&big[..cap]).unwrap_err().to_string();
    assert!(!e.contains("larger than"), "{e}");
    // A file past the cap is refused by name without being read whole.
    let dir = std::env::temp_dir().join(format!("tenpai-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.json");
    std::fs::write(&path, &big).unwrap();
    let e = read_file(&path).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        e.contains("big.json") && e.contains("larger than 1 MiB"),
        "{e}"
    );
}

#[test]
fn log_content_is_recognised_whatever_the_name() {
    use tenpai::logs::looks_like_log;
    assert!(looks_like_log(T6.as_bytes()));
    assert!(looks_like_log(&good()));
    assert!(looks_like_log(b"\xEF\xBB\xBF  \n<mjloggm>"));
    assert!(looks_like_log(&[0x1f, 0x8b, 8]));
    assert!(!looks_like_log(b"# notes\n"));
    assert!(!looks_like_log(b""));
}
