//! Finding log files (`logs::walk`): loops and links taken once, what a walk meets
//! that is not a file left alone, a named FIFO refused without waiting for a writer,
//! logs told from other files by content, and the game id of a tenhou.net/6 log.

use std::path::{Path, PathBuf};
use tenpai::logs::walk::{walk, WalkOptions};

fn good() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logs/good.mjlog")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-lib-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn loops_and_links_are_taken_once() {
    let dir = temp_dir("walk");
    std::fs::copy(good(), dir.join("a.mjlog")).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("loop")).unwrap();
    std::os::unix::fs::symlink("a.mjlog", dir.join("b.json")).unwrap();
    std::fs::write(dir.join("notes.xml"), "<notes/>").unwrap();
    let found = walk(std::slice::from_ref(&dir), WalkOptions::default());
    assert_eq!(
        found.files,
        [(dir.join("a.mjlog"), true), (dir.join("notes.xml"), false)]
    );
    assert_eq!((found.links_not_followed, found.repeated), (2, 1));
    assert!(found.errors.is_empty());
    let mut follow = WalkOptions::default();
    follow.follow_links = true;
    let found = walk(&[dir.clone(), dir.join("a.mjlog")], follow);
    assert_eq!(found.files.len(), 2, "{:?}", found.files);
    assert_eq!(found.links_not_followed, 0);
    // The old entry point: the same files.
    let (files, errors) = tenpai::logs::replay::collect_files(std::slice::from_ref(&dir));
    assert_eq!((files.len(), errors.len()), (2, 0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_when_named_and_left_alone_in_a_walk() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    // No writer: opening it would wait for ever; it is refused before.
    let e = tenpai::logs::read_file(&fifo).unwrap_err().to_string();
    assert!(e.contains("pipe: not a regular file (a FIFO)"), "{e}");
    let e = tenpai::logs::read_file(&dir).unwrap_err().to_string();
    assert!(e.contains("not a regular file (a directory)"), "{e}");
    let found = walk(std::slice::from_ref(&dir), WalkOptions::default());
    assert!(found.files.is_empty() && found.errors.is_empty());
    // Named, it is listed (and refused when read).
    assert_eq!(
        walk(std::slice::from_ref(&fifo), WalkOptions::default())
            .files
            .len(),
        1
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn logs_are_told_by_content() {
    use tenpai::logs::is_log_content;
    assert!(is_log_content(&std::fs::read(good()).unwrap()));
    let gz = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logs/truncated.mjlog.gz"),
    )
    .unwrap();
    assert!(is_log_content(&gz), "a damaged gzip log is still a log");
    assert!(!is_log_content(b"<?xml version=\"1.0\"?><html/>"));
    assert!(!is_log_content(b"{\"hand\": \"123m\"}"));
    assert!(!is_log_content(b""));
}

#[test]
fn a_tenhou6_log_gives_its_id() {
    let log = r#"{"ref": "2019021004gm-00a9-0000-e2f6516d", "name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": []}"#;
    let game = tenpai::logs::parse_log(log.as_bytes()).unwrap();
    assert_eq!(game.id.as_deref(), Some("2019021004gm-00a9-0000-e2f6516d"));
    assert_eq!(
        game.id_or_file_name(Path::new("other.json")).as_deref(),
        Some("2019021004gm-00a9-0000-e2f6516d")
    );
    let game = tenpai::logs::read_file(&good()).unwrap();
    assert_eq!(game.id, None);
    assert_eq!(game.id_or_file_name(Path::new("2009gm-x.mjlog")), None);
}
