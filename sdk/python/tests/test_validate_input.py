"""validate_input reports what the service would: its first problem equals the service's details[0]."""
from __future__ import annotations

import unittest
from typing import Any, Dict

from switchboard import UnknownActionError, ValidationError, validate_input
from switchboard._generated.catalog import ACTION_INPUTS, HashEncodeHashInput

from .support import needs_service, tenant, workspace

#: (integration, action, input) that the service refuses.
BAD = [
    ("hash-encode", "hash", {}),
    ("hash-encode", "hash", {"text": "   "}),
    ("hash-encode", "hash", {"text": "x", "algorithm": "md4"}),
    ("hash-encode", "hash", {"text": None, "algorithm": "md4", "encoding": "hex"}),
    ("hash-encode", "hash", {"text": ["a"]}),
    ("hash-encode", "generate_uuid", {"count": 0}),
    ("hash-encode", "generate_uuid", {"count": 1.5}),
    ("hash-encode", "generate_uuid", {"count": "500"}),
    ("hash-encode", "generate_uuid", {"count": "ten"}),
    ("hash-encode", "generate_uuid", {"count": True}),
    ("http", "send_request", {"url": "http://127.0.0.1:9/x", "timeout": 0.5}),
    ("http", "send_request", {"url": "http://127.0.0.1:9/x", "headers": "no"}),
    ("http", "send_request", {"url": "http://127.0.0.1:9/x", "response_is_binary": "yes"}),
    ("http", "send_request", {"method": "FETCH"}),
    ("datetime", "is_business_hours", {"workDays": "mon"}),
    ("datetime", "is_business_hours", {"startHour": -1, "endHour": 30}),
]


@needs_service
class ValidateInputAgainstServiceTest(unittest.TestCase):
    def test_first_problem_is_the_services(self) -> None:
        client, _ = tenant()
        ws = workspace(client)
        for integration, action, value in BAD:
            with self.subTest(integration=integration, action=action, input=value):
                local = validate_input(integration, action, value)
                self.assertTrue(local, "refused locally")
                with self.assertRaises(ValidationError) as caught:
                    client.actions.execute(workspace_id=ws, integration_name=integration, action_name=action, input=value)
                self.assertEqual(local[0], caught.exception.details[0])
                self.assertEqual(caught.exception.message, f"{local[0]['field']} {local[0]['message']}")

    def test_good_input_passes_both(self) -> None:
        client, _ = tenant()
        ws = workspace(client)
        good: HashEncodeHashInput = {"text": "hello", "algorithm": "md5"}
        self.assertEqual(validate_input("hash-encode", "hash", good), [])
        self.assertTrue(client.actions.execute(workspace_id=ws, integration_name="hash-encode", action_name="hash", input=dict(good)).success)


class ValidateInputLocalTest(unittest.TestCase):
    def test_all_problems_in_order(self) -> None:
        problems = validate_input("hash-encode", "hash", {"algorithm": "md4", "encoding": 5})
        self.assertEqual(
            problems,
            [
                {"field": "input.text", "message": "is required"},
                {"field": "input.algorithm", "message": 'must be one of "sha256", "sha1", "sha512", "md5"'},
                {"field": "input.encoding", "message": 'must be one of "hex", "base64"'},
            ],
        )

    def test_unknown_integration_or_action(self) -> None:
        with self.assertRaisesRegex(UnknownActionError, "integration 'nope'"):
            validate_input("nope", "hash", {})
        with self.assertRaisesRegex(UnknownActionError, "action 'nope' of 'hash-encode'"):
            validate_input("hash-encode", "nope", {})

    def test_prop_types(self) -> None:
        def first(props: Dict[str, Any], value: Dict[str, Any]) -> Any:
            from switchboard.validation import _check

            out: list = []
            _check(props, value, "input.", out)
            return out[0]["message"] if out else None

        file = {"f": {"type": "FILE", "required": True}}
        self.assertIsNone(first(file, {"f": "https://example.com/a.pdf"}))
        self.assertIsNone(first(file, {"f": "aGVsbG8="}))
        self.assertIsNone(first(file, {"f": "data:text/plain,hello%20there"}))
        self.assertIsNone(first(file, {"f": {"filename": "a.txt", "base64": "aGVsbG8="}}))
        self.assertEqual(first(file, {"f": "data:text/plain,%E0%A4%A"}), "is not a well-formed data: URL")
        self.assertEqual(first(file, {"f": "not base64!"}), "must be an http(s) URL, a data: URL, base64 data or {filename, base64}")
        self.assertEqual(first(file, {"f": {"filename": "a"}}), "must be an http(s) URL, a data: URL, base64 data or {filename, base64}")
        items = {"rows": {"type": "ARRAY", "items": {"name": {"type": "SHORT_TEXT", "required": True}}}}
        out: list = []
        from switchboard.validation import _check

        _check(items, {"rows": [{"name": "a"}, 3, {}]}, "input.", out)
        self.assertEqual(
            out,
            [
                {"field": "input.rows[1]", "message": "must be an object"},
                {"field": "input.rows[2].name", "message": "is required"},
            ],
        )
        number = {"n": {"type": "NUMBER", "min": 0.5, "max": 1e21}}
        self.assertEqual(first(number, {"n": 0.25}), "must be at least 0.5")
        self.assertEqual(first(number, {"n": 2e21}), "must be at most 1e+21")
        self.assertIsNone(first(number, {"n": " 0x10 "}))
        self.assertEqual(first(number, {"n": "1_000"}), "must be a number")
        checkbox = {"c": {"type": "CHECKBOX", "required": True}}
        self.assertIsNone(first(checkbox, {}), "a required checkbox may be left out")
        self.assertEqual(first(checkbox, {"c": 1}), "must be a boolean")
        multi = {"m": {"type": "STATIC_MULTI_SELECT_DROPDOWN", "options": [1, "a"]}}
        self.assertEqual(first(multi, {"m": [1, True]}), "has an unknown value true")
        date = {"d": {"type": "DATE_TIME"}}
        self.assertIsNone(first(date, {"d": "2024-02-30"}))
        self.assertEqual(first(date, {"d": "2024-13-01"}), "must be a date")
        self.assertEqual(first(date, {"d": "tomorrow"}), "must be a date")

    def test_typed_inputs(self) -> None:
        self.assertIs(ACTION_INPUTS[("hash-encode", "hash")], HashEncodeHashInput)
        self.assertEqual(HashEncodeHashInput.__required_keys__, frozenset({"text"}))
        self.assertEqual(HashEncodeHashInput.__optional_keys__, frozenset({"algorithm", "encoding"}))
