"""Lark's parse tree to the AST, every node with its span.

A grammar rule that makes one node from its children, in order, is a line of ONE_NODE
(``one_node.py``: the rest of the mapping follows from the node's class); a rule that lowers
what it reads (checks it, reorders it, fills in what is left unsaid, or spells one construct
as another) is a method of the Builder.
"""
from __future__ import annotations

import copy
import difflib
import functools
import re
from collections.abc import Callable
from typing import Any, NoReturn

from lark import Token, Transformer, v_args
from lark.tree import Meta

from rulelang.language import ast
from rulelang.language.errors import Diagnostic, Fix, ParseError, Span
from rulelang.language.one_node import _GENERATED, _unquote
from rulelang.language.one_node import ONE_NODE as ONE_NODE  # the table of rules, for the tests
from rulelang.language.teaching import attach_explains

MAX_MATCH_KEYS = 100  # keys of one match: its if-chain stays well within Python's stack
MAX_LITERAL = 10**18  # the largest number a file may write (products are capped the same)

_DECLARING = ("fn", "var", "zone", "card", "enum", "const", "option", "table", "rule")
_TEAM = object()  # `team` where a win or a loss names who: the cooperative team

STATEMENT_WORDS = ("let", "move", "deal", "shuffle", "create", "place", "reveal", "tell", "choose",
                   "if", "for", "repeat", "while", "loop", "break", "continue", "return", "log",
                   "win", "lose", "end")

# words of other languages, or of other games' rulebooks, that start no declaration or
# statement here -> what to write
OTHER_WORDS = {
    "def": "a function is declared with fn: fn NAME(x: int) = ...",
    "function": "a function is declared with fn: fn NAME(x: int) = ...",
    "func": "a function is declared with fn: fn NAME(x: int) = ...",
    "draw": "cards are moved with move: move top(deck) to hand[current]; several at once "
            "with deal: deal 2 from deck to hand[current]",
    "discard": "cards are moved with move: move c to discard",
    "put": "cards are moved with move: move c to ZONE",
}


@functools.cache
def _words_within_statements() -> list[str]:
    """The grammar's words that go on inside a statement (prompt, where, to, times...)."""
    from rulelang.language.parser import KEYWORDS, _literals
    from rulelang.language.syntax_errors import DECLARATION_WORDS
    return sorted({w for w in _literals().values() if w.isalpha() and len(w) > 2}
                  - set(STATEMENT_WORDS) - KEYWORDS - set(_DECLARING) - set(DECLARATION_WORDS))


def span_of(file: str, meta: Meta, dl: int = 0, dc: int = 0) -> Span:
    if getattr(meta, "empty", True):
        return Span(file, 1, 1, 1, 1)
    col = meta.column + (dc if meta.line == 1 else 0)
    end_col = meta.end_column + (dc if meta.end_line == 1 else 0)
    return Span(file, meta.line + dl, col, meta.end_line + dl, end_col)


def _tok_span(file: str, tok: Token, dl: int = 0, dc: int = 0) -> Span:
    assert tok.line is not None and tok.column is not None  # the lexer's tokens have both
    col = tok.column + (dc if tok.line == 1 else 0)
    return Span(file, tok.line + dl, col, tok.line + dl, col + len(tok))


def _inner_quotes(text: str) -> str:
    """In `"{at(board, \\"B2\\")}"` the value's own quotes are escaped: unescape them, keeping
    every column in place (a space takes the backslash's place, outside the inner string)."""
    out, inside, i = [], False, 0
    while i < len(text):
        if text.startswith('\\"', i):
            out.append('" ' if inside else ' "')
            inside = not inside
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _where(name: str, base: ast.Expr, filters: list[tuple[ast.Expr, ast.Expr | None]],
           span: Span) -> tuple[ast.Expr, ast.Expr, list[ast.Expr]]:
    """``choose x in BASE where C1 else R1 where C2 ...``: the options are
    ``[x for x in BASE if C1 and C2 ...]``; the refusals, for each clause, the options
    that pass the clauses before it and fail it, with its reason:
    ``[(x, R2) for x in BASE if C1 and not C2]``. (Copies: the checker annotates each.)"""
    def all_of(conds: list[ast.Expr]) -> ast.Expr:
        out: ast.Expr | None = None
        for original in conds:
            cond = copy.deepcopy(original)
            out = cond if out is None else ast.BoolOp("and", out, cond, span=cond.span)
        assert out is not None  # called with one condition or more
        return out

    conds = [cond for cond, _ in filters]
    options = ast.Comprehension(ast.Name(name, span=base.span),
                                [ast.CompFor([name], base, all_of(conds), span=base.span)],
                                span=base.span)
    lists: list[ast.Expr] = []
    reasons: list[ast.Expr] = []
    for i, (cond, given) in enumerate(filters):
        refused = ast.Not(copy.deepcopy(cond), span=cond.span)
        test = refused if i == 0 else ast.BoolOp("and", all_of(conds[:i]), refused, span=cond.span)
        reason = given if given is not None else ast.Lit(None, span=cond.span)
        reasons.append(reason)
        pair = ast.TupleLit([ast.Name(name, span=cond.span), reason], span=cond.span)
        lists.append(ast.Comprehension(pair, [ast.CompFor([name], copy.deepcopy(base), test,
                                                          span=base.span)], span=cond.span))
    return options, ast.ListLit(lists, span=span), reasons


