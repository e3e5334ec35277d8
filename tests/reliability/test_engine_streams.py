"""The push engine (docs/events.md, *The push engine*): roadsvc behind Debian's nginx with the nchan
module, configured with exactly docs/nginx-engine.conf's lines, on each backend; two Redis as docs/deployment.md
deploys them (two databases of the machine's Redis: the engine's channels in one, roadsvc's limits, ledger and
lease in the other: nothing of roadsvc's needs the engine's).

roadsvc authorizes each stream and hands it to the engine on the channel of what its key may see; the
publisher (called here step by step, as its loop does at each commit) publishes every event once. A
display's stream never carries an operators' event or a closed hand; a pit boss's carries the
operators' events; a stream resumes with Last-Event-ID from the engine, or, from further back than
the engine's buffer, from roadsvc's log; a revoked key's stream ends.
"""

from __future__ import annotations

import json
import os
import signal
import time
import uuid
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

import pytest
import requests

from _displays import NativeDisplayClients
from _engine import (SECRET as ENGINE_SECRET, EngineMachine, EngineNode, engine_available, engine_env, engine_locations,
                     engine_main)
from _service import (BACKENDS, Floor, dealt_hands, fresh_deployment, hand_body, open_floor, postgres_missing,
                      roadsvc_server, shoe_open)
from _sse import Event, SseConnection
from roadsvc.persistence.engine import Database
from roadsvc.services import events as event_log
from roadsvc.services import tables
from roadsvc.services.events import OPERATORS, append_event
from roadsvc.stream.engine.channels import probe_channel
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.nchan import NchanClient
from roadsvc.stream.engine.probe import ChannelProbe
from roadsvc.stream.engine.publisher import EnginePublisher
from roadsvc.stream.engine.signing import EngineUrls

pytestmark = pytest.mark.slow

REDIS = "redis://127.0.0.1:6379/0"  # roadsvc's (ROADSVC_REDIS_URL)
ENGINE_REDIS = "redis://127.0.0.1:6379/13"  # the engine's: nchan's channels
KEEP = 6  # the ledger remembers each channel's 6 newest events: older resumes are roadsvc's
SECRET = "7H-held"  # what an operators' event carries and a display must never see
NIUNIU = {"banker": ["AS", "9H", "KD", "2C", "6D"], "player_1": ["3S", "7H", "KS", "5C", "5D"],
          "player_2": ["AH", "9S", "KH", "AC", "AD"], "player_3": ["2S", "3H", "3D", "6S", "8H"],
          "player_4": ["4S", "4H", "4D", "4C", "9D"]}
FOURTH_CARDS = {cards[3] for cards in NIUNIU.values()}


