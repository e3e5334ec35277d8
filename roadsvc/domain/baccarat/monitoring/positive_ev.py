"""The `positive_ev` rule: the cards left in the shoe favour a bet that is still open.

The exact odds and the threshold come from roadsvc.domain.baccarat.integrity (the table setting
`ev_alert_threshold`, not a monitoring setting); this rule only words the finding. It
resolves itself: a pass that finds no qualifying bet resolves the open alert.
"""

from __future__ import annotations

from roadsvc.domain.baccarat.integrity.advantage import POSITIVE_EV, POSITIVE_EV_SEVERITY
from roadsvc.domain.baccarat.monitoring.facts import NextHandAdvantages
from roadsvc.domain.monitoring.registry import Finding, Settings, rule


@rule(POSITIVE_EV, on=NextHandAdvantages, resolves_itself=True)
def positive_ev(fact: NextHandAdvantages, settings: Settings) -> Finding | None:
    if not fact.advantages:
        return None
    found = sorted(fact.advantages, key=lambda advantage: -advantage.ev)
    best = found[0]
    details = {"hand_number": fact.hand_number, "cards_left": fact.cards_left, "threshold": str(fact.threshold),
               "bets": [{"bet": advantage.bet, "ev": float(advantage.ev)} for advantage in found]}
    others = f" and {len(found) - 1} more" if len(found) > 1 else ""
    message = (f"hand {fact.hand_number}: {best.bet} has expected value {float(best.ev):+.4%} per unit{others} "
               f"with {fact.cards_left} cards left (threshold {fact.threshold})")
    return Finding(POSITIVE_EV, POSITIVE_EV_SEVERITY, message, details, fact.hand_number)
