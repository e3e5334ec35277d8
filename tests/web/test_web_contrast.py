"""Text contrast on the pages is at least 4.5:1 (WCAG AA) in both themes: every pair of a text
colour and the background it is drawn on, read from the stylesheet's theme variables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import roadsvc.web

CSS = (Path(roadsvc.web.__file__).parent / "static" / "floor.css").read_text()
ON_COLOURS = ["dealing", "stale", "ending", "idle", "info", "warning", "critical", "banker", "player", "tie", "badge"]
PAIRS = ([("text", "bg"), ("text", "surface"), ("muted", "bg"), ("muted", "surface"), ("link", "bg"),
          ("link", "surface"), ("flash-text", "flash"), ("red-suit", "surface"), ("red-suit", "bg")]
         + [("on-colour", name) for name in ON_COLOURS])


def theme(name: str) -> dict[str, str]:
    block = re.search(r'\[data-theme="%s"\][^{]*\{([^}]*)\}' % name, CSS).group(1)
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))


def luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_formula_on_known_pairs():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("name", ["light", "dark"])
@pytest.mark.parametrize("text, background", PAIRS)
def test_text_contrast_is_at_least_4_5(name, text, background):
    colours = theme(name)
    assert contrast(colours[text], colours[background]) >= 4.5, (name, text, background)


def test_the_cards_and_error_text():
    assert contrast("#b91c1c", "#ffffff") >= 4.5 and contrast("#111111", "#ffffff") >= 4.5
    assert contrast("#fca5a5", theme("dark")["surface"]) >= 4.5
