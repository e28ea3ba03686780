"""API errors arrive as typed exceptions carrying code, message, details, status and request id."""
from __future__ import annotations

import unittest
import uuid

from switchboard import (
    AuthenticationError,
    NotFoundError,
    PermissionDeniedError,
    ScopeDeniedError,
    Switchboard,
    SwitchboardError,
    ValidationError,
)

from .support import BASE_URL, needs_service, tenant, workspace


@needs_service
class ErrorsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client, _ = tenant()

    def test_not_found(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            self.client.workspaces.get(str(uuid.uuid4()))
        err = caught.exception
        self.assertEqual((err.code, err.status), ("NOT_FOUND", 404))
        self.assertTrue(err.message)
        self.assertRegex(err.request_id or "", r"^[\w.-]+$", "the X-Request-Id of the answer")
        self.assertEqual(err.body["error"], "NOT_FOUND")
        self.assertIn("NOT_FOUND", str(err))

    def test_validation_details(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            self.client.workspaces.create(name="Bad", slug="Not A Slug")
        err = caught.exception
        self.assertEqual((err.code, err.status), ("VALIDATION_ERROR", 400))
        self.assertEqual(err.details[0]["field"], "slug")
        self.assertIn("message", err.details[0])

    def test_scope_denied_for_a_workspace_scoped_key(self) -> None:
        mine, other = workspace(self.client), workspace(self.client)
        key = self.client.api_keys.create(name="scoped", permissions={"scope": "workspace", "workspaceIds": [mine]}).plain_key
        scoped = Switchboard(BASE_URL, key)
        self.assertEqual(scoped.workspaces.get(mine).workspace.id, mine)
        with self.assertRaises(ScopeDeniedError) as caught:
            scoped.workspaces.get(other)
        self.assertIsInstance(caught.exception, PermissionDeniedError)
        self.assertEqual((caught.exception.code, caught.exception.status), ("SCOPE_DENIED", 403))
        self.assertTrue(caught.exception.request_id)

    def test_bad_key(self) -> None:
        with self.assertRaises(AuthenticationError) as caught:
            Switchboard(BASE_URL, "svc_not_a_key").workspaces.list()
        self.assertEqual(caught.exception.status, 401)
        self.assertIsInstance(caught.exception, SwitchboardError)

    def test_base_url_and_key_from_the_environment(self) -> None:
        import os
        from unittest import mock

        with mock.patch.dict(os.environ, {"SWITCHBOARD_URL": BASE_URL, "SWITCHBOARD_API_KEY": self.client.api_key or ""}):
            self.assertIsInstance(Switchboard().workspaces.list().total, int)
        with mock.patch.dict(os.environ, {"SWITCHBOARD_URL": ""}), self.assertRaises(ValueError):
            Switchboard()
