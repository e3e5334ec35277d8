"""The marks of a message id (issue 36): the domain writes what a person reads as English message ids, marked
with `N_` (or `NC_` with a context) so that `pybabel extract` (`./dev translations`) finds them, and the layer
that shows a text translates it with its reader's catalogue (roadsvc.domain.texts.Reader). Kept apart from
roadsvc.domain.texts so that the domain's data (bets, roads, hand types) can be marked without importing it."""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks `message` (an English message id) for extraction; the reader's catalogue translates it."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Marks `message`, said in `context`, for extraction: (context, message)."""
    return context, message
