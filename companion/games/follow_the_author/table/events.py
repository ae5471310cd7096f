"""Follow the Author at a table: the stored event kinds and their slots (names kept as
stored, so old games keep working).

Event kinds (each a change in a versioned slot, so two phones never overwrite each other):

- ``fta-points`` (slot ``r{n}{hand}``): ``hand``, ``points`` [seat 0, seat 1], a hand's
  in-play points typed in;
- ``fta-play`` (slot ``r{n}{hand}``): ``hand``, ``seat``, ``card`` (a title), or ``end`` when
  the sequence ends;
- ``fta-seal`` (slot ``r{n}seal{seat}``): ``seat``, ``fingerprint``, ``label``, ``scoring``,
  ``danger``, ``nonce``: the older seal, the choice in plain text (old games only: no longer
  made);
- ``fta-commit`` (slot ``r{n}seal{seat}``): ``seat``, ``commitment``, ``label``, ``lock`` (may
  be ""), ``by`` ("phone" or "host"): a sealed choice whose key only the sealing phone holds
  (``seal``); the server stores no suit;
- ``fta-open`` (slot ``r{n}open{seat}``): ``seat``, ``scoring``, ``danger``, ``code`` (the
  recovery code; "" when taken on the player's word), ``proven``: a commitment opened after
  the reveal, checked before it is stored. Never undone;
- ``fta-ready`` (slot ``r{n}ready{seat}``): ``seat``, that seat says the omega hand is over
  and asks for the reveal (its phone's typed omega points say the same while in force);
- ``fta-reveal`` (slot ``r{n}reveal``): ``why``; the omega hand is over: from now on sealed
  choices are shown (older seals) or may be opened (commitments).
  Neither it nor a request for it can be undone: a reveal is final (``fta.reveal_due``);
- ``fta-store`` (slot ``r{n}store{seat}``): ``seat``, ``cards`` (titles);
- ``fta-aside`` (slot ``r{n}aside``): ``cards``, the cards set aside this round (in no store).

"""

from __future__ import annotations

from companion.games.follow_the_author.rounds import Hand

HANDS: tuple[Hand, ...] = ("alpha", "omega")
KINDS = frozenset(
    {
        "fta-points",
        "fta-play",
        "fta-seal",
        "fta-commit",
        "fta-open",
        "fta-ready",
        "fta-reveal",
        "fta-store",
        "fta-aside",
    }
)
UNDOABLE = frozenset({"fta-points", "fta-play", "fta-store", "fta-aside"})


def hand_slot(number: int, hand: str) -> str:
    return f"r{number}{hand}"


def seal_slot(number: int, seat: int) -> str:
    return f"r{number}seal{seat}"


def open_slot(number: int, seat: int) -> str:
    return f"r{number}open{seat}"


def store_slot(number: int, seat: int) -> str:
    return f"r{number}store{seat}"


def aside_slot(number: int) -> str:
    return f"r{number}aside"


def reveal_slot(number: int) -> str:
    return f"r{number}reveal"


def ready_slot(number: int, seat: int) -> str:
    return f"r{number}ready{seat}"


def seal_label(number: int, seat: int) -> str:
    return f"round {number} seat {seat + 1}"


def seal_text(scoring: str, danger: str) -> str:
    """What the fingerprint seals: both suits, scoring first."""
    return f"{scoring} {danger}"
