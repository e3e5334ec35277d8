"""The tables, a module per concept; every name is importable from here as before.

The hands are the truth; a shoe's `revision` names one state of its hands (shoes.py).
Importing this package registers every table on `Base.metadata` (Alembic's
target_metadata, migrations/env.py), in the order below.
"""

from roadsvc.persistence.models.base import NAMING, Base, UTCDateTime, utcnow
from roadsvc.persistence.models.shoes import CLOSED, OPEN, AuditRecord, Hand, Shoe, Table
from roadsvc.persistence.models.keys import ApiKey
from roadsvc.persistence.models.bets import Bet, BetSlip, BettingClosure
from roadsvc.persistence.models.operations import AdminAuditRecord
from roadsvc.persistence.models.monitoring import (
    ACTIVE_ALERT, ALERT_ACKNOWLEDGED, ALERT_OPEN, ALERT_RESOLVED, Alert, MonitorTally,
)
from roadsvc.persistence.models.events import Event
from roadsvc.persistence.models.dabang import DabangDeal, DabangMatch, DabangMove, DabangTournament
from roadsvc.persistence.models.vip import (
    CHARTER_ACTIVE, REQUEST_DONE, REQUEST_OPEN, Charter, FlownHand, HeldHand, TableRequest,
)

__all__ = [
    "NAMING", "Base", "UTCDateTime", "utcnow",
    "CLOSED", "OPEN", "AuditRecord", "Hand", "Shoe", "Table",
    "ApiKey",
    "Bet", "BetSlip", "BettingClosure",
    "AdminAuditRecord",
    "ACTIVE_ALERT", "ALERT_ACKNOWLEDGED", "ALERT_OPEN", "ALERT_RESOLVED", "Alert", "MonitorTally",
    "Event",
    "DabangDeal", "DabangMatch", "DabangMove", "DabangTournament",
    "CHARTER_ACTIVE", "REQUEST_DONE", "REQUEST_OPEN", "Charter", "FlownHand", "HeldHand", "TableRequest",
]
