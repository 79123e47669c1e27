"""What a rulebook can say of rules that explain none of their play: the questions players
are asked (each ``choose``'s prompt, who answers it, whether one may pass), what is left
to chance (each shuffle and random pick, and the name a test fixes it by) and how a game
ends (each ``end when``, the reason each ``win``, ``lose`` or ``end`` gives, the score and
its tiebreaks), all as the rules write them. ``rulebook.build`` adds them to its chapters on
playing and on the end when no ``explain`` sits there.

Nothing here knows a game: every word comes from the .rules file.
"""
from __future__ import annotations

from typing import Any

from rulelang.language import ast, refs
from rulelang.language.errors import Span, span_text
from rulelang.language.traversal import children
from rulelang.tools import rulebook_words
from rulelang.tools.rulebook_words import Speaker

MOST_ROWS = 40  # a rulebook's table, not a listing of the code


def asked(program: Any, table: Any, values: dict[str, str] | None = None) -> Any | None:
    """The table of the questions players are asked, in the order the rules ask them (None:
    the rules ask none). ``table``: ``rulebook.TableText``; ``values``: the options in force,
    as text, for a prompt's ``{...}``."""
    rows: list[tuple[str, str, str]] = []
    named = _answerers(program)
    lets = rulebook_words.lets_around(program)
    for node in _in_order(program, ast.Choose):
        speaker = Speaker(program, values or {}, lets.get(id(node), {}),
                          asker=node.each[0] if node.each is not None else None)
        row = (_prompt(speaker, node), _who(program, node, named), _passing(node))
        if row not in rows:
            rows.append(row)
    if not rows:
        return None
    return table("What players are asked (as the rules ask it)",
                 ("question", "who answers", "may pass"), tuple(rows[:MOST_ROWS]),
                 _more(len(rows)))


def endings(program: Any, table: Any, values: dict[str, str] | None = None) -> Any | None:
    """The table of how a game ends, as the rules write it (None: nothing to say); a reason's
    ``{...}`` and the score in words where they can be (``values``: the options in force)."""
    rows: list[tuple[str, str]] = [("the game ends when", _written(program, d.cond.span))
                                   for d in program.ends]
    when = _conditions(program)
    lets = rulebook_words.lets_around(program)
    for node in _in_order(program, ast.Finish):
        how = {"win": "a win", "lose": "a loss", "end": "the end"}.get(node.how, node.how)
        row = None
        if node.reason is not None:
            speaker = Speaker(program, values or {}, lets.get(id(node), {}))
            row = (how, _words(speaker, node.reason))
        elif id(node) in when:  # no reason given: the if it stands in says when
            row = (how, f"if {when[id(node)]}: {_written(program, node.span)}")
        if row is not None and row not in rows:
            rows.append(row)
    for decl in program.scores:  # what each player scores, and the team's (in words)
        if decl.which == "score":
            said = rulebook_words.say(Speaker(program, values or {}, param=decl.param),
                                      decl.expr)
            if said is not None:
                rows.append(("the score of each player" if decl.param else "the score", said))
            else:
                rows.append((f"the score of each player {decl.param}" if decl.param
                             else "the score", _written(program, decl.expr.span)))
    tiebreaks = [d for d in program.scores if d.which == "tiebreak"]
    for i, decl in enumerate(tiebreaks):  # the most of each wins a tie on all before it
        said = rulebook_words.say(Speaker(program, values or {}, param=decl.param), decl.expr)
        rows.append(("a tied score goes to the most of" if i == 0
                     else "still tied, to the most of",
                     said if said is not None else _written(program, decl.expr.span)))
    if not rows:
        return None
    return table("How a game ends (as the rules write it)", ("", "when, or why"),
                 tuple(rows[:MOST_ROWS]), _more(len(rows)))


def _conditions(program: Any) -> dict[int, str]:
    """The condition, as written, of the if whose branch each win, lose or end stands in
    (by the statement's id)."""
    out: dict[int, str] = {}
    for node in _in_order(program, ast.If):
        for cond, body in node.branches:
            for stmt in body:
                if isinstance(stmt, ast.Finish):
                    out[id(stmt)] = _written(program, cond.span)
    return out


