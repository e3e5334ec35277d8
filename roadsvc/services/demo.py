"""The demo: a table of each game, fresh keys (one per role, good at every demo table), a dealer that
deals real shoes at the baccarat table, one that runs the 百人牛牛 table's rounds, and a player that plays the
打棒 table's match move by move (the domain's legal-play bot), a new match when one ends.

The dealer deals an 8-deck shoe with the domain's rules (burn, third-card rules, the cut
card about a deck from the end) and posts it hand by hand through the same use cases as
the API, so the roads on a display move as they would at a live table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from sqlalchemy import select

from roadsvc.domain.baccarat.dealing.shoe import DealtShoe, deal_shoe
from roadsvc.domain.cards import standard_deck
from roadsvc.domain.dabang import bot
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.errors import DomainError
from roadsvc.domain.games import DABANG, NIUNIU
from roadsvc.domain.niuniu.dealing import PLAYERS, deal_in_order
from roadsvc.persistence import niuniu as niuniu_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ApiKey, DabangMatch, Shoe, Table, utcnow
from roadsvc.services import tables
from roadsvc.services.admin_audit import Actor
from roadsvc.services.baccarat import hands, integrity, play, shoes
from roadsvc.services.baccarat import slips as bet_slips
from roadsvc.domain.baccarat.integrity.advantage import is_open
from roadsvc.services.dabang import matches, replay
from roadsvc.services.dabang import moves as dabang_moves
from roadsvc.services.dealers.demo import ensure_demo_dealers
from roadsvc.services.errors import ServiceError
from roadsvc.services.capabilities import ROLES
from roadsvc.services.keys.lifecycle import create_role_keys
from roadsvc.services.niuniu import rounds as niuniu_rounds
from roadsvc.services.niuniu import slips as niuniu_slips

DEMO_KEY_PREFIX = "demo "
DEMO_ACTOR = Actor("roadsvc:demo")
NIUNIU_NAME, DABANG_NAME = "Demo 百人牛牛 1", "Demo 打棒 1"  # beside the baccarat one (ROADSVC_DEMO_TABLE_NAME)
DABANG_PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}


def ensure_demo_table(db: Database, name: str) -> tuple[Table, Shoe]:
    """The demo table (created if missing) and its open shoe (opened if none is)."""
    with db.read() as session:
        table = session.scalars(select(Table).where(Table.name == name)).first()
    if table is None:
        table = tables.create_table(db, name, "classic")
    current = [s for s in shoes.list_shoes(db, table.id) if s.status == "open"]
    shoe = current[0].shoe if current else shoes.open_shoe(db, table.id)
    return table, shoe


@dataclass(frozen=True)
class DemoFloor:
    """The demo's tables: baccarat (its open shoe), 百人牛牛 (a round dealt and settled), 打棒 (a match)."""

    baccarat: Table
    shoe: Shoe
    niuniu: Table
    dabang: Table
    match_id: int


def ensure_demo_floor(db: Database, name: str, rng: random.Random | None = None) -> DemoFloor:
    """The demo table of each game, created if missing, in this order (on a new database: tables 1, 2
    and 3); the 百人牛牛 table has its first round dealt and settled, the 打棒 table a match under way."""
    baccarat, shoe = ensure_demo_table(db, name)
    niuniu = _table_named(db, NIUNIU_NAME, NIUNIU)
    round_dealer = NiuniuDemoDealer(db, niuniu.id, rng or random.Random())
    while round_dealer.stage != BETTING or round_dealer.number == 0:  # round 1 (or the one under way) settled
        round_dealer.step()
    dabang = _table_named(db, DABANG_NAME, DABANG)
    ensure_demo_dealers(db, [baccarat.id, niuniu.id, dabang.id])  # a dealer at each table (issue 45)
    return DemoFloor(baccarat, shoe, niuniu, dabang, ensure_demo_match(db, dabang.id))


def _table_named(db: Database, name: str, game: str) -> Table:
    with db.read() as session:
        table = session.scalars(select(Table).where(Table.name == name)).first()
    return table if table is not None else tables.create_table(db, name, game=game)


def ensure_demo_match(db: Database, table_id: int, now: datetime | None = None) -> int:
    """The 打棒 table's match under way, or a new one (four demo players, 90 minutes from `now`)."""
    with db.read() as session:
        under_way = session.scalars(select(DabangMatch.id).where(DabangMatch.table_id == table_id,
                                                                 DabangMatch.ended_at.is_(None))).first()
    return under_way or matches.create_match(db, table_id, DABANG_PLAYERS, 90, now)["id"]


