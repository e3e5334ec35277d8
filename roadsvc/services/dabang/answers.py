"""What each move answers: only what the table sees (the same data goes into the move's event)."""

from __future__ import annotations

from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.dabang.road import deal_entry
from roadsvc.services.dabang.views import deal_view, declaration_view, trick_view


def answer_for(kind: str, before: Match, after: Match) -> dict:
    if kind == "declaration":
        return {"declaration": declaration_view(after.current.declarations[-1])}
    if kind == "play":
        return _play(before, after)
    if after.current is None:  # a redeal (a bottom of jokers only)
        return {"phase": "redeal", "result": deal_entry(after.deals[-1])}
    view = deal_view(after.current, hidden=False)
    keep = ("phase", "trump", "level", "dealer_seat", "holder", "dry_pot", "bottom_shown", "bottom", "tribute",
            "turn")
    return {key: view[key] for key in keep if key in view}


def _play(before: Match, after: Match) -> dict:
    playing: Playing = before.current
    seat = playing.seat
    played = after.current if isinstance(after.current, Playing) else after.deals[-1].end
    if isinstance(after.current, Playing) and after.current.current:
        trick = trick_view(after.current.current)
    else:
        done = played.tricks[-1]
        trick = trick_view(done.plays, done.winner, done.points)
    answer = {"seat": seat, "cards": trick["plays"][-1]["cards"], "trick": trick,
              "turn": after.current.seat if isinstance(after.current, Playing) else None,
              "deal_over": after.current is None}
    if after.current is None:
        answer["result"] = deal_entry(after.deals[-1])
    return answer
