"""A seat's sealed choice as the events in force say (pure): an older plaintext seal
(``fta-seal``), a commitment (``fta-commit``) and its opening (``fta-open``); see ``events``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.protocol import Event


@dataclass(frozen=True)
class Seal:
    """A seat's sealed choice. ``kind`` "commit": only ``fingerprint`` (the commitment) is
    known until the seal is opened (``scoring``/``danger`` None before, ``nonce`` then the
    recovery code); "legacy": an older seal that stored the choice and its nonce."""

    seat: int
    fingerprint: str
    label: str
    scoring: str | None
    danger: str | None
    nonce: str
    version: int
    kind: str = "legacy"
    lock: str = ""
    by: str = "phone"
    proven: bool = True

    @property
    def opened(self) -> bool:
        return self.scoring is not None and self.danger is not None

    @property
    def short(self) -> str:
        return self.fingerprint[:16]

    @property
    def code(self) -> str:
        """An opened commitment's recovery code as players write it (``K7QF-2MXA-9PRT``)."""
        return "-".join(self.nonce[i : i + 4] for i in range(0, len(self.nonce), 4))


def fold_seal(e: Event, before: Seal | None) -> Seal | None:
    """The seat's seal after one seal event: an older seal, a commitment, or its opening."""
    p = e.payload
    seat = int(p["seat"])
    if e.kind == "fta-open":
        if before is None:
            return None
        code, proven = str(p.get("code") or ""), bool(p.get("proven", True))
        return replace(
            before, scoring=str(p["scoring"]), danger=str(p["danger"]), nonce=code, proven=proven
        )
    if e.kind == "fta-commit":
        return Seal(
            seat,
            str(p["commitment"]),
            str(p["label"]),
            None,
            None,
            "",
            e.slot_version or 0,
            "commit",
            str(p.get("lock") or ""),
            str(p.get("by") or "phone"),
        )
    return Seal(
        seat,
        str(p["fingerprint"]),
        str(p["label"]),
        str(p["scoring"]),
        str(p["danger"]),
        str(p["nonce"]),
        e.slot_version or 0,
    )
