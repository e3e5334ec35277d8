"""Real snapshots for the renderer's tests: built by the domain, never by hand."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from roadsvc.domain.baccarat.dealing.hands import hand_from_result
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot, build_snapshot

RESULTS = {"B": "banker", "P": "player", "T": "tie"}

# Two leading ties, a dragon tail (a banker column of 8), a tie count of 3, both pairs.
SHOWCASE = "T T B P Bb B B B B B B B P T T T Bbp P P B T"


def hands_of(tokens: str):
    """Hands from tokens like B, P, T with optional pair letters: `Bb` banker pair, `Pp`, `Tbp`."""
    return [
        hand_from_result(RESULTS[token[0]], banker_pair="b" in token[1:], player_pair="p" in token[1:])
        for token in tokens.split()
    ]


def snapshot_of(tokens: str) -> RoadSnapshot:
    return build_snapshot(hands_of(tokens))


def shoe_snapshot(seed: int) -> RoadSnapshot:
    """Every hand of a real dealt 8-deck shoe."""
    return build_snapshot(deal_shoe(random.Random(seed)).hands)


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


@pytest.fixture(scope="session")
def showcase() -> dict:
    return snapshot_of(SHOWCASE)


@pytest.fixture(scope="session")
def dealt_shoe() -> dict:
    return shoe_snapshot(2026)
