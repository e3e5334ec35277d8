"""The shoes the roads' JSON is pinned on (tests/api/baccarat/golden/roads_json.json): real dealt
shoes whole and cut short, some with voids' gaps in their numbers or other good-road
thresholds, and a few written by hand for the edges (empty, leading ties, dragon tails)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.good_roads import GoodRoadThresholds

DEALT = range(40)
LETTERS = ("", "T", "TT", "TTBPPBB", "BTPPB", "PBBBB", "BPBBBBBBBBPB", "B" * 40, "BP" * 30, "BBPP" * 15,
           "BBBBBBBPPPPPPPBBBBBBBT" * 3)
WIDTHS = range(1, 41)
ASK_SIDES = ("banker", "player")


@dataclass(frozen=True)
class ShoeCase:
    name: str
    hands: Sequence[Hand]
    numbers: Sequence[int] | None = None
    thresholds: GoodRoadThresholds | None = None


def dealt_case(seed: int) -> ShoeCase:
    hands = deal_shoe(random.Random(seed)).hands
    if seed % 2:
        hands = hands[: random.Random(seed).randint(0, len(hands))]
    numbers = [i + i // 7 for i in range(1, len(hands) + 1)] if seed % 5 == 3 else None
    thresholds = GoodRoadThresholds(long_banker=3, long_player=5, repeats=3) if seed % 4 == 1 else None
    return ShoeCase(f"dealt-{seed}", hands, numbers, thresholds)


def cases() -> list[ShoeCase]:
    return [dealt_case(seed) for seed in DEALT] + [ShoeCase(f"letters-{text}", hands_from_letters(text))
                                                  for text in LETTERS]