def fresh_demo_keys(db: Database) -> dict[str, str]:
    """New demo keys for every role, each good at every demo table (none bound to one table); older demo
    keys are revoked."""
    with db.write() as session:
        for key in session.scalars(select(ApiKey).where(ApiKey.name.startswith(DEMO_KEY_PREFIX), ApiKey.revoked_at.is_(None))):
            key.revoked_at = utcnow()
    made = create_role_keys(db, {role: DEMO_KEY_PREFIX + role for role in ROLES})
    return {role: plain for role, (_, plain) in made.items()}


@dataclass
class DemoDealer:
    """Deals shoes into a table one hand per `step()`; a finished shoe is followed by a new one."""

    db: Database
    table_id: int
    rng: random.Random = field(default_factory=random.Random)
    shoe_id: int | None = None
    dealt: DealtShoe | None = None
    next_index: int = 0
    shoes_finished: int = 0
    bettors: "DemoBettors | None" = None  # the watch's demo table: slips before every hand

    def step(self) -> str:
        """Post the next hand (opening a shoe first if needed); returns what happened."""
        if self.dealt is None or self.next_index >= len(self.dealt.hands):
            return self._new_shoe()
        index, hand = self.next_index, self.dealt.hands[self.next_index]
        note = self.bettors.bet(self.shoe_id, index + 1) if self.bettors else ""
        if index == len(self.dealt.hands) - 1:
            shoes.mark_cut_card(self.db, self.table_id, self.shoe_id)
            note += " (cut card out: last hand)"
        posted = hands.post_hand(self.db, self.table_id, hand, index + 1)
        self.next_index += 1
        if self.next_index == len(self.dealt.hands):
            self.shoes_finished += 1
        return f"hand {posted.number}: {posted.result}{note}"

    def abandon_shoe(self) -> None:
        """Forget the shoe being dealt: the next step opens a new one."""
        self.dealt = None

    def _new_shoe(self) -> str:
        self.dealt = deal_shoe(self.rng)
        self.next_index = 0
        shoe = shoes.open_shoe(self.db, self.table_id, burn_card=self.dealt.burn_card.code)
        self.shoe_id = shoe.id
        return f"shoe {shoe.number} opened: burn card {shoe.burn_card}, {shoe.burn_count} burned, {len(self.dealt.hands)} hands to deal"


WATCH_TABLE_NAME = "Demo 百家乐 watch"  # the advantage-play watch's demo table (extended bets), after the other three
DEMO_COUNTER = "demo-counter"
DEMO_FLAT = {"demo-flat-1": ("banker",), "demo-flat-2": ("player",), "demo-flat-3": ("lucky_six",),
             "demo-flat-4": ("fire_sevens", "banker"), "demo-flat-5": ("golden_eight",), "demo-flat-6": ("tie",)}
DEMO_WASH = ("demo-wash-a", "demo-wash-b")  # linked by the demo: banker and player on the same hands, now and then
WASH_GROUP = "demo-wash"


def ensure_watch_table(db: Database) -> Table:
    """The watch's demo table (`extended`, so side bets turn positive as the shoe runs down), created if
    missing; its two wash accounts linked into one group."""
    with db.read() as session:
        table = session.scalars(select(Table).where(Table.name == WATCH_TABLE_NAME)).first()
    if table is None:
        table = tables.create_table(db, WATCH_TABLE_NAME, "extended")
        for account in DEMO_WASH:
            play.link_account(db, account, WASH_GROUP, DEMO_ACTOR)
    return table


@dataclass
class DemoBettors:
    """Who bets at the watch's demo table before each hand: six flat bettors with their habits (never the
    shoe), two linked accounts on both sides now and then, and one counter who stakes a side bet only
    when the table's exact odds put it in the player's favour, so a new user sees `advantage_play` raised
    after a shoe or two, and `opposite_bets` within a few hands."""

    db: Database
    table_id: int
    rng: random.Random = field(default_factory=random.Random)
    placed: int = 0

    def bet(self, shoe_id: int, hand_number: int) -> str:
        evs = self._open_evs(shoe_id, hand_number)
        slips_placed = [self._slip(account, bets, hand_number) for account, bets in DEMO_FLAT.items()
                        if self.rng.random() < 0.6]
        if self.rng.random() < 0.1:
            slips_placed += [self._slip(DEMO_WASH[0], ("banker",), hand_number),
                             self._slip(DEMO_WASH[1], ("player",), hand_number)]
        positive = [code for code, ev in evs.items() if ev > 0 and code not in ("banker", "player")]
        if positive:
            slips_placed.append(self._slip(DEMO_COUNTER, tuple(positive), hand_number))
        return f" ({sum(slips_placed)} slips{', the counter on ' + ', '.join(positive) if positive else ''})"

    def _open_evs(self, shoe_id: int, hand_number: int) -> dict[str, float]:
        try:
            next_hand = integrity.next_hand_odds(self.db, shoe_id)
        except ServiceError:
            return {}
        return {code: float(bet_ev.ev) for code, bet_ev in next_hand.odds.bets.items()
                if next_hand.hand_number == hand_number and is_open(bet_ev, hand_number)}

    def _slip(self, account: str, bets: tuple[str, ...], hand_number: int) -> int:
        self.placed += 1
        request = bet_slips.SlipRequest(f"demo-{account}-{self.rng.getrandbits(48):x}", account,
                                        ("1.00", "100000.00"), tuple((bet, "10.00") for bet in bets), hand_number)
        try:
            bet_slips.place_slip(self.db, self.table_id, request, DEMO_ACTOR.name)
        except (ServiceError, DomainError):  # the shoe closed under it, a limit: the demo carries on
            return 0
        return 1


