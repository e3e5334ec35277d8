"""Shoe integrity for the floor (pit boss and admin only): the next hand's exact odds of every
bet from the cards left in the shoe, each shoe's EV hand by hand, and its chart."""

from __future__ import annotations

import json

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import MONITOR
from roadsvc.api.context import database
from roadsvc.api.docs import error_doc, error_responses_doc
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, revision_response, revision_responses
from roadsvc.api.baccarat.schemas.integrity import ChartQuerySchema, ShoeOddsSchema, TableOddsSchema
from roadsvc.render.baccarat.ev_chart import ChartLook, choose_lines, render_ev_chart
from roadsvc.render.params import CONTENT_TYPES
from roadsvc.services.baccarat import integrity
from roadsvc.services.baccarat.snapshots import shoe_revision, table_shoe_revision

blp = Blueprint("integrity", __name__, description="Shoe integrity: exact odds and EV of every bet from the cards "
                "left (pit boss)")

FORMATS = "<any(png, svg):fmt>"
DEFAULT_CHART_LINES = 6
NO_COMPOSITION_DOC = error_doc(
    "The table enters hands by result (or a hand came without cards): the cards left are unknown, no odds",
    {"code": "no_composition", "message": "the table enters hands by result, so the cards left in the shoe are "
                                          "unknown: no odds", "field": "table_id"})
TABLE_ODDS_EXAMPLE = {
    "table_id": 3, "shoe_id": 12, "revision": 141, "rule_set": "extended", "decks": 8, "after_hand": 66,
    "hand_number": 67, "takes_bets": True, "cards_seen": 364, "cards_left": 52,
    "composition": {"0": 20, "1": 4, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4, "7": 6, "8": 1, "9": 1},
    "ev_alert_threshold": "0", "close_positive_ev": False,
    "positive_ev": [{"bet": "lucky_seven", "ev": 0.1523, "cards_left": 52, "hand_number": 67}],
    "bets": [{"bet": "lucky_seven", "open": True, "cutoff": 30, "closed_by": None, "pays": {"win": "40"},
              "probabilities": {"win:win": 0.0281, "lose:lose": 0.9719}, "ev": 0.1523, "house_edge": -0.1523,
              "at_or_above_threshold": True}],
}


SHOE_ODDS_EXAMPLE = {
    "table_id": 3, "shoe_id": 12, "revision": 141, "status": "closed", "rule_set": "extended",
    "bets": ["banker", "lucky_seven"],
    "hands": [{"hand_number": 1, "cards_left": 410, "ev": {"banker": -0.01058, "lucky_seven": -0.0761}},
              {"hand_number": 2, "cards_left": 405, "ev": {"banker": -0.01061, "lucky_seven": -0.0733}}],
}


def _json(document: dict) -> tuple[int, bytes]:
    return document["revision"], json.dumps(document, ensure_ascii=False).encode()


def _odds_responses(schema, example=None) -> dict:
    content = {"application/json": {"schema": schema, **({"example": example} if example else {})}}
    return {**revision_responses(content), **error_responses_doc(401, 403, 404), "409": NO_COMPOSITION_DOC}


@blp.route("/tables/<id:table_id>/odds", methods=["GET"])
@requires(MONITOR, parameters=[IF_NONE_MATCH_DOC], responses=_odds_responses(TableOddsSchema, TABLE_ODDS_EXAMPLE))
def table_odds(table_id):
    """The next hand's exact odds

    For the table's newest shoe: the cards seen (burn card shown and every card of the
    counted hands), the cards left, and per bet at the table's pays its probability per
    outcome, its exact EV per unit staked and house edge, and whether it is open on the
    next hand (cutoff, or closed for `advantage` when the table sets close_positive_ev).
    `positive_ev` lists the open bets at or above the table's ev_alert_threshold.
    Computed once per shoe revision. Result-only tables: 409 no_composition.
    """
    shoe_id, revision = table_shoe_revision(database(), table_id)
    return revision_response(shoe_id, revision, "odds",
                             lambda: _json(integrity.odds_document(integrity.next_hand_odds(database(), shoe_id,
                                                                                             revision))))


@blp.route("/shoes/<id:shoe_id>/odds", methods=["GET"])
@requires(MONITOR, parameters=[IF_NONE_MATCH_DOC], responses=_odds_responses(ShoeOddsSchema, SHOE_ODDS_EXAMPLE))
def shoe_odds(shoe_id):
    """A shoe's EV hand by hand

    The exact EV per unit staked of every bet before each counted hand of the shoe (and
    before the next hand while the shoe takes one), open or closed shoes alike.
    """
    revision = shoe_revision(database(), shoe_id)
    return revision_response(shoe_id, revision, "odds.series", lambda: _json(integrity.shoe_odds(database(),
                                                                                                 shoe_id)))


CHART_CONTENT = {"image/png": {"schema": {"type": "string", "format": "binary"}},
                 "image/svg+xml": {"schema": {"type": "string"}}}
CHART_PARAMETERS = [IF_NONE_MATCH_DOC, {"in": "query", "schema": ChartQuerySchema}]  # a manual list replaces
# the one flask-smorest makes from @blp.arguments: the query is named here too (issue 46 item 4)
CHART_RESPONSES = {**revision_responses(CHART_CONTENT), **error_responses_doc(401, 403, 404, 422),
                   "409": NO_COMPOSITION_DOC}


@blp.route(f"/shoes/<id:shoe_id>/odds/chart.{FORMATS}", methods=["GET"])
@requires(MONITOR, parameters=CHART_PARAMETERS, responses=CHART_RESPONSES)
@blp.arguments(ChartQuerySchema, location="query")
def shoe_odds_chart(query, shoe_id, fmt):
    """A shoe's EV chart

    One line per bet: its exact EV before each hand, with the zero line (above it the
    player is favoured). `bets` picks up to 10 (default: the 6 whose EV rose highest).
    """
    revision = shoe_revision(database(), shoe_id)
    return _chart(shoe_id, revision, fmt, query)


@blp.route(f"/tables/<id:table_id>/odds/chart.{FORMATS}", methods=["GET"])
@requires(MONITOR, parameters=CHART_PARAMETERS, responses=CHART_RESPONSES)
@blp.arguments(ChartQuerySchema, location="query")
def table_odds_chart(query, table_id, fmt):
    """The EV chart of the table's newest shoe

    The same chart as a shoe's, for the table's newest shoe: the floor page's table view.
    """
    shoe_id, revision = table_shoe_revision(database(), table_id)
    return _chart(shoe_id, revision, fmt, query)


def _chart(shoe_id: int, revision: int, fmt: str, query: dict):
    bets, look = query.get("bets"), ChartLook(query["theme"], query["language"])

    def produce() -> tuple[int, bytes]:
        document = integrity.shoe_odds(database(), shoe_id)
        chosen = integrity.chart_bets(document, bets.split(",") if bets else None, DEFAULT_CHART_LINES)
        return document["revision"], render_ev_chart(choose_lines(document["hands"], chosen), fmt, look)

    return revision_response(shoe_id, revision, f"odds.chart.{bets or ''}.{look.theme}.{look.language}", produce,
                             mimetype=CONTENT_TYPES[fmt])
