"""`roadsvc reload`, a deploy without a gap (roadsvc.serving): gunicorn's master holds none of roadsvc's
code, so the workers a reload starts run the code on disk; the command refuses what it cannot do and
changes nothing then. The reload of a real server under posts: tests/reliability/test_gunicorn_workers.py."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from roadsvc.cli import REFUSED, main
from roadsvc.cli.serve import STREAMING_WORKER, gunicorn_argv, run_serve, running_master
from roadsvc.config import PROJECT_ROOT, load_settings
from roadsvc.serving import Reload, ReloadFailed

MASTER_LOADS = f"""
import sys
from gunicorn.app.wsgiapp import WSGIApplication
sys.argv = ["gunicorn", "--config", "python:roadsvc.gunicorn_config", "--worker-class", "{STREAMING_WORKER}", "wsgi:app"]
config = WSGIApplication("%(prog)s").cfg
config.worker_class  # what gunicorn's arbiter loads before it forks a worker
print(" ".join(sorted(name for name in sys.modules if name == "roadsvc" or name.startswith("roadsvc."))))
"""


def test_gunicorns_master_imports_no_roadsvc_module_but_its_hooks_and_worker_class():
    # A module the master imported is the one every worker it forks later runs, whatever is on disk then:
    # the streaming worker class imported the stream, services, persistence and domain modules (120 of them),
    # so a deploy's new workers ran those at the old code beside the rest at the new.
    loaded = subprocess.run([sys.executable, "-c", MASTER_LOADS], cwd=PROJECT_ROOT, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "ROADSVC_SERVE_CONTROL_SOCKET": ""})
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split() == ["roadsvc", "roadsvc.gunicorn_config", "roadsvc.stream", "roadsvc.stream.worker"]


def test_serve_writes_its_masters_pid_where_reload_reads_it():
    args = argparse.Namespace(host="127.0.0.1", port=8123, workers=2, threads=1)
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_INSTANCE_PATH": "/srv/roadsvc"}))
    assert argv[argv.index("--pid") + 1] == "/srv/roadsvc/serve.pid"
    argv = gunicorn_argv(args, load_settings(environ={"ROADSVC_SERVE_PID_FILE": "/run/roadsvc/blue.pid"}))
    assert argv[argv.index("--pid") + 1] == "/run/roadsvc/blue.pid"


def gunicorn_like() -> subprocess.Popen:
    """A process whose command line names gunicorn, running (its stdin closed: it ends)."""
    process = subprocess.Popen([sys.executable, "-c", "import sys; print(flush=True); sys.stdin.read()", "gunicorn"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    process.stdout.readline()  # running its own command line, not yet the forked test's
    return process


def test_serve_clears_a_pid_file_left_by_a_killed_server_unless_it_names_a_running_gunicorn(tmp_path):
    pid_file = tmp_path / "serve.pid"
    master = gunicorn_like()
    try:
        pid_file.write_text(f"{master.pid}\n")
        assert running_master(pid_file) == master.pid
        assert pid_file.read_text() == f"{master.pid}\n"
        # after a restart of the machine, the pid a killed server left is another program's (here: this test's)
        pid_file.write_text(f"{os.getpid()}\n")
        assert running_master(pid_file) is None
        assert not pid_file.exists()
    finally:
        master.communicate(b"")


def test_a_second_serve_on_a_running_servers_pid_file_is_refused_and_leaves_its_metrics(tmp_path, monkeypatch, capsys):
    """A second `roadsvc serve` on the same instance folder (the engine's own, docs/deployment.md) started without a
    pid file of its own would have emptied the running server's metrics folder before gunicorn refused it."""
    pid_file, metrics = tmp_path / "serve.pid", tmp_path / "metrics"
    metrics.mkdir()
    (metrics / "counter_4242.db").write_bytes(b"a running worker's counts")
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    master = gunicorn_like()
    try:
        pid_file.write_text(f"{master.pid}\n")
        assert run_serve(argparse.Namespace(host=None, port=5001, workers=None, threads=None)) == REFUSED
    finally:
        master.communicate(b"")
    assert (metrics / "counter_4242.db").read_bytes() == b"a running worker's counts"
    assert pid_file.read_text() == f"{master.pid}\n"
    message = capsys.readouterr().err
    assert f"gunicorn master {master.pid}" in message and "ROADSVC_SERVE_PID_FILE" in message
    assert "ROADSVC_METRICS_DIR" in message


def test_reload_without_a_pid_file_or_master_refuses(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("ROADSVC_SERVE_PID_FILE", raising=False)
    assert main(["reload"]) == REFUSED
    assert f"no {tmp_path / 'serve.pid'}: is roadsvc serving?" in capsys.readouterr().err


def test_reload_of_a_process_with_no_ready_worker_signals_nothing(tmp_path):
    # This test's own process is no gunicorn master: a signal would have stopped it (SIGTTIN, SIGTTOU).
    (tmp_path / "4194304").write_text(str(os.getpid()))  # a mark whose process is gone: removed
    try:
        Reload(os.getpid(), tmp_path).run()
    except ReloadFailed as failure:
        assert "has no ready roadsvc worker" in str(failure)
    else:
        raise AssertionError("a reload of a process with no ready worker went ahead")
    assert list(tmp_path.iterdir()) == []


def test_reload_of_a_process_that_is_not_running_refuses():
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    try:
        Reload(int(ended.stdout), PROJECT_ROOT / "no-such-folder").run()
    except ReloadFailed as failure:
        assert str(failure) == f"no process {int(ended.stdout)}: is roadsvc serving?"
    else:
        raise AssertionError("a reload of an ended process went ahead")


MASTER_THAT_STARTS_NO_WORKER = """
import signal, subprocess, sys
signal.signal(signal.SIGTTIN, signal.SIG_IGN)  # asked for one worker more, it starts none
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
worker = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
print(worker.pid, flush=True)
sys.stdin.read()
worker.communicate(b"")
"""


def test_a_reload_whose_new_worker_never_becomes_ready_retires_no_old_one(tmp_path):
    master = subprocess.Popen([sys.executable, "-c", MASTER_THAT_STARTS_NO_WORKER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    now, steps = [0.0], []

    def pause(seconds: float) -> None:
        now[0] += seconds

    try:
        worker = int(master.stdout.readline())
        (tmp_path / str(worker)).write_text(str(master.pid))
        reload = Reload(master.pid, tmp_path, say=steps.append, clock=lambda: now[0], pause=pause, patience=120)
        try:
            reload.run()
        except ReloadFailed as failure:
            assert str(failure) == ("waited 120 s for a new worker to be ready; the workers are as they are now "
                                    f"(ready: [{worker}])")
        else:
            raise AssertionError("a reload went on without a new worker")
        assert 120 < now[0] < 121 and steps == []  # no step taken: nothing retired
        assert reload.ready() == {worker}
    finally:
        master.communicate("")
