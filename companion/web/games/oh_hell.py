"""Oh Hell's pages: the shared bidding game's pages (``_bidding``) with Oh Hell's own options
and rules page. The game: ``companion.games.oh_hell``."""

from __future__ import annotations

from companion.web.games._bidding import game

PAGES, bp = game("oh-hell", "bidding/_options_oh_hell.html", "bidding/_rules_oh_hell.html")
