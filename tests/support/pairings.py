"""The examples that OpenSpiel also has, paired with its native games (see crosscheck.py).

Each function gives the ``Pairing`` for one setting of a game; ``SETTINGS`` lists the
settings the benchmark plays (``benchmarks/openspiel_crosscheck.py``)."""
from __future__ import annotations

import functools
import re

from rulelang import Outcomes
from support.crosscheck import Pairing


def connect_four(x_in_row: int = 4, rows: int = 6, columns: int = 7) -> Pairing:
    """Native actions are columns from 0 ('x3': the first player drops into the fourth
    column); ours are columns from 1. The parameters are the same options in both."""
    params = {"x_in_row": x_in_row, "rows": rows, "columns": columns}
    return Pairing(f"connect_four {columns}x{rows} x_in_row={x_in_row}",
                   "examples/connect_four.rules", "connect_four", params, options=params,
                   move_name=lambda state, player, action: str(action + 1))


KUHN_FACES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def kuhn_poker(players: int = 2) -> Pairing:
    """Native cards are 0 (lowest) to N, dealt one chance node a player from P1; ours are
    the highest N + 1 faces of KUHN_FACES, shuffled and dealt from the top, P1 first.
    Native actions are Pass and Bet throughout; ours are pass or bet until someone has
    bet, then fold or call."""
    faces = KUHN_FACES[len(KUHN_FACES) - players - 1:]

    def deck(rng, _players):
        order = list(faces)
        rng.shuffle(order)
        return order

    def move_name(state, player, action):
        bet_before = any(a == 1 for a in state.history()[players:])
        return (["fold", "call"] if bet_before else ["pass", "bet"])[action]

    return Pairing(f"kuhn_poker players={players}", "examples/kuhn_poker.rules", "kuhn_poker",
                   {"players": players}, players=players, move_name=move_name, deck=deck,
                   deal=lambda state, card: faces.index(card), returns="score",
                   dealt_to=lambda _players, seat: [seat])


def leduc_poker(starting_player: int = 0) -> Pairing:
    """Native card c is rank c // 2 (jack, queen, king) of suit c % 2 (ours: spades,
    hearts), dealt by chance to P1, P2, then turned up between the rounds: ours are the
    top three cards of the shuffled deck, in that order. Actions Fold, Call, Raise."""
    names = [f"{face}{suit}" for face in "JQK" for suit in "SH"]  # native card order

    def deck(rng, _players):
        order = list(names)
        rng.shuffle(order)
        return order

    return Pairing(f"leduc_poker starting_player={starting_player}", "examples/leduc_poker.rules",
                   "leduc_poker", {"starting_player": starting_player},
                   options={"starting_player": starting_player + 1}, deck=deck,
                   deal=lambda state, card: names.index(card), returns="score",
                   dealt_to=lambda _players, seat: [seat])


def _square(text: str, rows: int) -> str:
    """A native cell ('a7': its rows count from the bottom) as ours (rows from the top:
    on 8 rows, 'A2')."""
    return f"{text[0].upper()}{rows + 1 - int(text[1])}"


def _from_to(rows: int = 8):
    """A native move 'a7b6' (or 'a7b6*', a capture) as ours: the pair of cells 'A2 B3'."""
    def name(state, player, action) -> str:
        text = state.action_to_string(player, action).rstrip("*")
        return f"{_square(text[:2], rows)} {_square(text[2:4], rows)}"
    return name


def breakthrough(rows: int = 8, columns: int = 8) -> Pairing:
    """Native moves read 'a7b6*': from a7 to b6, capturing; its rows count from the bottom
    (black's home rows are 8 and 7) and ours from the top, so its a7 is our A2, and the
    move is ours 'A2 B3'. Its rows and columns are the same options in both."""
    params = {"rows": rows, "columns": columns}
    return Pairing(f"breakthrough {columns}x{rows}", "examples/breakthrough.rules",
                   "breakthrough", params, options=params, move_name=_from_to(rows))


