"""The README's examples run against the demo as written (issue 36): `roadsvc demo setup` on a new database
makes a table of each game (baccarat 1, 百人牛牛 2 with its first round settled, 打棒 3 with a match), and every
`curl` in the README, with the key of the role it names, answers 200 (the README's `tables/2/rounds/1` was a
404 `table_not_found`); the demo's keys, one per role, work at every demo table."""

from __future__ import annotations

import re
from pathlib import Path

from roadsvc.app import create_app
from roadsvc.cli import main
from roadsvc.config import PROJECT_ROOT

KEY = re.compile(r"^\s+(\w+)\s+(rs_[A-Za-z0-9_-]{40,})$", re.M)
CURL = re.compile(r'curl (?P<options>.*?)-H "Authorization: Bearer \$(?P<role>[A-Z_]+)_KEY"(?P<rest>(?:[^\n\\]|\\\n)*)')
URL = re.compile(r'"?http://127\.0\.0\.1:5000(?P<path>[^"\'\s]+)"?')


def readme_calls() -> list[tuple[str, str, bool]]:
    """(role, path, streamed) of every curl in the README."""
    text = (Path(PROJECT_ROOT) / "README.md").read_text()
    found = []
    for call in CURL.finditer(text):
        path = URL.search(call.group("rest")).group("path")
        found.append((call.group("role").lower(), path, "-N" in call.group("options")))
    return found


def test_the_readme_examples_answer_against_the_demo(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0
    assert main(["demo", "setup"]) == 0
    printed = capsys.readouterr().out
    keys = dict(KEY.findall(printed))
    assert "each good at every demo table" in printed and "tables/2/rounds/1" in printed
    calls = readme_calls()
    assert ("display", "/api/v1/tables/2/rounds/1", False) in calls and len(calls) >= 4
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "LOG_LEVEL": "WARNING"})
    client = app.test_client()
    try:
        for role, path, streamed in calls:
            if streamed:  # the live stream never ends: its opening is checked, not read to the end
                answer = client.get(path, headers={"Authorization": f"Bearer {keys[role]}"}, buffered=False)
                assert answer.status_code == 200 and answer.mimetype == "text/event-stream", path
                answer.close()
                continue
            answer = client.get(path, headers={"Authorization": f"Bearer {keys[role]}"})
            assert answer.status_code == 200, (path, answer.get_json())
        assert client.get("/api/v1/tables/2/rounds/1", headers={"Authorization": f"Bearer {keys['display']}"}
                          ).get_json()["phase"] == "settled"
        match = client.get("/api/v1/tables/3", headers={"Authorization": f"Bearer {keys['dealer']}"})
        assert match.status_code == 200 and match.get_json()["game"] == "dabang"  # one dealer key, every table
        shown = re.search(r"curl -H '[^']+' \S+(/api/v1/matches/\d+)", printed).group(1)  # the 打棒 match printed
        answer = client.get(shown, headers={"Authorization": f"Bearer {keys['display']}"})
        assert answer.status_code == 200 and answer.get_json()["players"]["1"] == "Li"
    finally:
        app.extensions["roadsvc.events"].stop()
        app.extensions["roadsvc.db"].dispose()


def test_the_names_say_what_roadsvc_is_now(tmp_path, capsys):
    try:
        main(["--help"])
    except SystemExit:
        pass
    said = capsys.readouterr().out
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'roadsvc.db'}", "LOG_LEVEL": "WARNING",
                      "INSTANCE_PATH": str(tmp_path)})
    described = app.test_client().get("/api/v1/openapi.json").get_json()["info"]["description"]
    project = (Path(PROJECT_ROOT) / "pyproject.toml").read_text()
    for text in (said, described, project):
        assert "Baccarat road analytics" not in text and "百人牛牛" in text and "打棒" in text
    app.extensions["roadsvc.db"].dispose()


def test_the_readme_stays_short_and_starts_with_the_two_commands():
    """The project's rule: README under 200 lines (detail lives in docs/), its first commands `./dev serve` and
    `./dev test`."""
    lines = (Path(PROJECT_ROOT) / "README.md").read_text().splitlines()
    assert len(lines) < 200, f"README.md has {len(lines)} lines: move detail to docs/"
    commands = [line.split()[0:2] for line in lines if line.startswith("./dev ")]
    assert commands[:2] == [["./dev", "serve"], ["./dev", "test"]]
