"""Regenerate the README's example road images from a real dealt shoe (fixed seed).

    .venv/bin/python docs/images/generate.py

The shoe is dealt by the domain (8 decks, burn, third-card rules, cut card) with
random.Random(SEED); the images are what the service answers for that shoe at
GET /api/v1/shoes/{id}/roads/scoreboard.png with the parameters below. The dragon-tail
example is a short shoe of its own (DRAGON_TAIL): a banker run long enough to turn
right, then hands beneath it, at a narrow width: its newest hands are still drawn.
"""

from __future__ import annotations

import random
from pathlib import Path

from roadsvc.domain.baccarat.dealing.hands import hand_from_result
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.render import render

SEED = 7
HERE = Path(__file__).resolve().parent
IMAGES = {
    "scoreboard.png": ("scoreboard", {"cell": 24}),
    "scoreboard-dark-en.png": ("scoreboard", {"cell": 24, "theme": "dark", "language": "en", "columns": 24}),
    "big_road.png": ("big_road", {"cell": 32, "columns": 20}),
}
DRAGON_TAIL = ["player", "banker", "player"] + ["banker"] * 18 + ["player", "banker", "player", "player", "banker",
                                                                   "tie", "player", "banker"]
DRAGON_TAIL_IMAGES = {
    "dragon-tail-scoreboard-n8.png": ("scoreboard", {"cell": 24, "columns": 8}),
    "dragon-tail-big_road-n12.png": ("big_road", {"cell": 28, "columns": 12, "theme": "dark"}),
}
ASK_HANDS = 40
"""The ask-road pair is drawn mid-shoe (the first ASK_HANDS hands), where a next mark has room."""
ASK_IMAGES = {
    "ask-plain.png": ("big_road", {"cell": 32, "columns": 16}),
    "ask-banker.png": ("big_road", {"cell": 32, "columns": 16, "ask": "banker"}),
    "ask-scoreboard-player.png": ("scoreboard", {"cell": 24, "ask": "player"}),
}


def main() -> None:
    hands = deal_shoe(random.Random(SEED)).hands
    snapshot = build_snapshot(hands)
    for name, (road, params) in IMAGES.items():
        (HERE / name).write_bytes(render(snapshot, road, "png", params))
        print(f"{name}: {road} {params}, {len(hands)} hands")
    tail = build_snapshot([hand_from_result(result) for result in DRAGON_TAIL])
    for name, (road, params) in DRAGON_TAIL_IMAGES.items():
        (HERE / name).write_bytes(render(tail, road, "png", params))
        print(f"{name}: {road} {params}, a dragon tail of {len(DRAGON_TAIL)} hands")
    early = build_snapshot(hands[:ASK_HANDS])
    for name, (road, params) in ASK_IMAGES.items():
        (HERE / name).write_bytes(render(early, road, "png", params))
        print(f"{name}: {road} {params}, {ASK_HANDS} hands")


if __name__ == "__main__":
    main()
