from __future__ import annotations

import pytest

from companion.words.lexicon import Lexicon, LexiconInfo

SMALL = """team mate mates meats steam tames teams meat tea eat ate sat seat east eats
quiz quizzes jinx cat cats act scat tacos coat coast cost cot taco at as qi za
bake baked baking stop stopped stopping city cities carry carried inquest quiet quite
""".split()
ZIPF = {"team": 5.0, "cat": 4.8, "eat": 5.3, "tea": 4.7, "quiz": 4.0, "qi": 1.8, "za": 1.5}


def zipf_source(words):
    return [ZIPF.get(w, 0.0) for w in words]


@pytest.fixture
def small() -> Lexicon:
    return Lexicon(LexiconInfo("small", "Small test list", "en"), SMALL, zipf_source)
