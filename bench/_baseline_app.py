"""The baseline for the HTTP benchmarks: a minimal Flask route, nothing else."""

from flask import Flask, request

app = Flask(__name__)


@app.get("/")
def ping():
    return {"ok": True}


@app.post("/")
def echo():
    """The posting baseline: parse a JSON body, answer a small JSON document."""
    return {"ok": True, "fields": len(request.get_json())}, 201
