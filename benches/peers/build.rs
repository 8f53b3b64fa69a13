//! Compiles `src/shim.cpp` against nyanten's headers (`NYANTEN_DIR`, a checkout of
//! https://github.com/Cryolite/nyanten) with the system C++ compiler (`CXX`, default
//! `g++`), as nyanten's own release build does (`-O3 -DNDEBUG`, C++23).

use std::path::PathBuf;
use std::process::Command;

fn run(cmd: &mut Command) {
    let status = cmd.status().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(status.success(), "{cmd:?} failed");
}

fn main() {
    println!("cargo:rerun-if-changed=src/shim.cpp");
    println!("cargo:rerun-if-env-changed=NYANTEN_DIR");
    println!("cargo:rerun-if-env-changed=CXX");
    let nyanten = std::env::var("NYANTEN_DIR")
        .expect("set NYANTEN_DIR to a checkout of Cryolite/nyanten (scripts/bench-peers.sh does)");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "g++".into());
    let obj = out.join("shim.o");
    run(Command::new(&cxx)
        .args([
            "-std=c++23",
            "-O3",
            "-DNDEBUG",
            "-fPIC",
            "-c",
            "src/shim.cpp",
            "-o",
        ])
        .arg(&obj)
        .arg(format!("-I{nyanten}")));
    run(Command::new("ar")
        .arg("crs")
        .arg(out.join("libnyanten_shim.a"))
        .arg(&obj));
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=nyanten_shim");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}
