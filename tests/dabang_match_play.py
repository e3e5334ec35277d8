"""Whole 打棒 matches of random legal moves, for the property tests of every layer: `next_move(match, rng)`
picks the next move of a domain Match (a deal's draw, a declaration, the end of declaring, the tribute given
back, the bury, the joker bury, a play) as the API's body, so a test can post it and apply it to its own copy
of the match (`apply_move`). The moves are picked from the rules' text (dabang_play), not by the engine."""

from __future__ import annotations

import random

from dabang_play import first_big_joker, legal_follow, legal_lead, shuffled_codes, turn_up_sequence

from roadsvc.domain.cards import BIG_JOKER, SMALL_JOKER
from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers, TributeReturn
from roadsvc.domain.dabang.declaring_phase import Declaring
from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.moves import apply_move as domain_move
from roadsvc.domain.dabang.order import points
from roadsvc.domain.dabang.play_phase import Playing

ROUTES = {"deal": "deals", "declaration": "deals/{n}/declarations", "trump": "deals/{n}/trump",
          "tribute_return": "deals/{n}/tribute-return", "bury": "deals/{n}/bury",
          "bury_jokers": "deals/{n}/bury-jokers", "play": "deals/{n}/plays"}


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def next_move(match: Match, rng: random.Random, seed: int) -> tuple[str, dict]:
    phase = match.current
    if phase is None:
        first = match.dealer_seat or rng.choice([1, 2, 3, 4])
        return "deal", {"draw": shuffled_codes(seed * 1000 + match.next_number), "first_drawer": first}
    if isinstance(phase, Declaring):
        return _declaring(phase, rng)
    if isinstance(phase, TributeReturn):
        dealer = phase.cards.dealer_seat
        given = rng.sample(list(phase.cards.hand(dealer)), len(phase.cards.tribute))
        return "tribute_return", {"seat": dealer, "cards": codes(given)}
    if isinstance(phase, Burying):
        return "bury", _bury(phase, rng)
    if isinstance(phase, BuryingJokers):
        return "bury_jokers", _joker_choice(phase, rng)
    hand = phase.cards.hand(phase.seat)
    cards = legal_follow(hand, phase.current[0].cards, phase.cards.order, rng) if phase.current else \
        legal_lead(hand, rng)
    return "play", {"seat": phase.seat, "cards": codes(cards)}


def _declaring(phase: Declaring, rng: random.Random) -> tuple[str, dict]:
    draw = phase.draw
    if phase.declarations:
        return "trump", {}
    if phase.start.first:
        shown = first_big_joker(draw)
        if shown and rng.random() < 0.7:
            return "declaration", {"seat": shown[0], "cards": ["BJ"], "at": shown[1]}
        return "trump", {"drawn_from_bottom": codes(turn_up_sequence(draw.bottom, phase.start.level))}
    for index, card in enumerate(draw.cards[:draw.dealt]):
        if card.rank == phase.start.level and not card.is_joker and rng.random() < 0.7:
            return "declaration", {"seat": draw.drawer_of(index), "cards": [card.code], "at": index + 1}
    drawn = []
    for card in rng.sample(list(draw.bottom), len(draw.bottom)):
        drawn.append(card)
        if not card.is_joker:
            break
    return "trump", {"drawn_from_bottom": codes(drawn)}


def _bury(phase: Burying, rng: random.Random) -> dict:
    """Six random cards of the hand and the bottom (a 大王 first, sometimes)."""
    dealer = phase.cards.dealer_seat
    held = list(phase.cards.hand(dealer) + phase.cards.bottom)
    buried = rng.sample([c for c in held if not c.is_joker], 6)
    if BIG_JOKER in held and rng.random() < 0.5:
        buried[0] = BIG_JOKER
    return {"seat": dealer, "cards": codes(buried)}


def _joker_choice(phase: BuryingJokers, rng: random.Random) -> dict:
    hand, order = phase.cards.hand(phase.seat), phase.cards.order
    joker = BIG_JOKER if BIG_JOKER in hand else SMALL_JOKER if SMALL_JOKER in hand else None
    if joker is None or rng.random() < 0.5:
        return {"seat": phase.seat, "jokers": [], "take": []}
    takeable = [c for c in phase.cards.bottom if not c.is_joker and points(c) == 0]
    smallest = min(takeable, key=lambda c: (order.is_trump(c), order.strength(c)))
    return {"seat": phase.seat, "jokers": [joker.code], "take": [smallest.code]}


def apply_move(match: Match, kind: str, data: dict, now) -> Match:
    """The move on the test's own copy of the match: the domain's dispatch (the one the API's replay uses)."""
    if kind == "deal":
        return match.start_deal(parse_draw(data["draw"], data["first_drawer"]))
    return domain_move(match, kind, data, now)


class Tally:
    """What the property tests count over whole matches."""

    def __init__(self):
        self.matches = self.deals = self.tribute_deals = self.kou_di_after_tribute = self.tricks = 0

    def deal_over(self, match: Match) -> None:
        end = match.deals[-1].end
        if not hasattr(end, "score"):
            return  # a redeal
        self.deals += 1
        self.tricks += len(end.tricks)
        if end.cards.tribute:
            self.tribute_deals += 1
            self.kou_di_after_tribute += end.score.kou_di


def hand_sizes(match: Match) -> list[int]:
    return [len(hand) for hand in match.current.cards.hands]


def at_trick_start(match: Match) -> bool:
    return isinstance(match.current, Playing) and not match.current.current
