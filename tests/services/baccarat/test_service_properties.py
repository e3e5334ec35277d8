"""Properties of any sequence of posts, voids and corrections (hypothesis, on SQLite):
hand numbers are exactly 1..n, each successful write moves the revision by one, the
roads hold exactly the hands not voided, and every void/correction has its audit record."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base
from roadsvc.services import tables
from roadsvc.services.baccarat import audit, hands, shoes
from roadsvc.services.errors import Conflict
from roadsvc.api.baccarat.schemas.roads import roads_json
from roadsvc.services.baccarat.snapshots import SnapshotCache, shoe_revision

RESULTS = st.sampled_from(["banker", "player", "tie"])
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("post"), RESULTS),
        st.tuples(st.just("void"), st.integers(1, 30)),
        st.tuples(st.just("correct"), st.integers(1, 30), RESULTS),
    ),
    max_size=25,
)


@settings(max_examples=25, deadline=None)
@given(OPERATIONS)
def test_any_history_keeps_numbers_revisions_roads_and_audit_consistent(operations):
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{Path(folder) / 'p.db'}")
        Base.metadata.create_all(db.engine)
        try:
            check_history(db, operations)
        finally:
            db.dispose()


def check_history(db: Database, operations) -> None:
    table = tables.create_table(db, "P")
    shoe = shoes.open_shoe(db, table.id)
    cache = SnapshotCache(db, roads_json, max_entries=4)
    voided: set[int] = set()
    posted = audited = 0
    for operation in operations:
        before = shoe_revision(db, shoe.id)
        try:
            apply(db, table.id, shoe.id, operation)
        except Conflict:
            assert shoe_revision(db, shoe.id) == before
            continue
        except LookupError:
            continue
        assert shoe_revision(db, shoe.id) == before + 1
        if operation[0] == "post":
            posted += 1
        else:
            audited += 1
            if operation[0] == "void":
                voided.add(operation[1])
    stored = hands.list_hands(db, shoe.id)
    assert [h.number for h in stored] == list(range(1, posted + 1))
    assert {h.number for h in stored if h.voided} == voided
    roads = cache.document(shoe.id).roads
    assert [bead.hand for bead in roads.bead_plate] == [n for n in range(1, posted + 1) if n not in voided]
    assert len(audit.audit_log(db, shoe.id)) == audited


def apply(db: Database, table_id: int, shoe_id: int, operation) -> None:
    kind = operation[0]
    if kind == "post":
        hands.post_hand(db, table_id, parse_hand({"result": operation[1]}))
        return
    number = operation[1]
    if number > len(hands.list_hands(db, shoe_id)):
        raise LookupError(number)
    if kind == "void":
        hands.void_hand(db, shoe_id, number, "test", "tester")
    else:
        hands.correct_hand(db, shoe_id, number, parse_hand({"result": operation[2]}), "test", "tester")
