"""Run schemathesis' engine (every phase, every check) against the app, in this process.

`run_contract(app, keys, ...)` returns the RunReport: requests sent, failures, duration.
The engine sends `Authorization: Bearer <placeholder>`; `KeyedApp` (WSGI middleware) puts
in the key of a role holding the capability the route needs, counts requests, and keeps
the run's own keys from being revoked (a DELETE of one goes to an id no key has).
"""

from __future__ import annotations

import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema
from werkzeug.routing import RequestRedirect
from werkzeug.exceptions import HTTPException
from werkzeug.serving import WSGIRequestHandler, make_server

from roadsvc.services.capabilities import ROLES, roles_with
from roadsvc.services.keys.lifecycle import create_key

PLACEHOLDER = "rs_contract_placeholder"
SEED, MAX_EXAMPLES = 20261123, 120  # the contract run's (tests/contract/test_contract_*.py)
MISSING_ID = 2**31 - 1
KEY_PATH = re.compile(r"^/api/v1/keys/(\d+)$")


def openapi_path(rule: str) -> str:
    """A Flask rule as the document writes its path:
    /tables/<id:table_id>/roads/<road>.<any(png, svg):fmt> -> /tables/{table_id}/roads/{road}.{fmt}"""
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)


class KeyedApp:
    """WSGI middleware: the placeholder key becomes a real key that may call the route."""

    def __init__(self, app, keys: dict[str, str], protected_ids: set[int]):
        self.app, self.keys, self.protected_ids = app, keys, protected_ids
        self.requests = 0
        self.app_seconds = 0.0
        self.statuses: dict[int, int] = {}
        self.operations: dict[str, int] = {}  # "METHOD /path/{id}" -> requests (a path no route has: "unrouted")
        self.server_errors: dict[str, int] = {}  # the same, for answers of 500 and above
        self.successes: dict[str, int] = {}  # the same, for answers of 2xx

    def __call__(self, environ, start_response):
        self.requests += 1
        view, operation = self._route(environ)
        self.operations[operation] = self.operations.get(operation, 0) + 1
        if environ.get("HTTP_AUTHORIZATION") == f"Bearer {PLACEHOLDER}":
            environ["HTTP_AUTHORIZATION"] = f"Bearer {self._key_for(view)}"
        match = KEY_PATH.match(environ.get("PATH_INFO", ""))
        if match and environ.get("REQUEST_METHOD") == "DELETE" and int(match.group(1)) in self.protected_ids:
            environ["PATH_INFO"] = f"/api/v1/keys/{MISSING_ID}"

        def counting_start_response(status, headers, exc_info=None):
            code = int(status.split()[0])
            self.statuses[code] = self.statuses.get(code, 0) + 1
            if code >= 500:
                self.server_errors[operation] = self.server_errors.get(operation, 0) + 1
            elif 200 <= code < 300:
                self.successes[operation] = self.successes.get(operation, 0) + 1
            return start_response(status, headers, exc_info)

        started = time.perf_counter()
        try:
            return list(self.app(environ, counting_start_response))
        finally:
            self.app_seconds += time.perf_counter() - started

    def _route(self, environ) -> tuple[Any, str]:
        """The view a request goes to and its operation's name ("GET /api/v1/tables/<id:table_id>")."""
        adapter = self.app.url_map.bind_to_environ(environ)
        try:
            rule, _ = adapter.match(return_rule=True)
        except (HTTPException, RequestRedirect):
            return None, "unrouted"
        method = environ.get("REQUEST_METHOD", "GET")
        return self.app.view_functions.get(rule.endpoint), f"{method} {openapi_path(rule.rule)}"

    def _key_for(self, view) -> str:
        capability = getattr(view, "_roadsvc_capability", None)
        return self.keys[roles_with(capability)[0]] if capability else self.keys["admin"]


@dataclass
class RunReport:
    requests: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    phases: list[str] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    app_seconds: float = 0.0
    by_phase: dict[str, tuple[int, float]] = field(default_factory=dict)  # requests, seconds
    operations: dict[str, int] = field(default_factory=dict)  # requests per operation
    server_errors: dict[str, int] = field(default_factory=dict)  # 5xx answers per operation
    successes: dict[str, int] = field(default_factory=dict)  # 2xx answers per operation
    stopped_early: bool = False  # the deadline came before the engine finished


