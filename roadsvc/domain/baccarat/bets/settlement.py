"""Settling a bet on a hand: outcome, the amount returned and the net, in exact cents.

Amounts follow one convention across rule sets. Placing a bet takes `held` from the
balance: the stake, or for Niu Niu's banker and player bets 9 x the stake (the
rule set's hold multiple). Settlement gives back `returned`, and `net = returned -
held`:

* win: held + winnings, winnings = stake x pay rounded down to the cent;
* push: held;
* lose: held - stake x loss multiple (1 for every bet but Niu Niu's, where it is W),
  rounded up to the cent.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable

from roadsvc.domain.baccarat.bets.facts import FACT_GROUPS, HandFacts, facts_of
from roadsvc.domain.baccarat.bets.money import charge, to_stake, winnings
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec, RuleSet
from roadsvc.domain.baccarat.bets.rules import LOSE, WIN, Outcome
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand


@dataclass(frozen=True, slots=True)
class Settlement:
    """One bet settled: what was held at placing, what comes back, and the difference."""

    code: str
    stake: Decimal
    outcome: Outcome
    pay: Decimal | None
    held: Decimal
    returned: Decimal
    net: Decimal

    def as_dict(self) -> dict:
        return {
            "bet": self.code,
            "stake": str(self.stake),
            "outcome": self.outcome.kind,
            "tier": self.outcome.tier,
            "pay": None if self.pay is None else str(self.pay),
            "held": str(self.held),
            "returned": str(self.returned),
            "net": str(self.net),
        }


def held_for(bet: BetSpec, stake: Decimal) -> Decimal:
    """What placing `stake` on `bet` takes from the balance (Niu Niu holds 9x)."""
    return charge(stake, bet.hold)


def missing_facts(bet: BetSpec, available: Iterable[str]) -> tuple[str, ...]:
    """The fact groups `bet` needs that are not `available`, in a stable order."""
    available = frozenset(available)
    if bet.needs <= available:
        return ()
    return tuple(group for group in FACT_GROUPS if group in bet.needs and group not in available)


def require_facts(bet: BetSpec, available: Iterable[str], field: str | None = None) -> None:
    """Refuse (needs_cards) a bet whose outcome the available facts cannot decide."""
    missing = missing_facts(bet, available)
    if missing:
        raise DomainError(
            "needs_cards",
            f"{bet.code} needs the hand's {', '.join(missing)}, which a hand entered without cards does not give",
            field,
        )


def settle(code: str, stake: object, hand: Hand, rule_set: RuleSet) -> Settlement:
    """Settle `stake` on bet type `code` of `rule_set` by `hand`."""
    return settle_facts(rule_set.bet(code, "bet"), to_stake(stake, "stake"), facts_of(hand))


def settle_facts(
    bet: BetSpec, stake: Decimal, facts: HandFacts, field: str = "bet", available: frozenset[str] | None = None
) -> Settlement:
    """Settle on facts already drawn from the hand (a slip settles many bets on one hand)."""
    require_facts(bet, facts.available if available is None else available, field)
    outcome = bet.rule.decide(facts, bet.side)
    held = held_for(bet, stake)
    pay = bet.pays[outcome.tier] if outcome.kind == WIN else None
    if outcome.kind == WIN:
        returned = held + winnings(stake, pay)
    elif outcome.kind == LOSE:
        returned = held - charge(stake, bet.losses[outcome.tier])
    else:
        returned = held
    return Settlement(bet.code, stake, outcome, pay, held, returned, returned - held)


VOIDED = Outcome("refund", "void")


def refund(code: str, stake: object, rule_set: RuleSet) -> Settlement:
    """A voided hand (cancelled before dealing, or voided by the pit boss) gives back all it held."""
    bet = rule_set.bet(code, "bet")
    stake = to_stake(stake, "stake")
    held = held_for(bet, stake)
    return Settlement(bet.code, stake, VOIDED, None, held, held, held - held)


def settle_slip(bets: Iterable[tuple[str, object]], hand: Hand, rule_set: RuleSet) -> list[Settlement]:
    """Settle every (code, stake) of a slip on one hand, the hand's facts drawn once."""
    facts = facts_of(hand)
    available = facts.available
    return [
        settle_facts(rule_set.bet(code, f"bets[{i}].bet"), to_stake(stake, f"bets[{i}].stake"), facts, f"bets[{i}]",
                     available)
        for i, (code, stake) in enumerate(bets)
    ]
