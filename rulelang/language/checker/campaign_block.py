"""Checking a ``campaign { ... }`` (mixed into the Checker).

A campaign's variables are variables of every game of the rules, whose values are kept
from one game to the next; so they must be plain data a campaign save can hold (numbers,
true/false, text, enum members, lists of them), seen by everyone. Like any variable one may
be kept per key (``var stars[player]: int = 0``), by keys every game shares. ``offer OPTION in
VALUES`` names the option the next game is chosen by. ``after { ... }`` runs once a game
of the campaign is over: it cannot ask for a decision, nor end the game again.
"""
from __future__ import annotations

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.checker.checker_base import CheckerBase
from rulelang.language.checker.statements import rules_doing
from rulelang.language.traversal import walk

CAMPAIGN_TYPES = ("int", "bool", "text", "enum")


def plain_type(t: T.Type) -> bool:
    """A value a campaign save holds as plain data: no card, seat, zone, cell or shape
    (those belong to one game)."""
    while t.name == "list":
        t = t.arg
    return t.name in CAMPAIGN_TYPES


class CampaignChecker(CheckerBase):
    """Mixed into the Checker."""

    def declare_campaign(self, d: ast.CampaignDecl) -> None:
        from rulelang.language.checker import CampaignInfo
        if self.program.campaign is not None:
            first = self.program.campaign.decl.span
            self.error(d.span, f"the rules already declare a campaign (at {first})",
                       "put all its variables, its offer and its after block in one "
                       "campaign { ... }")
            return
        info = self.program.campaign = CampaignInfo(d)
        for item in d.items:
            if isinstance(item, ast.OfferDecl):
                if info.offer is not None:
                    self.error(item.span, "a campaign has one 'offer'")
                info.offer = item
            elif isinstance(item, ast.BlockDecl):
                if info.after is not None:
                    self.error(item.span, "a campaign has one 'after' block")
                info.after = item
            else:
                info.vars.append(item.name)
        if info.offer is None:
            self.error(d.span, "a campaign needs an 'offer OPTION in VALUES'",
                       "it says which games may come next: e.g. offer level in "
                       "open_levels() (an empty list ends the campaign)")

    def campaign_var(self, d: ast.VarDecl, ty: T.Type, visibility: str | None) -> None:
        """The extra checks on a variable declared in a campaign."""
        offer = self.program.campaign.offer if self.program.campaign is not None else None
        for key in d.keys:  # kept per key like any variable, if the keys stay game after game
            if isinstance(key, ast.KeyRange) and offer is not None and any(
                    isinstance(n, ast.Name) and n.id == offer.option for n in walk([key])):
                self.error(key.span, f"campaign variable '{d.name}' is kept per number up to "
                                     f"'{offer.option}', the option the campaign offers: its "
                                     "keys would change from game to game",
                           "key it by what every game of the campaign shares: the players, an "
                           "enum, or numbers up to a constant")
        if not plain_type(ty) and ty != T.ANY:
            self.error(d.type.span, f"campaign variable '{d.name}' holds {T.spoken(ty)}: a "
                                    "campaign keeps numbers, true/false values, text and enum "
                                    "members, or lists of them",
                       "cards, zones, seats and cells belong to one game; keep what they "
                       "stand for instead (a name, a number)")
        if visibility not in (None, "public"):
            self.error(d.span, f"campaign variable '{d.name}' cannot be '{visibility}': "
                               "everyone at the table knows the campaign's state")

    def d_OfferDecl(self, d: ast.OfferDecl) -> None:
        option = self.program.options.get(d.option)
        scope = self.top_scope()
        if option is None:
            self.unknown(d.span, d.option, "option", self.program.options)
            self.expr(d.values, scope)
            return
        ty = option.type
        if ty.name == "list":
            self.error(d.span, f"option '{d.option}' is a list: a campaign offers a single value "
                               "per game")
        self.expect(d.values, scope, T.list_of(ty), f"the values offered for '{d.option}'")

    def check_after(self) -> None:
        """``after`` may call rules, but none that asks for a decision; and it cannot
        win, lose or end (the game is over already)."""
        after = self.program.blocks.get("after")
        if after is None:
            return
        rules = self.program.rules
        pausing = rules_doing(rules, self.calls, ast.Choose)
        finishing = rules_doing(rules, self.calls, ast.Finish)
        for node in walk(after.body):
            if isinstance(node, ast.Choose):
                self.error(node.span, "a campaign's 'after' block cannot ask for a decision: "
                                      "the game is over",
                           "decide it in the next game's setup instead")
            elif isinstance(node, ast.Finish):
                self.error(node.span, f"'{node.how}' in a campaign's 'after' block: the game "
                                      "is over already",
                           "keep the result in a campaign variable instead")
            elif isinstance(node, ast.Call) and isinstance(node.ref, refs.Rule) \
                    and node.ref.name in pausing:
                self.error(node.span, f"rule '{node.ref.name}' can ask for a decision, so a "
                                      "campaign's 'after' block cannot call it: the game is over")
            elif isinstance(node, ast.Call) and isinstance(node.ref, refs.Rule) \
                    and node.ref.name in finishing:
                self.error(node.span, f"rule '{node.ref.name}' can win, lose or end the game, so "
                                      "a campaign's 'after' block cannot call it: the game is over")
