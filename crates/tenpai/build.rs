//! Builds the shanten tables: exact distances (and improving draws) for every suit
//! and honor pattern of at most 14 tiles. See `src/suit_table.rs`.

use std::io::Write;
use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/suit_table.rs"]
mod suit_table;

fn write(name: &str, bytes: &[u8]) {
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR is set by cargo"));
    let mut f = std::fs::File::create(dir.join(name)).expect("create table file");
    f.write_all(bytes).expect("write table file");
}

fn emit(prefix: &str, g: &suit_table::Generated) {
    let mut dist = Vec::with_capacity(g.dist.len() * 4);
    for d in &g.dist {
        dist.extend_from_slice(&d.to_le_bytes());
    }
    // Distances and masks together, 16 bytes per pattern: 30 bits of distances,
    // then 9 bits of improving draws per target.
    let mut full = Vec::with_capacity(g.dist.len() * 16);
    for (d, m) in g.dist.iter().zip(&g.masks) {
        let mut x = *d as u128;
        for (j, &v) in m.iter().enumerate() {
            assert!(v < 1 << 9);
            x |= (v as u128) << (30 + 9 * j);
        }
        full.extend_from_slice(&x.to_le_bytes());
    }
    write(&format!("{prefix}_dist.bin"), &dist);
    write(&format!("{prefix}_full.bin"), &full);
}

/// Tests that read `../shared` (the corpus and the seeds) are compiled with
/// `cfg(shared_absent)` when it is missing, which marks them ignored; under `CI=true`
/// the cfg is never set, so there they run and fail loudly instead.
fn shared_cfg() {
    println!("cargo:rustc-check-cfg=cfg(shared_absent)");
    println!("cargo:rerun-if-env-changed=CI");
    println!("cargo:rerun-if-env-changed=TENPAI_SHARED");
    let dir = match std::env::var_os("TENPAI_SHARED") {
        Some(v) => PathBuf::from(v),
        None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"))
            .join("../../../shared"),
    };
    println!("cargo:rerun-if-changed={}", dir.display());
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    if !dir.is_dir() && !ci {
        println!("cargo:rustc-cfg=shared_absent");
    }
}

fn main() {
    shared_cfg();
    println!("cargo:rerun-if-changed=src/suit_table.rs");
    println!("cargo:rerun-if-changed=build.rs");
    emit("suit", &suit_table::generate(9, true));
    emit("honor", &suit_table::generate(7, false));
}
