//! `tenpai convert --to mjai`, then `tenpai replay` and `tenpai stats` on the mjai file:
//! the same wins scored the same way, the same score track, the same statistics.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn tenpai(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The replay JSON lines without the file name.
fn replay_lines(path: &str) -> Vec<Value> {
    let (_, out, _) = tenpai(&["replay", "--json", path]);
    out.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("file");
            v
        })
        .collect()
}

#[test]
fn mjai_round_trip_through_the_cli() {
    let dir = std::env::temp_dir().join(format!("tenpai-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut sources =
        vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs/good.mjlog")];
    let raw = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/tenhou/raw");
    if std::env::var("CI").as_deref() == Ok("true") {
        assert!(raw.is_dir(), "{} is absent under CI=true", raw.display());
    }
    if raw.is_dir() {
        // A double ron, a pao, a full tenhou.net/6 game.
        for f in [
            "mjx-project__mjx/tests_cpp/resources/mjlog/double-ron.mjlog",
            "Riichi-Mahjong-Statistics-Seminar__tenhou-paifu-to-json/samples/pao.xml",
            "Equim-chan__mjai-reviewer/convlog/tests/testdata/ranked_game.json",
        ] {
            sources.push(raw.join(f));
        }
    }
    for (i, src) in sources.iter().enumerate() {
        let src = src.to_str().unwrap();
        let (code, mjai, err) = tenpai(&["convert", "--to", "mjai", src]);
        assert_eq!(code, Some(0), "{err}");
        assert!(mjai.starts_with("{\"type\":\"start_game\""), "{mjai}");
        assert!(mjai.trim_end().ends_with("}"));
        let out = dir.join(format!("{i}.jsonl"));
        std::fs::write(&out, &mjai).unwrap();
        let out = out.to_str().unwrap();
        let a = replay_lines(src);
        let b = replay_lines(out);
        assert!(!a.is_empty());
        assert_eq!(a, b, "{src}");
        let (_, sa, _) = tenpai(&["stats", "--json", src]);
        let (_, sb, _) = tenpai(&["stats", "--json", out]);
        assert_eq!(sa, sb, "{src}");
    }
    let (code, _, err) = tenpai(&["convert", "--to", "mjai", "/nonexistent/log.mjlog"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("/nonexistent/log.mjlog"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
