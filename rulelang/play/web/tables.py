"""A game at a table: who sits where, the links that seat them, and what each is sent.

Each human seat gets a private token (its link); the spectator has one too. A token is all a
visitor presents, so every request starts by looking it up: a seat's token can only ever
move for that seat and read that seat's view. Bots play their seats as soon as it is their
turn, with seeds drawn from ``secrets`` (a bot's moves are public: if they owed anything to
the game's seed they would hint at the hidden cards).
"""
from __future__ import annotations

import json
import random
import secrets
from pathlib import Path
from typing import Any

import attrs

from interpreter.bots import BotSpecError, make_bot, parse_bot, thinks
from interpreter.rules import Rules
from interpreter.runtime.engine import Game
from interpreter.runtime.knowledge import seat_knowledge
from interpreter.runtime.outcome import result_words
from interpreter.runtime.views import PUBLIC, forced_openly
from rulelang.language.errors import IllegalMove, RulesError
from rulelang.play.campaign_state import campaign_state

SPECTATOR = PUBLIC  # the seat a spectator's token stands for: only what every seat may know
HUMAN = "human"
BOT_KINDS = ("random", "greedy", "mcts", "advice", "first")
MAX_BOT_MOVES = 100_000  # bots playing each other stop here, whatever the rules do
QUICK_BOT_MOVES = 200    # quick bots' moves played before the pages are sent the state


def new_token() -> str:
    """128 random bits, URL-safe: nobody finds a seat's link by trying."""
    return secrets.token_urlsafe(16)


