"""``validate_input``: an action's input checked locally against its props, the way the service checks it
(src/integrations/validate.ts and file-input.ts), without a network call.

Problems come in the order the service checks the props, each ``{"field": "input.<name>", "message": ...}`` as in
the service's VALIDATION_ERROR details, so ``problems[0]`` is what the service would answer. What only the server
knows is not applied: partials, workspace-integration defaults, props resolved at run time (dropdowns with dynamic
options, DYNAMIC props) and each action's own checks. Dates are checked leniently (the service's JavaScript date
parser accepts many forms); text without any digit is not a date.
"""
from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from typing import Any, Dict, List, Mapping, Optional, TypedDict

_TEXT = ("SHORT_TEXT", "LONG_TEXT", "MARKDOWN", "SECRET_TEXT")
# What JavaScript's String.prototype.trim removes.
_JS_SPACE = " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_FILE_FORMS = "must be an http(s) URL, a data: URL, base64 data or {filename, base64}"
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}")
_FILE_URL = re.compile(r"https?://[^\s/]", re.IGNORECASE)
_DATA_URL = re.compile(r"data:([^,;]*)((?:;[^,;=]+=[^,;]*)*)(;base64)?,(.*)", re.IGNORECASE | re.DOTALL)
_JS_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_JS_RADIX = re.compile(r"0([xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")
_ISO_DATE = re.compile(r"(?:\d{4}|[+-]\d{6})(?:-(\d\d)(?:-(\d\d))?)?(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?)?(?:Z|[+-]\d\d:\d\d)?")


class InputProblem(TypedDict):
    """One bad field: ``field`` as the service names it (``input.text``, ``input.items[0].name``) and the problem."""

    field: str
    message: str


class UnknownActionError(LookupError):
    """The integration or action is not in this SDK's catalog (regenerate it: npm run sdk:generate -- --from URL)."""


def validate_input(integration: str, action: str, input: Mapping[str, Any]) -> List[InputProblem]:
    """Every problem of ``input`` for ``integration``'s ``action``, in the service's order; [] when it passes."""
    from ._generated.catalog import ACTION_PROPS  # a large module: loaded on first use

    props = ACTION_PROPS.get((integration, action))
    if props is None:
        known = any(i == integration for i, _ in ACTION_PROPS)
        what = f"action {action!r} of {integration!r}" if known else f"integration {integration!r}"
        raise UnknownActionError(
            f"Unknown {what} in this SDK's catalog; pieces added at run time need a regenerated catalog "
            "(npm run sdk:generate -- --from URL)."
        )
    problems: List[InputProblem] = []
    _check(props, input, "input.", problems)
    return problems


def _check(props: Dict[str, Dict[str, Any]], values: Mapping[str, Any], prefix: str, out: List[InputProblem]) -> None:
    for name, prop in props.items():
        field = prefix + name
        present = name in values
        value = values.get(name)
        if not present and "default" in prop:
            present, value = True, prop["default"]
        if value is None or (isinstance(value, str) and value.strip(_JS_SPACE) == ""):
            # Blank: refused when required (a checkbox never is), otherwise left out.
            if prop.get("required") and prop["type"] != "CHECKBOX":
                out.append({"field": field, "message": "is required"})
            continue
        if prop["type"] == "ARRAY" and isinstance(value, list) and "items" in prop:
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    _check(prop["items"], item, f"{field}[{i}].", out)
                else:
                    out.append({"field": f"{field}[{i}]", "message": "must be an object"})
            continue
        problem = _problem(prop, value)
        if problem:
            out.append({"field": field, "message": problem})


def _problem(prop: Dict[str, Any], value: Any) -> Optional[str]:
    """What is wrong with a non-blank value of a prop, or None."""
    kind = prop["type"]
    if kind in _TEXT:
        return None if isinstance(value, (str, int, float)) else "must be a string"
    if kind == "NUMBER":
        n = _number(value)
        if n is None:
            return "must be a number"
        if prop.get("integer") and not float(n).is_integer():
            return "must be an integer"
        if prop.get("min") is not None and n < prop["min"]:
            return f"must be at least {_js_number(prop['min'])}"
        if prop.get("max") is not None and n > prop["max"]:
            return f"must be at most {_js_number(prop['max'])}"
        return None
    if kind == "CHECKBOX":
        return None if isinstance(value, bool) or value in ("true", "false") else "must be a boolean"
    if kind == "DATE_TIME":
        return None if _is_date(value) else "must be a date"
    if kind == "STATIC_DROPDOWN":
        options = prop.get("options", [])
        if not any(_same(o, value) for o in options):
            return "must be one of " + ", ".join(_js_json(o) for o in options)
        return None
    if kind == "STATIC_MULTI_SELECT_DROPDOWN":
        if not isinstance(value, list):
            return "must be an array"
        for v in value:
            if not any(_same(o, v) for o in prop.get("options", [])):
                return f"has an unknown value {_js_json(v)}"
        return None
    if kind == "ARRAY":
        return None if isinstance(value, list) else "must be an array"
    if kind == "OBJECT":
        return None if isinstance(value, dict) else "must be an object"
    if kind == "FILE":
        return _file_problem(value)
    return None  # JSON, DROPDOWN, DYNAMIC, ...: checked by the action itself


