"""A direct choose whose options the compiler knows make a new list of distinct values
(``distinct_options.made_distinct``) calls ``LeanGame.pick_made``, which neither merges nor
copies them (as ``pick_cards`` does for a zone's own cards the chooser cannot see, none of
which it knows: each named by where it lies). Against the general pick: every ruleset's
seeded games played out from the start, each such call's options must be what
``pick_distinct`` would offer (no two alike, so none merged) and a list no earlier call was
given, in every configuration ``support.differential`` plays. test_lean_direct.py plays the
same games against the machines, which offer through ``offer_distinct``; below, the forms
that are not known distinct stay with ``pick_distinct``."""
from __future__ import annotations

import pytest

from interpreter.compiler import distinct_options
from interpreter.rules import Rules
from interpreter.runtime.lean_game import LeanGame
from rulelang.language.loader import load_text
from support.lean_differential import play_out_everywhere

SEEDS = range(3000, 3003)


def test_options_known_distinct_are_offered_as_the_general_pick_offers_them():
    made = LeanGame.pick_made
    given: list = []  # every list given, kept alive so no two share an id by chance

    def checked(self, site, seat, passing, prompt, options):
        assert type(options) in (list, range)  # a range: a choose among a range of numbers
        assert list(dict.fromkeys(options)) == list(options)  # nothing the general pick would merge
        if any(options is cards for cards in self.zc):  # (``pick_cards``: a hand the chooser
            return made(self, site, seat, passing, prompt, options)  # cannot see, its own list)
        assert all(options is not earlier for earlier in given)
        given.append(options)
        return made(self, site, seat, passing, prompt, options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LeanGame, "pick_made", checked)
        play_out_everywhere(SEEDS)
    assert len(given) > 1000  # Nim's, Pig's, Oh Hell's bids, Tic-tac-toe's cells...


RULES = """
game "Picks"
players 2
enum Pile { A, B, C }
var n: int = 0
fn piles() = [p for p in Pile if p != B]
fn twice() = [p for p in Pile] + [A]
turn {
  choose a in piles()
  choose b in 1..3
  choose c in (if n > 0 then [true] else [true, false])
  choose d in [p for p in players]
  choose e in [1, 2, 1]
  choose f in [x + 1 for x in 1..3]
  choose g in twice()
  let xs = [1, 2]
  choose h in xs
  choose i in [A, B]
  choose j in [A, A]
  choose k in (if n > 0 then ["hint"] else []) + ["play"]
  choose l in ["play"] + (if n > 1 then ["play"] else [])
  choose m in [1] + (if n > 2 then [2, 3] else [])
  choose o in [1, 2] + [2]
  choose q in disclose([p for p in Pile if p != C] + [x for x in 1..2])
  choose r in [A] + ["A"]
  let ys = [p for p in Pile if p != A]
  choose s in ys
  let zs = [1, 1]
  choose t in zs
  let ws = [p for p in Pile]
  ws += [A]
  choose u in ws
  let vs = [p for p in Pile if p != C]
  choose v in vs, pass if n > 2
  n += 1
  if n > 3 { end }
}
"""
KNOWN = {"a": True, "b": True, "c": True, "d": True, "e": False, "f": False, "g": False,
         "h": True, "i": True, "j": False, "k": True, "l": False, "m": True, "o": False,
         "q": True, "r": False, "s": True, "t": False, "u": False, "v": "unless passing"}
# the general pick of each (texts offered as texts: by direct_choose)
GENERAL = {name: "direct_choose" if name in ("k", "l", "q", "r") else "pick_distinct"
           for name in KNOWN}


def _picks(source: str) -> list[str]:
    """The pick each direct choose calls, in the order the turn's chooses are written
    ("unless passing": pick_made where the pass move is not offered, else pick_distinct)."""
    return ["unless passing" if "= (g.pick_made(" in line else line.split("= g.")[1].split("(")[0]
            for line in source.splitlines()
            if "= g.pick_" in line or "= g.direct_choose(" in line or "= (g.pick_made(" in line]


def test_the_forms_known_distinct_and_those_not():
    source = Rules(load_text(RULES, "picks.rules")).lean().source()
    assert _picks(source) == [known if type(known) is str else "pick_made" if known
                              else GENERAL[name] for name, known in KNOWN.items()]


def test_switched_off_every_choose_picks_the_general_way(monkeypatch):
    monkeypatch.setattr(distinct_options, "MADE_DISTINCT", False)
    source = Rules(load_text(RULES, "picks.rules")).lean().source()
    assert _picks(source) == list(GENERAL.values())