@attrs.define(eq=False)
class Table:
    """One game and its seats. ``kinds`` maps each player's seat to "human" or a bot kind;
    ``tokens`` maps each token to its seat, or to SPECTATOR."""

    name: str
    rules_name: str
    rules: Rules
    game: Game
    kinds: dict
    tokens: dict
    failure: str | None = None
    save_path: Path | None = None  # where it is written after every move (None: nowhere)
    bots: dict = attrs.field(factory=dict)
    watchers: set = attrs.field(factory=set)
    sent: dict = attrs.field(factory=dict)  # seat -> (stamp, message text) already built
    refused_why: dict | None = None  # the rule behind the last move refused ("why?")
    again_links: dict = attrs.field(factory=dict)  # seat -> its link at the next table
    # a campaign's table plays its games one after another (rulelang.play.web.campaign_table);
    # moves_before: the moves of its games before this one (and one for each new game), so
    # that a table's version only ever grows and a page of an earlier game is out of date
    campaign: Any = None
    moves_before: int = 0
    _rules_text: str | None = None  # rules.json: the rulebook and where log lines come from
    _public: dict = attrs.field(factory=dict)  # stamp -> what a spectator sees then

    @classmethod
    def open(cls, rules_name, rules, game, kinds):
        """A new table with fresh tokens for its human seats and its spectator."""
        tokens = {new_token(): seat for seat in game.players if kinds[seat] == HUMAN}
        tokens[new_token()] = SPECTATOR
        return cls(secrets.token_hex(8), rules_name, rules, game, dict(kinds), tokens)

    @property
    def version(self) -> int:
        """How many moves have been played: a move sent for another version is stale."""
        return self.moves_before + len(self.game.history)

    @property
    def answered(self) -> list:
        """The seats that have answered the simultaneous choice open now (what each chose
        stays theirs until all have): their names, in seat order; [] when none is open."""
        group = self.game.group
        if group is None:
            return []
        return [self.game.seat_name(d.seat) for d in group.decisions if d.seat in group.answers]

    @property
    def stamp(self) -> tuple:
        """What a state sent to a page depends on: the moves played, and the answers given
        in a simultaneous choice (each changes what every page is to show, not the moves)."""
        return (self.version, len(self.answered))

    def links(self) -> dict:
        """Seat name (or "spectator") -> token."""
        out = {}
        for token, seat in self.tokens.items():
            out["spectator" if seat == SPECTATOR else self.game.seat_name(seat)] = token
        return out

    # ------------------------------------------------------------------ moves
    def play(self, seat, notation: str, version: int) -> str | None:
        """Play a person's move for ``seat``: None, or why it was refused. A refused move
        leaves the game as it was. Bots answer afterwards (``bot_to_move``)."""
        if seat == SPECTATOR:
            return "a spectator watches: only the players move"
        if self.failure is not None:
            return "this game stopped: the rules failed"
        if self.game.is_over:
            return "the game is over"
        if version != self.version:
            return "the game has moved on since this page was drawn: look again"
        self.refused_why = None
        try:
            self.game.play(notation, seat=seat)
        except IllegalMove as error:
            refusal = getattr(error, "refusal", None)
            if refusal is None:
                return reason_of(error)
            why = self.rules.why(refusal.at)
            self.refused_why = _anonymous(why.plain()) if why is not None else None
            return refusal.text()  # the players' words, and what was meant
        except RulesError as error:  # the rules themselves failed while running
            self.fail(error)
        return None

    def why_not(self, seat, notation: str, version: int) -> dict | None:
        """Why ``seat`` may not choose ``notation`` now (a card or a cell tapped on the page
        that no move names), as the refusal of that move would say it: {"reason", "why"};
        None when it is not this seat's decision (or the page is out of date, or the move is
        legal). Worked out from the seat's own decision and what the seat can see."""
        game = self.game
        if seat == SPECTATOR or version != self.version or game.is_over or self.failure:
            return None
        decision = game.decision_of(seat)  # its own, in a simultaneous choice
        if decision is None or decision.seat != seat:
            return None
        try:
            refused = game.refused(notation, seat)
        except RulesError:  # (the move itself would fail the table: said when it is played)
            return None
        if refused is None:  # (a legal move)
            return None
        why = self.rules.why(refused.at)
        return {"reason": refused.text(), "why": _anonymous(why.plain()) if why else None}

    def confirmation(self, seat, notation: str, version: int) -> str | None:
        """What the rules ask a person to confirm before playing the move (``pass ...
        confirm "TEXT"``), or None."""
        if seat == SPECTATOR or version != self.version or self.game.is_over:
            return None
        return self.game.confirmation(notation, seat)

    def ending(self, seat, notation: str, version: int):
        """How a move would end the game, said before it is played (None: it does not, or
        saying so would tell the seat something hidden: see foresight.py)."""
        from rulelang.play import foresight
        if seat == SPECTATOR or version != self.version or self.game.is_over:
            return None
        if self.game.to_move != seat:
            return None
        return foresight.ending(self.game, seat, notation)

    # ------------------------------------------------------------------ bots
    def bot_to_move(self):
        """The seat of a bot that must move now, else None. In a choice made at once
        (``choose ... by each``) any bot among those still to answer: it need not wait for
        the people before it in seat order, who answer when they like."""
        game = self.game
        if game.is_over or self.failure is not None or game.to_move is None:
            return None
        for seat in game.to_move_all:
            if self.kinds.get(seat, HUMAN) != HUMAN:
                return seat
        return None

    def thinks_long(self, seat) -> bool:
        """A bot that plays out moves on copies of the game: let it think on a copy of its
        own, so the table can still be read while it does."""
        return thinks(self.kinds[seat])

    def bot_choice(self, seat, game) -> str:
        """The notation of the bot's move in ``game`` (this table's, or a copy of it)."""
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(self.kinds[seat], secrets.randbits(63))
        return bot.choose(seat_knowledge(game, seat)).notation  # its seat's knowledge, not the game

    def play_bot(self, seat, notation):
        try:
            self.game.play(notation, seat=seat)
        except RulesError as error:
            self.fail(error)

    def play_quick_bots(self, limit=QUICK_BOT_MOVES):
        """The moves of bots that do not think long, until a person or a slow bot must move
        (or ``limit`` moves: pages hear of a game of bots alone as it goes)."""
        for _ in range(limit):
            seat = self.bot_to_move()
            if seat is None or self.thinks_long(seat):
                return
            self.play_bot(seat, self.bot_choice(seat, self.game))

    def play_bots(self):
        """Every bot move until a person must decide (for callers without a server)."""
        for _ in range(MAX_BOT_MOVES):
            seat = self.bot_to_move()
            if seat is None:
                return
            self.play_bot(seat, self.bot_choice(seat, self.game))

    def start(self, game: Game):
        """The next game at this table (a campaign's): the same seats, bots and links; every
        page hears of it, and a page drawn before it is out of date."""
        self.moves_before += len(self.game.history) + 1
        self.game = game
        self.bots.clear()  # each game's bots are new, with new seeds
        self.refused_why = None
        self.sent.clear()
        self._public.clear()
        self._rules_text = None  # its options may differ: the rulebook says them

    def campaign_state(self) -> dict | None:
        """The campaign's state as pages are sent it (None: no campaign), its game over
        settled first; the rules failing in its after block or its offer stop the table."""
        if self.campaign is None:
            return None
        try:
            return campaign_state(self.campaign).plain()
        except RulesError as error:
            self.fail(error)
            return None

    @property
    def finished(self) -> bool:
        """Whether nothing more will be played here: the game over (a campaign's: the
        campaign over), or the rules failed."""
        if self.campaign is None or self.failure is not None:
            return self.failure is not None or self.game.is_over
        state = self.campaign_state()
        return state is None or state["over"]

    def fail(self, error):
        """The rules went wrong at run time: say where, without the host's paths."""
        self.failure = self.failure_text(error)
        self.sent.clear()  # the same moves, a different state: every page must hear of it
        self._public.clear()

    def failure_text(self, error: RulesError) -> str:
        """What the rules got wrong and where, without the host's paths."""
        diagnostic = error.diagnostics[0]
        where = f" (line {diagnostic.span.line} of {self.rules_name})" if diagnostic.span else ""
        return f"{diagnostic.message}{where}"

    # ------------------------------------------------------------------ what a seat is sent
    def message(self, seat) -> str:
        """The state as ``seat`` (or SPECTATOR) may see it, as the JSON text sent on its socket.
        Built once per move (or answer) and seat: every page of that seat gets the same text."""
        version, stamp = self.version, self.stamp
        cached = self.sent.get(seat)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        game = self.game
        campaign = self.campaign_state()  # first: a game over carries its results (its log grows)
        data = {
            "type": "state",
            "version": version,
            "answered": self.answered,  # who has chosen in a simultaneous choice (not what)
            "you": None if seat == SPECTATOR else game.seat_name(seat),
            "players": {game.seat_name(s): self.kinds[s] for s in game.players},
            "team": bool(game.rules.program.cooperative),  # one score, the team's: shown once
            "failure": self.failure,
            "view": self.public_view() if seat == SPECTATOR else game.view(seat),
            "result": self.result(),  # the banner's words once the game is over (else None)
            "again": self.again_links.get(seat),  # play again: this seat's new link
            "campaign": campaign,  # a campaign's state (else None): rulelang.play.campaign_state
        }
        only = self.only_choice(seat, data["view"])
        if only is not None:
            data["only"] = only
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        self.sent[seat] = (stamp, text)
        return text

    def only_choice(self, seat, view) -> dict | None:
        """For a seat with one move (or None): whether every seat can see that it is the only
        one ("openly": the seat knows nothing a spectator does not, so its page may play it
        at once; else it waits for a tap, so no one learns from the timing that it was
        forced), and the rules' reasons for the choices it does not have."""
        decision = view.get("decision") or {}
        if seat == SPECTATOR or len(decision.get("moves") or ()) != 1:
            return None
        return {"openly": forced_openly(self.game, seat, view, self.public_view()),
                "because": self.game.refusal_reasons(seat)}

    def result(self) -> str | None:
        """Who won and why, once the game is over ("P1 wins (...)": the end line's words
        before the scores); None before."""
        outcome = self.game.outcome_record
        return None if outcome is None else result_words(self.game, outcome)

    def public_view(self) -> dict:
        """What a spectator sees now: worked out once a state, for the spectators' pages and
        for each seat with one move (``only_choice`` compares its view with it)."""
        stamp = self.stamp
        if stamp not in self._public:
            self._public = {stamp: self.game.view(SPECTATOR)}
        return self._public[stamp]

    def suggestion(self, seat) -> dict:
        """What the rules advise ``seat`` to play now (``prefer``), worked out from what it
        knows alone, as the advice bot plays it (the same each time at one decision):
        {"move": its notation, or None, "text": what the page says}."""
        from interpreter.bots.advised import advised
        game = self.game
        decision = {} if seat == SPECTATOR or game.is_over else game.view(seat).get("decision")
        if not (decision or {}).get("moves"):
            return {"move": None, "text": "It is not your move."}
        try:
            move = advised(seat_knowledge(game, seat), random.Random(len(game.history)))
        except RulesError as error:  # the rules' own advice failed: said, the game goes on
            return {"move": None, "text": "The rules' advice could not be worked out: "
                                          f"{self.failure_text(error)}."}
        if move is None:
            return {"move": None,
                    "text": "The rules give no advice for this decision: any move shown is legal."}
        return {"move": move.notation,
                "text": f"The rules' advice: {move.notation} (from what you know, guessing the "
                        "cards you have not seen; it looks no further ahead than this move)."}

    def transcript(self, seat) -> str:
        """The seat's transcript of the game; at a campaign's table, after the campaign's
        own, game by game (as everyone may read it)."""
        if self.campaign is None or self.campaign_state() is None:  # (settled first: its
            return self.game.transcript(seat)  # after block in both; failed: the game's alone)
        return self.campaign.transcript() + "\n" + self.game.transcript(seat)

    def rules_text(self) -> str:
        """The players' rulebook with this table's options, and the rules behind each place
        a log line can come from (a page shows the one behind a line it opens): the same for
        every seat, as the rules are public."""
        if self._rules_text is None:
            from pathlib import Path

            from rulelang.tools import rulebook
            from rulelang.tools.scenarios import scenario_path
            game, rules = self.game, self.rules
            main = rules.program.main_file
            scenarios = scenario_path(main) if main and Path(main).exists() else None
            book = rulebook.build(rules, rulebook.options_of(game), scenarios, game.nplayers)
            origins = [rules.teaching.at(span) for span in rules.code.origins]  # rules.why of each
            plain = book.plain()
            for part in [p for c in plain["chapters"] for p in c["paragraphs"]] + list(plain["examples"]):
                part["file"] = _anonymous(part)["file"]
            data = {"rulebook": plain, "origins": [_anonymous(why.plain()) for why in origins],
                    "ending": _ending_rules(rules)}
            self._rules_text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return self._rules_text


