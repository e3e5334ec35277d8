"""Stored hands parsed once per process.

Every post re-reads the shoe's counted hands for the card-supply check, and every
snapshot build reads them too; `parse_hand` validates each hand again (cards, drawing
rules, stated facts), which late in an 80-hand shoe was the largest part of a post.
A stored hand's JSON is immutable content (a correction stores new content), so the
parsed `Hand` is memoised by that content: a hit can only return the hand that content
parses to, whatever worker, shoe or revision asks.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from roadsvc.domain.hands import Hand, parse_hand

MAX_ENTRIES = 20_000  # about 250 shoes of 80 hands; a few MB per process


class _Content:
    """A decoded JSON document, hashed and compared by its repr(): unlike the dict or a
    tuple of its items, repr keeps True apart from 1, and costs a tenth of a parse."""

    __slots__ = ("data", "key")

    def __init__(self, data: dict[str, Any]):
        self.data, self.key = data, repr(data)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Content) and other.key == self.key


@lru_cache(maxsize=MAX_ENTRIES)
def _parsed(content: _Content) -> Hand:
    return parse_hand(content.data)


def stored_hand(data: dict[str, Any]) -> Hand:
    """The hand a stored JSON document describes (parsed and validated on first sight)."""
    return _parsed(_Content(data))
