"""Checking assignments (mixed into the statements' checker): what may be set, to what, and
with which operator."""
from __future__ import annotations

from typing import cast

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.expressions import BUILTIN_VALUES, Scope
from rulelang.language.checker.keys_written import split_keys
from rulelang.language.checker.seats import NO_ARITHMETIC, mismatch_hint
from rulelang.language.errors import suggest

# a declared name that cannot be assigned, as a message names it (``Symbol.kind`` -> words)
_SYMBOL_WORDS = {"family": "a zone family", "zone": "a zone", "const": "a constant",
                 "option": "an option (set before the game starts)", "fn": "a function",
                 "rule": "a rule", "enum": "an enum", "member": "a member of an enum",
                 "card": "a kind of card", "table": "a table", "dummy": "a seat played by no one"}


class AssignChecker(CheckerBase):
    """Mixed into StmtChecker."""

    def s_Assign(self, s: ast.Assign, scope: Scope, loops: int) -> None:
        target = s.target
        self.rule_call_site = s.value if isinstance(s.value, ast.Call) else None
        value = self.expr(s.value, scope)
        self.rule_call_site = None
        want = T.ANY
        if isinstance(target, ast.Name):
            local = scope.lookup(target.id)
            sym = self.symbols.get(target.id)
            if local is not None:
                if not local.mutable:
                    self.error(target.span, f"'{target.id}' cannot be changed here")
                target.ref, want = refs.Local(local.slot), local.type
            elif target.id == "current":
                target.ref, want = refs.Builtin("current"), T.SEAT
            elif sym is not None and sym.kind == "var":
                target.ref, want = refs.Var(sym.name), sym.type
            elif sym is not None and sym.kind == "varfam":  # ``points += 1``
                keys = ", ".join("current" if key == T.SEAT else "KEY" for key in sym.decl_keys)
                self.error(target.span, f"'{target.id}' holds one value per key: say which "
                                        "one is set", f"write {target.id}[{keys}] {s.op} ...")
            elif sym is not None:
                what = _SYMBOL_WORDS.get(sym.kind, f"a {sym.kind}")
                self.error(target.span, f"'{target.id}' is {what} and cannot be assigned",
                           "declare a variable with 'var' to keep a changing value")
            elif target.id in BUILTIN_VALUES:
                self.error(target.span, f"'{target.id}' is given by the game and cannot be assigned",
                           "only 'current' can be set; declare a variable with 'var'")
                return
            else:
                close = suggest(target.id, [n for n, x in self.symbols.items() if x.kind == "var"]
                                + list(scope.all_names()))
                if self.used_before_let(target.id, target.span):
                    return
                named = target.id
                self.error(target.span, f"unknown variable '{named}'",
                           lambda: close() or _declare_hint(named, value))
                return
        elif isinstance(target, ast.Index) and split_keys(self, target, scope):
            want = self.expr(target, scope)  # reported there: stock[current][r]
        elif isinstance(target, ast.Index):
            name = target.obj.id if isinstance(target.obj, ast.Name) else None
            sym = self.symbols.get(name) if name else None
            if name and sym is None and not scope.lookup(name) and name not in BUILTIN_VALUES \
                    and name not in self.ambiguous:
                self.unknown(target.obj.span, name, "variable",
                             [n for n, x in self.symbols.items() if x.kind == "varfam"])
                return
            if sym is None or sym.kind != "varfam":
                what = f"'{name}' is a {sym.kind}" if sym else (
                    f"'{name}' is a local name" if name else "this is a value")
                self.error(target.span, "only a variable kept per key can be assigned with [...]",
                           f"{what}; declare one with keys: var NAME[player]: int = 0")
                return
            want = self.expr(target, scope)
        else:
            target = cast(ast.Attr, target)  # the builder lets nothing else be assigned
            want = self.expr(target, scope)
            if isinstance(target.ref, refs.Field):
                kinds = [target.obj.ty.arg] if target.obj.ty.arg else list(self.cards)
                fixed = [k for k in kinds if target.name in self.cards[k].fields
                         and not self.cards[k].fields[target.name].mutable]
                if fixed:
                    self.error(target.span, f"'{target.name}' of {fixed[0]} is fixed when the "
                                            "card is made", "declare it with 'var' in the card "
                                                            "kind to let it change")
            elif target.ref is not None and not isinstance(target.ref, refs.Dynamic):
                self.error(target.span, "only a card's 'var' field can be assigned")
        if isinstance(target, ast.Name):
            target.ty = want  # the name's declared type (a name being set is not read)
        if s.op != "=":
            self.compound(s, want, value)
        elif not T.fits(value, want):
            self.error(s.value.span,
                       f"this is {T.spoken(value)}, but the target holds {T.spoken(want)}",
                       mismatch_hint(self, s.value, value, want))

    def compound(self, s: ast.Assign, want: T.Type, value: T.Type) -> None:
        """`+=` and `-=`: a number to a number, text to text (+= only), a list to a list."""
        op, adds = s.op, s.op == "+="
        if want == T.ANY or value == T.ANY:
            return
        if value == T.NONE:
            self.error(s.value.span, f"'{op}' needs a value, not none")
            return
        if want.name == "list":
            if value.name != "list" and T.fits(value, want.arg):
                self.error(s.value.span, f"'{op}' {'adds' if adds else 'takes away'} a list, "
                                         f"but this is {T.spoken(value)}",
                           f"put it in a list: {op} [{self.source_of(s.value.span) or '...'}]")
            elif value.name != "list" or not T.fits(value.arg, want.arg):
                self.error(s.value.span,
                           f"this is {T.spoken(value)}, but '{op}' needs {T.spoken(want)}",
                           f"'{op}' on a list {'adds' if adds else 'takes away'} the items of "
                           "another list of the same kind")
        elif T.fits(want, T.INT):
            if not T.fits(value, T.INT):
                self.error(s.value.span, f"'{op}' {'adds' if adds else 'takes away'} a number, "
                                         f"but this is {T.spoken(value)}",
                           "a number is written in digits, without quotes: 2"
                           if isinstance(s.value, ast.Lit) and value == T.TEXT else None)
        elif want == T.TEXT and adds:
            if value != T.TEXT:
                self.error(s.value.span, f"'+=' adds text to text, but this is {T.spoken(value)}",
                           'make it text first: += "{...}"')
        elif want == T.TEXT:
            self.error(s.span, "'-=' cannot take anything away from text",
                       "'-=' takes a number from a number, or items from a list")
        elif want == T.SEAT:
            self.error(s.span, f"'{op}' works on numbers{', text' if adds else ''} and lists, "
                               f"and this holds {T.spoken(want)}", NO_ARITHMETIC)
        else:
            self.error(s.span, f"'{op}' works on numbers{', text' if adds else ''} and lists, "
                               f"and this holds {T.spoken(want)}", "set it instead: ... = value")


def _declare_hint(name: str, value: T.Type) -> str:
    """How to declare a name set before it was: a local with let, or a variable with var
    (of the type of the value it is set to, where known)."""
    if name in BUILTIN_VALUES or name in SIGNATURES:  # (its var was refused: said there)
        return f"'{name}' is a built-in name: a variable needs another name"
    typed = "player" if value == T.SEAT else "TYPE" if value in (T.ANY, T.NONE) else str(value)
    return (f"a name for this block alone is declared with let: let {name} = ...; one kept "
            f"for the whole game, at the top level: var {name}: {typed} = ...")
