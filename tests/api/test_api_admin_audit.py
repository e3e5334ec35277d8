"""The audit trail of administrative changes, and key expiry and rotation through the API."""

from __future__ import annotations

from datetime import timedelta

from roadsvc.persistence.models import utcnow

AUDIT = "/api/v1/audit"


def kinds(page) -> list[str]:
    return [record["kind"] for record in page["items"]]


def test_table_settings_changes_are_recorded_with_who_and_before_after(api, table):
    changed = api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"good_roads": {"long_banker": 6}}}, role="pitboss")
    assert changed.status_code == 200
    page = api.get(f"{AUDIT}?table_id={table['id']}&kind=table.updated", role="pitboss").json
    (record,) = page["items"]
    assert record["actor"] == "test pitboss (key 4)" and record["key_id"] == 4 and record["subject"] == f"table {table['id']}"
    assert record["before"]["settings"] == {} and record["after"]["settings"] == {"good_roads": {"long_banker": 6}}
    assert record["at"] and page["total"] == 1


def test_a_refused_change_leaves_no_record(api, table):
    refused = api.patch(f"/api/v1/tables/{table['id']}", {"rule_set": "poker"}, role="pitboss")
    assert refused.status_code == 422
    assert api.get(f"{AUDIT}?kind=table.updated", role="admin").json["total"] == 0


def test_the_shoe_life_is_recorded(api, table):
    tid = table["id"]
    shoe = api.post(f"/api/v1/tables/{tid}/shoes", {"decks": 8}, role="dealer").json
    api.post(f"/api/v1/tables/{tid}/shoes/{shoe['id']}/cut-card", {}, role="dealer")
    api.post(f"/api/v1/tables/{tid}/shoes/{shoe['id']}/close", {}, role="pitboss")
    page = api.get(f"{AUDIT}?table_id={tid}", role="pitboss").json
    assert kinds(page) == ["shoe.closed", "shoe.cut_card", "shoe.opened", "table.created"]
    closed, cut, opened = page["items"][:3]
    assert closed["before"]["status"] == "open" and closed["after"]["status"] == "closed" and closed["actor"].startswith("test pitboss")
    assert cut["before"]["last_hand"] is None and cut["after"]["last_hand"] == 1 and cut["actor"].startswith("test dealer")
    assert opened["before"] is None and opened["after"]["number"] == 1


def test_keys_created_revoked_and_rotated_are_recorded_without_secrets(api):
    created = api.post("/api/v1/keys", {"role": "display", "name": "lobby screen"}).json
    api.delete(f"/api/v1/keys/{created['id']}")
    other = api.post("/api/v1/keys", {"role": "display"}).json
    rotated = api.post(f"/api/v1/keys/{other['id']}/rotate", {})
    assert rotated.status_code == 201
    page = api.get(f"{AUDIT}?page_size=100", role="admin")
    text = page.get_data(as_text=True)
    assert created["key"] not in text and rotated.json["key"] not in text and "key_hash" not in text
    assert kinds(page.json)[:4] == ["key.rotated", "key.created", "key.revoked", "key.created"]
    rotation, revocation = page.json["items"][0], page.json["items"][2]
    assert rotation["after"]["successor"]["id"] == rotated.json["id"] and rotation["after"]["expires_at"]
    assert revocation["before"]["revoked_at"] is None and revocation["after"]["revoked_at"]


def test_the_trail_is_paged_filtered_and_for_pitboss_and_admin_only(api):
    for number in range(5):
        api.post("/api/v1/tables", {"name": f"T{number}", "rule_set": "classic"}, role="pitboss")
    first = api.get(f"{AUDIT}?kind=table.created&page=1&page_size=2", role="pitboss").json
    third = api.get(f"{AUDIT}?kind=table.created&page=3&page_size=2", role="pitboss").json
    assert first["total"] == 5 and len(first["items"]) == 2 and len(third["items"]) == 1
    assert [r["after"]["name"] for r in first["items"]] == ["T4", "T3"] and third["items"][0]["after"]["name"] == "T0"
    for role in ("display", "game_server", "dealer"):
        assert api.get(AUDIT, role=role).status_code == 403
    assert api.get(AUDIT, role=None).status_code == 401
    bad = api.get(f"{AUDIT}?kind=table.deleted", role="admin")
    assert bad.status_code == 422 and bad.json["field"] == "kind"


def test_a_key_with_an_expiry_stops_working_then_with_a_clear_code(app, api):
    created = api.post("/api/v1/keys", {"role": "display", "expires_in": "30d"}).json
    headers = {"Authorization": f"Bearer {created['key']}"}
    assert api.client.get("/api/v1/tables", headers=headers).status_code == 200
    verifier = app.extensions["roadsvc.keys"]
    verifier.now = lambda: utcnow() + timedelta(days=30, seconds=1)
    expired = api.client.get("/api/v1/tables", headers=headers)
    assert expired.status_code == 401 and expired.json["code"] == "expired_key"
    assert api.post("/api/v1/keys", {"role": "display", "expires_in": "30x"}).status_code == 422
    assert api.post("/api/v1/keys", {"role": "display", "expires_in": "5s"}).json["code"] == "invalid_duration"


def test_a_rotated_key_works_beside_its_successor_for_the_grace_period(app, api):
    old = api.post("/api/v1/keys", {"role": "dealer", "name": "reader 3"}).json
    rotated = api.post(f"/api/v1/keys/{old['id']}/rotate", {}).json
    assert rotated["name"] == "reader 3" and rotated["role"] == "dealer" and rotated["previous"]["id"] == old["id"]
    grace = app.config["KEY_ROTATION_GRACE"]
    for key in (old["key"], rotated["key"]):
        assert api.client.get("/api/v1/tables", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    app.extensions["roadsvc.keys"].now = lambda: utcnow() + timedelta(seconds=grace + 1)
    late = api.client.get("/api/v1/tables", headers={"Authorization": f"Bearer {old['key']}"})
    assert late.status_code == 401 and late.json["code"] == "expired_key"
    assert api.client.get("/api/v1/tables", headers={"Authorization": f"Bearer {rotated['key']}"}).status_code == 200
    assert api.post(f"/api/v1/keys/{old['id']}/rotate", {}).status_code == 201  # still within grace in the database
    api.delete(f"/api/v1/keys/{old['id']}")
    assert api.post(f"/api/v1/keys/{old['id']}/rotate", {}).json["code"] == "key_inactive"
