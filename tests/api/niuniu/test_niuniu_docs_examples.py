"""docs/niuniu.md's examples and docs/game-servers.md's 百人牛牛 part run against the app as written (issue 34),
on SQLite and PostgreSQL: each example block marked `<!-- example: name -->` is sent or compared ("..." in an
answer stands for a time), the settings table's defaults are the service's, the inline PATCH merges as the
text says, and the odds command prints what the docs show."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from roadsvc.api.context import CLOCK
from roadsvc.cli import main
from roadsvc.config import PROJECT_ROOT
from roadsvc.domain.niuniu.settings import DEFAULTS

DOCS = Path(PROJECT_ROOT) / "docs"
EXAMPLE = re.compile(r"<!-- example: (?P<name>\w+)[^>]*-->\s*```(?P<kind>\w+)\n(?P<body>.*?)```", re.S)


def examples(name: str = "niuniu.md") -> dict[str, str]:
    return {found["name"]: found["body"] for found in EXAMPLE.finditer((DOCS / name).read_text())}


def example(name: str) -> Any:
    return json.loads(examples()[name])


def matches(documented: Any, answered: Any, where: str = "") -> None:
    """The answer is the documented one: the same keys and values, "..." standing for any value."""
    if documented == "...":
        return
    if isinstance(documented, dict):
        assert isinstance(answered, dict) and set(documented) == set(answered), (where, documented, answered)
        for key, value in documented.items():
            matches(value, answered[key], f"{where}.{key}")
    elif isinstance(documented, list):
        assert isinstance(answered, list) and len(documented) == len(answered), (where, documented, answered)
        for index, (value, found) in enumerate(zip(documented, answered)):
            matches(value, found, f"{where}[{index}]")
    else:
        assert documented == answered, (where, documented, answered)


@pytest.fixture
def table(api) -> int:
    """A table as the docs' settlement example has it: commission 5 %."""
    created = api.post("/api/v1/tables", {"name": "Niu 1", "game": "niuniu",
                                          "settings": {"niuniu": {"commission_percent": "5"}}}, role="pitboss")
    assert created.status_code == 201, created.json
    return created.json["id"]


def test_every_example_is_marked_and_parses():
    found = examples()
    assert set(found) >= {"post_by_order", "post_by_position", "posted", "slip", "settlement", "stakes", "odds"}
    for name, body in found.items():
        if name != "odds":
            json.loads(body)


def test_a_round_posted_by_dealing_order_answers_the_documented_round(api, table):
    answer = api.post(f"/api/v1/tables/{table}/rounds", example("post_by_order"), role="dealer")
    assert answer.status_code == 201, answer.json
    matches(example("posted"), answer.json)
    again = api.post(f"/api/v1/tables/{table}/rounds", example("post_by_order"), role="dealer")
    assert again.status_code == 200  # the same round again at its number


def test_the_same_round_by_position_deals_the_same_hands(api, table):
    answer = api.post(f"/api/v1/tables/{table}/rounds", example("post_by_position"), role="dealer")
    assert answer.status_code == 201, answer.json
    matches({**example("posted"), "first_receiver": None, "reveal": None}, answer.json)


def test_the_slip_settles_as_the_documented_settlement(api, table):
    slips, rounds = f"/api/v1/tables/{table}/slips", f"/api/v1/tables/{table}/rounds"
    taken = api.post(slips, example("slip"), role="game_server")
    assert taken.status_code == 201, taken.json
    # docs/game-servers.md: the same slip again is 200 with its first answer, another under the id 409
    text = (DOCS / "game-servers.md").read_text()
    assert "the same slip again 200 with its first answer, another under the id 409 `slip_conflict`" in text
    retried = api.post(slips, example("slip"), role="game_server")
    assert (retried.status_code, retried.json) == (200, taken.json)
    other = api.post(slips, {**example("slip"), "balance": "2000.00"}, role="game_server")
    assert (other.status_code, other.json["code"]) == (409, "slip_conflict")
    # the betting window, as docs/niuniu.md writes it
    assert ('`{"number": n, "phase": "betting", "betting_open": true,\n"betting_closes_at": "...", '
            '"betting_closed_by": null, "hands": null, ...}`') in (DOCS / "niuniu.md").read_text()
    betting = api.get(f"{rounds}/1").json
    assert (betting["phase"], betting["betting_open"], betting["betting_closed_by"], betting["hands"]) == (
        "betting", True, None, None) and betting["betting_closes_at"]
    assert api.post(rounds, example("post_by_order"), role="dealer").status_code == 201
    out_of_order = api.post(f"{rounds}/1/open", {"position": "player_2"}, role="dealer")
    assert (out_of_order.status_code, out_of_order.json["code"]) == (409, "opening_out_of_order")
    assert api.post(f"{rounds}/1/open", {"position": "player_1"}, role="dealer").json["opened"] == ["player_1"]
    assert api.post(f"{rounds}/1/open", {}, role="dealer").json["phase"] == "settled"
    settlement = api.get(f"{rounds}/1/settlement", role="game_server")
    assert settlement.status_code == 200
    matches(example("settlement"), settlement.json)