@v_args(meta=True)
class Builder(Transformer[Token, Any]):
    def __init__(self, file: str, text: str, parse_expr: Callable[[str, str, int, int], ast.Expr],
                 line_shift: int = 0, col_shift: int = 0) -> None:
        self.parse_expr = parse_expr  # given by the parser (strings hold expressions): no import cycle
        super().__init__(visit_tokens=False)  # tokens are read by the rules that hold them
        self.file, self.text = file, text
        self.dl, self.dc = line_shift, col_shift
        self.teaching: list[ast.Explain] = []  # taken out of the tree as it is built

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A rule with no method here (Lark calls this): one of the tables below. (Found
        there, it is called without the wrapper Lark makes for a method at every call.)"""
        return _GENERATED[data](self, meta, children)

    def _s(self, meta: Meta) -> Span:
        return span_of(self.file, meta, self.dl, self.dc)

    def _ts(self, tok: Token) -> Span:
        return _tok_span(self.file, tok, self.dl, self.dc)

    def _bad(self, message: str, span: Span, hint: str | None = None,
             fix: Fix | None = None) -> NoReturn:
        raise ParseError(message, [Diagnostic(message, span, hint, fix=fix)], {self.file: self.text})

    # -- top level
    def start(self, meta: Meta, decls: list[Any]) -> list[Any]:
        return attach_explains(decls, None, self.teaching)

    def _count(self, token: Token, meta: Meta) -> int:
        """A count written in a declaration (players, a grid's size): bounded before it is
        made a number (Python refuses to read 4,300 digits and more)."""
        digits = str(token).lstrip("0") or "0"
        if len(digits) > len(str(MAX_LITERAL)) or int(digits) > MAX_LITERAL:
            self._bad(f"this number is too large (at most {MAX_LITERAL:,})", self._s(meta),
                      "no game needs this many players or cells")
        return int(digits)

    def players_decl(self, meta: Meta, c: list[Any]) -> ast.PlayersDecl:
        low = self._count(c[0], meta)
        high = self._count(c[1], meta) if c[1] is not None else low
        return ast.PlayersDecl(low, high, span=self._s(meta))

    def enum_decl(self, meta: Meta, c: list[Any]) -> ast.EnumDecl:
        return ast.EnumDecl(str(c[0]), [str(t) for t in c[1:]], [self._ts(t) for t in c[1:]],
                            span=self._s(meta))

    def card_decl(self, meta: Meta, c: list[Any]) -> ast.CardDecl:
        fields = [x for x in c[1:] if isinstance(x, ast.FieldDecl)]
        clauses = {}
        for kind, expr, meaning in (x for x in c[1:] if isinstance(x, tuple)):
            if kind in clauses:
                self._bad(f"a card kind has one '{kind}' clause", expr.span)
            clauses[kind] = expr
            if meaning is not None:
                clauses[kind + "_means"] = meaning
        return ast.CardDecl(str(c[0]), fields, clauses.get("name"), clauses.get("symbol"),
                            clauses.get("tint"), clauses.get("symbol_means"),
                            clauses.get("tint_means"), clauses.get("note"),
                            clauses.get("drawing"), clauses.get("edges"),
                            clauses.get("edges_means"), span=self._s(meta))

    def name_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, None]:
        return ("name", c[0], None)

    def symbol_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, ast.Expr | None]:
        return ("symbol", c[0], c[1])

    def tint_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, ast.Expr | None]:
        return ("tint", c[0], c[1])

    def note_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, None]:
        return ("note", c[0], None)

    def drawing_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, None]:
        return ("drawing", c[0], None)

    def edges_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, ast.Expr | None]:
        return ("edges", c[0], c[1])

    def table_decl(self, meta: Meta, c: list[Any]) -> ast.TableDecl:
        rows = [r for r in c[1:] if r is not None]
        header = rows[0]
        columns = []
        for cell in header:
            if not isinstance(cell, ast.Name):
                self._bad("the first row of a table names its columns", cell.span,
                          "write the column names, like | colour | value |")
            columns.append(cell.id)
        for row in rows[1:]:
            if len(row) != len(columns):
                self._bad(f"this row has {len(row)} cells but the table has {len(columns)} columns",
                          row[0].span if row else self._s(meta),
                          "write one cell per column, each followed by '|': | a | b |")
        return ast.TableDecl(str(c[0]), columns, rows[1:], span=self._s(meta))

    def table_row(self, meta: Meta, c: list[Any]) -> list[ast.Expr] | None:
        if len(c) == 1 and isinstance(c[0], Token) and c[0].type == "TABLE_RULE":
            return None
        return list(c)

    def zone_decl(self, meta: Meta, c: list[Any]) -> ast.ZoneDecl:
        name, keys, (kind, width, height), of = str(c[0]), c[1] or [], c[2], c[3]
        return ast.ZoneDecl(name, keys, kind, width, height, str(of) if of else None,
                            list(c[4:]), span=self._s(meta))

    def place_stmt(self, meta: Meta, c: list[Any]) -> NoReturn:
        """``place X on GRID at WHERE``, retired: one spelling, ``move X to GRID at WHERE``."""
        written = " ".join(self.text[meta.start_pos:meta.end_pos].split())
        found = re.fullmatch(r"place (.*?) on (.*?) at (.*)", written)
        instead = (f"move {found[1]} to {found[2]} at {found[3]}" if found
                   else "move CARD to GRID at CELL")
        self._bad("'place' is no longer a statement: a card goes onto a grid with 'move'",
                  self._s(meta), f"write: {instead}",
                  Fix(self._s(meta), instead) if found else None)

    def win_stmt(self, meta: Meta, c: list[Any]) -> ast.Finish:
        return self._finish("win", meta, c)

    def lose_stmt(self, meta: Meta, c: list[Any]) -> ast.Finish:
        return self._finish("lose", meta, c)

    def _finish(self, how: str, meta: Meta, c: list[Any]) -> ast.Finish:
        """``win WHO ["REASON"]``: ``team`` is the cooperative team (the checker judges the
        shapes left out, to say what to write instead)."""
        who, reason = (list(c) + [None, None])[:2]  # Lark leaves out what an optional inlined
        team = who is _TEAM
        return ast.Finish(how, None if team else who,
                          reason=self._text(reason) if reason is not None else None,
                          team=team, span=self._s(meta))

    def team(self, meta: Meta, c: list[Any]) -> object:
        return _TEAM

    def end_stmt(self, meta: Meta, c: list[Any]) -> ast.Finish:
        return ast.Finish("end", None, reason=c[0], span=self._s(meta))

    def zone_kind(self, meta: Meta, c: list[Any]
                  ) -> tuple[str, int | ast.Name | None, int | ast.Name | None]:
        return (str(c[0]), c[1], c[2])

    def grid_dim(self, meta: Meta, c: list[Any]) -> int | ast.Name:
        """A grid's width or height: a number, or a name (an option or a constant)."""
        if c[0].type == "INT":
            return self._count(c[0], meta)
        return ast.Name(str(c[0]), span=self._s(meta))

    # spans the word and its text: `layout "beside deck"`
    def zone_opt(self, meta: Meta, c: list[Any]) -> tuple[str, str | None, Span]:
        return (str(c[0]), _unquote(c[1]) if c[1] is not None else None, self._s(meta))

    def var_decl(self, meta: Meta, c: list[Any]) -> ast.VarDecl:
        name, keys, typ, init, *options = c
        shown = next((text for word, text, _ in options if isinstance(text, ast.Expr)), None)
        options = [o for o in options if not isinstance(o[1], ast.Expr)]
        return ast.VarDecl(str(name), keys or [], typ, init, options=options, shown=shown,
                           span=self._s(meta))

    def var_opt(self, meta: Meta, c: list[Any]) -> tuple[str, str | ast.Expr | None, Span]:
        if str(c[0]) == "shown" and c[1] is not None:  # how the value reads: it may show values
            return ("shown", self._text(c[1]), self._ts(c[0]))
        return (str(c[0]), _unquote(c[1]) if c[1] is not None else None, self._ts(c[0]))

    def fn_decl(self, meta: Meta, c: list[Any]) -> ast.FnDecl:
        name, params = str(c[0]), c[1] or []
        lets = list(c[2:-1])
        return ast.FnDecl(name, params, lets, c[-1], span=self._s(meta))

    def trigger_decl(self, meta: Meta, c: list[Any]) -> ast.TriggerDecl:
        event, (zone, keys), card_name, body = str(c[0]), c[1], c[2], c[3]
        if event not in ("enter", "leave"):
            self._bad(f"unknown event '{event}'", self._ts(c[0]),
                      "triggers are 'on enter ZONE' or 'on leave ZONE'")
        return ast.TriggerDecl(event, zone, keys, str(card_name) if card_name else None, body,
                               span=self._s(meta))

    def zone_pattern(self, meta: Meta, c: list[Any]) -> tuple[str, list[ast.Expr]]:
        return (str(c[0]), c[1] or [])

    def require_decl(self, meta: Meta, c: list[Any]) -> ast.RequireDecl:
        # its message is a text with {values}
        return ast.RequireDecl(c[0], self._text(c[1]), span=self._s(meta))

    def campaign_decl(self, meta: Meta, c: list[Any]) -> ast.CampaignDecl:
        items = list(c)
        for item in items:
            if isinstance(item, ast.VarDecl):
                item.campaign = True
        return ast.CampaignDecl(items, span=self._s(meta))

    # -- statements
    def block(self, meta: Meta, c: list[Any]) -> list[ast.Stmt]:
        stmts = []
        for stmt in c:  # `create ... as NAME` is two statements
            stmts.extend(stmt if isinstance(stmt, list) else [stmt])
        return attach_explains(stmts, self._s(meta), self.teaching)

    # -- player-facing text (teaching.py): built here, taken out of the tree by attach_explains
    def about_decl(self, meta: Meta, c: list[Any]) -> ast.Explain:
        return ast.Explain("about", None, [], c[0], span=self._s(meta))

    def duration_decl(self, meta: Meta, c: list[Any]) -> ast.Explain:
        return ast.Explain("duration", None, [], [_unquote(c[0])], span=self._s(meta))

    def explain_decl(self, meta: Meta, c: list[Any]) -> ast.Explain:
        title = _unquote(c[0]) if c[0] is not None else None
        return ast.Explain("explain", title, c[1] or [], c[2], span=self._s(meta))

    explain_stmt = explain_decl

    def cites(self, meta: Meta, c: list[Any]) -> list[str]:
        return [_unquote(t) for t in c]

    def text_block(self, meta: Meta, c: list[Any]) -> list[str]:
        return [_unquote(t) for t in c]

    def assign_stmt(self, meta: Meta, c: list[Any]) -> ast.Assign:
        target, op, value = c
        if not isinstance(target, (ast.Name, ast.Index, ast.Attr)):
            self._bad("only a variable, a variable[key] or a card's field can be assigned",
                      target.span)
        return ast.Assign(target, op, value, span=self._s(meta))

    def return_stmt(self, meta: Meta, c: list[Any]) -> ast.Return:
        # ``return``, or ``return VALUE`` (c: the RETURN_VALUE word, then the value)
        return ast.Return(c[1] if len(c) == 2 else None, span=self._s(meta))

    def call_stmt(self, meta: Meta, c: list[Any]) -> ast.CallStmt:
        call = c[0]
        if isinstance(call, ast.Name) and call.id in _DECLARING:  # ``fn f() = 1`` in a block
            self._bad(f"'{call.id}' starts a declaration, not a statement", call.span,
                      f"write the {call.id} at the top level of the file, outside every block")
        if isinstance(call, ast.Name) and call.id in OTHER_WORDS:  # ``draw 1 from deck ...``
            self._bad(f"'{call.id}' is not a statement", call.span,
                      f"{OTHER_WORDS[call.id]} (to run a rule of that name: {call.id}())")
        elif isinstance(call, ast.Name):
            close = difflib.get_close_matches(call.id, STATEMENT_WORDS, 1, 0.65)  # not current->create
            line_start = self.text.rfind("\n", 0, meta.start_pos) + 1
            if not close and self.text[line_start:meta.start_pos].strip():  # after code on its
                close = difflib.get_close_matches(  # line: a word of that statement half typed
                    call.id, _words_within_statements(), 1, 0.65)  # (choose ... prom)
            self._bad(f"'{call.id}' is not a statement", call.span,
                      f"did you mean '{close[0]}'?" if close
                      else f"to run a rule write {call.id}(), to set a variable {call.id} = value")
        if isinstance(call, (ast.Text, ast.Lit)) and isinstance(getattr(call, "value", ""), str):
            self._bad("a text alone does nothing", call.span,
                      'write log "..." to show it; a choose\'s prompt follows the word prompt: '
                      'choose x in ... prompt "..."')
        if not isinstance(call, ast.Call):
            self._bad("a statement cannot be just a value", call.span,
                      "call a rule like rule_name(args), or assign with name = value")
        return ast.CallStmt(call, span=self._s(meta))

    def at_bottom(self, meta: Meta, c: list[Any]) -> str:
        return "bottom"

    def named_arg(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr, Span]:
        return (str(c[0]), c[1], self._ts(c[0]))

    def choose_stmt(self, meta: Meta, c: list[Any]) -> ast.Choose:
        name, options, clauses = str(c[0]), c[1], c[2:]
        by = prompt = pass_if = pass_word = pass_confirm = each = None
        can_pass = private = False
        filters = []
        prefer: list[ast.Lambda] = []
        shown: ast.Lambda | None = None
        for kind, value in clauses:
            if kind == "prefer":
                prefer.append(ast.Lambda(name, value, span=value.span))
            elif kind == "shown":
                if shown is not None:
                    self._bad("a choose has one 'shown'", value.span,
                              "say all an option shows in one text: shown \"{a} and {b}\"")
                shown = ast.Lambda(name, value, span=value.span)
            elif kind == "by":
                by = value
            elif kind == "each":
                each = value
            elif kind == "pass":
                can_pass, (pass_word, pass_if, pass_confirm) = True, value
            elif kind == "where":
                filters.append(value)
            elif kind == "private":
                private = True
            else:
                prompt = value
        refusals: ast.Expr | None = None
        reasons: list[ast.Expr] = []
        if filters:
            options, refusals, reasons = _where(name, options, filters, self._s(meta))
        return ast.Choose(name, options, by, can_pass, pass_if, prompt, span=self._s(meta),
                          pass_word=pass_word, each=each, refusals=refusals, reasons=reasons,
                          prefer=prefer, private=private, pass_confirm=pass_confirm, shown=shown)

    def where_clause(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[ast.Expr, ast.Expr | None]]:
        return ("where", (c[0], c[1]))

    def prefer_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr]:
        return ("prefer", c[0])

    def shown_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr]:
        return ("shown", c[0])

    def private_clause(self, meta: Meta, c: list[Any]) -> tuple[str, None]:
        return ("private", None)

    def by_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr]:
        return ("by", c[0])

    # by each p in SEATS: (the name, the seats)
    def by_each_clause(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[str, ast.Expr]]:
        return ("each", (str(c[0]), c[1]))

    def pass_clause(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[
            tuple[str, Span] | None, ast.Expr | None, tuple[str, Span] | None]]:
        word = (_unquote(c[0]), self._ts(c[0])) if c[0] is not None else None
        confirm = (_unquote(c[2]), self._ts(c[2])) if c[2] is not None else None
        return ("pass", (word, c[1], confirm))

    def prompt_clause(self, meta: Meta, c: list[Any]) -> tuple[str, ast.Expr]:
        return ("prompt", c[0])

    def if_stmt(self, meta: Meta, c: list[Any]) -> ast.If:
        branches = [(c[0], c[1])]
        other = None
        for item in c[2:]:
            if isinstance(item, tuple):
                branches.append(item)
            elif item is not None:
                other = item
        return ast.If(branches, other, span=self._s(meta))

    def for_stmt(self, meta: Meta, c: list[Any]) -> ast.For:
        names = [str(x) for x in c[:2] if x is not None]
        return ast.For(names, c[2], c[3], span=self._s(meta))

    # -- expressions
    def call_comp(self, meta: Meta, c: list[Any]) -> ast.Call:
        comp = ast.Comprehension(c[1], list(c[2:]), span=self._s(meta))
        return ast.Call(c[0], [comp], span=self._s(meta))

    def int_lit(self, meta: Meta, c: list[Any]) -> ast.Lit:
        digits = str(c[0]).lstrip("0") or "0"
        if len(digits) > len(str(MAX_LITERAL)) or int(digits) > MAX_LITERAL:
            self._bad(f"this number is too large (at most {MAX_LITERAL:,})", self._s(meta),
                      "rules count cards, points and turns: no number needs to be this big")
        return ast.Lit(int(digits), span=self._s(meta))

    def str_lit(self, meta: Meta, c: list[Any]) -> ast.Expr:
        return self._text(c[0])

    def tuple_lit(self, meta: Meta, c: list[Any]) -> ast.TupleLit:
        return ast.TupleLit([c[0]] + (c[1] or []), span=self._s(meta))

    def list_comp(self, meta: Meta, c: list[Any]) -> ast.Comprehension:
        return ast.Comprehension(c[0], list(c[1:]), span=self._s(meta))

    def match_expr(self, meta: Meta, c: list[Any]) -> ast.Expr:
        """`match X { k: v, ..., _: d }` is `if X == k then v else ... else d` (else none)."""
        subject, arms = c[0], c[1:]
        written = [k for k, _ in arms if not (isinstance(k, ast.Name) and k.id == "_")]
        if len(written) > MAX_MATCH_KEYS:  # each key is one more level of if-chain
            self._bad(f"a match has at most {MAX_MATCH_KEYS} keys, not {len(written)}",
                      self._s(meta), "for more, keep the values in a table and look them up: "
                                     "first([r.value for r in TABLE if r.key == x])")
        if not isinstance(subject, (ast.Name, ast.Attr, ast.Index)):
            self._bad("match looks at a name, a field or an item", subject.span,
                      "name the value first: let x = ...  then match x { ... }")
        default, keys = None, []
        for i, (key, value) in enumerate(arms):
            if isinstance(key, ast.Name) and key.id == "_":
                if i != len(arms) - 1:
                    self._bad("'_' stands for every other value: it comes last", key.span,
                              "move '_: ...' to the end of the match")
                default = value
            else:
                keys.append(key)
        if not keys:
            self._bad("a match needs a key besides '_'", self._s(meta),
                      "write the value itself, without match")
        chain = default if default is not None else ast.Lit(None, span=self._s(meta))
        for key, value in reversed(arms[:len(keys)]):
            test = ast.Compare("==", subject, key, span=key.span)  # the checker copies X
            chain = ast.IfExpr(test, value, chain, span=self._s(meta))
        assert isinstance(chain, ast.IfExpr)  # there is a key (checked above)
        chain.match = ast.MatchInfo(len(keys), default is not None)
        return chain

    def comp_for(self, meta: Meta, c: list[Any]) -> ast.CompFor:
        names = [str(c[0])] + ([str(c[1])] if c[1] is not None else [])
        return ast.CompFor(names, c[2], c[3], span=self._s(meta))

    # -- strings with {interpolation}
    def _text(self, tok: Token) -> ast.Expr:
        span = self._ts(tok)
        raw = str(tok)[1:-1]
        parts: list[str | ast.Expr] = []
        buf: list[str] = []
        i = 0
        while i < len(raw):
            ch = raw[i]
            if ch == "\\" and i + 1 < len(raw):
                buf.append({"n": "\n", "t": "\t"}.get(raw[i + 1], raw[i + 1]))
                i += 2
            elif ch == "{" and raw[i + 1:i + 2] == "{":
                buf.append("{")
                i += 2
            elif ch == "}" and raw[i + 1:i + 2] == "}":
                buf.append("}")
                i += 2
            elif ch == "{":
                end = raw.find("}", i)
                if end < 0:
                    at = span.col + i + 1
                    self._bad("this '{' in a string is not closed",
                              Span(span.file, span.line, at, span.line, at + 1),
                              "end the value with '}', or write '{{' for a literal brace")
                if buf:
                    parts.append("".join(buf))
                    buf = []
                try:
                    parts.append(self.parse_expr(_inner_quotes(raw[i + 1:end]), self.file, span.line,
                                            span.col + i + 2))
                except ParseError as error:
                    raise ParseError(str(error.diagnostics[0].message), error.diagnostics,
                                     {self.file: self.text}) from None
                i = end + 1
            else:
                buf.append(ch)
                i += 1
        if buf or not parts:
            parts.append("".join(buf))
        if len(parts) == 1 and isinstance(parts[0], str):
            return ast.Lit(parts[0], span=span)
        return ast.Text(parts, span=span)
