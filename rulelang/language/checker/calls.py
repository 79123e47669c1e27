"""Calls, typed by the checker: of the rules' own functions and of the built-ins, with
their arguments (a mixin of ``ExprChecker``, written apart to keep each file short)."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.builtin_signatures import KIND_WORDS, SIGNATURES, kind_ok
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.misused_names import card_kind_called
from rulelang.language.checker.seats import mismatch_hint

if TYPE_CHECKING:
    from rulelang.language.checker import Symbol
    from rulelang.language.checker.expressions import Scope

LIST_END = {"top": "last", "bottom": "first"}  # a pile's top is its last card


# functions other languages have, and what rulelang writes instead
OTHER_LANGUAGES_FUNCTIONS = {
    "range": "a range is written with '..', both ends included: for i in 1..5",
    "len": "size(x) is how many items a list, or cards a zone, holds",
    "length": "size(x) is how many items a list, or cards a zone, holds",
    "print": 'log "..." writes a line of the transcript, with values in {...}',
    "str": "text(x) is a value written as text",
    "randint": "random(1..6) draws a number by chance (a chance event of its own)",
    "rand": "random(1..6) draws a number by chance (a chance event of its own)",
    "next_turn": "a turn ends where the turn block ends, and the next player's follows "
                 "(current = P2 sets who plays next)",
    "end_turn": "a turn ends where the turn block ends, and the next player's follows "
                "(current = P2 sets who plays next)",
    "roll": "a die is rolled with random(1..6, \"die\") (the text names the chance event)",
    "dice": "a die is rolled with random(1..6, \"die\"); several: [random(1..6, \"die\") "
            "for i in 1..3]",
}


_EXTREMES = {"max": "largest", "min": "smallest"}  # (each has an argmax, argmin)


class CallChecker(CheckerBase):
    """``x_Call`` and what it needs; mixed into ``ExprChecker`` (its ``expr``, ``element_of``
    and the rest come from there)."""

    def x_Call(self, e: ast.Call, scope: Scope) -> T.Type:
        if not isinstance(e.func, ast.Name):
            method = e.func.name if isinstance(e.func, ast.Attr) else None
            self.error(e.func.span, "only named functions can be called",
                       None if method is None else
                       "there are no methods in rulelang: add to a list with xs += [x]"
                       if method in ("append", "add", "push", "extend", "insert") else
                       f"there are no methods in rulelang: give the value to a function, "
                       f"like {method}(x)")
            return T.ANY
        name = e.func.id
        local = scope.lookup(name) if scope else None
        if local is not None:
            if local.type not in (T.FN, T.ANY):
                self.error(e.func.span, f"'{name}' is {T.spoken(local.type)}, not a function")
            if len(e.args) != 1:
                self.error(e.span, f"'{name}' is a function of one value: {name}(x)")
            for arg in e.args:
                self.expr(arg, scope)
            e.ref = refs.LocalFn(local.slot)
            return T.ANY
        sym = self.symbols.get(name)
        if sym is not None and sym.kind == "fn":
            return self.call_fn(e, sym, scope)
        if sym is not None and sym.kind == "rule":
            return self.call_rule_for_value(e, cast(ast.RuleDecl, sym.decl), scope)
        if name in SIGNATURES and not (sym or (scope and scope.lookup(name))):
            return self.call_builtin(e, name, scope)
        if sym is not None and sym.kind == "card":
            return card_kind_called(self, e, name, scope)
        names = set(SIGNATURES) | {n for n, s in self.symbols.items() if s.kind == "fn"}
        if name in OTHER_LANGUAGES_FUNCTIONS:
            self.error(e.func.span, f"unknown function '{name}'", OTHER_LANGUAGES_FUNCTIONS[name])
        else:
            self.unknown(e.func.span, name, "function", names)
        for arg in e.args:
            if not isinstance(arg, ast.Lambda):
                self.expr(arg, scope)
        return T.ANY

    def call_rule_for_value(self, e: ast.Call, decl: ast.RuleDecl, scope: Scope) -> T.Type:
        """A rule called for the value it gives back: only as the whole value of a ``let``, an
        assignment or a rule's ``return`` (a rule may pause for a decision, which an
        expression cannot), and only a rule declared ``-> TYPE``."""
        name = decl.name
        if e is not self.rule_call_site:
            self.rules_as_values.add(name)
            if decl.returns is None:
                self.error(e.span, f"'{name}' is a rule: it takes turns and changes the game, "
                                   "so it cannot be used as a value",
                           f"call it on its own line; a value is worked out by a function: "
                           f"fn {name}(...) = ..., or by a rule that says what it gives back: "
                           f"rule {name}(...) -> TYPE {{ ... return VALUE }}")
            else:
                self.error(e.span, f"the value of rule '{name}' is taken only as the whole "
                                   "value of a let, an assignment or a return: a rule may stop "
                                   "to ask a player",
                           f"call it on a line of its own: let x = {name}(...), then use x here")
            for arg in e.args:
                if not isinstance(arg, ast.Lambda):
                    self.expr(arg, scope)
            return T.ANY
        self.rule_call_site = None  # (its arguments hold no other)
        e.ref = refs.Rule(name)
        self.calls[self.unit_name].add(name)
        if len(e.args) != len(decl.params):
            self.error(e.span, f"rule '{name}' takes {len(decl.params)} argument(s), "
                               f"not {len(e.args)}",
                       f"call it as {name}({', '.join(p.name for p in decl.params)})")
        for arg, param in zip(e.args, decl.params):
            self.expect(arg, scope, self.type_of(param.type), f"argument '{param.name}'")
        if decl.returns is None:
            self.error(e.span, f"rule '{name}' gives back no value",
                       f"say what it gives back: rule {name}(...) -> TYPE {{ ... return VALUE }}; "
                       f"or call it on its own line: {name}(...)")
            return T.ANY
        return self.type_of(decl.returns)

    def call_fn(self, e: ast.Call, sym: Symbol, scope: Scope) -> T.Type:
        decl = cast(ast.FnDecl, sym.decl)
        e.ref = refs.Fn(decl.name)
        if len(e.args) != len(decl.params):
            self.error(e.span, f"'{decl.name}' takes {len(decl.params)} argument(s), "
                               f"not {len(e.args)}",
                       f"call it as {decl.name}({', '.join(p.name for p in decl.params)})")
        for arg, param in zip(e.args, decl.params):
            want = self.type_of(param.type) if param.type else T.ANY
            if isinstance(arg, ast.Lambda):
                if want not in (T.FN, T.ANY):
                    self.error(arg.span,
                               f"argument '{param.name}' is {T.spoken(want)}, not a function")
                self.lambda_arg(arg, scope, T.ANY)
                continue
            self.expect(arg, scope, want, f"argument '{param.name}'")
        return self.fn_type(decl)

    def lambda_arg(self, arg: ast.Lambda, scope: Scope, param_type: T.Type) -> None:
        inner = scope.child()
        arg.slot = inner.bind(arg.param, param_type)
        self.expr(arg.body, inner)
        arg.ty = T.FN

    def call_builtin(self, e: ast.Call, name: str, scope: Scope) -> T.Type:
        sig = SIGNATURES[name]
        e.ref = refs.Builtin(name)
        if name == "knows" and len(e.args) == 2 and isinstance(e.args[1], ast.Attr):
            return self.knows_field(e, e.args[1], scope)
        n, most = len(e.args), len(sig.params)
        wrong_count = n < most - sig.optional or (n > most and not sig.variadic)
        if wrong_count:
            self.error(e.span, f"{name}() takes {sig.arity()} argument(s), not {n}",
                       f"{name}: {sig.doc}")
        types: list[T.Type] = []
        told = False  # one error said of the whole call: none more of its arguments
        for i, arg in enumerate(e.args):
            kind = sig.params[min(i, most - 1)]
            if isinstance(arg, ast.Lambda):
                if kind != "fn":
                    self.error(arg.span, f"argument {i + 1} of {name}() is not a function",
                               f"{name}(list) is the {_EXTREMES[name]} item; the items whose "
                               f"key is {_EXTREMES[name]}: arg{name}("
                               f"{self.source_of(e.args[0].span) or 'LIST'}, {written})"
                               if name in _EXTREMES and (written := self.source_of(arg.span))
                               else None)
                param = sig.fn_param or (self.element_of(types[0]) if types else T.ANY)
                self.lambda_arg(arg, scope, param)
                types.append(T.FN)
                continue
            t = self.expr(arg, scope)
            types.append(t)
            if told:
                continue
            second = e.args[1] if n == 2 else None  # (random(1, 6): a number, not a text)
            if name == "random" and i == 0 and t == T.INT and second is not None and (
                    not isinstance(second, (ast.Text, ast.Lit))
                    or (isinstance(second, ast.Lit) and type(second.value) is int)):
                told = True
                ends = [str(a.value) if isinstance(a, ast.Lit) and type(a.value) is int
                        else a.id if isinstance(a, ast.Name) else end
                        for a, end in zip(e.args, ("A", "B"))]
                self.error(e.span, "random() picks one item of a list, not a number between "
                                   "two", f"a number from {ends[0]} to {ends[1]} is one of a "
                                          f"range: random({ends[0]}..{ends[1]}, \"die\")")
                continue
            if not kind_ok(kind, t):
                cards = kind == "cells" and t.name == "list" and t.arg is not None \
                    and t.arg.name == "card"
                listed = name in ("top", "bottom") and i == 0 and t.name == "list"
                if name == "random" and i == 0 and t == T.INT:  # ``random(6, "die")``
                    upper = self.source_of(arg.span) or "6"
                    self.error(arg.span, f"argument 1 of random() should be {KIND_WORDS[kind]}, "
                                         f"but this is {T.spoken(t)}",
                               f"a number from 1 to {upper} is one of a range: random(1..{upper}"
                               f"{', ...' if n > 1 else ''})")
                    continue
                self.error(arg.span, f"argument {i + 1} of {name}() should be "
                                     f"{KIND_WORDS[kind]}, but this is {T.spoken(t)}",
                           "a card is not a cell: the cells the cards cover are "
                           "[x for c in CARDS for x in cells(c)]" if cards else
                           f"{name}() takes a zone; of a list, {LIST_END[name]}(LIST) is one "
                           f"item (a pile's {name}): to move N, repeat N times {{ move "
                           f"{LIST_END[name]}([c for c in ZONE if ...]) to OTHER }}" if listed else
                           mismatch_hint(self, arg, t, T.card(None) if kind == "card"
                                         else T.SIMPLE.get(kind, T.ANY)))
        if name == "cell" and len(types) == 2 and types[0].name == "text":
            self.error(e.args[1].span, "cell(\"E5\") names a cell by its text alone",
                       "write cell(x, y) with two numbers, or cell(\"E5\") with no second one")
        if name in ("max", "min") and len(types) == 1 and not T.iterable(types[0]):
            self.error(e.span, f"{name}() of one value needs a list")
        if name == "count" and len(e.args) == 1 and isinstance(e.args[0], ast.Comprehension) \
                and types[0] == T.list_of(T.BOOL):
            self.count_of_conditions(e.args[0])
        if name == "sum" and len(e.args) == 1 and types[0] == T.list_of(T.BOOL):
            self.error(e.args[0].span, "sum() adds numbers, and true and false are not numbers",
                       "count the items for which a condition holds: "
                       "count(x for x in xs if CONDITION)")
        if name == "sum" and len(e.args) == 1 and types and types[0].name in (
                "zone", "family", "list") and self.element_of(types[0]).name == "card":
            card_kind = self.cards.get(self.element_of(types[0]).arg or "")
            numbers = [f for f, info in card_kind.fields.items() if info.type == T.INT] \
                if card_kind is not None else []
            written = self.source_of(e.args[0].span) or "CARDS"
            self.error(e.args[0].span, "sum() adds numbers, and cards are not numbers",
                       f"add one of their numbers: sum([c.{numbers[0] if numbers else 'FIELD'} "
                       f"for c in {written}])")
        if name == "sort" and len(e.args) == 1 and types:
            self.sort_without_key(e, types[0])
        if name == "cards" and types and types[0].name == "family" and not wrong_count:
            return T.list_of(self.element_of(types[0]))  # (of the kind its zones hold)
        return T.ANY if wrong_count else sig.result(types)

    def sort_without_key(self, e: ast.Call, listed: T.Type) -> None:
        """``sort(xs)`` of cards, or of tuples holding a seat or a card: cards have no order
        of their own (the game stops there), and seats none a player knows, so pairs
        ``(seat, card)`` are put in seat order, the cards never looked at: refused, with the
        key that says what to sort by."""
        item = self.element_of(listed)
        what = self.source_of(e.args[0].span) or "LIST"
        if item.name == "card":
            self.error(e.span, f"sort() of {T.spoken(listed)} without a key: cards have no "
                               "order of their own",
                       f"say what to sort by: sort({what}, c => c.{self.sort_field(item)})")
            return
        parts = list(item.arg or ()) if item.name == "tuple" else []
        if not any(p.name in ("seat", "card") for p in parts):
            return
        first = next(i for i, p in enumerate(parts) if p.name in ("seat", "card"))
        keyed = next((i for i, p in enumerate(parts) if p.name == "card"), first)
        field = f".{self.sort_field(parts[keyed])}" if parts[keyed].name == "card" else ""
        self.error(e.span, f"sort() without a key orders tuples ({', '.join(map(str, parts))}) "
                           f"by their items in turn, item {first + 1} first: "
                           f"{T.spoken(parts[first])}, which has no order to sort by",
                   f"say what to sort by: sort({what}, x => x[{keyed}]{field})")

    def sort_field(self, card: T.Type) -> str:
        """A field of a card kind to sort by, for a hint: its first number, text or enum."""
        kind = self.cards.get(card.arg) if card.arg else None
        return next((f.name for f in kind.fields.values()
                     if f.type.name in ("int", "text", "enum")), "FIELD") if kind else "FIELD"

    def count_of_conditions(self, made: ast.Comprehension) -> None:
        """``count(d == 6 for d in dice)``: a count of every item, true or false alike (the
        size of the list), where the items for which the condition holds were meant."""
        condition = self.source_of(made.elt.span, 60)
        one = made.fors[0] if len(made.fors) == 1 and made.fors[0].cond is None else None
        names = ", ".join(one.names) if one is not None else ""
        over = self.source_of(one.iter.span, 40) if one is not None else None
        self.error(made.elt.span, "count() counts every item, true or false alike: here, the "
                                  "size of the list",
                   f"count the items for which it holds: count({names} for {names} in {over} "
                   f"if {condition})" if over and condition else
                   "count the items for which it holds: count(x for x in xs if CONDITION)")

    def knows_field(self, e: ast.Call, field: ast.Attr, scope: Scope) -> T.Type:
        """``knows(p, c.FIELD)``: whether seat p knows one field of a card (its face, or
        what it was told of that field). The field is named, not read."""
        self.expect(e.args[0], scope, T.SEAT, "argument 1 of knows()")
        card = self.expr(field.obj, scope)
        if card.name not in ("card", "any"):
            self.error(field.span, f"knows(p, x.{field.name}) asks about a card's field, "
                                   f"but this is {T.spoken(card)}",
                       "write knows(p, c) for a card's face, knows(p, c.FIELD) for one field")
            field.ty = T.ANY
            return T.BOOL
        field.ty = self.attr_type(field, card)
        return T.BOOL