def _number(value: Any) -> Optional[float]:
    """JavaScript's reading of a number (a numeric string included), or None when it is not a finite one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip(_JS_SPACE)
        if _JS_DECIMAL.fullmatch(text):
            value = float(text)
        elif _JS_RADIX.fullmatch(text):
            value = int(text, 0)
        else:
            return None
    if not isinstance(value, (int, float)):
        return None
    try:
        return value if math.isfinite(float(value)) else None
    except OverflowError:
        return None


def _js_number(n: Any) -> str:
    """A number as JavaScript prints it (1, 0.5, 1e-7, 1e+21)."""
    if isinstance(n, bool) or not isinstance(n, (int, float)):
        return str(n)
    if isinstance(n, int) and abs(n) < 10**21:
        return str(n)
    x = float(n)
    if not math.isfinite(x):
        return "null"
    if x.is_integer() and abs(x) < 1e21:
        return str(int(x))
    if 1e-7 <= abs(x) < 1e21:
        return format(Decimal(repr(x)), "f")
    mantissa, exp = repr(x).split("e")
    return f"{mantissa}e{'-' if exp.startswith('-') else '+'}{int(exp.lstrip('+-'))}"


def _js_json(value: Any) -> str:
    """JSON.stringify's text of a value (compact, numbers as JavaScript prints them)."""
    if value is None or value is True or value is False:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return _js_number(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(_js_json(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k), ensure_ascii=False)}:{_js_json(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value))


def _same(a: Any, b: Any) -> bool:
    """The service's sameValue: equal, or the same JSON text (1 and True are not the same)."""
    return _js_json(a) == _js_json(b)


def _is_date(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return math.isfinite(float(value)) and abs(value) <= 8.64e15
    if not isinstance(value, str):
        return False
    text = value.strip(_JS_SPACE)
    m = _ISO_DATE.fullmatch(text)
    if m:
        month, day, hour, minute, second = (int(g) if g else None for g in m.groups())
        return (
            (month is None or 1 <= month <= 12)
            and (day is None or 1 <= day <= 31)
            and (hour is None or hour <= 24)
            and (minute is None or minute < 60)
            and (second is None or second < 60)
        )
    return any(c.isdigit() for c in text)


def _is_base64(text: str) -> bool:
    compact = re.sub(r"\r?\n", "", text)
    return len(compact) > 0 and len(compact) % 4 != 1 and _BASE64.fullmatch(compact) is not None


def _data_url_ok(text: str) -> bool:
    m = _DATA_URL.fullmatch(text)
    if not m:
        return False
    body = m.group(4)
    if m.group(3):
        return body == "" or _is_base64(body)
    return _decode_uri_component(body)


def _decode_uri_component(text: str) -> bool:
    """Whether JavaScript's decodeURIComponent accepts the text (every % escape well-formed UTF-8)."""
    pos = 0
    while pos < len(text):
        if text[pos] != "%":
            pos += 1
            continue
        run = re.match(r"(?:%[0-9A-Fa-f]{2})+", text[pos:])
        if not run:
            return False
        try:
            bytes.fromhex(run.group(0).replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:
            return False
        pos += len(run.group(0))
    return True


def _file_problem(value: Any) -> Optional[str]:
    if isinstance(value, str):
        if _FILE_URL.match(value) or _is_base64(value):
            return None
        if value[:5].lower() == "data:":
            return None if _data_url_ok(value) else "is not a well-formed data: URL"
        return _FILE_FORMS
    if isinstance(value, dict):
        b64 = next((value[k] for k in ("base64", "data", "content") if value.get(k) is not None), None)
        if isinstance(b64, str) and _is_base64(b64):
            return None
    return _FILE_FORMS
