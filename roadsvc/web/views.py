"""The pages' routes, registered on one blueprint by importing their modules."""

from roadsvc.web import dabang_pages, floor, login, recall, reports, table  # noqa: F401  (their routes register on blp)
from roadsvc.web.blueprint import blp

__all__ = ["blp"]
