"""Benchmark: the full scoreboard PNG of an 80-hand shoe against encoding a blank image.

The shoe is a real dealt 8-deck shoe (deal_shoe) cut to its first 80 hands, and the
snapshot is the domain's build_snapshot. The baseline, measured in the same run, is
Pillow encoding a blank image of the same size with the same PNG settings: the floor
for any PNG of that size. The target is a render at most 3x that baseline.

The renderer writes 8-bit palette PNGs (see roadsvc/render/png.py); the baseline is
a blank image in Pillow's usual RGB. For transparency the run also prints a blank
palette-PNG encode, the output's own encode (the same palette image and settings: the
floor of making this file, bench/images.py's baseline) and the cost of encoding the
same finished board as RGB.

Prints medians of interleaved runs for: the warm render (mark sprites and palettes
kept, as in a running service), the cold render (both cleared first), the layout
alone, the SVG render, and the baselines. Nothing here asserts a time.

    .venv/bin/python bench/render.py [--runs 50] [--seed 1] [--cell 24]
"""

from __future__ import annotations

import argparse
import io
import random

from PIL import Image

from _timing import interleaved_medians

from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.render import render
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import RenderParams
from roadsvc.render.palette import palette_of
from roadsvc.render.png import mark_sprite

HANDS = 80
OWN = "the output's own PNG encode (same image and settings)"


def shoe_of_80(seed: int) -> list:
    """The first 80 hands of the first dealt shoe (from `seed` on) that reaches 80."""
    while True:
        hands = deal_shoe(random.Random(seed), cut_from_end=14).hands
        if len(hands) >= HANDS:
            return hands[:HANDS]
        seed += 1


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def cold() -> None:
    """Forget every drawn sprite and fitted palette: a fresh process's first scoreboard of this look."""
    mark_sprite.cache_clear()
    palette_of.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cell", type=int, default=24)
    args = parser.parse_args()

    snapshot = build_snapshot(shoe_of_80(args.seed))
    params = RenderParams(cell=args.cell)
    png = render(snapshot, "scoreboard", "png", params)
    board = layout(snapshot, "scoreboard", params)
    size = (board.width, board.height)
    blank_rgb = Image.new("RGB", size, board.theme.background)
    blank_palette = blank_rgb.quantize(256)
    output = Image.open(io.BytesIO(png))
    output.load()
    composed = output.convert("RGB")

    medians = interleaved_medians(
        {
            "blank RGB PNG encode (BASELINE)": lambda: encode(blank_rgb),
            "blank palette PNG encode": lambda: encode(blank_palette),
            OWN: lambda: encode(output),
            "scoreboard PNG, warm (service steady state)": lambda: render(snapshot, "scoreboard", "png", params),
            "scoreboard PNG, cold (sprites, palettes cleared)": lambda: render(snapshot, "scoreboard", "png", params),
            "  layout alone": lambda: layout(snapshot, "scoreboard", params),
            "  the same board encoded as RGB instead": lambda: encode(composed),
            "scoreboard SVG": lambda: render(snapshot, "scoreboard", "svg", params),
        },
        args.runs,
        before={"scoreboard PNG, cold (sprites, palettes cleared)": cold},
    )
    baseline = medians["blank RGB PNG encode (BASELINE)"]
    warm = medians["scoreboard PNG, warm (service steady state)"]
    print(f"80-hand shoe, scoreboard {size[0]}x{size[1]} px at cell {args.cell}: palette PNG {len(png)} bytes "
          f"(as RGB PNG {len(encode(composed))} bytes); median of {args.runs} interleaved runs")
    for name, ms in medians.items():
        print(f"  {name:<46} {ms:8.2f} ms  {ms / baseline:5.2f}x baseline")
    verdict = "meets" if warm <= 3 * baseline else "MISSES"
    print(f"warm render / blank RGB encode = {warm / baseline:.2f}x ({verdict} the 3x target); "
          f"/ blank palette encode = {warm / medians['blank palette PNG encode']:.2f}x; "
          f"/ its own output's encode = {warm / medians[OWN]:.2f}x (bench/images.py's 3x target)")


if __name__ == "__main__":
    main()
