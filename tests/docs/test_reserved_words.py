"""docs/language.md lists the words a name cannot be exactly as the language refuses them
(issue 29: `last` and `kind` were refused though the docs listed only keywords)."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.tools.reserved_words import BEGIN, END, paragraph
from support import ROOT


def test_the_docs_hold_the_list_the_language_makes():
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    shown = text[text.index(BEGIN):text.index(END) + len(END)]
    assert shown == paragraph(), "run: python -m rulelang.tools.reserved_words, paste into docs"


@pytest.mark.parametrize("word,declaration,refused", [
    ("last", "var last: int = 0", "'last' is a built-in name"),
    ("kind", "card C { kind: int }", "a card field cannot be called 'kind'"),
    ("while", "const while = 1", "while"),
])
def test_each_kind_of_word_listed_is_refused(word, declaration, refused):
    assert f"`{word}`" in paragraph()
    with pytest.raises(rulelang.RulesError, match=refused):
        rulelang.loads(f'game "t"\nplayers 2\n{declaration}\nturn {{ win current }}\n')


def test_a_local_name_may_hide_a_built_in_one():
    rulelang.loads('game "t"\nplayers 2\nfn f(last: int) = last\n'
                   'turn { let first = f(1)\n for top in [1] { log "{top}" }\n win current }\n')
