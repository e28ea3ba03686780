"""The generated layer without a server: tolerant decoding, NULL, the code runs on Python 3.9."""
from __future__ import annotations

import ast
import pathlib
import unittest

from switchboard import NULL
from switchboard._generated.models import ApprovalsGetResponse, WorkspacesListResponse
from switchboard._model import from_json
from switchboard.client import _clean

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "switchboard"


class ModelsTest(unittest.TestCase):
    def test_unknown_fields_are_kept_and_missing_ones_are_none(self) -> None:
        data = {"workspaces": [{"id": "w1", "slug": "a", "tier": "gold"}], "total": 1, "facets": {}}
        page = from_json(WorkspacesListResponse, data)
        ws = page.workspaces[0]
        self.assertEqual((ws.id, ws.slug, ws.name), ("w1", "a", None))
        self.assertEqual(ws["tier"], "gold")
        self.assertIn("facets", page)
        self.assertIs(page.raw, data)

    def test_nested_objects_decode(self) -> None:
        got = from_json(ApprovalsGetResponse, {"approval": {"id": "apr_1", "status": "pending", "decidedBy": {"x": 1}}})
        self.assertEqual((got.approval.id, got.approval.decided_by), ("apr_1", {"x": 1}))
        self.assertIsNone(got.webhook_deliveries)

    def test_null_and_none_in_bodies(self) -> None:
        self.assertEqual(_clean({"a": None, "b": NULL, "c": {"d": None, "e": NULL}}), {"b": None, "c": {"d": None, "e": None}})

    def test_bytes_results(self) -> None:
        from switchboard._generated.operations import OPERATIONS

        self.assertEqual(sorted(k for k, op in OPERATIONS.items() if op.kind == "bytes"), ["files.download", "integrations.logo"])

    def test_source_is_python_3_9(self) -> None:
        for path in sorted(PACKAGE.rglob("*.py")):
            with self.subTest(path=path.name):
                ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=(3, 9))
