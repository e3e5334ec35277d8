"""`roadsvc roads`: letters, stdin lines, --hands files, and every refusal path."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from roadsvc.api.baccarat.schemas.roads import snapshot_json
from roadsvc.cli import main
from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot

ROOT = Path(__file__).resolve().parents[2]
NATURAL_BANKER = {"cards": {"player": ["AS", "KH"], "banker": ["KD", "9C"]}}


def run(capsys, argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["roads", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def write_json(tmp_path, data):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_letters_print_the_snapshot_as_one_compact_json_line(capsys):
    status, out, err = run(capsys, ["pBbB,B"])
    assert status == 0 and err == ""
    assert out.count("\n") == 1 and out.endswith("\n")
    assert out == snapshot_json(build_snapshot(hands_from_letters("PBBBB"))).decode() + "\n"
    assert ", " not in out and '": ' not in out
    assert "长庄" in out  # ensure_ascii=False


def test_letters_in_several_words_are_one_shoe(capsys):
    _, out, _ = run(capsys, ["B", "P", "P"])
    assert json.loads(out)["hands"] == 3


def test_a_bad_letter_is_refused_naming_it_and_its_position(capsys):
    status, out, err = run(capsys, ["BPX"])
    assert status == 2 and out == ""
    assert "'X'" in err and "position 3" in err


def test_stdin_prints_one_line_per_shoe_and_skips_empty_lines(capsys, monkeypatch):
    status, out, err = run(capsys, [], "BPPPB\n\n  \nttbppbb\n", monkeypatch)
    assert status == 0 and err == ""
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["big_eye_boy"]["columns"] == [["blue"], ["red"], ["blue"]]
    assert second["big_road"]["leading_ties"] == 2


def test_a_refused_stdin_line_prints_nothing_but_later_lines_still_run(capsys, monkeypatch):
    status, out, err = run(capsys, [], "BP\nB P ?\nPPPP\n", monkeypatch)
    assert status == 2
    assert [json.loads(line)["hands"] for line in out.splitlines()] == [2, 4]
    assert "line 2" in err and "'?'" in err and "position 5" in err


def test_hands_file_by_cards_and_by_result(capsys, tmp_path):
    path = write_json(tmp_path, [NATURAL_BANKER, {"result": "player", "player_pair": True}, {"result": "tie"}])
    status, out, err = run(capsys, ["--hands", path])
    assert status == 0 and err == ""
    snapshot = json.loads(out)
    assert snapshot["bead_plate"][0]["points"] == 9 and snapshot["bead_plate"][0]["natural"] is True
    assert snapshot["counts"] == {"banker": 1, "player": 1, "tie": 1, "banker_pair": 0, "player_pair": 1, "natural": 1}


def test_hands_from_stdin_with_a_dash(capsys, monkeypatch):
    status, out, _ = run(capsys, ["--hands", "-"], json.dumps([{"result": "banker"}]), monkeypatch)
    assert status == 0 and json.loads(out)["hands"] == 1


def test_an_invalid_hand_is_refused_naming_its_number_and_the_rule(capsys, tmp_path):
    # Player 5 draws; banker 7 stands: a sixth card breaks the third-card rule.
    bad = {"cards": ["2S", "3H", "3D", "4C", "AS", "KD"]}
    path = write_json(tmp_path, [{"result": "banker"}, bad])
    status, out, err = run(capsys, ["--hands", path])
    assert status == 2 and out == ""
    assert "hand 2" in err and "third_card_rule" in err and "banker" in err


def test_an_unknown_result_is_refused_naming_the_hand(capsys, tmp_path):
    status, out, err = run(capsys, ["--hands", write_json(tmp_path, [{"result": "banker"}, {}, {"result": "x"}])])
    assert status == 2 and out == "" and "hand 2" in err


def test_more_of_a_card_than_the_decks_hold_is_refused(capsys, tmp_path):
    path = write_json(tmp_path, [NATURAL_BANKER, NATURAL_BANKER])
    assert run(capsys, ["--hands", path])[0] == 0
    status, out, err = run(capsys, ["--hands", path, "--decks", "1"])
    assert status == 2 and out == ""
    assert "impossible_card" in err and "hand 2" in err


@pytest.mark.parametrize(
    "content, code",
    [("{\"result\": \"banker\"}", "invalid_hands"), ("[{\"result\": ", "invalid_json")],
)
def test_a_file_that_is_not_an_array_of_hands_is_refused(capsys, tmp_path, content, code):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, out, err = run(capsys, ["--hands", str(path)])
    assert status == 2 and out == "" and code in err


def test_a_missing_file_is_refused(capsys, tmp_path):
    status, out, err = run(capsys, ["--hands", str(tmp_path / "none.json")])
    assert status == 2 and out == "" and "unreadable_file" in err


def test_bad_decks_are_refused(capsys, tmp_path):
    status, _, err = run(capsys, ["--hands", write_json(tmp_path, []), "--decks", "9"])
    assert status == 2 and "invalid_decks" in err


def test_letters_and_hands_together_are_refused(capsys, tmp_path):
    status, out, err = run(capsys, ["BP", "--hands", write_json(tmp_path, [])])
    assert status == 2 and out == "" and "not both" in err


def test_installed_script_reads_letters_and_stdin():
    script = ROOT / ".venv" / "bin" / "roadsvc"
    done = subprocess.run(
        [str(script), "roads"], input="BPBBBBBBBBPB\nBQ\n", capture_output=True, text=True, encoding="utf-8",
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    (line,) = done.stdout.splitlines()
    assert json.loads(line)["big_road"]["cells"][7:10] == [{"col": 2, "row": 5}, {"col": 3, "row": 5}, {"col": 4, "row": 5}]
    assert "line 2" in done.stderr and "'Q'" in done.stderr and "position 2" in done.stderr
