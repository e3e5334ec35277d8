"""Warming the renderer's caches at start, so the first image after a deploy does not wait.

A fresh process draws its first scoreboard several times slower than a warm one: the
font loads at each size, and every mark's sprite and label layer is drawn for the first
time. `warm_up()` draws the scoreboards of two real dealt shoes (every kind of mark:
results, pairs, ties, naturals, derived marks, the ask road, the counts) in every theme
and language at the default cell, and one SVG, once per process. Measured in bench/render_first.py.
"""

from __future__ import annotations

import random
import threading

from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.render.labels import LANGUAGES
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import RenderParams
from roadsvc.render.png import to_png
from roadsvc.render.svg import to_svg
from roadsvc.render.themes import THEMES

SEEDS = (101, 102)
"""Real dealt shoes (never the benchmark's): between them nearly every mark a shoe shows."""

_lock = threading.Lock()
_warmed = False


def warm_up() -> bool:
    """Draw the sample scoreboard in every theme and language; only the first call in a
    process does it. True if this call warmed the caches."""
    global _warmed
    with _lock:
        if _warmed:
            return False
        for seed in SEEDS:
            snapshot = build_snapshot(deal_shoe(random.Random(seed)).hands)
            for theme in THEMES:
                for language in LANGUAGES:
                    to_png(layout(snapshot, "scoreboard", RenderParams(theme=theme, language=language)))
        to_svg(layout(snapshot, "scoreboard", RenderParams()))
        _warmed = True
        return True
