"""The OpenAPI 3.1 description of the JSON referee API, served at /api/v1/openapi.json.

Written from ../shared/REFEREE_API.md. A test checks that every /api/v1 URL the app serves is
described here, and a property-based fuzz run sends thousands of generated bodies to each.
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.games.protocol import JSON
from companion.web import bounds
from companion.web.bounds import ROUTES

bp = Blueprint("openapi", __name__)

# an OpenAPI object (a schema, an operation, a path's methods, the answers): JSON by name
Schema = dict[str, JSON]

SEAT_MAP: Schema = {"type": "object", "additionalProperties": {"type": "integer"}}
CARDS: Schema = {"type": "array", "items": {"type": "string"}}
CARDS_BY_SEAT: Schema = {"type": "object", "additionalProperties": CARDS}
OPTIONS: Schema = {"type": "object", "properties": {"preset": {"type": "string"}}}
TRICKS: Schema = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["leader", "cards"],
        "properties": {"leader": {"type": "integer"}, "cards": CARDS},
    },
}
VIOLATION: Schema = {
    "type": "object",
    "properties": {
        "trick": {"type": ["integer", "null"]},
        "play": {"type": "integer"},
        "seat": {"type": ["integer", "null"]},
        "card": {"type": ["string", "null"]},
        "rule": {"type": "string"},
        "message": {"type": "string"},
    },
}
ERROR: Schema = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string"}},
}
CHOICE: Schema = {"type": ["string", "null"], "enum": ["add", "subtract", None]}


def _body(properties: Schema, required: list[str] | None = None) -> Schema:
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _post(summary: str, body: Schema, answer: Schema) -> Schema:
    return {
        "post": {
            "summary": summary,
            "requestBody": body,
            "responses": {
                "200": {
                    "description": "Read; any rule broken is listed, not refused.",
                    "content": {
                        "application/json": {"schema": {"type": "object", "properties": answer}}
                    },
                },
                "400": {
                    "description": "Input that cannot be read, naming the field and the value.",
                    "content": {"application/json": {"schema": ERROR}},
                },
            },
        }
    }


HAND_ANSWER: Schema = {
    "complete": {"type": "boolean"},
    "violations": {"type": "array", "items": VIOLATION},
    "winners": {"type": "array", "items": {"type": "integer"}},
    "taken": CARDS_BY_SEAT,
    "points": SEAT_MAP,
    "choice_required": {"type": "boolean"},
    "hand_scores": {"type": ["object", "null"]},
}
SEQUENCES: Schema = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "plays": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"seat": {"type": "integer"}, "card": {"type": "string"}},
                },
            },
            "ended_by_ace": {"type": "boolean"},
        },
    },
}
SUITS: Schema = {"type": "object", "additionalProperties": {"type": "string"}}

PATHS: Schema = {
    "/api/v1/referee/spades/check": _post(
        "Check a Spades hand entered trick by trick (follow suit, spades not led until broken).",
        _body({"options": OPTIONS, "dealer": {"type": "integer"}, "tricks": TRICKS}, ["tricks"]),
        {k: HAND_ANSWER[k] for k in ("complete", "violations", "winners")} | {"taken": SEAT_MAP},
    ),
    "/api/v1/referee/spades/score": _post(
        "Score a Spades hand from bids (1-13, nil, blind-nil) and tricks taken, per team.",
        _body(
            {"options": OPTIONS, "bids": SEAT_MAP, "taken": SEAT_MAP, "bags_before": SEAT_MAP},
            ["bids", "taken"],
        ),
        {
            "scores": SEAT_MAP,
            "bags": SEAT_MAP,
            "made": SEAT_MAP,
            "nils": SEAT_MAP,
            "points": SEAT_MAP,
            "violations": HAND_ANSWER["violations"],
        },
    ),
    "/api/v1/referee/oh-hell/check": _post(
        "Check an Oh Hell hand entered trick by trick (follow suit; the trump suit wins).",
        _body(
            {
                "options": OPTIONS,
                "cards": {"type": "integer"},
                "trump": {"type": "string"},
                "dealer": {"type": "integer"},
                "tricks": TRICKS,
            },
            ["cards", "tricks"],
        ),
        {k: HAND_ANSWER[k] for k in ("complete", "violations", "winners")} | {"taken": SEAT_MAP},
    ),
    "/api/v1/referee/oh-hell/score": _post(
        "Score an Oh Hell hand from bids and tricks taken; with 'dealer', the hook is checked.",
        _body(
            {
                "options": OPTIONS,
                "cards": {"type": "integer"},
                "bids": SEAT_MAP,
                "taken": SEAT_MAP,
                "dealer": {"type": "integer"},
            },
            ["cards", "bids", "taken"],
        ),
        {"points": SEAT_MAP, "violations": HAND_ANSWER["violations"]},
    ),
    "/api/v1/referee/hearts/check": _post(
        "Check a Hearts hand entered trick by trick.",
        _body(
            {
                "options": OPTIONS,
                "tricks": TRICKS,
                "kitty": CARDS,
                "totals_before": SEAT_MAP,
                "moon_choice": CHOICE,
            },
            ["tricks"],
        ),
        {**HAND_ANSWER, "shooter": {"type": ["object", "null"]}},
    ),
    "/api/v1/referee/hearts/score": _post(
        "Score a Hearts hand from the cards each seat took.",
        _body(
            {
                "options": OPTIONS,
                "taken": CARDS_BY_SEAT,
                "tricks_taken": SEAT_MAP,
                "totals_before": SEAT_MAP,
                "moon_choice": CHOICE,
            },
            ["taken"],
        ),
        HAND_ANSWER,
    ),
    "/api/v1/referee/consonants/check": _post(
        "Check a Consonants hand entered trick by trick.",
        _body(
            {"options": OPTIONS, "tricks": TRICKS, "kitty": CARDS, "flying_choice": CHOICE},
            ["tricks"],
        ),
        {**HAND_ANSWER, "flying_by_night": {"type": ["integer", "null"]}},
    ),
    "/api/v1/referee/consonants/score": _post(
        "Score a Consonants hand: cards taken, words laid and challenges.",
        _body(
            {
                "options": OPTIONS,
                "taken": CARDS_BY_SEAT,
                "words": CARDS_BY_SEAT,
                "challenges": {"type": "array", "items": {"type": "object"}},
                "lexicon": {"type": "string"},
                "flying_choice": CHOICE,
            },
            ["taken"],
        ),
        {
            "points": SEAT_MAP,
            "hand_scores": {"type": ["object", "null"]},
            "challenges": {"type": "array"},
        },
    ),
    "/api/v1/words/judge": _post(
        "One verdict for a play of one or more words (letters A to Z, at most 45 each;"
        " other input is a 400 naming the item, before any verdict).",
        _body({"lexicon": {"type": "string"}, "words": CARDS}, ["words"]),
        {"valid": {"type": "boolean"}},
    ),
    "/api/v1/referee/alphagrams/play": _post(
        "Judge an AlphaGrams move: a new word or a steal.",
        _body(
            {
                "lexicon": {"type": "string"},
                "word": {"type": "string"},
                "steal": {"type": "string"},
                "options": OPTIONS,
            },
            ["word"],
        ),
        {"valid": {"type": "boolean"}, "rule": {"type": ["string", "null"]}},
    ),
    "/api/v1/referee/alphagrams/score": _post(
        "Score an AlphaGrams game and rank the seats.",
        _body({"words": CARDS_BY_SEAT, "options": OPTIONS}, ["words"]),
        {"points": SEAT_MAP, "ranking": {"type": "array", "items": {"type": "integer"}}},
    ),
    "/api/v1/referee/follow-the-author/check": _post(
        "Check one Follow the Author hand and work out the in-play points.",
        _body(
            {
                "hand": {"type": "string", "enum": ["alpha", "omega"]},
                "options": OPTIONS,
                "sequences": SEQUENCES,
                "first_out": {"type": ["integer", "null"]},
            },
            ["sequences"],
        ),
        {
            "violations": {"type": "array", "items": VIOLATION},
            "in_play_points": SEAT_MAP,
            "events": {"type": "array"},
        },
    ),
    "/api/v1/referee/follow-the-author/score-round": _post(
        "Score the end of a Follow the Author round, category by category.",
        _body(
            {
                "stores": CARDS_BY_SEAT,
                "scoring_suits": SUITS,
                "danger_suits": SUITS,
                "alpha_dealer": {"type": "integer"},
            },
            ["stores", "scoring_suits", "danger_suits"],
        ),
        {"points": SEAT_MAP, "breakdown": {"type": "object"}},
    ),
    "/api/v1/lexicons": {
        "get": {
            "summary": "The word lists loaded on this server.",
            "responses": {
                "200": {
                    "description": "One entry per list.",
                    "content": {"application/json": {"schema": {"type": "array"}}},
                }
            },
        }
    },
}

TOO_MUCH: Schema = {
    "type": "object",
    "required": ["error", "field", "limit", "got"],
    "properties": {
        "error": {"type": "string"},
        "field": {"type": "string", "description": "'body' or where the items are"},
        "limit": {"type": "integer"},
        "got": {"type": "integer"},
    },
}


def _with_limits(paths: Schema) -> None:
    """Each bounded route's limits (``companion.web.bounds``) and its 413, as enforced."""
    for path in ROUTES:
        operation = _object(_object(paths[path])["post"])
        operation["description"] = bounds.describe(path)
        _object(operation["responses"])["413"] = {
            "description": "More than the route reads (the body, or items at one place); "
            "refused before any of it is read.",
            "content": {"application/json": {"schema": TOO_MUCH}},
        }


