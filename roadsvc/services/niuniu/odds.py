"""A 百人牛牛 table's exact odds for its own multiples and commission (roadsvc.domain.niuniu.odds).

The deck's counts are settings-free (kept, computed once); a report is cached by the settings it
depends on, so a settings change answers the new edge and an unchanged table answers from memory."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from roadsvc.domain.niuniu import odds
from roadsvc.domain.niuniu.settings import NiuniuSettings
from roadsvc.persistence.engine import Database
from roadsvc.services.niuniu.tables import niuniu_table, settings_of


def table_odds(db: Database, table_id: int) -> dict[str, Any]:
    with db.read() as session:
        settings = settings_of(niuniu_table(session, table_id))
    return {"table_id": table_id, **settings_odds(settings)}


def settings_odds(settings: NiuniuSettings) -> dict[str, Any]:
    multiples = tuple(sorted((hand_type.code, multiple) for hand_type, multiple in odds.table_multiples().items()))
    return _report(multiples, str(settings.commission_percent))


@lru_cache(maxsize=64)
def _report(multiples: tuple[tuple[str, int], ...], commission_percent: str) -> dict[str, Any]:
    by_type = {odds.HandType.from_code(code): multiple for code, multiple in multiples}
    return odds.odds_report(by_type, commission_percent)
