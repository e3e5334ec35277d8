"""What a stream was opened on: its key, the page session it came from (if any), and when that authority
runs out. A stream lives only as long as its grant: the hub ends every stream of a key revoked
(`key_revoked`) or of a page session ended (`page_sessions_ended`) as soon as it reads the event, and a
stream whose key expires or whose page session reaches its end is closed at its next wake-up after that
moment (the keep-alive tick comes by every third of the keep-alive interval). The client reconnects and is
refused (401), as at any other request.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

KEY, SESSION = "key", "session"
KEY_REVOKED, SESSIONS_ENDED = "key_revoked", "page_sessions_ended"


@dataclass(frozen=True, slots=True)
class Grant:
    """A stream's authority: `key_id`, `session_id` (a signed-in page's), and `deadline` (on the stream's
    clock: the key's expiry or the session's end, infinity when neither)."""

    key_id: int | None = None
    session_id: int | None = None
    deadline: float = math.inf

    def until(self, moment: float) -> Grant:
        """The same grant ending at `moment` (the stream's clock) at the latest."""
        return Grant(self.key_id, self.session_id, min(self.deadline, moment))

    def names(self) -> tuple[tuple[str, int], ...]:
        """What can end it, as the hub records ends: (KEY, id), (SESSION, id)."""
        found = []
        if self.key_id is not None:
            found.append((KEY, self.key_id))
        if self.session_id is not None:
            found.append((SESSION, self.session_id))
        return tuple(found)


OPEN = Grant()  # a stream that nothing but its connection ends (tests, the bench's own)


def grant_of(principal: Any, now: datetime, clock_now: float) -> Grant:
    """The grant of a caller (roadsvc.services.keys.principals.Principal): its key, its page session, and the first of
    the key's expiry and the session's end, placed on the stream's clock (`clock_now` is that clock at `now`)."""
    ends = [moment for moment in (principal.expires_at, principal.session_ends_at) if moment is not None]
    deadline = clock_now + (min(ends) - now).total_seconds() if ends else math.inf
    return Grant(principal.key_id, principal.session_id, deadline)


def ends_of(event_type: str, data: dict) -> tuple[tuple[str, int], ...]:
    """The grants an event ends: a revoked key's, the ended page sessions'."""
    if event_type == KEY_REVOKED:
        return ((KEY, int(data["key_id"])),)
    if event_type == SESSIONS_ENDED:
        return tuple((SESSION, int(session_id)) for session_id in data["session_ids"])
    return ()
