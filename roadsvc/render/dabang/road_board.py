"""The match road as a board: both teams' levels deal by deal, and under them what each deal was.

    打棒 路单                                     ● A队 1·3  5级    ● B队 2·4  4级
    胜 |
    10 |
    .. |        A's line (red) and B's line (blue), a dot per deal
    3  | ●━━●
    打家 | start  ①  ③  ②  ...   (the 打家's seat on its team's colour)
    主   |        ♠  ♥  ♥
    得分 |        85 130 40       (120 or more in the scorers' colour)
    底   |        保 抠 干
    血   |        3     8
    legend

Built from the road JSON (`roadsvc.domain.dabang.road.match_road`), which holds no card of any hand.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from roadsvc.render.board import Board, Grid, Mark, gap
from roadsvc.render.fonts import DABANG_FONT_FILE
from roadsvc.render.dabang.labels import REASONS, SUIT_GLYPHS, caption
from roadsvc.render.dabang.params import RoadParams
from roadsvc.render.shapes import Circle, Label, Segment
from roadsvc.render.themes import THEMES, Theme

FIRST_LEVEL, LAST_LEVEL = 3, 10
LEVEL_ROWS = LAST_LEVEL - FIRST_LEVEL + 2  # 3..10 and a top row for a level past 10 (the win)
TABLE_ROWS = ("holder", "trump", "points", "bottom", "blood")
MIN_COLUMNS = 16
OFFSET = {"A": -0.12, "B": 0.12}  # equal levels: the two lines run side by side, not on top of each other


def road_board(road: Mapping, params: RoadParams) -> Board:
    theme, c, lang = THEMES[params.theme], params.cell, params.language
    g = gap(c)
    deals = list(road["deals"])
    columns = max(MIN_COLUMNS, len(deals) + 1)
    label_width = (3 if lang == "en" else 2) * c
    header = round(1.5 * c) + (round(0.9 * c) if road.get("winner") else 0)
    chart = Grid("levels", g + label_width, g + header, columns, LEVEL_ROWS, c)
    table = Grid("deals", chart.x, chart.y + LEVEL_ROWS * c + g, columns, len(TABLE_ROWS), c)
    width = chart.x + columns * c + g
    height = table.y + len(TABLE_ROWS) * c + g + c + g
    marks = [*_header(road, params, theme, g, width), *_level_axis(chart, lang, theme, g),
             *_lines(deals, chart, theme), *_table_labels(table, lang, theme, g),
             *_table_cells(deals, table, lang, theme), _legend(lang, theme, g, table.y + len(TABLE_ROWS) * c, width, c)]
    return Board(width, height, theme, caption(lang, "title"), (chart, table), tuple(marks), DABANG_FONT_FILE)


def _team_colour(theme: Theme, team: str):
    return theme.banker if team == "A" else theme.player


def _text(x, y, w, h, text, size, colour, classes, anchor="middle", data=()) -> Mark:
    tx = {"start": 0, "middle": w / 2, "end": w}[anchor]
    return Mark(x, y, w, h, (Label(tx, h / 2, text, size, colour, anchor),), classes, data)


def _header(road: Mapping, params: RoadParams, theme: Theme, g: int, width: int) -> Iterator[Mark]:
    c, lang = params.cell, params.language
    h = round(1.5 * c)
    yield _text(g, g, 5 * c, h, caption(lang, "title"), round(0.62 * c), theme.text, ("title",), "start")
    pill = round((5.6 if lang == "en" else 4.6) * c)
    for index, (team, seats) in enumerate((("A", "1·3"), ("B", "2·4"))):
        level = road["levels"][team]
        text = f"{caption(lang, 'team_' + team)} {seats}"
        r = 0.22 * c
        shapes = (Circle(r + 2, h / 2, r, fill=_team_colour(theme, team)),
                  Label(2 * r + 0.3 * c, h / 2, text, round(0.42 * c), theme.text, "start"),
                  Label(pill - 2, h / 2, caption(lang, "level").format(level), round(0.6 * c),
                        _team_colour(theme, team), "end"))
        x = width - g - (2 - index) * pill - (1 - index) * round(0.4 * c)
        yield Mark(x, g, pill, h, shapes, ("team", f"team-{team}"), (("team", team), ("level", str(level))))
    if road.get("winner"):
        yield _winner(road, lang, theme, g, g + h, width - 2 * g, c)


def _winner(road: Mapping, lang: str, theme: Theme, x: int, y: int, w: int, c: int) -> Mark:
    winner, reason = road["winner"], road.get("reason") or ""
    text = f"{caption(lang, 'team_' + winner)} {caption(lang, 'wins')} · {REASONS[lang].get(reason, reason)}"
    colour = _team_colour(theme, winner)
    h = round(0.75 * c)
    shapes = (Segment(h / 2, h / 2, w - h / 2, h / 2, colour, h),
              Label(w / 2, h / 2, text, round(0.42 * c), theme.bead_text))
    return Mark(x, y, w, h, shapes, ("winner",), (("team", winner), ("reason", reason)))


def _row_of(level: int) -> int:
    return 0 if level > LAST_LEVEL else LAST_LEVEL - level + 1


def _level_axis(chart: Grid, lang: str, theme: Theme, g: int) -> Iterator[Mark]:
    c = chart.cell
    for row in range(LEVEL_ROWS):
        text = caption(lang, "win_row") if row == 0 else str(LAST_LEVEL - row + 1)
        yield _text(g, chart.y + row * c, chart.x - g - round(0.2 * c), c, text, round(0.42 * c), theme.muted,
                    ("axis",), "end")


def _points(deals: list, team: str) -> list[int]:
    start = [FIRST_LEVEL] + [deal["levels_after"][team] for deal in deals]
    return start


def _lines(deals: list, chart: Grid, theme: Theme) -> Iterator[Mark]:
    c = chart.cell
    height = LEVEL_ROWS * c
    for team in ("B", "A"):  # A drawn last, on top
        colour, levels = _team_colour(theme, team), _points(deals, team)
        ys = [(_row_of(level) + 0.5 + OFFSET[team]) * c for level in levels]
        for col in range(1, len(levels)):
            seg = Segment(c / 2, ys[col - 1], c / 2 + c, ys[col], colour, max(2.0, c / 11))
            yield Mark(chart.x + (col - 1) * c, chart.y, 2 * c, height, (seg,), ("line", f"team-{team}"))
        for col, (level, y) in enumerate(zip(levels, ys)):
            dot = (Circle(c / 2, c / 2, 0.19 * c, fill=colour, stroke=theme.panel, width=max(1.0, c / 20)),)
            yield Mark(chart.x + col * c, round(chart.y + y - c / 2), c, c, dot, ("level", f"team-{team}"),
                       (("team", team), ("deal", str(col)), ("level", str(level))))


def _table_labels(table: Grid, lang: str, theme: Theme, g: int) -> Iterator[Mark]:
    c = table.cell
    for row, key in enumerate(TABLE_ROWS):
        yield _text(g, table.y + row * c, table.x - g - round(0.2 * c), c, caption(lang, key), round(0.4 * c),
                    theme.muted, ("row-label",), "end")
    yield _text(table.x, table.y, c, c, caption(lang, "start"), round(0.3 * c), theme.muted, ("start",))


def _table_cells(deals: list, table: Grid, lang: str, theme: Theme) -> Iterator[Mark]:
    c = table.cell
    for col, deal in enumerate(deals, start=1):
        x = table.x + col * c
        data = (("deal", str(deal["number"])),)
        for row, shapes in enumerate(_deal_shapes(deal, c, lang, theme)):
            if shapes:
                yield Mark(x, table.y + row * c, c, c, shapes, ("deal", TABLE_ROWS[row]), data)


def _deal_shapes(deal: Mapping, c: int, lang: str, theme: Theme) -> list[tuple]:
    mid, size = c / 2, round(0.42 * c)
    if deal["redeal"]:
        return [(Label(mid, mid, caption(lang, "redeal"), size, theme.muted),), (), (), (), ()]
    holder = deal["holder"]
    scorers = "B" if holder == "A" else "A"
    seat = (Circle(mid, mid, 0.36 * c, fill=_team_colour(theme, holder)),
            Label(mid, mid, str(deal["dealer_seat"]), size, theme.bead_text))
    suit = deal["trump"]
    trump = (Label(mid, mid, SUIT_GLYPHS[suit], round(0.55 * c), theme.banker if suit in "HD" else theme.text),)
    enough = deal["points"] >= 120
    points = (Label(mid, mid, str(deal["points"]), round(0.36 * c) if deal["points"] >= 100 else size,
                    _team_colour(theme, scorers) if enough else theme.text),)
    if deal["dry_pot"]:
        bottom = (Label(mid, mid, caption(lang, "dry_pot"), size, theme.muted),)
    else:
        key, team = ("kou_di", scorers) if deal["kou_di"] else ("bao_di", holder)
        bottom = (Label(mid, mid, caption(lang, key), size, _team_colour(theme, team)),)
    blood = (Label(mid, mid, str(deal["blood"]), size, theme.muted),) if deal["blood"] else ()
    return [seat, trump, points, bottom, blood]


def _legend(lang: str, theme: Theme, g: int, y: int, width: int, c: int) -> Mark:
    return _text(g, y + g, width - 2 * g, c, caption(lang, "legend"), max(11, round(0.36 * c)), theme.muted,
                 ("legend",), "start")
