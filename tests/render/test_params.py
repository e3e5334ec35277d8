"""Parameter refusals: each out-of-range or unknown value names its parameter."""

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.render import content_type, render
from roadsvc.render.params import CELL_MAX, CELL_MIN, COLUMNS_MAX, RenderParams, params_from


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"cell": CELL_MIN - 1}, "cell"),
        ({"cell": CELL_MAX + 1}, "cell"),
        ({"cell": "big"}, "cell"),
        ({"cell": True}, "cell"),
        ({"cell": 24.5}, "cell"),
        ({"columns": 0}, "columns"),
        ({"columns": COLUMNS_MAX + 1}, "columns"),
        ({"columns": "-3"}, "columns"),
        ({"theme": "neon"}, "theme"),
        ({"language": "fr"}, "language"),
        ({"language": "zh-hans"}, "language"),
        ({"size": 20}, "size"),
    ],
)
def test_out_of_range_or_unknown_parameters_are_refused_naming_the_parameter(showcase, raw, field):
    with pytest.raises(DomainError) as refused:
        render(showcase, "big_road", "png", raw)
    assert refused.value.code == "invalid_parameter"
    assert refused.value.field == field
    assert field in refused.value.message


@pytest.mark.parametrize(("road", "fmt", "field"), [("dragon_road", "png", "road"), ("big_road", "gif", "format")])
def test_unknown_road_or_format_is_refused(showcase, road, fmt, field):
    with pytest.raises(DomainError) as refused:
        render(showcase, road, fmt)
    assert (refused.value.code, refused.value.field) == ("invalid_parameter", field)


def test_range_limits_are_accepted_and_query_strings_are_read_as_numbers():
    assert RenderParams(cell=str(CELL_MIN), columns=str(COLUMNS_MAX)) == RenderParams(cell=CELL_MIN, columns=COLUMNS_MAX)
    assert params_from(None) == RenderParams()
    assert params_from({"theme": "dark"}).theme == "dark"


def test_parameter_keys_differ_when_any_parameter_differs():
    keys = {RenderParams().key(), RenderParams(cell=32).key(), RenderParams(theme="dark").key(),
            RenderParams(language="en").key(), RenderParams(columns=10).key()}
    assert len(keys) == 5


def test_content_types():
    assert content_type("png") == "image/png"
    assert content_type("svg") == "image/svg+xml"


def test_a_scoreboard_needs_a_few_columns(showcase):
    with pytest.raises(DomainError) as refused:
        render(showcase, "scoreboard", "png", {"columns": 3})
    assert refused.value.field == "columns"
    assert render(showcase, "big_road", "png", {"columns": 1}).startswith(b"\x89PNG")
