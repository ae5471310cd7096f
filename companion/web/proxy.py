"""Client address and scheme through trusted proxies only.

``COMPANION_TRUSTED_PROXIES`` (or the ``TRUSTED_PROXIES`` setting) lists the addresses or
networks of the proxies in front of the app, e.g. ``127.0.0.1`` or ``172.16.0.0/12,::1``.
``X-Forwarded-For``, ``-Proto`` and ``-Host`` are read only from a request whose peer is one
of them; the client is then the rightmost forwarded address that is not itself a trusted
proxy. A request reaching the app directly keeps its own address whatever headers it sends,
so a forged ``X-Forwarded-For`` counts under the real address (the join-code limit).
``COMPANION_BEHIND_PROXY=1`` without a list trusts a proxy on this machine (loopback) only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

import ipaddress
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK = "127.0.0.0/8,::1"


def networks(text: str | Iterable[str]) -> list[Network]:
    items = text.split(",") if isinstance(text, str) else list(text)
    found = []
    for item in (i.strip() for i in items):
        if not item:
            continue
        try:
            found.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"COMPANION_TRUSTED_PROXIES: {item!r} is not an address") from None
    return found


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


class TrustedProxies:
    """WSGI middleware: ``X-Forwarded-*`` from trusted peers only (see the module text)."""

    def __init__(self, app: WSGIApplication, trusted: list[Network]) -> None:
        self.app, self.trusted = app, trusted

    def _is_trusted(self, text: str) -> bool:
        address = _address(text)
        return address is not None and any(address in net for net in self.trusted)

    def client(self, peer: str, forwarded: str) -> str:
        """The rightmost forwarded address that is not a trusted proxy."""
        client = peer
        for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
            if _address(hop) is None:
                break
            client = hop
            if not self._is_trusted(hop):
                break
        return client

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        peer = environ.get("REMOTE_ADDR", "")
        if self._is_trusted(peer):
            environ["REMOTE_ADDR"] = self.client(peer, environ.get("HTTP_X_FORWARDED_FOR", ""))
            proto = environ.get("HTTP_X_FORWARDED_PROTO", "").split(",")[-1].strip().lower()
            if proto in ("http", "https"):
                environ["wsgi.url_scheme"] = proto
            host = environ.get("HTTP_X_FORWARDED_HOST", "").split(",")[-1].strip()
            if host:
                environ["HTTP_HOST"] = host
        return self.app(environ, start_response)
