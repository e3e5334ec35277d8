"""Helpers of the page tests, in a module of their own (every test folder has a conftest)."""

from __future__ import annotations

import re

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def csrf_token(html: str) -> str:
    found = TOKEN.search(html)
    assert found, "the page has no CSRF token"
    return found.group(1)


def sign_in(page, floor, key: str) -> None:
    page.goto(floor.url + "/login?lang=en")
    page.fill("#key", key)
    page.click("button[type=submit]")


class Answer:
    """A `requests` answer with `.json` as the Flask test client has it (an attribute; None for no body)."""

    def __init__(self, response):
        self.status_code, self.json = response.status_code, response.json() if response.content else None


class ServedApi:
    """`get`/`post` against a served roadsvc (tests/web/conftest.py's Floor), the shape tests/dabang_api.py drives
    (a post with no body sends an empty JSON object)."""

    def __init__(self, floor):
        self.floor = floor

    def get(self, url, role="display"):
        return Answer(self.floor.api("GET", url, role=role))

    def post(self, url, json=None, role="admin"):
        return Answer(self.floor.api("POST", url, json or {}, role=role))
