"""Spades' pages: the shared bidding game's pages (``_bidding``) with Spades' own options
and rules page. The game: ``companion.games.spades``."""

from __future__ import annotations

from companion.games.spades.table import GAME as TABLE
from companion.web.games._bidding import game

SPADES, bp = game(
    TABLE,
    "Spades",
    (4, 4),
    "4 players in two teams. Bids in turn, nil and bags; tricks entered as numbers.",
    "bidding/_options_spades.html",
    "bidding/_rules_spades.html",
)
