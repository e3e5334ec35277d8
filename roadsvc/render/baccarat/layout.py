"""Road grids -> positioned marks: the one layout both the PNG and the SVG draw.

`layout(snapshot, road, params)` returns a Board (board.py) for one road
(roads.py) or for the full scoreboard (scoreboard.py).
"""

from __future__ import annotations

from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot

from roadsvc.render.board import Board, Grid, Mark, css
from roadsvc.render.params import RenderParams
from roadsvc.render.baccarat.roads import road_board
from roadsvc.render.baccarat.scoreboard import scoreboard_board

__all__ = ["Board", "Grid", "Mark", "css", "layout"]


def layout(snapshot: RoadSnapshot, road: str, params: RenderParams) -> Board:
    """The board for one road or for the scoreboard."""
    if road == "scoreboard":
        return scoreboard_board(snapshot, params)
    return road_board(snapshot, road, params)
