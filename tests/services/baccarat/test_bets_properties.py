"""Properties of any sequence of slips on a hand (hypothesis, on SQLite): the hand never holds
more than its limits allow, the ledger is exactly the accepted bets, and once a real dealt hand
is posted every line is settled as the domain settles it, with net = returned - held."""

from __future__ import annotations

import random
import tempfile
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from roadsvc.domain.baccarat.bets import rule_set, settle
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base, Bet
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes, slips

LIMITED = ("tie", "either_pair", "lucky_six", "tiger_pair", "wu_dalang")
SETTINGS = {"difference_limit": "300.00", "total_limits": {code: "200.00" for code in LIMITED}}
RULES = rule_set("extended", {"hedge_limit": SETTINGS["difference_limit"], "total_limits": SETTINGS["total_limits"]})
CODES = st.sampled_from(["banker", "player", "banker_no_commission", "tie", "either_pair", "lucky_six", "tiger_pair",
                         "wu_dalang", "fire_sevens"])
STAKES = st.integers(100, 25000).map(lambda cents: str(Decimal(cents).scaleb(-2)))
BETS = st.lists(st.tuples(CODES, STAKES), min_size=1, max_size=6)
SLIPS = st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), BETS), min_size=1, max_size=8)


@settings(max_examples=30, deadline=None)
@given(SLIPS, st.integers(0, 2**32 - 1))
def test_any_slips_keep_the_limits_and_settle_as_the_domain_does(placed, seed):
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{Path(folder) / 'p.db'}")
        Base.metadata.create_all(db.engine)
        try:
            check(db, placed, seed)
        finally:
            db.dispose()


def check(db: Database, placed, seed: int) -> None:
    table = tables.create_table(db, "P", "extended", SETTINGS)
    shoes.open_shoe(db, table.id)
    accepted = []
    for n, (account, lines) in enumerate(placed):
        request = slips.SlipRequest(f"s{n}", account, ("1.00", "1000.00"), tuple(lines))
        answer = slips.place_slip(db, table.id, request, "test").answer
        accepted += [(account, b["bet"], Decimal(b["stake"])) for b in answer["bets"] if b["accepted"]]
    assert_within_limits(accepted)
    hand = deal_shoe(random.Random(seed)).hands[0]
    hands.post_hand(db, table.id, hand)
    with db.read() as session:
        ledger = session.scalars(select(Bet).order_by(Bet.id)).all()
    assert [(b.account_id, b.code, Decimal(b.stake).scaleb(-2)) for b in ledger] == accepted
    for line in ledger:
        expected = settle(line.code, Decimal(line.stake).scaleb(-2), hand, RULES)
        assert (line.status, line.tier) == (expected.outcome.kind, expected.outcome.tier)
        assert (line.held, line.returned) == (int(expected.held * 100), int(expected.returned * 100))
        assert line.net == line.returned - line.held and line.returned >= 0


def assert_within_limits(accepted) -> None:
    totals: dict[str, Decimal] = {}
    for _, code, stake in accepted:
        totals[code] = totals.get(code, Decimal(0)) + stake
    banker_side = totals.get("banker", 0) + totals.get("banker_no_commission", 0)
    assert abs(banker_side - totals.get("player", 0)) <= Decimal("300.00")
    for code, limit in SETTINGS["total_limits"].items():
        assert totals.get(code, 0) <= Decimal(limit)
