"""What the generated code builds on: the operation record, the NULL marker and the resource group base."""
from __future__ import annotations

from typing import Any, Dict, Iterator, NamedTuple, Optional, Tuple


class Operation(NamedTuple):
    """One API operation as the generated table describes it."""

    id: str
    http_method: str
    path: str
    path_params: Tuple[str, ...]
    query: Tuple[str, ...]
    has_body: bool
    #: The dataclass of each JSON result by HTTP status; empty when the result is bytes.
    responses: Dict[int, type]
    #: Takes an Idempotency-Key header (the client sends one on every call, so a retry cannot run twice).
    idempotency: bool = False
    #: Takes X-Switchboard-Source (the client says ``sdk``).
    source: bool = False

    @property
    def kind(self) -> str:
        """``json``, or ``bytes`` for a file or image (files.download, integrations.logo)."""
        return "json" if self.responses else "bytes"


class Null:
    """The type of :data:`NULL`."""

    _instance: Optional["Null"] = None

    def __new__(cls) -> "Null":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NULL"

    def __bool__(self) -> bool:
        return False


#: Sends JSON null for a nullable field (``None`` means "leave it out"), e.g. ``display_name=NULL`` clears it.
NULL = Null()


class Group:
    """A resource group (``client.workspaces``, ...): its methods call the client's transport."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def _call(
        self,
        op_id: str,
        path: Optional[Dict[str, Any]],
        query: Optional[Dict[str, Any]],
        body: Optional[Dict[str, Any]],
        timeout: Optional[float],
        idempotency_key: Optional[str] = None,
    ) -> Any:
        return self._client._call(op_id, path, query, body, timeout, idempotency_key)

    def _paginate(
        self,
        op_id: str,
        items: str,
        path: Optional[Dict[str, Any]],
        query: Optional[Dict[str, Any]],
        page_size: int,
        timeout: Optional[float],
    ) -> Iterator[Any]:
        return self._client._paginate(op_id, items, path, query, page_size, timeout)
