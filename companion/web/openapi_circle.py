"""The circle API's part of the OpenAPI description (TABLE_API.md, "Circles")."""

from __future__ import annotations

from companion.web.openapi import Schema
from companion.web.openapi_table import ERROR, _answers, _json
from companion.web.openapi_table import _op as table_op

CIRCLE_KEY: list[dict[str, list[str]]] = [{"circleKey": []}]
OBJ: Schema = {"type": "object"}
NAME: Schema = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
ID: Schema = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
ID_NAME: Schema = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {"id": {"type": "integer"}, "name": {"type": "string"}},
}
REFUSED = ("Readable, but refused: too many members, a name twice, no such member.", ERROR)


def _op(summary: str, body: Schema | None, answers: Schema, keyed: bool = True) -> Schema:
    return table_op(summary, body, answers, keyed, CIRCLE_KEY, "No circle key, or an unknown one.")


def paths() -> Schema:
    made: Schema = {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "maxLength": 60},
            "members": {"type": "array", "maxItems": 100, "items": {"type": "string"}},
        },
    }
    return {
        "/api/v1/circles": {
            "post": _op(
                "Start a circle: a name and members (at most 100); answers its link, its key "
                "(shown once) and the members' ids.",
                made,
                _answers(OBJ, "201", s422=REFUSED),
                keyed=False,
            )
        },
        "/api/v1/circle": {
            "get": _op(
                "The circle: members, its games (finished or not, member ids for seats, totals "
                "and winners), stats of finished games per member (played, won, win rate, each "
                "game's own figures by game, rating with its uncertainty), head to head, records.",
                None,
                {"200": {"description": "The circle.", **_json(OBJ)}},
            )
        },
        "/api/v1/circle/members": {
            "post": _op("Add a member.", NAME, _answers(OBJ, "201", s422=REFUSED))
        },
        "/api/v1/circle/rename": {
            "post": _op(
                "Rename a member: `id` and the new `name`.", ID_NAME, _answers(OBJ, s422=REFUSED)
            )
        },
        "/api/v1/circle/remove": {
            "post": _op(
                "Remove a member (`id`); their past results stay, under their name.",
                ID,
                _answers(OBJ, s422=REFUSED),
            )
        },
        "/api/v1/circle/import": {
            "post": _op(
                "A game exported as JSON (`export`) into a new table of the circle, checked as any "
                "import; each seat is the member of its name, or as `match` says (a seat's name or "
                "number to a member's id or name).",
                {
                    "type": "object",
                    "required": ["export"],
                    "properties": {"export": OBJ, "match": OBJ},
                },
                _answers(OBJ, "201", s422=REFUSED),
            )
        },
        "/api/v1/circle/rotate": {
            "post": _op(
                "A new circle link (the body: `{}`); the old one answers 404. The key stays.",
                OBJ,
                {"200": {"description": "The new link.", **_json(OBJ)}},
            )
        },
    }