def _object(value: JSON) -> Schema:
    """A part of the description that is itself an object (written here, so always one)."""
    if not isinstance(value, dict):
        raise TypeError(f"not an object: {value!r}")
    return value


_with_limits(PATHS)

SPEC: Schema = {
    "openapi": "3.1.0",
    "info": {
        "title": "Companion referee API",
        "version": "1",
        "description": "Stateless rules engines for Hearts, Consonants, AlphaGrams, Follow the "
        "Author and the word judge. 200 whenever the input could be read (rule breaks are listed "
        "as violations); 400 with an error naming the field for input that cannot be read; 413 "
        "for more than a route reads (each route lists its limits: far more than a real game "
        "sends, and few enough that one request takes a few milliseconds).",
    },
    "paths": PATHS,
}


def all_paths() -> Schema:
    """The referee API's paths and the Table API's."""
    from companion.web.openapi_circle import paths as circle_paths
    from companion.web.openapi_table import paths

    return {**PATHS, **paths(), **circle_paths()}


@bp.get("/api/v1/openapi.json")
def openapi() -> ResponseReturnValue:
    spec = dict(SPEC, paths=all_paths())
    bearer: Schema = {"type": "http", "scheme": "bearer"}
    spec["components"] = {"securitySchemes": {"tableKey": bearer, "circleKey": bearer}}
    return jsonify(spec)
