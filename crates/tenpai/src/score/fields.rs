//! The score request's fields, defined once: [`score_request_fields!`](crate::score_request_fields)
//! hands the table below to a macro of the caller's, which builds what it needs from it.
//!
//! Built from the table:
//! - here: the [`ScoreRequest`](super::ScoreRequest) struct and
//!   [`ScoreRequest::FIELDS`](super::ScoreRequest::FIELDS) (`request`), the field
//!   names of the strict JSON reader and its arms (`json`), the rules a request asks
//!   for ([`request_rules`](super::request_rules)) and its situation (`typed`), the
//!   request written back from a situation and rules
//!   ([`ScoreRequest::from_situation`](super::ScoreRequest::from_situation));
//! - the command line: the flags of `tenpai score` and the request they make
//!   (`crates/tenpai-cli/src/score.rs`);
//! - Python: the keywords of `score`/`ScoreRequest`, each value read with its type
//!   checked, and the fast path's reading of each (`crates/tenpai-py/src/request.rs`).
//!
//! A field is one row, in the request's order (the order of its JSON keys):
//!
//! ```text
//! /// Doc of the request field.
//! name: Type, kind,
//!     serde(serde attributes of the field),
//!     rule(|rules, value| apply, |rules| value written back),   (rule overrides only)
//!     cli(/// help  #[arg(...)] flag: FlagType),              (empty: no flag)
//!     values("the values it takes, for messages");
//! ```
//!
//! The kind says how the field is read into the typed request:
//! - `hand`: the hand (mpsz);
//! - `tile`: the winning tile;
//! - `flag`: a `bool` of [`Situation`](super::Situation) of the same name;
//! - `nagashi`: the `bool` of `Situation` of the same name that makes the request one
//!   without a hand (nagashi mangan);
//! - `wind`: a wind of `Situation` of the same name, written as text;
//! - `tiles`: indicators of `Situation` of the same name, written as text;
//! - `count`: a `u32` counter of `Situation` of the same name;
//! - `nukidora`: the `u8` count of `Situation` of the same name (three players);
//! - `preset`: the name of the rule preset;
//! - `rule`: an override of the preset's rules: `Some` value applied to [`Rules`](crate::rules::Rules)
//!   by the row's `rule(...)` (in the table's order), and written back from rules;
//! - `seat`: a seat relative to the winner (liability), read apart from the situation.
//!
//! A new field is a new row (and, for a new kind, its reading in each consumer).

