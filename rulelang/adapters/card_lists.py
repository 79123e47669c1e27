"""Which lists of cards a ``choose`` among lists of cards can offer (groups of cards laid
together, found by a function: ``choose g in groups_in(held)``), for the action space
(``actions.build``).

A move that is a list of cards is named by its cards' names joined with ``+`` (``2h+3h+4h``),
and the lists a game offers are made by a function of the rules from the cards at hand. The
analysis of ``domains.py`` cannot tell them from the rules' text, so they are worked out by
running that function once, in a game just set up, on every card of the kinds it is given:
every list it makes of the cards a player can hold is taken to be among the lists it makes
of all of them (true of sets and runs, and of any function that finds, among some cards,
the groups of them that have some property of their own). A function that is not like that
(a list made only when some card is missing) can offer a list without an id, which the
action space refuses with its error ("a choose offered something the analysis did not
foresee"), as it refuses any move the analysis did not foresee.

Only a ``choose`` whose options are such a call (a ``where`` filter around it drops lists,
so the call's lists are enough), each argument a list of cards, and whose lists are named
by their cards' names (every card it offers shown to the chooser: the zones they come
from are public) is worked out; any other gives ``None``, and the caller keeps to what the
analysis says.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.rules import Rules
from interpreter.runtime.values import Card
from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.errors import RulesError, RulesRuntimeError

CardLists = Callable[[ast.Choose, bool], "tuple[str, ...] | None"]


def card_lists_of(rules: Rules, players: int, options: dict) -> CardLists:
    """The lists of cards a ``choose`` can offer, by notation, in the order the function
    makes them (``public``: whether the zones its cards come from are all public)."""
    made: dict[int, tuple[str, ...] | None] = {}

    def lists(choose: ast.Choose, public: bool) -> tuple[str, ...] | None:
        if not public:
            return None
        if id(choose) not in made:
            made[id(choose)] = _worked_out(rules, players, options, choose)
        return made[id(choose)]
    return lists


def _worked_out(rules: Rules, players: int, options: dict,
                choose: ast.Choose) -> tuple[str, ...] | None:
    call = _unfiltered(choose.options)
    if not (isinstance(call, ast.Call) and isinstance(call.ref, refs.Fn)):
        return None
    kinds: list[str | None] = []
    for arg in call.args:
        ty = arg.ty
        if ty is None or ty.name != "list" or ty.arg is None or ty.arg.name != "card":
            return None
        kinds.append(ty.arg.arg)
    try:
        game = rules.setup_only(players, dict(options), seed=0, log=False)
        every = [[c for c in game.cards if kind is None or c.kind == kind] for kind in kinds]
        fn = rules.code.tops.fns[call.ref.name]
        found: Any = game.guard(lambda: fn(game, *every))
    except (RulesError, RulesRuntimeError, KeyError):
        return None
    if not isinstance(found, list) or not all(
            isinstance(m, list) and all(type(c) is Card for c in m) for m in found):
        return None
    return tuple(dict.fromkeys("+".join(c.label for c in m) for m in found))


def _unfiltered(options: ast.Expr) -> ast.Expr:
    """The list a ``where`` filters (``[x for x in BASE if ...]``: BASE), else the options."""
    if isinstance(options, ast.Comprehension) and len(options.fors) == 1:
        loop = options.fors[0]
        if isinstance(options.elt, ast.Name) and loop.names == [options.elt.id]:
            return loop.iter
    return options


def is_card_lists(ty: T.Type | None) -> bool:
    """Whether a ``choose``'s options are lists of cards (its options' type: a list of them)."""
    return ty is not None and ty.name == "list" and ty.arg is not None and \
        ty.arg.name == "list" and ty.arg.arg is not None and ty.arg.arg.name == "card"