def contract_config(seed: int, max_examples: int, stateful: bool = True,
                    examples_only: list[str] | None = None) -> SchemathesisConfig:
    """Every phase and check; `stateful`: False leaves out the stateful phase; `examples_only`: these operations
    run the examples phase alone (the stateful phase still reaches them)."""
    only_examples = [{"include-name": examples_only, "phases": {"coverage": {"enabled": False},
                                                               "fuzzing": {"enabled": False}}}]
    return SchemathesisConfig.from_dict({
        "seed": seed,
        "phases": {"stateful": {"enabled": stateful}},
        **({"operations": only_examples} if examples_only else {}),
        "headers": {"Authorization": f"Bearer {PLACEHOLDER}"},
        "generation": {"max-examples": max_examples, "deterministic": True, "mode": "all", "database": "none"},
        "checks": {
            # 422 is the rules of the game the schema cannot state (a third card the rules
            # forbid, a bet code no rule set offers, a minimum above its maximum).
            "positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "422"]},
        },
    })


STREAMS = ["/api/v1/events"]

# The run in two parts, one for each pytest-xdist worker (issue 32): "others" (百人牛牛's and 打棒's operations,
# the keys and page sessions, the shift reports) and "baccarat" (the rest: tables, shoes, hands, roads, bets,
# odds, VIP tables, slips, the pit's money and notes, alerts, audits, the floor). Each operation runs every unit
# phase (examples, coverage, fuzzing) in its own part, with the same seed and number of examples as in one run.
OTHERS = re.compile(r"/(?:rounds|niuniu|banker|seats|trend|matches|dabang|keys|page-sessions|reports)(?:[/.]|$)")
# An operation takes its ids from the answers of the operations that make them (schemathesis' dependency
# analysis: it runs the makers first and feeds their answers to the rest), and finds nothing on an empty
# database. In one run the others took their tables from baccarat's part's operations: these (the makers of a
# table, by that analysis), which the others' part runs too, every phase. Nothing there takes a shoe or a hand.
MAKERS = {"POST /api/v1/tables", "GET /api/v1/tables/{table_id}", "PATCH /api/v1/tables/{table_id}"}
PARTS = ("baccarat", "others")


def part_of(operation: str) -> str:
    """The part whose run owns an operation ("GET /api/v1/tables/{table_id}/rounds" -> "others")."""
    return "others" if OTHERS.search(operation.split(" ", 1)[-1]) else "baccarat"


def part_operations(operations: list[str], part: str) -> list[str]:
    """The operations a part runs every unit phase of: its own, and for the others the makers of tables."""
    return [name for name in operations if part_of(name) == part or (part == "others" and name in MAKERS)]


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: Any) -> None:  # thousands of requests: the report counts them
        pass


@contextmanager
def served(app):
    """The app on a free localhost port, served by werkzeug in a thread of this process
    (schemathesis' in-process WSGI transport cannot run its stateful checks' re-sends)."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()


def run_contract(app, keys: dict[str, str], protected_ids: set[int], seed: int = 20261123,
                 max_examples: int = 50, deadline: float | None = None, only: list[str] | None = None,
                 part: str | None = None) -> RunReport:
    """One run of every phase; `deadline` (time.monotonic()): stop there, the report so far; `only`: these
    operations ("DELETE /api/v1/keys/{key_id}") and no others; `part` ("baccarat", "others", not with `only`):
    that part of the run.

    Baccarat's part: the unit phases (examples, coverage, fuzzing) of its operations. The others' part: the unit
    phases of its own and of the makers, and the stateful phase over every operation (its links cross the
    parts), for which baccarat's own operations run their examples here too: so the stateful phase starts from
    every operation's documented answers, as in one run."""
    keyed = KeyedApp(app, keys, protected_ids)
    config = contract_config(seed, max_examples)
    if part is not None:
        assert only is None and part in PARTS, (part, only)
        operations = documented_operations(app)
        runs = part_operations(operations, part)
        if part == "baccarat":
            only, config = runs, contract_config(seed, max_examples, stateful=False)
        else:
            config = contract_config(seed, max_examples, examples_only=sorted(set(operations) - set(runs)))
    with served(keyed) as base:
        schema = schemathesis.openapi.from_url(f"{base}/api/v1/openapi.json", config=config)
        # The event stream answers for hours (it is tested in tests/stream and tests/reliability).
        schema = schema.exclude(path=STREAMS)
        return _run(keyed, schema.include(name=only) if only else schema, deadline)


