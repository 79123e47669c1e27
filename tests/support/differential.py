"""Differential play: the same seeded random games of every ruleset, played once as the code
stands and once with a fast path swapped for the general code it copies, compared in full
(every decision's seat and legal moves, the state saved at the end with the generator, the
cards, the zones and the log with who may read each line, each seat's transcript and the
outcome). Used by tests/runtime/test_fast_paths*.py."""
from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import cache

import attrs
import pytest

from interpreter.compiler import write_module
from interpreter.compiler.shortcuts import Shortcuts
from interpreter.rules import Rules
from rulelang import RulesError, RulesRuntimeError
from rulelang.language.loader import load_program
from support import ROOT, soak

# Every ruleset of the repository that a game starts from (imports/ holds broken ones on
# purpose), and one made to go through every fast path (tests/rules/fast_paths.rules).
RULESETS = tuple(
    str(p.relative_to(ROOT)) for folder in ("games", "examples", "tests/rules")
    for p in sorted((ROOT / folder).glob("*.rules")))
FAULTS = "tests/rules/fast_path_faults.rules"  # fails at run time, as its option `fault` picks
MAX_MOVES = 120  # a game still going after this many decisions is cut (and compared so far)


@attrs.frozen
class Config:
    """One game to play: the ruleset, the players, the options (name -> value as given) and
    the seed of both the game and the random player."""
    path: str
    players: int
    options: tuple  # ((name, value), ...)
    seed: int

    def __str__(self):
        shown = " ".join(f"{k}={v}" for k, v in self.options)
        return f"{self.path} {self.players}p seed {self.seed} {shown}".strip()


@attrs.frozen
class Played:
    """All that can be seen of one game: what each decision offered and who took it, and
    the end (the whole state as saved, each seat's transcript, the outcome), or the error
    that stopped it."""
    decisions: tuple  # (seat to move, (legal notations...), the one played)
    saved: str
    transcripts: tuple  # the spectator's, then each seat's
    outcome: object
    error: str | None


@cache
def program(path: str):
    """A ruleset parsed and checked once: compiled again for each switch of the compiler."""
    return load_program(ROOT / path)


def compiled(path: str) -> Rules:
    """The ruleset compiled now, with the compiler's switches as they are; each game runs
    its setup (no snapshot: a fast path in setup must run in every game)."""
    rules = Rules(program(path))
    rules.snapshots = False
    return rules


_RULES: dict = {}


def rules_of(path: str) -> Rules:
    """The ruleset as the compiler makes it by default, compiled once."""
    if path not in _RULES:
        _RULES[path] = compiled(path)
    return _RULES[path]


def _variants(rules, players) -> list[tuple]:
    """The options to play with: the defaults, then each option that has a few values
    at its first value that is not its default."""
    probe = rules.blank_game(players, 0, {})
    out = [()]
    for name, spec in rules.options.items():
        if spec.type.name == "list":
            continue
        if spec.allowed is not None:
            values = list(spec.allowed(probe))
        elif spec.type.name == "bool":
            values = [True, False]
        elif spec.type.name == "enum":
            values = list(rules.enum_values[spec.type.arg])
        else:
            continue
        default = spec.default(probe)
        other = next((v for v in values if v != default), None)
        if other is not None:
            given = other if isinstance(other, (bool, int)) else str(other)
            out.append(((name, given),))
    return out


@cache
def configurations() -> tuple[Config, ...]:
    """Every ruleset at its fewest and most players with its default options, and at its
    fewest players with each option at another value: one seed each (and each fault of
    ``FAULTS``)."""
    out = []
    for path in RULESETS:
        rules = rules_of(path)
        if path == FAULTS:  # every fault, each a game of its own
            faults = rules.options["fault"].allowed(rules.blank_game(2, 0, {}))
            out.extend(Config(path, 2, (("fault", n),), len(out) + n) for n in faults)
            continue
        counts = sorted({min(rules.player_counts), max(rules.player_counts)})
        for players in counts:
            variants = _variants(rules, players) if players == counts[0] else [()]
            for options in variants:
                config = Config(path, players, options, len(out))
                try:
                    rules.new_game(players=players, seed=0, options=dict(options), log=False)
                except RulesRuntimeError:
                    pass  # a failure of the rules themselves: played, so compared
                except RulesError:
                    continue  # options the rules' own `require` refuses together
                out.append(config)
    return tuple(out)


# The examples compared in the everyday run: those whose code some compiler shortcut changes
# where no shipped game's and no ruleset of tests/rules/ does (test_fast_paths_compiled.py
# fails when a shortcut changes none of the rulesets it compares).
EVERYDAY_EXAMPLES = ("examples/breakthrough.rules", "examples/gin_rummy.rules",
                     "examples/reversi.rules")


def everyday(config: Config) -> bool:
    """Whether ``compare_all`` plays the config's game in the everyday run: the shipped games,
    the tests' own rulesets (tests/rules/fast_paths.rules goes through every fast path) and
    ``EVERYDAY_EXAMPLES``, each at its default options (at its fewest and most players),
    and each fault of ``FAULTS``. CI's soak step (``RULELANG_SOAK=1``, tests/support/soak.py)
    plays every config, every example's and each option at another value too: the tests
    that call ``compare_all`` are marked ``soak``."""
    if config.path.startswith("examples/") and config.path not in EVERYDAY_EXAMPLES:
        return False
    return not config.options or config.path == FAULTS


