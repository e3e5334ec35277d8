"""`roadsvc db|keys|demo|serve`: run in-process against an SQLite file in a temp folder."""

from __future__ import annotations

import argparse
import resource
import re

import pytest

from roadsvc.cli import main
from roadsvc.cli.serve import STREAMING_WORKER, gunicorn_argv, raise_open_files, with_defaults
from roadsvc.config import PROJECT_ROOT, load_settings
from roadsvc.persistence.engine import open_database
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.capabilities import ROLES
from roadsvc.services.keys.verifier import lookup_key

KEY = re.compile(r"rs_[A-Za-z0-9_-]{40,}")


@pytest.fixture
def instance(tmp_path, monkeypatch):
    """A fresh instance folder (the default SQLite database lives there), migrated."""
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)  # not the project root: the commands must not depend on it
    assert main(["db", "upgrade"]) == 0
    return tmp_path / "instance"


def test_db_upgrade_creates_the_sqlite_file_in_the_instance_folder(instance, capsys):
    assert (instance / "roadsvc.db").exists()
    assert main(["db", "upgrade"]) == 0  # a second run is a no-op
    assert "revision head" in capsys.readouterr().out


def test_keys_create_prints_a_working_key_once(instance, capsys):
    assert main(["keys", "create", "--role", "pitboss", "--name", "floor"]) == 0
    out = capsys.readouterr().out
    plain = KEY.search(out).group(0)
    db = open_database()
    try:
        assert lookup_key(db, plain).role == "pitboss"
    finally:
        db.dispose()
    assert main(["keys", "list"]) == 0
    listed = capsys.readouterr().out
    assert "floor" in listed and plain not in listed


def test_keys_create_refuses_a_table_for_a_non_dealer_key(instance, capsys):
    assert main(["keys", "create", "--role", "display", "--table", "1"]) == 2
    assert "dealer" in capsys.readouterr().err


def test_demo_setup_prints_a_key_per_role_and_revokes_the_previous_ones(instance, capsys):
    assert main(["demo", "setup"]) == 0
    first = KEY.findall(capsys.readouterr().out)
    assert main(["demo", "setup"]) == 0
    second = KEY.findall(capsys.readouterr().out)
    n = len(ROLES)
    assert len(set(first[:n])) == n and len(set(second[:n])) == n
    db = open_database()
    try:
        assert [lookup_key(db, k) for k in first[:n]] == [None] * n
        assert [lookup_key(db, k).role for k in second[:n]] == list(ROLES)
        assert len(shoes.list_shoes(db, 1)) == 1  # setup twice: still one table, one open shoe
    finally:
        db.dispose()


def test_demo_setup_points_at_the_address_serve_binds(instance, capsys, monkeypatch):
    monkeypatch.setenv("ROADSVC_SERVE_HOST", "0.0.0.0")
    monkeypatch.setenv("ROADSVC_SERVE_PORT", "8123")
    assert main(["demo", "setup"]) == 0
    out = capsys.readouterr().out
    assert "http://0.0.0.0:8123/api/v1/tables/1/roads" in out and "http://0.0.0.0:8123/api/docs" in out
    assert "5000" not in out


def test_demo_deal_deals_a_whole_real_shoe_through_the_services(instance, capsys):
    assert main(["demo", "deal", "--interval", "0", "--shoes", "1", "--seed", "11"]) == 0
    db = open_database()
    try:
        history = shoes.list_shoes(db, 1)
        dealt = history[0]
        assert [s.status for s in history] == ["open", "closed"]  # the setup shoe closed
        assert dealt.burn_card is not None and dealt.burn_count >= 1
        assert dealt.last_hand == dealt.hands > 60
        stored = hands.list_hands(db, dealt.id)
        assert [h.number for h in stored] == list(range(1, dealt.hands + 1))
        assert all(h.hand.get("cards") for h in stored)
    finally:
        db.dispose()
    assert "cut card out" in capsys.readouterr().out


def test_serve_options_default_to_the_serve_settings_and_win_over_them():
    settings = load_settings(environ={"ROADSVC_SERVE_PORT": "8200", "ROADSVC_SERVE_WORKERS": "4"})
    given = argparse.Namespace(host=None, port=None, workers=None, threads=None)
    assert vars(with_defaults(given, settings)) == {"host": "127.0.0.1", "port": 8200, "workers": 4, "threads": 1}
    given = argparse.Namespace(host="0.0.0.0", port=9000, workers=None, threads=3)
    assert vars(with_defaults(given, settings)) == {"host": "0.0.0.0", "port": 9000, "workers": 4, "threads": 3}


