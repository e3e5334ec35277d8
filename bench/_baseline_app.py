"""The baseline for the HTTP benchmarks: a minimal Flask route, nothing else.

`GET /read` is a second reference for the polling benchmark: the same minimal route
plus the one indexed row read a 304 poll must make (the table's newest shoe and its
revision, from the database named by BENCH_DATABASE_URL, on a kept connection). It is
the floor of any answer that must be fresh across worker processes.
"""

import os

from flask import Flask, request

app = Flask(__name__)


@app.get("/")
def ping():
    return {"ok": True}


@app.post("/")
def echo():
    """The posting baseline: parse a JSON body, answer a small JSON document."""
    return {"ok": True, "fields": len(request.get_json())}, 201


_database = None


@app.get("/read")
def read():
    global _database
    if _database is None:
        from roadsvc.persistence.engine import Database
        from roadsvc.persistence.repositories import CURRENT_SHOE_SQL

        _database = (Database(os.environ["BENCH_DATABASE_URL"]), CURRENT_SHOE_SQL)
    database, sql = _database
    return {"row": database.fetch_ints(sql, int(request.args.get("table", 1)))}
