"""The engine's signed stream URLs (roadsvc.stream.engine.signing) and roadsvc's redirect to them: what
nginx's secure_link checks (docs/nginx-engine.conf's `secure_link_md5` line) is what roadsvc signs, every
part of the URL is bound by the signature, and only an authorized stream that came through the engine is
redirected. (nginx refusing a changed or expired URL: tests/reliability/test_engine_streams.py.)"""

from __future__ import annotations

import base64
import hashlib
from itertools import islice
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from roadsvc.services.keys.lifecycle import create_key
from roadsvc.stream.engine.handover import Handover, engine_handover
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.signing import EngineUrls, signature

SECRET = "unit-engine-secret-0123"
CONFIG = Path(__file__).resolve().parents[2] / "docs" / "nginx-engine.conf"


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def parts(url: str) -> tuple[str, dict[str, str]]:
    split = urlsplit(url)
    return split.path, dict(parse_qsl(split.query))


def test_the_signature_is_nginxs_secure_link_md5_of_the_documented_string():
    assert 'secure_link_md5 "$secure_link_expires|$uri|$arg_from|$roadsvc_engine_secret";' in CONFIG.read_text()
    assert "secure_link $arg_sig,$arg_expires;" in CONFIG.read_text()
    urls = EngineUrls(SECRET, 10, "/_engine/sub", clock=Clock())
    url = urls.url("roadsvc.t7", "roadsvc.k5", "1800000000:3")
    path, query = parts(url)
    assert path == "/_engine/sub/roadsvc.t7/roadsvc.k5"
    assert query["expires"] == "1800000010" and query["from"] == "1800000000:3"
    assert "from=1800000000%3A3&" in url  # $arg_from is the raw, encoded value: that is what is signed
    signed = f"1800000010|/_engine/sub/roadsvc.t7/roadsvc.k5|1800000000%3A3|{SECRET}".encode()
    assert query["sig"] == base64.urlsafe_b64encode(hashlib.md5(signed).digest()).decode().rstrip("=")
    assert len(query["sig"]) == 22  # 16 bytes, base64url without padding, as nginx decodes it


def test_a_new_stream_has_no_position_and_every_part_changes_the_signature():
    clock = Clock()
    urls = EngineUrls(SECRET, 10, "/_engine/sub", clock=clock)
    new = urls.url("roadsvc.t7", "roadsvc.k5", None)
    assert "from=" not in new and parts(new)[1]["sig"] == signature(SECRET, "/_engine/sub/roadsvc.t7/roadsvc.k5", "",
                                                                     1_800_000_010)
    sig = parts(new)[1]["sig"]
    others = [urls.url("roadsvc.t8", "roadsvc.k5", None), urls.url("roadsvc.t7.ops", "roadsvc.k5", None),
              urls.url("roadsvc.t7", "roadsvc.k6", None), urls.url("roadsvc.t7", "roadsvc.k5", "1800000000:1"),
              EngineUrls(SECRET + "x", 10, "/_engine/sub", clock=clock).url("roadsvc.t7", "roadsvc.k5", None)]
    clock.now += 1
    others.append(urls.url("roadsvc.t7", "roadsvc.k5", None))
    assert sig not in {parts(url)[1]["sig"] for url in others}
    # The fields cannot be shifted into each other: a channel never holds the separator.
    with pytest.raises(ValueError):
        urls.url("roadsvc.t7|x", "roadsvc.k5", None)
    with pytest.raises(ValueError):
        urls.url("roadsvc.t7", "roadsvc.k5/x", None)


def test_the_expiry_is_the_ttl_after_now_rounded_up():
    clock = Clock(1_800_000_000.4)
    assert parts(EngineUrls(SECRET, 2.5, "/s", clock=clock).url("a.t1", "a.k1", None))[1]["expires"] == "1800000003"


def test_a_short_secret_or_a_ttl_of_nothing_is_refused_at_start():
    with pytest.raises(ValueError, match="ROADSVC_ENGINE_SECRET"):
        EngineUrls("short", 10, "/s")
    with pytest.raises(ValueError, match="ROADSVC_ENGINE_URL_TTL"):
        EngineUrls(SECRET, 0, "/s")
    settings = {"ENGINE_SECRET": "", "ENGINE_PREFIX": "p.", "REDIS_URL": "redis://127.0.0.1:1/0",
                "ENGINE_LEDGER_KEEP": 10, "ENGINE_LEDGER_MAX_AGE": 60.0, "ENGINE_URL_TTL": 10.0,
                "ENGINE_SUBSCRIBE_PATH": "/_engine/sub/", "ENGINE_SILENT_AFTER": 15.0}
    assert engine_handover(settings) is None  # no secret: roadsvc serves every stream itself
    handover = engine_handover({**settings, "ENGINE_SECRET": SECRET})
    assert handover.urls.subscribe_path == "/_engine/sub" and handover.urls.ttl == 10.0