def mancala() -> Pairing:
    """Both number the places alike (P1's pits 1-6 and store 7, P2's pits 8-13 and store
    0), and a move is the pit sown from."""
    return Pairing("mancala", "examples/mancala.rules", "mancala")


HEARTS_DIRECTIONS = ["no_pass", "left", "across", "right"]  # native pass_dir 0-3


def hearts(**options: bool) -> Pairing:
    """Native card c is rank c // 4 (2 to A, T for ten) of suit c % 4 (C, D, H, S), dealt
    by chance to player k % 4 for the k-th card: our deck's order, top first, dealt round
    from P1. The native game first draws the passing direction, which ours draws as
    "pass direction" (without pass_cards its one outcome is No Pass, and ours draws
    none). Native card texts write the ten T, ours 10."""
    names = [("10" if r == "T" else r) + s for r in "23456789TJQKA" for s in "CDHS"]
    passing = options.get("pass_cards", True)

    def chances(rng, _players):
        order = list(names)
        rng.shuffle(order)
        fix: dict = {"shuffle deck": order}
        direction = "no_pass"
        if passing:
            direction = rng.choice(HEARTS_DIRECTIONS)
            fix["pass direction"] = direction
        return fix, [direction] + order

    def fix_of(tokens):
        fix: dict = {"shuffle deck": tokens[1:]}
        if passing:
            fix["pass direction"] = tokens[0]
        return fix

    def deal(state, token):
        return HEARTS_DIRECTIONS.index(token) if token in HEARTS_DIRECTIONS else names.index(token)

    def move_name(state, player, action):
        text = state.action_to_string(player, action)
        return text.replace("T", "10") if len(text) == 2 else text

    label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    return Pairing(f"hearts {label}", "examples/hearts.rules", "hearts", dict(options),
                   players=4, options=dict(options), move_name=move_name, chances=chances,
                   deal=deal, returns="score", fix_of=fix_of,
                   dealt_to=lambda _players, seat: [0, *range(1 + seat, 53, 4)])


def checkers() -> Pairing:
    """Native moves read 'a3b4' (a jump 'c3e5', and a further jump is the same player's
    next move); its rows count from the bottom, ours from the top, as in Breakthrough.
    White, native player 0 and our P1, moves first from the bottom."""
    return Pairing("checkers", "examples/checkers.rules", "checkers", move_name=_from_to())


GIN_FACES = "A23456789TJQK"
GIN_WORDS = {"Draw upcard": "upcard", "Draw stock": "stock", "Pass": "pass", "Knock": "knock"}
GIN_NAMES = [face + suit for suit in "scdh" for face in GIN_FACES]  # by native card number


@functools.cache
def _gin_utils():
    import pyspiel
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def gin_rummy_policy(rng, state, moves: list[str]) -> str:
    """A player who plays for a knock, often enough for the knocks, gins, undercuts and
    layoffs to be compared (random moves knock in one game of fifty): it draws the
    upcard when that lowers its deadwood, discards what leaves the least deadwood, knocks
    when it may (often at once, nearly always with gin) and lays melds and layoffs
    rather than passing; each time with a chance of a random move instead."""
    import pyspiel
    gin = pyspiel.gin_rummy
    if rng.random() < 0.2:
        return rng.choice(moves)
    utils = _gin_utils()
    player = state.current_player()
    hand = list(state.hands()[player])
    phase = state.current_phase()
    if "knock" in moves and rng.random() < (0.9 if state.deadwood()[player] == 0 else 0.2):
        return "knock"
    if phase in (gin.Phase.DRAW, gin.Phase.FIRST_UPCARD) and "upcard" in moves:
        better = utils.min_deadwood(hand + [state.upcard()]) < utils.min_deadwood(hand)
        return "upcard" if better else ("stock" if "stock" in moves else "pass")
    if phase == gin.Phase.DISCARD:
        names = {GIN_NAMES[card].lower(): card for card in hand}  # moves are compared in lower case
        left = {m: utils.min_deadwood([c for c in hand if c != names[m]])
                for m in moves if m in names}
        least = min(left.values())
        return rng.choice(sorted(m for m, d in left.items() if d == least))
    laid = [m for m in moves if m != "pass"]
    return rng.choice(laid) if laid and rng.random() < 0.8 else rng.choice(moves)


