"""The base of every response dataclass and the decoder that builds them from JSON.

Decoding is tolerant: a field the server added later stays in ``.raw`` (and ``obj["key"]``), a field it left out
is None, and a value of an unexpected shape is kept as it came.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Any, Dict, Optional, Type, TypeVar, Union

T = TypeVar("T")

_hints: Dict[type, Dict[str, Any]] = {}


class Model:
    """A response object: typed attributes, plus the JSON it came from in ``raw``."""

    raw: Dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        """The raw JSON value under ``key`` (the wire name, e.g. ``obj["createdAt"]``)."""
        return self.raw[key]

    def __contains__(self, key: object) -> bool:
        return key in self.raw


def decode(tp: Any, value: Any) -> Any:
    """``value`` (parsed JSON) as type ``tp``: dataclasses built, lists and dicts walked, anything else as is."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin is Union:
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return decode(options[0], value) if len(options) == 1 else value
    if origin is list:
        (item,) = typing.get_args(tp) or (Any,)
        return [decode(item, v) for v in value] if isinstance(value, list) else value
    if origin is dict:
        args = typing.get_args(tp)
        item = args[1] if len(args) == 2 else Any
        return {k: decode(item, v) for k, v in value.items()} if isinstance(value, dict) else value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and isinstance(value, dict):
        return from_json(tp, value)
    return value


def from_json(cls: Type[T], data: Dict[str, Any]) -> T:
    """An instance of the dataclass ``cls`` from a JSON object."""
    hints = _hints.get(cls)
    if hints is None:
        hints = _hints[cls] = typing.get_type_hints(cls)
    values = {f.name: decode(hints[f.name], data.get(json_name(f))) for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    obj = cls(**values)
    obj.raw = data  # type: ignore[attr-defined]
    return obj


def json_name(f: "dataclasses.Field[Any]") -> str:
    """The wire name of a dataclass field (its metadata names it when it differs from the attribute)."""
    return str(f.metadata.get("json", f.name))


def field_by_json(obj: Any, key: str) -> Optional[Any]:
    """The attribute of a decoded object whose wire name is ``key``."""
    for f in dataclasses.fields(obj):
        if json_name(f) == key:
            return getattr(obj, f.name)
    return None
