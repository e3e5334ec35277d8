"""Amounts every game shares: exact decimals in whole cents, never a float.

Amounts arrive as strings, ints or Decimals and are refused unless they are whole cents. An
amount paid to a player that is not whole cents is rounded DOWN to the cent (the house keeps the
fraction). Baccarat's `bets/money.py` says the same for its own bets; this is the shared copy the
other games use (see the note of issue 22: baccarat's can become a re-export of this one).
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal, InvalidOperation

from roadsvc.domain.errors import DomainError

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def to_money(value: object, field: str | None = None, what: str = "amount") -> Decimal:
    """An amount in whole cents, quantised to two places; more precision is refused, not rounded."""
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        raise DomainError("invalid_amount", f"{what} must be a decimal string or an integer, got {value!r}", field)
    try:
        number = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        raise DomainError("invalid_amount", f"{what} {value!r} is not a number", field) from None
    if not number.is_finite() or number != number.quantize(CENT, rounding=ROUND_DOWN):
        raise DomainError("invalid_amount", f"{what} {value!r} is not a whole number of cents", field)
    return number.quantize(CENT)


def to_stake(value: object, field: str | None = None) -> Decimal:
    """A stake: whole cents and more than zero."""
    stake = to_money(value, field, "stake")
    if stake <= 0:
        raise DomainError("invalid_amount", f"a stake must be more than zero, got {value!r}", field)
    return stake


def paid(amount: Decimal) -> Decimal:
    """An amount paid out, rounded down to the cent."""
    return amount.quantize(CENT, rounding=ROUND_DOWN)
