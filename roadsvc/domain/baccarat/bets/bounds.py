"""The ranges a table's betting settings must stay in, checked when they are set.

Without them a pay of "1e30" was accepted, and every hand a bet took it under could not be
settled; a pay of "99999999999999" turned a 10.00 stake into 10^15. Each range is wide for
any real table and narrow enough that every settlement is exact in cents and fits the
ledger (docs/security.md lists them):

* a pay ("to 1") is more than 0 and at most MAX_PAY, with at most PAY_PLACES decimals;
* a limit (a bet's min and max, a total limit, the difference limit) is from 0.01 to
  MAX_LIMIT, in whole cents;
* a cutoff is a hand number from 1 to MAX_CUTOFF (or null: none);
* good-road thresholds: a long run from 1 to MAX_RUN, repeats from 1 to MAX_REPEATS.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Mapping

from roadsvc.domain.errors import DomainError

MAX_PAY = Decimal("1000")
PAY_PLACES = 4
MIN_LIMIT = Decimal("0.01")
MAX_LIMIT = Decimal("100000000.00")
MAX_CUTOFF = 200
MAX_RUN = 100
MAX_REPEATS = 20
# The same ranges as patterns, for the API schema (and so its OpenAPI): exactly the strings
# check_pay and check_limit take, written without exponent or sign.
PAY_PATTERN = (r"^(0\.([1-9][0-9]{0,3}|0[1-9][0-9]{0,2}|00[1-9][0-9]?|000[1-9])"
               r"|[1-9][0-9]{0,2}(\.[0-9]{1,4})?|1000(\.0{1,4})?)$")
MONEY_PATTERN = r"^(0\.([1-9][0-9]?|0[1-9])|[1-9][0-9]{0,7}(\.[0-9]{1,2})?|100000000(\.00?)?)$"


def check_pay(value: object, field: str) -> Decimal:
    """A pay from the settings: a decimal string in (0, MAX_PAY] with at most PAY_PLACES decimals."""
    if not isinstance(value, str) or not _PAY.match(value):
        raise DomainError("pay_out_of_range", f"a pay is a decimal string more than 0 and at most {MAX_PAY} \"to 1\", "
                          f"with at most {PAY_PLACES} decimals (\"8\", \"0.95\"); got {value!r}", field)
    return Decimal(value)


def check_limit(value: object, field: str) -> Decimal:
    """A limit from the settings: a decimal string of whole cents from MIN_LIMIT to MAX_LIMIT."""
    if not isinstance(value, str) or not _MONEY.match(value):
        raise DomainError("limit_out_of_range", f"a limit is a decimal string from {MIN_LIMIT} to {MAX_LIMIT} with "
                          f"at most two decimals (\"100.00\"); got {value!r}", field)
    return Decimal(value)


def check_cutoff(value: object, field: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CUTOFF:
        raise DomainError("cutoff_out_of_range", f"a cutoff is a hand number from 1 to {MAX_CUTOFF}, or null; "
                          f"got {value!r}", field)


def check_setting_bounds(settings: Mapping[str, Any]) -> None:
    """Refuse (422, field under settings.) any betting setting outside its range."""
    for code, pay in (settings.get("pays") or {}).items():
        tiers = pay.items() if isinstance(pay, Mapping) else [(None, pay)]
        for tier, value in tiers:
            check_pay(value, f"settings.pays.{code}" + (f".{tier}" if tier else ""))
    for code, limit in (settings.get("limits") or {}).items():
        for end, value in (limit.items() if isinstance(limit, Mapping) else []):
            check_limit(value, f"settings.limits.{code}.{end}")
    for code, value in (settings.get("total_limits") or {}).items():
        check_limit(value, f"settings.total_limits.{code}")
    if settings.get("difference_limit") is not None:
        check_limit(settings["difference_limit"], "settings.difference_limit")
    for code, value in (settings.get("cutoffs") or {}).items():
        check_cutoff(value, f"settings.cutoffs.{code}")


_PAY, _MONEY = re.compile(PAY_PATTERN), re.compile(MONEY_PATTERN)
