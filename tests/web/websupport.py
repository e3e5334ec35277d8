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
