"""The address other phones on the same network can open: this machine's LAN address."""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct

SIOCGIFADDR = 0x8915


def _interface_addresses() -> list[str]:
    found = []
    for _index, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                packed = fcntl.ioctl(
                    sock.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode())
                )
            except OSError:
                continue
        found.append(socket.inet_ntoa(packed[20:24]))
    return found


def lan_address() -> str:
    """The first private, non-loopback IPv4 address of this machine (else any non-loopback,
    else 127.0.0.1). Reads the interfaces; sends nothing on the network."""
    try:
        addresses = _interface_addresses()
    except OSError:
        addresses = []
    candidates = [a for a in addresses if not ipaddress.ip_address(a).is_loopback]
    private = [a for a in candidates if ipaddress.ip_address(a).is_private]
    return (private or candidates or ["127.0.0.1"])[0]
