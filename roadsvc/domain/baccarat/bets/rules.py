"""What each bet type pays on: a hand's facts -> win (and at which pay tier), lose or push.

The rules know nothing of amounts: a rule names the tier (e.g. `three_card`,
`margin_8`) and the rule set says what that tier pays. One rule serves settlement
and the exact odds alike, so the odds printed are the odds of the bets settled.

Which facts each rule needs, hence what a hand entered by result only can settle
(R result, P pair flags, T totals, N each side's natural, C card counts, S suits):

| rule | needs | result-only hand |
|---|---|---|
| side_wins (player, banker at 0.95) | R | yes |
| banker_half_on_six (no-commission banker) | R T | with totals |
| niuniu_side (Niu Niu player, banker) | R T | with totals |
| tie | R | yes |
| pair, either_pair | P | yes (from its pair flags) |
| perfect_pair, tiger_pair, four_pair, black, red | S | no |
| dragon_bonus | R T N | with totals and the natural flag |
| side_natural | N | with totals and the natural flag |
| side_natural_tie_pushes | R N | with totals and the natural flag |
| tiger_tie, invincible_six, tiger_buffalo | R T | with totals |
| banker_four, player_four, wu_dalang | R T | with totals |
| lucky_six, small/big_tiger, small/big_buffalo, lucky_seven, golden_eight | R T C | no |
| char_siu, fire_sevens, divine_nine, all_treasures | R T C | no |

Tiger pair: its 20 and 4 tiers could be told from pair flags, but 100 needs suits,
so the bet as a whole needs suits. "A pair of diamonds" (four-pair bets) is a pair
whose two cards are both diamonds, i.e. the same rank and suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from roadsvc.domain.baccarat.bets.facts import CARD_COUNTS, NATURALS, PAIRS, RESULT, SUITS, TOTALS, HandFacts
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER, TIE

WIN, LOSE, PUSH = "win", "lose", "push"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A bet's fate on a hand: kind win/lose/push, and the pay (or loss) tier."""

    kind: str
    tier: str

    @property
    def label(self) -> str:
        """`win:<tier>`, `lose:<tier>` or `push`: the key odds are reported under."""
        return PUSH if self.kind == PUSH else f"{self.kind}:{self.tier}"


LOST = Outcome(LOSE, "lose")
PUSHED = Outcome(PUSH, "push")

Decide = Callable[[HandFacts, "str | None"], Outcome]


@dataclass(frozen=True)
class Rule:
    """A named way of deciding a bet: the facts it needs and the tiers it can name.

    A `one_side` rule reads only the facts of the bet's own side (`side`), which
    lets the card odds decide it on that side's classes alone.
    """

    name: str
    decide: Decide
    needs: frozenset[str]
    win_tiers: tuple[str, ...] = ("win",)
    loss_tiers: tuple[str, ...] = ("lose",)
    one_side: bool = False


def _won_if(condition: bool, tier: str = "win") -> Outcome:
    return Outcome(WIN, tier) if condition else LOST


def side_wins(facts: HandFacts, side: str | None) -> Outcome:
    if facts.result == TIE:
        return PUSHED
    return _won_if(facts.result == side)


def banker_half_on_six(facts: HandFacts, side: str | None) -> Outcome:
    if facts.result == TIE:
        return PUSHED
    if facts.result != BANKER:
        return LOST
    return Outcome(WIN, "win_six" if facts.banker_total == 6 else "win")


def niuniu_side(facts: HandFacts, side: str | None) -> Outcome:
    """Niu Niu: W is the winning side's total; a win pays at tier total_W, a loss costs at it."""
    if facts.result == TIE:
        return PUSHED
    kind = WIN if facts.result == side else LOSE
    return Outcome(kind, f"total_{facts.winner_total}")


