"""The floor's rules at a table that deals rounds and has no shoe (百人牛牛): a stopped table, refused
rounds, voids and corrections, late bets. The same codes (and so titles and places on the floor) as
at a baccarat shoe, except `refused_rounds`; the counts run over the table since its alert of that
code was last resolved (services.alerts). `details.scope` is "table" in each, for the words.

Nothing here ever holds a card: a closed hand's fourth card and its type stay out of every alert.
"""

from __future__ import annotations

from roadsvc.domain.monitoring.facts import LateRoundSlip, RoundCorrected, RoundRefused, TableClock
from roadsvc.domain.monitoring.registry import CRITICAL, INFO, WARNING, Finding, Setting, Settings, rule
from roadsvc.domain.monitoring.rules import (
    CORRECTIONS_WARNING_AT, LATE_SLIPS_THRESHOLD, REFUSED_CRITICAL_AT, STALE_AFTER,
)

SCOPE = "table"
CLOSED_AFTER = Setting("closed_after_seconds", 1800, 60, 86400, int,
                       "a table that deals rounds (百人牛牛) whose last round finished this long ago is closed "
                       "for now, not stopped: its stale_table alert resolves")


@rule("stale_table", on=TableClock, settings=(STALE_AFTER, CLOSED_AFTER), resolves_itself=True)
def stale_round_table(fact: TableClock, settings: Settings) -> Finding | None:
    """Stopped: no change to its newest round (posted, opened, settled, voided) for longer than
    `stale_after_seconds`, whether a round is stuck half-opened or the next one never came. Not
    before its first round, and not once its last round finished more than `closed_after_seconds`
    ago (the table closed for now)."""
    limit, idle = settings[STALE_AFTER.name], fact.idle_seconds
    if fact.round_number is None or idle <= limit:
        return None
    if fact.finished and idle > settings[CLOSED_AFTER.name]:
        return None
    details = {
        "scope": SCOPE, "round_number": fact.round_number, "phase": fact.phase,
        "seconds_since_last_round": round(idle, 1), "last_round_at": fact.last_change_at.isoformat(),
        "stale_after_seconds": limit,
    }
    where = "the next round" if fact.finished else f"round {fact.round_number} ({fact.phase})"
    return Finding("stale_table", WARNING, f"nothing from {where} for {idle:.0f} s (stale after {limit} s)",
                   details, elapsed=("seconds_since_last_round",))


@rule("refused_rounds", on=RoundRefused, settings=(REFUSED_CRITICAL_AT,))
def refused_rounds(fact: RoundRefused, settings: Settings) -> Finding | None:
    critical_at = settings[REFUSED_CRITICAL_AT.name]
    refused = {"round_number": fact.round_number, "code": fact.code, "field": fact.field}
    details = {"scope": SCOPE, "refusals": fact.refusals, "critical_at": critical_at, "refused": [refused]}
    message = f"{fact.refusals} round post(s) refused at this table; the last (round {fact.round_number}): {fact.code}"
    return Finding("refused_rounds", CRITICAL if fact.refusals >= critical_at else WARNING, message, details,
                   keep="refused")


@rule("corrections", on=RoundCorrected, settings=(CORRECTIONS_WARNING_AT,))
def round_corrections(fact: RoundCorrected, settings: Settings) -> Finding | None:
    warning_at = settings[CORRECTIONS_WARNING_AT.name]
    entry = {"round_number": fact.round_number, "action": fact.action, "actor": fact.actor, "reason": fact.reason}
    details = {"scope": SCOPE, "corrections": fact.corrections, "warning_at": warning_at, "changes": [entry]}
    done = "voided" if fact.action == "void" else "corrected"
    message = f"round {fact.round_number} {done} by {fact.actor}: {fact.corrections} void(s) or correction(s) " \
              "at this table"
    return Finding("corrections", WARNING if fact.corrections >= warning_at else INFO, message, details,
                   keep="changes")


@rule("late_slips", on=LateRoundSlip, settings=(LATE_SLIPS_THRESHOLD,))
def late_round_slips(fact: LateRoundSlip, settings: Settings) -> Finding | None:
    threshold = settings[LATE_SLIPS_THRESHOLD.name]
    if fact.late_slips < threshold:
        return None
    entry = {"round_number": fact.round_number, "account_id": fact.account_id, "why": fact.why}
    details = {"scope": SCOPE, "late_slips": fact.late_slips, "threshold": threshold, "slips": [entry]}
    return Finding("late_slips", WARNING, f"{fact.late_slips} slips refused as betting_closed at this table "
                   f"(the last from account {fact.account_id})", details, keep="slips")
