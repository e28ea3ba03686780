"""What the generated API layer cannot know: approvals that pause a call, connect sessions that finish later, and
how an MCP client reaches a server."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from ._generated.models import (
    ActionsExecuteResponse,
    ActionsExecuteResponse202,
    ConnectCreateTokenResponse,
    ConnectPollSessionResponse,
)
from ._generated.operations import ConnectResource, McpServersResource
from .errors import ApprovalDeniedError, ConnectFailedError, WaitTimeoutError

_ENDED = {"rejected": "APPROVAL_REJECTED", "expired": "APPROVAL_EXPIRED", "canceled": "APPROVAL_CANCELED"}


class _Bound:
    """A result that remembers the client and the call that produced it."""

    _client: Any
    _call_args: Tuple[Any, ...]

    def _bind(self, client: Any, call_args: Tuple[Any, ...]) -> None:
        self._client = client
        self._call_args = call_args


class ApprovalRequired(ActionsExecuteResponse202, _Bound):
    """``actions.execute`` answered 202: a Human Gates policy paused the call. ``approval`` has the request's id,
    status, links and ``retry.idempotency_key``; :meth:`wait_for_approval` waits for the decision and runs the call."""

    def wait_for_approval(self, timeout: float = 3600.0, poll_interval: float = 1.0) -> ActionsExecuteResponse:
        """Poll the approval until it is decided; once approved, retry the exact call with the approval's
        idempotency key and return its result (the call runs once, however often this is retried; should the retry
        be paused again, that approval is waited for too). Raises ApprovalDeniedError when it is rejected, expires
        or is canceled, WaitTimeoutError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        paused: ApprovalRequired = self
        while True:
            paused._await_decision(deadline, timeout, poll_interval)
            op_id, path, query, body, call_timeout, key = paused._call_args
            retry = paused.approval.retry
            key = (retry.idempotency_key if retry is not None else None) or key
            result = paused._client._call(op_id, path, query, body, call_timeout, key)
            if not isinstance(result, ApprovalRequired):
                return result  # type: ignore[no-any-return]
            paused = result

    def _await_decision(self, deadline: float, timeout: float, poll_interval: float) -> None:
        approval_id = self.approval.id
        while True:
            approval = self._client.approvals.get(approval_id).approval
            if approval.status in ("approved", "consumed"):
                return
            if approval.status in _ENDED:
                raise ApprovalDeniedError(_ENDED[approval.status], f"Approval {approval_id} is {approval.status}.", approval)
            left = deadline - time.monotonic()
            if left <= 0:
                raise WaitTimeoutError("WAIT_TIMEOUT", f"Approval {approval_id} is still {approval.status} after {timeout} s.")
            time.sleep(min(poll_interval, left))


class ConnectToken(ConnectCreateTokenResponse, _Bound):
    """A connect session: send the user to ``connect_url``, then :meth:`wait_for_completion`."""

    def wait_for_completion(self, timeout: float = 900.0, poll_interval: float = 1.0) -> ConnectPollSessionResponse:
        """Poll the session until it is COMPLETED (returned, with ``connection_id``) or FAILED (ConnectFailedError)."""
        connect: Connect = self._client.connect
        return connect.wait_for_completion(self.token, timeout=timeout, poll_interval=poll_interval)


#: Results decoded into a class with helpers, by (operation, HTTP status).
RESULT_CLASSES: Dict[Tuple[str, int], type] = {
    ("actions.execute", 202): ApprovalRequired,
    ("connect.createToken", 201): ConnectToken,
}


class Connect(ConnectResource):
    """connect.*, plus waiting for a session to finish."""

    def wait_for_completion(
        self, token: str, *, timeout: float = 900.0, poll_interval: float = 1.0
    ) -> ConnectPollSessionResponse:
        """Poll the session of a ``cst_`` token (PENDING, CONNECTING) until COMPLETED, which is returned; FAILED
        raises ConnectFailedError, ``timeout`` s WaitTimeoutError (an expired token raises AuthenticationError)."""
        deadline = time.monotonic() + timeout
        while True:
            session = self.poll_session(token=token)
            if session.status == "COMPLETED":
                return session
            if session.status == "FAILED":
                raise ConnectFailedError(session.error or "The connect session failed.", session)
            left = deadline - time.monotonic()
            if left <= 0:
                raise WaitTimeoutError("WAIT_TIMEOUT", f"The connect session is still {session.status} after {timeout} s.")
            time.sleep(min(poll_interval, left))


@dataclass
class McpClientConfig:
    """How MCP clients reach one server: its endpoint, the header to send, and ready configuration snippets."""

    endpoint: str
    headers: Dict[str, str]
    #: claude_desktop_config.json (Claude Desktop starts local servers: mcp-remote bridges to the HTTP endpoint).
    claude_desktop: Dict[str, Any]
    #: The Claude Code command that adds the server (``claude mcp add --transport http``).
    claude_code: str
    #: .cursor/mcp.json
    cursor: Dict[str, Any]
    #: .vscode/mcp.json
    vscode: Dict[str, Any]
    #: A JSON-RPC tools/list call with curl.
    curl: str


class McpServers(McpServersResource):
    """mcpServers.*, plus client configuration for a server."""

    def client_config(
        self,
        server_id: Optional[str] = None,
        token: str = "",
        *,
        endpoint: Optional[str] = None,
        name: str = "switchboard",
    ) -> McpClientConfig:
        """The configuration MCP clients need for a server, given its id (or its ``mcp_endpoint``) and a bearer
        token (the static ``bearer_token`` or one from ``create_access_token``). The endpoint is
        ``{base_url}/mcp/srv_<id>`` (Streamable HTTP, POST only) with ``Authorization: Bearer <token>``."""
        if endpoint is None:
            if not server_id:
                raise ValueError("Pass the server's id or its endpoint.")
            endpoint = f"{self._client.base_url}/mcp/srv_{server_id}"
        auth = f"Bearer {token}"
        headers = {"Authorization": auth}
        rpc = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}})
        curl = (
            f"curl -s -X POST '{endpoint}' -H 'Authorization: {auth}' -H 'Content-Type: application/json' "
            f"-H 'Accept: application/json, text/event-stream' -d '{rpc}'"
        )
        return McpClientConfig(
            endpoint=endpoint,
            headers=headers,
            claude_desktop={
                "mcpServers": {
                    name: {
                        "command": "npx",
                        "args": ["-y", "mcp-remote", endpoint, "--header", "Authorization:${SWITCHBOARD_MCP_AUTH}"],
                        "env": {"SWITCHBOARD_MCP_AUTH": auth},
                    }
                }
            },
            claude_code=f"claude mcp add --transport http '{name}' '{endpoint}' --header 'Authorization: {auth}'",
            cursor={"mcpServers": {name: {"url": endpoint, "headers": headers}}},
            vscode={"servers": {name: {"type": "http", "url": endpoint, "headers": headers}}},
            curl=curl,
        )
