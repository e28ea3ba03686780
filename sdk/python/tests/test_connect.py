"""Connect sessions: create a token, the user completes the hosted page, wait_for_completion returns the result."""
from __future__ import annotations

import threading
import unittest
import urllib.parse
import urllib.request

from switchboard import ConnectToken, Switchboard, WaitTimeoutError

from .support import BASE_URL, needs_service, tenant, workspace


def complete_hosted_form(token: str, secret: str) -> None:
    """What the end user does: open the connect page and submit the credential form."""
    with urllib.request.urlopen(f"{BASE_URL}/connect?token={token}", timeout=30) as page:
        page.read()
    form = urllib.parse.urlencode({"token": token, "secret_text": secret}).encode()
    req = urllib.request.Request(f"{BASE_URL}/connect", data=form, headers={"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(req, timeout=30) as done:
        done.read()


@needs_service
class ConnectTest(unittest.TestCase):
    def test_wait_for_completion(self) -> None:
        client, _ = tenant()
        ws = workspace(client)
        session = client.connect.create_token(
            integration_name="test-secret", connection_name="Acme key", external_id="acme", workspace_id=ws
        )
        self.assertIsInstance(session, ConnectToken)
        self.assertTrue(session.token.startswith("cst_"))
        self.assertIn(session.token, session.connect_url)
        with self.assertRaises(WaitTimeoutError):
            session.wait_for_completion(timeout=0)
        self.assertEqual(client.connect.get_session(session.session_id).session.status, "PENDING")

        user = threading.Thread(target=complete_hosted_form, args=(session.token, "good-secret-123"))
        user.start()
        self.addCleanup(user.join)
        done = session.wait_for_completion(timeout=60, poll_interval=0.05)
        self.assertEqual(done.status, "COMPLETED")
        self.assertTrue(done.connection_id)
        conn = client.connections.list(id=done.connection_id).connection
        self.assertEqual((conn.external_id, conn.integration_name), ("acme", "test-secret"))
        # The poll needs no API key: the cst_ token is enough.
        self.assertEqual(Switchboard(BASE_URL).connect.wait_for_completion(session.token).connection_id, done.connection_id)