BETTING, DEALT, PLAYERS_OPEN = "betting", "dealt", "players_open"
DEMO_ACCOUNTS = ("demo-1", "demo-2", "demo-3")


@dataclass
class NiuniuDemoDealer:
    """Runs a 百人牛牛 table one step per `step()`: the demo accounts bet on the next round, the round is
    dealt from a fresh 54-card deck (a reveal card shown), the four players' hands are opened, then the
    banker's (which settles the round); then the next round's bets."""

    db: Database
    table_id: int
    rng: random.Random = field(default_factory=random.Random)
    number: int = 0
    stage: str = BETTING

    def __post_init__(self) -> None:
        with self.db.read() as session:
            newest = niuniu_repo.last_round(session, self.table_id)
            if newest is not None:  # carry on after the newest round (finish it first if it is not settled)
                self.number = newest.number
                self.stage = BETTING if newest.status in ("settled", "voided") else DEALT

    def step(self) -> str:
        if self.stage == BETTING:
            return self._bet()
        if self.stage == DEALT:
            for position in PLAYERS:
                niuniu_rounds.open_round(self.db, self.table_id, self.number, position)
            self.stage = PLAYERS_OPEN
            return f"round {self.number}: the players' hands opened"
        niuniu_rounds.open_round(self.db, self.table_id, self.number, "banker")
        self.stage = BETTING
        return f"round {self.number}: the banker opened, settled"

    def _bet(self) -> str:
        number = self.number + 1
        for account in self.rng.sample(DEMO_ACCOUNTS, 2):
            area = self.rng.choice(PLAYERS)
            slip = {"client_slip_id": f"demo-{self.table_id}-{number}-{account}", "round": number,
                    "account_id": account, "balance": "100000.00",
                    "bets": [{"area": area, "stake": f"{self.rng.choice((10, 50, 100))}.00"}]}
            niuniu_slips.place_slip(self.db, self.table_id, niuniu_slips.parse_slip(slip))
        deck = standard_deck(jokers=True)
        self.rng.shuffle(deck)
        reveal = next(card for card in deck if not card.is_joker)
        cards = [card.code for card in deck if card != reveal][:25]
        niuniu_rounds.post_round(self.db, self.table_id, deal_in_order(reveal.code, cards), number)
        self.number, self.stage = number, DEALT
        return f"round {number}: bets taken, dealt (reveal {reveal.code})"


DABANG_ACTOR = "roadsvc demo"


@dataclass
class DabangDemoPlayer:
    """Plays the demo 打棒 table one move per `step()`: the domain's bot (roadsvc/domain/dabang/bot.py) picks the
    next legal move of the match under way, seeing every hand as the four players and the dealer do, and posts it
    through the same use cases as the API (checked, stored, its `dabang` event sent), on the clock it is given.
    When the match is over (won, the time limit, a pit boss) the next step starts a new one."""

    db: Database
    table_id: int
    rng: random.Random = field(default_factory=random.Random)
    clock: Callable[[], datetime] = utcnow

    def step(self) -> str:
        now = self.clock()
        match_id = ensure_demo_match(self.db, self.table_id, now)
        state, number = self._state(match_id)
        kind, data = bot.next_move(state, self.rng)
        try:
            if kind == "deal":
                posted = dabang_moves.post_deal(self.db, match_id, data["draw"], data["first_drawer"], now)
                return f"match {match_id}: deal {posted['number']} drawn from seat {data['first_drawer']}"
            dabang_moves.make_move(self.db, match_id, number, kind, data, DABANG_ACTOR, now)
        except (DomainError, ServiceError) as error:  # the time limit ended it, or a person moved first
            return f"match {match_id}: {kind} refused ({error.code}): {error.message}; the next step reads it again"
        return f"match {match_id}, deal {number}: {kind} {_said(data)}"

    def _state(self, match_id: int) -> tuple[Match, int]:
        """The match's domain state (every hand) and the number of its deal under way (or next)."""
        with self.db.read() as session:
            row = session.get(DabangMatch, match_id)
            return replay.state(session, row), row.deals_done + 1


def _said(data: dict) -> str:
    return " ".join(f"{name} {value}" for name, value in data.items() if value not in ([], {}))
