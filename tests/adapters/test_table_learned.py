"""What a table's probe games teach is worked out once for the same rules, players, options
and probes (rulelang/adapters/table.py ``_learned``): a table opened alike again plays no probe
games, and gets what the first one learned."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.adapters import table as table_module
from rulelang.adapters.table import open_table
from support import ROOT

OH_HELL = ROOT / "examples/oh_hell.rules"


@pytest.fixture
def probes_played(monkeypatch):
    played: list = []
    play = table_module._Probe.play

    def counted(self, rules, players, options, seed):
        played.append((players, dict(options), seed))
        return play(self, rules, players, options, seed)
    monkeypatch.setattr(table_module._Probe, "play", counted)
    monkeypatch.setattr(table_module, "_LEARNED", type(table_module._LEARNED)())
    return played


def _same(a, b):
    assert a.facts == b.facts
    assert a.actions == b.actions and a.actions.ids == b.actions.ids
    assert (a.longest_game, a.max_chance_outcomes, a.score_range, a.fast_copy, a.has_chance,
            a.cooperative) == (b.longest_game, b.max_chance_outcomes, b.score_range, b.fast_copy,
                               b.has_chance, b.cooperative)


def test_a_table_opened_alike_again_plays_no_probe_games(probes_played):
    first = open_table(OH_HELL, players=3)
    assert len(probes_played) == table_module.PROBE_GAMES
    second = open_table(OH_HELL, players=3)
    assert len(probes_played) == table_module.PROBE_GAMES
    _same(first, second)
    assert second.rules is not first.rules  # each table keeps the rules it was given


def test_what_is_learned_is_what_probing_again_learns(probes_played):
    kept = open_table(OH_HELL, players=4)
    table_module._LEARNED.clear()
    _same(kept, open_table(OH_HELL, players=4))
    assert len(probes_played) == 2 * table_module.PROBE_GAMES


def test_other_players_options_probes_or_rules_are_probed_again(probes_played):
    games = table_module.PROBE_GAMES
    rules = rulelang.load(OH_HELL)
    option = next(iter(rules.options))
    probe = rules.blank_game(3, 0, {})
    default, allowed = rules.options[option].default(probe), rules.options[option].allowed
    other = next((v for v in (allowed(probe) if allowed is not None else []) if v != default), None)
    assert other is not None
    opened = [(rules, 3, {}, games), (rules, 4, {}, games), (rules, 3, {}, 2),
              (rules, 3, {option: other}, games),
              (rulelang.loads(OH_HELL.read_text() + "\n# changed\n", "oh_hell.rules"), 3, {}, games)]
    for source, players, options, probes in opened:
        before = len(probes_played)
        open_table(source, players=players, options=options, probes=probes)
        assert len(probes_played) - before == probes
    for source, players, options, probes in opened:  # each learned once
        before = len(probes_played)
        open_table(source, players=players, options=options, probes=probes)
        assert len(probes_played) == before


def test_rules_loaded_again_from_the_same_texts_play_no_probe_games_again(probes_played):
    text = OH_HELL.read_text()
    first = rulelang.loads(text, "oh_hell.rules")
    again = rulelang.loads(text, "elsewhere/oh_hell.rules")
    assert again.program is not first.program  # each load compiles a program of its own
    kept = open_table(first, players=3)
    assert len(probes_played) == table_module.PROBE_GAMES
    _same(kept, open_table(again, players=3))
    assert len(probes_played) == table_module.PROBE_GAMES
    table_module._LEARNED.clear()
    _same(kept, open_table(rulelang.loads(text, "oh_hell.rules"), players=3))
    assert len(probes_played) == 2 * table_module.PROBE_GAMES
