"""The links appended at commit (issue 43), on SQLite and PostgreSQL: one per row changed, what
commits and nothing else, in commit order even with writers at once."""

from __future__ import annotations

import threading

from sqlalchemy import select, update

from roadsvc.domain.records import GENESIS, broken_links
from roadsvc.persistence.records import reading
from roadsvc.persistence.models import PitNote, RecordLink, Shoe, Table


def all_links(db):
    with db.read() as session:
        return list(reading.links(session))


def new_table(db, name="T1") -> int:
    with db.write() as session:
        table = Table(name=name, rule_set="classic")
        session.add(table)
        session.flush()
        return table.id


def test_a_transaction_binds_each_row_it_changed_once_as_committed(db):
    table_id = new_table(db)
    with db.write() as session:
        note = PitNote(table_id=table_id, author="pit", text="first")
        session.add(note)
        session.flush()
        note.text = "second"  # changed again before commit: one link, with what commits
    links = all_links(db)
    assert [(link.table, link.op) for link in links] == [("tables", "insert"), ("pit_notes", "insert")]
    assert '"text":"second"' in links[1].row
    assert list(broken_links(links, GENESIS, 1)) == []


def test_a_write_of_cached_columns_only_appends_nothing(db):
    table_id = new_table(db)
    with db.write() as session:
        session.add(Shoe(table_id=table_id, number=1, decks=8))
    before = len(all_links(db))
    with db.write() as session:
        session.execute(update(Shoe).values(revision=Shoe.revision + 1))
        session.get(Table, table_id).revision = 7
    assert len(all_links(db)) == before


def test_a_rolled_back_savepoint_and_a_rolled_back_transaction_bind_nothing(db):
    table_id = new_table(db)
    with db.write() as session:
        nested = session.begin_nested()
        session.add(PitNote(table_id=table_id, author="pit", text="gone"))
        session.flush()
        nested.rollback()
        session.add(PitNote(table_id=table_id, author="pit", text="kept"))
    try:
        with db.write() as session:
            session.add(PitNote(table_id=table_id, author="pit", text="never"))
            session.flush()
            raise RuntimeError
    except RuntimeError:
        pass
    rows = [link.row for link in all_links(db) if link.table == "pit_notes"]
    assert len(rows) == 1 and '"text":"kept"' in rows[0]


def test_a_delete_is_bound_with_no_content(db):
    table_id = new_table(db)
    with db.write() as session:
        session.add(PitNote(table_id=table_id, author="pit", text="x"))
    with db.write() as session:
        session.delete(session.scalars(select(PitNote)).one())
    last = all_links(db)[-1]
    assert (last.table, last.op, last.row) == ("pit_notes", "delete", "null")


def test_writers_at_once_append_one_unbroken_chain(db):
    table_id = new_table(db)
    errors = []

    def write(n: int) -> None:
        try:
            for i in range(10):
                with db.write() as session:
                    session.add(PitNote(table_id=table_id, author=f"pit {n}", text=f"{n}-{i}"))
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    links = all_links(db)
    assert len(links) == 41 and list(broken_links(links, GENESIS, 1)) == []
    with db.read() as session:
        assert session.scalar(select(RecordLink.seq).order_by(RecordLink.seq.desc()).limit(1)) == 41
