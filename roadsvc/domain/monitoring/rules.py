"""The floor's rules about stops, refusals, corrections and late bets (one function each)."""

from __future__ import annotations

from roadsvc.domain.monitoring.facts import HandCorrected, HandRefused, LateSlip, ShoeClock
from roadsvc.domain.monitoring.registry import CRITICAL, INFO, WARNING, Finding, Setting, Settings, rule

STALE_AFTER = Setting("stale_after_seconds", 120, 10, 3600, int,
                      "an open shoe with no hand, a 百人牛牛 table whose round stopped, a 打棒 match with no move, "
                      "for this long, is stale")
REFUSED_CRITICAL_AT = Setting("refused_critical_at", 3, 1, 100, int,
                              "refusals that make a refused_* alert critical (one is a warning): hands in one shoe, "
                              "rounds at a table, plays at one seat of a 打棒 match")
CORRECTIONS_WARNING_AT = Setting("corrections_warning_at", 3, 1, 100, int,
                                 "voids and corrections in one shoe that make corrections a warning")
LATE_SLIPS_THRESHOLD = Setting("late_slips_threshold", 3, 1, 100, int,
                               "slips refused as betting_closed in one shoe that raise late_slips")


@rule("stale_table", on=ShoeClock, settings=(STALE_AFTER,), resolves_itself=True)
def stale_table(fact: ShoeClock, settings: Settings) -> Finding | None:
    limit = settings[STALE_AFTER.name]
    if fact.complete or fact.idle_seconds <= limit:
        return None
    since = "its last hand" if fact.last_hand_at else "the shoe opened"
    details = {
        "seconds_since_last_hand": round(fact.idle_seconds, 1),
        "last_hand_at": fact.last_hand_at.isoformat() if fact.last_hand_at else None,
        "opened_at": fact.opened_at.isoformat(),
        "hands": fact.hands,
        "stale_after_seconds": limit,
    }
    return Finding("stale_table", WARNING, f"no hand for {fact.idle_seconds:.0f} s since {since} "
                   f"(stale after {limit} s)", details, fact.hands or None,
                   elapsed=("seconds_since_last_hand",))


@rule("refused_hands", on=HandRefused, settings=(REFUSED_CRITICAL_AT,))
def refused_hands(fact: HandRefused, settings: Settings) -> Finding | None:
    critical = fact.refusals >= settings[REFUSED_CRITICAL_AT.name]
    refused = {"hand_number": fact.hand_number, "code": fact.code, "message": fact.message, "field": fact.field,
               "input": fact.refused}
    details = {"refusals": fact.refusals, "critical_at": settings[REFUSED_CRITICAL_AT.name], "refused": [refused]}
    message = f"{fact.refusals} hand(s) refused in this shoe; the last (hand {fact.hand_number}, {fact.code}): " \
              f"{fact.message}"
    return Finding("refused_hands", CRITICAL if critical else WARNING, message, details, fact.hand_number,
                   keep="refused")


@rule("corrections", on=HandCorrected, settings=(CORRECTIONS_WARNING_AT,))
def corrections(fact: HandCorrected, settings: Settings) -> Finding | None:
    warning = fact.corrections >= settings[CORRECTIONS_WARNING_AT.name]
    entry = {"hand_number": fact.hand_number, "action": fact.action, "actor": fact.actor, "reason": fact.reason}
    details = {"corrections": fact.corrections, "warning_at": settings[CORRECTIONS_WARNING_AT.name],
               "changes": [entry]}
    message = f"hand {fact.hand_number} {'voided' if fact.action == 'void' else 'corrected'} by {fact.actor}: " \
              f"{fact.corrections} void(s) or correction(s) in this shoe"
    return Finding("corrections", WARNING if warning else INFO, message, details, fact.hand_number, keep="changes")


@rule("late_slips", on=LateSlip, settings=(LATE_SLIPS_THRESHOLD,))
def late_slips(fact: LateSlip, settings: Settings) -> Finding | None:
    threshold = settings[LATE_SLIPS_THRESHOLD.name]
    if fact.late_slips < threshold:
        return None
    entry = {"hand_number": fact.hand_number, "client_slip_id": fact.client_slip_id, "account_id": fact.account_id,
             "why": fact.why}
    details = {"late_slips": fact.late_slips, "threshold": threshold, "slips": [entry]}
    return Finding("late_slips", WARNING, f"{fact.late_slips} slips refused as betting_closed in this shoe "
                   f"(the last from account {fact.account_id})", details, fact.hand_number, keep="slips")
