"""Which bets a hand takes, and checking a slip against every rule in one place.

A service calls `open_bets` to show the next hand's bets and `check_slip` to place
one: both are pure, given the hand's number, the account's range, what the table
already holds on the hand (`totals`: bet code -> amount) and which facts the table
reports (a table entering results without cards cannot settle card bets, so it
refuses them at placing with needs_cards rather than at settlement). Rules are
applied in this order, and a bet reports the first that refuses it: unknown_bet,
cutoff, a closure of the table's own (`closed`: advantage), needs_cards, range_closed / below_min / above_max, hedge_limit /
total_limit. Within a slip, each accepted bet counts towards the limits of the
bets after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Iterable, Mapping, Sequence

from roadsvc.domain.baccarat.bets.cutoffs import check_hand_number, cutoff_refusal
from roadsvc.domain.baccarat.bets.facts import FACT_GROUPS
from roadsvc.domain.baccarat.bets.limits import StakeRange, allowed_range, closed_refusal, hand_limit_refusal, range_refusal
from roadsvc.domain.baccarat.bets.money import to_money, to_stake
from roadsvc.domain.baccarat.bets.refusals import NEEDS_CARDS, UNKNOWN_BET, Refusal
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec, RuleSet
from roadsvc.domain.baccarat.bets.settlement import missing_facts

ALL_FACTS = frozenset(FACT_GROUPS)


@dataclass(frozen=True)
class BetStatus:
    """A bet type on the next hand: open, or closed by `refusal`; its range for the account."""

    bet: BetSpec
    refusal: Refusal | None
    range: StakeRange | None

    @property
    def open(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class BetCheck:
    """One bet of a slip: accepted, or refused with the rule that refused it."""

    code: str
    stake: Decimal
    refusal: Refusal | None

    @property
    def accepted(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class SlipCheck:
    checks: list[BetCheck]
    totals: dict[str, Decimal] = field(default_factory=dict)

    @property
    def accepted(self) -> list[BetCheck]:
        return [check for check in self.checks if check.accepted]


def _needs_refusal(bet: BetSpec, available: Iterable[str]) -> Refusal | None:
    missing = missing_facts(bet, available)
    if not missing:
        return None
    return Refusal(
        NEEDS_CARDS,
        f"{bet.code} needs the hand's {', '.join(missing)}; this table reports hands without them",
        {"bet": bet.code, "missing": list(missing)},
    )


def _closing_refusal(bet: BetSpec, hand_number: int, available, account: StakeRange | None,
                     closed: Mapping[str, Refusal] | None = None) -> Refusal | None:
    """The first rule that closes `bet` to this account on this hand, whatever the stake.

    `closed` holds the table's own closures of this hand by bet code (e.g. `advantage`),
    applied right after the cutoff."""
    refusal = cutoff_refusal(bet, hand_number) or (closed or {}).get(bet.code) or _needs_refusal(bet, available)
    if refusal is None and account is not None and allowed_range(bet, account) is None:
        refusal = closed_refusal(bet, account)
    return refusal


def open_bets(
    rule_set: RuleSet,
    hand_number: int,
    available: Iterable[str] = ALL_FACTS,
    account: StakeRange | None = None,
    closed: Mapping[str, Refusal] | None = None,
) -> list[BetStatus]:
    """Every bet type of the rule set on hand `hand_number`: open or closed, and why."""
    hand_number = check_hand_number(hand_number)
    available = frozenset(available)
    return [
        BetStatus(bet, _closing_refusal(bet, hand_number, available, account, closed), allowed_range(bet, account))
        for bet in rule_set.bets.values()
    ]


def _unknown(code: object, rule_set: RuleSet) -> Refusal:
    return Refusal(UNKNOWN_BET, f"{code!r} is not a bet of the {rule_set.name} rule set", {"bet": code})


def check_slip(
    rule_set: RuleSet,
    hand_number: int,
    bets: Sequence[tuple[str, object]],
    account: StakeRange | None = None,
    totals: Mapping[str, Decimal] | None = None,
    available: Iterable[str] = ALL_FACTS,
    closed: Mapping[str, Refusal] | None = None,
) -> SlipCheck:
    """Check each (code, stake) of a slip; `totals` is what the hand already holds by bet code.

    Malformed stakes (not whole cents, not positive) raise DomainError: they are bad
    requests, not bets a rule refused.
    """
    hand_number = check_hand_number(hand_number)
    available = frozenset(available)
    running = {code: to_money(amount, f"totals.{code}") for code, amount in (totals or {}).items()}
    checks = []
    for i, (code, raw_stake) in enumerate(bets):
        stake = to_stake(raw_stake, f"bets[{i}].stake")
        refusal = _bet_refusal(rule_set, hand_number, code, stake, account, running, available, closed)
        if refusal is None:
            running[code] = running.get(code, Decimal(0)) + stake
        checks.append(BetCheck(code, stake, refusal))
    return SlipCheck(checks, running)


def _bet_refusal(rule_set, hand_number, code, stake, account, running, available, closed=None) -> Refusal | None:
    if not isinstance(code, str) or code not in rule_set.bets:
        return _unknown(code, rule_set)
    bet = rule_set.bets[code]
    return (
        _closing_refusal(bet, hand_number, available, account, closed)
        or range_refusal(bet, stake, account)
        or hand_limit_refusal(rule_set, bet, stake, running)
    )
