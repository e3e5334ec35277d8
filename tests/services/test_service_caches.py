"""The in-process caches are bounded and keyed so they can never serve a stale state."""

from __future__ import annotations

from roadsvc.api.baccarat.schemas.roads import roads_json
from roadsvc.config import load_settings
from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.keys.lifecycle import create_key, revoke_key
from roadsvc.services.keys.verifier import KeyVerifier
from roadsvc.services.caches import LRU
from roadsvc.services.baccarat.snapshots import SnapshotCache


def test_the_lru_keeps_the_most_recently_used_entries():
    cache: LRU[int] = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recent
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache)) == (1, None, 3, 2)


def test_the_snapshot_cache_holds_at_most_its_size_and_follows_revisions(db):
    table = tables.create_table(db, "T")
    shoe = shoes.open_shoe(db, table.id)
    cache = SnapshotCache(db, roads_json, max_entries=3)
    revisions = []
    for _ in range(5):
        posted = hands.post_hand(db, table.id, parse_hand({"result": "banker"}))
        revision, body = cache.body(shoe.id, posted.revision)
        revisions.append(revision)
        assert f'"revision":{posted.revision}'.encode() in body
    assert revisions == sorted(set(revisions))
    assert len(cache.bodies) == 3 and len(cache.documents) == 3


def test_the_key_verifier_asks_the_database_once_per_ttl(db):
    info, plain = create_key(db, "display")
    now = [0.0]
    verifier = KeyVerifier(db, ttl=5, clock=lambda: now[0])
    assert verifier.verify(plain).role == "display"
    revoke_key(db, info.id)
    now[0] = 4.9
    assert verifier.verify(plain) is not None  # still cached: revocation waits for the TTL
    now[0] = 5.1
    assert verifier.verify(plain) is None
    assert verifier.verify("rs_unknown") is None


def test_the_key_verifier_stays_bounded(db):
    verifier = KeyVerifier(db, ttl=60, max_size=10)
    for i in range(25):
        verifier.verify(f"rs_guess_{i}")
    assert len(verifier._cache) == 10


def test_settings_come_from_roadsvc_environment_variables(tmp_path):
    environ = {
        "ROADSVC_DATABASE_URL": "postgresql+psycopg://u@h/db",
        "ROADSVC_SNAPSHOT_CACHE_SIZE": "7",
        "ROADSVC_KEY_CACHE_TTL": "0.5",
        "ROADSVC_MAX_CONTENT_LENGTH": "2048",
    }
    settings = load_settings(environ)
    assert (settings["DATABASE_URL"], settings["SNAPSHOT_CACHE_SIZE"], settings["KEY_CACHE_TTL"]) == (
        "postgresql+psycopg://u@h/db", 7, 0.5,
    )
    assert settings["MAX_CONTENT_LENGTH"] == 2048
    default = load_settings({"ROADSVC_INSTANCE_PATH": str(tmp_path / "inst")})
    assert default["DATABASE_URL"] == f"sqlite:///{tmp_path / 'inst' / 'roadsvc.db'}"
    assert load_settings({}, overrides={"SNAPSHOT_CACHE_SIZE": 3})["SNAPSHOT_CACHE_SIZE"] == 3
