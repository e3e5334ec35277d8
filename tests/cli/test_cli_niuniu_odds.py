"""`roadsvc odds --game niuniu`: the exact odds of a commission, as a table and as JSON."""

import json

from roadsvc.cli import main


def test_niuniu_odds_print_the_edge_of_the_commission(capsys):
    assert main(["odds", "--game", "niuniu", "--commission-percent", "5"]) == 0
    out = capsys.readouterr().out
    assert "an area beats the banker: 0.500000000000 (1/2)" in out
    assert "house edge 0.176530807858 of the stake, 0.025000000000 of the money that changes hands" in out
    assert main(["odds", "--game", "niuniu", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["area_ev"] == "0/1"


def test_a_bad_commission_is_refused(capsys):
    assert main(["odds", "--game", "niuniu", "--commission-percent", "100"]) != 0
    assert "invalid_setting" in capsys.readouterr().err
