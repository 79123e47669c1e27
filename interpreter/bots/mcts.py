"""Information-set Monte Carlo tree search (single observer, with determinizations).

A decision's search plays on ``worlds``: samples of the hidden cards drawn once from the
seat's knowledge (``SeatKnowledge.worlds``: worlds in which the latest decisions, replayed,
show the seat what it saw, runtime/consistency.py; in a cooperative game, only worlds in which
the partners' recent moves are what this bot would have played), taken in turn, each playout
on a fresh copy with its own chance to come. So the search never reads a face its seat does
not know. One tree serves every world: a node is a sequence of moves (by notation, or what
stands for it: ``Decision.keys``) from the decision at hand; a move a world does not offer
is skipped there, and a node's choice among its children weighs each by how often it was on
offer (ISUCT). A decision with one move is
played without a node.

Each node orders its moves once, when first reached: by the rules' advice (``prefer``, see
docs/language.md) when the decision has some, else at random; at the root with more moves
than ``WIDE`` and no advice, by one look at each (``scoring.value`` after the move; in a
choice made at once, after the other seats' answers drawn at random, the same for every move:
a sealed bid alone changes nothing; at random when every look is alike: a guess at any of many
places). Only the
first few moves in that order are tried, more as the node is visited more (progressive
widening), so a decision with hundreds of moves (a tile that fits in 280 places) is searched
among its most promising ones. Below the tree a playout follows the ``Policy`` (the advised
moves, else at random) for ``horizon`` decisions, then the position is valued: the result if
the game is over, else the rules' heuristic (``scoring.value``). Every node keeps a total per
seat and each seat picks what is best for itself. A choice every seat makes at once is
searched decoupled (``Round``): each seat's picks at a node of their own for the round, so
none in the tree answers a pick it could not have seen. In a cooperative game there is one value,
the team's (its result; the heuristic as this seat knows it), and every seat in the tree plays
for it: partners are modelled as playing for the team.

The worlds and the playouts on them are played on the lean path (``lean``, the default:
``lean_twin``, runtime/lean_twin.py: no log, no notations, moves by number), which plays the
same games with the same draws, so the bot makes the same choices either way
(tests/runtime/test_bots_lean.py); ``lean=False`` plays them on the full path. Where no
decision of the rules has advice or is made by every seat at once, a playout is one
``LeanGame.play_out`` (``walk``): its rules run direct, a ``Walk`` answering each decision
as the loops of ``playout`` would (one ``step`` down the tree serves both).

A playout whose world breaks the rules (a hidden variable holds what a setup drew in the
sample, runtime/unread_vars.py: a secret number may be one already guessed there, so the
guesses run out) ends there, valued 0.5 for every seat: it tells the search nothing, and the
real game plays on.

The budget is ``playouts`` per decision, stopped early once the playouts have done ``work``
(the runtime's count, ``Game.work``, of what the rules computed for the advice and the values:
a decision whose advice is costly plays fewer); both are counted, so a decision replays (same
seed, same moves). Or ``think`` seconds (not reproducible: how far it gets depends on the
machine). The search runs with Python's cyclic collector paused (``choose``): its passes over
every live object cost more than the few cycles a search leaves.

Where the rules advise (``prefer``), the bot plays the advice's move (one of the best advised,
at random) unless the search found another clearly better (``trusted``): by more than
``trust`` and beyond the noise of its means (``confidence`` standard errors of their
difference). In a cooperative game its partners read its moves by the advice; in any game, a
search of a few dozen playouts cut at a horizon cannot see what the advice knows (a
card bought now that pays only turns later loses to a point that counts at once).
"""
from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from operator import add
from typing import TYPE_CHECKING, Any, cast

import attrs

