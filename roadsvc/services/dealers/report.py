"""The shift report's dealers section (issue 45): each dealer who dealt in the shift, per game, their
figures as the dealers API gives them (roadsvc.services.dealers.figures), the games dealt with no dealer
declared, and the floor's. `section(db, begins, ends, now)` is the report's `dealers` key; the CSV and PDF
draw it with roadsvc.render.dealers_report."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from roadsvc.persistence.engine import Database
from roadsvc.services.dealers import figures, registry
from roadsvc.services.dealers.figures import NONE


def section(db: Database, begins: datetime, ends: datetime, now: datetime) -> dict[str, Any]:
    found = figures.period_figures(db, begins, ends, now)
    dealers = [{"id": dealer.id, "badge": dealer.badge, "name": dealer.name,
                "games": figures.dealer_json(found, dealer.id)}
               for dealer in registry.list_dealers(db) if dealer.id in found]
    undeclared = [figures.game_json(game, entry) for game, entry in found.get(NONE, {}).items()]
    return {"dealers": dealers, "undeclared": undeclared, "floor": figures.floor_json(found)}
