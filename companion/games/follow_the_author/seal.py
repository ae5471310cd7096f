"""Sealed choices: a short fingerprint shown when a secret suit is chosen, checked at reveal.

``seal(choice, nonce)`` is an HMAC-SHA256 of the choice keyed by a random nonce that the
caller makes and keeps hidden until the reveal (pure: the nonce is an argument). Anyone can
then recompute it with ``verify_seal`` to see that the choice was not changed.
"""

from __future__ import annotations

import hashlib
import hmac

SEAL_LENGTH = 16  # hex digits shown to players


def seal(choice: str, nonce: str, label: str = "") -> str:
    """The fingerprint of ``choice`` (compared without case); ``label`` names what is sealed,
    e.g. ``"round 3 seat 1 scoring"``, so a seal cannot be reused for another choice."""
    message = f"{label}\n{choice.strip().casefold()}".encode()
    return hmac.new(nonce.encode(), message, hashlib.sha256).hexdigest()[:SEAL_LENGTH]


def verify_seal(choice: str, nonce: str, fingerprint: str, label: str = "") -> bool:
    return hmac.compare_digest(seal(choice, nonce, label), fingerprint.strip().lower())