def role_keys(app) -> tuple[dict[str, str], set[int]]:
    """A key of each role for the run (role -> key) and their ids, which the run may not revoke."""
    db = app.extensions["roadsvc.db"]
    created = {role: create_key(db, role, f"contract {role}") for role in ROLES}
    return {role: plain for role, (_, plain) in created.items()}, {info.id for info, _ in created.values()}


def raise_an_alert(app, keys: dict[str, str]) -> None:
    """Through the API, before a run: a table, its shoe, a hand, and that hand voided, which raises an alert
    (`corrections`), so that reading, acknowledging and resolving an alert by id have one to find. A run
    raises one only by chance (three late slips on one shoe, a void of a hand it managed to post)."""
    client = app.test_client()

    def post(path: str, role: str, body: dict, status: int = 201) -> dict:
        answer = client.post(f"/api/v1{path}", json=body, headers={"Authorization": f"Bearer {keys[role]}"})
        assert answer.status_code == status, answer.get_json()
        return answer.get_json()

    table = post("/tables", "admin", {"name": "contract alerts"})
    shoe = post(f"/tables/{table['id']}/shoes", "dealer", {})
    post(f"/tables/{table['id']}/hands", "dealer", {"cards": ["4S", "KD", "3H", "9C"]})
    post(f"/shoes/{shoe['id']}/hands/1/void", "pitboss", {"reason": "contract run: an alert to read"}, status=200)


MIN_REQUESTS = 2500  # a part's (the two parts' together at least 5,000)


def assert_part_found_nothing(report: RunReport, operations: list[str], part: str, phases: tuple[str, ...]) -> None:
    """What each part of the contract run checks: no engine error, no failed check, no 5xx; each of `phases`
    sent requests, each of the part's operations was called, and enough traffic to mean something."""
    assert report.errors == []
    assert report.failures == []
    assert all(report.by_phase[phase][0] > 0 for phase in phases), report.by_phase
    assert set(part_operations(operations, part)) <= set(report.operations)
    assert report.requests >= MIN_REQUESTS
    assert 500 not in report.statuses


def summary(report: RunReport) -> str:
    return (f"{report.requests} requests in {report.seconds:.0f} s (app {report.app_seconds:.0f} s), by phase "
            f"(requests, seconds) {report.by_phase}; statuses {report.statuses}")


def documented_operations(app) -> list[str]:
    """Every operation the fuzzer is to reach: the document's, but the streams."""
    document = app.test_client().get("/api/v1/openapi.json").get_json()
    return sorted(f"{method.upper()} {path}" for path, item in document["paths"].items() if path not in STREAMS
                  for method in item if method in {"get", "post", "put", "patch", "delete"})


def _run(keyed: KeyedApp, schema, deadline: float | None = None) -> RunReport:
    report = RunReport()
    started = time.monotonic()
    for event in from_schema(schema).execute():
        if deadline is not None and time.monotonic() > deadline:
            report.stopped_early = True
            break
        if isinstance(event, events.PhaseStarted):
            report.phases.append(str(event.phase.name))
            report.by_phase[str(event.phase.name)] = (keyed.requests, time.monotonic())
        elif isinstance(event, events.PhaseFinished):
            name = str(event.phase.name)
            count, since = report.by_phase.get(name, (keyed.requests, time.monotonic()))
            report.by_phase[name] = (keyed.requests - count, round(time.monotonic() - since, 1))
        elif isinstance(event, events.ScenarioFinished):
            report.failures.extend(_failures(event))
        elif isinstance(event, events.NonFatalError):
            report.errors.append(str(event.info))
        elif isinstance(event, events.FatalError):
            report.errors.append(repr(event.exception))
    report.seconds = time.monotonic() - started
    report.requests, report.statuses = keyed.requests, dict(sorted(keyed.statuses.items()))
    report.app_seconds = keyed.app_seconds
    report.operations, report.server_errors = dict(sorted(keyed.operations.items())), keyed.server_errors
    report.successes = dict(sorted(keyed.successes.items()))
    return report


def _failures(event: Any) -> list[str]:
    found = []
    for case_id, checks in event.recorder.checks.items():
        for check in checks:
            if check.failure_info is not None:
                case = event.recorder.cases[case_id].value
                found.append(f"{check.name}: {case.operation.label} {check.failure_info.failure.title} "
                             f"{check.failure_info.failure.message[:300]} | {case.path_parameters} {case.query} "
                             f"{str(case.body)[:200]}")
    return found