def gin_rummy(policy: bool = False, **options) -> Pairing:
    """Native card c is rank c % 13 (ace low) of suit c // 13 (s, c, d, h), written as
    ours ('Ts', the ten of spades); the chance nodes deal P1's ten cards, P2's ten, the
    upcard, then each card drawn from the stock: our stock's order from the top. Native
    actions read 'Player: 0 Action: Draw upcard'; ours are the words upcard, stock, pass
    and knock, a card, or a meld's cards joined by '+' (both in the native order).
    ``policy``: moves played by ``gin_rummy_policy`` rather than at random."""
    names = GIN_NAMES

    def deck(rng, _players):
        order = list(names)
        rng.shuffle(order)
        return order

    named: dict[tuple[int, int], str] = {}  # a native action's name depends on it alone

    def move_name(state, player, action):
        name = named.get((player, action))
        if name is None:
            text = state.action_to_string(player, action).split("Action: ")[1]
            name = GIN_WORDS[text] if text in GIN_WORDS \
                else "+".join(text[i:i + 2] for i in range(0, len(text), 2))
            named[(player, action)] = name
        return name

    label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    label += ", playing for a knock" if policy else ", random moves"
    return Pairing(f"gin_rummy {label}", "examples/gin_rummy.rules", "gin_rummy",
                   dict(options), options=dict(options), move_name=move_name, deck=deck,
                   policy=gin_rummy_policy if policy else None,
                   deal=lambda state, card: names.index(card), shuffle_event="shuffle stock",
                   returns="score", dealt_to=lambda _players, seat: list(range(10 * seat,
                                                                             10 * seat + 10)))


def liars_dice(numdice: int = 1, dice_sides: int = 6, bidding_rule: str = "reset-face"
               ) -> Pairing:
    """Native chance rolls P1's dice, then P2's, one chance node a die (action f - 1 rolls
    face f): ours draws "roll" in the same order. Native bids read '2-5' (two fives, in
    either bidding rule), ours '2 5'; its Liar is our pass "liar". The parameters are the
    same options in both (ours adds the wild face, on by default as OpenSpiel's always
    is, and round after round, off). Returns are our scores: 1 for who was right."""
    params = {"numdice": numdice, "dice_sides": dice_sides, "bidding_rule": bidding_rule}

    def fix_of(tokens: list[str]) -> dict:
        return {"roll": Outcomes([int(t) for t in tokens])}

    def chances(rng, players):
        tokens = [str(rng.randint(1, dice_sides)) for _ in range(players * numdice)]
        return fix_of(tokens), tokens

    def move_name(state, player, action):
        return state.action_to_string(player, action).replace("-", " ")

    label = ",".join(f"{k}={v}" for k, v in params.items())
    return Pairing(f"liars_dice {label}", "examples/liars_dice.rules", "liars_dice",
                   dict(params), options=dict(params), move_name=move_name, chances=chances,
                   deal=lambda state, token: int(token) - 1, returns="score", fix_of=fix_of,
                   dealt_to=lambda _players, seat: list(range(seat * numdice,
                                                              (seat + 1) * numdice)))


def tic_tac_toe() -> Pairing:
    """Native moves read 'x(1,2)': a mark in row 1, column 2, both from 0 and from the top
    left; ours name the cell by its column letter and its row from 1 ('C2'). Native
    player 0 (x) is our P1 (X), and moves first."""
    def move_name(state, player, action):
        row, column = divmod(action, 3)
        return f"{'ABC'[column]}{row + 1}"

    return Pairing("tic_tac_toe", "examples/tictactoe.rules", "tic_tac_toe",
                   move_name=move_name)


