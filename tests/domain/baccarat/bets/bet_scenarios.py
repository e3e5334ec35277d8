"""Real hands for the bet tests, and the spec's pay tables transcribed as the oracle.

Every hand is dealt from real cards through `hand_from_cards`, so a hand breaking
the third-card rules fails loudly here rather than testing nothing.
"""

from __future__ import annotations

from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.baccarat.dealing.hands import Hand, hand_from_cards


def hand(player: str, banker: str) -> Hand:
    """`hand("AS 2H 5D", "JS 2C AD")`: each side's cards in dealing order."""
    return hand_from_cards([parse_card(c) for c in player.split()], [parse_card(c) for c in banker.split()])


def player_wins_with(total: int) -> Hand:
    """Player 0+0 draws to `total` (three cards); banker 0+0 draws a 0: a non-natural win by `total`."""
    return hand(f"KS QH {'A' if total == 1 else total}D", "JC 10D KH")


def banker_wins_with(total: int) -> Hand:
    """Player 0+0+0; banker 0+0 draws to `total` (three cards)."""
    return hand("KS QH KD", f"JC 10D {'A' if total == 1 else total}S")


HANDS: dict[str, Hand] = {
    "P8_B3": hand("AS 2H 5D", "JS 2C AD"),  # player three-card 8 beats 3
    "B_NAT9": hand("3S 4H", "4D 5C"),  # banker natural 9 beats 7
    "NAT_TIE8": hand("3S 5H", "4D 4C"),  # natural tie 8-8, banker pair of 4s
    "TIE6": hand("2S 4H", "3D 3C"),  # tie at 6, two cards each, banker pair of 3s
    "B6_TWO": hand("2S 3H KD", "QC 6D"),  # banker two-card 6 beats 5
    "B6_THREE": hand("AS 2H AD", "JC 2D 4S"),  # banker three-card 6 beats 4
    "P6_TWO": hand("2S 4H", "KC 5D KH"),  # player two-card 6 beats 5
    "P6_THREE_PAIR": hand("AS AH 4D", "KC 3D JH"),  # player three-card 6 beats 3, player pair of aces
    "B7_TWO": hand("2S 3H KD", "3C 4D"),  # banker two-card 7 beats 5
    "FIRE7_TWO": hand("3S 4H", "2D 5C"),  # tie at 7, two cards each
    "FIRE7_THREE": hand("AS 2H 4D", "KC 2D 5S"),  # tie at 7, three cards each
    "FIRE7_MIXED": hand("3S 4H", "2C 3D 2S"),  # tie at 7, two against three cards
    "NINE_BOTH": hand("AS 3H 5D", "KC 2D 7S"),  # tie at 9, three cards each
    "B8_NAT_44D": hand("3S 4H", "4D 4D"),  # banker natural 8 (4♦4♦) beats 7 by one, 4 cards
    "B7_FIVE": hand("2S 4H", "2C 3D 2S"),  # banker three-card 7 beats 6 by one, 5 cards
    "B9_SIX": hand("AS 2H 5D", "KC 2D 7S"),  # banker three-card 9 beats 8 by one, 6 cards
    "P9_NAT": hand("4S 5H", "4H 4C"),  # player natural 9 beats natural 8 by one, 4 cards
    "P7_FIVE": hand("3S 4H", "AC 4D AS"),  # player 7 beats three-card 6 by one, 5 cards
    "P8_SIX": hand("AS 2H 5D", "KC 2D 5S"),  # player three-card 8 beats 7 by one, 6 cards
    "ALL_SAME": hand("7H 7H KS", "7H 7H"),  # four 7♥ as the first cards; tie 4-4
    "BOTH_PAIRS": hand("AS AH KD", "3D 3C"),  # both sides pair; banker two-card 6 beats 2
    "B_DIAMONDS": hand("3S 4H", "5D 5D KS"),  # banker 5♦5♦ (a diamond pair); player 7 wins
    "P_44D": hand("4D 4D", "3S 4H"),  # player 4♦4♦ natural 8 beats 7
    "P_44": hand("4S 4C", "3S 4H"),  # player 4♠4♣ natural 8 beats 7
    "P_DIAMONDS": hand("5D 5D KS", "3S 4H"),  # player 5♦5♦ then 0; banker 7 wins
    "B_BLACK": hand("3H 4D", "4S 5C"),  # player both red, banker both black
    "P_BLACK": hand("3S 4C", "4H 5D"),  # player both black, banker both red
}
HANDS |= {f"P_WINS_{w}": player_wins_with(w) for w in range(1, 10)}
HANDS |= {f"B_WINS_{w}": banker_wins_with(w) for w in range(1, 10)}

