"""Errors as typed exceptions. Every API error body is ``{error, message, details?, requestId?, ...}``; the
exception carries those (``code`` is ``error``) with the HTTP status and the request id (also sent as the
X-Request-Id header, quote it when reporting a problem)."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Type


class SwitchboardError(Exception):
    """Any error of the client: ``code`` (e.g. ``NOT_FOUND``), ``message``, ``details``, ``status`` (HTTP status,
    None when no answer came), ``request_id`` and the parsed ``body``."""

    def __init__(
        self,
        code: str,
        message: str,
        details: Optional[List[Dict[str, Any]]] = None,
        status: Optional[int] = None,
        request_id: Optional[str] = None,
        body: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details
        self.status = status
        self.request_id = request_id
        self.body = body if body is not None else {}

    def __str__(self) -> str:
        where = ", ".join(
            x for x in (f"HTTP {self.status}" if self.status else "", f"request {self.request_id}" if self.request_id else "") if x
        )
        return f"{self.code}: {self.message}" + (f" ({where})" if where else "")


class BadRequestError(SwitchboardError):
    """HTTP 400."""


class ValidationError(BadRequestError):
    """400 VALIDATION_ERROR: ``details`` lists ``{field, message}``, e.g. ``{"field": "input.text", ...}``."""


class AuthenticationError(SwitchboardError):
    """HTTP 401: the key is missing, revoked or expired."""


class PermissionDeniedError(SwitchboardError):
    """HTTP 403."""


class ScopeDeniedError(PermissionDeniedError):
    """403 SCOPE_DENIED: a workspace-scoped key outside its workspaces."""


class QuotaExceededError(PermissionDeniedError):
    """403 QUOTA_EXCEEDED: a plan limit; ``body`` carries current, limit and plan."""


class NotFoundError(SwitchboardError):
    """HTTP 404."""


class ConflictError(SwitchboardError):
    """HTTP 409 (DUPLICATE, IDEMPOTENCY_CONFLICT, APPROVAL_NOT_PENDING, ...)."""


class RateLimitedError(SwitchboardError):
    """429 RATE_LIMITED, raised once the client's retries are spent; ``retry_after`` is in seconds."""

    @property
    def retry_after(self) -> Optional[float]:
        value = self.body.get("retryAfter")
        return float(value) if isinstance(value, (int, float)) else None


class ServerError(SwitchboardError):
    """HTTP 5xx."""


class APIConnectionError(SwitchboardError):
    """No answer: the server could not be reached (code ``CONNECTION_FAILED``)."""


class RequestTimeoutError(APIConnectionError):
    """No answer within the timeout (code ``TIMEOUT``)."""


class WaitTimeoutError(SwitchboardError):
    """``wait_for_approval`` or ``wait_for_completion`` gave up waiting (code ``WAIT_TIMEOUT``)."""


class ApprovalDeniedError(SwitchboardError):
    """The approval ended without approval: code ``APPROVAL_REJECTED``, ``APPROVAL_EXPIRED`` or
    ``APPROVAL_CANCELED``; ``approval`` is the approval request."""

    def __init__(self, code: str, message: str, approval: Any) -> None:
        super().__init__(code, message)
        self.approval = approval


class ConnectFailedError(SwitchboardError):
    """The connect session ended FAILED (code ``CONNECT_FAILED``); ``session`` is the last poll result."""

    def __init__(self, message: str, session: Any) -> None:
        super().__init__("CONNECT_FAILED", message)
        self.session = session


_BY_CODE: Dict[str, Type[SwitchboardError]] = {
    "VALIDATION_ERROR": ValidationError,
    "SCOPE_DENIED": ScopeDeniedError,
    "QUOTA_EXCEEDED": QuotaExceededError,
    "RATE_LIMITED": RateLimitedError,
}
_BY_STATUS: Dict[int, Type[SwitchboardError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitedError,
}


def error_from_response(status: int, headers: Mapping[str, str], raw: bytes) -> SwitchboardError:
    """The exception for an error answer (a body that is not the JSON envelope still gives a typed error)."""
    try:
        body = json.loads(raw.decode("utf-8")) if raw else {}
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    code = str(body.get("error") or f"HTTP_{status}")
    message = str(body.get("message") or raw[:200].decode("utf-8", "replace") or f"HTTP {status}")
    details = body.get("details") if isinstance(body.get("details"), list) else None
    request_id = body.get("requestId") or headers.get("X-Request-Id") or headers.get("x-request-id")
    cls = _BY_CODE.get(code) or _BY_STATUS.get(status) or (ServerError if status >= 500 else SwitchboardError)
    return cls(code, message, details, status, request_id, body)