def test_serve_runs_gunicorn_on_wsgi_app_from_the_project_root():
    argv = gunicorn_argv(argparse.Namespace(host="0.0.0.0", port=8123, workers=3, threads=2))
    assert argv[1:3] == ["-m", "gunicorn"] and argv[-1] == "wsgi:app"
    assert argv[argv.index("--chdir") + 1] == str(PROJECT_ROOT)
    assert (PROJECT_ROOT / "wsgi.py").exists()
    assert argv[argv.index("--bind") + 1] == "0.0.0.0:8123" and argv[argv.index("--workers") + 1] == "3"


def test_serve_runs_gevent_workers_for_the_event_streams_unless_told_otherwise():
    args = argparse.Namespace(host="127.0.0.1", port=8123, workers=2, threads=4)
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_SERVE_WORKER_CONNECTIONS": "3000"}))
    assert argv[argv.index("--worker-class") + 1] == STREAMING_WORKER and argv[argv.index("--worker-connections") + 1] == "3000"
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_SERVE_WORKER_CLASS": "sync"}))
    assert argv[argv.index("--worker-class") + 1] == "sync" and argv[argv.index("--threads") + 1] == "4"


def test_serve_listens_on_a_port_of_its_own_for_the_engine_when_told():
    args = argparse.Namespace(host="10.0.0.2", port=5000, workers=2, threads=1)
    binds = lambda argv: [argv[i + 1] for i, word in enumerate(argv) if word == "--bind"]  # noqa: E731
    assert binds(gunicorn_argv(args, load_settings(environ={}))) == ["10.0.0.2:5000"]
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_SERVE_ENGINE_PORT": "5001"}))
    assert binds(argv) == ["10.0.0.2:5000", "10.0.0.2:5001"]


def test_serve_keeps_an_idle_connection_open_longer_than_a_display_polls():
    args = argparse.Namespace(host="127.0.0.1", port=8123, workers=2, threads=1)
    argv = gunicorn_argv(args, load_settings(environ={}))
    assert int(argv[argv.index("--keep-alive") + 1]) == 75  # gunicorn's own 2 s races a display's 2 s poll
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_SERVE_KEEPALIVE": "120"}))
    assert argv[argv.index("--keep-alive") + 1] == "120"


def test_serve_raises_its_open_files_limit_for_the_streams(capsys):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
    try:
        raise_open_files(load_settings(environ={"ROADSVC_SERVE_WORKER_CONNECTIONS": str(hard + 1)}))
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)
        assert f"the open-files limit ({hard}) is below" in capsys.readouterr().err
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def gunicorn_control(environ: dict[str, str]) -> dict[str, str]:
    """gunicorn's own resolved control-socket settings under roadsvc's config file (its --print-config).
    --print-config imports the application it is given; a small callable of the config module stands in
    for wsgi:app (whose app would be built for nothing: 4 s a call)."""
    import os
    import subprocess
    import sys
    printed = subprocess.run([sys.executable, "-m", "gunicorn", "--print-config", "-c", "python:roadsvc.gunicorn_config",
                              "roadsvc.gunicorn_config:post_request"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60,
                             env={k: v for k, v in {**os.environ, **environ}.items() if v is not None})
    found = dict(re.findall(r"^(control_socket\w*)\s+=\s+(.*)$", printed.stdout, re.M))
    assert found, printed.stdout + printed.stderr
    return found


def test_no_control_socket_at_one_shared_path_unless_an_instance_names_its_own():
    # issue 46 item 22: every master took $XDG_RUNTIME_DIR/gunicorn.ctl (or ~/.gunicorn/gunicorn.ctl): two
    # instances on a host took each other's socket, and a `gunicornc reload` meant for one reached the other
    assert gunicorn_control({"ROADSVC_SERVE_CONTROL_SOCKET": None})["control_socket_disable"] == "True"
    named = gunicorn_control({"ROADSVC_SERVE_CONTROL_SOCKET": "/run/roadsvc/blue.ctl"})
    assert (named["control_socket_disable"], named["control_socket"]) == ("False", "/run/roadsvc/blue.ctl")
    args = argparse.Namespace(host="127.0.0.1", port=8123, workers=2, threads=1)
    assert "--no-control-socket" in gunicorn_argv(args, load_settings(environ={}))
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_SERVE_CONTROL_SOCKET": "/run/roadsvc/green.ctl"}))
    assert argv[argv.index("--control-socket") + 1] == "/run/roadsvc/green.ctl"
