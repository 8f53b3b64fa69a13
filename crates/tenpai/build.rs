//! Builds the shanten tables: the class (distinct exact distance vector) of every suit
//! and honor pattern of at most 14 tiles, the vectors of the classes, and the classes
//! of their products, and the direct rows of the groups of at most `SMALL_MAX` tiles
//! (class and improving draws per target, for the discard ranking). See
//! `src/suit_table.rs`.

use std::fmt::Write as _;
use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/suit_table.rs"]
mod suit_table;

/// Most tiles of a group with direct rows ([`suit_table::small`]).
const SMALL_MAX: usize = 7;

fn out_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR is set by cargo"))
}

fn write(name: &str, bytes: &[u8]) {
    std::fs::write(out_dir().join(name), bytes).expect("write table file");
}

fn vectors(src: &mut String, name: &str, v: &[suit_table::Narrow]) {
    writeln!(
        src,
        "pub(super) const {name}: [[u8; 10]; {}] = {v:?};",
        v.len()
    )
    .unwrap();
}

#[path = "../../build-support/shared_cfg.rs"]
mod shared_cfg;

fn main() {
    shared_cfg::shared_cfg();
    println!("cargo:rerun-if-changed=src/suit_table.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let suit = suit_table::classify(9, true);
    let honor = suit_table::classify(7, false);
    write("suit_class.bin", &suit.class);
    // Direct rows for small groups (the discard ranking's improving draws).
    let small_suit = suit_table::small(9, 5, SMALL_MAX, &suit);
    let small_honor = suit_table::small(7, 4, SMALL_MAX, &honor);
    let rows = |s: &suit_table::Small| -> Vec<u8> {
        s.rows.iter().flat_map(|r| r.to_le_bytes()).collect()
    };
    write("small_suit.bin", &rows(&small_suit));
    write("small_honor.bin", &rows(&small_honor));
    write("honor_class.bin", &honor.class);
    // Chain: two suits, then the third suit, then the honors (the last kept as the
    // distance with one pair for each number of melds). Rows padded to powers of two
    // so the library indexes them with shifts and masks.
    let two = suit_table::products(&suit.vectors, &suit.vectors);
    let three = suit_table::products(&two.vectors, &suit.vectors);
    assert!(suit.vectors.len() <= 128 && honor.vectors.len() <= 64);
    assert!(two.vectors.len() <= 256 && three.vectors.len() <= 256);
    // A product table's classes (`rows` rows of `cols`, row-major) as a `height` x
    // `width` table, zero beyond.
    let padded = |p: &suit_table::Products,
                  (rows, cols): (usize, usize),
                  (height, width): (usize, usize)| {
        assert!(rows <= height && cols <= width);
        let mut t = vec![0u8; height * width];
        for r in 0..rows {
            t[r * width..r * width + cols].copy_from_slice(&p.first[r * cols..(r + 1) * cols]);
        }
        t
    };
    let (ns, nh, n2) = (suit.vectors.len(), honor.vectors.len(), two.vectors.len());
    let two_t = padded(&two, (ns, ns), (128, 128));
    let three_t = padded(&three, (n2, ns), (256, 128));
    let mut four_t = vec![0u8; 256 * 64 * 8];
    for (x, vx) in three.vectors.iter().enumerate() {
        for (y, vy) in honor.vectors.iter().enumerate() {
            let p = suit_table::product(vx, vy);
            let at = (x * 64 + y) * 8;
            four_t[at..at + 5].copy_from_slice(&p[5..]);
        }
    }
    // A suit with the honors, and two suits' product with the honors (the discard
    // ranking's products of the other groups, so that none needs computing).
    let suit_honor = suit_table::products(&suit.vectors, &honor.vectors);
    let two_honor = suit_table::products(&two.vectors, &honor.vectors);
    assert!(suit_honor.vectors.len() <= 256 && two_honor.vectors.len() <= 256);
    let suit_honor_t = padded(&suit_honor, (ns, nh), (128, 64));
    let two_honor_t = padded(&two_honor, (n2, nh), (256, 64));
    write("suit_honor_class.bin", &suit_honor_t);
    write("two_honor_class.bin", &two_honor_t);
    write("two_class.bin", &two_t);
    write("three_class.bin", &three_t);
    write("four_dist.bin", &four_t);
    let mut src = String::new();
    vectors(&mut src, "SUIT_VECTORS", &suit.vectors);
    vectors(&mut src, "HONOR_VECTORS", &honor.vectors);
    vectors(&mut src, "TWO_VECTORS", &two.vectors);
    vectors(&mut src, "THREE_VECTORS", &three.vectors);
    vectors(&mut src, "SUIT_HONOR_VECTORS", &suit_honor.vectors);
    vectors(&mut src, "TWO_HONOR_VECTORS", &two_honor.vectors);
    writeln!(src, "pub(crate) const SMALL_MAX: usize = {SMALL_MAX};").unwrap();
    for (name, t) in [("SUIT", &small_suit), ("HONOR", &small_honor)] {
        writeln!(src, "const SMALL_{name}_ROWS: usize = {};", t.rows.len()).unwrap();
        writeln!(
            src,
            "static SMALL_{name}_PRE: [u16; {}] = {:?};",
            t.pre.len(),
            t.pre
        )
        .unwrap();
        writeln!(
            src,
            "static SMALL_{name}_SUF: [u16; {}] = {:?};",
            t.suf.len(),
            t.suf
        )
        .unwrap();
    }
    std::fs::write(out_dir().join("class_vectors.rs"), src).expect("write class vectors");
}
