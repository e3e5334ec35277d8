"""A 百人牛牛 table's settings as a contract (issue 34): unknown keys refused, amounts as decimal strings,
a PATCH merging `settings.niuniu` key by key as the top-level settings merge."""

import pytest


def create(api, niuniu_settings):
    return api.post("/api/v1/tables", {"name": "Niu S", "game": "niuniu", "settings": {"niuniu": niuniu_settings}},
                    role="pitboss")


@pytest.mark.parametrize("settings, code, field", [
    ({"foo": 1}, "invalid_setting", "settings.niuniu.foo"),
    ({"banker_min_balance": 100000}, "invalid_amount", "settings.niuniu.banker_min_balance"),
    ({"house_banker_balance": "1e30"}, "invalid_amount", "settings.niuniu.house_banker_balance"),
    ({"super_grab_cost": "9" * 32 + ".00"}, "invalid_amount", "settings.niuniu.super_grab_cost"),
    ({"commission_percent": 5}, "invalid_amount", "settings.niuniu.commission_percent"),
    ({"area_limits": {"min": "1.00", "max": "1e30", "total": "100.00"}}, "invalid_amount",
     "settings.niuniu.area_limits.max"),
])
def test_a_bad_setting_is_422_naming_it(api, settings, code, field):
    answer = create(api, settings)
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, code, field)


def test_a_patch_merges_the_niuniu_settings(api):
    table = create(api, {"seats": 4}).json["id"]
    patched = api.patch(f"/api/v1/tables/{table}", {"settings": {"niuniu": {"banker_rounds": 5}}}, role="pitboss")
    assert patched.status_code == 200, patched.json
    assert patched.json["settings"]["niuniu"] == {"seats": 4, "banker_rounds": 5}  # seats kept (was dropped)
    refused = api.patch(f"/api/v1/tables/{table}", {"settings": {"niuniu": {"sets": 2}}}, role="pitboss")
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (422, "invalid_setting",
                                                                                  "settings.niuniu.sets")
    assert api.get(f"/api/v1/tables/{table}").json["settings"]["niuniu"] == {"seats": 4, "banker_rounds": 5}
