"""Tables: name, game, rule set and settings (limits, cutoff overrides, good-road thresholds and
which good roads are announced). The lobby is services.lobby.

A table's game (roadsvc.domain.games) is set when it is created and never changes."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from roadsvc.domain.games import DEFAULT_GAME, check_game, rule_set_of
from roadsvc.domain.baccarat.integrity.advantage import INTEGRITY_SETTINGS, check_integrity_settings
from roadsvc.domain.monitoring.settings import SECTION as MONITORING, all_settings as monitoring_settings
from roadsvc.domain.monitoring.settings import check_monitoring_settings
from roadsvc.domain.baccarat.roads.good_roads import NAMES as GOOD_ROAD_NAMES
from roadsvc.domain.niuniu.settings import SECTION as NIUNIU_SECTION, check_niuniu_settings, merged as niuniu_merged
from roadsvc.domain.table_modes import SETTING_NAMES as MODE_SETTINGS, check_mode_settings
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Table
from roadsvc.services import admin_audit, events
from roadsvc.services.admin_audit import Actor
from roadsvc.services.baccarat.bet_rules import BETTING_SECTIONS, check_betting_settings
from roadsvc.services.errors import Conflict, DomainError, NotFound
from roadsvc.services.baccarat.snapshots import thresholds_of

RULE_SETS = ("classic", "classic_no_commission", "niuniu", "extended")
SETTINGS_SECTIONS = (*BETTING_SECTIONS, "good_roads", "good_roads_announced", MONITORING, *INTEGRITY_SETTINGS,
                     *MODE_SETTINGS, NIUNIU_SECTION)
__all__ = ["monitoring_settings"]


def check_rule_set(rule_set: str) -> str:
    if rule_set not in RULE_SETS:
        raise DomainError("invalid_rule_set", f"rule_set must be one of {', '.join(RULE_SETS)}", "rule_set")
    return rule_set


def check_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Refuse settings the road engine cannot use (the API schema checks their shape)."""
    unknown = set(settings) - set(SETTINGS_SECTIONS)
    if unknown:
        raise DomainError("invalid_settings", f"unknown settings: {', '.join(sorted(unknown))}", "settings")
    try:
        thresholds_of(settings)
    except DomainError as error:
        raise error.at("settings.good_roads") from None
    except TypeError:
        raise DomainError("invalid_settings", "good_roads takes long_banker, long_player, repeats", "settings.good_roads") from None
    check_integrity_settings(settings)
    check_mode_settings(settings)
    if NIUNIU_SECTION in settings:
        try:
            check_niuniu_settings(settings[NIUNIU_SECTION])
        except DomainError as error:
            raise error.at(f"settings.{NIUNIU_SECTION}") from None
    if MONITORING in settings:
        check_monitoring_settings(settings[MONITORING])
    announced_codes(settings)
    return settings


def _merged_settings(stored: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A PATCH's settings: each section sent replaces its own, but 百人牛牛's section merges key by key
    (its keys are settings of their own, as the top-level ones are)."""
    settings = {**stored, **changes}
    if NIUNIU_SECTION in changes:
        settings[NIUNIU_SECTION] = niuniu_merged(stored.get(NIUNIU_SECTION), changes[NIUNIU_SECTION])
    return settings


def announced_codes(settings: dict[str, Any]) -> frozenset[str] | None:
    """The good roads the table announces (lobby, notices): None for all ten (the default).

    Refuses anything but a list of distinct good-road codes."""
    announced = (settings or {}).get("good_roads_announced")
    if announced is None:
        return None
    field = "settings.good_roads_announced"
    if not isinstance(announced, list) or not all(isinstance(code, str) for code in announced):
        raise DomainError("invalid_settings", "good_roads_announced is a list of good-road codes", field)
    unknown = [code for code in announced if code not in GOOD_ROAD_NAMES]
    if unknown:
        raise DomainError("invalid_settings", f"not good-road codes: {', '.join(unknown)}; they are "
                          f"{', '.join(GOOD_ROAD_NAMES)}", field)
    if len(set(announced)) != len(announced):
        raise DomainError("invalid_settings", "good_roads_announced names a code twice", field)
    return frozenset(announced)


def create_table(
    db: Database, name: str, rule_set: str = "classic", settings: dict[str, Any] | None = None, actor: Actor | None = None,
    game: str = DEFAULT_GAME,
) -> Table:
    table = Table(name=name, game=check_game(game), rule_set=check_rule_set(rule_set),
                  settings=check_settings(settings or {}))
    check_betting_settings(table.rule_set, table.settings)
    try:
        with db.write() as session:
            _refuse_taken_name(session, name)
            session.add(table)
            session.flush()
            admin_audit.record(session, "table.created", actor, f"table {table.id}", table.id, None, _audited(table))
            events.table_event(session, table.id, created=True, name=table.name, game=table.game,
                               rule_set=rule_set_of(table.game, table.rule_set))
    except IntegrityError:
        raise _name_taken(name) from None
    return table


def get_table(db: Database, table_id: int) -> Table:
    with db.read() as session:
        return _table(session, table_id)


def list_tables(db: Database) -> list[Table]:
    with db.read() as session:
        return list(session.scalars(select(Table).order_by(Table.id)))


def update_table(db: Database, table_id: int, changes: dict[str, Any], actor: Actor | None = None) -> Table:
    """Rename, change the rule set, or replace settings sections; the table's shoes'
    revisions move on because their snapshots depend on the good-road thresholds. The
    game never changes: `game` is accepted only as the table's own (and changes nothing)."""
    try:
        with db.write() as session:
            table = _table(session, table_id)
            if "game" in changes:
                _refuse_another_game(table, changes["game"])
                changes = {key: value for key, value in changes.items() if key != "game"}
            before = _audited(table)
            if "name" in changes and changes["name"] != table.name:
                _refuse_taken_name(session, changes["name"])
                table.name = changes["name"]
            if "rule_set" in changes:
                table.rule_set = check_rule_set(changes["rule_set"])
            if "settings" in changes:
                table.settings = check_settings(_merged_settings(table.settings, changes["settings"]))
            check_betting_settings(table.rule_set, table.settings)
            table.revision += 1
            repo.bump_table_revisions(session, table_id)
            admin_audit.record(session, "table.updated", actor, f"table {table_id}", table_id, before, _audited(table))
            events.table_event(session, table_id, changed=sorted(changes), name=table.name,
                               rule_set=rule_set_of(table.game, table.rule_set))
    except IntegrityError:
        raise _name_taken(changes.get("name", "")) from None
    return table


def table_brief(table: Any) -> dict[str, Any]:
    """A table as the lobby and the floor name it (a Table or a row with its columns)."""
    return {"id": table.id, "name": table.name, "rule_set": rule_set_of(table.game, table.rule_set), "game": table.game}


def _audited(table: Table) -> dict[str, Any]:
    return {"name": table.name, "rule_set": table.rule_set, "settings": table.settings}


def _table(session, table_id: int) -> Table:
    table = session.get(Table, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    return table


def _refuse_another_game(table: Table, game: Any) -> None:
    if check_game(game) != table.game:
        raise Conflict("game_immutable", f"table {table.id} is a {table.game} table; a table's game is set when it "
                       "is created and never changes", "game")


def _refuse_taken_name(session, name: str) -> None:
    if session.scalars(select(Table.id).where(Table.name == name)).first() is not None:
        raise _name_taken(name)


def _name_taken(name: str) -> Conflict:
    return Conflict("table_name_taken", f"a table is already named {name!r}", "name")
