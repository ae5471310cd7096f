"""Ten phones change the same score at the same moment: exactly one change per version wins."""

from __future__ import annotations

import threading

from tests.web.tablehelp import csrf, enter, new_table, totals


def test_ten_threads_one_winner_per_version(app):
    host = app.test_client()
    table = new_table(host)
    enter(host, table, 1, {0: 1, 1: 1, 2: 1})
    cookie = host.get_cookie("session")
    assert cookie is not None
    token = csrf(host)
    barrier = threading.Barrier(10)
    results: list[tuple[int, int]] = []
    lock = threading.Lock()

    def change(value: int) -> None:
        phone = app.test_client()
        phone.set_cookie("session", cookie.value)
        data = {"csrf_token": token, "points-0": str(value), "version-0": "1", "edit": "1"}
        barrier.wait()
        answer = phone.post(f"{table}/round/1", data=data)
        with lock:
            results.append((value, answer.status_code))

    threads = [threading.Thread(target=change, args=(100 + i,)) for i in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [value for value, status in results if status == 303]
    assert len(winners) == 1
    assert sorted(status for _, status in results) == [303] + [409] * 9
    assert totals(host, table)[0] == str(winners[0])
    history = host.get(f"{table}/live").get_data(as_text=True)
    assert history.count(f"Ann {winners[0]} (was 1)") == 1
    assert history.count("(was 1)") == 1  # each accepted change shown once, no lost ones
