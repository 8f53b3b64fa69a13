//! Tenhou's yaku ids (0..=54, in Tenhou's order) with their Japanese names as the logs
//! write them and the contract names the scorer answers with.

/// One entry of the table.
///
/// ```
/// use tenpai::logs::tenhou_yaku::{by_id, by_ja};
///
/// let ittsu = by_id(24).unwrap();
/// assert_eq!((ittsu.ja, ittsu.name, ittsu.yakuman), ("一気通貫", "ittsu", false));
/// assert_eq!(by_ja("国士無双").map(|y| (y.name, y.yakuman)), Some(("kokushi", true)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YakuInfo {
    /// Tenhou's id.
    pub id: u8,
    /// The name tenhou.net/6 JSON writes (`"立直"`, `"役牌 中"`, ...).
    pub ja: &'static str,
    /// The contract name (`riichi`, `chun`, `seat_wind`, ...).
    pub name: &'static str,
    /// Whether it is a yakuman.
    pub yakuman: bool,
}

const fn y(id: u8, ja: &'static str, name: &'static str) -> YakuInfo {
    YakuInfo {
        id,
        ja,
        name,
        yakuman: id >= 36 && id <= 51,
    }
}

/// The table, indexed by id.
///
/// ```
/// use tenpai::logs::tenhou_yaku::YAKU;
///
/// assert!(YAKU.iter().enumerate().all(|(i, y)| usize::from(y.id) == i));
/// assert_eq!(YAKU.iter().filter(|y| y.yakuman).count(), 16);
/// ```
pub const YAKU: [YakuInfo; 55] = [
    y(0, "門前清自摸和", "menzen_tsumo"),
    y(1, "立直", "riichi"),
    y(2, "一発", "ippatsu"),
    y(3, "槍槓", "chankan"),
    y(4, "嶺上開花", "rinshan"),
    y(5, "海底摸月", "haitei"),
    y(6, "河底撈魚", "houtei"),
    y(7, "平和", "pinfu"),
    y(8, "断幺九", "tanyao"),
    y(9, "一盃口", "iipeikou"),
    y(10, "自風 東", "seat_wind"),
    y(11, "自風 南", "seat_wind"),
    y(12, "自風 西", "seat_wind"),
    y(13, "自風 北", "seat_wind"),
    y(14, "場風 東", "round_wind"),
    y(15, "場風 南", "round_wind"),
    y(16, "場風 西", "round_wind"),
    y(17, "場風 北", "round_wind"),
    y(18, "役牌 白", "haku"),
    y(19, "役牌 發", "hatsu"),
    y(20, "役牌 中", "chun"),
    y(21, "両立直", "double_riichi"),
    y(22, "七対子", "chiitoitsu"),
    y(23, "混全帯幺九", "chanta"),
    y(24, "一気通貫", "ittsu"),
    y(25, "三色同順", "sanshoku"),
    y(26, "三色同刻", "sanshoku_doukou"),
    y(27, "三槓子", "sankantsu"),
    y(28, "対々和", "toitoi"),
    y(29, "三暗刻", "sanankou"),
    y(30, "小三元", "shousangen"),
    y(31, "混老頭", "honroutou"),
    y(32, "二盃口", "ryanpeikou"),
    y(33, "純全帯幺九", "junchan"),
    y(34, "混一色", "honitsu"),
    y(35, "清一色", "chinitsu"),
    y(36, "人和", "renhou"),
    y(37, "天和", "tenhou"),
    y(38, "地和", "chiihou"),
    y(39, "大三元", "daisangen"),
    y(40, "四暗刻", "suuankou"),
    y(41, "四暗刻単騎", "suuankou_tanki"),
    y(42, "字一色", "tsuuiisou"),
    y(43, "緑一色", "ryuuiisou"),
    y(44, "清老頭", "chinroutou"),
    y(45, "九蓮宝燈", "chuuren"),
    y(46, "純正九蓮宝燈", "junsei_chuuren"),
    y(47, "国士無双", "kokushi"),
    y(48, "国士無双１３面", "kokushi_13"),
    y(49, "大四喜", "daisuushii"),
    y(50, "小四喜", "shousuushii"),
    y(51, "四槓子", "suukantsu"),
    y(52, "ドラ", "dora"),
    y(53, "裏ドラ", "ura_dora"),
    y(54, "赤ドラ", "aka_dora"),
];

/// The entry for a Tenhou id.
///
/// ```
/// assert_eq!(tenpai::logs::tenhou_yaku::by_id(1).unwrap().name, "riichi");
/// assert!(tenpai::logs::tenhou_yaku::by_id(55).is_none());
/// ```
pub fn by_id(id: u32) -> Option<&'static YakuInfo> {
    YAKU.get(id as usize)
}

/// The entry for a Japanese name as tenhou.net/6 writes it.
///
/// ```
/// assert_eq!(tenpai::logs::tenhou_yaku::by_ja("立直").unwrap().id, 1);
/// assert!(tenpai::logs::tenhou_yaku::by_ja("riichi").is_none());
/// ```
pub fn by_ja(ja: &str) -> Option<&'static YakuInfo> {
    YAKU.iter().find(|y| y.ja == ja)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_positions_and_names_unique() {
        for (i, y) in YAKU.iter().enumerate() {
            assert_eq!(y.id as usize, i);
            assert_eq!(by_ja(y.ja).unwrap().id, y.id);
        }
        assert!(by_id(21).unwrap().name == "double_riichi");
        assert!(by_id(47).unwrap().yakuman && !by_id(52).unwrap().yakuman);
        assert!(by_id(55).is_none());
    }
}
