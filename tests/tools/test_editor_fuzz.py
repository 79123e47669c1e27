"""The formatter and the language server's analysis on near-valid programs (the security
fuzz's mutations, laid out with random line breaks and spaces)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulelang.language.errors import ParseError
from rulelang.tools.formatter import format_text
from rulelang.tools.language_server.document import ParseCache, analyse
from support import soak
from support.mutations import SEED_TOKENS, mutate

FUZZ = settings(max_examples=soak.examples(50), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


def _laid_out(rng: random.Random, text: str) -> str:
    pieces = text.split(" ")
    out = [pieces[0]]
    for piece in pieces[1:]:
        inside_text = "".join(out).count('"') % 2 == 1  # a line break would end the string
        out.append(" " if inside_text else
                   rng.choice([" ", " ", " ", "\n", "\n  ", "   ", "\n\n", " # note\n"]))
        out.append(piece)
    return "".join(out)


@pytest.mark.slow
@pytest.mark.soak
@FUZZ
@given(st.integers(0, len(SEED_TOKENS) - 1), st.integers(0, 2**32))
def test_formatting_a_near_valid_program_keeps_its_meaning_and_settles(which, seed):
    rng = random.Random(seed)
    text = _laid_out(rng, mutate(rng, SEED_TOKENS[which]))
    try:
        once = format_text(text)  # raises RulesError if the meaning changed: a failure here
    except ParseError:
        return
    assert format_text(once) == once


@pytest.mark.slow
@pytest.mark.soak
@FUZZ
@given(st.integers(0, len(SEED_TOKENS) - 1), st.integers(0, 2**32))
def test_the_editor_analysis_never_fails_and_a_kept_one_agrees(which, seed):
    rng = random.Random(seed)
    cache = ParseCache()
    path = Path("fuzz.rules").resolve()
    original = _laid_out(rng, " ".join(SEED_TOKENS[which]))
    analyse(original, path, cache=cache)
    text = _laid_out(rng, mutate(rng, SEED_TOKENS[which]))
    kept, fresh = analyse(text, path, cache=cache), analyse(text, path)
    assert [d.render() for d in kept.diagnostics] == [d.render() for d in fresh.diagnostics]
    assert not any("internal error" in d.message for d in fresh.diagnostics)
