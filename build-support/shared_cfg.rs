//! Shared by the build scripts of both crates (included with `#[path]`).

use std::path::PathBuf;

/// Tests that read `../shared` (the corpus and the seeds) are compiled with
/// `cfg(shared_absent)` when it is missing, which marks them ignored; under `CI=true`
/// the cfg is never set, so there they run and fail loudly instead.
pub fn shared_cfg() {
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
