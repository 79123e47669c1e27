"""A save is untrusted input: restore checks it whole and refuses anything a game could not
be in, with a RulesError naming what is wrong; a game it accepts plays on. The same rules
restore their saves whatever path they were loaded by; a host can sign its saves."""
from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulelang
from support import ROOT, load, play_random_steps, soak

NIM = "examples/nim.rules"
GAMES = ["examples/nim.rules", "examples/oh_hell.rules", "games/yokai_sketch.rules",
         "games/yami.rules"]


def played(path, moves, seed=1, players=None):
    rules = load(path)
    game = play_random_steps(rules.new_game(players=players, seed=seed), seed, moves)
    return rules, game


def refused(rules, data, words):
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(rulelang.RulesError, match=words):
        rules.restore(text)


@pytest.fixture(scope="module")
def nim():
    rules, game = played(NIM, 2)
    return rules, json.loads(game.save())


# ------------------------------------------------------------------ what the probe found

@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(players=100), "players: Nim is not for 100 players"),
    (lambda d: d["pending"].update(seat=99), "no seat 99"),
    (lambda d: d["pending"].update(seat=1 - d["pending"]["seat"]), "is for P., not P."),
    (lambda d: d.update(over=True), "over"),
    (lambda d: d.update(over=1), "over should be true or false"),
    (lambda d: d["frames"][-1].__setitem__(1, -5), "cannot be left at position -5"),
    (lambda d: d["frames"][-1].__setitem__(1, 1), "cannot be left at position 1"),
    (lambda d: d.update(steps=-10**18), "steps is -1000000000000000000, outside 0..200,000"),
    (lambda d: d.update(steps=5), "steps should be 0 while a decision waits"),
    (lambda d: d.update(turn=-1), "the turn is -1"),
    (lambda d: d["rng"][1].__setitem__(0, 10**40), "random generator's state"),
    (lambda d: d["rng"].__setitem__(1, [0] * 3), "should have 625 items"),
    (lambda d: d.update(options=True), "options: these rules' options are pile_sizes, is_misere"),
    (lambda d: d.update(options={"pile_sizes": [100], "is_misere": True}),
     "option pile_sizes=100 is not allowed"),
    (lambda d: d.update(options={}), "options"),
    (lambda d: d["vars"]["stones"]["keyed"].pop(), "var stones should have 8 items"),
    (lambda d: d["vars"]["stones"]["keyed"][0].__setitem__(1, "many"), "var stones.* holds 'many', not int"),
    (lambda d: d["vars"].update(extra=1), "vars: these rules have no 'extra'"),
    (lambda d: d.update(current={"seat": 7}), "no seat 7"),
    (lambda d: d.update(current={"card": 0}), "no card 0"),
    (lambda d: d.update(frames=[]), "a decision waits, but no rules run"),
    (lambda d: d["frames"].append(d["frames"][-1]), "not where the running rules wait|the play runs once"),
    (lambda d: d["frames"][0].__setitem__(0, "rule:nope"), "no rule 'rule:nope' can wait"),
    (lambda d: d["frames"][-1][2].append(None), "locals should have"),
    (lambda d: d["pending"].update(site=1 - d["pending"]["site"]), "not where the running rules wait"),
    (lambda d: d["pending"].update(site=10**6), "the decision's site is 1000000"),
    (lambda d: d["log"].append(["nope"]), "log line .* is not a log line"),
    (lambda d: d["log"].append(["msg", [{"card": 3}]]), "no card 3"),
    (lambda d: d["log"].append(["msg", [{"seat": 3}]]), "is not a part"),
    (lambda d: d.update(unsettled=[0]), "unsettled line 0 is not a decision"),
    (lambda d: d.update(outcome={"scores": [], "winners": [0], "result": "win"}), "not over has no outcome"),
    (lambda d: d.update(result=["win", {"seat": 0}, None]), "over and result disagree"),
    (lambda d: d.update(history=[1]), "history should be text"),
    (lambda d: d.pop("log"), "the save: 'log' is missing"),
    (lambda d: d.update(seed=1.5), "not a rulelang save"),
    (lambda d: d.update(seed=10**100), "the seed is"),
    (lambda d: d["vars"]["stones"]["keyed"][0].__setitem__(1, [[[[1]]]]), "holds"),
])
def test_a_tampered_save_is_refused_saying_what_is_wrong(nim, change, words):
    rules, data = nim
    data = json.loads(json.dumps(data))
    change(data)
    refused(rules, data, words)


def test_the_save_restores_untouched(nim):
    rules, data = nim
    assert json.loads(rules.restore(json.dumps(data)).save()) == data


def test_over_with_an_outcome_that_the_rules_do_not_give_is_refused():
    rules, game = played(NIM, 200)
    assert game.is_over
    data = json.loads(game.save())
    rules.restore(json.dumps(data))
    data["outcome"]["winners"] = [1 - data["outcome"]["winners"][0]]
    refused(rules, data, "the outcome is not the one these rules give")
    data = json.loads(game.save())
    data["over"] = False
    refused(rules, data, "should start with the play")


