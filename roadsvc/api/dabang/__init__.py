"""打棒's API: matches and their deals (roadsvc.api.dabang.matches), the road and its images
(roadsvc.api.dabang.road), tournaments (roadsvc.api.dabang.tournaments)."""

from __future__ import annotations

from flask import current_app

from roadsvc.persistence.models import utcnow

CLOCK = "roadsvc.dabang.clock"


def now():
    """The service's clock for matches (tests put a controllable one at app.extensions[CLOCK])."""
    return current_app.extensions.get(CLOCK, utcnow)()
