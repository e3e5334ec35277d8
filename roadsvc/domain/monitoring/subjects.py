"""What an alert (and a rule's tally) is about, inside its table: the subject.

A baccarat alert is about one shoe (`shoe:12`); a game without shoes raises about the table
itself (`table`, 百人牛牛) or one of its own units (`match:5`, 打棒). At most one unresolved alert
per (table, subject, code). A subject is `table` or `<kind>:<id>` (kind in lower-case letters,
id a positive whole number); only `shoe:` subjects name a stored shoe.
"""

from __future__ import annotations

import re

from roadsvc.domain.errors import DomainError

TABLE = "table"
SHOE = "shoe"
MAX_LENGTH = 40
_FORM = re.compile(r"(?:table|[a-z_]{1,20}:[1-9][0-9]{0,15})")


def shoe(shoe_id: int) -> str:
    return f"{SHOE}:{shoe_id}"


def of(kind: str, number: int) -> str:
    """`of("match", 5)` -> "match:5" (checked)."""
    return check(f"{kind}:{number}")


def check(subject: object) -> str:
    """The subject as given, if it is `table` or `<kind>:<id>`; DomainError otherwise."""
    if not isinstance(subject, str) or not _FORM.fullmatch(subject):
        raise DomainError("invalid_subject", "an alert's subject is 'table' or '<kind>:<id>' (shoe:12, match:5)",
                          "subject")
    return subject


def shoe_id_of(subject: str) -> int | None:
    """The shoe a `shoe:<id>` subject names; None for any other subject."""
    kind, _, number = subject.partition(":")
    return int(number) if kind == SHOE and number else None


def kind_of(subject: str) -> str:
    return subject.partition(":")[0]
