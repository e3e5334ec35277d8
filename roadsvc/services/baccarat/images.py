"""Road images of a shoe, rendered from its cached snapshot and kept by revision.

An image is a pure function of (shoe id, revision, road, format, parameters): the
revision names the shoe's state, and the renderer reads nothing but the snapshot.
So rendered bytes are kept under that key in a bounded cache and never go stale; a
new hand makes a new revision and therefore a new key. The snapshot comes from the
SnapshotCache's documents (the same objects the roads endpoint serialises), so an image
of a revision the roads endpoint has already served rebuilds nothing.

The cache is bounded in bytes, not entries: a 120-column scoreboard at cell 64 is a
hundred times the size of a small bead plate, and what a worker may hold is memory.

Without the CJK font the renderer would draw boxes for 庄/闲; `font_problem()` runs
the renderer's check once at start, and the service then refuses every image
(`FontMissing`, answered 503) while roads and everything else keep working.
"""

from __future__ import annotations

import logging
from typing import Mapping

from roadsvc.render import FontMissingError, RenderParams, check_font, content_type, render
from roadsvc.render.params import check_for_road, check_road, params_from
from roadsvc.render.baccarat.warm import warm_up
from roadsvc.services.caches import LRU
from roadsvc.services.errors import DomainError, NotFound, ServiceError
from roadsvc.services.baccarat.snapshots import SnapshotCache

__all__ = ["RoadImages", "RenderParams", "FontMissing", "image_params", "image_road", "content_type", "font_problem", "EXTENSION"]

EXTENSION = "roadsvc.images"
"""The key of the app's RoadImages in `app.extensions`."""
log = logging.getLogger("roadsvc.images")


class FontMissing(ServiceError):
    """The CJK font is missing, so no image can be drawn correctly (503)."""


def font_problem() -> str | None:
    """None if the renderer's font loads; else why not, logged as an error once, at start."""
    try:
        check_font()
    except (FontMissingError, OSError) as error:
        message = f"road images are disabled (they answer 503 font_missing): {error}"
        log.error(message)
        return message
    return None


def image_road(road: str) -> str:
    """The road, or NotFound: an image URL naming no road names nothing (404)."""
    try:
        return check_road(road)
    except DomainError as error:
        raise NotFound("road_not_found", error.message, "road") from None


def image_params(road: str, query: Mapping[str, str]) -> RenderParams:
    """RenderParams from query arguments (cell, theme, language, columns).

    Any other name is refused (422 naming it): a misspelt `colums=10` must not be
    silently ignored, and an ETag makes cache-busting arguments unnecessary.
    """
    return check_for_road(road, params_from(dict(query)))


class RoadImages:
    """PNG/SVG bytes of a shoe's roads at a revision, rendered once per key."""

    def __init__(self, snapshots: SnapshotCache, max_bytes: int, font_error: str | None = None):
        self.snapshots = snapshots
        self.cache: LRU[bytes] = LRU(max_bytes, cost=len, name="image")
        self.font_error = font_error
        if font_error is None:
            warm_up()  # the first image after a deploy draws at warm speed (roadsvc.render.baccarat.warm)

    def check_ready(self) -> None:
        """FontMissing if the font was missing at start: never serve an image with boxes."""
        if self.font_error is not None:
            raise FontMissing("font_missing", self.font_error)

    @property
    def ready(self) -> bool:
        """False if the font was missing at start (every image then answers 503)."""
        return self.font_error is None

    def is_cached(self, shoe_id: int, revision: int, road: str, fmt: str, params: RenderParams) -> bool:
        return (shoe_id, revision, road, fmt, params.key()) in self.cache

    def cached(self, shoe_id: int, revision: int, road: str, fmt: str, params: RenderParams) -> bytes | None:
        """The image's bytes if drawn already (None: to draw), when the font is there."""
        return self.cache.get((shoe_id, revision, road, fmt, params.key())) if self.ready else None

    def image(self, shoe_id: int, revision: int, road: str, fmt: str, params: RenderParams) -> tuple[int, bytes]:
        """(revision, bytes) of the image; the revision may be newer than asked if a write
        landed since the caller read it (the bytes always match the revision returned)."""
        self.check_ready()
        cached = self.cache.get((shoe_id, revision, road, fmt, params.key()))
        if cached is not None:
            return revision, cached
        document = self.snapshots.document(shoe_id, revision)
        revision = document.revision
        body = render(document.roads, road, fmt, params)
        self.cache.put((shoe_id, revision, road, fmt, params.key()), body)
        return revision, body