def randints(rng, sides: int, count: int) -> list[int]:
    """``[rng.randint(1, sides) for _ in range(count)]``, the same numbers from the same
    draws (randint takes ``getrandbits`` of the bits ``sides`` needs, again while that is
    ``sides`` or more), in half its time: Pig draws a thousand rolls a game."""
    bits, draw, rolls = sides.bit_length(), rng.getrandbits, []
    for _ in range(count):
        r = draw(bits)
        while r >= sides:
            r = draw(bits)
        rolls.append(r + 1)
    return rolls


def pig(winscore: int = 100, diceoutcomes: int = 6, players: int = 2) -> Pairing:
    """Native actions are roll and stop, ours the answers yes and no to "roll again",
    asked before every roll (``ask_first``, on by default: OpenSpiel's turn); who has
    reached ``winscore`` may only stop in both. Native chance action r - 1 rolls r: ours
    draws "die" in the same order, from a thousand rolls drawn ahead (the native horizon,
    a thousand moves, bounds them). Same-named parameters are the same options in both.
    With more than 2 players the native losers share the -1 (``zero_sum``)."""
    params = {"winscore": winscore, "diceoutcomes": diceoutcomes}

    def fix_of(tokens: list[str]) -> dict:
        return {"die": Outcomes([int(t) for t in tokens])}

    def chances(rng, _players):
        tokens = [str(roll) for roll in randints(rng, diceoutcomes, 1000)]
        return fix_of(tokens), tokens

    label = ",".join(f"{k}={v}" for k, v in {"players": players, **params}.items())
    return Pairing(f"pig {label}", "examples/pig.rules", "pig",
                   {**params, "players": players}, players=players, options=dict(params),
                   returns="zero_sum",
                   move_name=lambda state, player, action: ["yes", "no"][action],
                   chances=chances, deal=lambda state, token: int(token) - 1, fix_of=fix_of)


def nim(pile_sizes: str = "1;3;5;7", is_misere: bool = True) -> Pairing:
    """Native piles are numbered from 1 (ours lettered from A), and a native action is a
    whole turn, 'pile:2, take:3;' (action (3 - 1) * piles + 2 - 1), where ours is two
    decisions, the pile and how many stones: 'B 3'. ``pile_sizes`` is written '1;3;5;7'
    natively, 1+3+5+7 (a list) in ours; ``is_misere`` is the same option in both."""
    names: dict[int, str] = {}  # an action's name, read from its text once

    def move_name(state, player, action):
        if action not in names:
            pile, take = re.fullmatch(r"pile:(\d+), take:(\d+);",
                                      state.action_to_string(player, action)).groups()
            names[action] = f"{chr(ord('A') + int(pile) - 1)} {take}"
        return names[action]

    sizes = [int(size) for size in pile_sizes.split(";")]
    return Pairing(f"nim pile_sizes={pile_sizes},is_misere={is_misere}", "examples/nim.rules",
                   "nim", {"pile_sizes": pile_sizes, "is_misere": is_misere},
                   options={"pile_sizes": sizes, "is_misere": is_misere},
                   move_name=move_name, whole_turns=True, turn_length=2)


HANABI_COLOURS = {"R": "red", "Y": "yellow", "G": "green", "W": "white", "B": "blue"}
HANABI_CARDS = [f"{colour} {rank}" for colour in HANABI_COLOURS.values() for rank in range(1, 6)]


def _hanabi_playable(state) -> list[int]:
    """The places in the hand of the player to move of the cards that fit a firework, read
    from the native state's text (which shows every hand: a policy may peek)."""
    text = str(state)
    heights = {word[0]: int(word[1]) for word in
               text.split("Fireworks:")[1].split("\n")[0].split()}
    hands = text.split("Hands:\n")[1].split("Deck size")[0].split("-----\n")
    hand = [line.split(" ||")[0] for line in hands[state.current_player()].splitlines()
            if "||" in line]
    return [i for i, card in enumerate(hand) if heights[card[0]] + 1 == int(card[1])]


