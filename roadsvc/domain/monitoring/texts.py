"""Every alert's title and message (issues 24, 36), worded for a reader: English message ids marked with
`N_`, translated by the reader's catalogue (roadsvc/translations, zh-Hans, zh-Hant and en), read by the pages,
the shift report (CSV, PDF) and nothing else. A message is built from the alert's `details` (the figures the
rule stored), never from its English `message`, so no raw code and no "hand(s)" reaches a reader; English
counts take their plural from the catalogue (`ngettext`). Times are not worded here: the pages and reports
show them in the floor's time zone.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from roadsvc.domain.monitoring.refusal_texts import refused as _refused
from roadsvc.domain.monitoring.refusal_texts import refused_plays as _refused_plays
from roadsvc.domain.monitoring.refusal_texts import refused_rounds as _refused_rounds
from roadsvc.domain.texts import LANGUAGES, N_, NC_, Reader, actor_name, bet_title, duration, listed

TITLES: dict[str, str] = {
    "stale_table": N_("Table stopped"),
    "refused_hands": N_("Hands refused"),
    "refused_rounds": N_("Rounds refused"),
    "refused_plays": N_("Plays refused"),
    "corrections": N_("Voids and corrections"),
    "late_slips": N_("Late bets"),
    "improbable_results": N_("Improbable results"),
    "positive_ev": N_("Player edge"),
    "change_dealer_requested": N_("New dealer asked for"),
    "change_shoe_requested": N_("New shoe asked for"),
    "shoe_change_overdue": N_("Shoe change overdue"),
    "large_win": N_("Large win"),
    "hold_out_of_line": N_("Hold out of line"),
    "dealer_refusals": N_("Dealer's refusals out of line"),
    "dealer_pace": N_("Dealer's pace out of line"),
    "report_mismatch": N_("Stored report differs"),
    "report_file_altered": N_("Stored report file altered"),
    "replication_degraded": N_("Database replication degraded"),
    "push_engine_unreachable": N_("Push engine unreachable"),
    "publisher_behind": N_("Live events held back"),
    "advantage_play": N_("Advantage play"),
    "opposite_bets": N_("Both sides bet"),
}
TITLES_FALLBACK = N_("Alert")

SIDES: dict[str, tuple[str, str]] = {"banker": NC_("side", "banker"), "player": NC_("side", "player")}


def alert_title(code: str, reader: Reader) -> str:
    return reader(TITLES.get(code, TITLES_FALLBACK))


def alert_message(code: str, details: Mapping[str, Any] | None, reader: Reader) -> str:
    """The alert's message for `reader`, from its details; the title alone for an unknown code."""
    build = MESSAGES.get(code)
    if build is None:
        return alert_title(code, reader)
    try:
        return build(details or {}, reader)
    except (KeyError, IndexError, TypeError, ValueError):  # details of an older form: say what it is
        return alert_title(code, reader)


def _at_table(d: Mapping[str, Any]) -> bool:
    """An alert about a table that deals rounds (百人牛牛), not a shoe: its words say round and table."""
    return d.get("scope") == "table"


def _stale(d: Mapping[str, Any], r: Reader) -> str:
    if _at_table(d):
        return _stale_table(d, r)
    if d.get("scope") == "match":
        return _stale_match(d, r)
    idle, limit = duration(d["seconds_since_last_hand"], r), duration(d["stale_after_seconds"], r)
    if d.get("last_hand_at") is None:
        return r(N_("No hand for %(idle)s since the shoe opened (stopped after %(limit)s)"), idle=idle, limit=limit)
    return r(N_("No hand for %(idle)s since the last hand (stopped after %(limit)s)"), idle=idle, limit=limit)


def _stale_table(d: Mapping[str, Any], r: Reader) -> str:
    idle, limit = duration(d["seconds_since_last_round"], r), duration(d["stale_after_seconds"], r)
    if d["phase"] in ("settled", "voided"):
        return r(N_("No new round for %(idle)s since round %(round)s ended (stopped after %(limit)s)"),
                 idle=idle, round=d["round_number"], limit=limit)
    return r(N_("Round %(round)s has not moved for %(idle)s (stopped after %(limit)s)"),
             idle=idle, round=d["round_number"], limit=limit)


