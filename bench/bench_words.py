"""Word list benchmark: load time, memory, lookup time, anagram helper; beside a plain set.

Run: ``.venv/bin/python bench/bench_words.py [--list dictionaries/en.txt] [--racks 30]``.
Prints p50/p95 for each measure and the ratio to the plain-``set`` baseline measured in the
same run. Figures, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import string
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from companion.words import anagram, helper, loader
from companion.words.lexicon import Lexicon

ROOT = Path(__file__).resolve().parent.parent
# Letter frequencies roughly as in English text, for realistic racks.
WEIGHTS = dict(
    zip(
        string.ascii_lowercase,
        [8, 2, 3, 4, 12, 2, 2, 6, 7, 1, 1, 4, 2, 7, 8, 2, 1, 6, 6, 9, 3, 1, 2, 1, 2, 1],
        strict=True,
    )
)


def pct(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def memory(fn: Callable[[], object]) -> tuple[object, int]:
    gc.collect()
    tracemalloc.start()
    value = fn()
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return value, size


def row(name: str, ours: list[float], base: list[float], unit: float, label: str) -> None:
    (p50, p95), (b50, b95) = pct(ours), pct(base)
    print(
        f"{name:<34} p50 {p50 / unit:9.3f} {label}  p95 {p95 / unit:9.3f} {label}   "
        f"set: p50 {b50 / unit:9.3f}  p95 {b95 / unit:9.3f}   ratio p50 {p50 / b50:6.2f}x"
    )


def bench_load(path: Path, runs: int) -> None:
    def ours() -> Lexicon:
        return Lexicon(loader.read_info(path), loader.read_words(path))

    def base() -> set[str]:
        return set(path.read_text().split())

    row("load (read + build)", timed(ours, runs), timed(base, runs), 1e-3, "ms")


def bench_memory(path: Path) -> Lexicon:
    info = loader.read_info(path)
    lex, words_mem = memory(lambda: Lexicon(info, loader.read_words(path)))
    _, base_mem = memory(lambda: set(path.read_text().split()))
    assert isinstance(lex, Lexicon)
    lex = Lexicon(info, lex.words, loader.wordfreq_zipf(info.language))
    _, zipf_mem = memory(lex.zipf_table)
    start = time.perf_counter()
    _, index_mem = memory(lambda: anagram.index_of(lex))
    build = time.perf_counter() - start
    mb = 1024 * 1024
    total = words_mem + zipf_mem + index_mem
    print(
        f"memory: words {words_mem / mb:.1f} MB + commonness {zipf_mem / mb:.1f} MB + "
        f"anagram index {index_mem / mb:.1f} MB = {total / mb:.1f} MB; "
        f"plain set {base_mem / mb:.1f} MB; ratio words-only {words_mem / base_mem:.2f}x, "
        f"all {total / base_mem:.2f}x"
    )
    print(f"anagram index build (under tracemalloc): {build * 1000:.0f} ms")
    return lex


def bench_lookup(lex: Lexicon, rnd: random.Random, batches: int = 200, size: int = 1000) -> None:
    plain = set(lex.words)
    present = rnd.sample(lex.words, size // 2)
    absent = ["".join(rnd.choices(string.ascii_lowercase, k=7)) + "q" for _ in range(size // 2)]
    probes = [w.upper() for w in present + absent]
    lower = [w.lower() for w in probes]

    def ours() -> int:
        return sum(1 for w in probes if w in lex)  # case-insensitive, as the judge asks

    def base() -> int:
        return sum(1 for w in lower if w in plain)

    assert ours() == base()
    row("lookup (per word)", timed(ours, batches), timed(base, batches), size * 1e-6, "us")


def rack(rnd: random.Random, n: int = 15) -> str:
    return "".join(rnd.choices(list(WEIGHTS), weights=list(WEIGHTS.values()), k=n))


def brute_force(words: set[str], letters: str, wilds: int) -> list[str]:
    have = Counter(letters)
    return [w for w in words if len(w) >= 3 and (Counter(w) - have).total() <= wilds]


def bench_anagram(lex: Lexicon, rnd: random.Random, racks: int) -> None:
    helper.find(lex, "warmup", 2)
    plain = set(lex.words)
    samples = [rack(rnd) for _ in range(racks)]
    found: list[int] = []
    ours = []
    for letters in samples:
        start = time.perf_counter()
        found.append(len(helper.find(lex, letters, 2)))
        ours.append(time.perf_counter() - start)
    base = []
    for letters in samples[: max(3, racks // 10)]:
        start = time.perf_counter()
        expected = brute_force(plain, letters, 2)
        base.append(time.perf_counter() - start)
        assert sorted(expected) == sorted(helper.find(lex, letters, 2))
    row("anagram: 15 letters + 2 wilds", ours, base, 1e-3, "ms")
    print(
        f"  words found per rack: median {statistics.median(found):.0f}, max {max(found)}; "
        f"racks {racks} (baseline on {len(base)}, checked equal)"
    )
    cards = [rack(rnd, 10) for _ in range(racks)]
    timings = timed_iter(
        lambda i: helper.find(lex, cards[i], 2, ["ae", "io", "ou", "ei", "au"]), racks
    )
    print(
        f"anagram: 10 letters + 5 vowel cards + 2 wilds  p50 {pct(timings)[0] * 1e3:.1f} ms  "
        f"p95 {pct(timings)[1] * 1e3:.1f} ms"
    )


def timed_iter(fn: Callable[[int], object], runs: int) -> list[float]:
    out = []
    for i in range(runs):
        start = time.perf_counter()
        fn(i)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--list", type=Path, default=ROOT / "dictionaries" / "en.txt")
    parser.add_argument("--racks", type=int, default=30)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rnd = random.Random(2024)
    print(f"list: {args.list}")
    bench_load(args.list, args.runs)
    lex = bench_memory(args.list)
    print(f"words: {len(lex)}")
    bench_lookup(lex, rnd)
    bench_anagram(lex, rnd, args.racks)


if __name__ == "__main__":
    main()