def hanabi_policy(rng, state, moves: list[str]) -> str:
    """Plays a card that fits nine times in ten, else hints or discards (and one turn in
    twenty plays any card): random play burns the three fuses within a few turns, this
    builds fireworks and reaches the end of the deck and the last turns."""
    fits = [f"play hand[p{state.current_player() + 1}]#{i + 1}" for i in _hanabi_playable(state)]
    plays = [m for m in moves if m.startswith("play ")]
    others = [m for m in moves if not m.startswith("play ")]
    if fits and rng.random() < 0.9:
        return rng.choice(fits)
    return rng.choice(plays if plays and (not others or rng.random() < 0.05) else others)


def hanabi(players: int = 2, policy: bool = False, **params: int) -> Pairing:
    """Native card c is colour c // 5 (R, Y, G, W, B) of rank c % 5 + 1, dealt by chance:
    P1's hand, P2's, ..., then the card each player draws after playing or discarding, as
    ours deals and draws from the top of the deck. Native actions read '(Play 0)',
    '(Discard 2)' (the place in the hand from 0, oldest first: a drawn card goes last, as
    ours), '(Reveal player +1 color R)' and '(Reveal player +2 rank 3)' (the player counted
    from the one to move); ours are whole turns: 'play hand[P1]#1', 'discard hand[P1]#3',
    'hint P2 red', 'hint P3 3'. Returns are the score (0 once the third fuse burns).
    ``policy``: moves by ``hanabi_policy`` rather than at random. ``params``:
    max_information_tokens and max_life_tokens, the same options in both."""
    def deck(rng, _players):
        order = [card for card in HANABI_CARDS
                 for _ in range((3, 2, 2, 2, 1)[int(card.split()[1]) - 1])]
        rng.shuffle(order)
        return order

    def move_name(state, player, action):
        words = state.action_to_string(player, action).strip("()").split()
        if words[0] in ("Play", "Discard"):
            return f"{words[0].lower()} hand[P{player + 1}]#{int(words[1]) + 1}"
        target = (player + int(words[2])) % players + 1
        said = HANABI_COLOURS[words[4]] if words[3] == "color" else words[4]
        return f"hint P{target} {said}"

    label = ",".join([f"players={players}"] + [f"{k}={v}" for k, v in params.items()])
    label += ", playing what fits" if policy else ", random moves"
    return Pairing(f"hanabi {label}", "examples/hanabi.rules", "hanabi",
                   {"players": players, **params}, players=players, options=dict(params),
                   move_name=move_name, deck=deck,
                   deal=lambda state, card: HANABI_CARDS.index(card), returns="score",
                   policy=hanabi_policy if policy else None, whole_turns=True)


SETTINGS = {
    "connect_four": [connect_four(4), connect_four(3), connect_four(4, rows=5, columns=9)],
    "kuhn_poker": [kuhn_poker(2), kuhn_poker(3), kuhn_poker(5)],
    "leduc_poker": [leduc_poker(0), leduc_poker(1)],
    "breakthrough": [breakthrough(), breakthrough(5, 6)],
    "mancala": [mancala()],
    "checkers": [checkers()],
    "hearts": [hearts(), hearts(pass_cards=False, can_lead_any_club=True),
               hearts(no_pts_on_first_trick=False, must_break_hearts=False,
                      qs_breaks_hearts=False)],
    "gin_rummy": [gin_rummy(), gin_rummy(policy=True), gin_rummy(policy=True, oklahoma=True),
                  gin_rummy(policy=True, knock_card=5, gin_bonus=20, undercut_bonus=10)],
    "liars_dice": [liars_dice(), liars_dice(2), liars_dice(3, bidding_rule="reset-quantity"),
                   liars_dice(2, dice_sides=4)],
    "tic_tac_toe": [tic_tac_toe()],
    "pig": [pig(), pig(30), pig(30, 4), pig(players=3), pig(50, players=4)],
    "nim": [nim(), nim(is_misere=False), nim("2;0;4;6;9")],


    "hanabi": [hanabi(2), hanabi(2, policy=True), hanabi(5, policy=True),
               hanabi(3, policy=True, max_information_tokens=3, max_life_tokens=1)],
}
