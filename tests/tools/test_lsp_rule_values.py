"""The language server on rules that give back a value: hover shows a rule's ``-> TYPE``
(through ``analyse``, as tests/tools/test_lsp.py's libraries tests read it, no client)."""
from __future__ import annotations

from support import ROOT


def where(text, needle):
    """0-based (line, col) of the first occurrence of needle in text."""
    start = text.index(needle)
    line = text.count("\n", 0, start)
    return line, start - (text.rindex("\n", 0, start) + 1 if line else 0)


def test_a_rules_hover_and_completion_show_the_type_of_the_value_it_gives_back():
    from rulelang.tools.language_server.document import analyse
    from rulelang.tools.language_server.server import _describe, _item
    path = ROOT / "tests" / "rules" / "call_the_bluff.rules"
    text = path.read_text()
    result = analyse(text, path)
    line, col = where(text, "challenge(current, n)")
    found = result.index.at(result.file, line + 1, col + 1)
    assert found is not None and found.definition.kind == "rule"
    assert "(rule) challenge: (claimer: player, claimed: int) -> bool" in _describe(found.definition)
    assert _item(found.definition).detail == "(claimer: player, claimed: int) -> bool"
    line, col = where(text, "show_one(claimer)")
    shown = _describe(result.index.at(result.file, line + 1, col + 1).definition)
    assert "show_one: (p: player) -> Chip" in shown
    assert result.diagnostics == []
