"""The words a name cannot be, as docs/language.md lists them, made from the language itself
(the parser's keywords, the checker's built-in names and reserved card fields) so the docs
cannot drift from what is refused.

    python -m rulelang.tools.reserved_words    # prints the paragraph docs/language.md holds
"""
from __future__ import annotations

from collections.abc import Iterable

from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.checker import RESERVED_FIELDS
from rulelang.language.checker.expressions import BUILTIN_VALUES
from rulelang.language.parser import KEYWORDS

BEGIN = "<!-- reserved words: made by `python -m rulelang.tools.reserved_words` -->"
END = "<!-- end of reserved words -->"


def _words(names: Iterable[str]) -> str:
    return " ".join(f"`{n}`" for n in sorted(names))


def paragraph() -> str:
    """The markdown docs/language.md shows between BEGIN and END."""
    fields = ", ".join(f"`{name}` (write `{instead}`)"
                       for name, (_, instead) in sorted(RESERVED_FIELDS.items()))
    return "\n".join([
        BEGIN,
        f"- **Keywords** are never names: {_words(KEYWORDS)}.",
        "- **Built-in names** cannot be declared again (as a constant, variable, zone, function "
        "or rule), though a local name (`let`, a parameter, a loop's name) may hide one: "
        f"{_words(set(BUILTIN_VALUES) | set(SIGNATURES))}.",
        f"- **Card fields** cannot be called {fields}: a card's view already uses those words.",
        "- **Seats** `P1`, `P2`, ... name the seats and nothing else.",
        END,
    ])


if __name__ == "__main__":
    print(paragraph())
