"""The baseline for the HTTP benchmarks: a minimal Flask route, nothing else."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def ping():
    return {"ok": True}
