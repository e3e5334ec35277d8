"""The hash chain's links that prove a recalled game's records (roadsvc.services.records.chain.proofs), for the recall
of every game (roadsvc.services.recall) and for a game's recall that keeps its view (an 打棒 deal over)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.services.records import chain


@dataclass(frozen=True, slots=True)
class LinkView:
    """A link as the recall shows it: the record, what happened to it, the link's number, digest and time. Not
    the previous link's digest (`roadsvc records verify` checks the links against each other). The digest is
    None, `digest_withheld` "in_play", for a link at or after the first link of a game in play (`withhold`)."""

    table: str
    key: str
    op: str
    seq: int
    digest: str | None
    at: str
    digest_withheld: str | None = None


IN_PLAY = "in_play"  # why a digest is withheld: a game in play bound a hidden card at or before the link


def link(session: Session, games: list[dict[str, Any]]) -> None:
    """Set each game's `links` (the links binding its `records`, oldest first), read in one query for them all."""
    found: dict[tuple[str, str], list[chain.Proof]] = {}
    refs = [(record["table"], record["id"]) for game in games for record in game["records"]]
    for proof in chain.proofs(session, refs):
        found.setdefault((proof.table, proof.key), []).append(proof)
    for game in games:
        proofs = [proof for record in game["records"] for proof in found.get((record["table"], str(record["id"])), [])]
        game["links"] = [LinkView(proof.table, proof.key, proof.op, proof.seq, proof.digest, proof.at)
                         for proof in sorted(proofs, key=lambda proof: proof.seq)]


def withhold(games: list[dict[str, Any]], first_hidden: int | None) -> None:
    """No digest at or after `first_hidden`, the first link naming a record that holds a card hidden now
    (roadsvc.services.recall.first_hidden_link): such a digest hashes that card through `prev` and could give
    it away. A game with such a link gets a new list (a kept view's stays as kept)."""
    if first_hidden is None:
        return
    for game in games:
        links = game.get("links")
        if links and links[-1].seq >= first_hidden:
            game["links"] = [link if link.seq < first_hidden else replace(link, digest=None, digest_withheld=IN_PLAY)
                             for link in links]
