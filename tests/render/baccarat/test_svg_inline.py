"""Inline SVG for the pit boss's pages: the same drawing as the SVG image, without the XML
prologue and the embedded font (the page declares it once), and optionally without the marks'
data-* attributes."""

import xml.etree.ElementTree as ET

import pytest

from conftest import SHOWCASE, shoe_snapshot, snapshot_of
from roadsvc.render import render, render_inline
from roadsvc.render.params import RenderParams

NS = {"svg": "http://www.w3.org/2000/svg"}


def groups(root: ET.Element) -> list[bytes]:
    """Each drawn group as XML text (the image puts a line break between them)."""
    found = []
    for g in root.iterfind("svg:g", NS):
        g.tail = None
        found.append(ET.tostring(g))
    return found


@pytest.mark.parametrize("road", ["big_road", "scoreboard"])
def test_the_inline_svg_draws_what_the_image_draws(road):
    snapshot = shoe_snapshot(3)
    params = RenderParams(cell=20, columns=14)
    image = ET.fromstring(render(snapshot, road, "svg", params))
    inline_text = render_inline(snapshot, road, params)
    inline = ET.fromstring(inline_text)
    assert not inline_text.startswith("<?xml") and "@font-face" not in inline_text
    assert inline.get("role") == "img" and inline.get("aria-label") == image.find("svg:title", NS).text
    assert groups(inline) == groups(image)


def test_without_mark_data_the_marks_keep_their_classes_and_shapes_only():
    snapshot = snapshot_of(SHOWCASE)
    full = ET.fromstring(render_inline(snapshot, "big_road"))
    lean = ET.fromstring(render_inline(snapshot, "big_road", mark_data=False))
    full_marks = [g for g in full.iterfind("svg:g", NS) if "mark" in g.get("class")]
    lean_marks = [g for g in lean.iterfind("svg:g", NS) if "mark" in g.get("class")]
    assert len(full_marks) == len(lean_marks) > 0
    assert any(k.startswith("data-") for g in full_marks for k in g.attrib)
    assert not any(k.startswith("data-") for g in lean_marks for k in g.attrib)
    for a, b in zip(full_marks, lean_marks):
        assert (a.get("class"), a.get("transform"), [ET.tostring(c) for c in a]) == \
               (b.get("class"), b.get("transform"), [ET.tostring(c) for c in b])
