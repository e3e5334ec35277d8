"""An account's play against the exact EV (issue 45), read for the API and the watched-accounts page,
and the operator's links between accounts (one player for `opposite_bets`).

The figures are the advantage-play watch's tallies (services.baccarat.play_watch: each closed shoe counted
once), judged by roadsvc.domain.baccarat.monitoring.advantage_play; the account's alerts beside them.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select

from roadsvc.domain.baccarat.monitoring.advantage_play import ADVANTAGE_PLAY
from roadsvc.domain.baccarat.monitoring.opposite_bets import OPPOSITE_BETS
from roadsvc.domain import identifiers
from roadsvc.domain.errors import DomainError
from roadsvc.domain.identifiers import MAX_ACCOUNT_ID
from roadsvc.persistence import play as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_RESOLVED, Alert, PlayAccount, PlayTally, Table, utcnow
from roadsvc.services import admin_audit, events as event_log
from roadsvc.services.baccarat.play_watch import ACCOUNT, evidence_of, subject_of
from roadsvc.services.errors import NotFound

WATCH_CODES = (ADVANTAGE_PLAY, OPPOSITE_BETS)
GROUP_FORM = re.compile(r"[A-Za-z0-9_.:-]{1,60}")


def check_account_id(account_id: str) -> str:
    """The account id as a slip's (the one identifier rule, roadsvc.domain.identifiers): refused 422
    `invalid_account_id` when empty or longer than 100, `invalid_characters` for a character no slip may hold."""
    refused = identifiers.identifier_refusal(account_id or "", MAX_ACCOUNT_ID)
    if refused is not None:
        code, why = refused
        raise DomainError("invalid_account_id" if code == "invalid_length" else code, f"an account id: {why}",
                          "account_id")
    return account_id


def account_play(db: Database, account_id: str) -> dict[str, Any]:
    """The account's play: per bet and in all, the test and its alerts."""
    check_account_id(account_id)
    with db.read() as session:
        account = repo.account(session, account_id)
        if account is None:
            raise NotFound("account_not_found", f"the watch has not seen account {account_id!r}", "account_id")
        rows = list(session.scalars(select(PlayTally).where(PlayTally.play_account_id == account.id)))
        found = list(session.scalars(select(Alert).where(Alert.subject == subject_of(account.id),
                                                         Alert.code.in_(WATCH_CODES)).order_by(Alert.id.desc())))
        members = repo.group_members(session, account.link_group) if account.link_group else []
        return _document(account, rows, found, members)


def _document(account: PlayAccount, rows: list[PlayTally], found: list[Alert], members: list[str]) -> dict[str, Any]:
    evidence = evidence_of(account.account_id, rows)
    details = evidence.as_details()
    return {
        "account_id": account.account_id, "number": account.id, "subject": subject_of(account.id),
        "link_group": account.link_group, "linked_accounts": [m for m in members if m != account.account_id],
        "flagged": evidence.flagged,
        **{key: details[key] for key in ("shoes", "stakes", "staked", "positive_stakes", "positive_staked",
                                         "other_stakes", "other_staked", "expected_positive", "z", "mean_ev",
                                         "null_mean_ev", "p_value", "alpha", "min_positive_stakes", "bets")},
        "tables": sorted({row.table_id for row in rows}),
        "alerts": [_alert(alert) for alert in found],
    }


def _alert(alert: Alert) -> dict[str, Any]:
    return {"alert_id": alert.id, "code": alert.code, "state": alert.state, "severity": alert.severity,
            "table_id": alert.table_id, "count": alert.count, "raised_at": alert.raised_at.isoformat(),
            "last_seen_at": alert.last_seen_at.isoformat()}


def watched_accounts(db: Database, limit: int = 50) -> list[dict[str, Any]]:
    """The accounts with an unresolved watch alert, then the others with the smallest p-values (as the watch last
    judged them: `play_accounts.p_value`); only the shown accounts' tallies are read."""
    with db.read() as session:
        active = list(session.scalars(select(Alert).where(Alert.code.in_(WATCH_CODES), Alert.state != ALERT_RESOLVED,
                                                          Alert.subject.like(f"{ACCOUNT}:%"))))
        alerted: dict[int, list[Alert]] = {}
        for alert in active:
            alerted.setdefault(int(alert.subject.partition(":")[2]), []).append(alert)
        accounts = {a.id: a for a in repo.shown_accounts(session, alerted, limit)}
        rows = list(session.scalars(select(PlayTally).where(PlayTally.play_account_id.in_(accounts)))) \
            if accounts else []
    by_account: dict[int, list[PlayTally]] = {}
    for row in rows:
        by_account.setdefault(row.play_account_id, []).append(row)
    entries = [_entry(account, by_account.get(number, []), alerted.get(number, []))
               for number, account in accounts.items()]
    entries.sort(key=lambda e: (not e["alerts"], e["p_value"], e["account_id"]))
    return entries[:limit]


def _entry(account: PlayAccount, rows: list[PlayTally], found: list[Alert]) -> dict[str, Any]:
    evidence = evidence_of(account.account_id, rows)
    details = evidence.as_details()
    return {"account_id": account.account_id, "link_group": account.link_group, "flagged": evidence.flagged,
            **{key: details[key] for key in ("stakes", "positive_stakes", "other_stakes", "expected_positive",
                                             "mean_ev", "null_mean_ev", "p_value", "bets")},
            "alerts": [_alert(alert) for alert in found]}


def link_account(db: Database, account_id: str, group: str | None, actor: admin_audit.Actor) -> dict[str, Any]:
    """Put the account in the operator's link group (None: take it out); audited, announced."""
    check_account_id(account_id)
    if group is not None and not GROUP_FORM.fullmatch(group):
        raise DomainError("invalid_link_group", "a link group is 1 to 60 letters, digits or _ . : -", "group")
    with db.write() as session:
        account = repo.accounts(session, [account_id])[account_id]
        before = {"link_group": account.link_group}
        repo.set_link(session, account, group, actor.name, utcnow())
        admin_audit.record(session, "account.linked" if group else "account.unlinked", actor,
                           f"account {account_id}", None, before, {"link_group": group})
        members = repo.group_members(session, group) if group else []
        event_log.append_event(session, "account_linked", table_id=None,
                               data={"account_id": account_id, "link_group": group, "members": members},
                               audience=event_log.OPERATORS)
    return {"account_id": account_id, "link_group": group, "members": members}


def table_names(db: Database) -> list[Table]:
    """The tables, to name an alert's table on the watched-accounts page."""
    with db.read() as session:
        return list(session.scalars(select(Table).order_by(Table.id)))
