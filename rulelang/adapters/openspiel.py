"""Any .rules game as an OpenSpiel game (``pip install -e '.[openspiel]'``).

    from rulelang.adapters.openspiel import load_game
    game = load_game("games/your_game.rules", players=2)   # a pyspiel.Game
    state = game.new_initial_state()

The game is registered with OpenSpiel as ``rulelang``, so it also loads by name,
serializes and deserializes: ``pyspiel.load_game("rulelang(rules=games/nim.rules,players=2)")``.
Parameters: ``rules`` (the file), ``players`` (0: the fewest the rules allow), ``options``
(``name:value;name:value``) and ``returns`` (``win``: +1/-1/0 from the outcome's winners;
``score``: the scores).

- Chance nodes are the rules' chance events: a shuffle is decided a card at a time
  from the top (each outcome a card still to place, alike cards as one outcome with
  their combined probability), a ``random`` pick in one step (an outcome per item).
- Decisions are sequential, as the interpreter asks them; action ids are the game's
  fixed action space (``rulelang.adapters.actions``), the same for every state.
- Information-state and observation strings and tensors are built from the seat's
  view (``game.view(seat)``) and nothing else (``rulelang.adapters.encoding``).
- Returns come from the outcome; a cooperative game's are identical for all players.
See docs/adapters.md.
"""
from __future__ import annotations

import functools
import os
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from rulelang.adapters.chance_nodes import Position
from rulelang.adapters.encoding import Encoder, information_text, observation_text
from rulelang.adapters.table import open_table
from rulelang.language.errors import RulesError

SHORT_NAME = "rulelang"
LENGTH_MARGIN = 4  # the longest probe game times this, plus 50, is the declared longest game
_PARAMETERS = {"rules": "", "players": 0, "options": "", "returns": "win", "zero_sum": False}


def load_game(path, players: int | None = None, options: dict | None = None,
              returns: str = "win", zero_sum: bool = False) -> pyspiel.Game:
    """A .rules file as a ``pyspiel.Game`` (see the module's documentation); ``zero_sum``
    (with ``returns="score"``): the author's word that every game's scores sum to 0
    (chips won and lost), checked at every game's end."""
    params = {"rules": os.fspath(path), "players": int(players or 0),
              "options": options_text(options or {}), "returns": returns,
              "zero_sum": bool(zero_sum)}
    return pyspiel.load_game(SHORT_NAME, params)


def options_text(options: dict) -> str:
    """Options as one game parameter: ``rounds:3;deck:short`` (a list as ``1+2``)."""
    def text(value):
        if isinstance(value, (list, tuple)):
            return "+".join(text(v) for v in value)
        return str(value).lower() if isinstance(value, bool) else str(value)
    return ";".join(f"{name}:{text(value)}" for name, value in sorted(options.items()))


def parse_options(text: str) -> dict:
    out = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, sep, value = item.partition(":")
        if not sep:
            raise RulesError(f"options are written name:value;name:value, not '{item}'")
        out[name.strip()] = value.strip()
    return out


@functools.lru_cache(maxsize=32)
def _table(path: str, players: int, options: str, mtime: float):
    return open_table(path, players or None, parse_options(options))


def _table_for(params):
    path = params["rules"]
    if not path:
        raise RulesError("the rulelang game needs rules=FILE (a .rules file)")
    mtime = os.path.getmtime(path) if os.path.exists(path) else 0.0  # loading says what is wrong
    return _table(path, int(params["players"]), params["options"], mtime)


