"""The table a bound key's request is about: a path's table, or its shoe's or match's, each read once."""

from __future__ import annotations

from roadsvc.services.scopes import TableScopes


class Counting:
    def __init__(self, tables: dict[int, int]):
        self.tables, self.asked = tables, []

    def __call__(self, db, subject: int) -> int | None:
        self.asked.append(subject)
        return self.tables.get(subject)


def test_a_subjects_table_is_read_once_and_a_missing_one_is_asked_again():
    matches, shoes = Counting({7: 3}), Counting({5: 2})
    scopes = TableScopes(None, {"shoe_id": shoes, "match_id": matches})
    assert [scopes.table_of({"match_id": 7}) for _ in range(3)] == [3, 3, 3]
    assert matches.asked == [7]
    assert scopes.table_of({"match_id": 8}) is None and scopes.table_of({"match_id": 8}) is None
    assert matches.asked == [7, 8, 8]
    assert scopes.table_of({"shoe_id": 5, "number": 1}) == 2 and scopes.table_of({"shoe_id": 5}) == 2
    assert shoes.asked == [5]


def test_a_path_table_wins_and_a_path_about_nothing_has_no_table():
    matches = Counting({7: 3})
    scopes = TableScopes(None, {"match_id": matches})
    assert scopes.table_of({"table_id": 9, "match_id": 7}) == 9 and matches.asked == []
    assert scopes.table_of({"tournament_id": 1}) is None