from interpreter.bots.policy import Policy
from interpreter.bots.scoring import Broken, Scale, heuristic, value, values
from interpreter.bots.simple import knowledge_of
from interpreter.runtime.decision_parts import keys_of
from interpreter.runtime.draws import shuffle
from interpreter.runtime.lean_game import LeanGame
from interpreter.runtime.scratch import Scratch
from rulelang.language.errors import RulesRuntimeError

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Move
    from interpreter.runtime.engine import Game
    from interpreter.runtime.knowledge import SeatKnowledge

Order = dict[Hashable, int]  # a node's moves by key: their rank, most promising first

WIDE = 12  # a root with more moves than this and no advice: ordered by one look at each
# The most work (the runtime's count of items gone through: Game.work) the playouts of one
# decision may do, over what the rules compute for the advice and the values they read: the
# playouts stop there if they have not reached ``playouts``. Counted, not timed, so a decision
# replays; it bounds a decision's CPU where the advice is costly (README, Bots).
WORK = 4_000_000
YOUNG_PASS = 256  # playouts between passes of the collector over the objects made since


class Node:
    __slots__ = ("children", "visits", "offered", "totals", "squares", "order", "informed",
                 "round")

    def __init__(self, nseats: int):
        self.children: dict[Hashable, Node] = {}  # a move's key (Decision.keys) -> Node
        self.visits = 0
        self.offered = 0  # playouts in which this node's move was on offer
        self.totals = [0.0] * nseats  # summed values, per seat
        self.squares = 0.0  # the deciding seat's values squared, summed: their spread
        self.order: Order | None = None  # the node's moves, most promising first
        self.informed = False  # whether that order says anything (advice, a look): else
        # every move may be tried at once
        self.round: Round | None = None  # a choice made by every seat at once, opened here

    def allowed(self) -> int:
        """How many of the node's moves, in its order, may be tried: more with visits."""
        if not self.informed:
            return 1 << 30
        return 2 + int(1.5 * math.sqrt(self.visits))


class Round:
    """The rest of a choice made by every seat at once, from the node where a playout met it
    first (decoupled UCT): each later seat's moves are searched at a node of its own, one for
    the whole round, so no seat's pick in the tree depends on what another picked at the
    same time (chained, each would answer the picks before it, as if it had seen them);
    once every seat has picked, the tree goes on from a node for the picks together."""
    __slots__ = ("seats", "after")

    def __init__(self) -> None:
        self.seats: dict[int, Node] = {}  # a later seat -> the node its moves hang from
        self.after: dict[tuple[Hashable, ...], Node] = {}  # the round's picks -> what follows


def student(z: float, freedom: float) -> float:
    """Student's t with ``freedom`` degrees of freedom at the tail probability of the
    normal's ``z`` (the Cornish-Fisher expansion: within 1% from 3 degrees; below 3 under
    the exact value, 9.7 for 12.7 at 1 degree and z = 1.96, yet far past z itself)."""
    if freedom == math.inf:
        return z
    z2, n = z * z, freedom
    return z * (1 + (z2 + 1) / (4 * n) + (5 * z2 * z2 + 16 * z2 + 3) / (96 * n * n)
                + (3 * z2 ** 3 + 19 * z2 * z2 + 17 * z2 - 15) / (384 * n ** 3))


@attrs.frozen
class Difference:
    """Welch's view of two nodes' means for a seat: the standard error of their difference
    and its degrees of freedom."""
    error: float
    freedom: float


def welch(ours: Node, theirs: Node, seat: int) -> Difference:
    """The standard error of the difference of two nodes' means for ``seat`` (each spread not
    below ``spread``'s floor) and its degrees of freedom (Welch-Satterthwaite), from the
    spreads as measured: the floor guards the error, and a spread measured as none (values
    all alike) is no doubt about it (both none: as many degrees as a normal's)."""
    floored = spread(ours, seat) / ours.visits + spread(theirs, seat) / theirs.visits
    measured = [(max(node.squares / node.visits - (node.totals[seat] / node.visits) ** 2, 0.0)
                 / (node.visits - 1), node.visits) for node in (ours, theirs)]
    doubt = sum(v * v / (n - 1) for v, n in measured)
    freedom = sum(v for v, _ in measured) ** 2 / doubt if doubt > 0 else math.inf
    return Difference(math.sqrt(floored), freedom)