def _stale_match(d: Mapping[str, Any], r: Reader) -> str:
    idle, limit = duration(d["seconds_since_last_move"], r), duration(d["stale_after_seconds"], r)
    if d.get("deal_number") is None:
        return r(N_("Match %(match)s: no new deal for %(idle)s (stopped after %(limit)s)"),
                 match=d["match_id"], idle=idle, limit=limit)
    return r(N_("Match %(match)s: deal %(deal)s has not moved for %(idle)s (stopped after %(limit)s)"),
             match=d["match_id"], deal=d["deal_number"], idle=idle, limit=limit)


def _corrections(d: Mapping[str, Any], r: Reader) -> str:
    last = (d.get("changes") or [{}])[-1]
    voided, n, actor = last.get("action") == "void", d["corrections"], actor_name(last.get("actor"), r)
    if _at_table(d):
        number = last.get("round_number")
        if voided:
            return r.ngettext("Round %(number)s voided by %(actor)s: %(num)d void or correction at this table",
                              "Round %(number)s voided by %(actor)s: %(num)d voids or corrections at this table",
                              n, number=number, actor=actor)
        return r.ngettext("Round %(number)s corrected by %(actor)s: %(num)d void or correction at this table",
                          "Round %(number)s corrected by %(actor)s: %(num)d voids or corrections at this table",
                          n, number=number, actor=actor)
    number = last.get("hand_number")
    if voided:
        return r.ngettext("Hand %(number)s voided by %(actor)s: %(num)d void or correction in this shoe",
                          "Hand %(number)s voided by %(actor)s: %(num)d voids or corrections in this shoe",
                          n, number=number, actor=actor)
    return r.ngettext("Hand %(number)s corrected by %(actor)s: %(num)d void or correction in this shoe",
                      "Hand %(number)s corrected by %(actor)s: %(num)d voids or corrections in this shoe",
                      n, number=number, actor=actor)


def _late(d: Mapping[str, Any], r: Reader) -> str:
    account = (d.get("slips") or [{}])[-1].get("account_id", "")
    if _at_table(d):
        return r.ngettext("%(num)d slip refused as late at this table (the last from account %(account)s)",
                          "%(num)d slips refused as late at this table (the last from account %(account)s)",
                          d["late_slips"], account=account)
    return r.ngettext("%(num)d slip refused as late in this shoe (the last from account %(account)s)",
                      "%(num)d slips refused as late in this shoe (the last from account %(account)s)",
                      d["late_slips"], account=account)


def _improbable(d: Mapping[str, Any], r: Reader) -> str:
    streak, share = d["streak"], d["banker_share"]
    if streak["p_value"] <= share["p_value"]:
        what = r(N_("A %(side)s streak of %(longest)s"), side=r(SIDES[streak["side"]]), longest=streak["longest"])
    else:
        wins = r.ngettext("%(num)d banker win", "%(num)d banker wins", share["banker"])
        what = r.ngettext("%(wins)s in %(num)d decided hand", "%(wins)s in %(num)d decided hands",
                          d["decided_hands"], wins=wins)
    return r(N_("%(what)s: a chance of %(p)s under the exact odds"), what=what, p=f"{d['p_value']:.2g}")


def _positive_ev(d: Mapping[str, Any], r: Reader) -> str:
    best, more = d["bets"][0], len(d["bets"]) - 1
    others = r.ngettext(" and %(num)d more bet", " and %(num)d more bets", more) if more else ""
    return r.ngettext("Hand %(hand)s: %(bet)s at %(ev)s for the player%(others)s, %(num)d card left",
                      "Hand %(hand)s: %(bet)s at %(ev)s for the player%(others)s, %(num)d cards left",
                      d["cards_left"], hand=d["hand_number"], bet=bet_title(best["bet"], r),
                      ev=f"{best['ev']:+.2%}", others=others)


def _dealer(d: Mapping[str, Any], r: Reader) -> str:
    return r(N_("The charter asks for a new dealer; the dealer carries on until the change"))


def _shoe(d: Mapping[str, Any], r: Reader) -> str:
    return r.ngettext("The charter asks for a new shoe after %(num)d hand",
                      "The charter asks for a new shoe after %(num)d hands", d.get("hands_dealt", 0))


def _overdue(d: Mapping[str, Any], r: Reader) -> str:
    return r(N_("The new shoe the charter asked for is not open yet, past its deadline"))


