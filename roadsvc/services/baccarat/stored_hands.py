"""Stored hands parsed once per process.

Every post re-reads the shoe's counted hands for the card-supply check, and every
snapshot build reads them too; `parse_hand` validates each hand again (cards, drawing
rules, stated facts), which late in an 80-hand shoe was the largest part of a post.
A stored hand's JSON text is immutable content (a correction stores new text), so the
parsed `Hand` is memoised by that text: a hit can only return the hand that text parses
to, whatever worker, shoe or revision asks.
"""

from __future__ import annotations

import json
from functools import lru_cache

from roadsvc.domain.baccarat.dealing.hands import Hand, parse_hand

MAX_ENTRIES = 20_000  # about 250 shoes of 80 hands; a few MB per process


@lru_cache(maxsize=MAX_ENTRIES)
def stored_hand(text: str) -> Hand:
    """The hand a stored JSON text describes (decoded, parsed and validated on first sight)."""
    return parse_hand(json.loads(text))
