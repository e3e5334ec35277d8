"""The 打棒 API driven through a signed-in page client or a served roadsvc (a role's key in the header), the
shape tests/dabang_api.py drives; the pages' <main>; every string of a JSON value."""

from __future__ import annotations

from dabang_api import card_codes
from websupport import Answer, ServedApi

__all__ = ["Answer", "PageApi", "ServedApi", "card_codes", "main_of", "strings_in"]


class PageApi:
    """`get`/`post` with a role's key, the shape tests/dabang_api.py drives."""

    def __init__(self, pages):
        self.pages = pages

    def headers(self, role):
        return {"Authorization": f"Bearer {self.pages.keys[role]}"}

    def get(self, url, role="display"):
        return self.pages.client.get(url, headers=self.headers(role))

    def post(self, url, json=None, role="admin"):
        return self.pages.client.post(url, json=json, headers=self.headers(role))


def strings_in(value) -> list[str]:
    """Every string (keys and values) in a JSON value."""
    if isinstance(value, dict):
        return [s for key, item in value.items() for s in [key, *strings_in(item)]]
    if isinstance(value, list):
        return [s for item in value for s in strings_in(item)]
    return [value] if isinstance(value, str) else []


def main_of(html: str) -> str:
    """The page's <main> (the header's language links and the like are not the page's content)."""
    return html[html.index("<main"):html.index("</main>")]