def _large_win(d: Mapping[str, Any], r: Reader) -> str:
    scope = d["scope"]
    if scope == "hand":
        where = r(N_("on hand %(hand)s"), hand=d["hand_number"])
    elif scope == "round" and d.get("banker"):  # 百人牛牛: a player banker's result on the round
        where = r(N_("as the banker on round %(round)s"), round=d["round_number"])
    elif scope == "round":
        where = r(N_("on round %(round)s"), round=d["round_number"])
    elif scope == "shift":
        where = r(N_("in this shift, past the limit on round %(round)s"), round=d["round_number"])
    else:
        where = r(N_("in this shoe"))
    return r(N_("Account %(account)s won %(won)s %(where)s (the table's limit: %(limit)s)"),
             account=d["account_id"], won=d["won"], where=where, limit=d["limit"])


def _hold(d: Mapping[str, Any], r: Reader) -> str:
    figures = {"hold": f"{d['hold']:.2%}", "expected": f"{d['expected_hold']:.2%}", "turnover": d["turnover"]}
    if d.get("scope") == "shift":  # 百人牛牛: the table's hold in the shift, against its settings' exact edge
        return r(N_("This table holds %(hold)s in this shift where its settings expect %(expected)s, after "
                    "%(turnover)s turnover (as of round %(round)s)"), round=d["round_number"], **figures)
    return r(N_("This shoe holds %(hold)s where the exact edges expect %(expected)s, after %(turnover)s turnover"),
             **figures)


GAME_NAMES: dict[str, str] = {"baccarat": N_("Baccarat"), "niuniu": N_("Niu Niu"), "dabang": N_("Da Bang")}


def _dealer_refusals(d: Mapping[str, Any], r: Reader) -> str:
    return r.ngettext("Dealer %(name)s: %(refusals)s refusals in %(num)d %(game)s game (%(rate)s per 100 against "
                      "the floor's %(floor)s; p = %(p)s)",
                      "Dealer %(name)s: %(refusals)s refusals in %(num)d %(game)s games (%(rate)s per 100 against "
                      "the floor's %(floor)s; p = %(p)s)",
                      d["games"], name=d["name"], refusals=d["refusals"], game=r(GAME_NAMES.get(d["game"], d["game"])),
                      rate=d["per_100"], floor=d["floor_per_100"], p=f"{d['p_value']:.2g}")


def _dealer_pace(d: Mapping[str, Any], r: Reader) -> str:
    words = (N_("Dealer %(name)s deals %(game)s slower than the floor: %(pace)s games an hour against %(floor)s "
                "(z = %(z)s)") if d["slower"] else
             N_("Dealer %(name)s deals %(game)s faster than the floor: %(pace)s games an hour against %(floor)s "
                "(z = %(z)s)"))
    return r(words, name=d["name"], game=r(GAME_NAMES.get(d["game"], d["game"])), pace=d["games_per_hour"],
             floor=d["floor_games_per_hour"], z=d["z"])


# The figures of a stored report that report_mismatch names (roadsvc.services.pit.shift_reports.FIGURES).
REPORT_FIGURES: dict[str, tuple[str, str]] = {
    "hands": NC_("report figure", "hands"), "rounds": NC_("report figure", "rounds"),
    "deals": NC_("report figure", "deals"), "matches": NC_("report figure", "matches"),
    "refusals": NC_("report figure", "refused plays"), "voids": NC_("report figure", "voids"),
    "corrections": NC_("report figure", "corrections"), "leaves": NC_("report figure", "players who left early"),
    "shoes": NC_("report figure", "shoes"), "changes": NC_("report figure", "voids and corrections"),
    "notes": NC_("report figure", "pit notes"), "money": NC_("report figure", "money"),
    "table": NC_("report figure", "the table"),
}


def _report_mismatch(d: Mapping[str, Any], r: Reader) -> str:
    figures = listed([r(REPORT_FIGURES.get(name, REPORT_FIGURES["table"])) for name in d["differ"]], r)
    return r(N_("The final report of shift %(date)s %(start)s, stored when the shift ended, differs from the records "
                "now in %(figures)s: a record of that shift changed after it closed"),
             date=d["date"], start=f"{d['shift'][:2]}:{d['shift'][2:]}", figures=figures)
