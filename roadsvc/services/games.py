"""Which game a table deals, for the paths of one game: `wrong_game` on a table of another.

A table's game never changes, so each process reads it once per table and keeps it: the
check costs a dictionary lookup on every later request (the roads' 304 polls included).
A game's API (roadsvc.api.<game>) calls `require` for every path about a table
(roadsvc.api.auth.require_table_game); a table that does not exist passes, for the path's own 404.
"""

from __future__ import annotations

from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.services.errors import Conflict


class WrongGame(Conflict):
    """A path of one game on a table of another (409 `wrong_game`); the body names the table's game."""

    def __init__(self, table_id: int, game: str):
        super().__init__("wrong_game", f"table {table_id} is a {game} table", "table_id")
        self.details = {"game": game}


class TableGames:
    """Each table's game, read once per process (tables are never deleted, games never change)."""

    def __init__(self, db: Database):
        self.db = db
        self.known: dict[int, str] = {}

    def game_of(self, table_id: int) -> str | None:
        """The table's game; None if there is no such table (not kept: it may be created later)."""
        game = self.known.get(table_id)
        if game is None:
            game = repo.table_game(self.db, table_id)
            if game is not None:
                self.known[table_id] = game
        return game

    def require(self, table_id: int, game: str) -> None:
        """Refuse (WrongGame) unless the table deals `game` or does not exist."""
        found = self.game_of(table_id)
        if found is not None and found != game:
            raise WrongGame(table_id, found)
