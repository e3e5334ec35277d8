"""The chain's canonical form and links (issue 43), pure."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from decimal import Decimal

from roadsvc.domain.records import (
    GENESIS, ChainWalk, Link, broken_links, canonical_row, differing_fields, link_header, make_links,
)

AT = datetime(2026, 12, 7, 6, 0, tzinfo=timezone.utc)


def test_a_rows_canonical_form_sorts_keys_and_writes_utc_and_integers():
    row = {"stake": 1000, "at": datetime(2026, 12, 7, 14, 0, tzinfo=timezone(timedelta(hours=8))),
           "data": {"b": 1, "a": [2, "二"]}, "net": Decimal("-500"), "voided": False, "reason": None}
    assert canonical_row(row) == ('{"at":"2026-12-07T06:00:00+00:00","data":{"a":[2,"二"],"b":1},"net":-500,'
                                  '"reason":null,"stake":1000,"voided":false}')


def test_a_links_digest_is_sha256_of_the_previous_digest_and_its_content():
    link, = make_links(GENESIS, 1, AT, [("hands", "7", "insert", '{"id":7}')])
    header = link_header(1, "2026-12-07T06:00:00.000000Z", "hands", "7", "insert")
    expected = hashlib.sha256(bytes(32) + f"{header}\n" .encode() + b'{"id":7}').hexdigest()
    assert (link.prev, link.digest) == (GENESIS, expected)


def test_a_links_header_is_the_canonical_json_of_its_fields():
    from roadsvc.domain.records import canonical_json

    fields = {"at": "2026-12-07T06:00:00+00:00", "key": "7", "op": "insert", "seq": 12, "table": "牌局\"x"}
    assert link_header(12, fields["at"], fields["table"], "7", "insert") == canonical_json(fields)


def chain(count: int) -> list[Link]:
    return make_links(GENESIS, 1, AT, [("pit_notes", str(n), "insert", f'{{"id":{n}}}') for n in range(1, count + 1)])


def test_a_chain_made_in_two_parts_follows_on():
    first = chain(3)
    more = make_links(first[-1].digest, 4, AT, [("pit_notes", "4", "update", '{"id":4}')])
    assert list(broken_links(first + more, GENESIS, 1)) == []


def test_an_edited_link_and_a_gap_are_found():
    links = chain(4)
    edited = Link(**{**links[1].as_json(), "row": '{"id":99}'})
    assert [b.why for b in broken_links([links[0], edited, *links[2:]])] == ["digest"]
    assert [(b.seq, b.why) for b in broken_links([links[0], *links[2:]], GENESIS, 1)] == [(3, "sequence"), (3, "previous")]


def test_a_walk_names_changed_missing_and_unlinked_rows():
    walk = ChainWalk()
    for link in chain(3):
        walk.follow(link)
    assert walk.check_row("pit_notes", "1", '{"id":1}') is None
    changed = walk.check_row("pit_notes", "2", '{"id":20}')
    assert (changed.what, changed.seq, changed.fields('{"id":2}')) == ("changed", 2, {"id": (2, 20)})
    assert walk.check_row("pit_notes", "9", '{"id":9}').what == "unlinked"
    assert [(f.key, f.what) for f in walk.missing()] == [("3", "missing")]


def test_differing_fields_of_a_missing_row_are_every_field():
    assert differing_fields({"a": 1, "b": None}, None) == {"a": (1, None), "b": (None, None)}
