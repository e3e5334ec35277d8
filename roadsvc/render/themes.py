"""Colour themes as data: a scoreboard's light and dark look.

A theme is only colours; layout decides where they go. Adding a theme is
adding an entry to THEMES. Every glyph and figure reaches a contrast of at least
4.5:1 (WCAG AA) against what it is drawn on (tests/render/test_contrast.py): so the
dark theme writes dark letters on its bright beads.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: Colour  # the board behind every road
    panel: Colour  # a road's cells
    grid: Colour  # the lines between cells
    border: Colour  # the line around each road's panel
    banker: Colour  # banker beads and rings, and every "red" derived mark
    player: Colour  # player beads and rings, and every "blue" derived mark
    tie: Colour  # tie beads, tie slashes and tie numbers
    bead_text: Colour  # the label drawn on a bead
    text: Colour  # counts and captions
    muted: Colour  # an ask-road slot with no mark yet
    natural: Colour  # the dot marking a natural (8 or 9 on the first two cards)

    def colour(self, name: str) -> Colour:
        """The colour of a result or of a derived road's red/blue mark."""
        return {"banker": self.banker, "red": self.banker,
                "player": self.player, "blue": self.player, "tie": self.tie}[name]


THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light",
        background=(236, 238, 241),
        panel=(255, 255, 255),
        grid=(214, 218, 224),
        border=(170, 176, 186),
        banker=(214, 40, 40),
        player=(25, 95, 210),
        tie=(20, 125, 50),
        bead_text=(255, 255, 255),
        text=(40, 44, 52),
        muted=(92, 98, 108),
        natural=(230, 160, 0),
    ),
    "dark": Theme(
        name="dark",
        background=(14, 16, 20),
        panel=(28, 31, 37),
        grid=(52, 57, 66),
        border=(84, 90, 102),
        banker=(239, 83, 80),
        player=(80, 160, 250),
        tie=(90, 200, 110),
        bead_text=(16, 18, 22),
        text=(226, 230, 236),
        muted=(150, 156, 168),
        natural=(250, 200, 60),
    ),
}
