"""RoadsFlask answers ensure_sync once per function, with Flask's own answer."""

from __future__ import annotations

import pytest

from roadsvc.api.application import RoadsFlask


def test_ensure_sync_is_flasks_answer_kept_per_function():
    app = RoadsFlask("memo")
    calls = []

    def view(x):
        calls.append(x)
        return x * 2

    first = app.ensure_sync(view)
    assert first is view and app.ensure_sync(view) is first
    assert first(21) == 42 and calls == [21]


def test_a_coroutine_view_still_goes_through_flasks_async_bridge():
    app = RoadsFlask("memo")

    async def view():
        return "async"

    try:
        bridged = app.ensure_sync(view)
    except RuntimeError as error:  # Flask without its async extra refuses coroutine views
        assert "async" in str(error)
        return
    assert bridged is not view and bridged() == "async"


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_views_and_hooks_run_as_before_through_the_memo(method):
    app = RoadsFlask("memo")
    seen = []
    app.before_request(lambda: seen.append("before"))
    app.add_url_rule("/", "index", lambda: "ok", methods=[method])
    client = app.test_client()
    for _ in range(2):
        response = client.open("/", method=method)
        assert response.status_code == 200 and response.data == b"ok"
    assert seen == ["before", "before"]
