"""The custom scoresheet's Table API ``state`` (TABLE_API.md): the round under way, who is
missing in it, every cell with its version, and the seats' version. Nothing is secret."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.custom.table.state import SEATS_SLOT, State
from companion.games.protocol import JSON


def view(state: State, versions: Mapping[str, int]) -> dict[str, JSON]:
    sheet = state.sheet
    cells = [
        {"round": r, "seat": s, "points": p, "version": versions.get(state.cell_slot(r, s), 0)}
        for (r, s), p in sorted(state.cells.items())
    ]
    return {
        "round": sheet.current_round,
        "missing": list(sheet.missing),
        "cells": cells,
        "seats": state.players,
        "seats_version": versions.get(SEATS_SLOT, 0),
    }
