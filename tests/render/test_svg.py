"""The SVG: well-formed XML carrying exactly the layout's marks, text as real <text>."""

import re
import xml.etree.ElementTree as ET

import pytest

from roadsvc.render import render
from roadsvc.render.fonts import FONT_FAMILY
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import ROADS, RenderParams
from roadsvc.render.shapes import Label
from roadsvc.render.svg import label_svg
from roadsvc.render.themes import THEMES

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(snapshot, road, **params) -> ET.Element:
    return ET.fromstring(render(snapshot, road, "svg", RenderParams(**params)))


def groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iterfind("svg:g", NS) if not g.get("class", "").startswith("grid")]


def described(g: ET.Element) -> tuple:
    x, y = re.fullmatch(r"translate\((-?\d+) (-?\d+)\)", g.get("transform")).groups()
    data = tuple((k[len("data-"):], v) for k, v in g.attrib.items() if k.startswith("data-"))
    return tuple(g.get("class").split()), data, int(x), int(y)


@pytest.mark.parametrize("road", ROADS)
@pytest.mark.parametrize("language", ["zh-Hans", "en"])
def test_the_svg_parses_and_carries_the_same_marks_as_the_layout(dealt_shoe, road, language):
    params = RenderParams(language=language, theme="dark")
    root = parse(dealt_shoe, road, language=language, theme="dark")
    board = layout(dealt_shoe, road, params)
    assert (root.get("width"), root.get("height")) == (str(board.width), str(board.height))
    assert [described(g) for g in groups(root)] == [(m.classes, m.data, m.x, m.y) for m in board.marks]


def test_bead_labels_are_text_in_the_named_cjk_font(showcase):
    root = parse(showcase, "bead_plate", language="zh-Hant")
    assert FONT_FAMILY in root.get("font-family")
    assert "@font-face" in root.find("svg:defs/svg:style", NS).text
    beads = groups(root)
    labels = [g.find("svg:text", NS).text for g in beads]
    results = [g.get("class").split()[2] for g in beads]
    assert labels == [{"banker": "莊", "player": "閒", "tie": "和"}[r] for r in results]


def test_big_road_ties_and_pairs_in_the_svg(showcase):
    root = parse(showcase, "big_road")
    by_hand = {g.get("data-hand"): g for g in groups(root) if g.get("data-hand")}
    three_ties = by_hand["13"]
    assert three_ties.find("svg:line", NS).get("stroke") == "#%02x%02x%02x" % THEMES["light"].tie
    assert three_ties.find("svg:text", NS).text == "3"
    pairs = by_hand["17"].findall("svg:circle", NS)
    assert len(pairs) == 3  # the ring, the banker pair dot, the player pair dot


def test_text_is_escaped():
    fragment = label_svg(Label(1, 2, "<B&P>", 12, (0, 0, 0)))
    assert ET.fromstring(fragment).text == "<B&P>"


def test_svg_is_deterministic(dealt_shoe):
    assert render(dealt_shoe, "scoreboard", "svg") == render(dealt_shoe, "scoreboard", "svg")


def test_the_svg_embeds_the_vendored_font_subset(showcase):
    import base64

    from roadsvc.render.fonts import font_path

    style = parse(showcase, "bead_plate").find("svg:defs/svg:style", NS).text
    encoded = re.search(r"base64,([A-Za-z0-9+/=]+)\)", style).group(1)
    assert base64.b64decode(encoded) == font_path().read_bytes()
