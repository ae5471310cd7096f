"""Draw the home-screen icons (static/icon-192.png, static/icon-512.png) from static/icon.svg.

Run after changing the SVG: ``.venv/bin/pip install resvg-py && .venv/bin/python
tools/make_icons.py``. The PNGs are committed, so a server never needs this tool.
"""

from __future__ import annotations

from pathlib import Path

import resvg_py  # type: ignore[import-not-found]

STATIC = Path(__file__).resolve().parent.parent / "static"


def main() -> None:
    svg = (STATIC / "icon.svg").read_text()
    for size in (192, 512):
        png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size)
        (STATIC / f"icon-{size}.png").write_bytes(bytes(png))
        print(f"static/icon-{size}.png")


if __name__ == "__main__":
    main()
