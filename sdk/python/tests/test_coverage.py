"""Every operation of the service's OpenAPI document has a client method (a route without one fails here)."""
from __future__ import annotations

import re
import unittest

from switchboard import Switchboard
from switchboard._generated.operations import OPERATIONS

from .support import BASE_URL, needs_service


def snake(name: str) -> str:
    name = name.replace("OAuth", "Oauth")
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


@needs_service
class OperationCoverageTest(unittest.TestCase):
    def test_every_operation_has_a_method(self) -> None:
        document = Switchboard(BASE_URL).request("GET", "/api/v1/openapi.json")
        ids = sorted(
            op["operationId"]
            for item in document["paths"].values()
            for method, op in item.items()
            if method in ("get", "post", "put", "patch", "delete") and op.get("x-switchboard-sdk") is not False
        )
        self.assertGreater(len(ids), 100)
        client = Switchboard(BASE_URL, "unused")
        missing = []
        for op_id in ids:
            group, method = op_id.split(".")
            target = getattr(getattr(client, snake(group), None), snake(method), None)
            if not callable(target):
                missing.append(f"{op_id} (client.{snake(group)}.{snake(method)})")
        self.assertEqual(missing, [], "operations without a client method")
        self.assertEqual(sorted(OPERATIONS), ids, "the generated table is the document's operations, no more")
        self.assertTrue(callable(client.mcp_servers.create_access_token))
        self.assertTrue(callable(client.workspace_integrations.create))