class RulelangGame(pyspiel.Game):
    def __init__(self, params=None):
        params = {**_PARAMETERS, **(params or {})}
        if params["returns"] not in ("win", "score"):
            raise RulesError(f"returns must be win or score, not {params['returns']!r}")
        if params["zero_sum"] and params["returns"] != "score":
            raise RulesError("zero_sum is said of scores (returns=score): with returns=win, a "
                             "competitive game of two players is zero-sum already, and one of "
                             "more players is not")
        table = self.table = _table_for(params)
        if params["zero_sum"] and table.cooperative:
            raise RulesError("zero_sum is said of a game players play against one another: "
                             "a cooperative game's returns are the team's, the same for all")
        self.returns_mode = params["returns"]
        self.scores_sum_to_zero = bool(params["zero_sum"])
        self.encoder = Encoder(table)
        self.max_length = table.longest_game * LENGTH_MARGIN + 50
        self._initial = None
        lo, hi = table.utility_range(self.returns_mode)
        zero_sum = self.scores_sum_to_zero or (
            not table.cooperative and self.returns_mode == "win" and table.players == 2)
        game_type = pyspiel.GameType(
            short_name=SHORT_NAME,
            long_name=f"{table.title} (rulelang)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if table.has_chance
                         else pyspiel.GameType.ChanceMode.DETERMINISTIC),
            information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if _has_secrets(table)
                         else pyspiel.GameType.Information.PERFECT_INFORMATION),
            utility=(pyspiel.GameType.Utility.IDENTICAL if table.cooperative
                     else pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                     else pyspiel.GameType.Utility.GENERAL_SUM),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=table.rules.program.max_players,
            min_num_players=table.rules.program.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=_PARAMETERS)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(table.actions),
            max_chance_outcomes=table.max_chance_outcomes if table.has_chance else 0,
            num_players=table.players,
            min_utility=lo, max_utility=hi,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_length)
        super().__init__(game_type, game_info, params)

    def new_initial_state(self):
        return RulelangState(self)

    def initial_position(self) -> Position:
        """The start of every game (chance undecided), made once and copied."""
        if self._initial is None:
            self._initial = self.table.new_position()
        return self._initial

    def make_py_observer(self, iig_obs_type=None, params=None):
        return RulelangObserver(self, iig_obs_type, params)


def _has_secrets(table) -> bool:
    """Whether any seat may not see something: a zone or variable that is not public."""
    program = table.rules.program
    return (any(z.visibility != "public" for z in program.zones.values())
            or any(v.visibility in ("hidden", "owner") for v in program.vars.values()))


class _Held:
    """The position a state holds. Copied cheaply (``copy.deepcopy``, which OpenSpiel's
    clone calls) and pickled as its record (``serialize``), rebuilt by replaying it."""

    def __init__(self, game, position: Position | None = None):
        self.game, self.position = game, position

    def get(self) -> Position:
        if self.position is None:  # made on first use: a clone's new state never needs one
            self.position = self.game.initial_position().copy()
        return self.position

    def __deepcopy__(self, memo):
        return _Held(self.game, None if self.position is None else self.position.copy())

    def __reduce__(self):
        p = self.get()
        placed = () if p.chance is None else tuple(p.chance.placed)
        return _restore, (self.game.get_parameters(), p.moves, p.draws, placed)


def _restore(params, moves, draws, placed):
    game = RulelangGame(params)
    table = game.table
    return _Held(game, Position(table.rules, table.players, table.options, table.fast_copy,
                                moves, draws, placed))


