"""A trick: its lead (单牌, 棒, 三联), the rules of following (死棒), and who wins it.

A lead is one card, two identical cards (棒) or three (三联), trumps counting as one suit. A follower plays
as many cards as were led, of the led suit while any are held. 死棒: on a 棒 a player holding a 棒 of the
suit plays one (a 三联 is not a 棒 and need not be broken); on a 三联 a player holding a 三联 plays it,
else a 棒 and a single, else three cards. Among the plays of the led shape in the led suit or in trumps the
highest wins, any trump over any plain card; equal cards: the first played wins.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from roadsvc.domain.cards import Card
from roadsvc.domain.dabang.order import TRUMP, CardOrder, points
from roadsvc.domain.errors import DomainError

SHAPES = {1: "single", 2: "bang", 3: "sanlian"}


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    cards: tuple[Card, ...]


def lead_shape(cards: tuple[Card, ...], order: CardOrder) -> str:
    """The shape of a lead, or `invalid_lead`."""
    if not 1 <= len(cards) <= 3 or len(set(cards)) != 1:
        raise DomainError("invalid_lead", "a lead is one card, a 棒 (two identical cards) or a 三联 (three): "
                          "no sequences, tractors or several combinations at once", "cards")
    return SHAPES[len(cards)]


def check_follow(cards: tuple[Card, ...], hand: tuple[Card, ...], led: tuple[Card, ...], order: CardOrder) -> None:
    """Refuse a follow that breaks a rule, with the rule it breaks."""
    need = min(len(led), len(hand))
    if len(cards) != need:
        raise DomainError("wrong_count", f"play {need} card(s): as many as were led", "cards")
    suit = order.suit(led[0])
    in_suit = [card for card in hand if order.suit(card) == suit]
    played = [card for card in cards if order.suit(card) == suit]
    if len(played) < min(need, len(in_suit)):
        raise DomainError("must_follow_suit", f"play the led suit ({_suit_name(suit)}) while you hold it",
                          "cards")
    if len(in_suit) >= need:
        _check_forced_sets(cards, in_suit, len(led))


def _check_forced_sets(cards: tuple[Card, ...], in_suit: list[Card], led_count: int) -> None:
    """死棒: sets held in the led suit must be played when a set is led (only with enough cards of the suit)."""
    held, played = Counter(in_suit), Counter(cards)
    if led_count == 2 and 2 in held.values() and 2 not in played.values():
        raise DomainError("must_play_bang", "a 棒 was led and you hold a 棒 in the suit: play a 棒", "cards")
    if led_count == 3:
        if 3 in held.values() and 3 not in played.values():
            raise DomainError("must_play_sanlian", "a 三联 was led and you hold a 三联 in the suit: play it", "cards")
        if 3 not in held.values() and 2 in held.values() and 2 not in played.values():
            raise DomainError("must_play_bang", "a 三联 was led; without a 三联 play a 棒 and a single of the suit",
                              "cards")


def _suit_name(suit: str) -> str:
    return "trumps" if suit == TRUMP else suit


def winning_index(plays: tuple[Play, ...], order: CardOrder) -> int:
    """The index of the play that wins the trick so far."""
    led = plays[0].cards
    suit, size = order.suit(led[0]), len(led)
    best, best_key = 0, (order.suit(led[0]) == TRUMP, order.strength(led[0]))
    for index, play in enumerate(plays[1:], start=1):
        cards = play.cards
        if len(cards) != size or len(set(cards)) != 1:
            continue  # not the led shape: it cannot win
        card_suit = order.suit(cards[0])
        if card_suit not in (suit, TRUMP):
            continue
        key = (card_suit == TRUMP, order.strength(cards[0]))
        if key > best_key:
            best, best_key = index, key
    return best


def trick_points(plays) -> int:
    return sum(points(card) for play in plays for card in play.cards)
