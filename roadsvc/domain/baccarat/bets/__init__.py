"""Bets: the catalogue and rule sets as data, settlement, cutoffs, limits and exact odds.

What a service calls (all pure; amounts are Decimals in whole cents):

* `rule_set(name, overrides)` -> RuleSet: the table's rules; overrides validated
  (`rule_sets` documents the shape).
* `open_bets(rule_set, hand_number, available, account)` -> [BetStatus]: each bet type
  open, or closed by a Refusal (cutoff, needs_cards, range_closed), with its range.
* `check_slip(rule_set, hand_number, bets, account, totals, available)` -> SlipCheck:
  each (code, stake) accepted or refused with a stable reason code; `totals` is what
  the hand already holds by bet code (the service reads it under a lock, so two
  racing slips cannot both take the last room under a limit).
* `settle(code, stake, hand, rule_set)` / `settle_slip(bets, hand, rule_set)` ->
  Settlement: outcome, held, returned, net; `held_for(bet, stake)` is what placing holds;
  `refund(code, stake, rule_set)` settles a bet of a voided hand (all it held back).
* Odds (numpy): `roadsvc.domain.baccarat.bets.odds.evaluate_bets(card_counts, rule_set)`,
  `odds_report(rule_set, decks)`, `remaining_shoe(decks, dealt)`, and
  `roadsvc.domain.baccarat.bets.point_odds.evaluate_point_bets(value_counts, rule_set)`
  (about a millisecond a composition).
"""

from roadsvc.domain.baccarat.bets.betting import ALL_FACTS, BetCheck, BetStatus, SlipCheck, check_slip, open_bets
from roadsvc.domain.baccarat.bets.limits import StakeRange, stake_range
from roadsvc.domain.baccarat.bets.refusals import REASONS, Refusal
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec, RuleSet, rule_set, rule_set_names
from roadsvc.domain.baccarat.bets.settlement import Settlement, held_for, refund, settle, settle_slip

__all__ = [
    "ALL_FACTS", "BetCheck", "BetSpec", "BetStatus", "REASONS", "Refusal", "RuleSet", "Settlement", "SlipCheck",
    "StakeRange", "check_slip", "held_for", "open_bets", "refund", "rule_set", "rule_set_names", "settle", "settle_slip",
    "stake_range",
]
