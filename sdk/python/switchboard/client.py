"""The Switchboard client: configuration, the HTTP transport (urllib), retries after 429 and typed results."""
from __future__ import annotations

import json
import os
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, Iterator, Mapping, Optional, Tuple

from . import __version__
from ._core import Null
from ._generated.operations import OPERATIONS, Groups
from ._model import field_by_json, from_json
from .errors import APIConnectionError, RequestTimeoutError, error_from_response
from .helpers import RESULT_CLASSES, Connect, McpServers


class Switchboard(Groups):
    """A client of one Switchboard service.

    ``base_url`` and ``api_key`` default to the environment's ``SWITCHBOARD_URL`` and ``SWITCHBOARD_API_KEY``. The key
    is sent as ``Authorization: Bearer <key>``: an API key (``svc_...``), or for the operator and account operations
    the operator token or a person's session token. With a session token, ``organization`` (default
    ``SWITCHBOARD_ORGANIZATION``) names the organization to act in, sent as ``X-Switchboard-Organization``; the
    person's role there decides what they may do. ``timeout`` (seconds) applies to each request unless a call
    passes its own; a 429 RATE_LIMITED is retried ``max_retries`` times after the ``retryAfter`` it names, when that
    is at most ``max_retry_wait`` seconds.
    """

    connect: Connect
    mcp_servers: McpServers

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        timeout: float = 30.0,
        organization: Optional[str] = None,
        max_retries: int = 2,
        max_retry_wait: float = 30.0,
    ) -> None:
        url = base_url or os.environ.get("SWITCHBOARD_URL")
        if not url:
            raise ValueError("No base URL: pass base_url or set SWITCHBOARD_URL (e.g. http://localhost:3000).")
        self.base_url = url.rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get("SWITCHBOARD_API_KEY")
        #: The organization a session token acts in (``client.organization`` is the organization's own operations).
        self.organization_id = organization if organization is not None else os.environ.get("SWITCHBOARD_ORGANIZATION")
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        super().__init__()
        # The groups with helpers of their own (the rest are the generated classes as they are).
        self.connect = Connect(self)
        self.mcp_servers = McpServers(self)

    def __repr__(self) -> str:
        return f"Switchboard(base_url={self.base_url!r})"

    # ---- any request --------------------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> Any:
        """A raw call (``path`` like ``/api/v1/workspaces``) returning parsed JSON (or bytes); errors are typed as
        for the methods, and a 429 is retried the same way."""
        status, resp_headers, raw = self._send(method, path, query, body, dict(headers or {}), timeout)
        if status >= 400:
            raise error_from_response(status, resp_headers, raw)
        is_json = "json" in (resp_headers.get("Content-Type") or "")
        return json.loads(raw.decode("utf-8")) if is_json and raw else raw

    # ---- what the generated methods call ------------------------------------------------------------------

    def _call(
        self,
        op_id: str,
        path: Optional[Dict[str, Any]],
        query: Optional[Dict[str, Any]],
        body: Optional[Dict[str, Any]],
        timeout: Optional[float],
        idempotency_key: Optional[str] = None,
    ) -> Any:
        op = OPERATIONS[op_id]
        url_path = op.path
        for name, value in (path or {}).items():
            url_path = url_path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        headers: Dict[str, str] = {}
        if op.idempotency:
            # One key for every attempt of this call: a retried execute is answered from the first run.
            idempotency_key = idempotency_key or f"sdk_{uuid.uuid4().hex}"
            headers["Idempotency-Key"] = idempotency_key
        if op.source:
            headers["X-Switchboard-Source"] = "sdk"
        payload = _clean(body or {}) if op.has_body else None
        status, resp_headers, raw = self._send(op.http_method, url_path, query, payload, headers, timeout)
        if status >= 400:
            raise error_from_response(status, resp_headers, raw)
        if op.kind == "bytes":
            return raw
        data = json.loads(raw.decode("utf-8")) if raw else {}
        cls = RESULT_CLASSES.get((op_id, status)) or op.responses.get(status) or next(iter(op.responses.values()))
        result = from_json(cls, data) if isinstance(data, dict) else data
        if hasattr(result, "_bind"):
            # Results with helpers (ApprovalRequired, ConnectToken) remember the client and the call that made them.
            result._bind(self, (op_id, path, query, body, timeout, idempotency_key))
        return result

    def _paginate(
        self,
        op_id: str,
        items: str,
        path: Optional[Dict[str, Any]],
        query: Optional[Dict[str, Any]],
        page_size: int,
        timeout: Optional[float],
    ) -> Iterator[Any]:
        """Every item of a list operation: by limit/offset until ``total``, or by ``cursor`` until no nextCursor."""
        by_offset = "offset" in OPERATIONS[op_id].query
        offset, cursor = 0, None
        while True:
            paging: Dict[str, Any] = {"limit": page_size}
            if by_offset:
                paging["offset"] = offset
            elif cursor:
                paging["cursor"] = cursor
            page = self._call(op_id, path, {**(query or {}), **paging}, None, timeout)
            batch = field_by_json(page, items) or []
            yield from batch
            if by_offset:
                offset += len(batch)
                total = field_by_json(page, "total")
                if not batch or (isinstance(total, int) and offset >= total):
                    return
            else:
                cursor = field_by_json(page, "nextCursor")
                if not batch or not cursor:
                    return

    # ---- the transport ------------------------------------------------------------------------------------

    def _send(
        self,
        method: str,
        path: str,
        query: Optional[Mapping[str, Any]],
        body: Any,
        headers: Dict[str, str],
        timeout: Optional[float],
    ) -> Tuple[int, Mapping[str, str], bytes]:
        url = self.base_url + path
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None and not isinstance(v, Null)]
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        headers = {"Accept": "application/json", "User-Agent": f"switchboard-python/{__version__}", **headers}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        if self.organization_id:
            headers["X-Switchboard-Organization"] = self.organization_id
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        attempt = 0
        while True:
            status, resp_headers, raw = self._once(method, url, headers, data, self.timeout if timeout is None else timeout)
            if status != 429 or attempt >= self.max_retries:
                return status, resp_headers, raw
            wait = _retry_after(resp_headers, raw)
            if wait > self.max_retry_wait:
                return status, resp_headers, raw  # longer than we may wait: the caller gets RateLimitedError
            attempt += 1
            time.sleep(wait)

    def _once(
        self, method: str, url: str, headers: Dict[str, str], data: Optional[bytes], timeout: float
    ) -> Tuple[int, Mapping[str, str], bytes]:
        req = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as err:
            with err:
                return err.code, err.headers, err.read()
        except (socket.timeout, TimeoutError) as err:
            raise RequestTimeoutError("TIMEOUT", f"{method} {url} got no answer within {timeout} s.") from err
        except urllib.error.URLError as err:
            if isinstance(err.reason, (socket.timeout, TimeoutError)):
                raise RequestTimeoutError("TIMEOUT", f"{method} {url} got no answer within {timeout} s.") from err
            raise APIConnectionError("CONNECTION_FAILED", f"{method} {url} failed: {err.reason}") from err
        except OSError as err:  # a connection reset or closed mid-answer
            raise APIConnectionError("CONNECTION_FAILED", f"{method} {url} failed: {err}") from err


def _clean(body: Dict[str, Any]) -> Dict[str, Any]:
    """A body as sent: parameters left at None are left out, NULL is sent as null (nested values go as given)."""
    return {k: _nulls(v) for k, v in body.items() if v is not None}


def _nulls(value: Any) -> Any:
    if isinstance(value, Null):
        return None
    if isinstance(value, dict):
        return {k: _nulls(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nulls(v) for v in value]
    return value


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _retry_after(headers: Mapping[str, str], raw: bytes) -> float:
    """The seconds a 429 asks to wait: the body's retryAfter, else the Retry-After header, else 1."""
    try:
        value = json.loads(raw.decode("utf-8")).get("retryAfter")
        if isinstance(value, (int, float)):
            return max(0.0, float(value))
    except (ValueError, AttributeError):
        pass
    try:
        return max(0.0, float(headers.get("Retry-After") or 1))
    except ValueError:
        return 1.0
