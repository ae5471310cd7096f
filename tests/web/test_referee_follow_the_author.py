"""The Follow the Author referee API, exactly as REFEREE_API.md describes it."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CHECK = "/api/v1/referee/follow-the-author/check"
SCORE = "/api/v1/referee/follow-the-author/score-round"


def plays(*items):
    return [{"seat": int(i[0]), "card": i[2:]} for i in items]


def test_check_the_contract_example(api_client):
    body = {
        "hand": "alpha",
        "options": {"back_and_forth": False},
        "sequences": [
            {"plays": plays("1:Author", "0:Bard", "1:Ace of Suns"), "ended_by_ace": True}
        ],
        "first_out": 1,
    }
    answer = api_client.post(CHECK, json=body)
    assert answer.status_code == 200
    assert answer.get_json() == {
        "violations": [],
        "in_play_points": {"0": 0, "1": 1},
        "events": [{"play": 2, "seat": 1, "kind": "finish-first", "points": 1}],
    }


def test_check_reports_violations_over_the_flattened_plays(api_client):
    body = {
        "sequences": [
            {"plays": plays("0:Author", "1:Ace of Suns")},
            {"plays": plays("1:Ace of Moons", "0:Ace of Knots", "1:Bard")},
            {"plays": plays("0:Window", "1:Sea")},
        ]
    }
    answer = api_client.post(CHECK, json=body)
    assert answer.status_code == 200
    got = [(v["play"], v["seat"], v["card"], v["rule"]) for v in answer.get_json()["violations"]]
    assert got == [
        (1, 1, "Ace of Suns", "ace-suit"),
        (2, 1, "Ace of Moons", "ace-lead"),
        (3, 0, "Ace of Knots", "ace-on-ace"),
        (6, 1, "Sea", "order"),
    ]
    assert all(v["message"].endswith(".") for v in answer.get_json()["violations"])


def test_check_back_and_forth_omega(api_client):
    body = {
        "hand": "omega",
        "options": {"preset": "back-and-forth"},
        "sequences": [{"plays": plays("0:Window", "1:Sea", "0:Author")}],
    }
    assert api_client.post(CHECK, json=body).get_json()["violations"] == []
    body["hand"] = "alpha"
    assert len(api_client.post(CHECK, json=body).get_json()["violations"]) == 2


def test_check_the_seed_run_example(api_client):
    body = {"sequences": [{"plays": plays("0:Darkness", "1:Island", "0:Mill", "1:Watchman")}]}
    answer = api_client.post(CHECK, json=body).get_json()
    assert answer["events"] == [{"play": 3, "seat": 1, "kind": "run", "points": 4}]
    assert answer["in_play_points"] == {"0": 0, "1": 4}


def test_check_same_rank(api_client):
    body = {"sequences": [{"plays": plays("0:The Author", "1:desert", "0:ORIGIN")}]}
    answer = api_client.post(CHECK, json=body).get_json()
    assert [(e["play"], e["kind"], e["points"]) for e in answer["events"]] == [
        (1, "same-rank", 1),
        (2, "same-rank", 2),
    ]
    assert answer["in_play_points"] == {"0": 2, "1": 1}


def test_score_round_contract_example(api_client):
    body = {
        "stores": {"0": ["Author", "Huntress"], "1": ["Excuse"]},
        "scoring_suits": {"0": "Moons", "1": "Knots"},
        "danger_suits": {"0": "Wyrms", "1": "Moons"},
        "alpha_dealer": 0,
    }
    answer = api_client.post(SCORE, json=body)
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["points"] == {"0": 5, "1": 2}
    fields = {
        "sagaciousness",
        "excuse",
        "most_scoring",
        "most_danger",
        "pairs",
        "longest_run",
        "sociability",
        "vulnerability",
    }
    assert set(data["breakdown"]) == {"0", "1"}
    assert all(set(b) == fields for b in data["breakdown"].values())
    assert data["breakdown"]["0"]["most_scoring"] == 2
    assert data["breakdown"]["0"]["sociability"] == 3
    assert data["breakdown"]["1"]["excuse"] == 2


def test_score_round_negative_points_are_signed(api_client):
    body = {
        "stores": {"0": [], "1": ["Desert", "Pact", "Bard"]},
        "scoring_suits": {"0": "Moons", "1": "Knots"},
        "danger_suits": {"0": "Wyrms", "1": "Suns"},
    }
    data = api_client.post(SCORE, json=body).get_json()
    assert data["breakdown"]["1"]["most_danger"] == -12
    assert data["points"]["1"] == -12


@pytest.mark.parametrize(
    "url, body, word",
    [
        (CHECK, {"sequences": [{"plays": [{"seat": 0, "card": "Foo"}]}]}, "Foo"),
        (CHECK, {"sequences": [{"plays": [{"seat": 2, "card": "Author"}]}]}, "seat"),
        (CHECK, {"sequences": [{"plays": [{"seat": "0", "card": "Author"}]}]}, "seat"),
        (CHECK, {"sequences": [{"plays": [{"seat": 0, "card": 7}]}]}, "card"),
        (CHECK, {"sequences": [{"plays": [{"seat": 0}]}]}, "card"),
        (CHECK, {"sequences": [["Author"]]}, "sequences[0]"),
        (CHECK, {"sequences": [{"plays": "Author"}]}, "plays"),
        (CHECK, {"sequences": [{"plays": [], "ended_by_ace": "yes"}]}, "ended_by_ace"),
        (CHECK, {"sequences": "x"}, "sequences"),
        (CHECK, {"hand": "beta"}, "hand"),
        (CHECK, {"first_out": 5}, "first_out"),
        (CHECK, {"options": {"preset": "nope"}}, "preset"),
        (CHECK, {"options": {"colour": "red"}}, "colour"),
        (CHECK, {"options": []}, "options"),
        (
            SCORE,
            {
                "stores": {"0": ["Nope"]},
                "scoring_suits": {"0": "Moons", "1": "Suns"},
                "danger_suits": {"0": "Suns", "1": "Moons"},
            },
            "Nope",
        ),
        (
            SCORE,
            {
                "stores": {"2": []},
                "scoring_suits": {"0": "Moons", "1": "Suns"},
                "danger_suits": {"0": "Suns", "1": "Moons"},
            },
            "stores",
        ),
        (
            SCORE,
            {
                "stores": {"0": "Author"},
                "scoring_suits": {"0": "Moons", "1": "Suns"},
                "danger_suits": {"0": "Suns", "1": "Moons"},
            },
            "stores",
        ),
        (
            SCORE,
            {
                "stores": {},
                "scoring_suits": {"0": "Stars", "1": "Suns"},
                "danger_suits": {"0": "Suns", "1": "Moons"},
            },
            "Stars",
        ),
        (
            SCORE,
            {
                "stores": {},
                "scoring_suits": {"0": "Moons"},
                "danger_suits": {"0": "Suns", "1": "Moons"},
            },
            "scoring_suits",
        ),
        (SCORE, {"stores": {}, "scoring_suits": {"0": "Moons", "1": "Suns"}}, "danger_suits"),
        (
            SCORE,
            {
                "stores": {},
                "scoring_suits": {"0": "Moons", "1": "Suns"},
                "danger_suits": {"0": "Suns", "1": 3},
            },
            "danger_suits",
        ),
        (
            SCORE,
            {
                "stores": {},
                "scoring_suits": {"0": "Moons", "1": "Suns"},
                "danger_suits": {"0": "Suns", "1": "Moons"},
                "alpha_dealer": 2,
            },
            "alpha_dealer",
        ),
    ],
)
def test_unreadable_input_is_400_naming_the_field_or_value(api_client, url, body, word):
    answer = api_client.post(url, json=body)
    assert answer.status_code == 400
    assert word in answer.get_json()["error"]


@pytest.mark.parametrize("url", [CHECK, SCORE])
@pytest.mark.parametrize("raw", ["{bad", "[]", "null", "3", '"text"'])
def test_a_body_that_is_not_an_object_is_400(api_client, url, raw):
    answer = api_client.post(url, data=raw, content_type="application/json")
    assert answer.status_code == 400 and "error" in answer.get_json()


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from(["Author", "Ace of Moons", "Moons", "alpha", "omega", "0", "1", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "hand",
                    "options",
                    "sequences",
                    "plays",
                    "seat",
                    "card",
                    "ended_by_ace",
                    "first_out",
                    "stores",
                    "scoring_suits",
                    "danger_suits",
                    "alpha_dealer",
                    "0",
                    "1",
                    "preset",
                    "rounds",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(url=st.sampled_from([CHECK, SCORE]), body=JSON)
def test_no_body_gives_a_server_error(api_client, url, body):
    answer = api_client.post(url, json=body)
    assert answer.status_code in (200, 400)
    assert isinstance(answer.get_json(), dict)
