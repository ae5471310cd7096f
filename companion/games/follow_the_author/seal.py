"""Sealed choices (pure).

Since the commitment scheme, the phone that seals keeps the key. It makes a random recovery
code (12 characters of Crockford's base 32, shown to the player to write down) and sends only

    commitment = SHA-256 of "<label>\\n<scoring suit>\\n<danger suit>\\n<code>"   (hex, UTF-8)

where the label names the round and the seat (``"round 3 seat 2"``), so one seat's commitment
cannot be copied by the other. The suits are the canonical names (``"Moons"``). At the reveal
the choice and the code are sent and checked here against the stored commitment. A seal may
carry a ``lock`` (SHA-256 of a second random key the sealing phone keeps); only a phone that
sends that key (``unlock``) may replace the seal before the omega hand.

``seal``/``verify_seal``: the older fingerprint (an HMAC keyed by a nonce the server kept until
the reveal); old games keep reading with it.
"""

from __future__ import annotations

import hashlib
import hmac

SEAL_LENGTH = 16  # hex digits shown to players
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 12
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def seal(choice: str, nonce: str, label: str = "") -> str:
    """The older fingerprint of ``choice`` (compared without case); ``label`` names what is
    sealed, e.g. ``"round 3 seat 1"``, so a seal cannot be reused for another choice."""
    message = f"{label}\n{choice.strip().casefold()}".encode()
    return hmac.new(nonce.encode(), message, hashlib.sha256).hexdigest()[:SEAL_LENGTH]


def verify_seal(choice: str, nonce: str, fingerprint: str, label: str = "") -> bool:
    return hmac.compare_digest(seal(choice, nonce, label), fingerprint.strip().lower())


def normal_code(text: str) -> str:
    """A recovery code as typed back ("k7qf-2mxa 9prt") in the form that was hashed: capitals,
    no dashes or spaces, O read as 0 and I or L as 1."""
    kept = "".join(ch for ch in text.upper() if ch not in "- ")
    return kept.translate(_READ_AS)


def code_ok(code: str) -> bool:
    """A normalised code is 12 to 64 capital letters or digits."""
    return 12 <= len(code) <= 64 and code.isascii() and code.isalnum() and code == code.upper()


def commitment(label: str, scoring: str, danger: str, code: str) -> str:
    text = f"{label}\n{scoring}\n{danger}\n{normal_code(code)}"
    return hashlib.sha256(text.encode()).hexdigest()


def verify_commitment(label: str, scoring: str, danger: str, code: str, stored: str) -> bool:
    return hmac.compare_digest(commitment(label, scoring, danger, code), stored.strip().lower())


def is_hex_digest(text: str) -> bool:
    """A SHA-256 in hex (64 digits 0-9, a-f)."""
    return len(text) == 64 and all(ch in "0123456789abcdef" for ch in text)


def lock_of(key: str) -> str:
    """The lock a seal carries for the key that may replace it."""
    return hashlib.sha256(key.encode()).hexdigest()


def unlocks(key: str, lock: str) -> bool:
    return bool(lock) and hmac.compare_digest(lock_of(key), lock)
