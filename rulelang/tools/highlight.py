"""Highlighting .rules files: a Pygments lexer, and the TextMate grammar for editors.

Both are made from the same word lists, read from the grammar (``tokens.vocabulary``),
the parser's hard keywords and the checker's built-in names, so a word added to the
language is highlighted without touching this file. The TextMate grammar in
``editors/`` is written by ``python -m rulelang.tools.highlight textmate``; a test keeps it
equal to what this module makes.

The lexer is registered for Pygments under the name ``rulelang`` (an entry point), so
``pygmentize -l rulelang FILE`` and Sphinx or MkDocs code blocks marked ``rulelang`` work.
"""
from __future__ import annotations

import json
import re
import sys
from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from rulelang.language import types as T
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.parser import KEYWORDS
from rulelang.tools.tokens import vocabulary

CONSTANTS = frozenset({"true", "false", "none"})
BUILTIN_VALUES = ("players", "seats", "player_count", "current", "directions")  # the checker's, tested equal
# what the name after a declaration word is: presentation only (other words declare variables)
DEFINES = {"fn": "function", "rule": "function", "card": "class", "enum": "class",
           "table": "class"}
# declaration words written inside statements too (`win team`): coloured there as well
INSIDE_STATEMENTS = frozenset({"team"})
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_SEAT = r"\bP[1-9][0-9]*\b"  # a seat: P1, P2... (types.seat_literal)
_PUNCTUATION = set("{}()[],:.|")


def word_groups() -> dict[str, list[str]]:
    """Every word the highlighters colour, by role."""
    v = vocabulary()
    keywords = sorted(KEYWORDS - CONSTANTS)
    connectors = sorted(v.words - KEYWORDS - (v.declaration_words - INSIDE_STATEMENTS)
                        - v.member_words - {"x", "list"})
    return {
        "keywords": keywords,
        "constants": sorted(CONSTANTS),
        "connectors": connectors,  # to, from, at, times...: words inside statements
        "declarations": sorted((v.declaration_words | v.member_words) - KEYWORDS),
        "types": sorted(set(T.SIMPLE) | {"list"}),
        "functions": sorted(SIGNATURES),
        "values": list(BUILTIN_VALUES),
        "operators": [s for s in vocabulary().symbols if not set(s) <= _PUNCTUATION or s == ".."],
    }


def _tokens() -> dict:
    g = word_groups()
    operators = "|".join(re.escape(s) for s in g["operators"])
    definers = {kind: [w for w, k in DEFINES.items() if k == kind] for kind in ("function", "class")}
    # a declaration word starts its line and is not being used as a name (p = ..., f(...))
    declaration = r"^(\s*)(%s)\b(?!\s*(?:[=.(\[+\-]|$))" % "|".join(g["declarations"])
    expression = [
        (r"\n", Whitespace),  # one line at a time: the next may start with a declaration
        (r"[ \t\r\f]+", Whitespace),
        (r"#.*?$", Comment.Single),
        (r'"', String.Double, "string"),
        (vocabulary().patterns["TABLE_RULE"], Punctuation),
        (r"(:)(\s*)(%s)\b" % "|".join(g["types"]), bygroups(Punctuation, Whitespace, Keyword.Type)),
        (words(g["constants"], prefix=r"\b", suffix=r"\b"), Keyword.Constant),
        (words(g["keywords"], prefix=r"\b", suffix=r"\b"), Keyword),
        (words(g["connectors"], prefix=r"\b", suffix=r"\b"), Keyword),
        (r"(%s)(?=\s*\()" % "|".join(g["functions"]), Name.Builtin),
        (words(g["values"], prefix=r"\b", suffix=r"\b"), Name.Builtin.Pseudo),
        (_SEAT, Name.Builtin.Pseudo),
        (r"(?<=[0-9])x(?=[0-9])", Keyword),
        (_NAME, Name),
        (r"[0-9]+", Number.Integer),
        (operators, Operator),
        (r"[%s]" % re.escape("".join(sorted(_PUNCTUATION))), Punctuation),
    ]
    return {
        "root": [
            (r"^(\s*)(%s)(\s+)(%s)" % ("|".join(definers["function"]), _NAME),
             bygroups(Whitespace, Keyword.Declaration, Whitespace, Name.Function)),
            (r"^(\s*)(%s)(\s+)(%s)" % ("|".join(definers["class"]), _NAME),
             bygroups(Whitespace, Keyword.Declaration, Whitespace, Name.Class)),
            (declaration, bygroups(Whitespace, Keyword.Declaration)),
            include("expression"),
        ],
        "expression": expression,
        "string": [
            (r'"', String.Double, "#pop"),
            (r"\\.", String.Escape),
            (r"\{\{|\}\}", String.Escape),  # a literal brace, not a value
            (r"\{", String.Interpol, "interpolation"),
            (r'[^"\\{}\n]+|\}', String.Double),
            (r"\n", Error, "#pop"),
        ],
        "interpolation": [
            (r"\}", String.Interpol, "#pop"),
            (r'\\"[^"\n]*?\\"', String.Double),  # a text inside, its quotes escaped
            (r'"[^"\n]*"', String.Double),
            (r'(?=")', String.Interpol, "#pop"),  # a lone '{' in the text: not a value after all
            include("expression"),
        ],
    }


