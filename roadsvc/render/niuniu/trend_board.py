"""The trend road (走势) as a board: a row per position, a column per round, statistics at the right.

    百人牛牛 走势                                   局数 42   近10 近20 近50 全部
    [庄  ]  牛5 牛牛 无牛 ...                               10   20   42   42
    [闲一]  ✔   ✘    ✔   ...                                 6   11   20   20
    ...
    ✔ 赢  ✘ 输

The banker's row shows its type per round as a pill coloured by multiple (gold for the 10x types,
red for 牛7-牛9, blue for 牛1-牛6, grey for 无牛); each area's row a green disc with a check for a
win, a red cross for a loss. The newest round is the rightmost column. Built from the trend road's
JSON, which holds settled rounds only: nothing hidden can reach the image.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from roadsvc.render.board import Board, Grid, Mark, gap
from roadsvc.render.fonts import NIUNIU_FONT_FILE
from roadsvc.render.niuniu.labels import CAPTIONS, POSITION_LABELS, TYPE_SHORT
from roadsvc.render.niuniu.params import TrendParams
from roadsvc.render.shapes import Circle, Label, Segment, Shape
from roadsvc.render.themes import THEMES, Theme

ROWS = ("banker", "player_1", "player_2", "player_3", "player_4")
STATS = ("last_10", "last_20", "last_50", "all")
WINDOWS = {"last_10": 10, "last_20": 20, "last_50": 50}
MIN_COLUMNS = 20
TEN_TIMES = {"bomb", "gold_bull", "silver_bull", "bull_bull"}
HIGH_BULLS = {"bull_7", "bull_8", "bull_9"}


def trend_board(road: Mapping, params: TrendParams) -> Board:
    theme, c = THEMES[params.theme], params.cell
    g = gap(c)
    shown = _window(road, params.columns)
    columns = params.columns or max(MIN_COLUMNS, len(shown))
    label_width = (4 if params.language == "en" else 2) * c
    stat_width = round(1.7 * c) if params.language == "en" else round(1.3 * c)
    grid = Grid("trend", g + label_width + g, g + c, columns, len(ROWS), c)
    stats_x = grid.x + columns * c + g
    width = stats_x + len(STATS) * stat_width + g
    height = grid.y + len(ROWS) * c + g + c + g
    marks = [
        *_header(road, params, theme, g, grid.y - c, stats_x, stat_width),
        *_row_labels(params, theme, g, grid.y, label_width),
        *_cells(road, shown, grid, params, theme),
        *_statistics(road, params, theme, stats_x, grid.y, stat_width),
        *_legend(params, theme, g, grid.y + len(ROWS) * c + g),
    ]
    title = CAPTIONS[params.language]["title"]
    return Board(width, height, theme, title, (grid,), tuple(marks), NIUNIU_FONT_FILE)


def _window(road: Mapping, columns: int | None) -> list[int]:
    """Indexes (into the road's rows) of the rounds shown: all, or the newest `columns`."""
    count = len(road["rounds"])
    return list(range(0 if columns is None else max(0, count - columns), count))


def _text(x: float, y: float, text: str, size: int, colour, anchor: str = "middle") -> Label:
    return Label(x, y, text, max(11, size), colour, anchor)


def _header(road, params, theme, x, y, stats_x, stat_width) -> Iterator[Mark]:
    c, words = params.cell, CAPTIONS[params.language]
    yield Mark(x, y, stats_x - x, c, (_text(0, c / 2, words["title"], round(0.5 * c), theme.text, "start"),
                                      _text(stats_x - x - gap(c), c / 2, f"{words['rounds']} {len(road['rounds'])}",
                                            round(0.42 * c), theme.muted, "end")),
               ("caption", "title"), (("rounds", str(len(road["rounds"]))),))
    for index, key in enumerate(STATS):
        label = _text(stat_width / 2, c / 2, words[key], round(0.36 * c), theme.muted)
        yield Mark(stats_x + index * stat_width, y, stat_width, c, (label,), ("caption", "stat", key))


def _row_labels(params, theme, x, y, width) -> Iterator[Mark]:
    c = params.cell
    for row, position in enumerate(ROWS):
        colour = theme.banker if position == "banker" else theme.player
        pill = Segment(0.45 * c, c / 2, width - 0.45 * c, c / 2, colour, 0.78 * c)
        text = _text(width / 2, c / 2, POSITION_LABELS[params.language][position], round(0.42 * c), theme.bead_text)
        yield Mark(x, y + row * c, width, c, (pill, text), ("row-label", position))


def _cells(road, shown, grid: Grid, params, theme) -> Iterator[Mark]:
    c = grid.cell
    for col, index in enumerate(shown):
        number = str(road["rounds"][index])
        banker_type = road["banker"]["types"][index]
        x, y = grid.cell_box(col, 0)
        yield Mark(x, y, c, c, type_pill(banker_type, params.language, c, theme),
                   ("mark", "banker", banker_type.replace("_", "-")), (("round", number), ("type", banker_type)))
        for row, player in enumerate(ROWS[1:], start=1):
            result = road["areas"][player]["results"][index]
            x, y = grid.cell_box(col, row)
            yield Mark(x, y, c, c, result_mark(result, c, theme), ("mark", player, result),
                       (("round", number), ("result", result)))


def type_pill(code: str, language: str, c: int, theme: Theme) -> tuple[Shape, ...]:
    fill, ink = _type_colours(code, theme)
    text = TYPE_SHORT[language][code]
    size = max(11, round((0.36 if len(text) > 1 else 0.46) * c))
    return (Circle(c / 2, c / 2, 0.44 * c, fill=fill), _text(c / 2, c / 2, text, size, ink))


def _type_colours(code: str, theme: Theme):
    if code in TEN_TIMES:
        return theme.natural, (40, 32, 0)
    if code in HIGH_BULLS:
        return theme.banker, theme.bead_text
    if code == "no_bull":
        return theme.grid, theme.text
    return theme.player, theme.bead_text


def result_mark(result: str, c: int, theme: Theme) -> tuple[Shape, ...]:
    """A win: a green disc with a check; a loss: a red cross."""
    w = max(1.5, 0.11 * c)
    if result == "win":
        return (Circle(c / 2, c / 2, 0.38 * c, fill=theme.tie),
                Segment(0.3 * c, 0.52 * c, 0.44 * c, 0.66 * c, theme.bead_text, w),
                Segment(0.44 * c, 0.66 * c, 0.7 * c, 0.36 * c, theme.bead_text, w))
    return (Segment(0.3 * c, 0.3 * c, 0.7 * c, 0.7 * c, theme.banker, w),
            Segment(0.3 * c, 0.7 * c, 0.7 * c, 0.3 * c, theme.banker, w))


def _statistics(road, params, theme, x, y, stat_width) -> Iterator[Mark]:
    c, total = params.cell, len(road["rounds"])
    for index, key in enumerate(STATS):
        shown = str(min(total, WINDOWS.get(key, total)))
        yield _figure(x + index * stat_width, y, stat_width, c, shown, theme.muted, ("stat", "banker", key))
        for row, player in enumerate(ROWS[1:], start=1):
            wins = str(road["areas"][player]["wins"][key])
            yield _figure(x + index * stat_width, y + row * c, stat_width, c, wins, theme.text, ("stat", player, key))


def _figure(x, y, w, c, text, colour, classes) -> Mark:
    return Mark(x, y, w, c, (_text(w / 2, c / 2, text, round(0.44 * c), colour),), classes, (("value", text),))


def _legend(params, theme, x, y) -> Iterator[Mark]:
    c, words = params.cell, CAPTIONS[params.language]
    width = 3 * c if params.language == "en" else 2 * c
    for index, result in enumerate(("win", "lose")):
        caption = _text(c, c / 2, words[result], round(0.4 * c), theme.text, "start")
        yield Mark(x + index * (width + c // 2), y, width, c, result_mark(result, c, theme) + (caption,),
                   ("legend", result))
