"""The did-you-mean guess (rulelang.language.errors.closest) is the one difflib's
get_close_matches gives, only sooner: the same name for any word and candidates, ties and
near misses included."""
from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from rulelang.language.errors import closest, did_you_mean

NAMES = st.text(alphabet="abcdeuv01_", min_size=0, max_size=9)


@settings(max_examples=150, deadline=None)
@given(NAMES, st.lists(NAMES, max_size=20), st.sampled_from([0.0, 0.5, 0.6, 0.8]))
def test_the_guess_is_get_close_matches_first(word, candidates, cutoff):
    expected = difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff)
    assert closest(word, candidates, cutoff) == (expected[0] if expected else None)


def test_among_hundreds_of_like_names_the_guess_is_the_same():
    names = [f"value{i}" for i in range(500)] + ["valeu", "vlaue17", "value_17"]
    for word in ["valeu17", "vaule499", "value", "xyz"]:
        expected = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
        assert closest(word, names) == (expected[0] if expected else None)
    assert did_you_mean("valeu17", names) == "did you mean 'value17'?"
    assert did_you_mean("qqqq", names) is None
