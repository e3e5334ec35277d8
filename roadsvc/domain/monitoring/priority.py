"""The order a pit boss reads alerts in (issue 24): the worst unresolved severity first, and
within a severity the findings about money and integrity before the operational ones, then
the newest. An acknowledged alert keeps its place: it is marked, never demoted."""

from __future__ import annotations

from datetime import datetime
from typing import Iterable

from roadsvc.domain.monitoring.registry import SEVERITIES

# Within a severity: higher first. Codes not listed rank 0 (operational: stale tables, requests).
RANK = {
    "report_file_altered": 65,  # a stored report's signed PDF is not the file written: refused, never served
    "report_mismatch": 60,  # a record changed after its shift's final report was stored
    "positive_ev": 50,  # the cards left favour an open bet: the house is losing money now
    "advantage_play": 45,  # an account's stakes follow the exact EV: a counter at work (issue 45)
    "large_win": 40, "hold_out_of_line": 40,
    "opposite_bets": 35,  # both sides of one hand by one player: rebates at no risk
    "improbable_results": 30,
    "refused_hands": 20, "refused_rounds": 20, "corrections": 20,
    "late_slips": 10, "shoe_change_overdue": 10,
    "dealer_refusals": 15, "dealer_pace": 5,  # a person's figures against the floor's (issue 45)
}


def alert_order(severity: str, code: str, last_seen_at: datetime, alert_id: int) -> tuple:
    """A sort key: the most severe, then the highest rank, then the newest."""
    return (-SEVERITIES.index(severity), -RANK.get(code, 0), -last_seen_at.timestamp(), -alert_id)


def worst(severities: Iterable[str]) -> str | None:
    """The worst of these severities, None for none."""
    found = [SEVERITIES.index(severity) for severity in severities]
    return SEVERITIES[max(found)] if found else None
