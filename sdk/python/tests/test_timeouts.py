"""Timeouts: the client's and a call's own, as RequestTimeoutError (no answer is waited for longer)."""
from __future__ import annotations

import socket
import unittest

from switchboard import APIConnectionError, RequestTimeoutError, Switchboard

from .support import Vendor, needs_service, pay, tenant, workspace


class ClientTimeoutTest(unittest.TestCase):
    def test_a_server_that_never_answers(self) -> None:
        # Accepts connections (the backlog) and never answers.
        silent = socket.socket()
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        self.addCleanup(silent.close)
        client = Switchboard(f"http://127.0.0.1:{silent.getsockname()[1]}", "svc_x", timeout=0.2)
        with self.assertRaises(RequestTimeoutError) as caught:
            client.workspaces.list()
        self.assertEqual((caught.exception.code, caught.exception.status), ("TIMEOUT", None))
        self.assertIsInstance(caught.exception, APIConnectionError)

    def test_nothing_listening(self) -> None:
        closed = socket.socket()
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        closed.close()
        with self.assertRaises(APIConnectionError) as caught:
            Switchboard(f"http://127.0.0.1:{port}", "svc_x").health.check()
        self.assertEqual(caught.exception.code, "CONNECTION_FAILED")


@needs_service
class CallTimeoutTest(unittest.TestCase):
    def test_a_call_with_its_own_timeout(self) -> None:
        client, _ = tenant()
        ws = workspace(client)
        vendor = Vendor(hold=True)  # the action's request waits until released
        self.addCleanup(vendor.close)
        with self.assertRaises(RequestTimeoutError):
            client.actions.execute(
                workspace_id=ws, integration_name="http", action_name="send_request", input=pay(vendor, "/slow"), timeout=0.3
            )
        self.assertTrue(vendor.arrived.wait(30), "the action was running when the client gave up")
        vendor.release.set()