@pytest.fixture
def engine_app(app, ledger):
    """The app with a handover to the engine, its ledger in the local Redis (no channel moved: each its own name)."""
    app.extensions["roadsvc.engine"] = Handover(ledger, ledger.prefix, EngineUrls(SECRET, 10, "/_engine/sub", clock=Clock()))
    return app


def test_an_authorized_stream_through_the_engine_is_redirected_to_its_signed_url(engine_app, api):
    database = engine_app.extensions["roadsvc.db"]
    table = api.post("/api/v1/tables", {"name": "E1", "rule_set": "classic"}, role="pitboss").json["id"]
    info, display = create_key(database, "display", "engine display")
    pitboss_info, pitboss = create_key(database, "pitboss", "engine pit boss")
    through = {"X-Roadsvc-Engine": "1"}
    answer = api.client.get(f"/api/v1/events?table_id={table}", headers={"Authorization": f"Bearer {display}", **through})
    assert answer.status_code == 307 and "no-store" in answer.headers["Cache-Control"]
    prefix = engine_app.extensions["roadsvc.engine"].prefix
    assert answer.headers["Location"] == EngineUrls(SECRET, 10, "/_engine/sub", clock=Clock()).url(
        f"{prefix}t{table}", f"{prefix}k{info.id}", None)  # relative: the client follows it on the same host
    assert display not in answer.headers["Location"]
    floor = api.client.get("/api/v1/events", headers={"Authorization": f"Bearer {pitboss}", **through})
    assert parts(floor.headers["Location"])[0] == f"/_engine/sub/{prefix}floor.ops/{prefix}k{pitboss_info.id}"


def test_a_refused_stream_is_never_redirected_and_one_not_through_the_engine_is_roadsvcs(engine_app, api):
    through = {"X-Roadsvc-Engine": "1"}
    assert api.client.get("/api/v1/events", headers=through).status_code == 401
    assert api.client.get("/api/v1/events?table_id=999", headers=api.headers("display", through)).status_code == 404
    own = api.client.get("/api/v1/events", headers=api.headers("display"), buffered=False)
    assert own.status_code == 200 and own.mimetype == "text/event-stream"
    own.close()


def test_a_stream_held_in_the_engines_place_ends_after_the_fallback_time(engine_app, api):
    """A stream that came through the engine and that roadsvc holds (here: a resume while the engine's ledger does not
    answer, as in a Redis restart, when every reconnecting display lands on roadsvc) ends after
    ROADSVC_ENGINE_FALLBACK_SECONDS, so its client's reconnect goes back to the engine; one that did not come
    through the engine, or that names several tables (the engine has no channel for it), is roadsvc's for good."""
    table = api.post("/api/v1/tables", {"name": "E4", "rule_set": "classic"}, role="pitboss").json["id"]
    unreachable = Ledger("redis://127.0.0.1:1/0", "unit.")  # nothing listens there
    engine_app.extensions["roadsvc.engine"] = Handover(unreachable, "unit.", EngineUrls(SECRET, 10, "/_engine/sub"))
    engine_app.config.update(ENGINE_FALLBACK_SECONDS=0.0, EVENTS_KEEPALIVE=0.1)  # a stream going on: keep-alives
    held = api.client.get(f"/api/v1/events?table_id={table}", buffered=False,
                          headers=api.headers("display", {"X-Roadsvc-Engine": "1", "Last-Event-ID": "0"}))
    assert held.status_code == 200
    assert [chunk[:4] for chunk in islice(held.response, 3)] == [b"retr", b"id: "]  # opening, the table's event, end
    held.close()
    own = api.client.get(f"/api/v1/events?table_id={table}", buffered=False,
                         headers=api.headers("display", {"Last-Event-ID": "0"}))
    assert [chunk[:4] for chunk in islice(own.response, 3)] == [b"retr", b"id: ", b": ke"]  # going on
    own.close()
    other = api.post("/api/v1/tables", {"name": "E5", "rule_set": "classic"}, role="pitboss").json["id"]
    several = api.client.get(f"/api/v1/events?table_id={table}&table_id={other}", buffered=False,
                             headers=api.headers("display", {"X-Roadsvc-Engine": "1"}))  # never the engine's
    chunks = [chunk[:4] for chunk in islice(several.response, 3)]  # E5's creation first, if the hub had not read it
    assert chunks[0] == b"id: " and chunks[-1] == b": ke"  # going on (the held one ended after its opening and event)
    several.close()