class RulesLexer(RegexLexer):
    """Pygments lexer for rulelang .rules files."""
    name = "rulelang"
    aliases: ClassVar[list[str]] = ["rulelang", "rules"]
    filenames: ClassVar[list[str]] = ["*.rules"]
    mimetypes: ClassVar[list[str]] = ["text/x-rulelang"]
    url = "https://pypi.org/project/rulelang/"
    flags = re.MULTILINE
    tokens = _tokens()


# ---------------------------------------------------------------- TextMate

def textmate_grammar() -> dict:
    """A TextMate grammar (VS Code, Sublime Text, and editors reading .tmLanguage.json)."""
    g = word_groups()

    def alternatives(names):
        return r"\b(?:%s)\b" % "|".join(names)
    definers = {kind: [w for w, k in DEFINES.items() if k == kind] for kind in ("function", "class")}
    expression = [
        {"include": "#comment"},
        {"include": "#string"},
        {"name": "punctuation.separator.table.rulelang", "match": r"\|(\s*:?-{3,}:?\s*\|)+"},
        {"match": r"(:)\s*(%s)" % alternatives(g["types"]),
         "captures": {"1": {"name": "punctuation.separator.rulelang"},
                      "2": {"name": "storage.type.rulelang"}}},
        {"name": "constant.language.rulelang", "match": alternatives(g["constants"])},
        {"name": "keyword.control.rulelang", "match": alternatives(g["keywords"])},
        {"name": "keyword.other.rulelang", "match": alternatives(g["connectors"])},
        {"name": "support.function.builtin.rulelang",
         "match": r"\b(?:%s)(?=\s*\()" % "|".join(g["functions"])},
        {"name": "variable.language.rulelang", "match": alternatives(g["values"])},
        {"name": "variable.language.rulelang", "match": _SEAT},
        {"name": "constant.numeric.integer.rulelang", "match": r"\b[0-9]+\b"},
        {"name": "keyword.operator.rulelang",
         "match": "|".join(re.escape(s) for s in g["operators"])},
        {"name": "variable.other.rulelang", "match": r"\b%s\b" % _NAME},
    ]
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "rulelang",
        "scopeName": "source.rulelang",
        "fileTypes": ["rules"],
        "comment": "Written by `python -m rulelang.tools.highlight textmate`; do not edit by hand.",
        "patterns": [
            {"match": r"^\s*(%s)\s+(%s)" % ("|".join(definers["function"]), _NAME),
             "captures": {"1": {"name": "storage.type.rulelang"},
                          "2": {"name": "entity.name.function.rulelang"}}},
            {"match": r"^\s*(%s)\s+(%s)" % ("|".join(definers["class"]), _NAME),
             "captures": {"1": {"name": "storage.type.rulelang"},
                          "2": {"name": "entity.name.type.rulelang"}}},
            {"match": r"^\s*(%s)\b(?!\s*(?:[=.(\[+\-]|$))" % "|".join(g["declarations"]),
             "captures": {"1": {"name": "storage.type.rulelang"}}},
            {"include": "#expression"},
        ],
        "repository": {
            "expression": {"patterns": expression},
            "comment": {"name": "comment.line.number-sign.rulelang", "match": "#.*$"},
            "string": {
                "name": "string.quoted.double.rulelang", "begin": '"', "end": '"|$',
                "patterns": [
                    {"name": "constant.character.escape.rulelang", "match": r"\\.|\{\{|\}\}"},
                    {"name": "meta.interpolation.rulelang", "begin": r"\{", "end": r"\}|(?=\")",
                     "beginCaptures": {"0": {"name": "punctuation.section.interpolation.begin"}},
                     "endCaptures": {"0": {"name": "punctuation.section.interpolation.end"}},
                     "patterns": [{"include": "#expression"}]},
                ],
            },
        },
    }


def main(argv: list[str]) -> int:
    if argv != ["textmate"]:
        print("usage: python -m rulelang.tools.highlight textmate > editors/vscode/syntaxes/"
              "rulelang.tmLanguage.json", file=sys.stderr)
        return 2
    print(json.dumps(textmate_grammar(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
