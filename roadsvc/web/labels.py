"""The pit boss's pages' words that templates look up by a code or a key (`t("key")`, `labels[status]`):
each an English message id marked for `pybabel extract` (N_, or NC_ with a context where the same English
means two things), translated by the gettext catalogues (roadsvc/translations) in the page's language.
A word written once in a template is simply `_("...")` there. The domain's names (bets, 百人牛牛's areas and
hand types, good roads, roads) are English message ids too, translated where they are shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from flask_babel import gettext, pgettext

from roadsvc.domain.niuniu.dealing import POSITION_LABELS
from roadsvc.domain.niuniu.hands import HandType
from roadsvc.domain.texts import DEFAULT_LANGUAGE, LANGUAGES
from roadsvc.translations import N_, NC_

WORDS: dict[str, str | tuple[str, str]] = {
    "next_hand": N_("Next hand"),
    "bet": N_("Bet"),
    "ev": N_("EV"),
    "house_edge": N_("House edge"),
    "positive_ev": N_("Positive EV"),
    "bets_open": NC_("bets", "open"),
    "bets_closed": NC_("bets", "closed"),
    "ev_chart": N_("EV of every bet before each hand"),
    "floor": N_("Floor"),
    "login": N_("Sign in"),
    "logout": N_("Sign out"),
    "logout_everywhere": N_("Sign out everywhere"),
    "key": N_("Pit boss key"),
    "login_help": N_("Enter a pit boss or admin key once; the browser keeps a signed session, never the key."),
    "wrong_key": N_("This key is unknown, revoked or expired."),
    "low_key": N_("This is a {role} key: the floor needs a pit boss or admin key."),
    "logged_out": N_("Signed out."),
    "session_expired": N_("Please sign in."),
    "dealing": N_("dealing"),
    "stale": N_("stale"),
    "ending": N_("ending"),
    "idle": N_("idle"),
    "shoe": N_("Shoe"),
    "hands": N_("Hands"),
    "cards_left": N_("Cards left"),
    "no_shoe": N_("No open shoe"),
    "recent": N_("Last results"),
    "good_roads": N_("Good roads"),
    "alerts": N_("Alerts"),
    "open_alerts": N_("Open alerts"),
    "info": N_("info"),
    "warning": N_("warning"),
    "critical": N_("critical"),
    "open": NC_("alert state", "open"),
    "acknowledged": N_("acknowledged"),
    "resolved": N_("resolved"),
    "acknowledge": N_("Acknowledge"),
    "resolve": N_("Resolve"),
    "note": N_("Note"),
    "no_alerts": N_("No open alerts."),
    "filters": N_("Filters"),
    "status": N_("Status"),
    "severity": N_("Alert severity"),
    "any": N_("any"),
    "with_good_roads": N_("Only tables with good roads"),
    "apply": N_("Apply"),
    "live": N_("live"),
    "reconnecting": N_("reconnecting"),
    "polling": N_("polling"),
    "stream": N_("stream"),
    "theme": N_("Theme"),
    "light": N_("light"),
    "dark": N_("dark"),
    "language": N_("Language"),
    "table": N_("Table"),
    "scoreboard": N_("Scoreboard"),
    "statistics": N_("Shoe statistics"),
    "audit": N_("Audit log"),
    "banker": N_("Banker"),
    "player": N_("Player"),
    "tie": N_("Tie"),
    "banker_pair": N_("Banker pair"),
    "player_pair": N_("Player pair"),
    "natural": N_("Natural"),
    "voids": N_("Voids"),
    "corrections": N_("Corrections"),
    "longest": N_("Longest run"),
    "streak": N_("Current streak"),
    "pace": N_("Hands per hour"),
    "last_hand": N_("Last hand"),
    "number": N_("No."),
    "result": N_("Result"),
    "cards": N_("Cards"),
    "totals": N_("Totals"),  # a hand's points (the hands table's column)
    "sum_total": NC_("sum", "Total"),  # a table's sum row (the 百人牛牛 stakes)
    "time": N_("Time"),
    "voided": N_("voided"),
    "action": N_("Action"),
    "actor": N_("By"),
    "reason": N_("Reason"),
    "no_hands": N_("No hands yet."),
    "no_audit": N_("Nothing audited yet."),
    "no_rounds": N_("No round yet."),
    "odds": N_("Shoe integrity odds"),
    "back": N_("All tables"),
    "raised": N_("raised"),
    "seen": N_("seen"),
    "times": N_("×"),
    "last_seen": N_("last seen"),
    "seen_times": N_("seen {n} times"),
    "tables": N_("Tables"),
    "done": N_("Done."),
    "refused": N_("Refused"),
    "skip": N_("Skip to the alerts"),
    "skip_main": N_("Skip to the main content"),
    "not_found": N_("Not found"),
    "required": N_("Fill in this field."),
    "shown": N_("shown"),
    "sound": N_("Sound for new critical alerts"),
    "of_which_acknowledged": N_("acknowledged:"),
    "win": N_("House win"),
    "turnover": N_("Turnover"),
    "hold": N_("Hold"),
    "expected_hold": N_("Expected hold"),
    "shift": N_("Shift"),
    "sort": N_("Sort"),
    "by_name": N_("by table"),
    "by_win": N_("by win"),
    "by_turnover": N_("by turnover"),
    "by_hold": N_("by hold"),
    "bets_count": N_("Bets"),
    "accounts": N_("Accounts"),
    "largest_bet": N_("Largest bet"),
    "largest_win": N_("Largest win"),
    "by_bet": N_("Turnover by bet"),
    "money": N_("Money"),
    "shoe_money": N_("This shoe's money"),
    "shift_money": N_("This shift at this table"),
    "running_win": N_("The house's win, hand by hand"),
    "no_money_moved": N_("No money has moved in this shoe yet."),
    "current_bets": N_("Bets on hand {number}"),
    "no_bets": N_("No bets."),
    "pit_notes": N_("Pit notes"),
    "add_note": N_("Add a note"),
    "note_on_shoe": N_("about this shoe"),
    "no_notes": N_("No notes yet."),
    "report": N_("Shift report"),
    "time_zone": N_("Time zone"),
    "mode_standard": N_("Standard"),
    "mode_vip": N_("VIP"),
    "mode_squeeze": N_("Squeeze"),
    "charter": N_("Charter"),
    "held_hand": N_("Hand {n} held"),
    "opens_by": N_("opens at its deadline"),
    "opens_in": N_("opens in {t}"),
    "asked_change_dealer": N_("New dealer asked"),
    "asked_change_shoe": N_("New shoe asked"),
    "dealer_changed": N_("Dealer changed"),
    "corrected": N_("corrected"),
    "too_many": N_("Too many attempts"),
    # The floor's table search and the shift reports page.
    "find_table": N_("Find a table"), "table_name": N_("name"), "game": N_("Game"), "game_baccarat": N_("Baccarat"),
    "game_niuniu": N_("Niu Niu"), "game_dabang": N_("Da Bang"), "shift_reports": N_("Shift reports"),
    "report_shift": N_("Shift"), "report_hours": N_("Hours"), "report_state": N_("State"),
    "report_running": N_("running: provisional"), "report_final": N_("ended: final, stored {written}"),
    "report_ended": N_("ended: provisional, no final report stored"),
    "report_files": N_("Report"),
    "report_help": N_("Print the PDF, check it and sign it at the end. Times are in {zone}."),
    "report_pdf": N_("PDF"), "report_csv": N_("CSV"),
    "niuniu_round": N_("Round"),
    "niuniu_round_now": N_("Round in play"),
    "niuniu_phase_betting": N_("betting"), "niuniu_phase_dealing": N_("dealing"),
    "niuniu_phase_opening": N_("opening"), "niuniu_phase_settled": N_("settled"),
    "niuniu_phase_voided": N_("voided"),
    **{f"niuniu_{position}": name for position, name in POSITION_LABELS.items()},  # the domain's: 庄, 闲一 ...
    "niuniu_result_win": N_("wins"), "niuniu_result_lose": N_("loses"),
    "niuniu_rounds": N_("Rounds"), "niuniu_rounds_dealt": N_("Rounds dealt"), "niuniu_pace": N_("Rounds per hour"),
    "niuniu_area_player_1": NC_("area, short", "P1"), "niuniu_area_player_2": NC_("area, short", "P2"),
    "niuniu_area_player_3": NC_("area, short", "P3"), "niuniu_area_player_4": NC_("area, short", "P4"),
    "niuniu_areas_last": N_("Each area's last result against the banker"),
    "niuniu_stakes": N_("Stakes of the round in play"), "niuniu_stakes_on": N_("Stakes on round {number}"),
    "niuniu_no_round_in_play": N_("No round in play: the next round's stakes show from its first slip."),
    "niuniu_betting_closes_in": N_("betting closes in {t}"), "niuniu_area": N_("Area"),
    "niuniu_stake": N_("Stake"), "niuniu_slips": N_("Slips"),
    **{f"niuniu_type_{hand.code}": hand.name_en for hand in HandType},  # the domain's: 无牛, 牛一 ... 炸弹
    "error_400": N_("This request was refused: reload the page and try again."),
    "error_404": N_("Nothing is here: the table, match or tournament does not exist."),
    "error_404_page": N_("There is no page at this address: check the link, or go back to the floor."),
    "error_409": N_("This changed meanwhile: reload the page and try again."),
    "error_422": N_("These values were refused: check them and try again."),
    "system_actor": N_("roadsvc monitor"),
    "note_refused": N_("Write a note of at most 500 characters."),
    "csrf_failed": N_("This form has expired or did not come from this page: reload the page and try again."),
    "try_later": N_("Wait a moment, then sign in again."),
    "audit_void": N_("Voided"),
    "audit_correct": N_("Corrected"),
    "audit_correction": N_("Corrected"),
    "audit_leave": N_("Left the round: stakes given back"),
    "audit_pit_note": N_("Pit note"),
    "audit_alert_acknowledged": N_("Alert acknowledged"),
    "audit_alert_resolved": N_("Alert resolved"),
    "audit_cancel_round": N_("Round cancelled"),
    "audit_open": N_("Held hand opened"),
    "audit_auto_open": N_("Held hand opened at its deadline"),
    "dabang": N_("Da Bang"),
    "dabang_deal": N_("Deal"),
    "dabang_phase": N_("Phase"),
    "dabang_trick": N_("Trick"),
    "dabang_trick_plays": N_("{n} of 4 played in this trick"),
    "dabang_points": N_("Points"),
    "dabang_time_left": N_("Time left"),
    "dabang_dealer": N_("Declarer"),
    "dabang_trump": N_("Trump"),
    "dabang_level": N_("Level"),
    "dabang_team": N_("Team"),
    "dabang_no_match": N_("No match yet."),
    "dabang_between_deals": N_("between deals"),
    "dabang_phase_declaring": N_("declaring"),
    "dabang_phase_burying": N_("burying"),
    "dabang_phase_burying_jokers": N_("jokers to the bottom"),
    "dabang_phase_playing": N_("playing"),
    "dabang_won": N_("Team {team} won"),
    "dabang_team_won": N_("{team} won"),
    "dabang_how_passed_ten": N_("passed 10"),
    "dabang_how_time_limit": N_("time limit"),
    "dabang_how_zero_points": N_("zero points"),
    "dabang_how_four_hundred_points": N_("400 points"),
    "dabang_how_three_jokers": N_("three jokers"),
    "dabang_how_bye": N_("bye"),
    "dabang_how_stopped": N_("stopped by the pit boss"),
    "dabang_stopped": N_("Stopped"),
    "dabang_phase_tribute_return": N_("tribute given back"),
    "dabang_tournament": N_("Tournament"),
    "dabang_tournaments": N_("Da Bang tournaments"),
    "dabang_bracket": N_("Bracket"),
    "dabang_round": N_("Round {n}"),
    "dabang_final": N_("Final"),
    "dabang_champion": N_("Champion"),
    "dabang_tbd": N_("to be decided"),
    "dabang_match_link": N_("Match {id}"),
    "dabang_road": N_("Match road"),
    "dabang_deals": N_("Deals"),
    "dabang_earlier": N_("Matches at this table"),
    "dabang_no_deals": N_("No deal finished yet."),
    "dabang_kou_di": N_("Kou di (the scorers took the last trick)"),
    "dabang_bao_di": N_("Bao di"),
    "dabang_dry_pot": N_("Dry pot"),
    "dabang_blood": N_("Blood"),
    "dabang_levels_after": N_("Levels after"),
    "dabang_seat": N_("Seat {n}"),
    "dabang_hidden_note": N_("These pages never show a seat's hand or a hidden bottom."),
    "dabang_no_tournaments": N_("No tournament yet."),
    "dabang_in_play": N_("in play"),
    "dabang_at_table": N_("at {table}"),
    "dabang_redeal": N_("redeal"),
    "dabang_teams": N_("Teams"),
    "dabang_seats": N_("Seats"),
    "dabang_current_trick": N_("This trick"),
    "dabang_last_trick": N_("Last trick"),
    "big_joker": N_("Big joker"),  # a card face: 大王
    "small_joker": N_("Small joker"),  # 小王
    # Dealers as people (issue 45): the dealers page and each table's dealer card.
    "dealers": N_("Dealers"), "dealer": N_("Dealer"), "dealer_since": N_("since"), "no_dealer": N_("No dealer declared"),
    "dealer_left": N_("the dealer left"), "dealers_in_shift": N_("Dealers in the shift"),
    "dealers_help": N_("The shift so far, per game; each dealer beside the floor. Times are in {zone}."),
    "dealer_table": N_("Table now"), "dealer_games": N_("Games"), "dealer_per_hour": N_("Games an hour"),
    "dealer_pace": N_("Pace (z)"), "dealer_refusals": N_("Refusals (per 100)"), "dealer_voids": N_("Voids (per 100)"),
    "dealer_corrections": N_("Corrections (per 100)"), "dealer_late_slips": N_("Late bets (per 100)"),
    "dealer_win": N_("House win / expected"), "dealer_timers": N_("Timers overrun / held"),
    "not_applicable": N_("n/a"), "no_dealer_games": N_("No game dealt in this shift yet."),
    "dealers_idle": N_("On the roster, no game this shift"),
    "dealers_legend": N_("Pace: games an hour from the time between a dealer's games, and its z-score against the "
                         "floor's. A dealer is flagged when their refusals or pace are out of line with the floor's."),
}


def check_language(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def label(key: str, **values: object) -> str:
    """The word `key` in the page's language; `{name}` in it replaced by `values`."""
    text = _translated(WORDS[key])
    return text.format(**values) if values else text


def _translated(message: str | tuple[str, str]) -> str:
    return pgettext(*message) if isinstance(message, tuple) else gettext(message)


class Labels(Mapping[str, str]):
    """A table of words as the templates look them up by a code (`labels[entry.status]`), each translated
    in the page's language when read."""

    def __init__(self, words: Mapping[str, str | tuple[str, str]]):
        self.words = words

    def __getitem__(self, key: str) -> str:
        return _translated(self.words[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

