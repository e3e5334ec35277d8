"""Amounts every game shares: exact decimals with two places, never a float.

Stakes and limits arrive as strings, ints or Decimals and are refused unless they
are whole cents. Winnings that are not whole cents are rounded DOWN to the cent
(the house keeps the fraction, as the operator's texts say); by the same token
an amount a player loses that is not whole cents is rounded UP.

Every amount is bounded: at most MAX_AMOUNT_DIGITS digits before the point (MAX_AMOUNT), so
that any stake times any pay is exact in cents and fits the ledger's 64-bit cents; past it
(`"1e30"`, 32 digits) is refused `invalid_amount`, never a crash.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_UP, Decimal, InvalidOperation

from roadsvc.domain.errors import DomainError

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_AMOUNT_DIGITS = 13
MAX_AMOUNT = Decimal("9" * MAX_AMOUNT_DIGITS + ".99")


def to_ratio(value: object, field: str | None = None, what: str = "pay") -> Decimal:
    """A finite Decimal from a string, int or Decimal (floats are refused: they are not exact), not
    bounded: a pay, a loss or a hold is a multiplier, bounded where it is set (MAX_PAY), and one stored
    past every bound must still load so that its bets settle as `unsettleable` rather than be refused."""
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        raise DomainError("invalid_amount", f"{what} must be a decimal string or an integer, got {value!r}", field)
    try:
        number = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        raise DomainError("invalid_amount", f"{what} {value!r} is not a number", field) from None
    if not number.is_finite():
        raise DomainError("invalid_amount", f"{what} must be finite", field)
    return number


def to_decimal(value: object, field: str | None = None, what: str = "amount") -> Decimal:
    """An amount as a finite Decimal, at most MAX_AMOUNT_DIGITS digits before the point."""
    number = to_ratio(value, field, what)
    if abs(number) > MAX_AMOUNT:
        raise DomainError("invalid_amount", f"{what} has at most {MAX_AMOUNT_DIGITS} digits before the point "
                          f"(at most {MAX_AMOUNT}), got {value!r}", field)
    return number


def to_money(value: object, field: str | None = None, what: str = "amount") -> Decimal:
    """An amount in whole cents, quantised to two places; more precision is refused, not rounded."""
    number = to_decimal(value, field, what)
    if number != number.quantize(CENT, rounding=ROUND_DOWN):
        raise DomainError("invalid_amount", f"{what} {value!r} is not a whole number of cents", field)
    return number.quantize(CENT)


def to_stake(value: object, field: str | None = None) -> Decimal:
    """A stake: whole cents and more than zero."""
    stake = to_money(value, field, "stake")
    if stake <= 0:
        raise DomainError("invalid_amount", f"a stake must be more than zero, got {value!r}", field)
    return stake


def winnings(stake: Decimal, pay: Decimal) -> Decimal:
    """`pay` to 1 on `stake`, rounded down to the cent."""
    return (stake * pay).quantize(CENT, rounding=ROUND_DOWN)


def charge(stake: Decimal, multiple: Decimal) -> Decimal:
    """An amount taken from a player, `multiple` x stake (a hold, a loss), rounded up to the cent."""
    return (stake * multiple).quantize(CENT, rounding=ROUND_UP)


def paid(amount: Decimal) -> Decimal:
    """An amount paid out, rounded down to the cent."""
    return amount.quantize(CENT, rounding=ROUND_DOWN)


def to_cents(amount: Decimal) -> int:
    return int(amount.scaleb(2))


def from_cents(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


def money(cents: int | None) -> str | None:
    """Cents as an answer's amount: a decimal string with two places ("1234.50"), None for None."""
    return None if cents is None else str(from_cents(cents))
