"""The lean compilation of a ruleset: the same rules, written a second way for playouts.

Bots' playouts, ``rulelang simulate`` with random bots and the speed benchmarks play many
games nobody reads. Compiled lean (``compile_program(..., lean=True)``), a ruleset's module
differs from the full one in three places only, so it plays the same games (the differential
test, tests/runtime/test_lean_path.py, checks it on every ruleset):

- a ``log`` line is not written at all (one whose text draws chance is still worked out,
  so the draws stay the same, and the parts of one that could fail, so it fails alike), nor
  is the turn's header line: only its number is counted;
- a ``choose`` works out no prompt (one that draws chance still is, and the parts of one that
  could fail);
- a ``choose`` calls the lean game's offer for the kind of its options, chosen here from
  their static type (``OfferKind``): cards, values distinct by themselves (members, seats,
  numbers, yes/no, cells; texts, but for none), placements (by their label) or anything
  else (by its notation).
"""
from __future__ import annotations

import enum
import re
from typing import Any

from rulelang.language import ast


class OfferKind(enum.Enum):
    """How the lean game tells alike options apart (``LeanGame.offer_*``)."""
    CARDS = "offer_cards"  # a card's label if the chooser knows its face, else its position
    DISTINCT = "offer_distinct"  # members, seats, numbers, yes/no, cells: alike when equal
    LABELS = "offer_labels"  # placements: alike when their labels are
    TEXTS = "offer_texts"  # texts: alike when equal (a text is its own notation), unless none is one
    ANY = "offer_any"  # anything else: alike when their notations are


_DISTINCT = {"enum", "seat", "int", "bool", "cell"}


def offer_kind(ty: Any) -> OfferKind:
    """The offer for options of static type ``ty`` (a zone, a family or a list)."""
    if ty is None:
        return OfferKind.ANY
    if ty.name in ("zone", "family"):
        return OfferKind.CARDS
    if ty.name != "list" or ty.arg is None:
        return OfferKind.ANY
    element = ty.arg.name
    if element == "card":
        return OfferKind.CARDS
    if element in _DISTINCT:
        return OfferKind.DISTINCT
    if element == "placement":
        return OfferKind.LABELS
    if element == "text":
        return OfferKind.TEXTS
    return OfferKind.ANY


# a direct choose among the cards of one zone names the zone (shown_zone); a switch, as
# the compiler's shortcuts are, for the lean module only (tests/runtime/test_lean_shown_zones.py)
SHOWN_ZONES = True
_CALLS = re.compile(r"[\w\])]\s*\(|:=")  # code that calls something (or binds a name)


def shown_zone(gen: Any, options: ast.Expr) -> str:
    """A direct choose among cards: the zone whose cards its options all are (the zone's
    own, or those a comprehension picks from it), as code that calls nothing, so it is read
    again at no cost (``LeanGame.cards_by_name``: where that zone shows its cards to the
    chooser, each is named by its label); "None" when there is no such zone."""
    node = options
    if isinstance(node, ast.Comprehension):
        if not gen.x.picks(node):
            return "None"
        node = node.fors[0].iter
    ty = gen.x.ty_of(node)
    if ty is None or ty.name != "zone" or not SHOWN_ZONES:
        return "None"
    code = str(gen.x.expr(node))
    return "None" if _CALLS.search(code) else code


def write_log(gen: Any, s: ast.Log) -> None:
    """A ``log`` line, lean: nothing, unless its text draws chance (then worked out, unread)
    or a part of it could fail (that part worked out, unread: quiet_log.py)."""
    if gen.m.an.expr_chance(s.message):
        gen.line(f"g.log_message({gen.x.message(s.message, log=True)})")
    else:
        unread = gen.x.unread_message(s.message)
        gen.line(unread if unread is not None else "pass")  # (a block may hold nothing else)


def write_ask(gen: Any, s: ast.Choose, site_name: str, seat: str, passing: str) -> None:
    """A ``choose`` asking one seat, lean: the offer for its options' kind, no prompt
    (unless the prompt draws chance: it is drawn now, as the full path draws it).
    ``seat`` and ``passing`` are code (the pass word's literal, False, or a condition)."""
    gen.line(f"g.{offer_kind(gen.x.ty_of(s.options)).value}(F, {site_name}, {seat}, {passing}, "
             f"{lean_prompt(gen, s)}, {gen.x.cards_of(s.options)})")


def lean_prompt(gen: Any, s: ast.Choose) -> str:
    """A lean ``choose``'s prompt, as code: None, unless the prompt draws chance (then it is
    drawn now, as the full path draws it); the parts of it that could fail worked out first
    (quiet_log.py: the logged game makes its prompt as the choice is offered)."""
    if s.prompt is None:
        return "None"
    if gen.m.an.expr_chance(s.prompt):
        return str(gen.x.message(s.prompt))
    return str(gen.x.unread_prompt(s.prompt))
