"""The long fuzz run (docs/reliability.md): schemathesis, every phase and every check, pass after
pass with a new seed each, until at least --requests requests were sent and every operation had
at least --per-operation, or --minutes ran out. Once --requests are sent, a pass takes only the operations
still under --per-operation (one with few inputs, a path id alone, has few distinct examples a pass). Prints (and writes to --out as JSON) the figures:
requests, statuses, 5xx, check failures, requests per operation.

    nice -n 19 .venv/bin/python tests/contract/long_run.py --minutes 50 --out /tmp/fuzz.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from contract_run import documented_operations, run_contract  # noqa: E402
from roadsvc.app import create_app  # noqa: E402
from roadsvc.persistence.migrations import upgrade  # noqa: E402
from roadsvc.services.capabilities import ROLES  # noqa: E402
from roadsvc.services.keys.lifecycle import create_key


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=50)
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--per-operation", type=int, default=200)
    parser.add_argument("--max-examples", type=int, default=400)
    parser.add_argument("--seed", type=int, default=20261127)
    parser.add_argument("--out", default=None)
    parser.add_argument("--operations", nargs="*", default=None,
                        help='only these ("DELETE /api/v1/keys/{key_id}" ...): a top-up of an earlier run')
    args = parser.parse_args()
    deadline = time.monotonic() + args.minutes * 60
    url = f"sqlite:///{tempfile.mkdtemp(prefix='roadsvc-fuzz-')}/fuzz.db"
    upgrade(url)
    app = create_app({"DATABASE_URL": url, "LOG_LEVEL": "CRITICAL", "SQLITE_SYNCHRONOUS": "OFF",
                      "RATELIMIT_ENABLED": False})
    db = app.extensions["roadsvc.db"]
    created = {role: create_key(db, role, f"fuzz {role}") for role in ROLES}
    keys = {role: plain for role, (_, plain) in created.items()}
    totals = {"passes": 0, "requests": 0, "seconds": 0.0, "statuses": {}, "operations": {}, "server_errors": {},
              "failures": [], "errors": [], "phases": [], "stopped_early": False}
    operations = args.operations or documented_operations(app)
    started = time.monotonic()
    only = args.operations
    while time.monotonic() < deadline:
        report = run_contract(app, keys, {info.id for info, _ in created.values()}, args.seed + totals["passes"],
                              args.max_examples, deadline, only)
        totals["passes"] += 1
        totals["requests"] += report.requests
        totals["failures"] += report.failures
        totals["errors"] += report.errors
        totals["stopped_early"] = report.stopped_early
        totals["phases"] = sorted(set(totals["phases"]) | set(report.phases))
        for name, source in (("statuses", report.statuses), ("operations", report.operations),
                             ("server_errors", report.server_errors)):
            for key, count in source.items():
                totals[name][str(key)] = totals[name].get(str(key), 0) + count
        totals["seconds"] = round(time.monotonic() - started)
        under = [name for name in operations if totals["operations"].get(name, 0) < args.per_operation]
        least = min(totals["operations"].get(name, 0) for name in operations)
        totals["under_per_operation"] = under
        print(f"pass {totals['passes']}{' (top-up)' if only else ''}: {totals['requests']} requests in "
              f"{totals['seconds']} s, statuses {totals['statuses']}, failures {len(totals['failures'])}, "
              f"least per operation {least}, {len(under)} operations under {args.per_operation}", flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps(totals, indent=1, sort_keys=True))
        if totals["requests"] >= args.requests:
            if not under:
                break
            only = under
    db.dispose()
    return 0 if not totals["failures"] and not totals["server_errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
