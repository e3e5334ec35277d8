"""The hash chain's links that prove a recalled game's records (roadsvc.services.records.chain.proofs), for the recall
of every game (roadsvc.services.recall) and for a game's recall that keeps its view (an 打棒 deal over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.services.records import chain


@dataclass(frozen=True, slots=True)
class LinkView:
    """A link as the recall shows it: the record, what happened to it, the link's number, digest and time. Not
    the previous link's digest: that link may bind another game's hidden cards (the chain is one for every
    table); `roadsvc records verify` checks the links against each other."""

    table: str
    key: str
    op: str
    seq: int
    digest: str
    at: str


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