def test_cards_in_two_places_or_in_the_wrong_zone_are_refused_and_out_of_play_is_kept():
    rules, game = played("games/yokai_sketch.rules", 4)
    data = json.loads(game.save())
    zones = data["zones"]
    name, cards = next((n, c) for n, c in zones.items() if c and isinstance(c[0], int))
    other = next(n for n, c in zones.items() if n != name and c and isinstance(c[0], int))
    twice = json.loads(json.dumps(data))
    twice["zones"][other].append(cards[0])
    refused(rules, twice, "card .* is in two places")
    lost = json.loads(json.dumps(data))
    lost["zones"][name] = cards[1:]  # out of play, as a scenario's position leaves a card
    kept = rules.restore(json.dumps(lost))
    assert kept.where[cards[0]] is None and json.loads(kept.save())["zones"][name] == cards[1:]
    nowhere = json.loads(json.dumps(data))
    nowhere["zones"][name] = cards + [len(data["cards"])]
    refused(rules, nowhere, f"no card {len(data['cards'])}")
    refused(rules, {**data, "cards": data["cards"] + [["Nope", "x", {}]]}, "no card kind 'Nope'")
    fields = json.loads(json.dumps(data))
    fields["cards"][0][2] = {}
    refused(rules, fields, "card 0's fields: .* is missing")


def test_a_value_of_the_wrong_kind_in_a_card_field_is_refused():
    rules, game = played("games/yokai_sketch.rules", 4)
    data = json.loads(game.save())
    kind = data["cards"][0][0]
    field = next(iter(data["cards"][0][2]))
    data["cards"][0][2][field] = {"enum": ["Nope", "x"]}
    refused(rules, data, "not a member of an enum")
    data["cards"][0][2][field] = "text"
    refused(rules, data, f"card 0's {field} holds 'text'")
    assert kind


def test_deep_brackets_huge_numbers_and_floats_are_refused_before_or_while_parsing(nim):
    rules, data = nim
    refused(rules, "[" * 100_000, "nests 100,000 deep")
    refused(rules, '{"format": "rulelang-save/2", "a": ' + "[" * 5000 + "]" * 5000 + "}", "nests")
    refused(rules, json.dumps(data)[:-1] + ', "x": ' + "9" * 6000 + "}", "not a rulelang save")
    refused(rules, json.dumps({**data, "turn": 1e308}), "not a rulelang save")
    refused(rules, json.dumps(data).replace('"turn":', '"turn": NaN, "t":', 1), "not a rulelang save")
    refused(rules, b"\xff\xfe", "not UTF-8")
    refused(rules, "x" * 10, "not a rulelang save")
    with pytest.raises(rulelang.RulesError, match="a save is text, not int"):
        rules.restore(12)


def test_a_value_nested_past_the_limit_is_refused(nim):
    rules, data = nim
    deep = 1
    for _ in range(150):
        deep = [deep]
    data = json.loads(json.dumps(data))
    data["frames"][-1][2][0] = deep
    refused(rules, data, "nested more than 100 deep")


# ------------------------------------------------------------------ the fingerprint

def test_the_same_rules_by_another_path_restore_each_others_saves(tmp_path, monkeypatch):
    """The fingerprint is of the rules' text (each file's), not of the path they were loaded by."""
    folder = tmp_path / "copy"
    shutil.copytree(ROOT / "games", folder)
    by_relative = rulelang.load("games/yokai_sketch.rules") if (ROOT / "games").is_dir() and \
        os.getcwd() == str(ROOT) else rulelang.load(ROOT / "games/yokai_sketch.rules")
    saved = by_relative.new_game(seed=3).save()
    monkeypatch.chdir(tmp_path)
    for path in (ROOT / "games/yokai_sketch.rules", "copy/yokai_sketch.rules",
                 folder / "yokai_sketch.rules"):
        assert rulelang.load(path).restore(saved).save() == saved
    (folder / "yokai_sketch.rules").write_text((folder / "yokai_sketch.rules").read_text() + "\n# x\n")
    with pytest.raises(rulelang.RulesError, match="from other rules"):
        rulelang.load(folder / "yokai_sketch.rules").restore(saved)


def test_imports_count_by_their_text_too(tmp_path):
    (tmp_path / "lib.rules").write_text("fn two() = 2\n")
    (tmp_path / "main.rules").write_text('game "G"\nplayers 2\nimport "lib.rules"\n'
                                         'turn {\n  choose x in [two()]\n  win current\n}\n')
    saved = rulelang.load(tmp_path / "main.rules").new_game().save()
    (tmp_path / "lib.rules").write_text("fn two() = 3\n")
    with pytest.raises(rulelang.RulesError, match="from other rules") as error:
        rulelang.load(tmp_path / "main.rules").restore(saved)
    assert "go back to that version of the file" in str(error.value)  # what to do


# ------------------------------------------------------------------ signed saves

