"""Good roads as a table announces them, and the `good_roads` event a hand's write sends
when they change (one started, one ended, one grew).

The lobby rows and the event read the same list (`announced_good_roads`): the shoe's
summary's good roads at the table's thresholds, only the codes in the table's
`good_roads_announced` (all ten by default), each with its `since_hand` and its length in
`columns` and `hands`. Posting, voiding and correcting hold the summary before and after
their change in their transaction; `good_roads_event` compares the two
(domain.good_road_notices) and builds the event when a good road changed; the write appends
it after its own event, in the same statement (services.hands).
"""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.domain.baccarat.roads.good_road_notices import GoodRoadChanges, good_road_changes
from roadsvc.domain.baccarat.roads.shoe_summary import summary_good_roads
from roadsvc.persistence.events import NewEvent
from roadsvc.persistence.models import Shoe
from roadsvc.services.baccarat.snapshots import thresholds_of
from roadsvc.services.tables import announced_codes
from roadsvc.translations import api_name


def announced_good_roads(summary: Mapping[str, Any], settings: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The table's announced good roads on this summary, as the lobby and the event carry them."""
    settings = settings or {}
    announced = announced_codes(dict(settings))
    return [{"code": g.code, "name": api_name(g.name_en), "name_en": g.name_en, "since_hand": g.since_hand,
             "columns": g.columns, "hands": g.hands}
            for g in summary_good_roads(summary, thresholds_of(dict(settings)))
            if announced is None or g.code in announced]


def good_roads_event(shoe: Shoe, before: Mapping[str, Any], after: Mapping[str, Any], revision: int,
                     settings: Mapping[str, Any]) -> NewEvent | None:
    """The `good_roads` event, if the table's announced good roads (by its `settings`) changed
    between the summaries; None if not. The write appends it after its own event."""
    changes = good_road_changes(announced_good_roads(before, settings), announced_good_roads(after, settings))
    if not changes:
        return None
    return NewEvent("good_roads", shoe.table_id, shoe.id, revision, good_roads_data(changes, after, settings))


def good_roads_data(changes: GoodRoadChanges, after: Mapping[str, Any], settings: Mapping[str, Any]
                    ) -> dict[str, Any]:
    """The event's data: the good roads that started, ended (as they last stood) and grew, each
    with its code, names, since_hand and length (columns, hands), and `active`: every announced
    good road now, as the lobby lists them."""
    return {"started": changes.started, "ended": changes.ended, "grown": changes.grown,
            "active": announced_good_roads(after, settings)}
