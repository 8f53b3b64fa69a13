//! The yaku as players read them on the page: the English names Mahjong Soul shows and
//! the Japanese names Tenhou shows (Tenhou's own, from `tenpai::logs::tenhou_yaku`,
//! checked below), keyed by the contract names of the scorer's answer.

/// `(contract name, English (Mahjong Soul), Japanese (Tenhou))`. The winds' yaku get
/// their wind on the page (`Seat Wind (East)`, `自風 東`); renhou is one name for the
/// yaku and the yakuman.
pub const YAKU_NAMES: [(&str, &str, &str); 50] = [
    ("menzen_tsumo", "Fully Concealed Hand", "門前清自摸和"),
    ("riichi", "Riichi", "立直"),
    ("ippatsu", "Ippatsu", "一発"),
    ("chankan", "Robbing a Kan", "槍槓"),
    ("rinshan", "After a Kan", "嶺上開花"),
    ("haitei", "Under the Sea", "海底摸月"),
    ("houtei", "Under the River", "河底撈魚"),
    ("pinfu", "Pinfu", "平和"),
    ("tanyao", "All Simples", "断幺九"),
    ("iipeikou", "Pure Double Sequence", "一盃口"),
    ("seat_wind", "Seat Wind", "自風"),
    ("round_wind", "Prevalent Wind", "場風"),
    ("haku", "White Dragon", "役牌 白"),
    ("hatsu", "Green Dragon", "役牌 發"),
    ("chun", "Red Dragon", "役牌 中"),
    ("double_riichi", "Double Riichi", "両立直"),
    ("chiitoitsu", "Seven Pairs", "七対子"),
    ("chanta", "Half Outside Hand", "混全帯幺九"),
    ("ittsu", "Pure Straight", "一気通貫"),
    ("sanshoku", "Mixed Triple Sequence", "三色同順"),
    ("sanshoku_doukou", "Triple Triplets", "三色同刻"),
    ("sankantsu", "Three Quads", "三槓子"),
    ("toitoi", "All Triplets", "対々和"),
    ("sanankou", "Three Concealed Triplets", "三暗刻"),
    ("shousangen", "Little Three Dragons", "小三元"),
    ("honroutou", "All Terminals and Honors", "混老頭"),
    ("ryanpeikou", "Twice Pure Double Sequence", "二盃口"),
    ("junchan", "Fully Outside Hand", "純全帯幺九"),
    ("honitsu", "Half Flush", "混一色"),
    ("chinitsu", "Full Flush", "清一色"),
    ("renhou", "Blessing of Man", "人和"),
    ("dora", "Dora", "ドラ"),
    ("ura_dora", "Ura Dora", "裏ドラ"),
    ("aka_dora", "Red Five", "赤ドラ"),
    ("nukidora", "Kita", "抜きドラ"),
    ("tenhou", "Blessing of Heaven", "天和"),
    ("chiihou", "Blessing of Earth", "地和"),
    ("kokushi", "Thirteen Orphans", "国士無双"),
    (
        "kokushi_13",
        "Thirteen-wait Thirteen Orphans",
        "国士無双１３面",
    ),
    ("suuankou", "Four Concealed Triplets", "四暗刻"),
    (
        "suuankou_tanki",
        "Single-wait Four Concealed Triplets",
        "四暗刻単騎",
    ),
    ("daisangen", "Big Three Dragons", "大三元"),
    ("tsuuiisou", "All Honors", "字一色"),
    ("ryuuiisou", "All Green", "緑一色"),
    ("chinroutou", "All Terminals", "清老頭"),
    ("chuuren", "Nine Gates", "九蓮宝燈"),
    ("junsei_chuuren", "True Nine Gates", "純正九蓮宝燈"),
    ("daisuushii", "Big Four Winds", "大四喜"),
    ("shousuushii", "Little Four Winds", "小四喜"),
    ("suukantsu", "Four Quads", "四槓子"),
];

/// The table as a JSON object for the page: `{"riichi": ["Riichi", "立直"], ...}`.
pub fn json() -> String {
    let map: serde_json::Map<String, serde_json::Value> = YAKU_NAMES
        .iter()
        .map(|(id, en, ja)| (id.to_string(), serde_json::json!([en, ja])))
        .collect();
    serde_json::Value::Object(map).to_string()
}

#[cfg(test)]
mod tests {
    use super::YAKU_NAMES;
    use tenpai::logs::tenhou_yaku::YAKU;

    /// Every yaku Tenhou names has its name here, with Tenhou's Japanese.
    #[test]
    fn every_tenhou_yaku_has_its_names() {
        for y in YAKU.iter() {
            let (_, en, ja) = YAKU_NAMES
                .iter()
                .find(|(id, _, _)| *id == y.name)
                .unwrap_or_else(|| panic!("{} has no display name", y.name));
            assert!(!en.is_empty());
            if y.name == "seat_wind" || y.name == "round_wind" {
                assert!(y.ja.starts_with(ja), "{} {}", y.ja, ja);
            } else {
                assert_eq!(*ja, y.ja, "{}", y.name);
            }
        }
        let mut ids: Vec<&str> = YAKU_NAMES.iter().map(|(id, _, _)| *id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), YAKU_NAMES.len(), "a name twice");
    }
}
