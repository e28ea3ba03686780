"""List helpers page through limit/offset (until total) and the approvals cursor."""
from __future__ import annotations

import unittest

from .support import Vendor, gate, needs_service, pay, tenant, workspace


@needs_service
class PaginationTest(unittest.TestCase):
    def test_offset_pages(self) -> None:
        client, _ = tenant()
        made = {workspace(client) for _ in range(5)}
        self.assertEqual(client.workspaces.list(limit=2).total, 5)
        seen = [w.id for w in client.workspaces.iterate(page_size=2)]
        self.assertEqual(len(seen), 5, "three pages of 2, 2 and 1")
        self.assertEqual(set(seen), made)

    def test_approvals_cursor(self) -> None:
        client, _ = tenant()
        ws = workspace(client)
        gate(client, ws)
        vendor = Vendor()
        self.addCleanup(vendor.close)
        paused = {
            client.actions.execute(workspace_id=ws, integration_name="http", action_name="send_request", input=pay(vendor, f"/p{i}")).approval.id  # type: ignore[union-attr]
            for i in range(5)
        }
        first = client.approvals.list(workspace_id=ws, limit=2)
        self.assertEqual(len(first.approvals), 2)
        self.assertTrue(first.next_cursor)
        seen = [a.id for a in client.approvals.iterate(workspace_id=ws, page_size=2)]
        self.assertEqual(len(seen), 5)
        self.assertEqual(set(seen), paused)
        self.assertEqual(vendor.requests, [], "nothing ran")
