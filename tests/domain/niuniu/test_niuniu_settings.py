"""A niuniu table's settings: the spec's defaults, and refusals naming the key."""

from decimal import Decimal

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.settings import niuniu_settings


def test_the_defaults_are_the_specs():
    settings = niuniu_settings(None)
    assert (settings.betting_seconds, settings.max_multiple, settings.banker_rounds, settings.seats) == (15, 10, 10, 6)
    assert settings.commission_percent == 0 and settings.house_banker_balance is None
    assert settings.super_grab_condition.kind == "vip" and settings.seat_condition.kind == "balance"


def test_values_override_the_defaults():
    settings = niuniu_settings({"commission_percent": "5", "area_limits": {"min": "2", "max": "50", "total": "90"},
                                "super_grab_condition": {"kind": "balance", "value": "9999.00"}, "seats": 8})
    assert settings.commission_percent == Decimal("5.00") and settings.area_limits["total"] == Decimal("90.00")
    assert settings.super_grab_condition.value == Decimal("9999.00") and settings.seats == 8


@pytest.mark.parametrize(("raw", "field"), [
    ({"betting_seconds": 0}, "betting_seconds"), ({"max_multiple": 9}, "max_multiple"),
    ({"commission_percent": "100"}, "commission_percent"), ({"area_limits": {"min": "5", "max": "1",
                                                                              "total": "9"}}, "area_limits"),
    ({"super_grab_condition": {"kind": "cost", "value": "1"}}, "super_grab_condition"),
    ({"seats": True}, "seats"), ({"banker_min_balance": "1.001"}, "banker_min_balance"),
])
def test_bad_values_are_refused_with_the_key(raw, field):
    with pytest.raises(DomainError) as refused:
        niuniu_settings(raw)
    assert refused.value.field == field
