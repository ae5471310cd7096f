"""Card suits drawn as SVG in pages.

The engines word cards as ``Q♠`` (U+2660 to U+2667), which stays so in every text output
(exports, JSON APIs, history in the APIs). A phone may draw those characters as emoji or as
empty boxes, so a page shows each one as a small SVG icon from ``static/suits.svg`` instead,
with the suit's name as its accessible name ("Q spades" to a screen reader).

``|suits`` is for text positions only (never inside an attribute): it escapes the text, then
swaps each suit character for its icon. ``suit_icon(code)`` draws one suit by its letter.
"""

from __future__ import annotations

import re

from flask import Flask, url_for
from markupsafe import Markup, escape

CODES = {
    "\u2663": "C",
    "\u2667": "C",
    "\u2666": "D",
    "\u2662": "D",
    "\u2665": "H",
    "\u2661": "H",
    "\u2660": "S",
    "\u2664": "S",
}
NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
GLYPH = re.compile("((?:10|[2-9AJQKT])?)([\u2660-\u2667])\ufe0f?")


def suit_icon(code: str) -> Markup:
    """One suit (``C``, ``D``, ``H`` or ``S``) as an inline SVG using the sprite."""
    href = url_for("static", filename="suits.svg") + "#" + code
    return Markup(
        f'<svg class="suit-icon s-{code}" role="img" aria-label="{NAMES[code]}" '
        f'viewBox="0 0 100 100"><use href="{escape(href)}"></use></svg>'
    )


def with_suits(text: object) -> Markup:
    """``text`` escaped, its suit characters drawn as icons (for text positions only); a
    card's rank and suit are kept on one line (``10`` above its icon looks like two cards)."""

    def card(found: re.Match[str]) -> str:
        icon = suit_icon(CODES[found.group(2)])
        return f'<span class="card-name">{found.group(1)}{icon}</span>'

    return Markup(GLYPH.sub(card, str(escape(text))))


def init_app(app: Flask) -> None:
    app.jinja_env.filters["suits"] = with_suits
    app.jinja_env.globals["suit_icon"] = suit_icon
