"""roadsvc.domain.amounts: amounts past the bound are refused invalid_amount (they crashed quantize)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from roadsvc.domain.amounts import MAX_AMOUNT, to_decimal, to_money, to_stake
from roadsvc.domain.errors import DomainError


@pytest.mark.parametrize("value", ["99999999999999999999999999999999.00", "1e30", "10000000000000", 10**14,
                                   Decimal("-1e20")])
@pytest.mark.parametrize("parse", [to_decimal, to_money, to_stake])
def test_an_amount_past_the_bound_is_invalid_amount_naming_the_field(parse, value):
    with pytest.raises(DomainError) as refused:
        parse(value, "balance")
    assert (refused.value.code, refused.value.field) == ("invalid_amount", "balance")
    assert "at most 13 digits" in refused.value.message


def test_the_bound_itself_is_taken():
    assert to_money("9999999999999.99") == MAX_AMOUNT == Decimal("9999999999999.99")
    assert to_stake(MAX_AMOUNT) == MAX_AMOUNT