/// Calls `$callback! { rows }` with the rows of the score request's fields (see the
/// module `score::fields` for their form). Used by the library, the command line and
/// the Python package to build the request, its readers, flags and keywords from one
/// definition; not meant for other crates (its form may change).
#[doc(hidden)]
#[macro_export]
// (`nonneg` in the CLI flags is the CLI's parser, in scope where the rows are expanded.)
macro_rules! score_request_fields {
    ($callback:ident) => {
        $callback! {
            /// All 14+ tiles: concealed (winning tile included) and calls, in mpsz.
            hand: String, hand, serde(), rule(), cli(), values("");
            /// The winning tile; the last concealed tile written when absent.
            win: Option<String>, tile, serde(), rule(),
                cli(
                    /// The winning tile, which HAND must include among its concealed tiles (default:
                    /// the last concealed tile written).
                    #[arg(long, value_name = "TILE")]
                    win: Option<String>
                ),
                values("");
            /// Won by self-draw.
            tsumo: bool, flag, serde(), rule(),
                cli(
                    /// Won by self-draw (default: ron).
                    #[arg(long)]
                    tsumo: bool
                ),
                values("");
            /// Riichi declared.
            riichi: bool, flag, serde(), rule(),
                cli(
                    /// Riichi declared.
                    #[arg(long)]
                    riichi: bool
                ),
                values("");
            /// Double riichi declared (implies riichi).
            double_riichi: bool, flag, serde(), rule(),
                cli(
                    /// Double riichi declared.
                    #[arg(long)]
                    double_riichi: bool
                ),
                values("");
            /// Won within one go-around of riichi, uninterrupted.
            ippatsu: bool, flag, serde(), rule(),
                cli(
                    /// Ippatsu (needs riichi).
                    #[arg(long)]
                    ippatsu: bool
                ),
                values("");
            /// Tsumo on the last tile of the live wall.
            haitei: bool, flag, serde(), rule(),
                cli(
                    /// Tsumo on the last wall tile.
                    #[arg(long)]
                    haitei: bool
                ),
                values("");
            /// Ron on the last discard.
            houtei: bool, flag, serde(), rule(),
                cli(
                    /// Ron on the last discard.
                    #[arg(long)]
                    houtei: bool
                ),
                values("");
            /// Tsumo on a kan replacement tile.
            rinshan: bool, flag, serde(), rule(),
                cli(
                    /// Tsumo on a kan replacement tile.
                    #[arg(long)]
                    rinshan: bool
                ),
                values("");
            /// Ron on a tile added to a kan.
            chankan: bool, flag, serde(), rule(),
                cli(
                    /// Ron on a tile added to a kan.
                    #[arg(long)]
                    chankan: bool
                ),
                values("");
            /// Dealer's win on the first draw.
            tenhou: bool, flag, serde(), rule(),
                cli(
                    /// Dealer's win on the first draw.
                    #[arg(long)]
                    tenhou: bool
                ),
                values("");
            /// Non-dealer's tsumo on the first draw.
            chiihou: bool, flag, serde(), rule(),
                cli(
                    /// Non-dealer's tsumo on the first draw.
                    #[arg(long)]
                    chiihou: bool
                ),
                values("");
            /// Non-dealer's ron before their first draw.
            renhou: bool, flag, serde(), rule(),
                cli(
                    /// Non-dealer's ron before the first draw (scored per --renhou-rule).
                    #[arg(long)]
                    renhou: bool
                ),
                values("");
            /// `E`, `S`, `W` or `N` (default `E`).
            round_wind: Option<String>, wind, serde(), rule(),
                cli(
                    /// Round wind.
                    #[arg(long, value_name = "E|S|W|N")]
                    round: Option<String>
                ),
                values("");
            /// `E`, `S`, `W` or `N` (default `E`, the dealer).
            seat_wind: Option<String>, wind, serde(), rule(),
                cli(
                    /// Seat wind (E is the dealer).
                    #[arg(long, value_name = "E|S|W|N")]
                    seat: Option<String>
                ),
                values("");
            /// Dora indicators: a list of strings, each one or several tiles (`["3m", "7z"]`,
            /// `["3m7z"]`), or one string (`"3m7z"`).
            dora: Vec<String>, tiles, serde(deserialize_with = "one_or_many"), rule(),
                cli(
                    /// Dora indicators, e.g. `3m7z`.
                    #[arg(long, value_name = "TILES")]
                    dora: Option<String>
                ),
                values("");
            /// Ura dora indicators (count only with riichi), written like `dora`.
            ura: Vec<String>, tiles, serde(deserialize_with = "one_or_many"), rule(),
                cli(
                    /// Ura dora indicators (need riichi).
                    #[arg(long, value_name = "TILES")]
                    ura: Option<String>
                ),
                values("");
            /// Honba (300 points each).
            honba: u32, count, serde(), rule(),
                cli(
                    /// Honba counters (300 each).
                    #[arg(long, default_value_t = 0, value_parser = nonneg::<u32>("--honba"), allow_negative_numbers = true)]
                    honba: u32
                ),
                values("");
            /// Riichi sticks on the table (1000 each, to the winner).
            riichi_sticks: u32, count, serde(), rule(),
                cli(
                    /// Riichi sticks on the table (1000 each).
                    #[arg(long, default_value_t = 0, value_parser = nonneg::<u32>("--sticks"), allow_negative_numbers = true)]
                    sticks: u32
                ),
                values("");
            /// Rule preset name (`tenhou` default, `majsoul`).
            rules: Option<String>, preset, serde(), rule(),
                cli(
                    /// Rule preset (the `-sanma` ones are three-player).
                    #[arg(
                        long,
                        value_name = "tenhou|majsoul|ema|wrc|mleague|tenhou-sanma|majsoul-sanma"
                    )]
                    rules: Option<String>
                ),
                values("");
            /// Override: red fives in play.
            red_fives: Option<bool>, rule, serde(),
                rule(|r, v| r.red_fives = v, |r| Some(r.red_fives)),
                cli(
                    /// Override: red fives count as dora.
                    #[arg(long, value_name = "BOOL")]
                    red_fives: Option<bool>
                ),
                values("");
            /// Override: the number of red fives in the set: 0 (as `red_fives: false`), 3 (one
            /// per suit, as `red_fives: true`) or 4 (one red 5m, two red 5p, one red 5s: a hand
            /// may then hold `00p`). With `red_fives` too, both must agree.
            red_fives_count: Option<u8>, rule, serde(),
                rule(|r, v| *r = r.with_red_fives_count(v)?, |r| Some(r.red_fives_count())),
                cli(
                    /// Override: the number of red fives in the set: 0, 3 (one per suit) or 4 (one red
                    /// 5m, two red 5p, one red 5s; a hand may then hold `00p`).
                    #[arg(long, value_name = "0|3|4", value_parser = nonneg::<u8>("--red-fives-count"), allow_negative_numbers = true)]
                    red_fives_count: Option<u8>
                ),
                values("0, 3 or 4");
            /// Override: open tanyao.
            open_tanyao: Option<bool>, rule, serde(),
                rule(|r, v| r.open_tanyao = v, |r| Some(r.open_tanyao)),
                cli(
                    /// Override: open tanyao.
                    #[arg(long, value_name = "BOOL")]
                    open_tanyao: Option<bool>
                ),
                values("");
            /// Override: double yakuman for kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii.
            double_yakuman: Option<bool>, rule, serde(),
                rule(|r, v| r.double_yakuman = v, |r| Some(r.double_yakuman)),
                cli(
                    /// Override: double yakuman for the double patterns.
                    #[arg(long, value_name = "BOOL")]
                    double_yakuman: Option<bool>
                ),
                values("");
            /// Override: several yakuman add up.
            yakuman_stack: Option<bool>, rule, serde(),
                rule(|r, v| r.yakuman_stack = v, |r| Some(r.yakuman_stack)),
                cli(
                    /// Override: several yakuman add up.
                    #[arg(long, value_name = "BOOL")]
                    yakuman_stack: Option<bool>
                ),
                values("");
            /// Override: counted han cap (`yakuman`, `sanbaiman`, `none`).
            kazoe: Option<$crate::rules::KazoeCap>, rule, serde(),
                rule(|r, v| r.kazoe = v, |r| Some(r.kazoe)),
                cli(
                    /// Override: 13+ han cap.
                    #[arg(long, value_name = "yakuman|sanbaiman|none|unlimited")]
                    kazoe: Option<$crate::rules::KazoeCap>
                ),
                values("yakuman, sanbaiman, none or unlimited");
            /// Override: kiriage mangan (4 han 30 fu, 3 han 60 fu are mangan).
            kiriage: Option<bool>, rule, serde(),
                rule(|r, v| r.kiriage = v, |r| Some(r.kiriage)),
                cli(
                    /// Override: kiriage mangan.
                    #[arg(long, value_name = "BOOL")]
                    kiriage: Option<bool>
                ),
                values("");
            /// Override: fu for a double-wind pair (2 or 4).
            double_wind_fu: Option<u8>, rule, serde(),
                rule(|r, v| r.double_wind_fu = v, |r| Some(r.double_wind_fu)),
                cli(
                    /// Override: fu for a double-wind pair.
                    #[arg(long, value_name = "2|4", value_parser = nonneg::<u8>("--double-wind-fu"), allow_negative_numbers = true)]
                    double_wind_fu: Option<u8>
                ),
                values("2 or 4");
            /// Override: renhou scoring (`off`, `mangan`, `yakuman`).
            renhou_rule: Option<$crate::rules::RenhouRule>, rule, serde(),
                rule(|r, v| r.renhou = v, |r| Some(r.renhou)),
                cli(
                    /// Override: renhou scoring.
                    #[arg(long, value_name = "off|mangan|mangan_fixed|yakuman")]
                    renhou_rule: Option<$crate::rules::RenhouRule>
                ),
                values("off, mangan, mangan_fixed or yakuman");
            /// Override: an open pinfu-shaped ron is 30 fu (else 20).
            fu_for_open_pinfu: Option<bool>, rule, serde(),
                rule(|r, v| r.fu_for_open_pinfu = v, |r| Some(r.fu_for_open_pinfu)),
                cli(
                    /// Override: an open pinfu-shaped ron is 30 fu (false: 20 fu).
                    #[arg(long, value_name = "BOOL")]
                    fu_for_open_pinfu: Option<bool>
                ),
                values("");
            /// Override: pinfu tsumo earns the 2 tsumo fu (30 fu, else 20).
            fu_for_pinfu_tsumo: Option<bool>, rule, serde(),
                rule(|r, v| r.fu_for_pinfu_tsumo = v, |r| Some(r.fu_for_pinfu_tsumo)),
                cli(
                    /// Override: pinfu tsumo earns the 2 tsumo fu (30 fu; false: 20 fu).
                    #[arg(long, value_name = "BOOL")]
                    fu_for_pinfu_tsumo: Option<bool>
                ),
                values("");
            /// Override: which double patterns count double under `double_yakuman` (a list of
            /// `kokushi_13`, `suuankou_tanki`, `junsei_chuuren`, `daisuushii`).
            double_yakuman_hands: Option<$crate::rules::YakumanSet>, rule, serde(),
                rule(|r, v| r.double_yakuman_hands = v, |r| Some(r.double_yakuman_hands)),
                cli(
                    /// Override: which double patterns count double under --double-yakuman
                    /// (comma-separated: kokushi_13,suuankou_tanki,junsei_chuuren,daisuushii; none).
                    #[arg(long, value_name = "LIST")]
                    double_yakuman_hands: Option<$crate::rules::YakumanSet>
                ),
                values("");
            /// Override: the yakuman liability (pao) applies to (a list of yakuman names).
            pao_hands: Option<$crate::rules::YakumanSet>, rule, serde(),
                rule(|r, v| r.pao_hands = v, |r| Some(r.pao_hands)),
                cli(
                    /// Override: the yakuman liability (pao) applies to (comma-separated names).
                    #[arg(long, value_name = "LIST")]
                    pao_hands: Option<$crate::rules::YakumanSet>
                ),
                values("");
            /// The liable seat (pao), relative to the winner: 1 the next player (shimocha),
            /// 2 the one across (toimen), 3 the previous one (kamicha). The answer's `pao`
            /// then says who pays what.
            pao: Option<u8>, seat, serde(), rule(),
                cli(
                    /// The liable seat (pao), relative to the winner: 1 next, 2 across, 3 previous.
                    #[arg(long, value_name = "1|2|3", value_parser = nonneg::<u8>("--pao"), allow_negative_numbers = true)]
                    pao: Option<u8>
                ),
                values("1, 2 or 3 (a seat relative to the winner)");
            /// The seat that dealt in, relative to the winner as for `pao`: needed with `pao`
            /// on a ron.
            discarder: Option<u8>, seat, serde(), rule(),
                cli(
                    /// The seat that dealt in, relative to the winner (needed with --pao on a ron).
                    #[arg(long, value_name = "1|2|3", value_parser = nonneg::<u8>("--discarder"), allow_negative_numbers = true)]
                    discarder: Option<u8>
                ),
                values("1, 2 or 3 (a seat relative to the winner)");
            /// Norths extracted (kita) in a three-player game (`tenhou-sanma`,
            /// `majsoul-sanma`): each one han of nukidora. Refused under four-player rules.
            nukidora: u8, nukidora, serde(skip_serializing_if = "is_default"), rule(),
                cli(
                    /// Norths extracted (kita), three-player presets only: one han of nukidora each.
                    #[arg(long, visible_alias = "kita", value_name = "N", default_value_t = 0, value_parser = nonneg::<u8>("--nukidora"), allow_negative_numbers = true)]
                    nukidora: u8
                ),
                values("0 to 4");
            /// Override (three players): how a tsumo is paid, `loss` (tsumo loss, the default)
            /// or `split` (north bisection).
            sanma_tsumo: Option<$crate::rules::SanmaTsumo>, rule,
                serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.sanma_tsumo = v, |r| r.is_sanma().then_some(r.sanma_tsumo)),
                cli(
                    /// Override (three players): tsumo loss (`loss`, default) or north bisection (`split`).
                    #[arg(long, value_name = "loss|split")]
                    sanma_tsumo: Option<$crate::rules::SanmaTsumo>
                ),
                values("loss or split");
            /// Open riichi: the riichi (or double riichi) was declared with the hand shown:
            /// 2 han (double open riichi 3) in place of riichi's 1 (2). Needs `riichi` or
            /// `double_riichi`.
            open_riichi: bool, flag, serde(skip_serializing_if = "is_default"), rule(),
                cli(
                    /// Open riichi: the riichi (or double riichi) was declared with the hand shown
                    /// (2 han, 3 with double riichi).
                    #[arg(long)]
                    open_riichi: bool
                ),
                values("");
            /// Nagashi mangan at an exhaustive draw: a mangan paid as a tsumo. Given with no
            /// `hand` (an empty one, or none); with a hand it is refused.
            nagashi_mangan: bool, nagashi, serde(skip_serializing_if = "is_default"), rule(),
                cli(
                    /// Nagashi mangan at an exhaustive draw: a mangan paid as a tsumo (give no hand).
                    #[arg(long)]
                    nagashi_mangan: bool
                ),
                values("");
            /// Paarenchan: the dealer's wins in a row, this one included (0: not counted).
            /// From 8 the win is the yakuman `paarenchan`; 1 to 7, or a non-dealer, is refused.
            paarenchan: u32, count, serde(skip_serializing_if = "is_default"), rule(),
                cli(
                    /// The dealer's wins in a row, this one included: from 8 the yakuman paarenchan.
                    #[arg(long, value_name = "N", default_value_t = 0, value_parser = nonneg::<u32>("--paarenchan"), allow_negative_numbers = true)]
                    paarenchan: u32
                ),
                values("");
            /// Override: a ron on an open riichi is the yakuman `sashikomi` (written out
            /// only when on: every preset has it off).
            sashikomi_yakuman: Option<bool>, rule, serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.sashikomi_yakuman = v, |r| r.sashikomi_yakuman.then_some(true)),
                cli(
                    /// Override: a ron on an open riichi is a yakuman (sashikomi).
                    #[arg(long, value_name = "BOOL")]
                    sashikomi_yakuman: Option<bool>
                ),
                values("");
            /// Override: paarenchan needs a yaku of its own (written out only when off:
            /// every preset has it on).
            paarenchan_needs_yaku: Option<bool>, rule,
                serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.paarenchan_needs_yaku = v, |r| (!r.paarenchan_needs_yaku).then_some(false)),
                cli(
                    /// Override: paarenchan needs a yaku of its own (false: any complete hand).
                    #[arg(long, value_name = "BOOL")]
                    paarenchan_needs_yaku: Option<bool>
                ),
                values("");
            /// Override: the local yakuman daisharin, seven pairs 2-8 of pin (written out
            /// only when on).
            daisharin: Option<bool>, rule, serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.daisharin = v, |r| r.daisharin.then_some(true)),
                cli(
                    /// Override: daisharin (22334455667788p) is a yakuman.
                    #[arg(long, value_name = "BOOL")]
                    daisharin: Option<bool>
                ),
                values("");
            /// Override: daisharin in man and sou too, as daisuurin and daichikurin
            /// (implies `daisharin`; written out only when on).
            daisharin_other_suits: Option<bool>, rule,
                serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.daisharin_other_suits = v, |r| r.daisharin_other_suits.then_some(true)),
                cli(
                    /// Override: daisharin in man (daisuurin) and sou (daichikurin) too.
                    #[arg(long, value_name = "BOOL")]
                    daisharin_other_suits: Option<bool>
                ),
                values("");
            /// Override: the local yakuman daichisei, seven pairs of honors (written out
            /// only when on).
            daichisei: Option<bool>, rule, serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.daichisei = v, |r| r.daichisei.then_some(true)),
                cli(
                    /// Override: daichisei (seven pairs of honors) is a yakuman beside tsuuiisou.
                    #[arg(long, value_name = "BOOL")]
                    daichisei: Option<bool>
                ),
                values("");
            /// Override: stacked yakuman pay at most six yakuman (on in `majsoul`; written out
            /// only when it differs from the preset's).
            limit_to_sextuple_yakuman: Option<bool>, rule,
                serde(skip_serializing_if = "Option::is_none"),
                rule(
                    |r, v| r.limit_to_sextuple_yakuman = v,
                    |r| (r.limit_to_sextuple_yakuman
                        != $crate::rules::Rules::preset(&r.name).is_some_and(|p| p.limit_to_sextuple_yakuman))
                    .then_some(r.limit_to_sextuple_yakuman)
                ),
                cli(
                    /// Override: stacked yakuman pay at most six yakuman.
                    #[arg(long, value_name = "BOOL")]
                    limit_to_sextuple_yakuman: Option<bool>
                ),
                values("");
            /// Override: aotenjou, no limits: points from han and fu alone, a yakuman
            /// counting 13 han (written out only when on; the exact points are in the
            /// answer's `aotenjou`).
            aotenjou: Option<bool>, rule, serde(skip_serializing_if = "Option::is_none"),
                rule(|r, v| r.aotenjou = v, |r| r.aotenjou.then_some(true)),
                cli(
                    /// Override: aotenjou (no limits: points from han and fu alone, a
                    /// yakuman counting 13 han; the exact points in `aotenjou`).
                    #[arg(long, value_name = "BOOL")]
                    aotenjou: Option<bool>
                ),
                values("");
        }
    };
}
