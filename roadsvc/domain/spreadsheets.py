"""One rule for every CSV roadsvc writes (issue 43): a spreadsheet reads a cell that starts with `=`, `+`, `-`,
`@`, a tab or a carriage return as a formula (`=HYPERLINK(...)` runs when the file is opened), so such a text
cell is written with a leading apostrophe, which spreadsheets show as text and do not print. A number (an
amount `-300.00`, a count, a percentage `-2.50%`) is left as it is: it is a figure, not a formula.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?%?")


def defused(cell: Any) -> str:
    """The cell as text a spreadsheet will not run: None is empty; `=1+1` is `'=1+1`; `-300.00` stays."""
    text = "" if cell is None else str(cell)
    if text[:1] in FORMULA_STARTS and not NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """The header and the rows as CSV, every cell defused."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([defused(cell) for cell in row] for row in rows)
    return out.getvalue()
