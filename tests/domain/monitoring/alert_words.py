"""An alert's title and message as a reader of a language sees them: the domain's texts read with that
language's catalogue (roadsvc/translations), as the pages and the shift report read them."""

from __future__ import annotations

from roadsvc.domain.monitoring import texts
from roadsvc.translations import reader


def alert_title(code: str, language: str) -> str:
    return texts.alert_title(code, reader(language))


def alert_message(code: str, details: dict, language: str) -> str:
    return texts.alert_message(code, details, reader(language))
