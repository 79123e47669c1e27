"""Why a move is refused, in the players' words, and what was probably meant.

The reason, in order: the rules' own (``choose ... where COND else REASON``, the first
clause the move fails); passing where the rules do not allow it; a card the seat can see
that lies elsewhere than the cards on offer ("red 5 is in the trick, not in your hand"); a
cell that is not among those on offer. Then, when the text is close to a move on offer, a
did-you-mean ("reed 7": did you mean 'red 7'?).

Secrets: everything said comes from what the seat's own view shows: its legal moves, the
cards whose faces it knows (a view shows such a card where it lies) and the zones' names.
"""
from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

import attrs

from interpreter.runtime.layout import key_texts
from interpreter.runtime.values import Card, Cell, Fail, Placement

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Decision
    from interpreter.runtime.game_fields import GameFields
    from interpreter.runtime.values import Seat, Value, Zone

CLOSE = 0.8  # how alike a text and a move must be for a did-you-mean ("reed 7", "red 7")
SHOWN = 6  # at most this many placements at one cell named in a refusal


@attrs.frozen
class Refusal:
    """A move that the decision does not offer."""
    move: str
    reason: str | None  # the players' words, or None (the text is no move at all)
    suggestion: str | None  # a move on offer the text is close to
    at: int | None  # the choose statement's place among the rules' origins ("why?")
    rules_said: bool = False  # the reason is the rules' own (`where ... else`)

    def text(self) -> str:
        """The reason and the suggestion, as one line for a player."""
        parts = [f"'{self.move}' is refused: {self.reason}" if self.reason
                 else f"'{self.move}' is not a move now"]
        if self.suggestion is not None:
            parts.append(f"did you mean '{self.suggestion}'?")
        return "; ".join(parts)


def refusal(g: GameFields, decision: Decision, notation: str) -> Refusal:
    site = decision.site
    wanted = notation.strip()
    said, clause = rules_reason(g, decision, wanted)
    reason = said or derived_reason(g, decision, wanted)
    suggestion = None
    if reason is None:
        reason = _placement_reason(g, decision, wanted)
    if reason is None:
        close = difflib.get_close_matches(wanted.lower(), [n.lower() for n in decision.notations],
                                          1, CLOSE)
        reordered = _same_items(decision.notations, wanted) if "+" in wanted else None
        if reordered is not None:  # a list's items in another order: the order offered
            suggestion = reordered
        elif close:
            suggestion = next(n for n in decision.notations if n.lower() == close[0])
        elif wanted.isdigit():  # a number is not misspelt: 105 is not "15" mistyped
            if any(type(v) is Card for v in decision.values) \
                    and not any(c.label == wanted for c in _named(g, decision.seat)):
                reason = f"no card is called {wanted}"
        else:  # a card misspelt? then say why that card cannot be chosen
            meant = _close_label(g, decision, wanted)
            why = derived_reason(g, decision, meant) if meant is not None else None
            if why is not None:
                reason = f"no card is called that ({why})"
    at = site.refusal_ats[clause] if clause is not None and clause < len(site.refusal_ats) \
        else site.at  # the clause that refused it, else the choose
    return Refusal(wanted, reason, suggestion, at, said is not None)


def _same_items(notations: list[str], wanted: str) -> str | None:
    """The move on offer naming the same items as ``wanted`` (a list's items joined with
    "+") in another order, if one does."""
    items = sorted(part.strip().lower() for part in wanted.split("+"))
    for notation in notations:
        if "+" in notation and sorted(p.strip().lower() for p in notation.split("+")) == items:
            return notation
    return None


def rules_reason(g: GameFields, decision: Decision,
                 wanted: str) -> tuple[str | None, int | None]:
    """The rules' reason (a ``where ... else`` clause the move fails) and that clause's
    number, or (None, None)."""
    low = wanted.lower()
    for i, refused in enumerate(_refused(g, decision)):
        for named, reason in refused:
            if named.lower() == low:
                return reason, i
    return None, None


