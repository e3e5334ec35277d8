"""Recall of 打棒 deals (roadsvc.services.recall): a deal's declarations (and overrides), the trump, the
tribute (喝血) and its return (还贡), the bottom and what was buried, every trick in order (each play by seat),
the score and the levels after; and every move as it was made (who posted it, when).

A deal is replayed alone from its draw and moves (the domain checks every move again), starting from what the
match's earlier deals left (levels, the 打家, the blood), read off their stored results: a recall of ten deals
never replays a whole match. A deal over (scored, redealt, abandoned) never changes: its view, links included,
is read once per process and kept.

What is hidden stays hidden while the deal is under way, as the match's own read decides
(roadsvc.services.dabang.views): the seats' hands, a hidden bottom, the buried cards, the tribute's cards and
the cards turned from the bottom are recalled then only to a reader of hidden cards. A deal over (finished,
redealt, or abandoned when a pit boss stopped the match) hides nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta
from threading import Lock
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.dabang.declaring_phase import Declaring, Redeal
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.moves import apply_move
from roadsvc.domain.dabang.play_phase import Finished, Playing
from roadsvc.domain.dabang.rules import DEFAULT_RULES
from roadsvc.domain.dabang.seats import SEATS, previous_seat
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.models import DabangDeal, DabangMatch, DabangMove
from roadsvc.services.dabang.replay import database_of, stored_draw
from roadsvc.services.dabang.views import codes, declaration_view, trick_view
from roadsvc.services.records import recall_links
from roadsvc.services.errors import NotFound

UNDER_WAY, FINISHED, REDEALT, ABANDONED = "under_way", "finished", "redealt", "abandoned"
PUBLIC_MOVES = frozenset({"declaration", "play"})  # what every reader sees of a move while the deal is under way
CACHE_SIZE = 512
# (database, deal, its start): the view of a deal over, its links included, read once per process
_views: OrderedDict[tuple, dict] = OrderedDict()
_lock = Lock()


def recall(session: Session, table_id: int, ask, reader) -> list[dict[str, Any]]:
    """The table's last `ask.count` deals (across its matches), newest first; or deal `ask.deal` of match
    `ask.match` (default: the table's newest match)."""
    query = select(DabangDeal, DabangMatch).join(DabangMatch, DabangMatch.id == DabangDeal.match_id) \
        .where(DabangMatch.table_id == table_id)
    if ask.deal is not None:
        match_id = ask.match if ask.match is not None else _newest_match_id(session, table_id)
        found = session.execute(query.where(DabangDeal.match_id == match_id, DabangDeal.number == ask.deal)).all()
        if not found:
            raise NotFound("deal_not_found", f"table {table_id} has no deal {ask.deal} in match {match_id}", "deal")
    else:
        found = session.execute(query.order_by(DabangMatch.id.desc(), DabangDeal.number.desc())
                                .limit(ask.count)).all()
    database = database_of(session)
    views = {deal.id: _kept(database, deal) for deal, match in found if _over(deal, match)}
    missing = [(deal, match) for deal, match in found if views.get(deal.id) is None]
    if missing:
        results = _earlier_results(session, {match.id for _, match in missing})
        moves = _moves_of(session, [deal.id for deal, _ in missing])
        for deal, match in missing:
            views[deal.id] = _deal(deal, match, results[match.id], moves.get(deal.id, []), reader.hidden_cards)
        over = [(deal, views[deal.id]) for deal, match in missing if _over(deal, match)]
        recall_links.link(session, [view for _, view in over])
        for deal, view in over:
            view["kept"] = (database, deal.id, deal.started_at)  # what names it while it is kept (the API's JSON)
            _keep(database, deal, view)
    return [views[deal.id] for deal, _ in found]


def hidden_records(session: Session) -> list[tuple[str, int]]:
    """The records holding cards hidden now: each deal under way (its draw holds every seat's hand; its moves,
    the buried cards, come after it in the chain)."""
    query = (select(DabangDeal.id).join(DabangMatch, DabangMatch.id == DabangDeal.match_id)
             .where(DabangDeal.result.is_(None), DabangMatch.ended_at.is_(None)))
    return [(DabangDeal.__tablename__, key) for key in session.scalars(query)]


def _over(deal: DabangDeal, match: DabangMatch) -> bool:
    """A deal over (scored, redealt, or abandoned with its stopped match) never changes: its view is kept."""
    return deal.result is not None or match.ended_at is not None


def _kept(database: str, deal: DabangDeal) -> dict[str, Any] | None:
    with _lock:
        view = _views.get((database, deal.id, deal.started_at))
        if view is not None:
            _views.move_to_end((database, deal.id, deal.started_at))
        return view


def _keep(database: str, deal: DabangDeal, view: dict[str, Any]) -> None:
    with _lock:
        _views[(database, deal.id, deal.started_at)] = view
        while len(_views) > CACHE_SIZE:
            _views.popitem(last=False)


def _newest_match_id(session: Session, table_id: int) -> int | None:
    newest = rows.newest_match(session, table_id)
    if newest is None:
        raise NotFound("match_not_found", f"table {table_id} has played no match", "match")
    return newest.id


def _earlier_results(session: Session, match_ids: set[int]) -> dict[int, dict[int, dict | None]]:
    """Per match, each deal's stored result by number (None: not over)."""
    found: dict[int, dict[int, dict | None]] = {match_id: {} for match_id in match_ids}
    if match_ids:
        query = select(DabangDeal.match_id, DabangDeal.number, DabangDeal.result) \
            .where(DabangDeal.match_id.in_(match_ids))
        for match_id, number, result in session.execute(query):
            found[match_id][number] = result
    return found


def _moves_of(session: Session, deal_ids: list[int]) -> dict[int, list]:
    """Each deal's moves in order (their columns, not ORM objects: a deal has about 170)."""
    found: dict[int, list] = {}
    if deal_ids:
        query = select(DabangMove.id, DabangMove.deal_id, DabangMove.seq, DabangMove.kind, DabangMove.seat,
                       DabangMove.data, DabangMove.actor, DabangMove.at) \
            .where(DabangMove.deal_id.in_(deal_ids)).order_by(DabangMove.deal_id, DabangMove.seq)
        for move in session.execute(query):
            found.setdefault(move.deal_id, []).append(move)
    return found


# Replaying one deal


class _Replay:
    """What one deal's replay saw: the declaring phase as it ended, the cards once the trump was fixed, the
    phase now (under way) or the deal's end."""

    def __init__(self, start: Match, moves: list):
        match, self.declaring, self.after_trump = start, start.current, None
        for move in moves:
            if move.kind == "trump":
                self.declaring = match.current
            match = apply_move(match, move.kind, move.data, move.at)
            if move.kind == "trump" and match.current is not None:
                self.after_trump = match.current.cards
        self.current = match.current
        if isinstance(self.current, Declaring):
            self.declaring = self.current
        self.end = match.deals[-1].end if match.deals else None
        if isinstance(self.end, Redeal):
            self.declaring = self.end


def _start(match: DabangMatch, deal: DabangDeal, results: dict[int, dict | None]) -> Match:
    """The match as deal `deal.number` began, from the stored results of the deals before it."""
    earlier = [results[number] for number in sorted(results) if number < deal.number and results[number]]
    first = DEFAULT_RULES.first_level
    levels = (earlier[-1]["levels_after"]["A"], earlier[-1]["levels_after"]["B"]) if earlier else (first, first)
    played = [result for result in earlier if not result.get("redeal")]
    dealer = deal.first_drawer if played else None
    blood = played[-1]["blood"] if played else 0
    return Match(match.started_at, DEFAULT_RULES, timedelta(minutes=match.time_limit_minutes), levels, dealer,
                 blood or 0, deal.number).start_deal(stored_draw(deal))


# The answer


def _deal(deal: DabangDeal, match: DabangMatch, results: dict, moves: list, hidden_cards: bool) -> dict[str, Any]:
    replay = _Replay(_start(match, deal, results), moves)
    status = _status(replay, match)
    shown = status != UNDER_WAY or hidden_cards
    cards = replay.end.cards if isinstance(replay.end, Finished) else getattr(replay.current, "cards", None)
    declaring = replay.declaring
    draw = stored_draw(deal)
    return {
        "match": {"id": match.id, "players": match.players}, "deal": deal.number, "status": status,
        "started_at": deal.started_at, "first_drawer": deal.first_drawer,
        "level": declaring.start.level if declaring is not None else None,
        "dealer_seat": cards.dealer_seat if cards is not None else None,
        "trump": cards.order.trump if cards is not None else None,
        "declarations": [declaration_view(d) for d in declaring.declarations] if declaring is not None else [],
        "hands": [{"seat": seat, "cards": codes(draw.hand(seat))} for seat in SEATS] if shown else None,
        "bottom_dealt": codes(draw.bottom) if shown else None,
        "tribute": _tribute(replay.after_trump, cards, shown),
        "buried": _buried(cards, shown),
        "tricks": _tricks(replay),
        "result": deal.result,
        "moves": [_move(move, shown) for move in moves],
        "records": [{"table": "dabang_deals", "id": deal.id, "money": False}]
        + [{"table": "dabang_moves", "id": move.id, "money": False} for move in moves],
        "in_play": not shown,
    }


def _status(replay: _Replay, match: DabangMatch) -> str:
    if isinstance(replay.end, Redeal):
        return REDEALT
    if replay.end is not None:
        return FINISHED
    return ABANDONED if match.ended_at is not None else UNDER_WAY


def _tribute(after_trump, cards, shown: bool) -> dict[str, Any] | None:
    if after_trump is None:
        return None
    dealer = after_trump.dealer_seat
    returned = cards.returned if cards is not None else ()
    return {"from_seat": previous_seat(dealer), "to_seat": dealer, "blood": after_trump.blood,
            "count": len(after_trump.tribute), "cards": codes(after_trump.tribute) if shown else None,
            "returned_cards": codes(returned) if shown else None,
            "returned": len(returned) == len(after_trump.tribute)}


def _buried(cards, shown: bool) -> list[str] | None:
    """The bottom as it lies now (after burying); under way, only when the table was shown it."""
    if cards is None:
        return None
    return codes(cards.bottom) if shown or cards.bottom_shown else None


def _tricks(replay: _Replay) -> list[dict[str, Any]]:
    phase = replay.end if isinstance(replay.end, Finished) else replay.current
    if not isinstance(phase, (Playing, Finished)):
        return []
    tricks = [{"number": index, **trick_view(trick.plays, trick.winner, trick.points)}
              for index, trick in enumerate(phase.tricks, start=1)]
    if isinstance(phase, Playing) and phase.current:
        tricks.append({"number": len(tricks) + 1, **trick_view(phase.current), "winner": None, "points": None})
    return tricks


@dataclass(frozen=True, slots=True)
class MoveView:
    """One move as it was made (its cards null while the deal is under way, for a hidden move)."""

    seq: int
    kind: str
    seat: int | None
    at: datetime
    actor: str
    cards: list[str] | None
    take: list[str] | None
    drawn_at: int | None


def _move(move, shown: bool) -> MoveView:
    visible = shown or move.kind in PUBLIC_MOVES
    data = move.data or {}
    cards = data.get("cards") or data.get("drawn_from_bottom") or data.get("jokers")
    return MoveView(move.seq, move.kind, move.seat, move.at, move.actor,
                    list(cards) if visible and cards is not None else None,
                    list(data["take"]) if visible and data.get("take") is not None else None, data.get("at"))
