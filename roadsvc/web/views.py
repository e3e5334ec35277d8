"""The pages' routes, registered on one blueprint by importing their modules."""

from roadsvc.web import dabang_pages, dealers, floor, login, recall, reports, table, watch  # noqa: F401  (their routes register on blp)
from roadsvc.web.blueprint import blp

__all__ = ["blp"]
