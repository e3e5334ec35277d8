"""Settlement of every bet type in every rule set, on real hands: win, lose, push, every tier."""

from __future__ import annotations

from decimal import Decimal

import pytest
from bet_scenarios import HANDS, PUSHING, SCENARIOS, SPEC_PAYS

from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.baccarat.bets.settlement import refund, settle, settle_slip
from roadsvc.domain.errors import DomainError

CASES = [
    (name, code, hand_name, label)
    for name, bets in SCENARIOS.items()
    for code, scenarios in bets.items()
    for hand_name, label in scenarios
]


def _expected_net(name: str, code: str, label: str, stake: Decimal) -> Decimal:
    if label == "push":
        return Decimal("0.00")
    kind, tier = label.split(":")
    if kind == "win":
        return stake * Decimal(SPEC_PAYS[name][code][tier])
    multiple = int(tier.removeprefix("total_")) if tier.startswith("total_") else 1  # Niu Niu loses W x stake
    return -stake * multiple


@pytest.mark.parametrize(("name", "code", "hand_name", "label"), CASES)
def test_bet_settles_by_the_spec(name, code, hand_name, label):
    stake = Decimal("100.00")
    settlement = settle(code, "100", HANDS[hand_name], rule_set(name))
    assert settlement.outcome.label == label
    assert settlement.net == _expected_net(name, code, label, stake)
    assert settlement.returned == settlement.held + settlement.net


@pytest.mark.parametrize("name", rule_set_names())
def test_scenarios_cover_every_bet_win_lose_push_and_every_tier(name):
    """Every bet of the rule set has a win at each of its pay tiers, a loss, and a push where one exists."""
    assert set(SCENARIOS[name]) == set(SPEC_PAYS[name]) == set(rule_set(name).bets)
    for code, scenarios in SCENARIOS[name].items():
        labels = {label for _, label in scenarios}
        assert {f"win:{tier}" for tier in SPEC_PAYS[name][code]} <= labels, code
        assert any(label.startswith("lose") for label in labels), code
        assert ("push" in labels) == (code in PUSHING[name]), code


@pytest.mark.parametrize(("name", "pays"), SPEC_PAYS.items())
def test_rule_set_pays_are_the_spec_tables(name, pays):
    bets = rule_set(name).bets
    assert {code: {tier: str(pay) for tier, pay in bet.pays.items()} for code, bet in bets.items()} == pays


def test_winnings_are_rounded_down_to_the_cent():
    settlement = settle("banker", "0.55", HANDS["B_NAT9"], rule_set("classic"))
    assert settlement.net == Decimal("0.52")  # 0.5225
    assert settlement.returned == Decimal("1.07")


def test_no_commission_half_pay_rounds_down():
    settlement = settle("banker", "0.55", HANDS["B6_TWO"], rule_set("classic_no_commission"))
    assert settlement.net == Decimal("0.27")  # 0.275


def test_natural_pays_seven_for_two_rounded_down():
    settlement = settle("player_natural", "0.15", HANDS["P9_NAT"], rule_set("classic"))
    assert settlement.net == Decimal("0.52")  # 3.5 x 0.15 = 0.525


def test_niuniu_holds_nine_times_and_settles_by_the_winning_total():
    rules = rule_set("niuniu")
    win = settle("player", "0.55", HANDS["P_WINS_9"], rules)
    assert (win.held, win.net, win.returned) == (Decimal("4.95"), Decimal("4.70"), Decimal("9.65"))  # 8.55 x 0.55
    loss = settle("banker", "100", HANDS["P_WINS_8"], rules)
    assert (loss.held, loss.net, loss.returned) == (Decimal("900.00"), Decimal("-800.00"), Decimal("100.00"))
    push = settle("banker", "100", HANDS["TIE6"], rules)
    assert (push.held, push.net, push.returned) == (Decimal("900.00"), Decimal("0.00"), Decimal("900.00"))
    tie = settle("tie", "100", HANDS["TIE6"], rules)
    assert (tie.held, tie.net) == (Decimal("100.00"), Decimal("800.00"))


def test_a_slip_settles_each_bet_on_the_same_hand():
    settlements = settle_slip([("banker", "10"), ("tie", "5"), ("banker_pair", "1")], HANDS["NAT_TIE8"],
                              rule_set("classic"))
    assert [(s.code, s.outcome.kind, s.net) for s in settlements] == [
        ("banker", "push", Decimal("0.00")),
        ("tie", "win", Decimal("40.00")),
        ("banker_pair", "win", Decimal("11.00")),
    ]


@pytest.mark.parametrize("stake", [0.5, "0.001", "0", "-1", "abc", None, True])
def test_stakes_that_are_not_whole_positive_cents_are_refused(stake):
    with pytest.raises(DomainError) as error:
        settle("player", stake, HANDS["P8_B3"], rule_set("classic"))
    assert (error.value.code, error.value.field) == ("invalid_amount", "stake")


def test_an_unknown_bet_is_refused():
    with pytest.raises(DomainError) as error:
        settle("tiger", "1", HANDS["P8_B3"], rule_set("classic"))
    assert error.value.code == "unknown_bet"


def test_a_voided_hand_refunds_everything_held():
    voided = refund("banker", "100", rule_set("niuniu"))
    assert (voided.outcome.kind, voided.held, voided.returned, voided.net) == (
        "refund", Decimal("900.00"), Decimal("900.00"), Decimal("0.00"))
