"""429 RATE_LIMITED: the client waits the retryAfter the service names and tries again (bounded)."""
from __future__ import annotations

import unittest
from typing import List
from unittest import mock

from switchboard import RateLimitedError, Switchboard
from switchboard import client as client_module

from .support import BASE_URL, RATE_LIMITED_PLAN, needs_service, tenant, workspace


@needs_service
@unittest.skipUnless(RATE_LIMITED_PLAN, "needs SWITCHBOARD_TEST_RATE_LIMITED_PLAN")
class RateLimitTest(unittest.TestCase):
    def test_retried_after_retry_after(self) -> None:
        patient, _ = tenant(RATE_LIMITED_PLAN, max_retries=3, max_retry_wait=30)
        ws = workspace(patient)
        impatient = Switchboard(BASE_URL, patient.api_key, max_retries=0)

        def call(client: Switchboard) -> object:
            return client.actions.execute(workspace_id=ws, integration_name="hash-encode", action_name="hash", input={"text": "x"})

        # Without retries the window fills up and the client raises the 429 as it came.
        with self.assertRaises(RateLimitedError) as caught:
            for _ in range(10):
                call(impatient)
        err = caught.exception
        self.assertEqual((err.code, err.status), ("RATE_LIMITED", 429))
        self.assertGreater(err.retry_after or 0, 0)
        # With retries every call succeeds: the client waits the retryAfter it is given (recorded here).
        waits: List[float] = []
        real_sleep = client_module.time.sleep

        def sleep(seconds: float) -> None:
            waits.append(seconds)
            real_sleep(seconds)

        with mock.patch.object(client_module.time, "sleep", sleep):
            for _ in range(5):  # more than the window holds, so some calls had to wait
                self.assertTrue(call(patient).success)  # type: ignore[attr-defined]
        self.assertTrue(waits, "at least one call was retried")
        self.assertTrue(all(0 < w <= 30 for w in waits), waits)

    def test_no_wait_longer_than_allowed(self) -> None:
        client, _ = tenant(RATE_LIMITED_PLAN, max_retries=5, max_retry_wait=0)
        ws = workspace(client)
        with self.assertRaises(RateLimitedError):
            for _ in range(10):
                client.actions.execute(workspace_id=ws, integration_name="hash-encode", action_name="hash", input={"text": "x"})
