"""百人牛牛 amounts: a decimal string with at most MAX_AMOUNT_DIGITS (13) digits before the point and two after.

Every niuniu amount (a slip's balance and stakes, a stated balance, a setting) goes through `amount`:
a JSON number is refused (it is not exact), so is an exponent, a sign, a third decimal or a 14th
integer digit, each 422 `invalid_amount` naming the field (the API's shared `Amount` refuses the same
before a request reaches the service; this is the check of the settings and of the services' callers). The bound keeps every sum the service
makes (a stake x the maximum multiple, a round's totals) exact in Decimal's default context and
every stored amount (whole cents) inside a BigInteger.
"""

from __future__ import annotations

import re
from decimal import Decimal

from roadsvc.domain.amounts import CENT, MAX_AMOUNT_DIGITS
from roadsvc.domain.errors import DomainError

INTEGER_DIGITS = MAX_AMOUNT_DIGITS
AMOUNT_PATTERN = rf"^(0|[1-9][0-9]{{0,{INTEGER_DIGITS - 1}}})(\.[0-9]{{1,2}})?$"
_AMOUNT = re.compile(AMOUNT_PATTERN)


def amount(value: object, field: str, what: str = "an amount") -> Decimal:
    """A decimal string ("100.00", "5", "0.5") as an exact Decimal with two places."""
    if not isinstance(value, str) or not _AMOUNT.match(value):
        raise DomainError("invalid_amount", f'{what} is a decimal string ("100.00") with at most {INTEGER_DIGITS} '
                          f"digits before the point and two after, never a JSON number; got {value!r}", field)
    return Decimal(value).quantize(CENT)


def stake(value: object, field: str) -> Decimal:
    """A stake: an amount above zero."""
    found = amount(value, field, "a stake")
    if found <= 0:
        raise DomainError("invalid_amount", f"a stake must be more than zero, got {value!r}", field)
    return found
