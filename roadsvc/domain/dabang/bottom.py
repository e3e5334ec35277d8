"""The bottom (底牌) and the tribute (喝血): the rules of the spec's bottom section, as pure checks.

- 干锅: the shown bottom holds no card of the trump suit (its 混牌 aside), or only trumps.
- The 打家 buries six cards: point cards and jokers allowed, but a 小王 only when no 大王 is kept (大王 first).
- Each other player may bury jokers (大王 first), taking back for each the bottom's smallest card that is
  not a point card (nor a joker): plain cards before trumps, then the lowest by the deal's order; between
  equal cards of different suits the player chooses. No more jokers than such cards.
- Tribute: the giver hands over, one at a time, the largest card held that is not a point card.
"""

from __future__ import annotations

from collections import Counter

from roadsvc.domain.cards import BIG_JOKER, SMALL_JOKER, Card
from roadsvc.domain.dabang.order import CardOrder, is_point_card
from roadsvc.domain.errors import DomainError


def is_dry_pot(bottom, order: CardOrder) -> bool:
    """干锅: no card of the trump suit other than its 混牌, or nothing but trumps."""
    trump_suit = [c for c in bottom if not c.is_joker and c.suit == order.trump and c.rank != order.level]
    return not trump_suit or all(order.is_trump(card) for card in bottom)


def tribute(hand, count: int, order: CardOrder) -> list[Card]:
    """The cards the 打家's 上家 gives: `count` times the largest non-point card held (fewer if it runs out)."""
    givable = [card for card in hand if not is_point_card(card)]
    return order.sorted(givable)[:count]


def remove(hand, cards, field: str = "cards") -> tuple[Card, ...]:
    """The hand without `cards` (with repeats); a card not held is refused."""
    left, named = Counter(hand), Counter(cards)
    for card in cards:
        if left[card] <= 0:
            raise DomainError("not_in_hand", _not_held(card, named[card], Counter(hand)[card]), field)
        left[card] -= 1
    kept, used = [], Counter()
    for card in hand:
        if used[card] < left[card]:
            kept.append(card)
            used[card] += 1
    return tuple(kept)


def _not_held(card: Card, named: int, held: int) -> str:
    if not held:
        return f"{card.code} is not in the hand"
    return f"{card.code} is named {named} times; the hand holds {held}"


def check_jokers_first(kept, buried, field: str) -> None:
    """大王 before 小王: a 小王 goes in only when no 大王 stays in the hand."""
    if SMALL_JOKER in buried and BIG_JOKER in kept:
        raise DomainError("big_joker_first", "a 小王 is buried only when no 大王 is kept (大王 first)", field)


def bury(hand, cards, size: int) -> tuple[Card, ...]:
    """The 打家's bury: exactly `size` cards from the hand; the kept hand is returned."""
    if len(cards) != size:
        raise DomainError("wrong_count", f"the 打家 buries {size} cards, got {len(cards)}", "cards")
    kept = remove(hand, cards)
    check_jokers_first(kept, cards, "cards")
    return kept


def takeable(bottom, order: CardOrder) -> list[Card]:
    """The bottom's cards a joker may take back: not point cards, not jokers."""
    return [card for card in bottom if not is_point_card(card) and not card.is_joker]


def _take_key(card: Card, order: CardOrder) -> tuple[int, int]:
    return order.rank_key(card)  # plain cards (0) before trumps (1), then the lowest


def check_take(bottom, take, count: int, order: CardOrder) -> None:
    """`take` must be the `count` smallest takeable cards of the bottom (ties: any of the equal cards)."""
    if len(take) != count:
        raise DomainError("wrong_count", f"take back one card for each joker: {count}", "take")
    candidates = takeable(bottom, order)
    if count > len(candidates):
        raise DomainError("nothing_to_take", f"the bottom has only {len(candidates)} card(s) a joker may take "
                          "back (no point cards, no jokers)", "jokers")
    if any(is_point_card(card) or card.is_joker for card in take):
        raise DomainError("not_takeable", "point cards and jokers are never taken back", "take")
    missing = Counter(take) - Counter(candidates)
    if missing:
        raise DomainError("not_in_bottom", f"the bottom holds no more {next(iter(missing)).code}", "take")
    if count == 0:
        return
    keys = sorted(_take_key(card, order) for card in candidates)
    line = keys[count - 1]
    below = sum(1 for key in keys if key < line)
    taken = [_take_key(card, order) for card in take]
    if any(key > line for key in taken) or sum(1 for key in taken if key < line) != below:
        raise DomainError("not_smallest", "each joker takes back the bottom's smallest non-point card "
                          "(plain before trump, then the lowest)", "take")


def bury_jokers(hand, bottom, jokers, take, order: CardOrder) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Another player's joker bury: the new hand and the new bottom."""
    if any(not card.is_joker for card in jokers):
        raise DomainError("not_a_joker", "only jokers are buried by the other players", "jokers")
    kept = remove(hand, jokers, "jokers")
    check_jokers_first(kept, jokers, "jokers")
    check_take(bottom, take, len(jokers), order)
    new_bottom = remove(bottom, take, "take") + tuple(jokers)
    return kept + tuple(take), new_bottom
