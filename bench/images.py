"""Benchmark: road images. (a) rendering a scoreboard PNG, (b) a cached image behind a 304.

(a) The full scoreboard PNG of an 80-hand dealt shoe (bench/render.py's shoe), against
    Pillow encoding the render's own output again: the same 8-bit palette image, the
    same PNG settings, so the same deflate work. That is the floor of making this file:
    no renderer writes these bytes without encoding them. Target: the render at most 3x
    it (drawing, layout and palette mapping at most twice the encoding). Also printed:
    a blank RGB encode (bench/render.py's baseline: the same 3x target), a blank palette
    encode, and the renderer's own palette-mapping-and-encode step on the finished board.
    A blank palette image is no floor for a drawn one: a constant picture deflates to
    almost nothing, so encoding the finished board alone, drawing nothing, costs several
    times it (printed), and 3x of it is out of reach of any renderer of this image.
    Medians of interleaved runs.

(b) Through gunicorn on loopback, with wrk: GET scoreboard.png with a current
    If-None-Match (304) against GET roads with a current If-None-Match (304), the
    road poll every display already makes. Target: the image 304 costs no more than
    the roads 304 (requests/s within 5%, the run-to-run noise of this harness; both do
    the key check and one revision lookup). Rounds alternate the order so noise hits
    both, and the verdict is the median of per-round ratios. For
    scale, the 200 of an already cached image is printed too.

(c) The same two 304s through the app in this process (its whole WSGI stack: both are
    answered before Flask, roadsvc.api.serving.polls), alternating request by request
    (the server's own work per request, without sockets): same target.

A fresh SQLite database in a temporary instance folder, created with `roadsvc db
upgrade` (ROADSVC_INSTANCE_PATH, ROADSVC_DATABASE_URL); a table, a key and the same
80 hands posted through the services.

    .venv/bin/python bench/images.py [--runs 40] [--seconds 4] [--rounds 5] [--requests 3000] [--skip-http]
"""

from __future__ import annotations

import argparse
import http.client
import io
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image

from _http import BIN, gunicorn, wrk
from _timing import interleaved_medians
from render import HANDS, shoe_of_80

from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.persistence.engine import Database
from roadsvc.render import render
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import RenderParams
from roadsvc.render.png import encode as renderer_encode
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.keys.lifecycle import create_key

TARGET_RENDER = 3.0
NOISE = 0.05
IMAGE = "scoreboard.png"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def png_encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def render_figures(runs: int, seed: int, cell: int) -> None:
    """(a): the warm scoreboard render against its own output's encode, and blank encodes of the same size."""
    snapshot = build_snapshot(shoe_of_80(seed))
    params = RenderParams(cell=cell)
    rendered = render(snapshot, "scoreboard", "png", params)
    output = Image.open(io.BytesIO(rendered))
    output.load()
    board = layout(snapshot, "scoreboard", params)
    blank_rgb = Image.new("RGB", (board.width, board.height), board.theme.background)
    blank_same_mode = blank_rgb.quantize(256)
    finished_rgb = output.convert("RGB")
    own = "the output's own PNG encode (BASELINE: same image, mode, settings)"
    medians = interleaved_medians({
        own: lambda: png_encode(output),
        "blank palette PNG encode": lambda: png_encode(blank_same_mode),
        "blank RGB PNG encode": lambda: png_encode(blank_rgb),
        "scoreboard PNG render, warm": lambda: render(snapshot, "scoreboard", "png", params),
        "  of which palette mapping + encode of the board": lambda: renderer_encode(finished_rgb, output),
    }, runs)
    baseline, warm = medians[own], medians["scoreboard PNG render, warm"]
    print(f"(a) {HANDS}-hand shoe, scoreboard {board.width}x{board.height} px at cell {cell}, "
          f"output mode {output.mode}, {len(rendered)} bytes ({len(png_encode(output))} re-encoded); "
          f"median ms of {runs} interleaved runs")
    for name, ms in medians.items():
        print(f"    {name:<66} {ms:8.2f} ms  {ms / baseline:6.2f}x baseline")
    rgb, blank = medians["blank RGB PNG encode"], medians["blank palette PNG encode"]
    print(f"    render / its own output's encode = {warm / baseline:.2f}x (target <= {TARGET_RENDER:g}x): "
          f"{verdict(warm <= TARGET_RENDER * baseline)}")
    print(f"    render / blank RGB encode        = {warm / rgb:.2f}x (target <= {TARGET_RENDER:g}x): "
          f"{verdict(warm <= TARGET_RENDER * rgb)}")
    print(f"    render / blank palette encode    = {warm / blank:.2f}x, no target: the output's encode alone, "
          f"drawing nothing, is {baseline / blank:.2f}x it")


def deploy(folder: Path, seed: int) -> tuple[dict[str, str], str, int]:
    """A migrated SQLite database with one table and 80 hands; (env, display key, table id)."""
    instance = folder / "instance"
    url = f"sqlite:///{instance / 'roadsvc.db'}"
    env = {"ROADSVC_INSTANCE_PATH": str(instance), "ROADSVC_DATABASE_URL": url, "ROADSVC_LOG_LEVEL": "WARNING"}
    subprocess.run([str(BIN / "roadsvc"), "db", "upgrade"], env={**os.environ, **env}, check=True,
                   stdout=subprocess.DEVNULL)
    db = Database(url)
    try:
        table = tables.create_table(db, "Bench images")
        shoes.open_shoe(db, table.id)
        for number, hand in enumerate(shoe_of_80(seed), start=1):
            hands.post_hand(db, table.id, hand, number)
        key = create_key(db, "display", "bench images")[1]
    finally:
        db.dispose()
    return env, key, table.id


