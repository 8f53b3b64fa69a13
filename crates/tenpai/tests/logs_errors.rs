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
