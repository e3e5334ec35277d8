"""Draws docs/images/dabang-road.png and dabang-road-dark-en.png: the road of a random legal 打棒 match
played to its end through the domain (seed 5).

    .venv/bin/python docs/images/dabang_road.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "domain" / "dabang")]

from test_dabang_random_games import START, bottom_moves, declare_or_draw, play_deal  # noqa: E402
from dabang_play import shuffled_codes, turn_up_sequence  # noqa: E402

from roadsvc.domain.dabang.draw import parse_draw  # noqa: E402
from roadsvc.domain.dabang.match import Match  # noqa: E402
from roadsvc.domain.dabang.road import match_road  # noqa: E402
from roadsvc.render.dabang import render_road  # noqa: E402


def sample_match(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.start(START)
    for number in range(1, 40):
        draw = parse_draw(shuffled_codes(seed * 100 + number), match.dealer_seat or 1)
        match = match.start_deal(draw)
        if match.dealer_seat is None:
            match = match.end_declaring(turn_up_sequence(draw.bottom, 3))
        else:
            match = declare_or_draw(match, rng)
        if match.current is not None:
            match, _ = play_deal(bottom_moves(match, rng), rng)
        if match.over:
            break
    return match


if __name__ == "__main__":
    road = match_road(sample_match(5))
    out = Path(__file__).resolve().parent
    (out / "dabang-road.png").write_bytes(render_road(road, "png"))
    (out / "dabang-road-dark-en.png").write_bytes(render_road(road, "png", {"language": "en", "theme": "dark"}))
