"""Human Gates: a paused execute is a typed ApprovalRequired; wait_for_approval runs the exact call once approved."""
from __future__ import annotations

import threading
import unittest

from switchboard import ApprovalDeniedError, ApprovalRequired, WaitTimeoutError

from .support import Vendor, gate, needs_service, pay, tenant, workspace


@needs_service
class ApprovalsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client, _ = tenant()
        self.ws = workspace(self.client)
        gate(self.client, self.ws)
        self.vendor = Vendor()
        self.addCleanup(self.vendor.close)

    def execute(self, path: str) -> object:
        return self.client.actions.execute(
            workspace_id=self.ws, integration_name="http", action_name="send_request", input=pay(self.vendor, path, 250)
        )

    def test_approve_then_the_retry_runs_once(self) -> None:
        paused = self.execute("/pay-1")
        self.assertIsInstance(paused, ApprovalRequired)
        assert isinstance(paused, ApprovalRequired)
        self.assertEqual((paused.status, paused.approval.status), ("approval_required", "pending"))
        self.assertTrue(paused.approval.retry.idempotency_key.startswith("sdk_"), "the key the client generated")
        with self.assertRaises(WaitTimeoutError):
            paused.wait_for_approval(timeout=0)

        # A reviewer approves from elsewhere while this call waits.
        approver = threading.Thread(target=lambda: self.client.approvals.approve(paused.approval.id, reason="ok"))
        approver.start()
        self.addCleanup(approver.join)
        result = paused.wait_for_approval(timeout=60, poll_interval=0.05)
        self.assertTrue(result.success)
        self.assertEqual(len(self.vendor.requests), 1)
        self.assertEqual(self.vendor.requests[0]["path"], "/pay-1")

        # Waiting again retries with the same key: the stored result answers, the vendor is not called again.
        again = paused.wait_for_approval(timeout=60, poll_interval=0.05)
        self.assertTrue(again.success)
        self.assertEqual(len(self.vendor.requests), 1)
        self.assertEqual(self.client.approvals.get(paused.approval.id).approval.status, "consumed")

    def test_rejected_and_canceled_raise(self) -> None:
        for decide, code in ((self.client.approvals.reject, "APPROVAL_REJECTED"), (self.client.approvals.cancel, "APPROVAL_CANCELED")):
            paused = self.execute("/pay-2")
            assert isinstance(paused, ApprovalRequired)
            decide(paused.approval.id)
            with self.assertRaises(ApprovalDeniedError) as caught:
                paused.wait_for_approval(timeout=60, poll_interval=0.05)
            self.assertEqual(caught.exception.code, code)
            self.assertEqual(caught.exception.approval.id, paused.approval.id)
        self.assertEqual(self.vendor.requests, [])

    def test_a_given_idempotency_key_is_kept(self) -> None:
        paused = self.client.actions.execute(
            workspace_id=self.ws, integration_name="http", action_name="send_request",
            input=pay(self.vendor, "/pay-3"), idempotency_key="order-42",
        )
        assert isinstance(paused, ApprovalRequired)
        self.assertEqual(paused.approval.retry.idempotency_key, "order-42")
