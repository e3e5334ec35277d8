"""Fast dumping of a schema: a function generated once from the schema's fields that gives
what `schema.dump(obj)` gives, for the field types the read path uses.

marshmallow's own dump walks every field of every nested object through its generic
machinery, several times slower than the JSON encoding that follows it, and a road
snapshot has hundreds of nested objects. `compile_dump(schema)` reads the schema's public
description once (`dump_fields`, each field's `data_key` and `attribute`, a Nested
field's `schema`, a List's `inner`) and generates, for each schema, one Python function
that writes what a hand-written one would: a list of cells becomes
`[{"col": x0.col, "row": x0.row} for x0 in cells]`.

Values of plain fields (integers, strings, booleans) are written as the objects hold
them (a `Derived` string through its function: the Chinese `name` of a good road from its English one), a Dict's as a copy, None as None; tests/api/test_roads_json.py holds the result
equal to the schema's own dump on many real shoes. A field type outside those raises at
build time, so no schema can silently be dumped differently. Objects are read by
attribute, dicts by key, a dotted `attribute` ("grids.big_road") through both; a field
whose attribute the object lacks (a grid's `cell_entries` before cropping) is left out,
as marshmallow does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

import marshmallow as ma
from marshmallow import fields

PLAIN = (fields.Integer, fields.String, fields.Boolean, fields.Float)
MISSING = object()
Dump = Callable[[Any], Any]


class Derived(fields.String):
    """A string written as `derive(value)` of the value the object holds at `source` (`Derived(api_name,
    source="name_en")`: a good road's Chinese name from its English name, the message id). Not `attribute`:
    marshmallow refuses two fields of one attribute."""

    def __init__(self, derive: Callable[[str], str], source: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.derive, self.source = derive, source

    def serialize(self, attr: str, obj: Any, accessor: Any = None, **kwargs: Any) -> Any:
        return super().serialize(self.source, obj, accessor, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else self.derive(value)


def _path(name: str, field: fields.Field) -> str:
    """Where a field's value is read from."""
    return field.source if isinstance(field, Derived) else (field.attribute or name)


def _plain(field: fields.Field) -> bool:
    return isinstance(field, PLAIN) and not isinstance(field, Derived)


def compile_dump(schema: ma.Schema) -> Dump:
    """A function from an object (or dict) to what `schema.dump` gives for it.

    The generated function reads each field (MISSING where the object lacks it), then
    writes the fields it found; lists of objects with plain fields are written inline, as
    dict displays. An item of such a list that is not an object with those attributes
    sends the whole object to the careful field-by-field dump.
    """
    fields_ = [(field.data_key or name, _path(name, field), field) for name, field in schema.dump_fields.items()]
    dumps = [value_dump(field) for _, _, field in fields_]
    namespace: dict[str, Any] = {
        "walk": walk, "MISSING": MISSING,
        "careful": _careful_dump([(key, path, dump) for (key, path, _), dump in zip(fields_, dumps)]),
        **{f"dump_{index}": dump for index, dump in enumerate(dumps)},
    }
    lines = ["def dump(o):", "    try:", "        if type(o) is dict:"]
    lines += [f"            a{index} = {_read(path, True)}" for index, (_, path, _) in enumerate(fields_)]
    lines += ["        else:"]
    lines += [f"            a{index} = {_read(path, False)}" for index, (_, path, _) in enumerate(fields_)]
    lines += ["        found = {}"]
    for index, (key, _, field) in enumerate(fields_):
        value = _inline(field, f"a{index}") or f"(None if a{index} is None else dump_{index}(a{index}))"
        lines += [f"        if a{index} is not MISSING:", f"            found[{key!r}] = {value}"]
    lines += ["        return found", "    except (AttributeError, KeyError, TypeError):", "        return careful(o)", ""]
    exec(compile("\n".join(lines), f"<dump {type(schema).__name__}>", "exec"), namespace)
    return namespace["dump"]


def _inline(field: fields.Field, name: str, depth: int = 0) -> str | None:
    """Python source for the dumped value of `field` held in the variable `name`, or None
    where it takes a function (a nested schema with nested fields)."""
    if _plain(field):
        return name
    if isinstance(field, Derived):
        return None
    if isinstance(field, fields.Dict):
        value = f"dict({name})"
    elif isinstance(field, fields.List):
        item = f"x{depth}"
        inner = _inline(field.inner, item, depth + 1)
        if inner is None:
            return None
        value = f"list({name})" if inner == item else f"[{inner} for {item} in {name}]"
    elif isinstance(field, fields.Nested) and _plain_fields(field.schema):
        value = "{" + ", ".join(f"{(field_.data_key or key)!r}: {name}.{field_.attribute or key}"
                                for key, field_ in field.schema.dump_fields.items()) + "}"
    else:
        return None
    return f"(None if {name} is None else {value})"


def _plain_fields(schema: ma.Schema) -> bool:
    """Every field plain and read from a plain attribute (written inline as `o.name`)."""
    return all(_plain(field) and (field.attribute or name).isidentifier()
               for name, field in schema.dump_fields.items())


def value_dump(field: fields.Field) -> Dump | None:
    """How to dump one field's (non-None) value; None where it is written as it is."""
    if isinstance(field, Derived):
        return field.derive
    if isinstance(field, PLAIN):
        return None
    if isinstance(field, fields.Dict):
        return dict
    if isinstance(field, fields.Nested):
        return compile_dump(field.schema)
    if isinstance(field, fields.List):
        inner = value_dump(field.inner)
        return list if inner is None else _list_dump(inner)
    raise TypeError(f"compile_dump has no rule for {type(field).__name__} fields")


def walk(obj: Any, path: str) -> Any:
    """The value at a dotted path, by key through mappings and by attribute elsewhere;
    MISSING where a step is missing."""
    for step in path.split("."):
        obj = obj.get(step, MISSING) if isinstance(obj, Mapping) else getattr(obj, step, MISSING)
        if obj is MISSING:
            break
    return obj


def _read(path: str, by_key: bool) -> str:
    """Source reading a field's value from `o`, MISSING where it lacks it."""
    if "." in path or not path.isidentifier():
        return f"walk(o, {path!r})"
    return f"o.get({path!r}, MISSING)" if by_key else f"getattr(o, {path!r}, MISSING)"


def _list_dump(inner: Dump) -> Dump:
    return lambda values: [None if value is None else inner(value) for value in values]


def _careful_dump(parts: list[tuple[str, str, Dump | None]]) -> Dump:
    """Field by field through the nested dumps (the generated function's fallback)."""

    def dump(obj: Any) -> dict[str, Any]:
        found = {}
        for key, path, value_of in parts:
            value = walk(obj, path)
            if value is not MISSING:
                found[key] = value if value_of is None or value is None else value_of(value)
        return found

    return dump