def current(base: str, path: str, key: str, etag: str | None = None) -> tuple[int, str]:
    """(status, ETag) of one GET."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    headers = {"Authorization": f"Bearer {key}", **({"If-None-Match": etag} if etag else {})}
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("ETag", "")
    finally:
        connection.close()


def http_figures(seconds: int, rounds: int, seed: int) -> None:
    """(b): 304 of a cached image against 304 of a roads poll, through gunicorn and wrk."""
    with tempfile.TemporaryDirectory(prefix="roadsvc-bench-images-") as scratch:
        env, key, table_id = deploy(Path(scratch), seed)
        roads, image = f"/api/v1/tables/{table_id}/roads", f"/api/v1/tables/{table_id}/roads/{IMAGE}"
        with gunicorn("wsgi:app", env=env, workers=2, probe="/api/v1/tables") as base:
            tags = {}
            for path in (roads, image):
                for _ in range(4):  # warm each worker's caches (and render once per worker)
                    status, tags[path] = current(base, path, key)
                    assert status == 200, (path, status)
                assert current(base, path, key, tags[path])[0] == 304, path
            auth = {"Authorization": f"Bearer {key}"}
            cases = {
                "roads 304 (BASELINE: the display's poll)": (roads, {**auth, "If-None-Match": tags[roads]}),
                f"{IMAGE} 304": (image, {**auth, "If-None-Match": tags[image]}),
                f"{IMAGE} 200 from the cache": (image, auth),
            }
            results: dict[str, list[dict]] = {name: [] for name in cases}
            for round_number in range(rounds):
                order = list(cases) if round_number % 2 == 0 else list(reversed(cases))
                for name in order:
                    path, headers = cases[name]
                    results[name].append(wrk(base + path, headers, seconds=seconds))
    medians = {name: {field: statistics.median(run[field] for run in runs) for field in ("rps", "p50_ms", "p99_ms")}
               for name, runs in results.items()}
    baseline = medians["roads 304 (BASELINE: the display's poll)"]
    print(f"(b) gunicorn 2 workers on loopback, wrk 2 threads 16 connections, {rounds} alternating rounds "
          f"of {seconds} s; medians")
    for name, figures in medians.items():
        errors = sum(run["non_2xx_3xx"] for run in results[name])
        print(f"    {name:<42} {figures['rps']:9.0f} req/s ({figures['rps'] / baseline['rps']:5.2f}x)  "
              f"p50 {figures['p50_ms']:6.2f} ms  p99 {figures['p99_ms']:6.2f} ms  errors {errors}")
    # paired by round (run back to back), so a machine slowing down between rounds cancels out
    ratios = [image["rps"] / roads["rps"] for image, roads in
              zip(results[f"{IMAGE} 304"], results["roads 304 (BASELINE: the display's poll)"])]
    ratio = statistics.median(ratios)
    print(f"    image 304 / roads 304 throughput, median of per-round ratios "
          f"({', '.join(f'{r:.2f}' for r in ratios)}) = {ratio:.3f} "
          f"(target >= {1 - NOISE:.2f}: no dearer, within {NOISE:.0%} noise): {verdict(ratio >= 1 - NOISE)}")


def in_process_figures(requests: int, seed: int) -> None:
    """(c): the same two 304s through the app in this process, alternating request by request: the
    server's own cost per request, without the network or wrk's scheduling."""
    from roadsvc.app import create_app

    with tempfile.TemporaryDirectory(prefix="roadsvc-bench-images-") as scratch:
        env, key, table_id = deploy(Path(scratch), seed)
        app = create_app({"DATABASE_URL": env["ROADSVC_DATABASE_URL"], "INSTANCE_PATH": env["ROADSVC_INSTANCE_PATH"],
                          "LOG_LEVEL": "WARNING"})
        try:
            client, auth = app.test_client(), {"Authorization": f"Bearer {key}"}
            paths = {"roads 304 (BASELINE)": f"/api/v1/tables/{table_id}/roads",
                     f"{IMAGE} 304": f"/api/v1/tables/{table_id}/roads/{IMAGE}"}
            tags = {name: client.get(path, headers=auth).headers["ETag"] for name, path in paths.items()}
            actions = {name: (lambda p=path, t=tags[name]: _expect_304(client.get(p, headers={**auth, "If-None-Match": t})))
                       for name, path in paths.items()}
            medians = interleaved_medians(actions, requests)
        finally:
            app.extensions["roadsvc.db"].dispose()
    baseline = medians["roads 304 (BASELINE)"]
    print(f"(c) in process (the app's test client, SQLite), {requests} alternating requests each; medians")
    for name, ms in medians.items():
        print(f"    {name:<42} {ms * 1000:8.1f} µs  {ms / baseline:5.2f}x")
    ratio = medians[f"{IMAGE} 304"] / baseline
    print(f"    image 304 / roads 304 time = {ratio:.3f} (target <= {1 + NOISE:.2f}): {verdict(ratio <= 1 + NOISE)}")


def _expect_304(response) -> None:
    assert response.status_code == 304, response.status_code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cell", type=int, default=24)
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=3000, help="(c): requests per 304 kind")
    parser.add_argument("--skip-http", action="store_true", help="only (a), no server")
    args = parser.parse_args()
    render_figures(args.runs, args.seed, args.cell)
    if not args.skip_http:
        http_figures(args.seconds, args.rounds, args.seed)
    in_process_figures(args.requests, args.seed)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
