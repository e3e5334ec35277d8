"""The bet types and the four rule sets of spec/bets.md, as data.

Pays are "to 1" (a winning 100 at 11 returns 100 + 1100), as decimal strings keyed
by the tier a rule names (see `rules`). "2赔7" in the texts is 3.5 to 1. A table
picks one rule set by name and may override any pay, cutoff or limit
(`rule_sets.rule_set(name, overrides)`).

Decisions where the texts are silent (every one is configuration):
* The cutoffs of 003 §5-9 apply in every rule set that offers the bet (a pair bet
  late in a shoe is as countable at a classic table); a table may lift one with a
  `null` cutoff.
* Default limits are the spec's example table: every bet type 1.00-10000.00; the
  banker-player difference limit (hedge_limit) 100000.00; every other bet type's
  total per hand (total_limit) 50000.00. Operators are expected to override them.
* banker_no_commission stands on the banker side of the hedge, beside banker.
* Classic natural bets (001) win whenever that side's first two cards total 8 or 9,
  ties included: 001 names no push. The push on a tie with a natural is extended's
  (003) rule, so extended's natural bets use `side_natural_tie_pushes`.
* "A pair of diamonds" (four-pair bets) is a pair both of whose cards are diamonds.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER
from roadsvc.domain.messages import N_


class BetType(NamedTuple):
    name_en: str  # the English name, a message id: the catalogues hold the operator's Chinese names
    rule: str  # the default settlement rule
    side: str | None  # the side the rule is about
    hedge_side: str | None  # the side whose opposite it hedges (banker/player bets only)


BET_TYPES: dict[str, BetType] = {
    "player": BetType(N_("Player"), "side_wins", PLAYER, PLAYER),
    "banker": BetType(N_("Banker"), "side_wins", BANKER, BANKER),
    "banker_no_commission": BetType(N_("Banker, no commission"), "banker_half_on_six", BANKER, BANKER),
    "tie": BetType(N_("Tie"), "tie", None, None),
    "player_pair": BetType(N_("Player pair"), "pair", PLAYER, None),
    "banker_pair": BetType(N_("Banker pair"), "pair", BANKER, None),
    "either_pair": BetType(N_("Either pair"), "either_pair", None, None),
    "perfect_pair": BetType(N_("Perfect pair"), "perfect_pair", None, None),
    "banker_dragon_bonus": BetType(N_("Banker dragon bonus"), "dragon_bonus", BANKER, None),
    "player_dragon_bonus": BetType(N_("Player dragon bonus"), "dragon_bonus", PLAYER, None),
    "lucky_six": BetType(N_("Lucky six"), "lucky_six", None, None),
    "banker_natural": BetType(N_("Banker natural"), "side_natural", BANKER, None),
    "player_natural": BetType(N_("Player natural"), "side_natural", PLAYER, None),
    "tiger": BetType(N_("Tiger"), "lucky_six", None, None),
    "big_tiger": BetType(N_("Big tiger"), "big_tiger", None, None),
    "small_tiger": BetType(N_("Small tiger"), "small_tiger", None, None),
    "tiger_tie": BetType(N_("Tiger tie"), "tiger_tie", None, None),
    "tiger_pair": BetType(N_("Tiger pair"), "tiger_pair", None, None),
    "banker_four": BetType(N_("Banker four"), "banker_four", None, None),
    "player_four": BetType(N_("Player four"), "player_four", None, None),
    "banker_four_pair": BetType(N_("Banker four pair"), "four_pair", BANKER, None),
    "player_four_pair": BetType(N_("Player four pair"), "four_pair", PLAYER, None),
    "banker_black": BetType(N_("Banker black"), "black", BANKER, None),
    "player_black": BetType(N_("Player black"), "black", PLAYER, None),
    "banker_red": BetType(N_("Banker red"), "red", BANKER, None),
    "player_red": BetType(N_("Player red"), "red", PLAYER, None),
    "invincible_six": BetType(N_("Invincible six"), "invincible_six", None, None),
    "banker_char_siu": BetType(N_("Banker char siu"), "char_siu", BANKER, None),
    "player_char_siu": BetType(N_("Player char siu"), "char_siu", PLAYER, None),
    "small_buffalo": BetType(N_("Small buffalo"), "small_buffalo", None, None),
    "big_buffalo": BetType(N_("Big buffalo"), "big_buffalo", None, None),
    "tiger_buffalo": BetType(N_("Tiger buffalo"), "tiger_buffalo", None, None),
    "wu_dalang": BetType(N_("Wu Dalang"), "wu_dalang", None, None),
    "lucky_seven": BetType(N_("Lucky seven"), "lucky_seven", None, None),
    "golden_eight": BetType(N_("Golden eight"), "golden_eight", None, None),
    "fire_sevens": BetType(N_("Fire sevens"), "fire_sevens", None, None),
    "divine_nine": BetType(N_("Divine nine"), "divine_nine", None, None),
    "all_treasures": BetType(N_("All treasures"), "all_treasures", None, None),
}

# "After hand N": a bet on hand N+1 or later is refused (003 §5-9).
CUTOFFS: dict[int, tuple[str, ...]] = {
    50: ("banker_pair", "player_pair", "either_pair", "perfect_pair", "tiger_pair", "banker_four_pair",
         "player_four_pair", "lucky_six", "tiger"),
    30: ("small_tiger", "big_tiger", "tiger_tie", "banker_black", "player_black", "banker_red", "player_red",
         "lucky_seven", "fire_sevens", "divine_nine"),
}

DEFAULT_RANGE = {"min": "1.00", "max": "10000.00"}
DEFAULT_HEDGE_LIMIT = "100000.00"
DEFAULT_TOTAL_LIMIT = "50000.00"

_NIUNIU_PAYS = {f"total_{w}": str(w) for w in range(1, 9)} | {"total_9": "8.55"}
_NIUNIU_LOSSES = {f"total_{w}": str(w) for w in range(1, 10)}
_NIUNIU_SIDE = {"rule": "niuniu_side", "pays": _NIUNIU_PAYS, "losses": _NIUNIU_LOSSES, "hold": "9"}
_DRAGON = {"natural": "1", "margin_9": "30", "margin_8": "10", "margin_7": "5", "margin_6": "3",
           "margin_5": "2", "margin_4": "1"}
_FOUR_PAIR = {"four_diamonds": "30", "fours": "15", "diamonds": "12", "pair": "9"}
_EXTENDED_NATURAL = {"rule": "side_natural_tie_pushes", "pays": {"win": "4"}}

_CLASSIC: dict[str, dict[str, Any]] = {
    "player": {"pays": {"win": "1"}},
    "banker": {"pays": {"win": "0.95"}},
    "tie": {"pays": {"win": "8"}},
    "player_pair": {"pays": {"win": "11"}},
    "banker_pair": {"pays": {"win": "11"}},
    "lucky_six": {"pays": {"two_card": "12", "three_card": "20"}},
    "player_natural": {"pays": {"win": "3.5"}},
    "banker_natural": {"pays": {"win": "3.5"}},
}

# name -> bet code -> {pays, and where they differ from the defaults: rule, losses, hold}. A rule set is named
# by its code only: no page or answer shows a rule set's name (a table's `rule_set` is the code).
RULE_SETS: dict[str, dict[str, dict[str, Any]]] = {
    "classic": _CLASSIC,
    "classic_no_commission":
        _CLASSIC | {"banker": {"rule": "banker_half_on_six", "pays": {"win": "1", "win_six": "0.5"}}},
    "niuniu": {"player": _NIUNIU_SIDE, "banker": _NIUNIU_SIDE, "tie": {"pays": {"win": "8"}}},
    "extended": {
        "banker": {"pays": {"win": "0.95"}},
        "banker_no_commission": {"pays": {"win": "1", "win_six": "0.5"}},
        "player": {"pays": {"win": "1"}},
        "tie": {"pays": {"win": "8"}},
        "player_pair": {"pays": {"win": "11"}},
        "banker_pair": {"pays": {"win": "11"}},
        "either_pair": {"pays": {"win": "5"}},
        "perfect_pair": {"pays": {"win": "25"}},
        "banker_dragon_bonus": {"pays": _DRAGON},
        "player_dragon_bonus": {"pays": _DRAGON},
        "lucky_six": {"pays": {"two_card": "12", "three_card": "18"}},
        "banker_natural": _EXTENDED_NATURAL,
        "player_natural": _EXTENDED_NATURAL,
        "tiger": {"pays": {"two_card": "12", "three_card": "18"}},
        "big_tiger": {"pays": {"win": "50"}},
        "small_tiger": {"pays": {"win": "22"}},
        "tiger_tie": {"pays": {"win": "40"}},
        "tiger_pair": {"pays": {"all_identical": "100", "both_pairs": "20", "one_pair": "4"}},
        "banker_four": {"pays": {"win": "20"}},
        "player_four": {"pays": {"win": "35"}},
        "banker_four_pair": {"pays": _FOUR_PAIR},
        "player_four_pair": {"pays": _FOUR_PAIR},
        "banker_black": {"pays": {"win": "2"}},
        "player_black": {"pays": {"win": "2"}},
        "banker_red": {"pays": {"win": "2"}},
        "player_red": {"pays": {"win": "2"}},
        "invincible_six": {"pays": {"win": "4"}},
        "banker_char_siu": {"pays": {"cards_4": "10", "cards_5": "15", "cards_6": "50"}},
        "player_char_siu": {"pays": {"cards_4": "10", "cards_5": "15", "cards_6": "50"}},
        "small_buffalo": {"pays": {"win": "20"}},
        "big_buffalo": {"pays": {"win": "35"}},
        "tiger_buffalo": {"pays": {"win": "4"}},
        "wu_dalang": {"pays": {"win": "150"}},
        "lucky_seven": {"pays": {"win": "40"}},
        "golden_eight": {"pays": {"win": "25"}},
        "fire_sevens": {"pays": {"two_card": "50", "three_card": "200"}},
        "divine_nine": {"pays": {"one_side": "10", "both_sides": "75"}},
        "all_treasures": {"pays": {"win": "5"}},
    },
}
