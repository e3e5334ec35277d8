"""百人牛牛 settlement: an area wins its multiple or loses the banker's; cover, limits, corrections."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.cards import parse_cards, standard_deck
from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.dealing import PLAYERS, POSITIONS
from roadsvc.domain.niuniu.hands import evaluate
from roadsvc.domain.niuniu.settlement import (
    Stake, banker_cover_refusal, cover_refusal, differences, limit_refusal, parse_bets, settle_round,
    settlement_dict,
)

D = Decimal


def hands(**codes):
    return {position: evaluate(parse_cards(text.split(), jokers=True)) for position, text in codes.items()}


# banker bull 8; player_1 bull_bull (wins 10x), player_2 bull 2 (loses 8x), player_3 no bull, player_4 bomb
TABLE = hands(banker="AS 9H KD 2C 6D", player_1="3S 7H KS 5C 5D", player_2="AH 9S KH AC AD",
              player_3="2S 3H 3D 6S 8H", player_4="4S 4H 4D 4C 9D")


def test_an_area_wins_its_own_multiple_and_loses_the_bankers():
    stakes = [Stake("a", "player_1", D("10.00")), Stake("a", "player_2", D("10.00")),
              Stake("b", "player_4", D("5.00")), Stake("b", "player_3", D("1.50"))]
    settled = settle_round(stakes, TABLE)
    a, b = settled["accounts"]["a"], settled["accounts"]["b"]
    assert [(bet.outcome, bet.multiple, bet.net) for bet in a["bets"]] == [("win", 10, D("100.00")),
                                                                            ("lose", 8, D("-80.00"))]
    assert a["net"] == D("20.00")
    assert [bet.net for bet in b["bets"]] == [D("50.00"), D("-12.00")] and b["net"] == D("38.00")
    assert settled["banker"]["net"] == D("-58.00")


def test_no_bull_wins_once_and_commission_is_a_share_of_winnings_rounded_down():
    table = hands(banker="2S 3H 3D 6S 8H", player_1="AS 2H 3C 4C 8D", player_2="3S 4S 5S 9S 9C")
    assert {hand.type.code for hand in table.values()} == {"no_bull"}
    settled = settle_round([Stake("a", "player_1", D("10.00")), Stake("a", "player_2", D("10.00"))], table)
    assert [(bet.outcome, bet.net) for bet in settled["accounts"]["a"]["bets"]] == [
        ("lose", D("-10.00")), ("win", D("10.00"))]  # 8♦ under the banker's 8♥; 9♠ over it
    with_commission = settle_round([Stake("a", "player_1", D("3.33"))], TABLE, D("5"))
    bet = with_commission["accounts"]["a"]["bets"][0]
    assert bet.net == D("31.63") and bet.commission == D("1.67")  # 33.30 x 95% = 31.635, down to 31.63


def test_the_commission_is_the_houses_not_the_bankers():
    """player_1 wins 100.00 less 5.00 commission, player_2 loses 80.00: the banker pays the whole 100.00 and
    takes the 80.00 (-20.00); the house keeps the 5.00; bettors, banker and house add up to zero."""
    settled = settle_round([Stake("a", "player_1", D("10.00")), Stake("b", "player_2", D("10.00"))], TABLE, D("5"))
    nets = [account["net"] for account in settled["accounts"].values()]
    assert nets == [D("95.00"), D("-80.00")] and settled["banker"]["net"] == D("-20.00")
    commission = sum(bet.commission for account in settled["accounts"].values() for bet in account["bets"])
    assert sum(nets) + settled["banker"]["net"] + commission == 0


def test_a_refund_leaves_every_net_at_zero():
    settled = settle_round([Stake("a", "player_1", D("10.00"))], None)
    assert settled["accounts"]["a"]["bets"][0].outcome == "refunded" and settled["banker"]["net"] == 0


stakes = st.lists(st.builds(Stake, st.sampled_from("abc"), st.sampled_from(PLAYERS),
                            st.decimals(min_value=D("0.01"), max_value=D("1000"), places=2)), max_size=12)


@given(st.permutations(standard_deck(jokers=True)), stakes, st.sampled_from([D(0), D("5"), D("2.5")]))
def test_the_banker_result_is_the_opposite_of_every_net_and_no_loss_passes_ten_times(deck, placed, commission):
    table = {position: evaluate(deck[5 * i:5 * i + 5]) for i, position in enumerate(POSITIONS)}
    settled = settle_round(placed, table, commission)
    bets = [bet for account in settled["accounts"].values() for bet in account["bets"]]
    assert settled["banker"]["net"] == -sum((bet.net + bet.commission for bet in bets), D(0))
    for account in settled["accounts"].values():
        assert all(-bet.net <= bet.stake * 10 and bet.net + bet.commission != 0 for bet in account["bets"])


def test_the_json_shape_and_the_differences_of_a_correction():
    before = settlement_dict(settle_round([Stake("a", "player_1", D("10.00"))], TABLE))
    after = settlement_dict(settle_round([Stake("a", "player_1", D("10.00"))], {**TABLE, **hands(
        player_1="AH 2D 3C 5S 7D")}))  # now no bull: loses 8x
    assert before["accounts"]["a"]["net"] == "100.00" and after["accounts"]["a"]["net"] == "-80.00"
    assert differences(before, after) == {"a": "-180.00", "banker": "180.00"}
    assert differences(before, before) == {}


def test_cover_the_account_needs_ten_times_its_stakes_this_round():
    assert cover_refusal(D("200.00"), [D("10.00")], [D("10.00")], 10) is None
    refused = cover_refusal(D("199.99"), [D("10.00")], [D("10.00")], 10)
    assert (refused.code, refused.field) == ("insufficient_cover", "balance")


def test_the_bankers_cover():
    assert banker_cover_refusal(None, D("1000000"), [D("1")], 10) is None  # the house banks
    assert banker_cover_refusal(D("1000.00"), D("90.00"), [D("10.00")], 10) is None
    assert banker_cover_refusal(D("1000.00"), D("90.00"), [D("10.01")], 10).code == "banker_cover_exceeded"


def test_limits_per_area():
    limits = {"min": D("1.00"), "max": D("500.00"), "total": D("1000.00")}
    assert limit_refusal("player_1", D("1.00"), D("999.00"), limits, "f") is None
    assert limit_refusal("player_1", D("0.50"), D(0), limits, "f").code == "below_min"
    assert limit_refusal("player_1", D("500.01"), D(0), limits, "f").code == "above_max"
    assert limit_refusal("player_1", D("2.00"), D("999.00"), limits, "f").code == "total_limit"


@pytest.mark.parametrize(("bets", "code", "field"), [
    ([], "invalid_bets", "bets"), ("x", "invalid_bets", "bets"), (["x"], "invalid_bets", "bets[0]"),
    ([{"area": "banker", "stake": "1"}], "unknown_area", "bets[0].area"),
    ([{"area": "player_1", "stake": "0"}], "invalid_amount", "bets[0].stake"),
    ([{"area": "player_1", "stake": "1.001"}], "invalid_amount", "bets[0].stake"),
    ([{"area": "player_1", "stake": 1.5}], "invalid_amount", "bets[0].stake"),
])
def test_bad_bets_are_refused_with_the_field(bets, code, field):
    with pytest.raises(DomainError) as refused:
        parse_bets(bets)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_bets_parse():
    assert parse_bets([{"area": "player_2", "stake": "10"}]) == [("player_2", D("10.00"))]