def spread(node: Node, seat: int) -> float:
    """The variance of a node's values for the deciding seat (``squares``), not below a
    floor: a few playouts that agree do not prove a value exact."""
    mean = node.totals[seat] / node.visits
    return max(node.squares / node.visits - mean * mean, 0.01) * node.visits / (node.visits - 1)


class MctsBot:
    # The defaults keep a decision within 1 s of CPU at the table (the heaviest shipped game
    # at its most players took up to about 1 s on a loaded machine): README, Bots.
    def __init__(self, seed: int = 0, playouts: int = 64, think: float | None = None,
                 horizon: int = 8, exploration: float = 0.5, worlds: int = 8,
                 partners: bool = True, advised_partners: bool = True, lean: bool = True,
                 trust: float = 0.15, work: int | None = WORK, confidence: float = 2.0,
                 consistent: bool = True):
        self.rng = random.Random(seed)
        self.playouts, self.think = playouts, think
        self.horizon, self.exploration = horizon, exploration
        self.nworlds, self.partners = worlds, partners
        self.advised_partners = advised_partners
        self.lean = lean  # worlds and playouts on the lean path (the same choices, faster)
        self.played = 0  # playouts played, over every decision (benchmarks read it)
        self.worked = 0  # and the work they did (see WORK)
        self.trust = trust  # how much better than the advice a move must be
        self.confidence = confidence  # and by how many standard errors of the difference
        self.work = work  # the most work a decision's playouts may do (None: no cap)
        # worlds that agree with the public history replayed in them (runtime/consistency.py)
        self.consistent = consistent
        self.unfitted = 0  # worlds searched that contradict it, none fitting in the tries
        self.policy = Policy(self.rng)
        # playouts on copies made again in place (runtime/scratch.py) and their random moves
        # drawn in the loop, or the whole playout one play-out (``walk``, where ``walkable``);
        # False: on the general code they copy (tests/runtime/test_mcts_written_out.py
        # compares the two: the same choices, draws and work)
        self.written_out = True
        self.seat = 0  # the seat deciding (set at each decision)

    def choose(self, given: SeatKnowledge | Game) -> Move:
        knowledge = knowledge_of(given)
        moves = knowledge.moves
        if len(moves) == 1:
            return moves[0]
        # The cyclic collector paused while the bot searches: its worlds, copies and playouts
        # leave few objects in cycles (in the shipped games measured, a few hundred to a few
        # thousand a decision; collected once it is back on, and by a pass over the young
        # ones every ``YOUNG_PASS`` playouts of a long search), and its passes over every
        # live object (rules, worlds, tree) took about 5% of a whole bot game's CPU. Only the
        # search that paused it makes those passes and turns it back on: one that starts in
        # another thread while it is paused (a server's tables) leaves it as it finds it
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            return self.searched(knowledge, moves, collecting)
        finally:
            if collecting:
                gc.enable()

    def searched(self, knowledge: SeatKnowledge, moves: list[Move], collecting: bool) -> Move:
        """The move the search picks among ``moves`` (more than one); ``collecting``: the
        cyclic collector is paused for it (see ``choose``)."""
        nseats = len(knowledge.players)
        team = knowledge.seat if knowledge.cooperative else None
        self.seat = knowledge.seat  # whose values' spread the nodes keep (``squares``)
        knowledge.consistent = self.consistent
        worlds = knowledge.worlds(self.rng, self.nworlds, self.policy if self.partners else None,
                                  lean=self.lean)
        self.unfitted += knowledge.unfitted
        root = Node(nseats)
        root.order, root.informed = self.root_order(worlds[0], moves, knowledge.seat, team)
        # a team's one value: measured from the position now (see scoring.Scale)
        scale = Scale(heuristic(worlds[0], team)) if team is not None else Scale()
        deadline = time.perf_counter() + self.think if self.think is not None else None
        done = work = 0
        broken = Broken()
        scratches = [Scratch(world) for world in worlds] if self.written_out else None
        walked = scratches is not None and walkable(worlds[0])
        # a world's last playout (none after it, by the count) is played on the world itself,
        # made as a copy would be (``Scratch.last``): but the first world, which the search
        # reads once done (``trusted``), worlds drawn twice (the partner model's) and a choice
        # made at once (a copy's pending decision is its group's first open one)
        given_up = self.playouts - len(worlds) if deadline is None and \
            len({id(world) for world in worlds}) == len(worlds) and \
            all(world.group is None for world in worlds) else None
        while True:
            world = worlds[done % len(worlds)]
            if scratches is not None:  # a copy of the world, made again in place
                scratch = scratches[done % len(worlds)]
                if given_up is not None and done >= given_up and world is not worlds[0]:
                    game = scratch.last(self.rng.getrandbits(63))
                else:
                    game = scratch.fresh(self.rng.getrandbits(63))
            else:
                game = world.copy(logging=False, seed=self.rng.getrandbits(63))
            path = [root]  # the nodes the playout goes through
            try:
                if walked:
                    work += self.walk(game, path, nseats, scale, team)
                else:
                    work += self.playout(game, path, nseats, scale, team, knowledge.seat)
            except RulesRuntimeError as error:  # its world broke the rules (a hidden variable
                # as a setup drew it, say): a playout that tells nothing of the moves
                broken.add(error)
                work += game.work
                back_up(path, [0.5] * nseats, self.seat)
            done += 1
            if collecting and not done % YOUNG_PASS:  # (the garbage of a long search bounded)
                gc.collect(0)
            if deadline is None:
                if done >= self.playouts or (self.work is not None and work >= self.work):
                    break
            elif time.perf_counter() >= deadline:
                break
        broken.check(done)
        self.played += done
        self.worked += work
        best = max(moves, key=lambda m: self.final_key(root, m))
        if self.trust > 0:
            best = self.trusted(worlds[0], root, moves, best)
        return best

    def trusted(self, world: Game, root: Node, moves: list[Move], best: Move) -> Move:
        """The advice's move (one of the best advised, at random, as the ``advice`` bot
        plays), unless the search found another clearly better: by more than ``trust``, and
        by more than ``confidence`` standard errors of the difference of their means. In a
        cooperative game partners read this bot's moves as made by the advice (the partner
        model: what a hint "means"), so a move against it misleads them; and in any game a
        search of a few dozen playouts over many moves has wide errors, its values cut at a
        horizon: among moves the advice rates alike, or against the advised move, it is
        followed only where it cannot be noise."""
        advice = world.advice()
        if advice is None:
            return best
        assert world.pending is not None  # (advice was given: a decision waits)
        top, notations = max(advice), world.pending.notations
        advised = [notations[i] for i, a in enumerate(advice) if a == top]
        chosen = advised[self.rng.randrange(len(advised))]
        pick = next(m for m in moves if m.notation == chosen)
        if best is pick:
            return best
        ours, theirs = root.children.get(pick.notation), root.children.get(best.notation)
        if ours is None or theirs is None or ours.visits < 2 or theirs.visits < 2:
            return pick  # no evidence against the advice
        seat = int(pick.seat)
        gain = theirs.totals[seat] / theirs.visits - ours.totals[seat] / ours.visits
        if gain <= self.trust:
            return pick
        # the spread of a handful of playouts is itself a guess (2 and 3 visits passed a z
        # of 2): Welch's test, the bar as far out in Student's t as ``confidence`` is in the
        # normal
        difference = welch(ours, theirs, seat)
        bar = student(self.confidence, difference.freedom) * difference.error
        return best if gain > bar else pick

    @staticmethod
    def final_key(root: Node, move: Move) -> tuple[int, float, int]:
        order = root.order or {}
        child = root.children.get(move.notation)
        if child is None:
            return (-1, 0.0, -order.get(move.notation, 0))
        return (child.visits, child.totals[int(move.seat)] / child.visits,
                -order.get(move.notation, 0))

    def root_order(self, world: Game, moves: list[Move], seat: int,
                   team: int | None) -> tuple[Order, bool]:
        """The root's moves, most promising first (see the module)."""
        game = world
        ranked = self.policy.ranked(game)
        if ranked is None and len(moves) > WIDE:
            scale, looks = Scale(), []
            scratch = Scratch(world)
            # chosen at once (a sealed bid): a move alone changes nothing until every seat has
            # answered, so each look answers for the others at random, the same for every move
            others = self.rng.getrandbits(63) if world.group is not None else None
            for move in moves:
                assert move.index is not None  # a legal move knows its place
                after = scratch.fresh(1) if self.written_out else world.copy(logging=False,
                                                                               seed=1)
                group = after.group
                after.apply(move.index, seat)
                if others is not None:
                    answers = random.Random(others)
                    try:
                        while after.group is group and after.pending is not None:
                            after.apply(answers.randrange(len(after.pending.values)))
                    except RulesRuntimeError:  # the sample broke the rules there: tells nothing
                        looks.append(0.5)
                        continue
                looks.append(value(after, team if team is not None else seat, scale))
            if max(looks) > min(looks):  # (a look that tells none apart orders nothing:
                indexes = sorted(range(len(moves)), key=lambda i: -looks[i])  # at random, below,
                ranked = [moves[i].notation for i in indexes]  # not the first few in order)
        informed = ranked is not None
        if ranked is None:  # (the root's keys are its notations, in every world)
            ranked = [m.notation for m in moves]
            shuffle(self.rng, ranked)  # (draws: as Random.shuffle draws)
        return {n: r for r, n in enumerate(ranked)}, informed

    def node_order(self, game: Game) -> tuple[Order, bool]:
        ranked = self.policy.ranked(game)
        informed = ranked is not None
        if ranked is None:
            assert game.pending is not None  # (a decision waits)
            ranked = list(game.pending.move_keys())
            shuffle(self.rng, ranked)  # (draws: as Random.shuffle draws)
        return {n: r for r, n in enumerate(ranked)}, informed

    def playout(self, game: Game, path: list[Node], nseats: int, scale: Scale,
                team: int | None, me: int) -> int:
        """One playout on ``game`` (a copy of a world), down the tree from ``path``'s root,
        each node it goes through added to ``path``; returns the work it did: what the
        runtime counted (``Game.work``) in the advice it asked and the value it read."""
        node = path[0]
        work = game.work = 0  # (the runtime's count starts again at each decision anyway)
        advised = team is not None and self.advised_partners
        written_out = self.written_out
        play = game.play if isinstance(game, LeanGame) and written_out else game.apply
        c = self.exploration
        group = opened = None  # a choice made by every seat at once: its group and node
        picks: list[Hashable] = []  # and the round's picks so far
        while not game.over:  # down the tree, adding one node
            pending = game.pending
            assert pending is not None  # (not over: a decision waits)
            if group is not game.group:
                # the round is over: on from the picks together (no node opened if every
                if opened is not None:  # pick was forced or a partner's by the advice)
                    assert opened.round is not None
                    after = opened.round.after
                    node = after.get(tuple(picks)) or after.setdefault(tuple(picks),
                                                                       Node(nseats))
                    path.append(node)
                    if node.visits == 0:  # a node added: the tree left
                        break
                group, opened, picks = game.group, None, []
            keys = pending.keys
            if keys is None:
                keys = pending.move_keys()
            if len(keys) == 1:  # forced: no node
                if group is not None:
                    picks.append(keys[0])
                play(0)
                continue
            if advised and pending.seat != me and pending.site.prefer is not None:
                pick = self.policy.pick(game)  # a partner plays by the advice
                work, game.work = work + game.work, 0
                if group is not None:
                    picks.append(keys[pick])
                play(pick)
                continue
            at = node  # the node this decision's moves hang from
            if group is not None:
                if opened is None:  # the round's first pick in the tree: from here
                    opened = node
                    if node.round is None:
                        node.round = Round()
                else:  # a later seat's: from its own node for the round
                    seats = cast(Round, opened.round).seats
                    at = seats.get(int(pending.seat)) or seats.setdefault(
                        int(pending.seat), Node(nseats))
            if at.order is None:
                at.order, at.informed = self.node_order(game)
                work, game.work = work + game.work, 0
            seat = int(pending.seat)
            i, child = step(at, keys, seat, c)
            if i < 0:  # nothing allowed is offered in this world: widen to all
                at.order = {n: r for r, n in enumerate(keys)}
                continue
            if at is not node:  # a later seat's node for the round: gone through, its visits
                path.append(at)  # counted (its moves widen with them, as any node's)
            path.append(child)  # (before the move: a move that breaks the rules backs it up)
            node = child
            if group is not None:
                picks.append(keys[i])
            play(i, seat)
            if child.visits == 0:  # a node added: the tree left
                break
        policy, getrandbits = self.policy, self.rng.getrandbits
        for _ in range(self.horizon):  # then as the policy plays
            if game.over:
                break
            pending = game.pending
            assert pending is not None  # (not over: a decision waits)
            n = len(pending.values)
            if n == 1:
                pick = 0
            elif pending.site.prefer is None and written_out:  # ``Policy.pick`` written out
                bits = n.bit_length()  # (draws.below: the draws of ``randrange(n)``)
                pick = getrandbits(bits)
                while pick >= n:
                    pick = getrandbits(bits)
            else:
                pick = policy.pick(game)
            work, game.work = work + game.work, 0
            play(pick)
        return self.valued(game, path, nseats, scale, team, work)

    def walk(self, game: Game, path: list[Node], nseats: int, scale: Scale,
             team: int | None) -> int:
        """``playout``, where ``walkable``: the whole playout one ``LeanGame.play_out``,
        every rule run direct, each decision answered by a ``Walk`` (down the tree, then at
        random); the same moves, draws and work (tests/runtime/test_mcts_written_out.py)."""
        walk = Walk(self, path)
        game.work = 0
        cast(LeanGame, game).play_out(walk.pick)
        return self.valued(game, path, nseats, scale, team, 0)

    def valued(self, game: Game, path: list[Node], nseats: int, scale: Scale, team: int | None,
               work: int) -> int:
        """A playout's end valued and added to the nodes it went through; its work: ``work``
        so far and the game's since (the value's with it)."""
        if team is not None:  # one value for the whole team, from this seat's knowledge
            ends = [value(game, team, scale)] * nseats
        else:
            ends = values(game, nseats, scale)
        back_up(path, ends, self.seat)
        return work + game.work


