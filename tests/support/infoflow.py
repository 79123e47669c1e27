"""The information-flow check's tests' ruleset head and how they read its warnings."""
from __future__ import annotations

import rulelang

HEAD = '''game "Flow"
players 2
card C { v: int  name "c{v}" }
zone deck: pile of C
zone stack: pile of C, top
zone hand[player]: hand of C
zone table: row of C, public
var points: int = 0
var secret_best: int = 0, hidden
var seen[player]: int = 0, owner
setup {
  for n in 1..8 { create C(v: n) in deck }
  shuffle deck
  deal 2 from deck to hand[P1]
  deal 2 from deck to hand[P2]
  deal 2 from deck to stack
}
'''


def warnings(body, decls=""):
    ending = "" if body.lstrip().startswith("end") else "\n  end"
    return rulelang.loads(HEAD + decls + "turn {\n" + body + ending + "\n}\n",
                          name="flow.rules").program.warnings


def messages(body, decls=""):
    return [w.message for w in warnings(body, decls)]
