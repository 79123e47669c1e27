"""A scenario's ``expect "NAME".field`` speaks of one card: where several cards share the name
it fails saying so, instead of silently checking them all (issue 29)."""
from __future__ import annotations

from rulelang.tools.scenarios import load_suite

RULES = '''game "Twins"
players 2
card C { n: int  var seen: bool = false  name "twin" }
card D { n: int  var seen: bool = false  name "d{n}" }
zone hand[player]: hand of C, owner
zone pile: pile of D, public
setup {
  create C(n: 1) in hand[P1]
  create C(n: 2) in hand[P2]
  create D(n: 1) in pile
}
turn { choose x in [1, 2] prompt "go"  win current }
'''


def run(tmp_path, expectation):
    (tmp_path / "twins.rules").write_text(RULES, encoding="utf-8")
    (tmp_path / "twins.scenarios").write_text(f'scenario "s" {{\n  {expectation}\n}}\n',
                                              encoding="utf-8")
    (result,) = load_suite(tmp_path / "twins.rules").run()
    return result.failure


def test_a_name_two_cards_share_is_refused_with_where_they_are(tmp_path):
    failure = run(tmp_path, 'expect "twin".seen = false')
    assert failure is not None
    assert failure.message.startswith("2 cards are named 'twin' (in hand[P1], hand[P2]): "
                                      '"NAME".field speaks of one card')


def test_a_name_of_one_card_is_checked(tmp_path):
    assert run(tmp_path, 'expect "d1".seen = false') is None
    assert run(tmp_path, 'expect "d1".seen = true').message == "d1.seen has another value"
