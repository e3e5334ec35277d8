"""The advantage-play watch on both databases: each stake keeps its exact EV (the integrity engine's) in the
slip's transaction; the jobs process's watch counts each closed shoe once and flags the counter, not the flat
bettor; one player on both sides of a hand raises `opposite_bets`; a results-only table's stakes have no EV."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.integrity.advantage import is_open
from roadsvc.persistence.models import Alert, Bet, PlayTally, ShoeBetProfile
from roadsvc.services import admin_audit, alerts, events, tables
from roadsvc.services.baccarat import hands, integrity, play, shoes, slips
from roadsvc.services.baccarat.play_watch import PlayWatch
from roadsvc.services.errors import NotFound

START = datetime(2026, 12, 7, 4, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self):
        return self.now


def stake(db, table_id, n, account, bets):
    request = slips.SlipRequest(f"s{n}", account, ("1.00", "100000.00"), tuple((bet, "10.00") for bet in bets))
    return slips.place_slip(db, table_id, request, "game-server").answer


def deal(db, table_id, watch, clock, rng, counter_every=1):
    """One real shoe dealt by cards: a counter stakes every bet whose EV is above zero, a flat bettor
    stakes lucky six every other hand; then the shoe closes (the next opens)."""
    dealt = deal_shoe(rng)
    shoe = shoes.open_shoe(db, table_id, burn_card=dealt.burn_card.code)
    watch.step()
    for number, hand in enumerate(dealt.hands, start=1):
        odds = integrity.next_hand_odds(db, shoe.id)
        positive = [code for code, bet_ev in odds.odds.bets.items() if bet_ev.ev > 0 and is_open(bet_ev, number)]
        if positive:
            stake(db, table_id, f"{shoe.id}-{number}-c", "counter", positive)
        if number % 2:
            stake(db, table_id, f"{shoe.id}-{number}-f", "flat", ["lucky_six"])
        hands.post_hand(db, table_id, hand, number)
        clock.now += timedelta(seconds=30)
        watch.step()
    shoes.close_shoe(db, table_id, shoe.id)
    return shoe.id, watch.step()


@pytest.fixture
def floor(db):
    table = tables.create_table(db, "Watch", "extended")
    clock = Clock()
    watch = PlayWatch(db, clock=clock)
    watch.step()
    return table.id, watch, clock


def test_each_stake_keeps_the_engines_exact_ev_when_accepted(db, floor):
    table_id, watch, _ = floor
    shoe = shoes.open_shoe(db, table_id, burn_card="KS")
    odds = integrity.next_hand_odds(db, shoe.id)
    answer = stake(db, table_id, 1, "acct-1", ["banker", "fire_sevens"])
    with db.read() as session:
        stored = {bet.code: bet.ev for bet in session.scalars(select(Bet).where(Bet.slip_id == answer["slip_id"]))}
    assert stored == {code: float(odds.odds.bets[code].ev) for code in ("banker", "fire_sevens")}
    assert stored["banker"] == pytest.approx(-0.010579, abs=2e-5)  # about the published full-shoe edge


def test_a_results_only_table_stores_no_ev_and_counts_nothing(db, floor):
    _, watch, _ = floor
    table = tables.create_table(db, "Results", "classic", settings={"hands_by": "result"})
    shoe = shoes.open_shoe(db, table.id)
    answer = stake(db, table.id, 1, "acct-1", ["banker"])
    hands.post_hand(db, table.id, parse_hand({"result": "banker"}), 1)
    shoes.close_shoe(db, table.id, shoe.id)
    assert watch.step()["counted"] == []
    with db.read() as session:
        assert session.scalars(select(Bet.ev).where(Bet.slip_id == answer["slip_id"])).all() == [None]
        assert session.scalars(select(ShoeBetProfile)).all() == []


def test_the_counter_is_flagged_and_the_flat_bettor_is_not(db, floor):
    table_id, watch, clock = floor
    rng = random.Random(7)  # its first shoe opens 22 positive windows on open side bets: flagged at its close
    first, done = deal(db, table_id, watch, clock, rng)
    assert done["counted"] == [first]
    assert len(alerts.find_alerts(db, {"code": "advantage_play"})[0]) == 1  # flagged after one shoe
    raised_at = clock.now
    second, done = deal(db, table_id, watch, clock, rng)
    assert done["counted"] == [second]
    [alert] = alerts.find_alerts(db, {"code": "advantage_play"})[0]
    counter = play.account_play(db, "counter")
    assert (alert.table_id, alert.subject, alert.severity, alert.count) == (table_id, counter["subject"], "warning", 2)
    assert (alert.raised_at, alert.last_seen_at) == (raised_at, clock.now)  # the watch's clock, at each close
    assert alert.details["account_id"] == "counter" and alert.details["other_stakes"] == 0
    assert counter["flagged"] and counter["p_value"] < 1e-6 and counter["mean_ev"] > 0 > counter["null_mean_ev"]
    flat = play.account_play(db, "flat")
    assert not flat["flagged"] and flat["alerts"] == [] and flat["p_value"] > 1e-3
    assert flat["bets"][0]["bet"] == "lucky_six" and flat["shoes"] == 2
    # counting a shoe twice changes nothing
    assert watch.count_shoe(first) is False
    with db.read() as session:
        assert sum(t.shoes for t in session.scalars(select(PlayTally).where(PlayTally.bet == "lucky_six"))) == 2
    [counted] = [e for e in events.events_after(db, 0) if e.type == "play_counted" and e.shoe_id == second]
    assert counted.audience == "operators" and counted.data["accounts"] == 2


def test_one_account_or_a_linked_pair_on_both_sides_raises_opposite_bets(db, floor):
    table_id, watch, clock = floor
    shoe = shoes.open_shoe(db, table_id, burn_card="KS")
    stake(db, table_id, 1, "wash", ["banker", "player"])
    stake(db, table_id, 2, "ring-a", ["banker"])
    stake(db, table_id, 3, "ring-b", ["player"])
    hands.post_hand(db, table_id, parse_hand({"cards": {"player": ["9S", "9H"], "banker": ["8S", "8H"]}}), 1)
    watch.step()
    [alert] = alerts.find_alerts(db, {"code": "opposite_bets"})[0]
    assert alert.details["accounts"] == ["wash"] and alert.hand_number == 1
    actor = admin_audit.Actor("admin")
    play.link_account(db, "ring-a", "ring", actor)
    linked = play.link_account(db, "ring-b", "ring", actor)
    assert linked["members"] == ["ring-a", "ring-b"]
    stake(db, table_id, 4, "ring-a", ["banker"])
    stake(db, table_id, 5, "ring-b", ["player"])
    hands.post_hand(db, table_id, parse_hand({"cards": {"player": ["9D", "9C"], "banker": ["8D", "8C"]}}), 2)
    watch.step()
    found = {tuple(a.details["accounts"]): a for a in alerts.find_alerts(db, {"code": "opposite_bets"})[0]}
    assert set(found) == {("wash",), ("ring-a", "ring-b")}
    assert found[("ring-a", "ring-b")].details["link_group"] == "ring"
    assert shoe.id == found[("wash",)].details["shoe_id"]
    assert play.account_play(db, "ring-b")["linked_accounts"] == ["ring-a"]
    trail, _ = admin_audit.trail(db, kind="account.linked")
    assert {entry.subject for entry in trail} == {"account ring-a", "account ring-b"}


def test_an_unknown_account_is_not_found(db):
    with pytest.raises(NotFound):
        play.account_play(db, "nobody")



def test_hands_the_watch_missed_are_computed_by_the_engine_exactly_as_kept(db, floor):
    table_id, watch, _ = floor
    late = PlayWatch(db)  # a jobs process restarted: it never saw this shoe's hands
    late.step()
    dealt = deal_shoe(random.Random(8))
    shoe = shoes.open_shoe(db, table_id, burn_card=dealt.burn_card.code)
    watch.step()
    for number, hand in enumerate(dealt.hands[:32], start=1):
        hands.post_hand(db, table_id, hand, number)
        watch.step()
    assert sorted(watch.evs[shoe.id]) == list(range(1, 34))  # before each hand, and the next
    kept = watch.shoe_series(shoe.id)
    assert late.shoe_series(shoe.id) == kept and list(kept) == list(range(1, 33))
    assert "fire_sevens" in kept[1] and "fire_sevens" not in kept[32]  # open on hand 1, past its cutoff (30) on 32


def test_a_count_writes_the_tallies_in_one_statement_and_the_page_reads_only_what_it_shows(db, floor):
    """A shoe's count adds every account's tallies (new bets and bets already tallied) in one statement; the
    watched-accounts page orders by the p-value the watch kept and reads only the shown accounts' tallies."""
    from sqlalchemy import event

    from roadsvc.persistence.models import PlayAccount

    table_id, watch, clock = floor
    rng = random.Random(7)
    deal(db, table_id, watch, clock, rng)
    statements: list[str] = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        statements.append(" ".join(statement.split()))

    event.listen(db.engine, "before_cursor_execute", seen)
    try:
        deal(db, table_id, watch, clock, rng)  # the counter stakes bets it staked before and new ones
        writes = [s for s in statements if s.startswith(("INSERT INTO play_tallies", "UPDATE play_tallies"))]
        statements.clear()
        shown = play.watched_accounts(db, limit=1)
    finally:
        event.remove(db.engine, "before_cursor_execute", seen)
    assert len(writes) == 1 and "ON CONFLICT" in writes[0]
    with db.read() as session:
        tallies = list(session.scalars(select(PlayTally)))
        stored = {a.account_id: a.p_value for a in session.scalars(select(PlayAccount))}
    assert {t.shoes for t in tallies if t.bet == "lucky_six"} == {2}
    assert [entry["account_id"] for entry in shown] == ["counter"]  # alerted first; limit 1
    assert stored["counter"] == play.account_play(db, "counter")["p_value"] == shown[0]["p_value"]
    assert stored["flat"] == play.account_play(db, "flat")["p_value"]
    reads = [s for s in statements if "FROM play_tallies" in s]
    assert reads and all("play_tallies.play_account_id IN" in s for s in reads), reads
