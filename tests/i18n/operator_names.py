"""The operator's names of the bets, 百人牛牛's areas and hand types, the good roads and the roads, in each
language, as the pages, images and API showed them before issue 36 moved them from the domain to the
catalogues: zh-Hans as the domain wrote them, zh-Hant as its character map derived them (but 銀牛 and 炸彈,
which the map left Simplified), en as the domain wrote them. The catalogues must give exactly these."""

from __future__ import annotations

LANGUAGES = ("zh-Hans", "zh-Hant", "en")

BETS = {
    "player": ("闲", "閒", "Player"),
    "banker": ("庄", "莊", "Banker"),
    "banker_no_commission": ("庄(免佣)", "莊(免傭)", "Banker, no commission"),
    "tie": ("和", "和", "Tie"),
    "player_pair": ("闲对", "閒對", "Player pair"),
    "banker_pair": ("庄对", "莊對", "Banker pair"),
    "either_pair": ("任意对子", "任意對子", "Either pair"),
    "perfect_pair": ("完美对子", "完美對子", "Perfect pair"),
    "banker_dragon_bonus": ("庄龙宝", "莊龍寶", "Banker dragon bonus"),
    "player_dragon_bonus": ("闲龙宝", "閒龍寶", "Player dragon bonus"),
    "lucky_six": ("幸运六", "幸運六", "Lucky six"),
    "banker_natural": ("庄例牌", "莊例牌", "Banker natural"),
    "player_natural": ("闲例牌", "閒例牌", "Player natural"),
    "tiger": ("老虎", "老虎", "Tiger"),
    "big_tiger": ("大老虎", "大老虎", "Big tiger"),
    "small_tiger": ("小老虎", "小老虎", "Small tiger"),
    "tiger_tie": ("老虎和", "老虎和", "Tiger tie"),
    "tiger_pair": ("老虎对", "老虎對", "Tiger pair"),
    "banker_four": ("庄4福", "莊4福", "Banker four"),
    "player_four": ("闲4福", "閒4福", "Player four"),
    "banker_four_pair": ("庄4福对子", "莊4福對子", "Banker four pair"),
    "player_four_pair": ("闲4福对子", "閒4福對子", "Player four pair"),
    "banker_black": ("庄家黑", "莊家黑", "Banker black"),
    "player_black": ("闲家黑", "閒家黑", "Player black"),
    "banker_red": ("庄家红", "莊家紅", "Banker red"),
    "player_red": ("闲家红", "閒家紅", "Player red"),
    "invincible_six": ("无敌6", "無敵6", "Invincible six"),
    "banker_char_siu": ("庄叉烧", "莊叉燒", "Banker char siu"),
    "player_char_siu": ("闲叉烧", "閒叉燒", "Player char siu"),
    "small_buffalo": ("细水牛", "細水牛", "Small buffalo"),
    "big_buffalo": ("大水牛", "大水牛", "Big buffalo"),
    "tiger_buffalo": ("虎牛", "虎牛", "Tiger buffalo"),
    "wu_dalang": ("武大郎", "武大郎", "Wu Dalang"),
    "lucky_seven": ("幸运7", "幸運7", "Lucky seven"),
    "golden_eight": ("黄金8", "黃金8", "Golden eight"),
    "fire_sevens": ("火焰7s", "火焰7s", "Fire sevens"),
    "divine_nine": ("天赐9", "天賜9", "Divine nine"),
    "all_treasures": ("全部边注", "全部邊注", "All treasures"),
}

AREAS = {  # 百人牛牛's areas (its bets are on them)
    "banker": ("庄", "莊", "Banker"),
    "player_1": ("闲一", "閒一", "Player 1"),
    "player_2": ("闲二", "閒二", "Player 2"),
    "player_3": ("闲三", "閒三", "Player 3"),
    "player_4": ("闲四", "閒四", "Player 4"),
}

HAND_TYPES = {
    "no_bull": ("无牛", "無牛", "No bull"),
    "bull_1": ("牛一", "牛一", "Bull 1"),
    "bull_2": ("牛二", "牛二", "Bull 2"),
    "bull_3": ("牛三", "牛三", "Bull 3"),
    "bull_4": ("牛四", "牛四", "Bull 4"),
    "bull_5": ("牛五", "牛五", "Bull 5"),
    "bull_6": ("牛六", "牛六", "Bull 6"),
    "bull_7": ("牛七", "牛七", "Bull 7"),
    "bull_8": ("牛八", "牛八", "Bull 8"),
    "bull_9": ("牛九", "牛九", "Bull 9"),
    "bull_bull": ("牛牛", "牛牛", "Bull bull"),
    "silver_bull": ("银牛", "銀牛", "Silver bull"),
    "gold_bull": ("金牛", "金牛", "Gold bull"),
    "bomb": ("炸弹", "炸彈", "Bomb"),
}

GOOD_ROADS = {
    "long_banker": ("长庄", "長莊", "Long Banker"),
    "long_player": ("长闲", "長閒", "Long Player"),
    "double_sticky": ("拍拍黐", "拍拍黐", "Double Sticky"),
    "single_jump": ("大路单跳", "大路單跳", "Single Jump"),
    "one_hall_two_rooms_banker": ("一厅两房(庄)", "一廳兩房(莊)", "One Hall Two Rooms (Banker)"),
    "one_hall_two_rooms_player": ("一厅两房(闲)", "一廳兩房(閒)", "One Hall Two Rooms (Player)"),
    "banker_sticky": ("逢庄黐", "逢莊黐", "Banker Sticky"),
    "player_sticky": ("逢闲黐", "逢閒黐", "Player Sticky"),
    "banker_skip_sticky": ("隔黐庄", "隔黐莊", "Banker Skip Sticky"),
    "player_skip_sticky": ("隔黐闲", "隔黐閒", "Player Skip Sticky"),
}

ROADS = {
    "bead_plate": ("珠盘路", "珠盤路", "Bead Plate"),
    "big_road": ("大路", "大路", "Big Road"),
    "big_eye_boy": ("大眼仔", "大眼仔", "Big Eye Boy"),
    "small_road": ("小路", "小路", "Small Road"),
    "cockroach_pig": ("曱甴路", "曱甴路", "Cockroach Pig"),
    "ask_road": ("问路", "問路", "Ask Road"),
}


def named(table: dict[str, tuple[str, str, str]], language: str) -> dict[str, str]:
    """code -> name in `language`."""
    return {code: names[LANGUAGES.index(language)] for code, names in table.items()}
