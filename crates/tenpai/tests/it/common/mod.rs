//! A builder for hand-written mjlog games: hands in mpsz, 136 ids allocated so that no
//! copy is used twice (a plain five never takes copy 0, which is the red five), the
//! wall filled with tiles nobody holds.

#![allow(clippy::too_many_arguments)]

pub mod corpus;
pub mod rng;

use std::path::PathBuf;
use tenpai::logs::{parse_log, Game};
use tenpai::notation::parse_tiles;

#[derive(Clone)]
pub struct Mj {
    pub xml: String,
    used: [bool; 136],
    pub hands: [Vec<u32>; 4],
    last_discard: Option<(u8, u32)>,
}

fn join(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

impl Mj {
    /// A 4-player game with red fives and open tanyao (GO type 0x89).
    pub fn new() -> Mj {
        Mj {
            xml: "<mjloggm ver=\"2.3\"><GO type=\"137\" lobby=\"0\"/><UN n0=\"Ann\" n1=\"Bob\" n2=\"%E3%81%82\" n3=\"Dee\"/><TAIKYOKU oya=\"0\"/>".into(),
            used: [false; 136],
            hands: Default::default(),
            last_discard: None,
        }
    }

    /// Allocate ids for tiles in mpsz (`0m` is the red five).
    pub fn ids(&mut self, mpsz: &str) -> Vec<u32> {
        parse_tiles(mpsz)
            .unwrap()
            .into_iter()
            .map(|t| {
                let kind = t.kind().index() as u32;
                let copies: Vec<u32> = if t.is_red() {
                    vec![0]
                } else if [4, 13, 22].contains(&kind) {
                    vec![1, 2, 3]
                } else {
                    vec![0, 1, 2, 3]
                };
                let c = copies
                    .into_iter()
                    .find(|&c| !self.used[(kind * 4 + c) as usize])
                    .unwrap_or_else(|| panic!("no copy of {t} left"));
                let id = kind * 4 + c;
                self.used[id as usize] = true;
                id
            })
            .collect()
    }

    /// Any unused id whose tile satisfies `ok`.
    pub fn free(&mut self, ok: impl Fn(u32) -> bool) -> u32 {
        let id = (0..136u32)
            .find(|&i| !self.used[i as usize] && ok(i))
            .expect("the wall has no such tile left");
        self.used[id as usize] = true;
        id
    }

    /// A new round: index (0 = E1), honba, sticks, start scores in points, the four
    /// hands in mpsz and the dora indicator.
    pub fn init(
        mut self,
        round: u32,
        honba: u32,
        sticks: u32,
        scores: [i32; 4],
        hands: [&str; 4],
        dora: &str,
    ) -> Mj {
        self.used = [false; 136];
        let d = self.ids(dora)[0];
        for (s, h) in hands.iter().enumerate() {
            self.hands[s] = self.ids(h);
        }
        let ten = scores.map(|x| (x / 100).to_string()).join(",");
        self.xml += &format!(
            "<INIT seed=\"{round},{honba},{sticks},0,0,{d}\" ten=\"{ten}\" oya=\"{}\" hai0=\"{}\" hai1=\"{}\" hai2=\"{}\" hai3=\"{}\"/>",
            round % 4,
            join(&self.hands[0]),
            join(&self.hands[1]),
            join(&self.hands[2]),
            join(&self.hands[3])
        );
        self
    }

    pub fn draw_id(mut self, who: u8, id: u32) -> Mj {
        self.hands[usize::from(who)].push(id);
        self.xml += &format!("<{}{id}/>", (b'T' + who) as char);
        self
    }

    /// Draw a tile nobody holds satisfying `ok`.
    pub fn draw_free(mut self, who: u8, ok: impl Fn(u32) -> bool) -> Mj {
        let id = self.free(ok);
        self.draw_id(who, id)
    }

    /// Draw a given tile.
    pub fn draw(mut self, who: u8, mpsz: &str) -> Mj {
        let id = self.ids(mpsz)[0];
        self.draw_id(who, id)
    }

    /// Discard a tile held (by kind; a red five only as `0`).
    pub fn discard(mut self, who: u8, mpsz: &str) -> Mj {
        let t = parse_tiles(mpsz).unwrap()[0];
        let hand = &mut self.hands[usize::from(who)];
        let pos = hand
            .iter()
            .position(|&id| tenpai::Tile::from_136(id as u16, true) == Some(t))
            .unwrap_or_else(|| panic!("seat {who} holds no {t}"));
        let id = hand.remove(pos);
        self.xml += &format!("<{}{id}/>", (b'D' + who) as char);
        self.last_discard = Some((who, id));
        self
    }

    /// Draw a wall tile nobody holds (satisfying `ok`) and discard it at once.
    pub fn td_with(mut self, who: u8, ok: impl Fn(u32) -> bool) -> Mj {
        let id = self.free(ok);
        self.xml += &format!(
            "<{}{id}/><{}{id}/>",
            (b'T' + who) as char,
            (b'D' + who) as char
        );
        self.last_discard = Some((who, id));
        self
    }

    /// Draw and discard a simple (2-8) tile nobody holds.
    pub fn td(self, who: u8) -> Mj {
        self.td_with(who, simple)
    }

    /// `n` draw-discards of simple tiles going round from `first`.
    pub fn go_round(mut self, first: u8, n: usize) -> Mj {
        for i in 0..n {
            self = self.td((first + i as u8) % 4);
        }
        self
    }

    pub fn reach(mut self, who: u8, step: u8) -> Mj {
        self.xml += &format!("<REACH who=\"{who}\" step=\"{step}\"/>");
        self
    }

    /// `who` pons the last discard.
    pub fn pon(mut self, who: u8) -> Mj {
        let (from, called) = self.last_discard.expect("nothing to pon");
        let kind = called / 4;
        let hand = &mut self.hands[usize::from(who)];
        let mine: Vec<u32> = hand
            .iter()
            .copied()
            .filter(|&i| i / 4 == kind)
            .take(2)
            .collect();
        assert_eq!(mine.len(), 2, "seat {who} cannot pon");
        hand.retain(|i| !mine.contains(i));
        let mut pon = [called, mine[0], mine[1]];
        pon.sort();
        let unused = (0..4).find(|c| !pon.contains(&(kind * 4 + c))).unwrap();
        let called_index = pon.iter().position(|&i| i == called).unwrap() as u32;
        let rel = (u32::from(from) + 4 - u32::from(who)) % 4;
        let m = ((kind * 3 + called_index) << 9) | (unused << 5) | 0x8 | rel;
        self.xml += &format!("<N who=\"{who}\" m=\"{m}\" />");
        self
    }

    /// A win; `deltas` in points as Tenhou's `sc` would write them; `owari` the final
    /// scores in points when the game ends here.
    pub fn agari(
        mut self,
        who: u8,
        from: u8,
        ten: &str,
        yaku: &str,
        pao: Option<u8>,
        deltas: [i32; 4],
        owari: Option<[i32; 4]>,
    ) -> Mj {
        let sc = deltas.map(|d| format!("0,{}", d / 100)).join(",");
        let pao = pao.map(|p| format!(" paoWho=\"{p}\"")).unwrap_or_default();
        let owari = owari
            .map(|o| {
                format!(
                    " owari=\"{}\"",
                    o.map(|x| format!("{},0.0", x / 100)).join(",")
                )
            })
            .unwrap_or_default();
        self.xml += &format!("<AGARI ba=\"0,0\" machi=\"0\" ten=\"{ten}\" {yaku} doraHai=\"0\" who=\"{who}\" fromWho=\"{from}\"{pao} sc=\"{sc}\"{owari} />");
        self
    }

    /// A draw: `kind` is the RYUUKYOKU type (`None` for the wall running out), `shown`
    /// the seats whose hands are shown (tenpai).
    pub fn ryuukyoku(
        mut self,
        kind: Option<&str>,
        shown: &[u8],
        deltas: [i32; 4],
        owari: Option<[i32; 4]>,
    ) -> Mj {
        let sc = deltas.map(|d| format!("0,{}", d / 100)).join(",");
        let t = kind.map(|k| format!(" type=\"{k}\"")).unwrap_or_default();
        let mut hai = String::new();
        for &s in shown {
            hai += &format!(" hai{s}=\"{}\"", join(&self.hands[usize::from(s)]));
        }
        let owari = owari
            .map(|o| {
                format!(
                    " owari=\"{}\"",
                    o.map(|x| format!("{},0.0", x / 100)).join(",")
                )
            })
            .unwrap_or_default();
        self.xml += &format!("<RYUUKYOKU{t} ba=\"0,0\" sc=\"{sc}\"{hai}{owari} />");
        self
    }

    pub fn text(&self) -> String {
        format!("{}</mjloggm>", self.xml)
    }

    pub fn game(&self) -> Game {
        let text = self.text();
        parse_log(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }
}

/// A 136 id of a simple (2-8) tile, red fives included.
pub fn simple(id: u32) -> bool {
    let k = id / 4;
    k < 27 && k % 9 != 0 && k % 9 != 8
}

/// A 136 id of a terminal or honor.
pub fn yaochuu(id: u32) -> bool {
    !simple(id)
}

/// Daisangen: seat 1 pons White from seat 0, Green from seat 2 and Red from seat 3,
/// who is liable (pao); seat 1 then waits on 4m (the callers draw or discard it).
pub fn daisangen_pao() -> Mj {
    let hands = [
        "5z22446688s1234z",
        "123m789p4m556677z",
        "6z446688p3s1234z9m",
        "7z113557799s123z",
    ];
    Mj::new()
        .init(0, 1, 0, [25000; 4], hands, "9s")
        .draw_free(0, simple)
        .discard(0, "5z")
        .pon(1)
        .discard(1, "7p")
        .draw_free(2, simple)
        .discard(2, "6z")
        .pon(1)
        .discard(1, "8p")
        .draw_free(2, simple)
        .discard(2, "9m")
        .draw_free(3, simple)
        .discard(3, "7z")
        .pon(1)
        .discard(1, "9p")
        .td(2)
        .td(3)
}

/// The three-player game logs of the repository's test data (`tests/data/sanma/*.json`),
/// sorted by name.
pub fn sanma_logs() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sanma");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}