def chance(program: Any, table: Any) -> Any | None:
    """The table of what is left to chance: each shuffle and each random pick, as the rules
    write them, with the name a scenario fixes it by (None: the rules draw no chance)."""
    rows: list[tuple[str, str, str]] = []
    for node in _in_order(program, (ast.Shuffle, ast.Call), fns=True):
        if isinstance(node, ast.Shuffle):
            zone = _written(program, node.zone.span)
            row = ("a shuffle", zone, "shuffle " + _fix_name(program, node.zone, zone))
        elif isinstance(node.func, ast.Name) and node.func.id == "random" and node.args:
            named = node.args[1] if len(node.args) > 1 else None
            label = (named.value if isinstance(named, ast.Lit) and isinstance(named.value, str)
                     else "random")
            row = ("one at random", _written(program, node.args[0].span), label)
        else:
            continue
        if row not in rows:
            rows.append(row)
    if not rows:
        return None
    return table("What is left to chance (as the rules write it)",
                 ("what", "of", "its name in a scenario's fix"), tuple(rows[:MOST_ROWS]),
                 _more(len(rows)))


def _fix_name(program: Any, zone: Any, written: str) -> str:
    """A shuffled zone as a fix names it: as written where its keys are values (``stack[water]``,
    ``hand[P1]``); ``deck[...]`` where one is worked out as the game runs (``deck[p]``: a fix
    writes each key, ``shuffle deck[P1]``), as ``rules.chance_events()`` lists it."""
    if not isinstance(zone, ast.Index) or all(
            isinstance(arg, ast.Lit) or isinstance(arg.ref, (refs.Member, refs.Seat))
            for arg in zone.args):
        return written
    return _written(program, zone.obj.span) + "[...]"


def _in_order(program: Any, kind: type | tuple[type, ...], fns: bool = False) -> list[Any]:
    """The statements (or other nodes) of ``kind`` in every block, rule and trigger (and
    function, with ``fns``), by where they are written (the main file first)."""
    found = [n for n in program.body_nodes(fns) if isinstance(n, kind)]
    main = program.main_file

    def where(n: Any) -> tuple[bool, str, int, int]:
        span = n.span
        return (span.file != main, span.file, span.line, span.col) if span else (True, "", 0, 0)
    return sorted(found, key=where)


def _prompt(speaker: Speaker, node: ast.Choose) -> str:
    return _words(speaker, node.prompt) if node.prompt is not None else node.name


def _who(program: Any, node: ast.Choose, named: dict[int, str]) -> str:
    secret = ", privately" if node.private else ""
    if node.each is not None:
        return f"each of {_written(program, node.each[1].span)} at once{secret}"
    if node.by is not None:
        return named.get(id(node), _written(program, node.by.span)) + secret
    return "the player whose turn it is" + secret


def _answerers(program: Any) -> dict[int, str]:
    """Who answers each ``choose ... by NAME`` whose NAME is a loop's item or a rule's
    parameter, in words (by the choose's id): the bare name tells a player nothing."""
    out: dict[int, str] = {}

    def visit(node: Any, bound: dict[str, str]) -> None:
        if isinstance(node, ast.Choose) and isinstance(node.by, ast.Name) and node.by.id in bound:
            out[id(node)] = bound[node.by.id]
        if isinstance(node, ast.For) and len(node.names) == 1:
            item = f"each of {_written(program, node.iter.span)} in turn ({node.names[0]})"
            bound = {**bound, node.names[0]: item}
        for child in children(node):
            visit(child, bound)

    for decl in program.rules.values():
        call = f"{decl.name}({', '.join(q.name for q in decl.params)})"
        params = {q.name: f"{q.name}, as {call} is called" for q in decl.params}
        visit(decl.body, params)
    for body in [b.body for b in program.blocks.values() if b is not None] + \
            [t.body for t in program.triggers]:
        visit(body, {})
    return out


def _passing(node: ast.Choose) -> str:
    if not node.can_pass:
        return "no"
    word = f" ('{node.pass_word[0]}')" if node.pass_word is not None else ""
    return ("yes" if node.pass_if is None else "sometimes") + word


def _words(speaker: Speaker, text: ast.Expr) -> str:
    """A text with its values in words (``rulebook_words.text``); anything else as its
    source."""
    said = rulebook_words.text(speaker, text)
    return said if said is not None else _written(speaker.program, text.span)


def _written(program: Any, span: Span | None) -> str:
    """The source a span covers, on one line."""
    text = span_text(program.sources, span)
    return "..." if text is None else " ".join(text.split())


def written(program: Any, span: Span | None) -> str:
    """The source a span covers, on one line (``...`` when it cannot be read)."""
    return _written(program, span)


def _more(count: int) -> str:
    return f"and {count - MOST_ROWS} more" if count > MOST_ROWS else ""
