"""parse() keeps what it parsed: the same text again gives an equal tree of its own, unparsed."""
import attrs

from rulelang.language import parser
from support import ROOT


def same_tree(a, b) -> bool:
    """Syntax nodes compare by identity: compare what they hold, field by field."""
    if type(a) is not type(b):
        return False
    if attrs.has(type(a)):
        return all(same_tree(getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(type(a)))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(map(same_tree, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_tree(a[k], b[k]) for k in a)
    return a == b


def test_a_text_parsed_again_gives_an_equal_tree_that_is_its_own():
    text = (ROOT / "examples" / "nim.rules").read_text()
    first = parser.parse(text, "nim.rules")
    first.decls.clear()  # the checker annotates a tree: what a caller does to it stays there
    again = parser.parse(text, "nim.rules")
    assert again.decls and same_tree(again, parser._parse_module(text, "nim.rules"))
    assert not same_tree(again, parser._parse_module(text.replace("7", "8"), "nim.rules"))
    assert again is not parser.parse(text, "nim.rules")
    assert again.decls[0] is not parser.parse(text, "nim.rules").decls[0]


def test_the_same_text_under_another_name_is_parsed_under_that_name():
    text = (ROOT / "examples" / "nim.rules").read_text()
    assert parser.parse(text, "a.rules").decls[0].span.file == "a.rules"
    assert parser.parse(text, "b.rules").decls[0].span.file == "b.rules"


def test_a_text_parsed_again_is_not_parsed_by_lark(monkeypatch):
    text = 'game "Kept"\nplayers 2\nturn { win current }\n'
    parser.parse(text, "kept.rules")
    monkeypatch.setattr(parser, "_parse_tree", None)  # calling it would fail
    assert parser.parse(text, "kept.rules").decls


def test_what_is_kept_is_bounded(monkeypatch):
    monkeypatch.setattr(parser, "MAX_PARSED", 3)
    for n in range(10):
        parser.parse(f'game "G{n}"\nplayers 2\nturn {{ win current }}\n', f"g{n}.rules")
    assert len(parser._PARSED) <= 3