_NIUNIU_PAYS = {f"total_{w}": str(w) for w in range(1, 9)} | {"total_9": "8.55"}
_DRAGON = {"natural": "1", "margin_9": "30", "margin_8": "10", "margin_7": "5", "margin_6": "3", "margin_5": "2",
           "margin_4": "1"}
_FOUR_PAIR = {"four_diamonds": "30", "fours": "15", "diamonds": "12", "pair": "9"}
_CLASSIC = {
    "player": {"win": "1"},
    "banker": {"win": "0.95"},
    "tie": {"win": "8"},
    "player_pair": {"win": "11"},
    "banker_pair": {"win": "11"},
    "lucky_six": {"two_card": "12", "three_card": "20"},
    "player_natural": {"win": "3.5"},
    "banker_natural": {"win": "3.5"},
}

# spec/bets.md, transcribed by hand: rule set -> bet code -> tier -> pays (to 1).
SPEC_PAYS: dict[str, dict[str, dict[str, str]]] = {
    "classic": _CLASSIC,
    "classic_no_commission": _CLASSIC | {"banker": {"win": "1", "win_six": "0.5"}},
    "niuniu": {"player": _NIUNIU_PAYS, "banker": _NIUNIU_PAYS, "tie": {"win": "8"}},
    "extended": {
        "banker": {"win": "0.95"},
        "banker_no_commission": {"win": "1", "win_six": "0.5"},
        "player": {"win": "1"},
        "tie": {"win": "8"},
        "player_pair": {"win": "11"},
        "banker_pair": {"win": "11"},
        "either_pair": {"win": "5"},
        "perfect_pair": {"win": "25"},
        "banker_dragon_bonus": _DRAGON,
        "player_dragon_bonus": _DRAGON,
        "lucky_six": {"two_card": "12", "three_card": "18"},
        "banker_natural": {"win": "4"},
        "player_natural": {"win": "4"},
        "tiger": {"two_card": "12", "three_card": "18"},
        "big_tiger": {"win": "50"},
        "small_tiger": {"win": "22"},
        "tiger_tie": {"win": "40"},
        "tiger_pair": {"all_identical": "100", "both_pairs": "20", "one_pair": "4"},
        "banker_four": {"win": "20"},
        "player_four": {"win": "35"},
        "banker_four_pair": _FOUR_PAIR,
        "player_four_pair": _FOUR_PAIR,
        "banker_black": {"win": "2"},
        "player_black": {"win": "2"},
        "banker_red": {"win": "2"},
        "player_red": {"win": "2"},
        "invincible_six": {"win": "4"},
        "banker_char_siu": {"cards_4": "10", "cards_5": "15", "cards_6": "50"},
        "player_char_siu": {"cards_4": "10", "cards_5": "15", "cards_6": "50"},
        "small_buffalo": {"win": "20"},
        "big_buffalo": {"win": "35"},
        "tiger_buffalo": {"win": "4"},
        "wu_dalang": {"win": "150"},
        "lucky_seven": {"win": "40"},
        "golden_eight": {"win": "25"},
        "fire_sevens": {"two_card": "50", "three_card": "200"},
        "divine_nine": {"one_side": "10", "both_sides": "75"},
        "all_treasures": {"win": "5"},
    },
}

# Bets that push: banker and player on a tie everywhere; dragon bonus on a natural
# tie; extended natural bets on a tie with a natural.
PUSHING = {
    "classic": {"player", "banker"},
    "classic_no_commission": {"player", "banker"},
    "niuniu": {"player", "banker"},
    "extended": {"player", "banker", "banker_no_commission", "banker_dragon_bonus", "player_dragon_bonus",
                 "banker_natural", "player_natural"},
}

