"""One app per worker and configuration, with the state of a new one for each test.

Building the app costs about 0.3 s of CPU (flask-smorest writing the OpenAPI document, werkzeug
compiling the URL rules) and the API, page and stream tests take one each: about 1,600 builds
a run. The routes, the document, the hooks and the middleware do not change between tests; the
app's state does, and `roadsvc.app.init_state` makes all of it anew from `app.config`. So each
test's `app` (tests/api, tests/web, tests/stream conftests) is the worker's app for that
configuration, given back:

* its settings as built, with this test's DATABASE_URL (an empty database of the test's own:
  tests/dbsupport.py): a setting a test changed is undone;
* its extensions as built, every stateful one made anew by `init_state` (the Database, on the
  worker's engine for that URL, which keeps only compiled statements; the key, snapshot, lobby,
  image and floor caches, rate-limit counters, the event hub, the clocks, logging); any extension
  a test added or replaced (a clock, a hub) is dropped.

A test that needs another configuration asks for it (`shared_apps.app(config, database_url)`,
or tests/web's `app_config` parameter); a test about building the app itself calls
`create_app`. tests/test_shared_app.py checks that nothing a test can change survives.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from flask import Flask

from roadsvc.app import create_app, init_state
from roadsvc.services.capabilities import ROLES
from roadsvc.services.keys.lifecycle import create_role_keys

HUB, DB = "roadsvc.events", "roadsvc.db"


@dataclass
class SharedApp:
    app: Flask
    config: dict[str, Any]  # the settings as built (DATABASE_URL aside)
    kept: dict[str, Any] = field(default_factory=dict)  # the extensions init_state does not make


def role_keys(db, label: str = "test") -> dict[str, str]:
    """A plain key of each role ("test pitboss", ...), made in one transaction."""
    return {role: plain for role, (_, plain) in create_role_keys(db, {role: f"{label} {role}" for role in ROLES}).items()}


def stop_state(app: Flask) -> None:
    """Stop the hub's reader (a test that opened a stream started it), then close the database."""
    app.extensions[HUB].stop()
    app.extensions[DB].dispose()


def build(config: Mapping[str, Any]) -> SharedApp:
    app = create_app(config)
    built = dict(app.extensions)
    stop_state(app)
    app.extensions.clear()
    init_state(app)  # what it makes from nothing is state; the rest (the API, Babel, CSRF) is kept
    kept = {name: value for name, value in built.items() if name not in app.extensions}
    stop_state(app)
    return SharedApp(app, copy.deepcopy(dict(app.config)), kept)


class SharedApps:
    """This worker's apps, one per configuration (the database's URL aside)."""

    def __init__(self) -> None:
        self.apps: dict[str, SharedApp] = {}
        # The engine of each database URL and configuration (the apps' tests have the worker's one SQLite file
        # and PostgreSQL schema, emptied: tests/dbsupport.py): a new Database each test, on an engine that keeps
        # the statements it compiled (a new engine compiles each anew: about a tenth of an API test's CPU).
        self.engines: dict[tuple[str, str], Any] = {}

    def app(self, config: Mapping[str, Any], database_url: str) -> Flask:
        """The app of `config` with the state of a new one, on `database_url`. A SQLite file's commits do not
        wait for the disk (SQLITE_SYNCHRONOUS OFF, unless `config` says otherwise), as the PostgreSQL schema's
        do not (tests/dbsupport.py): what a commit shows is the same, only a crash of the machine could lose
        it, and no test crashes the machine; the durability tests (tests/reliability) run their own
        deployments on the default, FULL."""
        config = {"SQLITE_SYNCHRONOUS": "OFF", **config}
        key = repr(sorted((name, repr(value)) for name, value in config.items() if name != "DATABASE_URL"))
        if key not in self.apps:
            self.apps[key] = build({**config, "DATABASE_URL": database_url})
        shared = self.apps[key]
        app = shared.app
        app.config.clear()
        app.config.update(copy.deepcopy(shared.config), DATABASE_URL=database_url)
        app.extensions.clear()  # the same dict: the middleware reads it (roadsvc.api.serving.polls)
        app.extensions.update(shared.kept)
        init_state(app, self.engines.get((key, database_url)))
        self.engines[key, database_url] = app.extensions[DB].engine
        return app

    def close(self) -> None:
        for shared in self.apps.values():
            if HUB in shared.app.extensions:
                stop_state(shared.app)
        for engine in self.engines.values():
            engine.dispose()