def _ending_rules(rules) -> dict:
    """The rules behind the final banner's figures: the score's declaration and each
    report's, with the explanations around them (a banner's "why?" beside each)."""
    out: dict = {"score": None, "reports": {}}
    for decl in rules.program.scores:
        why = _anonymous(rules.teaching.at(decl.expr.span).plain())
        if decl.which == "score" and out["score"] is None:
            out["score"] = why
        elif decl.which == "report" and decl.key is not None:
            out["reports"][decl.key] = why
    return out


def _anonymous(why: dict) -> dict:
    """Where a line of the rules is, without the host's folders: the file's own name."""
    from pathlib import Path
    return dict(why, file=Path(why["file"]).name if why.get("file") else None)


def reason_of(error) -> str:
    """An error's message (and hint) as a page shows it: no 'error:' prefix, no position."""
    diagnostic = error.diagnostics[0]
    return diagnostic.message + (f" ({diagnostic.hint})" if diagnostic.hint else "")


def parse_kinds(game, pairs) -> dict:
    """``--bot P2=random`` pairs (or a dict) -> seat -> kind; every other seat is human."""
    kinds = dict.fromkeys(game.players, HUMAN)
    items = pairs.items() if isinstance(pairs, dict) else (p.partition("=")[::2] for p in pairs)
    for seat_text, kind in items:
        try:
            seat = game.seat_of(str(seat_text).strip())
        except RulesError:
            raise RulesError(f"no seat '{seat_text}': seats are P1 to P{len(game.players)}") from None
        try:  # (a bot with its budget too: mcts:16)
            named = parse_bot(str(kind), (HUMAN, *BOT_KINDS), "a kind of player").text
        except BotSpecError as error:
            raise RulesError(str(error)) from None
        kinds[seat] = named
    return kinds
