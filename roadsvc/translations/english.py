"""`python -m roadsvc.translations.english` (run by `./dev translations`): English is the catalogues' source
language, so each English message's translation is its id; this fills the ones `pybabel update` left
empty or fuzzy. The Chinese catalogues are translated by hand."""

from __future__ import annotations

from babel.messages.pofile import read_po, write_po

from roadsvc.translations import DIRECTORY, DOMAIN


def fill(path=DIRECTORY / "en" / "LC_MESSAGES" / f"{DOMAIN}.po") -> int:
    with path.open("rb") as source:
        catalog = read_po(source, locale="en")
    filled = 0
    for message in catalog:
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and (not all(forms) or message.fuzzy):
            message.string = message.id
            message.flags.discard("fuzzy")
            filled += 1
    with path.open("wb") as target:
        write_po(target, catalog, omit_header=True, ignore_obsolete=True)
    return filled


if __name__ == "__main__":
    print(f"en: {fill()} messages filled")
