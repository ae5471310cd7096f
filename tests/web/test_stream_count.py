"""``GET /live/streams``: the worker's count of open event streams, and ``?until=N`` to wait
for a count (the stream tests wait on it instead of polling)."""

from __future__ import annotations


def test_the_stream_count_answers_at_once_when_it_already_is_the_number_asked(client) -> None:
    assert client.get("/live/streams?until=0").json["open"] == 0  # no stream open: no wait
    for odd in ("abc", "-1", "9" * 40):  # what it cannot read it ignores
        assert client.get(f"/live/streams?until={odd}").json["open"] == 0
