"""What each mark looks like, as shapes in a square box of side `s`.

Proportions follow live scoreboards: solid labelled beads, hollow big-road
rings with a green tie slash inside the ring (a number from two ties on), pair
dots at the top-left (banker, red) and bottom-right (player, blue) corners, clear
of the bead's label, a gold dot at the top-right for a natural, and the derived
roads' hollow rings, solid dots and slashes.

A shoe shows the same few dozen marks over and over, so the builders are cached
on their (hashable) arguments: a layout reuses the very same shape tuples.
"""

from __future__ import annotations

from functools import lru_cache

from roadsvc.render.shapes import Circle, Label, Segment, Shape
from roadsvc.render.themes import Theme


@lru_cache(maxsize=1024)
def pair_dots(banker_pair: bool, player_pair: bool, s: float, theme: Theme, inset: float,
              halo: tuple[int, int, int], natural: bool = False) -> tuple[Shape, ...]:
    """Banker pair top-left in red, player pair bottom-right in blue, a natural top-right
    in gold, each ringed in `halo` (the panel: it parts a dot from the disc beneath)."""
    r, width = 0.11 * s, max(1.0, 0.035 * s)
    dots = []
    if banker_pair:
        dots.append(Circle(inset * s, inset * s, r, fill=theme.banker, stroke=halo, width=width))
    if player_pair:
        far = (1 - inset) * s
        dots.append(Circle(far, far, r, fill=theme.player, stroke=halo, width=width))
    if natural:
        dots.append(Circle((1 - inset) * s, inset * s, r, fill=theme.natural, stroke=halo, width=width))
    return tuple(dots)


@lru_cache(maxsize=1024)
def bead(result: str, label: str, s: float, theme: Theme,
         banker_pair: bool = False, player_pair: bool = False, natural: bool = False) -> tuple[Shape, ...]:
    """A bead-plate bead: a disc in the result's colour with its label in it; the dots
    sit in the cell's corners, outside the label."""
    centre = s / 2
    disc = Circle(centre, centre, 0.42 * s, fill=theme.colour(result))
    text = Label(centre, centre, label, round(0.52 * s), theme.bead_text)
    return (disc, text) + pair_dots(banker_pair, player_pair, s, theme, 0.12, theme.panel, natural)


@lru_cache(maxsize=1024)
def tie_marks(ties: int, s: float, theme: Theme) -> tuple[Shape, ...]:
    """A green slash for one tie or more, and the count once there are two."""
    if ties < 1:
        return ()
    slash = Segment(0.27 * s, 0.73 * s, 0.73 * s, 0.27 * s, theme.tie, max(1.2, 0.085 * s))
    if ties < 2:
        return (slash,)
    size = 0.5 * s if ties < 10 else 0.36 * s  # two digits still fit inside the ring
    number = Label(s / 2, s / 2, str(ties), round(size), theme.tie, halo=theme.panel)
    return (slash, number)


@lru_cache(maxsize=1024)
def ring(result: str, s: float, theme: Theme, ties: int = 0,
         banker_pair: bool = False, player_pair: bool = False, natural: bool = False) -> tuple[Shape, ...]:
    """A big-road entry: a hollow ring, its ties, its pair and natural dots."""
    centre = s / 2
    circle = Circle(centre, centre, 0.36 * s, stroke=theme.colour(result), width=max(1.5, 0.1 * s))
    dots = pair_dots(banker_pair, player_pair, s, theme, 0.15, theme.panel, natural)
    return (circle,) + tie_marks(ties, s, theme) + dots


def big_eye_boy(colour: str, s: float, theme: Theme) -> tuple[Shape, ...]:
    """A hollow ring in a half-size cell."""
    return (Circle(s / 2, s / 2, 0.33 * s, stroke=theme.colour(colour), width=max(1.2, 0.15 * s)),)


def small_road(colour: str, s: float, theme: Theme) -> tuple[Shape, ...]:
    """A solid dot in a half-size cell."""
    return (Circle(s / 2, s / 2, 0.38 * s, fill=theme.colour(colour)),)


def cockroach_pig(colour: str, s: float, theme: Theme) -> tuple[Shape, ...]:
    """A slash in a half-size cell."""
    return (Segment(0.2 * s, 0.8 * s, 0.8 * s, 0.2 * s, theme.colour(colour), max(1.2, 0.16 * s)),)


DERIVED_MARKS = {"big_eye_boy": big_eye_boy, "small_road": small_road, "cockroach_pig": cockroach_pig}


@lru_cache(maxsize=1024)
def derived(road: str, colour: str | None, s: float, theme: Theme) -> tuple[Shape, ...]:
    """A derived road's mark; no mark (an ask road with none to give) is a faint dash."""
    if colour is None:
        return (Segment(0.35 * s, s / 2, 0.65 * s, s / 2, theme.muted, max(1.0, 0.08 * s)),)
    return DERIVED_MARKS[road](colour, s, theme)


ASKED_DASHES = 8


@lru_cache(maxsize=1024)
def asked(colour: str, s: float, theme: Theme, ties: int = 0) -> tuple[Shape, ...]:
    """The mark a next hand would make (问路): a dashed ring in its colour, no fill, no label,

    on every road alike, so it reads as hypothetical next to the solid marks."""
    ring_ = Circle(s / 2, s / 2, 0.36 * s, stroke=theme.colour(colour), width=max(1.5, 0.1 * s),
                   dashes=ASKED_DASHES)
    return (ring_,) + tie_marks(ties, s, theme)
