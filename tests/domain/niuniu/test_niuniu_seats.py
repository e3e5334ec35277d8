"""Seats (座位): conditions, one seat each, the automatic stand-up."""

from decimal import Decimal

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.conditions import BALANCE, COST, VIP, Condition, parse_condition
from roadsvc.domain.niuniu.seats import availability, sit, stand, to_stand_up

MIN = Decimal("100.00")
FREE = Condition(COST, Decimal("5.00"))


def test_sitting_standing_and_one_seat_each():
    seating = sit({}, 2, "a", 6, FREE, None, Decimal("100.00"), MIN)
    assert seating == {2: "a"}
    for args, code in [((2, "b"), "seat_taken"), ((3, "a"), "already_seated"), ((7, "b"), "no_such_seat")]:
        with pytest.raises(DomainError) as refused:
            sit(seating, *args, 6, FREE, None, Decimal("500"), MIN)
        assert refused.value.code == code
    assert stand(seating, "a") == {}
    with pytest.raises(DomainError):
        stand({}, "a")


@pytest.mark.parametrize(("condition", "vip", "balance", "reason"), [
    (Condition(VIP, Decimal(2)), 1, Decimal("500"), "vip_too_low"),
    (Condition(VIP, Decimal(2)), 2, Decimal("500"), None),
    (Condition(BALANCE, Decimal("500.00")), None, Decimal("500.00"), None),   # at least X
    (Condition(BALANCE, Decimal("500.00")), None, Decimal("499.99"), "balance_too_low"),
    (FREE, None, Decimal("99.99"), "balance_too_low"),                       # below the stand-up threshold
])
def test_the_tables_one_condition(condition, vip, balance, reason):
    rows = availability({1: "z"}, "a", 2, condition, vip, balance, MIN)
    assert rows[0] == {"seat": 1, "account_id": "z", "available": False, "reason": "seat_taken"}
    assert rows[1]["reason"] == reason and rows[1]["available"] is (reason is None)


def test_the_automatic_stand_up():
    seating = {1: "a", 3: "b", 4: "c"}
    balances = {"a": Decimal("99.99"), "b": Decimal("100.00"), "c": Decimal("-5")}
    assert to_stand_up(seating, balances, MIN) == ["a", "c"]


def test_conditions_parse():
    assert parse_condition({"kind": "vip", "value": 3}, ("vip", "balance"), "f").as_dict() == {"kind": "vip",
                                                                                               "value": 3}
    assert parse_condition({"kind": "cost", "value": "5"}, ("vip", "balance", "cost"), "f").value == Decimal("5")
    for raw in [{"kind": "cost", "value": "5"}, {"kind": "vip", "value": -1}, {"kind": "vip", "value": "3"}, None]:
        with pytest.raises(DomainError) as refused:
            parse_condition(raw, ("vip", "balance"), "super_grab")
        assert refused.value.code == "invalid_condition"