def rules_reasons(g: GameFields, decision: Decision) -> list[str]:
    """Every reason the rules give (``where ... else``) for what the decision leaves out,
    each once, in the order found: why the moves on offer are all there are."""
    out: list[str] = []
    for refused in _refused(g, decision):
        out.extend(str(reason) for _, reason in refused if str(reason) not in out)
    return out


def _refused(g: GameFields, decision: Decision) -> list[list[tuple[str, str]]]:
    """What each ``where ... else`` clause of the decision's choose refuses, as (the option's
    notation, reason) pairs; none when the rules have no such clause or the reasons cannot
    be worked out (the moves are refused all the same)."""
    site = decision.site
    if site.refusals is None:
        return []
    try:
        clauses: list[list[tuple[Value, str]]] = site.refusals(g, decision.frame.L)
        return [[(g.notation_of(value, decision.seat, site.element), reason)
                 for value, reason in refused] for refused in clauses]
    except (Fail, TypeError, AttributeError, KeyError, IndexError, ValueError, RecursionError):
        return []


def derived_reason(g: GameFields, decision: Decision, wanted: str) -> str | None:
    """A reason worked out from what is on offer and what the seat can see, or None."""
    site = decision.site
    low = wanted.lower()
    if site.can_pass and low == str(site.pass_word).lower():
        return f"'{site.pass_word}' is not allowed now"
    card = _visible_card(g, decision, low)
    if card is not None:
        return _card_reason(g, decision, card)
    source = _source(g, decision)
    kinds = {v.kind for v in decision.values if type(v) is Card}
    if source is not None and any(c.label.lower() == low for c in _named(g, decision.seat)
                                  if c.kind in kinds):
        # a card of these rules the seat cannot see: where it is stays unsaid
        return f"{_label_of(g, low)} is not {_in_zone(g, source, decision.seat)}"
    values = decision.values
    if values and all(type(v) is Cell for v in values):
        return f"{wanted.upper()} is not one of the cells to choose from now"
    numbers = number_ranges(values)
    if numbers is not None and NUMBER.fullmatch(wanted):  # a number is not misspelt: no
        # "50" for "250"; the moves that are no number named as offered: the pass by its
        # word, a none among the options as 'none' (which is no pass)
        words = dict.fromkeys(n for v, n in zip(values, decision.notations) if v is None)
        others = ", or " + " or ".join(f"'{w}'" for w in words) if words else ""
        if WHOLE.fullmatch(wanted) and int(wanted) in values:  # "05": one on offer, written
            return (f"write it {int(wanted)} (the numbers to choose from now: "  # otherwise
                    f"{numbers}{others})")
        return f"{wanted} is not one of the numbers to choose from now: {numbers}{others}"
    return None


NUMBER = re.compile(r"[-+]?\d+([.,]\d*)?|[-+]?[.,]\d+")  # what a player types as a number
WHOLE = re.compile(r"[-+]?\d+")  # a whole number as typed (a sign, leading zeros)


def number_ranges(values: list[Value]) -> str | None:
    """The whole numbers on offer, in runs (``0 to 194``, ``1, 3, 5 to 9``), when every option
    but a pass is one; else None."""
    numbers = sorted({v for v in values if type(v) is int})
    if not numbers or any(type(v) is not int and v is not None for v in values):
        return None
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}, {b}" if b == a + 1 else f"{a} to {b}"
                     for a, b in runs)


def _placement_reason(g: GameFields, decision: Decision, wanted: str) -> str | None:
    """A placement typed at a cell ("D4 r0") that is not on offer: the placements on offer at
    that cell, or that none is (with the rules' reason when a ``where`` clause refused one
    there); None when the moves are no placements or the text names no cell."""
    values = decision.values
    if not values or not all(type(v) is Placement for v in values):
        return None
    cell = wanted.split()[0].upper() if wanted.split() else ""
    if not re.fullmatch(r"[A-Z]+[0-9]+", cell):
        return None
    here = [n for n in decision.notations if n.split()[0].upper() == cell]
    if here:
        shown = ", ".join(here[:SHOWN]) + (f" and {len(here) - SHOWN} more" if len(here) > SHOWN
                                            else "")
        return f"not a way on offer at {cell} (at {cell}: {shown})"
    why = _rules_reason_at(g, decision, cell)
    return f"nothing can be placed at {cell} now" + (f": {why}" if why else "")


