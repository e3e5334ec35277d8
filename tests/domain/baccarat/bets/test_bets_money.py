"""Money stays exact: whole cents in, winnings rounded down, amounts consistent for any stake."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roadsvc.domain.baccarat.bets.money import charge, to_money, winnings
from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.baccarat.bets.settlement import settle
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe

CENT = Decimal("0.01")
PAYS = sorted({pay for name in rule_set_names() for bet in rule_set(name).bets.values() for pay in bet.pays.values()})
cents = st.integers(1, 10_000_000).map(lambda n: Decimal(n) / 100)


@given(cents, st.sampled_from(PAYS))
def test_winnings_are_the_exact_product_rounded_down_to_the_cent(stake, pay):
    won = winnings(stake, pay)
    assert won == won.quantize(CENT)
    assert won <= stake * pay < won + CENT


@given(cents, st.sampled_from([Decimal("1.5"), Decimal("9"), Decimal("0.333")]))
def test_charges_round_up_to_the_cent(stake, multiple):
    charged = charge(stake, multiple)
    assert charged - CENT < stake * multiple <= charged


@pytest.mark.parametrize(("text", "amount"), [("10", "10.00"), ("0.5", "0.50"), (" 7.25 ", "7.25"), (3, "3.00")])
def test_amounts_are_read_as_exact_cents(text, amount):
    assert to_money(text) == Decimal(amount)


@pytest.mark.parametrize("value", [1.5, "1.005", "NaN", "Infinity", "", [], False])
def test_inexact_or_non_numeric_amounts_are_refused(value):
    with pytest.raises(DomainError) as error:
        to_money(value, "stake")
    assert (error.value.code, error.value.field) == ("invalid_amount", "stake")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), cents)
def test_every_settlement_returns_what_was_held_plus_the_net(seed, stake):
    hand = random.Random(seed).choice(deal_shoe(random.Random(seed)).hands)
    for name in rule_set_names():
        rules = rule_set(name)
        for code, bet in rules.bets.items():
            settlement = settle(code, stake, hand, rules)
            assert settlement.returned == settlement.held + settlement.net >= 0
            assert settlement.held == stake * bet.hold
            if settlement.outcome.kind == "win":
                assert settlement.net == winnings(stake, settlement.pay)
            elif settlement.outcome.kind == "lose":
                assert settlement.net == -stake * bet.losses[settlement.outcome.tier]
            else:
                assert settlement.net == 0