def test_a_signed_save_restores_with_its_key_and_not_once_changed():
    rules, game = played(NIM, 2)
    signed = game.save(key="host secret")
    assert rules.restore(signed, key="host secret").save() == game.save()
    assert rules.restore(signed, key=b"host secret").save() == game.save()
    assert rules.restore(signed).save() == game.save()  # a host without the key reads it too
    changed = signed.replace('"seed":1,', '"seed":2,')
    assert changed != signed
    with pytest.raises(rulelang.RulesError, match="signature is wrong"):
        rules.restore(changed, key="host secret")
    with pytest.raises(rulelang.RulesError, match="signature is wrong"):
        rules.restore(signed, key="another key")
    with pytest.raises(rulelang.RulesError, match="not signed"):
        rules.restore(game.save(), key="host secret")
    with pytest.raises(rulelang.RulesError, match="not empty"):
        game.save(key="")


# ------------------------------------------------------------------ tampering at random

def _paths(value) -> list:
    """The path (keys and indexes) to every part of ``value``, itself first, each part
    before what it holds (in the order a recursive walk meets them). Walked with a list,
    not nested generators: a save is thousands of parts, and each example walks its save
    again after each change."""
    out = []
    stack = [((), value)]
    while stack:
        prefix, part = stack.pop()
        out.append(prefix)
        if isinstance(part, dict):
            stack.extend(reversed([(prefix + (k,), x) for k, x in part.items()]))
        elif isinstance(part, list):
            stack.extend(reversed([(prefix + (i,), x) for i, x in enumerate(part)]))
    return out


@cache
def _paths_of_save(text) -> tuple:
    """``_paths`` of a save as made, the save itself left out: the same for every example."""
    return tuple(p for p in _paths(json.loads(text)) if p)


def _set(data, path, new):
    target = data
    for step in path[:-1]:
        target = target[step]
    if new is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = new


_DELETE = object()
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8)
                    | st.sampled_from(["P1", "win", "play", "setup"]),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["card", "seat", "enum", "zone", "tuple",
                                                       "cell", "label", "keyed", "x"]), inner,
                                      max_size=2), max_leaves=8)


@pytest.fixture(scope="module")
def saves():
    out = {}
    for path in GAMES:
        rules, game = played(path, 6, seed=2)
        out[path] = (rules, game.save())
    rules, game = played(NIM, 300, seed=2)
    out["over"] = (rules, game.save())
    return out


def _plays_on(game, seed):
    rng = random.Random(seed)
    for _ in range(15):
        game.view(0)
        game.transcript(0)
        game.save()
        if game.is_over:
            return
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])


def _attempt(rules, text, seed):
    """Only a RulesError may come out: of restoring, or of playing a game it accepted."""
    try:
        game = rules.restore(text)
    except rulelang.RulesError:
        return
    with contextlib.suppress(rulelang.RulesError):
        _plays_on(game, seed)


@pytest.mark.slow
@pytest.mark.soak
@settings(max_examples=soak.examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(GAMES + ["over"]), data=st.data())
def test_a_save_changed_anywhere_is_refused_or_plays_on(saves, which, data):
    rules, text = saves[which]
    save = json.loads(text)
    paths = list(_paths_of_save(text))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        new = data.draw(st.one_of(JSON, st.just(_DELETE)))
        with contextlib.suppress(KeyError, IndexError, TypeError):
            _set(save, path, new)
        paths = [p for p in _paths(save) if p]
    _attempt(rules, json.dumps(save), data.draw(st.integers(0, 9)))


@pytest.mark.soak
@settings(max_examples=soak.examples(60), deadline=None)
@given(which=st.sampled_from(GAMES), cut=st.floats(0, 1), data=st.data())
def test_a_save_cut_short_or_with_bytes_changed_is_refused_or_plays_on(saves, which, cut, data):
    rules, text = saves[which]
    _attempt(rules, text[:int(len(text) * cut)], 0)
    i = data.draw(st.integers(0, len(text) - 1))
    _attempt(rules, text[:i] + data.draw(st.sampled_from(list('0123456789[]{},":-ntf'))) + text[i + 1:], 1)


@pytest.mark.slow
@pytest.mark.soak
@settings(max_examples=soak.examples(60), deadline=None)
@given(which=st.sampled_from(GAMES), data=st.data())
def test_numbers_in_a_save_moved_a_little_are_refused_or_play_on(saves, which, data):
    """Small changes to counters, ids, seats and positions: the ones most often accepted."""
    rules, text = saves[which]
    save = json.loads(text)
    numbers = [p for p in _paths_of_save(text) if type(_get(save, p)) is int]
    for _ in range(data.draw(st.integers(1, 4))):
        path = data.draw(st.sampled_from(numbers))
        _set(save, path, _get(save, path) + data.draw(st.sampled_from([-2, -1, 1, 2, 50])))
    _attempt(rules, json.dumps(save), 2)


def _get(data, path):
    for step in path:
        data = data[step]
    return data