_SIDE_BETS = {
    "player_pair": [("P6_THREE_PAIR", "win:win"), ("B_NAT9", "lose:lose"), ("NAT_TIE8", "lose:lose")],
    "banker_pair": [("NAT_TIE8", "win:win"), ("B_NAT9", "lose:lose"), ("P6_THREE_PAIR", "lose:lose")],
    "lucky_six": [("B6_TWO", "win:two_card"), ("B6_THREE", "win:three_card"), ("P6_TWO", "lose:lose"),
                  ("TIE6", "lose:lose")],
}
_MAIN = {
    "player": [("P8_B3", "win:win"), ("B_NAT9", "lose:lose"), ("TIE6", "push")],
    "banker": [("B_NAT9", "win:win"), ("B6_TWO", "win:win"), ("P8_B3", "lose:lose"), ("TIE6", "push")],
    "tie": [("TIE6", "win:win"), ("NAT_TIE8", "win:win"), ("B_NAT9", "lose:lose")],
}
_NO_COMMISSION_BANKER = [("B_NAT9", "win:win"), ("B6_TWO", "win:win_six"), ("B6_THREE", "win:win_six"),
                         ("P8_B3", "lose:lose"), ("TIE6", "push")]
_CLASSIC_NATURALS = {
    "player_natural": [("P9_NAT", "win:win"), ("P_44", "win:win"), ("NAT_TIE8", "win:win"), ("B_NAT9", "lose:lose")],
    "banker_natural": [("B_NAT9", "win:win"), ("NAT_TIE8", "win:win"), ("P9_NAT", "win:win"), ("P8_B3", "lose:lose")],
}
_NIUNIU_SIDE = {
    "player": [(f"P_WINS_{w}", f"win:total_{w}") for w in range(1, 10)]
    + [(f"B_WINS_{w}", f"lose:total_{w}") for w in range(1, 10)] + [("TIE6", "push")],
    "banker": [(f"B_WINS_{w}", f"win:total_{w}") for w in range(1, 10)]
    + [(f"P_WINS_{w}", f"lose:total_{w}") for w in range(1, 10)] + [("NAT_TIE8", "push")],
}

