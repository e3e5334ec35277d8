"""The vendored CJK font, found once, with a clear error when it is missing.

Road images carry 庄/闲/和 (or 莊/閒/和) and Chinese road names. Pillow's default
bitmap font has no CJK glyphs and would draw empty boxes, so the renderer only
draws text with the font vendored beside this module; without it the service
must refuse to start (`check_font`) rather than serve images with tofu.

The font is a subset of Noto Sans CJK SC Bold (SIL OFL 1.1, licence in
fonts/OFL.txt) holding exactly the glyphs `labels.all_label_text()` and each game's
`<game>.labels.all_label_text()` list (today baccarat's, 百人牛牛's and 打棒's). After
changing a label, regenerate it from the Debian package fonts-noto-cjk::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    python -c "from roadsvc.render.labels import all_label_text as b
    from roadsvc.render.niuniu.labels import all_label_text as n
    from roadsvc.render.dabang.labels import all_label_text as d; print(''.join(sorted(set(b() + n() + d()))))" \
        > /tmp/text.txt
    pyftsubset /tmp/noto/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc --font-number=2 \\
        --text-file=/tmp/text.txt --name-IDs='*' --name-languages='*' --notdef-outline \\
        --layout-features='' --output-file=roadsvc/render/fonts/NotoSansCJKsc-Bold-subset.otf

A game whose labels need other glyphs ships its own subset beside it, made the same way from its
labels (百人牛牛: `NIUNIU_FONT_FILE` from `roadsvc.render.niuniu.labels.all_label_text()`), and names it
on its boards (`Board.font`), so the baccarat images stay byte for byte what they were. The baccarat odds
chart's PNG has its own too (`EV_CHART_FONT_FILE`, from `roadsvc.render.baccarat.ev_chart.all_label_text()`:
every bet's name in each language).

(tests/render/test_fonts.py fails if a label's glyph is missing.)
"""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILE = "NotoSansCJKsc-Bold-subset.otf"
NIUNIU_FONT_FILE = "NotoSansCJKsc-Bold-niuniu.otf"
DABANG_FONT_FILE = "NotoSansCJKsc-Bold-dabang.otf"  # 打棒's labels (roadsvc.render.dabang.labels)
# The baccarat odds chart's PNG words: the bets' names and its axis (roadsvc.render.baccarat.ev_chart.all_label_text)
EV_CHART_FONT_FILE = "NotoSansCJKsc-Bold-evchart.otf"
# What SVG images name: the vendored family first, then what viewers commonly have.
FONT_FAMILY = "Noto Sans CJK SC"
SVG_FONT_STACK = "'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif"


class FontMissingError(RuntimeError):
    """The CJK font is not where the package installs it; images cannot be drawn."""


def font_path(directory: Path | None = None, file: str = FONT_FILE) -> Path:
    """The font file, or FontMissingError naming the path that was looked at."""
    path = (directory or FONT_DIR) / file
    if not path.is_file():
        raise FontMissingError(
            f"road images need the CJK font {path}, which is missing; it ships as package "
            "data of roadsvc (roadsvc/render/fonts/), reinstall the package"
        )
    return path


def check_font() -> Path:
    """Call at service start: fails loudly now instead of drawing boxes later."""
    path = font_path()
    for file in (FONT_FILE, NIUNIU_FONT_FILE, DABANG_FONT_FILE, EV_CHART_FONT_FILE):
        ImageFont.truetype(str(font_path(file=file)), 12)
    return path


@lru_cache(maxsize=64)
def load_font(size: int, file: str = FONT_FILE) -> ImageFont.FreeTypeFont:
    """The font at a pixel size (cached: every mark of a size shares one)."""
    return ImageFont.truetype(str(font_path(file=file)), max(1, size))


@lru_cache(maxsize=4)
def font_face_css(file: str = FONT_FILE) -> str:
    """An @font-face rule carrying the vendored subset, so an SVG shows 庄/闲 in any viewer.

    The subset is small (tens of kB), and without it a viewer lacking a CJK font
    would draw boxes; the licence (OFL) allows embedding.
    """
    encoded = base64.b64encode(font_path(file=file).read_bytes()).decode("ascii")
    return (f"@font-face{{font-family:'{FONT_FAMILY}';font-weight:700;"
            f"src:url(data:font/otf;base64,{encoded}) format('opentype');}}")


@lru_cache(maxsize=1)
def _middle_to_baseline() -> float:
    """Per pixel of size, how far below a text's vertical middle its baseline lies.

    The middle is halfway between ascender and descender, which is what Pillow's
    "mm" anchor centres on; SVG places text by its baseline, so the SVG writer moves
    each label down by this much and both formats put glyphs at the same height.
    """
    ascent, descent = load_font(1000).getmetrics()
    return (ascent - descent) / 2 / 1000


def baseline_below_middle(size: int) -> float:
    return _middle_to_baseline() * size
