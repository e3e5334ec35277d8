"""Rounds as CSV: the same public view as the JSON, so a closed hand's fourth card is blank and its type empty."""

from __future__ import annotations

from typing import Any

from roadsvc.domain.niuniu.dealing import POSITIONS, PLAYERS
from roadsvc.domain.spreadsheets import csv_text

COLUMNS = ("number", "phase", "reveal", "first_receiver",
           *(f"{position}_{what}" for position in POSITIONS for what in ("cards", "type")),
           *(f"{player}_result" for player in PLAYERS), "void_reason", "created_at", "settled_at")


def rounds_csv(views: list[dict[str, Any]]) -> str:
    """Every cell defused (roadsvc.domain.spreadsheets): a void reason is typed by a person."""
    return csv_text(COLUMNS, (_row(view) for view in views))


def _row(view: dict[str, Any]) -> list[str]:
    hands, results = view["hands"], view["results"] or {}
    cells = [view["number"], view["phase"], view["reveal"] or "", view["first_receiver"] or ""]
    for position in POSITIONS:
        cells += [" ".join(code or "??" for code in hands[position]["cards"]), hands[position]["type"] or ""]
    cells += [results.get(player, "") for player in PLAYERS]
    return [str(cell) for cell in cells] + [view["void_reason"] or "", view["created_at"], view["settled_at"] or ""]