def play(rules: Rules, config: Config, max_moves: int = MAX_MOVES) -> Played:
    """One game by random legal moves from the config's seed, and all that can be seen of it."""
    rng = random.Random(config.seed)
    decisions: list = []
    error = None
    game = None
    try:
        game = rules.new_game(players=config.players, seed=config.seed, options=dict(config.options))
        while not game.is_over and len(decisions) < max_moves:
            moves = game.legal_moves()
            move = moves[rng.randrange(len(moves))]
            decisions.append((game.to_move, tuple(map(str, moves)), str(move)))
            game.play(move)
    except RulesError as failure:
        error = f"{type(failure).__name__}: {failure}"
    if game is None:
        return Played(tuple(decisions), "", (), None, error)
    seats = [None, *range(len(game.players))]
    return Played(tuple(decisions), game.save(), tuple(game.transcript(s) for s in seats),
                  game.outcome, error)


def baseline(config: Config) -> Played:
    """The config's game as the code stands (played once per session)."""
    if config not in _BASELINE:
        _BASELINE[config] = play(rules_of(config.path), config)
    return _BASELINE[config]


_BASELINE: dict = {}


def difference(config: Config, fast: Played, general: Played) -> str | None:
    """Where two plays of one game first part, said briefly; None when they are the same."""
    if fast == general:
        return None
    for i, (a, b) in enumerate(zip(fast.decisions, general.decisions)):
        if a != b:
            return f"{config}: decision {i} differs: {_short(a)} vs {_short(b)}"
    if len(fast.decisions) != len(general.decisions):
        return (f"{config}: {len(fast.decisions)} decisions vs {len(general.decisions)} "
                f"(errors: {fast.error!r} vs {general.error!r})")
    if fast.error != general.error:
        return f"{config}: error {fast.error!r} vs {general.error!r}"
    for what in ("transcripts", "outcome", "saved"):
        a, b = getattr(fast, what), getattr(general, what)
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(str(a), str(b))) if x != y),
                      min(len(str(a)), len(str(b))))
            near = slice(max(at - 60, 0), at + 60)
            return f"{config}: {what} differ at {at}: {str(a)[near]!r} vs {str(b)[near]!r}"
    return f"{config}: differ"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) < 300 else text[:297] + "..."


@cache
def shortcuts_read(path: str) -> frozenset[str]:
    """The compiler's shortcuts (``SHORTCUTS``' fields) that writing the ruleset's module
    reads, each whether or not it then takes it. The module written depends on nothing
    else that can change (``kept_modules`` keys it so), so switching off a shortcut it
    never reads writes the same module, and the same games (``compare_all`` skips it)."""
    read: set[str] = set()
    plain = Shortcuts.__getattribute__

    def noted(self, name):
        read.add(name)
        return plain(self, name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Shortcuts, "__getattribute__", noted)
        written = write_module(program(path), rules_of(path).enum_values)
    assert written.source == rules_of(path).source(), path  # the module the games are played by
    return frozenset(read & {f.name for f in attrs.fields(Shortcuts)})


def compare_all(swapped: Callable[[], AbstractContextManager], recompile: bool = False,
                again: dict | None = None, shortcut: str | None = None,
                reaching: Callable[[Config], bool] | None = None) -> list[str]:
    """Every config's game played again inside ``swapped()`` (a fast path swapped for the
    general code), against the game as the code stands: the differences found. With
    ``recompile``, the rules are compiled again inside ``swapped()`` (a compiler switch),
    and kept in ``again`` (path -> rules) when it is given; ``shortcut``, the field of
    ``SHORTCUTS`` that ``swapped()`` switches off, if that is what it does: a ruleset
    whose module never reads it is not compiled again (the same module: the same games).
    ``reaching``, for a swap of a function: whether the config's game, as the code stands,
    calls the function swapped (``reached``); a game that never does plays the same
    with it swapped, and is not played again."""
    found = []
    compared = 0
    again = {} if again is None else again
    for config in configurations():
        if not (soak.FULL or everyday(config)):
            continue
        if recompile and shortcut is not None and shortcut not in shortcuts_read(config.path):
            continue
        if reaching is not None and not reaching(config):
            continue
        fast = baseline(config)  # played outside the swap
        with swapped():
            if config.path not in again:
                again[config.path] = compiled(config.path) if recompile else rules_of(config.path)
            if recompile and again[config.path].source() == rules_of(config.path).source():
                continue  # the same code: the same games
            general = play(again[config.path], config)
        compared += 1
        problem = difference(config, fast, general)
        if problem is not None:
            found.append(problem)
    # a function swapped that no game compared here calls would pass untried
    assert reaching is None or compared, "no game compared in this run calls what was swapped"
    return found


def reached(swaps: dict) -> dict[str, frozenset[Config]]:
    """For each swap (name -> (class, attribute, ...): a function or a static method of the
    class), the configs whose games as the code stands call it: every game played once
    more with each function wrapped in a call that notes the game and calls it (and the
    game must go as its baseline did)."""
    found: dict[str, set[Config]] = {name: set() for name in swaps}
    now: list[Config] = []
    with pytest.MonkeyPatch.context() as patch:
        for name, (owner, attribute, *_) in swaps.items():
            kept = owner.__dict__[attribute]
            static = isinstance(kept, staticmethod)
            function = kept.__func__ if static else kept

            def noted(*args, _name=name, _function=function, **kwargs):
                found[_name].add(now[-1])
                return _function(*args, **kwargs)
            patch.setattr(owner, attribute, staticmethod(noted) if static else noted)
        for config in configurations():
            now.append(config)
            assert play(rules_of(config.path), config) == baseline(config), config
    return {name: frozenset(configs) for name, configs in found.items()}

