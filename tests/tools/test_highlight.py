"""Highlighting: the Pygments lexer (found through its entry point) and the TextMate grammar."""
from __future__ import annotations

import json
import re

import pytest
from lark.lexer import PatternStr
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, String

from rulelang.language.checker.expressions import BUILTIN_VALUES
from rulelang.language.parser import _lark
from rulelang.tools import highlight
from rulelang.tools.tokens import tokenize, vocabulary
from support import ROOT, rules_files

ALL_RULES = list(rules_files())
TEXTMATE = ROOT / "editors" / "vscode" / "syntaxes" / "rulelang.tmLanguage.json"


def lex(text):
    return list(get_lexer_by_name("rulelang").get_tokens(text))


def test_pygments_finds_the_lexer_by_name_and_by_file_name():
    assert isinstance(get_lexer_by_name("rulelang"), highlight.RulesLexer)
    assert isinstance(get_lexer_for_filename("game.rules"), highlight.RulesLexer)


def test_there_are_rules_files_everywhere_to_lex():
    assert {p.relative_to(ROOT).parts[0] for p in ALL_RULES} >= {"games", "examples", "tests",
                                                                  "rulelang"}


@pytest.mark.parametrize("path", ALL_RULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rules_file_lexes_without_an_error_token(path):
    text = path.read_text(encoding="utf-8")
    tokens = lex(text)
    assert [t for t in tokens if t[0] in Error] == []
    assert "".join(value for _, value in tokens).rstrip("\n") == text.rstrip("\n")


def test_a_stray_character_is_an_error_token():
    assert (Error, "@") in lex("const a = 1 @ 2\n")


def test_words_get_their_roles():
    tokens = lex('rule deal_round(p: player) {\n'
                 '  let n = size(hand[p])  # how many\n'
                 '  move top(deck) to hand[p]\n'
                 '  log "{p} has {n + 1} cards"\n'
                 '}\n'
                 'card Stone {\n  name "x"\n}\n')
    assert (Keyword.Declaration, "rule") in tokens
    assert (Name.Function, "deal_round") in tokens
    assert (Keyword.Type, "player") in tokens
    assert (Keyword, "let") in tokens and (Keyword, "move") in tokens and (Keyword, "to") in tokens
    assert (Name.Builtin, "size") in tokens and (Name.Builtin, "top") in tokens
    assert (Name, "hand") in tokens
    assert (String.Interpol, "{") in tokens and (Name, "n") in tokens
    assert (Name.Class, "Stone") in tokens and (Keyword.Declaration, "name") in tokens
    assert any(t == ("Token.Comment.Single", "# how many") or (str(t[0]), t[1]) ==
               ("Token.Comment.Single", "# how many") for t in tokens)


def test_doubled_braces_in_a_string_are_literal_braces_not_a_value():
    """`{{` and `}}` write a brace in a text: they were coloured as a value, `{` then a name."""
    tokens = lex('const c = "say {{politely}} to {p}"\n')
    assert (String.Escape, "{{") in tokens and (String.Escape, "}}") in tokens
    assert (Name, "politely") not in tokens and (Name, "p") in tokens
    escape = re.compile(highlight.textmate_grammar()["repository"]["string"]["patterns"][0]["match"])
    assert escape.match("{{") and escape.match("}}") and not escape.match("{p}")


def test_a_declaration_word_used_as_a_name_is_a_name():
    tokens = lex("rule r() {\n  score = 1\n  turn(1)\n}\n")
    assert (Name, "score") in tokens and (Name, "turn") in tokens


def test_the_vocabulary_read_from_the_grammar_matches_the_parser():
    literals = {t.pattern.value for t in _lark().terminals if isinstance(t.pattern, PatternStr)}
    v = vocabulary()
    operators = {"==", "!=", "<=", ">=", "<", ">", "*", "/", "%"}  # COMP_OP, MUL_OP alternatives
    assert set(v.words) | set(v.symbols) == literals | operators
    assert {"let", "move", "if", "win"} <= v.statement_words
    assert {"card", "zone", "rule", "fn", "players"} <= v.declaration_words


def test_the_tokenizer_gives_the_text_back():
    for path in ALL_RULES:
        text = path.read_text(encoding="utf-8")
        assert "".join(t.text for t in tokenize(text)) == text


def test_the_highlighters_know_the_checkers_built_in_values():
    assert set(highlight.BUILTIN_VALUES) == set(BUILTIN_VALUES)
    assert set(highlight.DEFINES) <= vocabulary().declaration_words


def test_the_textmate_grammar_in_editors_is_up_to_date():
    assert json.loads(TEXTMATE.read_text()) == highlight.textmate_grammar(), (
        "run: python -m rulelang.tools.highlight textmate > editors/vscode/syntaxes/"
        "rulelang.tmLanguage.json")


def test_the_textmate_patterns_are_regular_expressions_that_match_their_words():
    grammar = highlight.textmate_grammar()
    patterns = {}

    def collect(value):
        if isinstance(value, dict):
            if "name" in value and "match" in value:
                patterns[value["name"]] = re.compile(value["match"])
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)
    collect(grammar)
    assert patterns["keyword.control.rulelang"].fullmatch("choose")
    assert patterns["keyword.other.rulelang"].fullmatch("times")
    assert patterns["support.function.builtin.rulelang"].match("neighbours(")
    assert not patterns["keyword.control.rulelang"].search("lettuce")


def test_the_vscode_manifest_starts_the_language_server():
    manifest = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text())
    assert manifest["contributes"]["languages"][0]["extensions"] == [".rules"]
    assert manifest["contributes"]["configuration"]["properties"]["rulelang.command"][
        "default"] == ["rulelang", "lsp"]
    assert (ROOT / "editors" / "vscode" / manifest["main"]).exists()


def test_the_vscode_client_sends_new_documents_not_saved_yet_to_the_server_too():
    """A new .rules document (untitled:) had no errors, hover or completion in VS Code: the
    client sent the server files only (the server answers for either)."""
    client = (ROOT / "editors" / "vscode" / "extension.js").read_text()
    assert '{ scheme: "file", language: "rulelang" }' in client
    assert '{ scheme: "untitled", language: "rulelang" }' in client
