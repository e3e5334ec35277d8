"""What the games in play hide now, across every game: the records each game's recall names as holding cards
hidden now (its `hidden_records`: a held baccarat hand, a 百人牛牛 round with a closed fourth card, an 打棒 deal
under way), and the first link of the chain naming one of them.

No digest at or after that link is shown to anyone but the operator (the printed chain head, recall's links):
a link's digest hashes its row and, through `prev`, every row before it, so a digest at or after a link binding
a hidden card would let that card be found by trying each of the few it can be (docs/records.md). Read after
the links it guards, in the same session: a game that starts later binds its cards after every link read
before it."""

from __future__ import annotations

from sqlalchemy.orm import Session

from roadsvc.services.baccarat import recall as baccarat_recall
from roadsvc.services.dabang import recall as dabang_recall
from roadsvc.services.niuniu import recall as niuniu_recall
from roadsvc.services.records import chain

HIDING = (baccarat_recall.hidden_records, niuniu_recall.hidden_records, dabang_recall.hidden_records)


def hidden_records(session: Session) -> list[tuple[str, int]]:
    """Every record holding a card hidden now ((table, primary key) each)."""
    return [ref for hidden in HIDING for ref in hidden(session)]


def first_hidden_link(session: Session) -> int | None:
    """The sequence number of the first link naming a record that holds a card hidden now (None: none does)."""
    return chain.first_naming(session, hidden_records(session))