def test_a_leaver_s_and_a_voided_round_s_stakes_are_listed_refunded(api, table):
    """docs/game-servers.md: the settlement lists refunds (a leaver's stakes, a voided round's) as refunded."""
    assert "lists\nrefunds (a leaver's stakes, a voided round's) as bets `refunded`" in (
        DOCS / "game-servers.md").read_text()
    slips, rounds = f"/api/v1/tables/{table}/slips", f"/api/v1/tables/{table}/rounds"
    assert api.post(slips, example("slip"), role="game_server").status_code == 201
    assert api.post(slips, {**example("slip"), "client_slip_id": "gs1-000124", "account_id": "acct-1002"},
                    role="game_server").status_code == 201
    assert api.post(rounds, example("post_by_order"), role="dealer").status_code == 201
    assert api.post(f"{rounds}/1/leave", {"account_id": "acct-1002"}, role="game_server").status_code == 200
    assert api.post(f"{rounds}/1/open", {}, role="dealer").status_code == 200
    settled = api.get(f"{rounds}/1/settlement", role="game_server").json
    assert [bet["outcome"] for bet in settled["accounts"]["acct-1002"]["bets"]] == ["refunded", "refunded"]
    assert settled["accounts"]["acct-1002"]["net"] == "0.00"
    assert api.post(slips, {**example("slip"), "client_slip_id": "gs1-000125", "round": 2},
                    role="game_server").status_code == 201
    assert api.post(rounds, {**example("post_by_position"), "number": 2}, role="dealer").status_code == 201
    assert api.post(f"{rounds}/2/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    voided = api.get(f"{rounds}/2/settlement", role="game_server").json
    assert voided["phase"] == "voided" and voided["banker"]["net"] == "0.00"
    assert {bet["outcome"] for bet in voided["accounts"]["acct-1001"]["bets"]} == {"refunded"}


def test_the_stakes_of_the_round_in_play_answer_as_documented(app, api):
    """Issue 34: docs/niuniu.md's stakes example was not run. Its table is the seventh, its round the twelfth (eleven
    settled before it), its first slip at 06:00:00 UTC on the app's clock: the window closes betting_seconds (15)
    later, and 5 s in the answer is the documented one, exactly."""
    created = 0
    while created < 7:
        answer = api.post("/api/v1/tables", {"name": f"Niu {created + 1}", "game": "niuniu"}, role="pitboss")
        assert answer.status_code == 201, answer.json
        created = answer.json["id"]
    assert created == 7
    rounds = "/api/v1/tables/7/rounds"
    for number in range(1, 12):
        assert api.post(rounds, {**example("post_by_order"), "number": number}, role="dealer").status_code == 201
        assert api.post(f"{rounds}/{number}/open", {}, role="dealer").json["phase"] == "settled"
    first_slip = datetime(2026, 11, 28, 6, 0, 0, tzinfo=timezone.utc)
    app.extensions[CLOCK] = lambda: first_slip
    for number, (account, bets) in enumerate([("acct-1", {"player_1": "10.00", "player_4": "5.00"}),
                                              ("acct-2", {"player_1": "100.00"}), ("acct-3", {"player_3": "20.00"})]):
        slip = {"client_slip_id": f"gs1-{number}", "round": 12, "account_id": account, "balance": "10000.00",
                "bets": [{"area": area, "stake": stake} for area, stake in bets.items()]}
        assert api.post("/api/v1/tables/7/slips", slip, role="game_server").status_code == 201
    app.extensions[CLOCK] = lambda: first_slip + timedelta(seconds=5)
    answer = api.get("/api/v1/tables/7/niuniu/stakes", role="display")
    assert answer.status_code == 200, answer.json
    assert answer.json == example("stakes")


def test_the_settings_table_gives_the_service_s_defaults_and_a_patch_merges(api, table):
    text = (DOCS / "niuniu.md").read_text()
    section = text[text.index("## Settings"):]
    rows = re.findall(r"^\| `(\w+)` \| (.+?) \| .+ \|$", section, re.M)
    assert {key: json.loads(default) for key, default in rows} == DEFAULTS
    patch = re.search(r'`(\{"settings": \{"niuniu": \{"banker_rounds": 5\}\}\})`', text).group(1)
    changed = api.patch(f"/api/v1/tables/{table}", json.loads(patch), role="pitboss")
    assert changed.status_code == 200, changed.json
    assert changed.json["settings"]["niuniu"] == {"commission_percent": "5", "banker_rounds": 5}


def test_the_odds_command_prints_what_the_docs_show(capsys):
    shown = examples()["odds"].splitlines()
    command = shown[0].removeprefix("$ roadsvc ").split()
    assert main(command) == 0
    printed = capsys.readouterr().out.splitlines()
    cut = shown.index("...")
    assert printed[:cut - 1] == shown[1:cut] and printed[-(len(shown) - cut - 1):] == shown[cut + 1:]


def test_the_docs_round_a_commission_as_the_service_does():
    # issue 46 item 6: docs/niuniu.md said the commission is rounded down; the winner's net is (the commission up)
    from decimal import Decimal
    from roadsvc.domain.niuniu.hands import evaluate
    from roadsvc.domain.cards import parse_cards
    from roadsvc.domain.niuniu.settlement import settle_stake
    hands = {position: evaluate(parse_cards(text.split(), jokers=True)) for position, text in
             {"banker": "AS 9H KD 2C 6D", "player_1": "3S 7H KS 5C 5D"}.items()}
    bet = settle_stake("player_1", Decimal("3.33"), hands, Decimal("5"))  # 33.30 x 95 % = 31.635
    assert (bet.net, bet.commission) == (Decimal("31.63"), Decimal("1.67"))
    text = " ".join((DOCS / "niuniu.md").read_text().split())
    assert not re.search(r"\bcommission\b[^.]*rounded down", text)
    assert "paid its net: the winnings × (100 − `commission_percent`) %, rounded down to the cent" in text
    assert "the rest is the bet's `commission` (so it rounds up)" in text
    assert "3.33 on a 牛牛 area wins 33.30, is paid 31.63 (31.635 down), the commission 1.67" in text
