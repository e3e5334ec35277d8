"""The exact odds of a 百人牛牛 table (roadsvc.domain.niuniu.odds), against the published counts."""

from fractions import Fraction
from math import comb

from roadsvc.domain.niuniu import odds
from roadsvc.domain.niuniu.hands import HandType

DECK_40 = tuple((rank, 4) for rank in range(1, 11))  # no J, Q, K; 10 counts 10
DECK_52 = tuple((rank, 4) for rank in range(1, 14))
BULLS_1_TO_7 = {getattr(HandType, f"BULL_{n}") for n in range(1, 8)}


def test_the_40_card_deck_matches_the_published_table():
    table = {"four of a kind": 0, "three of a kind": 0, "bull-bull": 0, "bull 8 or 9": 0, "bull 1-7": 0, "no bull": 0}
    for counts, ways in odds.multisets(DECK_40):
        hand_type = odds.type_of(DECK_40, counts)
        if max(counts) == 4:
            table["four of a kind"] += ways
        elif max(counts) == 3:
            table["three of a kind"] += ways
        elif hand_type is HandType.BULL_BULL:
            table["bull-bull"] += ways
        elif hand_type in (HandType.BULL_8, HandType.BULL_9):
            table["bull 8 or 9"] += ways
        elif hand_type in BULLS_1_TO_7:
            table["bull 1-7"] += ways
        else:
            table["no bull"] += ways
    assert table == {"four of a kind": 360, "three of a kind": 25_200, "bull-bull": 42_432, "bull 8 or 9": 87_296,
                     "bull 1-7": 306_112, "no bull": 196_608}
    assert sum(table.values()) == comb(40, 5)


def test_the_52_card_deck_two_ten_valued_and_three_low_cards_making_a_bull():
    found = sum(ways for counts, ways in odds.multisets(DECK_52)
                if sum(counts[9:]) == 2 and odds.type_of(DECK_52, counts) is not HandType.NO_BULL)
    assert found == 346_080


def test_the_kept_54_card_counts_are_the_enumeration():
    enumerated = odds.enumerate_deck()
    kept = odds.deck_counts()
    assert (enumerated.hands, enumerated.pairs) == (kept.hands, kept.pairs)
    assert kept.hand_total == comb(54, 5) and kept.pair_total == comb(54, 5) * comb(49, 5)


def test_with_no_commission_every_area_ev_is_exactly_zero():
    report = odds.odds_report(odds.table_multiples(), "0")
    assert report["exact"] == {"area_win": "1/2", "area_ev": "0/1"}
    assert {area["ev"] for area in report["areas"].values()} == {"0.000000000000"}
    assert report["house_edge"]["of_stake"] == "0.000000000000"


def test_commission_is_the_house_edge_and_a_settings_change_answers_the_new_edge():
    five, ten = (odds.odds_report(odds.table_multiples(), percent) for percent in ("5", "10"))
    counts = odds.deck_counts()
    gross_won = sum(Fraction(2 * sum(counts.pairs[x][:x]) + counts.pairs[x][x], 2 * counts.pair_total) * t.multiple
                    for x, t in enumerate(odds.TYPES))
    assert five["exact"]["area_ev"] == str(-gross_won / 20)  # 5% of the expected winnings
    assert Fraction(ten["exact"]["area_ev"]) == 2 * Fraction(five["exact"]["area_ev"])
    assert five["house_edge"]["of_stake"] == five["areas"]["player_3"]["ev"].lstrip("-")
    assert five["types"][0]["type"] == "bomb" and five["types"][0]["hands"] == counts.hands[HandType.BOMB]
    assert sum(Fraction(t["hands"], counts.hand_total) for t in five["types"]) == 1
