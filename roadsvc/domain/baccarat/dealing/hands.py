"""A hand of baccarat: by cards (with every fact derived) or by result alone.

The JSON form (what the API and `roadsvc roads --hands` accept):

* by cards, each side in dealing order::

    {"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}}

* by cards as a shoe reader sees them, in dealing order P1 B1 P2 B2 [P3] [B3]
  (who gets a fifth card follows from the third-card rules)::

    {"cards": ["4S", "KD", "3H", "9C"]}

* by result, with optional pair flags, totals and natural::

    {"result": "banker", "banker_pair": false, "player_pair": true,
     "player_total": 3, "banker_total": 9, "natural": true}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from roadsvc.domain.baccarat.dealing.cards import Card, parse_card, points
from roadsvc.domain.baccarat.dealing.drawing import banker_draws, check_draws, player_draws, surplus_card_rule
from roadsvc.domain.errors import DomainError

BANKER, PLAYER, TIE = "banker", "player", "tie"
RESULTS = (BANKER, PLAYER, TIE)
SIDES = (PLAYER, BANKER)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand's outcome. Cards are None for a hand entered by result only."""

    result: str
    banker_pair: bool = False
    player_pair: bool = False
    player_total: int | None = None
    banker_total: int | None = None
    natural: bool | None = None
    player_cards: tuple[Card, ...] | None = None
    banker_cards: tuple[Card, ...] | None = None

    @property
    def has_cards(self) -> bool:
        return self.player_cards is not None

    @property
    def has_totals(self) -> bool:
        return self.player_total is not None

    def cards(self, side: str) -> tuple[Card, ...] | None:
        return self.player_cards if side == PLAYER else self.banker_cards

    def total(self, side: str) -> int | None:
        return self.player_total if side == PLAYER else self.banker_total

    @property
    def winner_total(self) -> int | None:
        """The winning side's points (either side's on a tie), when known."""
        if not self.has_totals:
            return None
        return self.player_total if self.result == PLAYER else self.banker_total

    @property
    def margin(self) -> int | None:
        if not self.has_totals:
            return None
        return abs(self.player_total - self.banker_total)

    def side_natural(self, side: str) -> bool | None:
        """That side's first two cards total 8 or 9 (known only with cards)."""
        cards = self.cards(side)
        return None if cards is None else points(cards[:2]) >= 8

    def card_count(self, side: str) -> int | None:
        cards = self.cards(side)
        return None if cards is None else len(cards)

    def perfect_pair(self, side: str) -> bool | None:
        cards = self.cards(side)
        return None if cards is None else cards[0] == cards[1]

    def all_cards(self) -> tuple[Card, ...]:
        return (self.player_cards or ()) + (self.banker_cards or ())

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON form (cards by side when known)."""
        data: dict[str, Any] = {
            "result": self.result,
            "banker_pair": self.banker_pair,
            "player_pair": self.player_pair,
            "player_total": self.player_total,
            "banker_total": self.banker_total,
            "natural": self.natural,
        }
        if self.has_cards:
            data["cards"] = {side: [c.code for c in self.cards(side)] for side in SIDES}
        return data


def result_of(player_total: int, banker_total: int) -> str:
    if player_total == banker_total:
        return TIE
    return PLAYER if player_total > banker_total else BANKER


def hand_from_cards(player: list[Card], banker: list[Card]) -> Hand:
    """A dealt hand; refused if its card counts break the third-card rules."""
    check_draws([c.value for c in player], [c.value for c in banker])
    player_total, banker_total = points(player), points(banker)
    return Hand(
        result=result_of(player_total, banker_total),
        banker_pair=banker[0].rank == banker[1].rank,
        player_pair=player[0].rank == player[1].rank,
        player_total=player_total,
        banker_total=banker_total,
        natural=points(player[:2]) >= 8 or points(banker[:2]) >= 8,
        player_cards=tuple(player),
        banker_cards=tuple(banker),
    )


def split_dealing_order(cards: list[Card]) -> tuple[list[Card], list[Card]]:
    """P1 B1 P2 B2 [P3] [B3] -> (player, banker), using the third-card rules."""
    if not 4 <= len(cards) <= 6:
        raise DomainError("card_count", f"a hand is 4 to 6 cards in dealing order, got {len(cards)}", "cards")
    player, banker, rest = [cards[0], cards[2]], [cards[1], cards[3]], list(cards[4:])
    player_two, banker_two = points(player), points(banker)
    player_third = None
    if rest and player_draws(player_two, banker_two):
        player.append(rest.pop(0))
        player_third = player[2].value
    if rest and banker_draws(player_two, banker_two, player_third):
        banker.append(rest.pop(0))
    if rest:
        raise DomainError("third_card_rule", surplus_card_rule(player_two, banker_two, player_third), "cards")
    return player, banker


def hand_from_result(
    result: str,
    banker_pair: bool = False,
    player_pair: bool = False,
    player_total: int | None = None,
    banker_total: int | None = None,
    natural: bool | None = None,
) -> Hand:
    """A hand entered by result only; totals, when given, must agree with it."""
    if result not in RESULTS:
        raise DomainError("invalid_result", f"result must be one of {', '.join(RESULTS)}, got {result!r}", "result")
    for field, value in (("banker_pair", banker_pair), ("player_pair", player_pair)):
        if not isinstance(value, bool):
            raise DomainError("invalid_flag", f"{field} must be true or false", field)
    if natural is not None and not isinstance(natural, bool):
        raise DomainError("invalid_flag", "natural must be true, false or null", "natural")
    _check_totals(result, player_total, banker_total, natural)
    return Hand(result, banker_pair, player_pair, player_total, banker_total, natural)


def _check_totals(result: str, player_total, banker_total, natural) -> None:
    if (player_total is None) != (banker_total is None):
        field = "banker_total" if banker_total is None else "player_total"
        raise DomainError("totals_incomplete", "give both totals or neither", field)
    if player_total is None:
        return
    for field, value in (("player_total", player_total), ("banker_total", banker_total)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
            raise DomainError("invalid_total", f"{field} must be a whole number from 0 to 9", field)
    if result_of(player_total, banker_total) != result:
        raise DomainError(
            "totals_contradict_result",
            f"player {player_total} against banker {banker_total} is not a {result} win"
            if result != TIE
            else f"player {player_total} against banker {banker_total} is not a tie",
            "result",
        )
    if natural and max(player_total, banker_total) < 8:
        raise DomainError("totals_contradict_natural", "a natural needs a side with 8 or 9", "natural")


def parse_cards(raw: Any, field: str) -> list[Card]:
    if not isinstance(raw, list):
        raise DomainError("invalid_cards", "cards must be a list of card codes", field)
    return [parse_card(code, f"{field}[{i}]") for i, code in enumerate(raw)]


def parse_hand(data: Mapping[str, Any]) -> Hand:
    """A hand from its JSON form (see the module docstring)."""
    if not isinstance(data, Mapping):
        raise DomainError("invalid_hand", "a hand is an object with `cards` or `result`", None)
    if "cards" in data and data["cards"] is not None:
        return _hand_by_cards(data)
    if "result" not in data:
        raise DomainError("missing_field", "a hand needs `cards` or `result`", "result")
    return hand_from_result(
        data["result"],
        data.get("banker_pair", False),
        data.get("player_pair", False),
        data.get("player_total"),
        data.get("banker_total"),
        data.get("natural"),
    )


def _hand_by_cards(data: Mapping[str, Any]) -> Hand:
    cards = data["cards"]
    if isinstance(cards, list):
        player, banker = split_dealing_order(parse_cards(cards, "cards"))
    elif isinstance(cards, Mapping):
        for side in cards:
            if side not in (PLAYER, BANKER):
                raise DomainError("unknown_side", f"cards has a player and a banker side, not {side!r}", f"cards.{side}")
        player = parse_cards(cards.get("player"), "cards.player")
        banker = parse_cards(cards.get("banker"), "cards.banker")
    else:
        raise DomainError("invalid_cards", "cards is a list in dealing order or {player, banker}", "cards")
    hand = hand_from_cards(player, banker)
    _check_stated_facts(hand, data)
    return hand


def _check_stated_facts(hand: Hand, data: Mapping[str, Any]) -> None:
    """A hand by cards may also state its result etc.; those must agree with the cards."""
    for field in ("result", "banker_pair", "player_pair", "player_total", "banker_total", "natural"):
        stated, actual = data.get(field), getattr(hand, field)
        # Compare types too: True == 1 and 9.0 == 9 in Python, but not in the JSON contract.
        if stated is not None and (stated != actual or type(stated) is not type(actual)):
            raise DomainError(
                "facts_contradict_cards",
                f"{field} {stated!r} contradicts the cards ({actual!r})",
                field,
            )
