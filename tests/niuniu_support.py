"""百人牛牛 test data: rounds whose types and results are known, as the API takes them."""

from __future__ import annotations

import itertools
import re

# banker bull 8 (A 9 K 2 6); player_1 牛牛 (wins 10x); player_2 bull 2 (loses 8x);
# player_3 no bull (loses 8x); player_4 bomb (wins 10x). The fourth card of each hand is index 3.
HANDS = {
    "banker": ["AS", "9H", "KD", "2C", "6D"],
    "player_1": ["3S", "7H", "KS", "5C", "5D"],
    "player_2": ["AH", "9S", "KH", "AC", "AD"],
    "player_3": ["2S", "3H", "3D", "6S", "8H"],
    "player_4": ["4S", "4H", "4D", "4C", "9D"],
}
TYPES = {"banker": "bull_8", "player_1": "bull_bull", "player_2": "bull_2", "player_3": "no_bull", "player_4": "bomb"}
RESULTS = {"player_1": "win", "player_2": "lose", "player_3": "lose", "player_4": "win"}
HIDDEN = {position: cards[3] for position, cards in HANDS.items()}
REVEAL = "7S"  # 7 -> player_1 receives first
ORDER = ("player_1", "player_2", "player_3", "player_4", "banker")


_CLIENT_IDS = itertools.count(1)


def slip_body(number: int, account: str = "a", balance: str = "1000.00", bets: dict | None = None,
              client_slip_id: str | None = None) -> dict:
    """A 百人牛牛 slip as a game server sends it, with a fresh client_slip_id unless one is given."""
    return {"client_slip_id": client_slip_id or f"gs-{next(_CLIENT_IDS)}", "round": number, "account_id": account,
            "balance": balance,
            "bets": [{"area": area, "stake": stake} for area, stake in (bets or {"player_1": "10.00"}).items()]}


def by_position(number: int | None = None, hands: dict | None = None) -> dict:
    body = {"hands": hands or HANDS}
    return body if number is None else {"number": number, **body}


def by_order(number: int | None = None, reveal: str = REVEAL) -> dict:
    """The same hands as dealt one card at a time from player_1 (reveal 7)."""
    cards = [HANDS[position][index] for index in range(5) for position in ORDER]
    body = {"reveal": reveal, "cards": cards}
    return body if number is None else {"number": number, **body}


def other_hands() -> dict:
    """The same cards with player_3 and player_4 swapped (player_3 now has the bomb)."""
    return {**HANDS, "player_3": HANDS["player_4"], "player_4": HANDS["player_3"]}


def hidden_codes_in(text: str) -> list[str]:
    """The closed fourth cards whose codes `text` shows as codes (not inside a longer token: a page's
    random CSRF token or request ID may hold the letters "AC")."""
    return [code for code in HIDDEN.values() if re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", text)]
