"""Draws docs/images/dabang-road.png and dabang-road-dark-en.png: the road of a whole 打棒 match played by the
demo's bot (roadsvc/domain/dabang/bot.py, seed 5) through the domain.

    .venv/bin/python docs/images/dabang_road.py
"""

from __future__ import annotations

import random
from datetime import datetime, timezone
from pathlib import Path

from roadsvc.domain.dabang.bot import next_move
from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.moves import apply_move
from roadsvc.domain.dabang.road import match_road
from roadsvc.render.dabang import render_road

START = datetime(2026, 11, 27, 20, 0, tzinfo=timezone.utc)


def sample_match(seed: int, deals: int = 40) -> Match:
    rng, match = random.Random(seed), Match.start(START)
    while not match.over and match.next_number <= deals:
        kind, data = next_move(match, rng)
        match = (match.start_deal(parse_draw(data["draw"], data["first_drawer"])) if kind == "deal"
                 else apply_move(match, kind, data))
    return match


if __name__ == "__main__":
    road = match_road(sample_match(5))
    out = Path(__file__).resolve().parent
    (out / "dabang-road.png").write_bytes(render_road(road, "png"))
    (out / "dabang-road-dark-en.png").write_bytes(render_road(road, "png", {"language": "en", "theme": "dark"}))
