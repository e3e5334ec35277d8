"""Bets: the catalogue and rule sets as data, settlement, cutoffs, limits and exact odds.

The service-facing API:

* `rule_set(name, overrides)` -> RuleSet (`rule_sets`)
* `open_bets(rule_set, hand_number, available)` -> per bet type open/closed and why (`betting`)
* `check_slip(rule_set, hand_number, bets, account_range, totals, available)` -> each bet
  accepted or refused with a stable reason code (`betting`)
* `settle(code, stake, hand, rule_set)` -> Settlement (`settlement`)
* `odds_report(rule_set, decks)` and `PointBetEvaluator` (`odds`, `point_odds`)
"""