def _rules_reason_at(g: GameFields, decision: Decision, cell: str) -> str | None:
    """The rules' reason (a ``where ... else`` clause) refusing some placement at ``cell``."""
    for refused in _refused(g, decision):
        for named, reason in refused:
            words = named.split()
            if words and words[0].upper() == cell:
                return str(reason)
    return None


def _visible_cards(g: GameFields, decision: Decision) -> list[Card]:
    """The cards whose faces the deciding seat knows, of the kinds on offer (when cards are)."""
    seat = decision.seat
    kinds = {v.kind for v in decision.values if type(v) is Card}
    known = g.known
    return [c for c in g.cards if known[c.id] >> seat & 1 and (not kinds or c.kind in kinds)]


def _visible_card(g: GameFields, decision: Decision, low: str) -> Card | None:
    return next((c for c in _visible_cards(g, decision) if c.label.lower() == low), None)


def _close_label(g: GameFields, decision: Decision, wanted: str) -> str | None:
    """The name of a card of the kinds on offer that ``wanted`` is close to, or None."""
    kinds = {v.kind for v in decision.values if type(v) is Card}
    labels = sorted({c.label for c in _named(g, decision.seat) if c.kind in kinds})
    close = difflib.get_close_matches(wanted.lower(), [x.lower() for x in labels], 1, CLOSE)
    return close[0] if close else None


def _card_reason(g: GameFields, decision: Decision, card: Card) -> str:
    """Why a card the seat can see is not on offer: where it is, against where the cards on
    offer are (when they are all in one zone)."""
    here = g.where[card.id]
    source = _source(g, decision)
    if source is not None and here is not source:
        return (f"{card.label} is {_in_zone(g, here, decision.seat)}, "
                f"not {_in_zone(g, source, decision.seat)}")
    if here is None:
        return f"{card.label} is not in play"
    return f"{card.label} cannot be chosen now"


def _source(g: GameFields, decision: Decision) -> Zone | None:
    """The one zone every card on offer lies in, or None."""
    zones = {id(g.where[v.id]): g.where[v.id] for v in decision.values if type(v) is Card}
    return next(iter(zones.values())) if len(zones) == 1 else None


def _named(g: GameFields, seat: int) -> list[Card]:
    """The cards ``seat`` may know are in the game by their names: the rules' own (made by
    setup before any chance) and those whose faces it knows. Any other card it has not seen
    (a number the setup drew, a card made in play as a hidden variable decided, face down)
    is no name to tell apart from any other: whether it exists may be a secret."""
    known, own = g.known, g.rules_cards  # (no card before the checkpoint is chance's)
    return [c for c in g.cards if c.id < own or known[c.id] >> seat & 1]


def _label_of(g: GameFields, low: str) -> str:
    return next(c.label for c in g.cards if c.label.lower() == low)


def _in_zone(g: GameFields, zone: Zone | None, seat: Seat) -> str:
    if zone is None:
        return "out of play"
    label = zone.info.label or (zone.family or zone.name).replace("_", " ")
    if zone.family is None:
        return f"in the {label}" if zone.kind != "grid" else f"on the {label}"
    keys = key_texts(g.layout, zone.key, zone.info.keys)
    domains = [key.domain for key in zone.info.keys]
    if len(keys) == 1 and domains[0] in ("player", "seat"):
        whose = "your" if zone.key == seat else f"{keys[0]}'s"
        return f"in {whose} {label}"
    named = " ".join(k.replace("_", " ") for k in keys)
    return f"in {label} {named}" if named.isdigit() else f"in the {label} {named}"