# The languages a stored report's files are written in (roadsvc.domain.texts.LANGUAGES), named.
FILE_LANGUAGES: dict[str, str] = {"zh-Hans": N_("Simplified Chinese"), "zh-Hant": N_("Traditional Chinese"),
                                  "en": N_("English")}


def _report_file_altered(d: Mapping[str, Any], r: Reader) -> str:
    return r(N_("The %(language)s PDF of the final report of shift %(date)s %(start)s is not the file written when "
                "the shift ended (its SHA-256 differs): it is refused until restored from a backup"),
             language=r(FILE_LANGUAGES.get(d["language"], d["language"])), date=d["date"],
             start=f"{d['shift'][:2]}:{d['shift'][2:]}")


def _replication(d: Mapping[str, Any], r: Reader) -> str:
    return r(N_("%(streaming)s of %(expected)s database standbys streaming, %(synchronous)s synchronous: "
                "every record is kept on fewer machines until they are back"),
             streaming=d["streaming"], expected=d["expected"], synchronous=d["synchronous"])
def _engine_unreachable(d: Mapping[str, Any], r: Reader) -> str:
    return r(N_("%(down)s of %(nodes)s push engine nodes (%(names)s) have not answered for %(time)s: the displays "
                "they hold get no live events"),
             down=len(d["unreachable"]), nodes=d["nodes"], names=", ".join(d["unreachable"]),
             time=duration(d["seconds"], r))


def _publisher_behind(d: Mapping[str, Any], r: Reader) -> str:
    if not d["ledger"]:
        return r(N_("The publisher's ledger (Redis) has not answered for %(time)s: no live event reaches the push "
                    "engine"), time=duration(d["seconds"], r))
    if d["publisher"] is None:
        return r.ngettext("%(num)d committed event not sent to the push engine for %(time)s: no publisher is running",
                          "%(num)d committed events not sent to the push engine for %(time)s: no publisher is running",
                          d["unpublished"], time=duration(d["seconds"], r))
    return r.ngettext("%(num)d committed event not sent to the push engine for %(time)s by the publisher %(who)s",
                      "%(num)d committed events not sent to the push engine for %(time)s by the publisher %(who)s",
                      d["unpublished"], time=duration(d["seconds"], r), who=d["publisher"])


def _advantage_play(d: Mapping[str, Any], r: Reader) -> str:
    return r(N_("Account %(account)s: %(positive)s of %(stakes)s stakes placed when the bet was in the player's "
                "favour, where %(expected)s would be by chance (p = %(p)s); mean EV %(ev)s against %(null)s"),
             account=d["account_id"], positive=d["positive_stakes"], stakes=d["stakes"],
             expected=f"{d['expected_positive']:.1f}", p=f"{d['p_value']:.2g}", ev=f"{d['mean_ev']:+.2%}",
             null=f"{d['null_mean_ev']:+.2%}")


def _opposite_bets(d: Mapping[str, Any], r: Reader) -> str:
    hands = len(d.get("hands") or [1])
    return r.ngettext("%(accounts)s staked banker %(banker)s and player %(player)s on hand %(hand)s "
                      "(%(num)d hand so far)",
                      "%(accounts)s staked banker %(banker)s and player %(player)s on hand %(hand)s "
                      "(%(num)d hands so far)", hands,
                      accounts=", ".join(d["accounts"]), banker=d["banker_staked"], player=d["player_staked"],
                      hand=d["hand_number"])


MESSAGES: dict[str, Callable[[Mapping[str, Any], Reader], str]] = {
    "stale_table": _stale, "refused_hands": _refused, "refused_rounds": _refused_rounds,
    "refused_plays": _refused_plays, "corrections": _corrections,
    "late_slips": _late, "replication_degraded": _replication,
    "push_engine_unreachable": _engine_unreachable, "publisher_behind": _publisher_behind,
    "improbable_results": _improbable, "positive_ev": _positive_ev, "change_dealer_requested": _dealer,
    "change_shoe_requested": _shoe, "shoe_change_overdue": _overdue, "large_win": _large_win,
    "hold_out_of_line": _hold,
    "dealer_refusals": _dealer_refusals, "dealer_pace": _dealer_pace,
    "report_mismatch": _report_mismatch, "report_file_altered": _report_file_altered,
    "advantage_play": _advantage_play, "opposite_bets": _opposite_bets,
}

__all__ = ["LANGUAGES", "TITLES", "alert_message", "alert_title"]
