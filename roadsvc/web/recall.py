"""/floor/tables/<id>/recall: a table's last games (or one), step by step, for the signed-in pit boss (the
recall of roadsvc.services.recall, as GET /api/v1/tables/{id}/recall answers it to that pit boss's key, except
that a page never shows a hidden card: its reader is a screen in the pit). Linked from each game's table page.

The same questions as the API: `?last=N` (1-50, default 10), `?shoe=&hand=`, `?round=`, `?match=&deal=`."""

from __future__ import annotations

from datetime import datetime

from flask import render_template, request

from roadsvc.domain.errors import DomainError
from roadsvc.services import recall as recalls
from roadsvc.services.capabilities import READ_MONEY
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, pit_boss
from roadsvc.web.dabang_pages import suit
from roadsvc.web.forms import LogoutForm

QUESTIONS = ("last", "shoe", "hand", "round", "match", "deal")
CHOICES = (10, 20, 50)


def asked() -> recalls.Ask:
    """The page's question from its query string; a value that is not a whole number: 422 naming it."""
    values = {}
    for name in QUESTIONS:
        text = request.args.get(name)
        if text is None or text == "":
            continue
        if not text.isdigit() or len(text) > 9 or int(text) < 1:
            raise DomainError("invalid_parameter", f"{name} is a whole number from 1", name)
        values[name] = int(text)
    return recalls.Ask(**values)


def moment(text: str | None) -> datetime | None:
    """A link's time (ISO 8601 text) as the pages' `local_time` takes it."""
    return None if text is None else datetime.fromisoformat(text)


@blp.route("/floor/tables/<int:table_id>/recall")
def recall(table_id: int):
    ask = asked()
    reader = recalls.Reader(money=pit_boss().can(READ_MONEY), hidden_cards=False)
    answer = recalls.recall(database(), table_id, ask, reader)  # WrongGame, a Conflict, is 409 (web.blueprint)
    return render_template("web/recall.html", recall=answer, ask=ask, choices=CHOICES, suit=suit, moment=moment,
                           who=pit_boss(), logout_form=LogoutForm())