# rule set -> bet code -> [(hand, expected outcome label)]
SCENARIOS: dict[str, dict[str, list[tuple[str, str]]]] = {
    "classic": _MAIN | _SIDE_BETS | _CLASSIC_NATURALS,
    "classic_no_commission": _MAIN | _SIDE_BETS | _CLASSIC_NATURALS | {"banker": _NO_COMMISSION_BANKER},
    "niuniu": _NIUNIU_SIDE | {"tie": _MAIN["tie"]},
    "extended": _MAIN | _SIDE_BETS | {
        "banker_no_commission": _NO_COMMISSION_BANKER,
        "lucky_six": _SIDE_BETS["lucky_six"],
        "tiger": _SIDE_BETS["lucky_six"],
        "either_pair": [("NAT_TIE8", "win:win"), ("P6_THREE_PAIR", "win:win"), ("BOTH_PAIRS", "win:win"),
                        ("B_NAT9", "lose:lose")],
        "perfect_pair": [("B8_NAT_44D", "win:win"), ("P_44D", "win:win"), ("ALL_SAME", "win:win"),
                         ("NAT_TIE8", "lose:lose")],
        "banker_dragon_bonus": [("B_NAT9", "win:natural")] + [(f"B_WINS_{m}", f"win:margin_{m}") for m in range(4, 10)]
        + [("B_WINS_3", "lose:lose"), ("P8_B3", "lose:lose"), ("TIE6", "lose:lose"), ("NAT_TIE8", "push")],
        "player_dragon_bonus": [("P9_NAT", "win:natural")] + [(f"P_WINS_{m}", f"win:margin_{m}") for m in range(4, 10)]
        + [("P_WINS_3", "lose:lose"), ("B_NAT9", "lose:lose"), ("FIRE7_TWO", "lose:lose"), ("NAT_TIE8", "push")],
        "banker_natural": [("B_NAT9", "win:win"), ("P9_NAT", "win:win"), ("NAT_TIE8", "push"), ("P8_B3", "lose:lose")],
        "player_natural": [("P9_NAT", "win:win"), ("P_44", "win:win"), ("NAT_TIE8", "push"), ("B_NAT9", "lose:lose")],
        "big_tiger": [("B6_THREE", "win:win"), ("B6_TWO", "lose:lose"), ("P6_THREE_PAIR", "lose:lose")],
        "small_tiger": [("B6_TWO", "win:win"), ("B6_THREE", "lose:lose"), ("TIE6", "lose:lose")],
        "tiger_tie": [("TIE6", "win:win"), ("FIRE7_TWO", "lose:lose"), ("B6_TWO", "lose:lose")],
        "tiger_pair": [("ALL_SAME", "win:all_identical"), ("BOTH_PAIRS", "win:both_pairs"),
                       ("NAT_TIE8", "win:one_pair"), ("P6_THREE_PAIR", "win:one_pair"), ("B_NAT9", "lose:lose")],
        "banker_four": [("B_WINS_4", "win:win"), ("P_WINS_4", "lose:lose"), ("B_WINS_5", "lose:lose")],
        "player_four": [("P_WINS_4", "win:win"), ("B_WINS_4", "lose:lose"), ("P_WINS_5", "lose:lose")],
        "banker_four_pair": [("B8_NAT_44D", "win:four_diamonds"), ("NAT_TIE8", "win:fours"),
                             ("B_DIAMONDS", "win:diamonds"), ("TIE6", "win:pair"), ("B_NAT9", "lose:lose")],
        "player_four_pair": [("P_44D", "win:four_diamonds"), ("P_44", "win:fours"), ("P_DIAMONDS", "win:diamonds"),
                             ("P6_THREE_PAIR", "win:pair"), ("B_NAT9", "lose:lose")],
        "banker_black": [("B_BLACK", "win:win"), ("P_BLACK", "lose:lose"), ("B_NAT9", "lose:lose")],
        "player_black": [("P_BLACK", "win:win"), ("B_BLACK", "lose:lose"), ("P8_B3", "lose:lose")],
        "banker_red": [("P_BLACK", "win:win"), ("B8_NAT_44D", "win:win"), ("B_BLACK", "lose:lose"),
                       ("B_NAT9", "lose:lose")],
        "player_red": [("B_BLACK", "win:win"), ("P_BLACK", "lose:lose"), ("P8_B3", "lose:lose")],
        "invincible_six": [("P6_TWO", "win:win"), ("B6_THREE", "win:win"), ("TIE6", "win:win"),
                           ("FIRE7_TWO", "lose:lose")],
        "banker_char_siu": [("B8_NAT_44D", "win:cards_4"), ("B7_FIVE", "win:cards_5"), ("B9_SIX", "win:cards_6"),
                            ("B_NAT9", "lose:lose"), ("B6_TWO", "lose:lose"), ("P9_NAT", "lose:lose")],
        "player_char_siu": [("P9_NAT", "win:cards_4"), ("P7_FIVE", "win:cards_5"), ("P8_SIX", "win:cards_6"),
                            ("P8_B3", "lose:lose"), ("B9_SIX", "lose:lose")],
        "small_buffalo": [("P6_TWO", "win:win"), ("P6_THREE_PAIR", "lose:lose"), ("B6_TWO", "lose:lose")],
        "big_buffalo": [("P6_THREE_PAIR", "win:win"), ("P6_TWO", "lose:lose"), ("TIE6", "lose:lose")],
        "tiger_buffalo": [("P6_THREE_PAIR", "win:win"), ("B6_TWO", "win:win"), ("TIE6", "lose:lose"),
                          ("B_WINS_7", "lose:lose")],
        "wu_dalang": [("P_WINS_1", "win:win"), ("B_WINS_1", "lose:lose"), ("P_WINS_2", "lose:lose")],
        "lucky_seven": [("B_WINS_7", "win:win"), ("B7_FIVE", "win:win"), ("B7_TWO", "lose:lose"),
                        ("FIRE7_THREE", "lose:lose")],
        "golden_eight": [("P8_B3", "win:win"), ("P_44", "lose:lose"), ("B_WINS_8", "lose:lose")],
        "fire_sevens": [("FIRE7_TWO", "win:two_card"), ("FIRE7_THREE", "win:three_card"),
                        ("FIRE7_MIXED", "lose:lose"), ("B7_TWO", "lose:lose")],
        "divine_nine": [("P_WINS_9", "win:one_side"), ("B9_SIX", "win:one_side"), ("NINE_BOTH", "win:both_sides"),
                        ("B_NAT9", "lose:lose")],
        "all_treasures": [("B_WINS_7", "win:win"), ("P8_B3", "win:win"), ("FIRE7_TWO", "win:win"),
                          ("NINE_BOTH", "win:win"), ("B_NAT9", "lose:lose"), ("TIE6", "lose:lose")],
    },
}
