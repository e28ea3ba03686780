"""Shared set-up of the SDK's tests: the service the node wrapper (test/sdk-python.test.ts) started, tenants made
through the operator API, and small local HTTP servers standing in for a vendor."""
from __future__ import annotations

import http.server
import json
import os
import threading
import unittest
import uuid
from typing import Any, Dict, List, Tuple

from switchboard import Switchboard

BASE_URL = os.environ.get("SWITCHBOARD_URL", "")
OPERATOR_TOKEN = os.environ.get("SWITCHBOARD_TEST_OPERATOR_TOKEN", "")
#: A plan the wrapper gave a tiny rate limit (requests per window).
RATE_LIMITED_PLAN = os.environ.get("SWITCHBOARD_TEST_RATE_LIMITED_PLAN", "")


def needs_service(cls: type) -> type:
    """Skips a test class unless the wrapper gave a service URL and operator token."""
    return unittest.skipUnless(BASE_URL and OPERATOR_TOKEN, "needs SWITCHBOARD_URL and SWITCHBOARD_TEST_OPERATOR_TOKEN")(cls)


def operator() -> Switchboard:
    return Switchboard(BASE_URL, OPERATOR_TOKEN)


def tenant(plan: str = "enterprise", **options: Any) -> Tuple[Switchboard, str]:
    """A client with the org-scope key of a new organization, and the organization's id."""
    created = operator().operator.create_organization(name=f"Org {uuid.uuid4().hex[:6]}", plan=plan)  # type: ignore[arg-type]
    return Switchboard(BASE_URL, created.plain_key, **options), created.organization.id


def workspace(client: Switchboard) -> str:
    slug = f"ws-{uuid.uuid4().hex[:8]}"
    return client.workspaces.create(name=f"Workspace {slug}", slug=slug).workspace.id


class Vendor:
    """A local HTTP server standing in for a vendor API: records each request; with ``hold`` set, every request
    waits for ``release`` before it is answered."""

    def __init__(self, hold: bool = False) -> None:
        self.requests: List[Dict[str, Any]] = []
        self.arrived = threading.Event()
        self.release = threading.Event()
        if not hold:
            self.release.set()
        vendor = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8") if length else ""
                vendor.requests.append({"path": self.path, "body": body})
                vendor.arrived.set()
                vendor.release.wait(60)
                payload = json.dumps({"ok": True, "path": self.path}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def pay(vendor: Vendor, path: str, amount: int = 10) -> Dict[str, Any]:
    """An http.send_request input posting a payment to the vendor."""
    return {"method": "POST", "url": vendor.url + path, "body_type": "json", "body": {"amount": amount}}


def gate(client: Switchboard, workspace_id: str, name: str = "Gate http") -> str:
    """A policy pausing every http call in the workspace for approval; returns its id."""
    return client.approval_policies.create(
        name=name, workspace_id=workspace_id, risk_mode="always", integration_names=["http"]
    ).policy.id
