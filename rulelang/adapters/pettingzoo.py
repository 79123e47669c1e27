"""Any .rules game as a PettingZoo AEC environment, or a Gymnasium one against bots
(``pip install -e '.[rl]'``).

    from rulelang.adapters.pettingzoo import env, single_agent_env
    e = env("games/your_game.rules", players=2)             # agents "P1", "P2"
    g = single_agent_env("games/your_game.rules", opponents="random")

- Agents are the seats (``P1``...); the agent to act is the seat the rules ask.
- An observation is ``{"observation": floats, "action_mask": int8s}``: the seat's view
  as numbers (``rulelang.adapters.encoding``) and which of the game's fixed action
  ids (``rulelang.adapters.actions``) are its legal moves now.
- Rewards come at the end, from the outcome (``returns="win"``: +1 a winner, -1 a
  loser, 0 for all in a draw; ``"score"``: the scores; a cooperative game gives all
  the same). Chance is drawn from the seed given to ``reset``.
- ``render()`` draws the terminal screen of the seat to act (or ``render_seat``),
  as ``rulelang run`` shows it to that seat: never more than that seat may see.
See docs/adapters.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np
from gymnasium import Env, spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from rulelang.adapters.encoding import Encoder
from rulelang.adapters.table import Table, open_table

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

RENDER_SIZE = (100, 40)  # columns, lines of the drawn screen


def env(path, players: int | None = None, options: dict | None = None, returns: str = "win",
        render_mode: str | None = None, render_seat: int | None = None) -> RulelangEnv:
    """A .rules file as a PettingZoo AEC environment (see the module's documentation)."""
    return RulelangEnv(open_table(path, players, options), returns, render_mode, render_seat)


class RulelangEnv(AECEnv):
    # The frameworks read metadata from the class, and from the instance once set there.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "rulelang",  # noqa: RUF012
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, table: Table, returns: str = "win", render_mode=None, render_seat=None):
        super().__init__()
        if returns not in ("win", "score"):
            raise ValueError(f"returns must be win or score, not {returns!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.table, self.returns_mode = table, returns
        self.render_mode, self.render_seat = render_mode, render_seat
        self.metadata = {**self.metadata, "name": f"rulelang {table.title}"}
        self.encoder = Encoder(table)
        self.possible_agents = list(table.facts.seats[:table.players])
        self.seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        low, high = table.utility_range(returns)
        self.reward_range = (low, high)
        observation = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(table.actions),), np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(len(table.actions)) for a in self.possible_agents}
        self.game: Game | None = None  # set by reset
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the AEC loop
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.game = self.table.new_game(int(self._np_random.integers(2 ** 62)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._views = {}
        self._settle()
        if self.render_mode == "human":
            self.render()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        moves = self._moves_by_action()
        if action is None or int(action) not in moves:
            raise ValueError(f"{agent}: action {action} is not a legal move now "
                             f"(legal: {sorted(moves)})")
        self._cumulative_rewards[agent] = 0.0
        self.game.play(moves[int(action)])
        self._views = {}
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self):
        """After a move: the next agent to act, or the rewards if the game is over."""
        game = self.game
        if game.is_over:
            returns = self.table.returns(game.outcome_record, self.returns_mode)
            for agent in self.agents:
                self.rewards[agent] = returns[self.seat_of[agent]]
                self.terminations[agent] = True
                self.infos[agent] = {"outcome": game.outcome}
            self.agent_selection = self.agents[0]
        else:
            for agent in self.agents:
                self.rewards[agent] = 0.0
            self.agent_selection = self.possible_agents[game.to_move]

    def observe(self, agent):
        seat = self.seat_of[agent]
        view = self._view(seat)
        mask = np.zeros(len(self.table.actions), np.int8)
        if not self.game.is_over and self.game.to_move == seat:
            mask[list(self._moves_by_action())] = 1
        return {"observation": self.encoder.observation(view, seat), "action_mask": mask}

    def _view(self, seat):
        """The seat's view, for its observation, which reads no log line: none rendered."""
        if seat not in self._views:
            self._views[seat] = self.game.view(seat, log=False)
        return self._views[seat]

    def _moves_by_action(self) -> dict:
        ids = self.table.actions
        return {ids.id_of(str(m)): m for m in cast("Game", self.game).legal_moves()}

    # ------------------------------------------------------------ showing it
    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        text = screen_text(self.game, self._render_seat())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _render_seat(self) -> int:
        if self.render_seat is not None:
            return self.render_seat
        game = cast("Game", self.game)  # rendered only once there is a game
        return game.to_move if game.to_move is not None else 0

    def close(self):
        self.game = None


def screen_text(game, seat: int, size=RENDER_SIZE) -> str:
    """The terminal screen ``rulelang run`` draws for ``seat``, as plain text."""
    from rulelang.play.terminal import panels
    from rulelang.play.terminal.screen import compose
    view = game.view(seat)
    moves = view.get("decision", {}).get("moves", [])
    screen = compose(panels.build(view), view["log"], moves, size[0], size[1], asking=False)
    lines = [line.plain.rstrip() for line in screen.lines]
    return "\n".join(line for i, line in enumerate(lines)  # the screen's filler: one blank line
                     if line or (i > 0 and lines[i - 1]))


# ---------------------------------------------------------------- one agent, bots for the rest
def single_agent_env(path, players: int | None = None, options: dict | None = None,
                     seat: int = 0, opponents: str = "random", returns: str = "win",
                     render_mode: str | None = None) -> RulelangSingleEnv:
    """A .rules file as a Gymnasium environment: the learner plays ``seat``, rulelang's
    bots (``interpreter.bots``: ``random``, ``first``, ``greedy``) the other seats."""
    return RulelangSingleEnv(open_table(path, players, options), seat, opponents, returns,
                             render_mode)


class RulelangSingleEnv(Env):
    """One seat against bots. ``info["action_mask"]`` (and ``action_masks()``) give the
    legal moves; an illegal action ends the episode with the lowest reward
    (``info["illegal_move"]``), so an unmasked learner learns to avoid it."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012 (as above)

    def __init__(self, table: Table, seat: int = 0, opponents: str = "random",
                 returns: str = "win", render_mode=None):
        from interpreter.bots import KINDS
        if opponents not in KINDS:
            raise ValueError(f"opponents must be one of {', '.join(KINDS)}, not {opponents!r}")
        if not 0 <= seat < table.players:
            raise ValueError(f"seat must be 0 to {table.players - 1}, not {seat}")
        self.aec = RulelangEnv(table, returns)
        self.table, self.seat, self.opponents = table, seat, opponents
        self.agent = self.aec.possible_agents[seat]
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_spaces[self.agent]["observation"]
        self.action_space = self.aec.action_spaces[self.agent]
        self.reward_range = self.aec.reward_range
        self.bots: dict = {}  # seat -> the bot playing it
        self.done = True

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        from interpreter.bots import make_bot
        self.aec.reset(seed=int(self.np_random.integers(2 ** 62)))
        self.bots = {s: make_bot(self.opponents, int(self.np_random.integers(2 ** 31)))
                     for s in range(self.table.players) if s != self.seat}
        self._bots_play()
        self.done = self.aec.game.is_over
        return self._observation(), self._info()

    def step(self, action):
        game = self.aec.game
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        moves = self.aec._moves_by_action()
        if int(action) not in moves:  # the game stays as it was; the episode ends
            self.done = True
            info = {**self._info(), "illegal_move": True}
            return self._observation(), self.reward_range[0], True, False, info
        game.play(moves[int(action)])
        self.aec._views = {}
        self._bots_play()
        reward, done = 0.0, game.is_over
        self.done = done
        if done:
            reward = self.table.returns(game.outcome_record, self.aec.returns_mode)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, done, False, self._info()

    def _bots_play(self):
        game = self.aec.game
        while not game.is_over and game.to_move != self.seat:
            game.play(self.bots[game.to_move].choose(game))
        self.aec._views = {}

    def _observation(self):
        return self.aec.observe(self.agent)["observation"]

    def _info(self):
        info = {"action_mask": self.action_masks()}
        if self.aec.game.is_over:
            info["outcome"] = self.aec.game.outcome
        return info

    def action_masks(self) -> np.ndarray:
        """The legal moves now, as a mask over the action space (for masked learners)."""
        if self.aec.game is None or self.done:
            return np.zeros(len(self.table.actions), np.int8)
        return self.aec.observe(self.agent)["action_mask"]

    def render(self):
        if self.render_mode is None or self.aec.game is None:
            return None
        text = screen_text(self.aec.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
