"""What every reader-facing text shares (issue 24): the languages (zh-Hans, zh-Hant, en), the reader a
text is worded for, durations, lists, and the names of the bets (baccarat's bet types, 百人牛牛's areas).

The domain words its texts as English message ids, marked with `N_` / `NC_` for `pybabel extract` (issue 36),
and translates them with the reader's catalogue, which the layer that shows the text gives (roadsvc.translations:
a gettext `Translations`); the domain itself loads no catalogue and imports no framework.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.domain.messages import N_, NC_  # the domain's marks, here for the modules that import them from here
from roadsvc.domain.niuniu.dealing import POSITION_LABELS  # 百人牛牛's bets are on its areas

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LANGUAGE = "zh-Hans"
# Who an alert's change is by when the monitor made it; its notes are English message ids, and both are
# translated where they are shown (roadsvc.web, roadsvc.render.shift_report).
SYSTEM_ACTOR = "roadsvc monitor"


def lang_of(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


class Catalogue(Protocol):
    """A language's gettext catalogue, as babel.support.Translations reads one."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


@dataclass(frozen=True)
class Reader:
    """Who a text is worded for: their language and its catalogue."""

    language: str
    catalogue: Catalogue

    def __call__(self, message: str | tuple[str, str], **values: object) -> str:
        """`message` (a message id, or (context, id)) in the reader's language, `%(name)s` filled from `values`."""
        said = self.catalogue.pgettext(*message) if isinstance(message, tuple) else self.catalogue.gettext(message)
        return said % values if values else said

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The form for `n` (`%(num)d` is n), filled from `values`."""
        return self.catalogue.ngettext(singular, plural, n) % {"num": n, **values}


# How the records name a person: the key's name and id, "Li (key 4)" (roadsvc.services.keys.principals.Principal.actor).
_KEYED = re.compile(r"(?P<name>.*) \(key (?P<id>\d+)\)")


def actor_name(actor: str | None, reader: Reader) -> str:
    """Who did something, for a reader: the monitor in the reader's language; a person by the key's name as
    recorded, with the word for the key in the reader's language ('Li (key 4)' -> 'Li（密钥 4）')."""
    if actor == SYSTEM_ACTOR:
        return reader(N_("roadsvc monitor"))
    keyed = _KEYED.fullmatch(actor or "")
    return reader(N_("%(name)s (key %(id)s)"), name=keyed["name"], id=keyed["id"]) if keyed else (actor or "")


def duration(seconds: float, reader: Reader) -> str:
    """'45 s', '4 min 10 s', '2 h 5 min'; 秒/分/小时 in Chinese."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    units = (NC_("duration", "%(n)d h"), NC_("duration", "%(n)d min"), NC_("duration", "%(n)d s"))
    parts = [(hours, units[0]), (minutes, units[1])] if hours else [(minutes, units[1]), (secs, units[2])]
    shown = [reader(unit, n=value) for value, unit in parts if value] or [reader(units[2], n=0)]
    return " ".join(shown)


def listed(items: list[str], reader: Reader) -> str:
    """'10, 11 and 12' in English, '10、11、12' in Chinese."""
    if len(items) < 2:
        return "".join(items)
    earlier = items[0]
    for item in items[1:-1]:
        earlier = reader(NC_("list", "%(earlier)s, %(next)s"), earlier=earlier, next=item)
    return reader(NC_("list", "%(earlier)s and %(last)s"), earlier=earlier, last=items[-1])


def bet_title(code: str, reader: Reader) -> str:
    """A bet's name for a reader: its English message id (a baccarat bet type's, a 百人牛牛 area's) translated by
    the reader's catalogue; a code it does not know is shown as words ('dragon_7' -> 'Dragon 7'), never as the
    raw code."""
    found = BET_TYPES.get(code)
    name = found.name_en if found is not None else POSITION_LABELS.get(code)
    return reader(name) if name is not None else code.replace("_", " ").capitalize()