def tie(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(facts.result == TIE)


def pair(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(bool(facts.pair(side)))


def either_pair(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(bool(facts.player_pair or facts.banker_pair))


def _identical(cards: tuple) -> bool:
    return cards[0] == cards[1]


def perfect_pair(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(_identical(facts.player_first_two) or _identical(facts.banker_first_two))


def dragon_bonus(facts: HandFacts, side: str | None) -> Outcome:
    natural = facts.natural(side)
    if facts.result == TIE:
        return PUSHED if natural else LOST
    if facts.result != side:
        return LOST
    if natural:
        return Outcome(WIN, "natural")
    margin = abs(facts.player_total - facts.banker_total)
    return _won_if(margin >= 4, f"margin_{margin}")


def side_natural(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(bool(facts.natural(side)))


def side_natural_tie_pushes(facts: HandFacts, side: str | None) -> Outcome:
    if facts.natural(side) and facts.result == TIE:
        return PUSHED
    return side_natural(facts, side)


def lucky_six(facts: HandFacts, side: str | None) -> Outcome:
    won = facts.result == BANKER and facts.banker_total == 6
    return _won_if(won, "two_card" if facts.banker_count == 2 else "three_card")


def _wins_with(side: str, total: int, cards: int | None) -> Decide:
    """A rule for "`side` wins with `total` (on `cards` cards, when given)"."""

    def decide(facts: HandFacts, _side: str | None) -> Outcome:
        won = facts.result == side and facts.total(side) == total
        return _won_if(won and (cards is None or facts.count(side) == cards))

    return decide


def tiger_tie(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(facts.result == TIE and facts.banker_total == 6)


def invincible_six(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(facts.winner_total == 6)


def tiger_buffalo(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(facts.result != TIE and facts.winner_total == 6)


def tiger_pair(facts: HandFacts, side: str | None) -> Outcome:
    pairs = int(bool(facts.player_pair)) + int(bool(facts.banker_pair))
    if pairs == 2:
        four = facts.player_first_two + facts.banker_first_two
        return Outcome(WIN, "all_identical" if len(set(four)) == 1 else "both_pairs")
    return _won_if(pairs == 1, "one_pair")


def four_pair(facts: HandFacts, side: str | None) -> Outcome:
    first, second = facts.first_two(side)
    if first.rank != second.rank:
        return LOST
    diamonds = first.suit == second.suit == "D"
    if first.rank == 4:
        return Outcome(WIN, "four_diamonds" if diamonds else "fours")
    return Outcome(WIN, "diamonds" if diamonds else "pair")


def black(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(all(card.is_black for card in facts.first_two(side)))


def red(facts: HandFacts, side: str | None) -> Outcome:
    return _won_if(not any(card.is_black for card in facts.first_two(side)))


def char_siu(facts: HandFacts, side: str | None) -> Outcome:
    total = facts.total(side)
    won = facts.result == side and total >= 7 and abs(facts.player_total - facts.banker_total) == 1
    return _won_if(won, f"cards_{facts.player_count + facts.banker_count}")


def fire_sevens(facts: HandFacts, side: str | None) -> Outcome:
    sevens = facts.player_total == facts.banker_total == 7
    same_count = facts.player_count == facts.banker_count
    return _won_if(sevens and same_count, "two_card" if facts.player_count == 2 else "three_card")


def divine_nine(facts: HandFacts, side: str | None) -> Outcome:
    nines = sum(facts.total(s) == 9 and facts.count(s) == 3 for s in (PLAYER, BANKER))
    return _won_if(nines > 0, "both_sides" if nines == 2 else "one_side")


TREASURES = ("lucky_seven", "golden_eight", "fire_sevens", "divine_nine")


def all_treasures(facts: HandFacts, side: str | None) -> Outcome:
    """Wins when any of the four treasure bets would."""
    return _won_if(any(RULES[name].decide(facts, None).kind == WIN for name in TREASURES))


_RT, _RTC = frozenset({RESULT, TOTALS}), frozenset({RESULT, TOTALS, CARD_COUNTS})
_MARGINS = tuple(f"margin_{m}" for m in range(9, 3, -1))
_NIUNIU_TIERS = tuple(f"total_{w}" for w in range(1, 10))

_WINS_WITH = {
    "small_tiger": (BANKER, 6, 2),
    "big_tiger": (BANKER, 6, 3),
    "small_buffalo": (PLAYER, 6, 2),
    "big_buffalo": (PLAYER, 6, 3),
    "lucky_seven": (BANKER, 7, 3),
    "golden_eight": (PLAYER, 8, 3),
    "banker_four": (BANKER, 4, None),
    "player_four": (PLAYER, 4, None),
    "wu_dalang": (PLAYER, 1, None),
}


def _wins_with_rules() -> list[Rule]:
    return [
        Rule(name, _wins_with(side, total, cards), _RTC if cards else _RT)
        for name, (side, total, cards) in _WINS_WITH.items()
    ]


RULES: dict[str, Rule] = {
    rule.name: rule
    for rule in [
        Rule("side_wins", side_wins, frozenset({RESULT})),
        Rule("banker_half_on_six", banker_half_on_six, _RT, ("win", "win_six")),
        Rule("niuniu_side", niuniu_side, _RT, _NIUNIU_TIERS, _NIUNIU_TIERS),
        Rule("tie", tie, frozenset({RESULT})),
        Rule("pair", pair, frozenset({PAIRS}), one_side=True),
        Rule("either_pair", either_pair, frozenset({PAIRS})),
        Rule("perfect_pair", perfect_pair, frozenset({SUITS})),
        Rule("dragon_bonus", dragon_bonus, frozenset({RESULT, TOTALS, NATURALS}), ("natural",) + _MARGINS),
        Rule("side_natural", side_natural, frozenset({NATURALS}), one_side=True),
        Rule("side_natural_tie_pushes", side_natural_tie_pushes, frozenset({RESULT, NATURALS})),
        Rule("lucky_six", lucky_six, _RTC, ("two_card", "three_card")),
        Rule("tiger_tie", tiger_tie, _RT),
        Rule("tiger_pair", tiger_pair, frozenset({SUITS}), ("all_identical", "both_pairs", "one_pair")),
        Rule("four_pair", four_pair, frozenset({SUITS}), ("four_diamonds", "fours", "diamonds", "pair"), one_side=True),
        Rule("black", black, frozenset({SUITS}), one_side=True),
        Rule("red", red, frozenset({SUITS}), one_side=True),
        Rule("invincible_six", invincible_six, _RT),
        Rule("tiger_buffalo", tiger_buffalo, _RT),
        Rule("char_siu", char_siu, _RTC, ("cards_4", "cards_5", "cards_6")),
        Rule("fire_sevens", fire_sevens, frozenset({TOTALS, CARD_COUNTS}), ("two_card", "three_card")),
        Rule("divine_nine", divine_nine, frozenset({TOTALS, CARD_COUNTS}), ("one_side", "both_sides")),
        Rule("all_treasures", all_treasures, _RTC),
        *_wins_with_rules(),
    ]
}
