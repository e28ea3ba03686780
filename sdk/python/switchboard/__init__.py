"""Switchboard's Python client: ``Switchboard(base_url, api_key)`` with one attribute per resource group
(``client.workspaces.create(...)``), typed errors, approvals, pagination, connect sessions, MCP configuration and
local validation of action inputs against the catalog."""
from __future__ import annotations

__version__ = "0.1.0"

from ._core import NULL, Null  # noqa: E402
from ._model import Model  # noqa: E402
from .client import Switchboard  # noqa: E402
from .errors import (  # noqa: E402
    APIConnectionError,
    ApprovalDeniedError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ConnectFailedError,
    NotFoundError,
    PermissionDeniedError,
    QuotaExceededError,
    RateLimitedError,
    RequestTimeoutError,
    ScopeDeniedError,
    ServerError,
    SwitchboardError,
    ValidationError,
    WaitTimeoutError,
)
from .helpers import ApprovalRequired, ConnectToken, McpClientConfig  # noqa: E402
from .validation import InputProblem, UnknownActionError, validate_input  # noqa: E402

__all__ = [
    "APIConnectionError",
    "ApprovalDeniedError",
    "ApprovalRequired",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "ConnectFailedError",
    "ConnectToken",
    "InputProblem",
    "McpClientConfig",
    "Model",
    "NULL",
    "NotFoundError",
    "Null",
    "PermissionDeniedError",
    "QuotaExceededError",
    "RateLimitedError",
    "RequestTimeoutError",
    "ScopeDeniedError",
    "ServerError",
    "Switchboard",
    "SwitchboardError",
    "UnknownActionError",
    "ValidationError",
    "WaitTimeoutError",
    "__version__",
    "validate_input",
]