def back_up(path: list[Node], ends: list[float], seat: int) -> None:
    """A playout's values (one per seat) added to every node it went through, and the
    deciding ``seat``'s squared (their spread, for ``trusted``)."""
    square = ends[seat] * ends[seat]
    for visited in path:
        visited.visits += 1
        visited.squares += square
        visited.totals = list(map(add, visited.totals, ends))  # (in C: no comprehension)


def walkable(world: Game) -> bool:
    """Whether a playout on copies of ``world`` can be one ``Walk``: lean copies, and no
    decision of the rules that needs one left pending (advice, read from the decision's
    locals; a choice made by every seat at once, answered seat by seat)."""
    return isinstance(world, LeanGame) and not any(
        site.prefer is not None or site.each_slot is not None for site in world.rules.sites)


class Walk:
    """One playout's moves, as ``LeanGame.play_out`` asks for them (``pick``, its policy):
    ``MctsBot.playout``'s loops written as one answer a decision. Down the tree while its
    nodes know the moves, adding one node; then ``horizon`` decisions at random (the limit
    of the play-out set then), as the loops draw them."""
    __slots__ = ("bot", "node", "path", "in_tree")

    def __init__(self, bot: MctsBot, path: list[Node]):
        self.bot, self.node, self.path, self.in_tree = bot, path[0], path, True

    def pick(self, game: Any, seat: int, values: Any, site: Any) -> int:
        n = len(values)
        if n == 1:  # forced: no node, no draw
            return 0
        if not self.in_tree:  # below the tree: at random, ``draws.below`` written out as the
            getrandbits = self.bot.rng.getrandbits  # loop of ``playout`` writes it (a call
            bits = n.bit_length()  # of it measured about 3% slower walks)
            pick = getrandbits(bits)
            while pick >= n:
                pick = getrandbits(bits)
            return pick
        pending = game.pending  # (a decision left pending names its moves already)
        keys = pending.move_keys() if pending is not None else \
            keys_of(game, seat, values, site.element, game.passing)
        bot, node = self.bot, self.node
        if node.order is None:  # (no advice: the moves in a random order, as node_order draws)
            ranked = list(keys)
            shuffle(bot.rng, ranked)
            node.order = {k: r for r, k in enumerate(ranked)}
        c = bot.exploration
        while True:
            i, child = step(node, keys, seat, c)
            if i >= 0:
                break
            node.order = {k: r for r, k in enumerate(keys)}  # widen to all offered
        self.path.append(child)
        self.node = child
        if child.visits == 0:  # a node added: the tree left, ``horizon`` decisions to come
            self.in_tree = False
            game.limit = game.answered + bot.horizon
            # the rules' own decisions answered at random from here with no call of this
            # (one check and three lookups fewer a decision; a decision left pending still
            # asks ``pick``, which draws the same)
            game.policy = at_random(bot.rng.getrandbits)
        return i


