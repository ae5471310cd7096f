"""Spades' pages: the shared bidding game's pages (``_bidding``) with Spades' own options
and rules page. The game: ``companion.games.spades``."""

from __future__ import annotations

from companion.web.games._bidding import game

PAGES, bp = game("spades", "bidding/_options_spades.html", "bidding/_rules_spades.html")
