"""The house's running win over a shoe as an inline SVG line chart (issue 24): a point after
each counted hand, the zero line, the first and last hand and the extremes labelled. Plain
escaped XML, no script; the page's stylesheet colours it (classes win-line, zero-line)."""

from __future__ import annotations

from typing import Sequence
from xml.sax.saxutils import escape, quoteattr

WIDTH, HEIGHT, PAD = 600, 180, 60


def running_win_svg(points: Sequence[tuple[int, float]], title: str) -> str:
    """`points`: (hand number, the house's win after it), in hand order. Nothing while no money has moved (no
    point, or every point at zero): a flat line over blank space says nothing."""
    if not any(win for _, win in points):
        return ""
    wins = [win for _, win in points]
    low, high = min(0.0, *wins), max(0.0, *wins)
    span = (high - low) or 1.0
    step = (WIDTH - 2 * PAD) / max(1, len(points) - 1)

    def y(value: float) -> float:
        return round(PAD / 2 + (high - value) / span * (HEIGHT - PAD), 1)

    path = " ".join(f"{round(PAD + i * step, 1)},{y(win)}" for i, (_, win) in enumerate(points))
    zero = y(0.0)
    labels = [(PAD - 4, y(high), "end", f"{high:,.0f}"), (PAD - 4, y(low), "end", f"{low:,.0f}"),
              (PAD, HEIGHT - 4, "start", f"#{points[0][0]}"), (WIDTH - PAD, HEIGHT - 4, "end", f"#{points[-1][0]}")]
    text = "".join(f'<text x="{x}" y="{ty}" text-anchor="{anchor}" font-size="11">{escape(label)}</text>'
                   for x, ty, anchor, label in labels)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="win-chart" role="img" aria-label={quoteattr(title)} '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" data-points="{len(points)}">'
            f'<line class="zero-line" x1="{PAD}" y1="{zero}" x2="{WIDTH - PAD}" y2="{zero}"/>'
            f'<polyline class="win-line" fill="none" points="{path}"/>{text}</svg>')
