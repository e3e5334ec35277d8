"""The tables, a module per concept; every name is importable from here as before.

`tables.py` and the modules beside it are shared by every game; a game's own tables are in
its package (`baccarat/`: shoes, hands, bets, VIP). The hands are the truth; a shoe's
`revision` names one state of its hands (baccarat/shoes.py).
Importing this package registers every table on `Base.metadata` (Alembic's
target_metadata, migrations/env.py), in the order below.
"""

from roadsvc.persistence.models.base import NAMING, Base, UTCDateTime, utcnow
from roadsvc.persistence.models.tables import Table
from roadsvc.persistence.models.baccarat.shoes import CLOSED, OPEN, AuditRecord, Hand, Shoe
from roadsvc.persistence.models.keys import ApiKey, PageSession
from roadsvc.persistence.models.baccarat.bets import Bet, BetSlip, BettingClosure
from roadsvc.persistence.models.operations import AdminAuditRecord
from roadsvc.persistence.models.monitoring import (
    ACTIVE_ALERT, ALERT_ACKNOWLEDGED, ALERT_OPEN, ALERT_RESOLVED, Alert, MonitorTally, PitNote, ShiftReport,
    ShiftReportFile,
)
from roadsvc.persistence.models.events import Event
from roadsvc.persistence.models.dabang import DabangDeal, DabangMatch, DabangMove, DabangTournament
from roadsvc.persistence.models.baccarat.vip import (
    CHARTER_ACTIVE, REQUEST_DONE, REQUEST_OPEN, Charter, FlownHand, HeldHand, TableRequest,
)
from roadsvc.persistence.models.niuniu import NiuniuAudit, NiuniuBet, NiuniuRound, NiuniuSlip, NiuniuTableState
from roadsvc.persistence.models.dealers import Dealer, DealerChange, DealerIncident
from roadsvc.persistence.models.records import RecordLink
from roadsvc.persistence.models.baccarat.play import PlayAccount, PlayTally, ShoeBetProfile

__all__ = [
    "NAMING", "Base", "UTCDateTime", "utcnow",
    "CLOSED", "OPEN", "AuditRecord", "Hand", "Shoe", "Table",
    "ApiKey", "PageSession",
    "Bet", "BetSlip", "BettingClosure",
    "AdminAuditRecord",
    "ACTIVE_ALERT", "ALERT_ACKNOWLEDGED", "ALERT_OPEN", "ALERT_RESOLVED", "Alert", "MonitorTally", "PitNote",
    "ShiftReport",
    "Event",
    "DabangDeal", "DabangMatch", "DabangMove", "DabangTournament",
    "ShiftReportFile",
    "CHARTER_ACTIVE", "REQUEST_DONE", "REQUEST_OPEN", "Charter", "FlownHand", "HeldHand", "TableRequest",
    "NiuniuAudit", "NiuniuBet", "NiuniuRound", "NiuniuSlip", "NiuniuTableState",
    "Dealer", "DealerChange", "DealerIncident",
    "RecordLink",
    "PlayAccount", "PlayTally", "ShoeBetProfile",
]
