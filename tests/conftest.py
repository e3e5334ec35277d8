"""Fixtures shared by the test suite (keep this tiny), and how the suite runs in parallel.

Apps: a test's `app` (tests/api, tests/web, tests/stream) is its worker's app for that
configuration with the state of a new one (`shared_apps`, tests/appsupport.py); a test about
building the app calls roadsvc.app.create_app itself.

`./dev test` runs the suite on every core (pytest-xdist, `-n auto --dist loadfile`). Each
worker is its own process with its own temporary folder (tmp_path: its SQLite files and
instance folders), its own PostgreSQL schema (tests/dbsupport.py), its own Redis key prefix
(a new one per app) and free ports. A module's tests run on one worker, in order, so a
module's real servers or Chromium start once, and no more than one module's per worker load
the machine at once.
"""

from __future__ import annotations

import gc
import os
from typing import Callable, Iterator

import pytest

from appsupport import SharedApps
from roadsvc.domain.baccarat.dealing.cards import Card, parse_card

_ZERO_RANKS = ("10", "J", "Q", "K")


@pytest.fixture(scope="session", autouse=True)
def own_instance_folder(tmp_path_factory):
    """An app built without an INSTANCE_PATH (its secret key file) uses this run's own folder,
    not the checkout's instance/ that every worker and `./dev serve` would share."""
    with pytest.MonkeyPatch.context() as patch:
        if "ROADSVC_INSTANCE_PATH" not in os.environ:
            patch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        yield


@pytest.fixture(scope="session")
def shared_apps() -> Iterator[SharedApps]:
    """This worker's apps, one per configuration; `shared_apps.app(config, database_url)`."""
    apps = SharedApps()
    yield apps
    apps.close()


@pytest.fixture
def card_of() -> Callable[..., Card]:
    """A real card, parsed from its code, of baccarat value 0-9; `variant` varies the
    suit and which of 10 J Q K stands for 0, so tests do not lean on one card."""

    def make(value: int, variant: int = 0) -> Card:
        rank = _ZERO_RANKS[variant % 4] if value == 0 else ("A" if value == 1 else str(value))
        return parse_card(rank + "SHDC"[variant % 4])

    return make


def pytest_collection_modifyitems(config, items):
    """The longest modules first, so no worker starts one at the end while the other idles (issue 32): the
    contract run's two parts (a minute or two, one test each: each worker takes one at once), then the modules
    with real-server or browser tests, then the rest, each group in its collected order. `./dev test` passes
    --no-loadscope-reorder, so pytest-xdist hands the modules out in this order rather than by their number
    of tests."""
    heavy = {item.path for item in items if item.get_closest_marker("slow") or item.get_closest_marker("browser")}
    items.sort(key=lambda item: 0 if item.path.name.startswith("test_contract_") else 1 if item.path in heavy else 2)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """Once every result is reported (and after pytest's own collection that reports unraisable exceptions), the
    heap is frozen, so the interpreter's last full collection at exit walks none of it: a worker's exit, which the
    controller waits for before it prints the run's time, took 1-6 s of collecting a heap about to be freed."""
    gc.freeze()