class SteppedClock:
    """time.monotonic, plus what a test moved it on by: a test that needs time to pass says so, not sleeps."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


@dataclass
class EngineFloor:
    base: str  # the engine node: every stream goes through it
    roadsvc: str  # a roadsvc machine, for the writes
    floor: Floor
    db: Database
    publisher: EnginePublisher
    node: EngineNode
    prefix: str
    clock: SteppedClock  # the publisher's

    def publish(self) -> int:
        return self.publisher.publish_pending()


@pytest.fixture(scope="module", params=BACKENDS)
def engine(request, tmp_path_factory):
    reason = engine_available() or _redis_missing() or (postgres_missing() if request.param == "postgres" else None)
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    prefix = f"test{uuid.uuid4().hex[:10]}."
    env = {"ROADSVC_REDIS_URL": REDIS, **engine_env(prefix), "ROADSVC_ENGINE_LEDGER_KEEP": str(KEEP),
           "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
           "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute",  # the start-up probes are keyless
           "ROADSVC_KEY_CACHE_TTL": "0",  # a revoked key is refused at once (the publisher's second close: unit test)
           "ROADSVC_ENGINE_SILENT_AFTER": "0"}  # a resume that missed any event names its channel to be checked
    with ExitStack() as stack:
        deployment = stack.enter_context(fresh_deployment(request.param, tmp_path_factory.mktemp("engine")))
        floor = open_floor(deployment.url, tables_count=2)
        server = roadsvc_server(deployment, workers=1, worker_class="gevent", env=env)
        server.start()
        stack.callback(server.stop)
        node = EngineNode([f"127.0.0.1:{server.port}"], ENGINE_REDIS, tmp_path_factory.mktemp("engine-node"))
        node.start()
        stack.callback(node.stop)
        db = Database(deployment.url)
        stack.callback(db.dispose)
        ledger = Ledger(REDIS, prefix, keep=KEEP)
        nchan = NchanClient([node.publish_url])
        stack.callback(nchan.close)  # its kept-alive connection to the node
        clock = SteppedClock()
        publisher = EnginePublisher(db, nchan, ledger, prefix, keepalive=0.3, clock=clock)
        publisher.publish_pending()  # a new floor: the cursor starts at the newest event
        yield EngineFloor(node.base, server.base, floor, db, publisher, node, prefix, clock)
        keys = ledger.redis.keys(prefix + "*")
        if keys:
            ledger.redis.delete(*keys)


def _redis_missing() -> str | None:
    try:
        Ledger(REDIS, "probe.").redis.ping()
    except Exception as error:  # noqa: BLE001 - any failure: say why the tests skip
        return f"no Redis at {REDIS}: {error}"
    return None


ROADSVC_OPENING = ["roadsvc events"]  # roadsvc's own stream opens with it; the engine's never


def events(stream: SseConnection, count: int, max_blocks: int = 200) -> list[Event]:
    """The next `count` events (keep-alive comments skipped) of a stream the engine serves."""
    found: list[Event] = []
    for _ in range(max_blocks):
        event = stream.next()
        assert event.comments != ROADSVC_OPENING, "served by roadsvc, not by the engine"
        if event.type is not None:
            found.append(event)
            if len(found) == count:
                return found
    raise AssertionError(f"only {len(found)} of {count} events")


def hands(stream: SseConnection, count: int) -> list[int]:
    """The numbers of the next `count` hands (other events, good roads' for one, and comments skipped)."""
    found: list[int] = []
    while len(found) < count:
        event = stream.next()
        found += [event.data["number"]] if event.type == "hand" else []
    return found


def post_hand(engine: EngineFloor, table_index: int, number: int) -> None:
    from _service import Client, dealt_hands, hand_body
    hand = dealt_hands(seed=table_index)[0][number - 1]
    with Client(engine.roadsvc, engine.floor.dealer_key) as client:
        status, _, body = client.post(f"/tables/{engine.floor.table_ids[table_index]}/hands",
                                      hand_body(hand, number, engine.floor.shoe_ids[table_index]))
    assert status == 201, body


def operators_note(engine: EngineFloor, table_index: int) -> int:
    with engine.db.write() as session:
        return append_event(session, "pit_note", table_id=engine.floor.table_ids[table_index],
                            data={"note": f"the held hand is {SECRET}"}, audience=OPERATORS)


def open_stream(engine: EngineFloor, key: str, query: str = "", last_event_id: int | None = None) -> SseConnection:
    stream = SseConnection(engine.base, key, query, last_event_id=last_event_id, timeout=10)
    assert stream.status == 200
    return stream


def engine_stream(engine: EngineFloor, key: str, query: str = "", last_event_id: int | None = None) -> SseConnection:
    """A stream roadsvc redirected to the engine (its signed URL followed, as EventSource follows it)."""
    stream = open_stream(engine, key, query, last_event_id)
    assert stream.redirected_to is not None and stream.redirected_to.startswith(f"/_engine/sub/{engine.prefix}")
    return stream


def test_the_config_the_engine_runs_is_the_one_the_docs_show(engine):
    config = engine.node.config.read_text()
    locations = engine_locations()
    assert locations in config
    assert "nchan_subscriber http-raw-stream" in locations and "X-Roadsvc-Engine" in locations
    assert "secure_link $arg_sig,$arg_expires;" in locations and "deny all;" in locations
    assert engine_main() == "worker_shutdown_timeout 5s;\n" and engine_main() in config  # a reload ends old streams


def test_each_stream_gets_what_its_key_may_see_from_the_engine_in_order_once(engine):
    table, other = engine.floor.table_ids
    display = engine_stream(engine, engine.floor.display_key, f"?table_id={table}")
    pitboss = engine_stream(engine, engine.floor.pitboss_key, f"?table_id={table}")
    floor_display = engine_stream(engine, engine.floor.display_key)
    floor_pitboss = engine_stream(engine, engine.floor.pitboss_key)
    post_hand(engine, 0, 1)
    note = operators_note(engine, 0)
    post_hand(engine, 1, 1)
    post_hand(engine, 0, 2)
    assert engine.publish() == 4
    shown = [(e.type, e.data["table_id"]) for e in events(display, 2)]
    assert shown == [("hand", table), ("hand", table)]
    to_pitboss = events(pitboss, 3)
    assert [e.type for e in to_pitboss] == ["hand", "pit_note", "hand"] and to_pitboss[1].id == note
    assert SECRET in to_pitboss[1].data["note"]
    assert [(e.type, e.data["table_id"]) for e in events(floor_display, 3)] == [("hand", table), ("hand", other), ("hand", table)]
    everything = events(floor_pitboss, 4)
    assert [e.type for e in everything] == ["hand", "pit_note", "hand", "hand"]
    assert [e.id for e in everything] == sorted(e.id for e in everything)
    post_hand(engine, 1, 2)  # the display's next event is the next hand of its table, not the note
    post_hand(engine, 0, 3)
    engine.publish()
    (next_one,) = events(display, 1)
    assert next_one.data["number"] == 3 and next_one.id > everything[-1].id
    for stream in (display, pitboss, floor_display, floor_pitboss):
        stream.close()


def test_a_display_never_receives_a_closed_fourth_card_or_an_operators_event_and_a_pit_boss_does(engine):
    with requests.post(f"{engine.roadsvc}/api/v1/tables", json={"name": "Niu Niu E", "game": "niuniu"},
                       headers={"Authorization": f"Bearer {engine.floor.pitboss_key}"}, timeout=10) as answer:
        assert answer.status_code == 201, answer.text
        niuniu = answer.json()["id"]
    engine.publish()
    display = engine_stream(engine, engine.floor.display_key, f"?table_id={niuniu}")
    pitboss = engine_stream(engine, engine.floor.pitboss_key, f"?table_id={niuniu}")
    dealer = {"Authorization": f"Bearer {engine.floor.dealer_key}"}
    rounds = f"{engine.roadsvc}/api/v1/tables/{niuniu}/rounds"
    assert requests.post(rounds, json={"hands": NIUNIU}, headers=dealer, timeout=10).status_code == 201
    with engine.db.write() as session:
        append_event(session, "round_note", table_id=niuniu, audience=OPERATORS,
                     data={"fourth_cards": sorted(FOURTH_CARDS), "secret": SECRET})
    engine.publish()
    (posted,) = events(display, 1)
    assert posted.type == "round" and posted.data["action"] == "posted"
    assert [card for card in FOURTH_CARDS if f'"{card}"' in json.dumps(posted.data)] == []
    to_pitboss = events(pitboss, 2)
    assert [e.type for e in to_pitboss] == ["round", "round_note"]
    assert to_pitboss[1].data["secret"] == SECRET
    assert requests.post(f"{rounds}/1/open", json={}, headers=dealer, timeout=10).status_code == 200
    engine.publish()
    (opened,) = events(display, 1)  # the operators' note never came: the next is the opening
    assert opened.type == "round" and opened.id > to_pitboss[1].id
    assert all(card in json.dumps(opened.data) for card in FOURTH_CARDS)  # open now: every reader sees them
    display.close()
    pitboss.close()


def test_a_stream_resumes_with_last_event_id_from_the_engine_or_from_the_log_missing_nothing(engine):
    table = engine.floor.table_ids[1]
    display = engine_stream(engine, engine.floor.display_key, f"?table_id={table}")
    post_hand(engine, 1, 3)
    engine.publish()
    (seen,) = events(display, 1)
    display.close()
    post_hand(engine, 1, 4)
    post_hand(engine, 1, 5)
    engine.publish()
    resumed = engine_stream(engine, engine.floor.display_key, f"?table_id={table}", last_event_id=seen.id)
    assert "from=" in resumed.redirected_to  # the signed position: after the engine's message of event `seen`
    assert [e.data["number"] for e in events(resumed, 2)] == [4, 5]  # from the engine (no good roads on this table yet)
    resumed.close()
    for number in range(6, 6 + KEEP + 2):  # more than the ledger keeps: hand 5 is no longer in it
        post_hand(engine, 1, number)
    engine.publish()
    from_log = open_stream(engine, engine.floor.display_key, f"?table_id={table}", last_event_id=seen.id)
    assert from_log.redirected_to is None and from_log.next().comments == ROADSVC_OPENING  # roadsvc's own stream answers from the log
    assert hands(from_log, KEEP + 4) == list(range(4, 6 + KEEP + 2))
    post_hand(engine, 1, 6 + KEEP + 2)
    assert hands(from_log, 1) == [6 + KEEP + 2]  # then the live ones (from roadsvc's hub)
    from_log.close()


def test_a_revoked_keys_streams_end_and_it_cannot_open_another(engine):
    admin = Database(engine.db.url)
    try:
        from roadsvc.services.keys.lifecycle import create_key, revoke_key
        info, key = create_key(admin, "display", "to be revoked")
        stream = engine_stream(engine, key, f"?table_id={engine.floor.table_ids[0]}")
        revoke_key(admin, info.id)
    finally:
        admin.dispose()
    engine.publish()
    with pytest.raises(ConnectionError):
        for _ in range(100):
            stream.next()
    stream.close()
    refused = SseConnection(engine.base, key, f"?table_id={engine.floor.table_ids[0]}")
    assert refused.status == 401
    refused.close()


def test_quiet_channels_get_the_engines_keep_alive(engine):
    stream = engine_stream(engine, engine.floor.display_key, f"?table_id={engine.floor.table_ids[0]}")
    try:
        # The previous test may have published a moment ago (on a fast machine, less than the two thirds of
        # the 0.3 s keep-alive that make a channel due): a keep-alive interval passes on the publisher's clock.
        engine.clock.advance(0.3)
        assert engine.publisher.keep_alive(engine.floor.table_ids) == 2 * (len(engine.floor.table_ids) + 1)
        assert stream.next().comments == ["keep-alive"]
    finally:
        stream.close()


def test_a_stream_of_several_tables_is_served_by_roadsvc_with_the_same_events(engine):
    one, two = engine.floor.table_ids
    both = open_stream(engine, engine.floor.display_key, f"?table_id={one}&table_id={two}")
    assert both.next().comments == ["roadsvc events"]
    before = event_log.newest_event_id(engine.db)
    post_hand(engine, 0, 4)
    post_hand(engine, 1, 6 + KEEP + 3)
    got = events(both, 2)
    assert [e.data["table_id"] for e in got] == [one, two] and got[0].id > before
    both.close()


def signed_url(engine: EngineFloor, key: str, query: str = "", last_event_id: int | None = None) -> str:
    """The engine URL roadsvc redirects this stream to (not followed)."""
    answer = SseConnection(engine.base, key, query, last_event_id=last_event_id, timeout=10, follow=False)
    answer.close()
    assert answer.status == 307 and "no-store" in answer.headers["cache-control"]
    return answer.headers["location"]


def engine_answer(engine: EngineFloor, url: str) -> tuple[int, dict, dict | None]:
    """The engine's status, headers and JSON refusal (None for a stream, whose body never ends)."""
    with requests.get(engine.base + url, stream=True, timeout=10) as answer:
        return answer.status_code, answer.headers, None if answer.status_code == 200 else answer.json()


def test_nginx_refuses_a_signed_url_whose_channels_position_or_expiry_were_changed(engine):
    table = engine.floor.table_ids[0]
    url = signed_url(engine, engine.floor.display_key, f"?table_id={table}")
    path, query = url.split("?")
    view, key_channel = path.split("/")[-2:]
    assert view == f"{engine.prefix}t{table}" and key_channel.startswith(f"{engine.prefix}k")
    status, headers, _ = engine_answer(engine, url)
    assert status == 200 and headers["Content-Type"] == "text/event-stream"
    expires = int(dict(pair.split("=") for pair in query.split("&"))["expires"])
    changed = [url.replace(f"/{view}/", f"/{view}.ops/"),  # a display's URL to the operators' channel
               url.replace(f"/{view}/", f"/{engine.prefix}floor.ops/"),
               url.replace(f"/{key_channel}?", f"/{engine.prefix}k999999?"),  # out of its key's reach (revocation)
               url.replace("?", "?from=1800000000%3A0&"),  # a position it was not given
               url.replace(f"expires={expires}", f"expires={expires + 3600}"),  # a longer life
               url.replace("&sig=", "&sig=A"), path + "?" + query.split("&sig=")[0]]
    for other in changed:
        status, _, refusal = engine_answer(engine, other)
        assert status == 403 and refusal["code"] == "engine_url_invalid", other


def test_nginx_refuses_an_expired_signed_url_and_the_stream_opens_again_through_roadsvc(engine):
    from roadsvc.stream.engine.signing import EngineUrls
    table = engine.floor.table_ids[0]
    url = signed_url(engine, engine.floor.display_key, f"?table_id={table}")
    path = url.split("?")[0]
    view, key_channel = path.split("/")[-2:]
    minute_ago = EngineUrls(ENGINE_SECRET, 5, "/_engine/sub", clock=lambda: time.time() - 60).url(view, key_channel, None)
    status, headers, refusal = engine_answer(engine, minute_ago)  # signed as roadsvc signs, a minute ago
    assert status == 410 and refusal["code"] == "engine_url_expired" and "no-store" in headers["Cache-Control"]
    engine.publish()  # what came before (a stream opens at the next message)
    again = engine_stream(engine, engine.floor.display_key, f"?table_id={table}")  # a reconnect asks roadsvc anew
    post_hand(engine, 0, 5)
    engine.publish()
    assert hands(again, 1) == [5]
    again.close()


def test_the_benchs_native_displays_follow_the_redirect_and_count_every_hand_they_receive(engine):
    """bench/events.py's figures are the native displays' (bench/_displays.c): each stream follows roadsvc's
    307 to the engine and records every hand of its table once; a refused stream is counted as failed."""
    table = tables.create_table(engine.db, "Native displays", "classic", {}).id
    shoe = shoe_open(engine.db, table)
    engine.publish()
    host, port = engine.base.removeprefix("http://").split(":")
    displays = NativeDisplayClients(2, host, int(port), engine.floor.display_key, [table], opening=False)
    refused = NativeDisplayClients(1, host, int(port), "rs_not_a_key", [table], opening=False)
    try:
        assert displays.open(5) == (5, 0)
        assert refused.open(2) == (0, 2)
        posted = time.monotonic()
        hand_1, hand_2 = dealt_hands(seed=9)[0][:2]
        with requests.Session() as dealer:
            dealer.headers["Authorization"] = f"Bearer {engine.floor.dealer_key}"
            for number, hand in ((1, hand_1), (2, hand_2)):
                answer = dealer.post(f"{engine.roadsvc}/api/v1/tables/{table}/hands", json=hand_body(hand, number, shoe),
                                     timeout=10)
                assert answer.status_code == 201, answer.text
        engine.publish()
        arrivals, deadline = [], time.monotonic() + 10
        while len(arrivals) < 10 and time.monotonic() < deadline:
            arrivals += displays.collect()
        assert sorted((t, n) for t, n, _, _ in arrivals) == [(table, 1)] * 5 + [(table, 2)] * 5
        assert all(posted < at <= time.monotonic() for _, _, at, _ in arrivals)
        assert len({display for _, _, _, display in arrivals}) == 5  # each display told apart (lost, duplicates)  # the clock the bench's dealers use
    finally:
        displays.stop()
        refused.stop()


def publish_through(publish: Callable[[], int], attempts: int = 50) -> None:
    """Publish, again while a node is restarting its workers (its connection reset, refused a moment) or a node
    starting beside it on the same Redis answers 500 a moment: the publisher's loop retries the same way."""
    for _ in range(attempts - 1):
        try:
            publish()
            return
        except Exception:  # noqa: BLE001 - see above
            time.sleep(0.1)
    publish()


@contextmanager
def a_table_and_its_dealer(engine, name: str, seed: int) -> Iterator[tuple[int, Callable[[int], None]]]:
    """A new table (its id) with an open shoe, published, and its dealer's post of hand N of a dealt shoe."""
    table = tables.create_table(engine.db, name, "classic", {}).id
    shoe = shoe_open(engine.db, table)
    publish_through(engine.publish)
    hands_dealt = dealt_hands(seed=seed)[0]
    with requests.Session() as dealer:
        dealer.headers["Authorization"] = f"Bearer {engine.floor.dealer_key}"

        def post(number: int) -> None:
            answer = dealer.post(f"{engine.roadsvc}/api/v1/tables/{table}/hands",
                                 json=hand_body(hands_dealt[number - 1], number, shoe), timeout=10)
            assert answer.status_code == 201, answer.text

        yield table, post


@contextmanager
def displays_and_a_dealer(engine, name: str, seed: int, count: int = 4,
                          port: int | None = None) -> Iterator[tuple[int, NativeDisplayClients, Callable[[int], None]]]:
    """A table and its dealer (a_table_and_its_dealer), and `count` native displays streaming it through the
    module's engine node (or those on `port`), reconnecting after a second of silence, as docs/events.md's client
    rules say."""
    with a_table_and_its_dealer(engine, name, seed) as (table, post):
        host, its_port = engine.base.removeprefix("http://").split(":")
        displays = NativeDisplayClients(1, host, port or int(its_port), engine.floor.display_key, [table],
                                        opening=False, silence=1.0, spread=1.0)
        try:
            assert displays.open(count) == (count, 0)
            yield table, displays, post
        finally:
            displays.stop()


def hands_by_display(displays: NativeDisplayClients, expected: int) -> list[list[int]]:
    """Each display's hand numbers in arrival order, once `expected` arrivals came (or 30 s passed)."""
    arrivals, deadline = [], time.monotonic() + 30
    while len(arrivals) < expected and time.monotonic() < deadline:
        arrivals += displays.collect()
    by_display: dict[int, list[int]] = {}
    for _, number, _, display in sorted(arrivals, key=lambda arrival: arrival[2]):
        by_display.setdefault(display, []).append(number)
    return sorted(by_display.values())


def test_after_the_publisher_restarts_every_display_has_every_hand_once_and_none_again(engine):
    """roadsvc restarted with its publisher (one publisher on the floor): no keep-alive while it is down, so the
    displays (silent for a second) reconnect with Last-Event-ID through roadsvc to the engine; hands are committed
    meanwhile; a new publisher (a new process: no memory of the old one's posts) takes over from the cursor. Each
    display has every hand once, in order, and the engine sent none of them again (a display counts an event it
    had as a repeat: docs/events.md, client rule 2)."""
    with displays_and_a_dealer(engine, "Restarted", seed=12) as (table, displays, post):
        post(1)
        engine.publish()
        engine.publisher.keep_alive([table])  # each display's position: hand 1's id, or the keep-alive's
        silent = displays.status()[2]
        reconnected, deadline = 0, time.monotonic() + 30
        while reconnected < 4 and time.monotonic() < deadline:  # the publisher down: silence, then reconnects
            reconnected = displays.status()[2] - silent
            time.sleep(0.05)  # asked every 50 ms: a client asked without pause answered but checked no silence
        assert reconnected >= 4
        post(2)
        post(3)
        restarted = EnginePublisher(engine.db, NchanClient([engine.node.publish_url]), Ledger(REDIS, engine.prefix, keep=KEEP),
                                    engine.prefix, keepalive=0.3, clock=engine.clock)
        try:
            assert restarted.publish_pending() >= 2
        finally:
            restarted.engine.close()
        assert hands_by_display(displays, 12) == [[1, 2, 3]] * 4
        assert displays.status()[5] == 0  # no event sent again to a display that had it


def test_after_an_engine_reload_every_display_has_every_hand_once(engine):
    """nginx -s reload: the old workers close their streams, or leave them on channels that no longer deliver.
    The displays (bench/_displays.c, following docs/events.md's client rules) reconnect when closed or after
    a second of silence, with Last-Event-ID: roadsvc redirects each to the engine from its last event, and
    each display has every hand once, in order."""
    with displays_and_a_dealer(engine, "Reloaded", seed=11) as (table, displays, post):
        post(1)
        publish_through(engine.publish)
        os.kill(engine.node.process.pid, signal.SIGHUP)  # nginx -s reload
        for number in (2, 3):
            post(number)
            publish_through(engine.publish)
        assert hands_by_display(displays, 12) == [[1, 2, 3]] * 4  # each display: every hand, once, in order


def test_nodes_sharing_a_port_restarted_one_at_a_time_leave_every_display_every_hand_once(engine, tmp_path):
    """docs/deployment.md's engine nodes of one worker: two nginx processes on one port (SO_REUSEPORT), the displays
    spread over them by the kernel. Each node is stopped while a hand is posted, and started again, in turn (how a
    change of their config is applied: such a node is never reloaded); a stopped node's displays reconnect with
    Last-Event-ID to the other, and each display has every hand once, in order."""
    machine = EngineMachine([engine.roadsvc.removeprefix("http://")], ENGINE_REDIS, tmp_path, nodes=2)
    machine.start()
    try:
        with displays_and_a_dealer(engine, "Two nodes", seed=14, count=6, port=machine.port) as (_, displays, post):
            post(1)
            publish_through(engine.publish)  # through the module's node: every node shares the channels in Redis
            for number, node in zip((2, 3), machine.nodes):
                node.stop()
                post(number)
                publish_through(engine.publish)
                node.start()
            assert hands_by_display(displays, 18) == [[1, 2, 3]] * 6
    finally:
        machine.stop()


# On this node a table's display channel (`<prefix>t<id>`, not a moved one's `-<n>` name nor `.ops`) delivers nothing,
# as nchan leaves some after an engine restart or a killed node: its subscribers are held on another channel.
DEAF = r"""
        location ~ ^/_engine/sub/(\w+\.t\d+)/([\w.-]+)$ {
            nchan_subscriber http-raw-stream;
            nchan_channel_id $1.deaf $2;
            nchan_subscriber_first_message newest;
            nchan_redis_pass roadsvc_engine_redis;
            add_header Content-Type text/event-stream always;
        }
"""


def test_a_channel_that_delivers_nothing_is_found_moved_and_its_display_resumes_there_missing_nothing(engine,
                                                                                                     tmp_path):
    """A display that had the table's first event comes back (it heard nothing: rule 5) with its Last-Event-ID; it
    missed an event, so it names the channel; the publisher's probe, subscribed on the node, hears nothing for a
    keep-alive interval (the table's operators' channel, named too, is heard: left alone), and the publisher moves the
    channel: the display's next resume is redirected to the new name, from its event, and gets every hand once."""
    deaf = EngineNode([engine.roadsvc.removeprefix("http://")], ENGINE_REDIS, tmp_path / "deaf-node", first=DEAF)
    deaf.start()
    ledger = Ledger(REDIS, engine.prefix, keep=KEEP)
    nchan = NchanClient([deaf.publish_url])
    probe = ChannelProbe([deaf.publish_url], EngineUrls(ENGINE_SECRET, 5, "/_engine/sub"), probe_channel(engine.prefix),
                         grace=2.0)  # a loaded machine's delivery of the keep-alive to the channel that delivers
    mover = EnginePublisher(engine.db, nchan, ledger, engine.prefix, keepalive=0.3, probe=probe, clock=engine.clock)
    try:
        with a_table_and_its_dealer(engine, "Deaf", seed=13) as (table, post):
            opened = ledger.newest(f"{engine.prefix}t{table}")  # the table's first event, which the display had
            post(1)
            publish_through(mover.publish_pending)
            channel = f"{engine.prefix}t{table}"
            query = f"?table_id={table}"
            back = SseConnection(deaf.base, engine.floor.display_key, query, last_event_id=opened, timeout=10)
            assert back.status == 200 and back.redirected_to.startswith(f"/_engine/sub/{channel}/")  # the deaf one
            back.close()
            assert channel in ledger.suspects(100)  # (the earlier tests' resumes named theirs: not checked here)
            ledger.suspect(channel)
            ledger.suspect(channel + ".ops")  # a channel that delivers: named too
            assert mover.check_channels() == []  # the probe subscribes to both
            engine.clock.advance(0.4)
            assert mover.keep_alive([table]) == 4  # what a live subscription hears within the interval
            assert mover.check_channels() == [channel]
            name = ledger.names()[channel]
            assert name.startswith(channel + "-") and channel + ".ops" not in ledger.names()
            resumed = SseConnection(deaf.base, engine.floor.display_key, query, last_event_id=opened, timeout=10)
            assert resumed.status == 200 and resumed.redirected_to.startswith(f"/_engine/sub/{name}/")
            assert hands(resumed, 1) == [1]  # from the engine's new channel (the redirect above)
            post(2)
            mover.publish_pending()
            assert hands(resumed, 1) == [2]
            resumed.close()
    finally:
        nchan.close()
        deaf.stop()
