"""Recall: a table's last games (or one game), each with its outcome and every step in order, read from the
records themselves (docs/recall.md).

Games are peers: each game's recall is its own module (roadsvc.services.<game>.recall) with one function,
`recall(session, table_id, ask, reader) -> list[dict]`, newest game first. This module names the table,
checks that the question fits its game (a `?round=` at a baccarat table: 409 wrong_game, as on every path of
one game) and adds the records each game was read from (`records`: table and primary key), which the hash
chain proves (roadsvc.services.records.chain, when it is there).

What a reader may see is decided once per request (`Reader`): money (stakes and settlements) with
`read_money`; a game in play shows nothing hidden now (a held hand's cards, a closed 百人牛牛 fourth card, an
打棒 seat's cards while the deal is under way) except, for 打棒, to a key that may read hidden cards, as the
match's own read decides. No reader sees the digest of a link at or after the first link of any game in play,
at any table (`digest_withheld`, `first_hidden_link`): it would hash that game's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.domain.games import BACCARAT, DABANG, NIUNIU
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Table
from roadsvc.services.records import chain, recall_links
from roadsvc.services.baccarat import recall as baccarat_recall
from roadsvc.services.dabang import recall as dabang_recall
from roadsvc.services.errors import NotFound
from roadsvc.services.games import WrongGame
from roadsvc.services.niuniu import recall as niuniu_recall

DEFAULT_LAST = 10
MAX_LAST = 50
RECALLS = {BACCARAT: baccarat_recall, NIUNIU: niuniu_recall, DABANG: dabang_recall}
GAMES_KEY = {BACCARAT: "hands", NIUNIU: "rounds", DABANG: "deals"}  # where each game's list is in the answer
# Which game each one-game parameter belongs to (the first of each pair names the game's game).
ONE_GAME = {"hand": BACCARAT, "shoe": BACCARAT, "round": NIUNIU, "deal": DABANG, "match": DABANG}


@dataclass(frozen=True, slots=True)
class Reader:
    """What this reader may see: per-account money; a 打棒 deal's hidden cards while it is under way."""

    money: bool = False
    hidden_cards: bool = False


@dataclass(frozen=True, slots=True)
class Ask:
    """The table's last `last` games, or one game: a baccarat hand (`shoe` id, default the table's newest shoe;
    `hand` number), a 百人牛牛 `round`, an 打棒 deal (`match` id, default the table's newest match; `deal`)."""

    last: int | None = None
    shoe: int | None = None
    hand: int | None = None
    round: int | None = None
    match: int | None = None
    deal: int | None = None

    @property
    def one(self) -> bool:
        return self.hand is not None or self.round is not None or self.deal is not None

    @property
    def count(self) -> int:
        return 1 if self.one else (self.last or DEFAULT_LAST)


def check_ask(ask: Ask) -> Ask:
    """One question at a time: refused (422, naming the parameter) otherwise."""
    chosen = [name for name in ("hand", "round", "deal") if getattr(ask, name) is not None]
    if len(chosen) > 1:
        raise DomainError("one_game", f"ask for one game at a time: {chosen[0]} or {chosen[1]}", chosen[1])
    if chosen and ask.last is not None:
        raise DomainError("one_game", f"last asks for several games, {chosen[0]} for one: not both", "last")
    if ask.shoe is not None and ask.hand is None:
        raise DomainError("missing_hand", "shoe names the shoe of a hand: give hand too", "hand")
    if ask.match is not None and ask.deal is None:
        raise DomainError("missing_deal", "match names the match of a deal: give deal too", "deal")
    if ask.last is not None and not 1 <= ask.last <= MAX_LAST:
        raise DomainError("invalid_parameter", f"last is 1 to {MAX_LAST}", "last")
    return ask


def recall(db: Database, table_id: int, ask: Ask, reader: Reader) -> dict[str, Any]:
    check_ask(ask)
    with db.read() as session:
        table = _table(session, table_id)
        _check_game(table, ask)
        games = [_shown_records(game, reader) for game in RECALLS[table.game].recall(session, table.id, ask, reader)]
        _link(session, games)
        head = chain.chain_head(session)
        first_hidden = first_hidden_link(session)  # after the links: a game begun since binds after them
    recall_links.withhold(games, first_hidden)
    return {"table": {"id": table.id, "name": table.name, "game": table.game},
            "last": None if ask.one else ask.count, "money": reader.money,
            "chain": None if head is None else {"seq": head.seq, "at": head.at, "withheld_from": first_hidden},
            **{key: (games if game == table.game else None) for game, key in GAMES_KEY.items()}}


def hidden_records(session: Session) -> list[tuple[str, int]]:
    """Every record holding a card hidden now ((table, primary key) each), as each game's recall names them: a
    held baccarat hand, a 百人牛牛 round with a closed fourth card, an 打棒 deal under way."""
    return [ref for game in RECALLS.values() for ref in game.hidden_records(session)]


def first_hidden_link(session: Session) -> int | None:
    """The first link naming a record that holds a card hidden now (None: none does). No digest at or after it
    is shown outside the operator's tools (the printed chain head, recall's links): a link's digest hashes its
    row and, through `prev`, every row before it, so such a digest would let a hidden card be found by trying
    each of the few it can be (docs/records.md). Read after the links it guards, in the same session: a game
    begun since binds its cards after every link read before it."""
    return chain.first_naming(session, hidden_records(session))


def _shown_records(game: dict[str, Any], reader: Reader) -> dict[str, Any]:
    """The game's records this reader may know of: a record holding money only for a reader of money."""
    shown = [{"table": record["table"], "id": record["id"]} for record in game["records"]
             if reader.money or not record["money"]]
    return {**game, "records": shown}


def _link(session: Session, games: list[dict[str, Any]]) -> None:
    """Each game's links, read in one query (a game may bring its own: an 打棒 deal over keeps them); none for
    a game in play (`links` null): a link's digest is a hash of the record's content, hidden cards included,
    and the few cards a hand hides could be found from it by trying every one."""
    in_play = [game for game in games if game.pop("in_play")]
    for game in in_play:
        game["links"] = None
    recall_links.link(session, [game for game in games if game not in in_play and game.get("links") is None])


def _table(session: Session, table_id: int) -> Table:
    table = session.get(Table, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    return table


def _check_game(table: Table, ask: Ask) -> None:
    for name, game in ONE_GAME.items():
        if getattr(ask, name) is not None and game != table.game:
            error = WrongGame(table.id, table.game)
            error.field = name
            raise error
