"""Who may do what: one capability table per role (separation of duties).

Roles are not a ladder. Each role holds a set of capabilities, and every API view
declares the one capability it needs (`@requires(READ_MONEY)`, roadsvc.api.auth). The
card reader's key (dealer) cannot place a bet on a hand it has seen; the game server's
key cannot post a hand; a display reads roads and nothing per account.

To add a capability (e.g. `alerts`, `odds`): add its name below, give it to the roles
in CAPABILITIES, and declare it on the views; the route-walk test checks every route
against every role from this table.
"""

from __future__ import annotations

from types import MappingProxyType

# Reading roads, images, the lobby, tables, shoes, hands, open bets and the audit log
# (without per-account money).
READ = "read"
# Money per account: hand settlements, and the settlement differences in the audit log.
READ_MONEY = "read_money"
PLACE_SLIPS = "place_slips"
POST_HANDS = "post_hands"
RUN_SHOES = "run_shoes"  # open a shoe, cut card out, close a shoe
CLOSE_BETTING = "close_betting"
VOID_HANDS = "void_hands"
CORRECT_HANDS = "correct_hands"
CANCEL_ROUNDS = "cancel_rounds"
TABLE_SETTINGS = "table_settings"  # create a table, change its name, rule set and settings
MANAGE_KEYS = "manage_keys"
# The floor: the monitor, alerts, the shoe's odds, the administrative audit trail.
MONITOR = "monitor"
# Signed read links to a table's roads and images, for players behind a shared cache.
MINT_READ_LINKS = "mint_read_links"
# VIP and squeeze tables (issue 14): open a held hand (the dealer, or a game server for the
# charter account or a bettor on the hand); charter a table, fly a hand, ask for changes.
OPEN_CARDS = "open_cards"
CHARTER_TABLES = "charter_tables"

# 打棒 (issue 23): post a deal's draw and its moves (declarations, trump, bury, plays); see the seats'
# hands and a hidden bottom; start matches and draw tournaments.
DABANG_DEALS = "dabang_deals"
READ_HIDDEN_CARDS = "read_hidden_cards"
DABANG_MATCHES = "dabang_matches"

# Dealers as people (issue 45): keep the dealers' registry, read each dealer's figures. A dealer change at a
# table is POST_HANDS: the table's own dealer key declares who deals.
DEALERS = "dealers"
# The advantage-play watch (issue 45): link accounts the operator knows are one player (admin).
LINK_ACCOUNTS = "link_accounts"

_DEALER = frozenset({READ, POST_HANDS, RUN_SHOES, CLOSE_BETTING, OPEN_CARDS, DABANG_DEALS, READ_HIDDEN_CARDS})

CAPABILITIES = MappingProxyType({
    "display": frozenset({READ}),
    "game_server": frozenset({READ, PLACE_SLIPS, READ_MONEY, MINT_READ_LINKS, OPEN_CARDS, CHARTER_TABLES}),
    "dealer": _DEALER,
    "pitboss": _DEALER | {VOID_HANDS, CORRECT_HANDS, CANCEL_ROUNDS, TABLE_SETTINGS, READ_MONEY, MONITOR,
                          DABANG_MATCHES, DEALERS},
    "admin": frozenset({READ, READ_MONEY, MANAGE_KEYS, TABLE_SETTINGS, MONITOR, MINT_READ_LINKS, DEALERS,
                        LINK_ACCOUNTS}),
})
ROLES = tuple(CAPABILITIES)
ALL_CAPABILITIES = frozenset().union(*CAPABILITIES.values())
# Roles whose keys may be bound to one table (and are then confined to it on every path).
BINDABLE_ROLES = frozenset({"dealer"})


def can(role: str, capability: str) -> bool:
    return capability in CAPABILITIES.get(role, ())


def roles_with(capability: str) -> tuple[str, ...]:
    return tuple(role for role in ROLES if can(role, capability))