def at_random(getrandbits: Callable[[int], int]) -> Any:
    """A policy for ``LeanGame.play_out``: each decision at random, as ``Walk.pick`` draws
    below the tree (``draws.below`` written out); ``getrandbits``: the bot's generator's."""
    def pick(game: Any, seat: int, values: Any, site: Any) -> int:
        n = len(values)
        if n == 1:  # forced: no draw
            return 0
        bits = n.bit_length()
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        return pick
    return pick


def step(node: Node, keys: Sequence[Hashable], seat: int, c: float) -> tuple[int, Node]:
    """A step down the tree from ``node``, whose order is made, at a decision whose moves are
    ``keys``: the first untried move allowed, in the node's order (its node added: no visits
    yet), else the tried one the UCT score rates best for ``seat``; as (its index, its node).
    (-1, node): none allowed is offered here."""
    order, children = cast(Order, node.order), node.children
    # how many of the node's moves, in its order, may be tried (Node.allowed)
    limit = 2 + int(1.5 * math.sqrt(node.visits)) if node.informed else 1 << 30
    tried: list[tuple[int, Node]] = []
    untried = best_rank = -1
    i = -1
    for n in keys:
        i += 1
        rank = order.get(n)
        if rank is None:  # not offered where the order was made: last
            rank = order[n] = len(order)
        if rank >= limit:
            continue
        child = children.get(n)
        if child is None:
            if best_rank < 0 or rank < best_rank:
                best_rank, untried = rank, i
        else:
            tried.append((i, child))
    if untried >= 0:
        for _, child in tried:
            child.offered += 1
        child = children[keys[untried]] = Node(len(node.totals))
        child.offered = 1
        return untried, child
    if not tried:
        return -1, node
    sqrt, log = math.sqrt, math.log
    best, chosen = -1.0, tried[0]  # every score is above -1: the first is bettered
    for i, child in tried:
        offered = child.offered = child.offered + 1
        visits = child.visits
        score = child.totals[seat] / visits + c * sqrt(log(offered) / visits)
        if score > best:
            best, chosen = score, (i, child)
    return chosen
