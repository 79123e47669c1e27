"""Habits an author brings from other languages or from other games' rulebooks, met as an
unexpected token (``syntax_errors._bad_token`` asks here first): each said with what to
write in rulelang, its own words taken from the failing line where they help."""
from __future__ import annotations

import re

from lark import Token

from rulelang.language.builder import STATEMENT_WORDS

# an if statement's start before a ``then`` (its condition the second group)
IF_OPENED = re.compile(r".*(?<![\w.])(if\s)(.*)$")
# a line that starts a block (Python's habit: a ':' where the '{' goes)
BLOCK_STARTED = re.compile(r"(?:^|[{}])\s*((?:if|else|for|while|repeat|loop)\b[^{}]*)$")


def token_habit(token: Token, words: str, line_before: str, names: set[str], text: str
                ) -> tuple[str, str] | None:
    """The message and the hint for ``token``, unexpected after ``line_before`` (the text of
    its line before it; ``names``: the terminals the parser expected; ``words``: the token
    as messages name it), when it is a habit known here; else None."""
    if token == "then" and "LBRACE" in names:  # ``if n > 3 then win current``
        if_start = IF_OPENED.search(line_before)
        if if_start is not None:  # (the last if of the line, and the else before it, if any)
            head = "else if " if re.search(r"(?<![\w.])else\s*$", line_before[:if_start.start(1)]) \
                else "if "
            return ("unexpected 'then': an if statement's statements go in braces",
                    f"write {head}{if_start.group(2).rstrip()} {{ ... }} (if ... "
                    "then ... else ... is a value: let x = if a then 1 else 2)")
    started = BLOCK_STARTED.search(line_before) if token == ":" and "LBRACE" in names else None
    if started is not None:  # ``for c in deck:``
        return ("unexpected ':': a block goes in braces",
                f"write {started.group(1).strip()} {{ ... }}, the block's statements inside")
    if str(token) in STATEMENT_WORDS and re.search(r"(?<![=!<>])=\s*$", line_before):
        # ``let c = choose hand[current]``: a statement where a value goes
        named = re.search(r"(?<![\w.])let\s+(\w+)\s*=\s*$", line_before)
        name = named.group(1) if named else "c"
        line_end = text.find("\n", token.start_pos)
        among = re.sub(r"^\w+\s+in\s+", "",  # (``let c = choose c in ...``: said once)
                       text[token.end_pos:line_end if line_end >= 0 else len(text)].strip())
        among = among or "ZONE"
        return (f"'{token}' is a statement, not a value",
                f"a choose is a statement of its own that names what is chosen: choose {name} "
                f"in {among} prompt \"...\"" if token == "choose" else
                f"write the {token} on a line of its own")
    counted = re.search(r"(?<![\w.])move\s+(\d+)\s*$", line_before)
    if counted is not None and token.type == "NAME":  # ``move 3 cards from deck to ...``
        return (f"unexpected {words}: a move moves one card, or the cards of a list or zone",
                f"cards from the top of a pile are dealt: deal {counted.group(1)} from ZONE "
                "to OTHER")
    dealt = re.search(r"(?<![\w.])deal\s+([^{}]*?)\s*$", line_before)
    if token == "to" and "FROM" in names and dealt is not None:  # ``deal 5 to each player``
        count = dealt.group(1)
        if not re.fullmatch(r"\d+|[A-Za-z_]\w*", count):  # ``deal top(deck) to ...``
            return ("unexpected 'to': a deal moves a number of cards from a zone",
                    "deal N from ZONE to OTHER; one card is moved with move: move CARD to OTHER")
        return ("unexpected 'to': a deal says where the cards come from first",
                f"deal {count} from deck to hand[p]; to each player: for p in players "
                f"{{ deal {count} from deck to hand[p] }}")
    if token == "at" and re.search(r"(?<![\w.])place\b[^{}]*$", line_before) \
            and " on " not in line_before:  # ``place c at (1, 1) on board``
        return ("unexpected 'at': a card goes onto a grid with move",
                "write move CARD to GRID at CELL, like move c to board at cell(1, 1)")
    if token == "to" and re.search(r",\s*visible\s*$", line_before):  # ``visible to owner``
        if re.match(r"\s*var\b", line_before):
            return ("unexpected 'to': who may read a variable is one word",
                    "write one of: owner, others, public, hidden (var s[player]: int = 0, "
                    "owner)")
        return ("unexpected 'to': who sees a zone's cards is one word",
                "write one of: owner, others, public, hidden (zone hand[player]: hand of "
                "Card, owner)")
    if token == "else" and re.search(r"(?<![\w.])choose\b.*\bwhere\b.*\bprompt\s+\"[^\"]*\"\s*$",
                                     line_before):
        return ("unexpected 'else': a where's else follows its condition",
                "write choose ... where CONDITION else \"why not\" prompt \"...\"")
    created = re.search(r"(?<![\w.])create\s+(\w+)\(\s*([^:(),]*)$", line_before)
    if token in (")", ",") and created is not None:  # ``create Card(r) in deck``
        kind, value = created.group(1), created.group(2).strip() or "..."
        return (f"unexpected '{token}': a card's fields are named",
                f"write {kind}(FIELD: {value}, ...), each value after its field's name")
    repeated = re.search(r"(?<![\w.])repeat\s+([^{}]+?)\s*$", line_before)
    if token == "{" and "TIMES" in names and repeated is not None:  # ``repeat 3 { ... }``
        return ("unexpected '{': a repeat says times",
                f"write repeat {repeated.group(1)} times {{ ... }}")
    if token == "<" and line_before.endswith(".."):  # ``0..<3``
        return ("unexpected '<': a range holds both its ends",
                "write 0..2 for 0, 1 and 2 (an end left out: 0..n - 1)")
    if token.type == "INT" and line_before.endswith("."):
        if line_before[-2:-1].isdigit():  # ``2.5``
            return ("unexpected number after '.': numbers are whole in rulelang",
                    "there are no decimal points: count in whole units (x / y rounds down)")
        owner = re.search(r"(\w+(?:\[[^\]]*\])?)\.$", line_before)
        return (f"unexpected {words} after '.'",  # ``pair.0``
                f"the parts of a pair are numbered in brackets: "
                f"{owner.group(1) if owner else 'x'}[{token}]")
    if token.type in ("INT", "STRING") and re.search(r"(?<![\w.])is\s*$", line_before):
        return (f"unexpected {words}: 'is' asks what kind a card is (c is Tile)",
                f"to compare two values write ==: ... == {token}")
    if token.type == "STRING" and re.match(r"\s*end\s+when\b", line_before):
        return ("unexpected string: an end when gives no reason",
                "to say why the game ends, end it in a rule or the turn: "
                "if CONDITION { end \"why\" }")
    if token == "where" and "LBRACE" in names and re.search(r"(?<![\w.])for\b[^{}]*$", line_before):
        return ("unexpected 'where': a for goes through every item",  # ``for c in xs where ...``
                "keep some with an if inside the block, or go through a list of them: "
                "for c in [c for c in ... if CONDITION] { ... }")
    if token == "else" and re.search(r"(?<![\w.])if\b(?!.*\bthen\b)[^{}]*$", line_before) \
            and re.search(r"\S\s+if\b", line_before):  # Python's ``a if c else b``
        return ("unexpected 'else': a value chosen by a condition starts with if",
                "write if CONDITION then A else B")
    return None