class RulelangState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self._held = _Held(game)
        self._player: int | None = None  # current_player's answer, until the next action

    @property
    def _position(self) -> Position:
        return self._held.get()

    # ------------------------------------------------------------ OpenSpiel's state API
    def current_player(self):
        # (OpenSpiel asks again and again between two actions: worked out once)
        player = self._player
        if player is None:
            p = self._position
            if p.is_chance:
                player = pyspiel.PlayerId.CHANCE
            elif p.engine.is_over:
                player = pyspiel.PlayerId.TERMINAL
            else:
                player = int(p.engine.to_move)  # OpenSpiel's players are plain numbers: P1 is 0
            self._player = player
        return player

    def _legal_actions(self, player):
        return sorted(self._moves_by_action())

    def _moves_by_action(self) -> dict:
        # (the game the state was made by, as its position holds it: OpenSpiel's get_game
        # asks C++ for it again at each call)
        return self._position.moves_by_action(self._held.game.table.actions)

    def chance_outcomes(self):
        return self._position.chance.outcomes()

    def _apply_action(self, action):
        self._player = None
        p = self._position
        if p.is_chance:
            p.decide_chance(action)
            return
        move = self._moves_by_action().get(action)
        if move is None:
            raise RulesError(f"action {action} is not legal now")
        p.play(move)

    def _action_to_string(self, player, action):
        table = self.get_game().table
        if player == pyspiel.PlayerId.CHANCE:
            chance = self._position.chance
            if chance is None or action not in chance.names:
                return f"chance outcome {action}"
            return f"{chance.event}: {chance.describe(action)}"
        if 0 <= action < len(table.actions):
            return table.actions.notations[action]
        return f"action {action}"

    def is_terminal(self):
        p = self._position
        return not p.is_chance and p.engine.is_over

    def returns(self):
        game = self.get_game()
        if not self.is_terminal():
            return [0.0] * game.table.players
        returns = game.table.returns(self._position.engine.outcome_record, game.returns_mode)
        if game.scores_sum_to_zero and abs(sum(returns)) > 1e-9:
            raise RulesError(f"this game's scores sum to {sum(returns):g}, not 0: it was loaded "
                             "with zero_sum, which these rules do not keep")
        return returns

    def __str__(self):
        p = self._position
        if p.is_chance:
            return f"deciding chance: {p.chance.event} ({len(p.chance.placed)} decided)"
        return p.view_text(None, observation_text)

    # ------------------------------------------------------------ a seat's view
    def seat_view(self, seat: int, log: bool = True) -> dict | None:
        """What ``seat`` may know now (None while chance is being decided); ``log=False``:
        maybe without the log's lines, for a reader that reads none."""
        p = self._position
        return None if p.is_chance else p.view(seat, log)


class RolloutEvaluator(mcts.Evaluator):
    """For OpenSpiel's MCTS: a leaf's value from random games played on inside the
    interpreter (chance drawn from ``random_state``), without an OpenSpiel state per
    step; priors uniform, like ``mcts.RandomRolloutEvaluator``, which also works but
    is much slower here."""

    def __init__(self, n_rollouts: int = 1, random_state=None):
        self.n_rollouts = n_rollouts
        seed = (random_state or np.random.RandomState()).randint(2 ** 31)
        self.rng = random.Random(int(seed))

    def evaluate(self, state):
        game = state.get_game()
        total = np.zeros(game.num_players())
        for _ in range(self.n_rollouts):
            outcome = state._position.playout(self.rng)
            total += game.table.returns(outcome, game.returns_mode)
        return total / self.n_rollouts

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class RulelangObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)
    over one seat's view; with perfect recall, the information state."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"rulelang observers take no parameters, not {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or \
                not iig_obs_type.public_info:
            raise ValueError("rulelang observations are one seat's own view: public "
                             "information and that seat's private information")
        self.encoder = game.encoder
        self.perfect_recall = iig_obs_type.perfect_recall
        size = self.encoder.information_size if self.perfect_recall else self.encoder.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state, player):
        view = state.seat_view(player, log=self.perfect_recall)  # an observation reads no line
        if view is None:
            self.tensor.fill(0)
            return
        if self.perfect_recall:
            self.tensor[:] = self.encoder.information(view, player)
        else:
            self.encoder.observation(view, player, self.tensor)

    def string_from(self, state, player):
        p = state._position
        if p.is_chance:
            return str(state)
        return p.view_text(player, information_text if self.perfect_recall else observation_text)


_REGISTERED = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Any .rules ruleset (rulelang)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=100,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
    default_loadable=False)
pyspiel.register_game(_REGISTERED, RulelangGame)
