"""Random tokens for links (128+ bits) and the short join code (no look-alike characters)."""

from __future__ import annotations

import hashlib
import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no O/0, I/1/L
CODE_LENGTH = 6


def link_token() -> str:
    """22 URL-safe characters = 132 random bits."""
    return secrets.token_urlsafe(17)[:22]


def join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """Forgive case, spaces and the look-alikes people type anyway (O->0 is not in the set)."""
    raw = "".join(text.split()).upper()
    return raw.replace("O", "0").replace("I", "1").replace("L", "1")[: CODE_LENGTH * 2]


def key_hash(key: str) -> str:
    """What is stored of a key (a table's or a circle's): its SHA-256, never the key."""
    return hashlib.sha256(key.encode()).hexdigest()
