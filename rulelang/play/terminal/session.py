"""Playing one game at the terminal: people and bots taking turns.

A person sees only their own seat's view, drawn once per decision on one
screen (see screen.py). When several people share the terminal (hot seat), the
screen and the terminal's scrollback are cleared and wait before each one's turn.

What a person may type: a move's number or its notation (``y`` or ``n`` for a question
answered yes or no, where no other move starts with that letter); for a placement, any
cell it should cover (then a number among those drawn); ``moves``, ``log``, ``rules``
(the rulebook), ``cards``, ``grids`` and ``piles`` (every drawing, grid and pile card, when
the screen shows less), ``why`` (the rules behind the latest events, or behind the seat's
refused move), ``suggest`` (the rules' advice, from what the seat knows), ``save [FILE]``,
``help``, ``quit``, and ``talk`` when the rules say what the players may tell each other
(``talk "..."``). What is typed at the last prompt of a page those commands show, instead of
Enter, is read as typed at the decision's prompt (a move is played). Before the first
move, one screen says how to play. A decision with one option is taken and said (with
people sharing the terminal, only when every seat can see it is forced). A pass the rules
ask to confirm (``pass ... confirm``) is asked about first; a move that would end the game
is first tried on a copy of the game and confirmed when it ends it, provided nothing hidden
from the player came into play on the way (no shuffle or dice, no card turned up), so that
the warning tells nothing the player could not know.
"""
from __future__ import annotations

import os
import random
import signal
import time

from rich.console import Console
from rich.text import Text

from interpreter.bots import make_bot, thinks
from interpreter.runtime.knowledge import seat_knowledge
from interpreter.runtime.refusals import NUMBER
from interpreter.runtime.views import PUBLIC, forced_openly
from rulelang.language.errors import IllegalMove, RulesError
from rulelang.play import foresight
from rulelang.play.save_files import with_people, write_save
from rulelang.play.terminal import panels as panels_of
from rulelang.play.terminal import placing, teaching_screens
from rulelang.play.terminal.cards import pile_lines
from rulelang.play.terminal.grid import drawing_lines
from rulelang.play.terminal.log_screen import decision_screen, screen_log, wrap_status
from rulelang.play.terminal.screen import (
    CARDS_COMMAND,
    GRIDS_COMMAND,
    compose,
    every_grid,
    fitted,
    menu_lines,
    numbered_by_position,
    with_shown,
)

HELP = "also: moves, log, rules, why, suggest, save (or save FILE), quit"
CLEAR_SCROLLBACK = "\x1b[3J"  # ED 3: erase the saved lines (xterm, VTE, iTerm2, Windows)
SUGGEST_COMMAND = "suggest"  # the rules' advice at this decision, from what the seat knows
PILES_COMMAND = "piles"  # every card a seat sees in a pile, where the screen shows the top


def think_at_least() -> float:
    """Seconds a thinking bot is shown thinking at least (RULELANG_THINK_AT_LEAST: tests
    playing many bot moves at a terminal set 0)."""
    try:
        return max(0.0, float(os.environ.get("RULELANG_THINK_AT_LEAST", "0.3")))
    except ValueError:
        return 0.3


class Quit(Exception):
    """The person stopped the game; ``saved_to`` says where it was saved, if anywhere."""

    def __init__(self, saved_to=None):
        super().__init__(saved_to)
        self.saved_to = saved_to


class Session:
    def __init__(self, game, seats: dict, console: Console, save_path=None, bot_seed=0,
                 foresee=False, think=None, saver=None, saving="game", intro=True):
        self.game, self.console = game, console
        self.save_path = save_path  # where 'save' writes (given with --save, or the --load file)
        self.saver = saver or game.save  # what is saved: the game, or the campaign it is in
        self.saving = saving  # what the person is told is saved: "game" or "campaign"
        self.kinds = seats  # seat -> "human" | bot kind
        # bot_seed is the bots' own: never the game's seed when a person plays (see cli/run.py)
        self.bots = {s: make_bot(k, bot_seed * 101 + s, think) for s, k in seats.items()
                     if k != "human"}
        self.humans = [s for s, k in seats.items() if k == "human"]
        self.last_human = None
        self.foresee = foresee  # a move that ends the game is said before it is played
        self.notes: dict[int | None, list[str]] = {}  # seat -> said on its next screen
        self.redraw = None  # what a resized terminal draws again
        self._endings: dict = {}  # (moves played, move) -> how it ends the game, or None
        self._saved: dict = {}  # moves played -> the game saved then (to compare a trial with)
        self.intro = intro  # how to play, on one screen, before the first person's move
        self.refused = None  # the last move refused (a Refusal), for 'why'
        self.following = None  # bots only: called before each decision and at the end (run
        # prints the log as the game goes: cli/run.py's Follow)

    # ------------------------------------------------------------ the game loop
    def play(self):
        game = self.game
        previous = signal.getsignal(signal.SIGWINCH) if hasattr(signal, "SIGWINCH") else None
        if previous is not None:
            signal.signal(signal.SIGWINCH, self._resized)
        try:
            while not game.is_over:
                if self.following is not None:
                    self.following()
                seat = game.to_move
                if seat in self.bots:
                    game.play(self.bot_move(seat))
                else:
                    self.human_turn(seat)
            if self.following is not None:
                self.following()
            if self.humans:
                self.final_screen()
        finally:
            if previous is not None:
                signal.signal(signal.SIGWINCH, previous)

    def bot_move(self, seat):
        """A bot's move, chosen from its seat's knowledge (what a remote player is given).
        A person waiting is told that a bot which looks ahead is thinking, for at least
        ``THINK_AT_LEAST`` seconds, its only move too: whether it had a choice may be a secret
        (one card of the colour asked for, or several)."""
        knowledge = seat_knowledge(self.game)
        bot = self.bots[seat]
        if not self.humans or not thinks(self.kinds[seat]):
            return bot.choose(knowledge)
        with self.console.status(f"{self.game.seat_name(seat)} is thinking...", spinner="dots"):
            started = time.monotonic()
            move = bot.choose(knowledge)
            time.sleep(max(0.0, think_at_least() - (time.monotonic() - started)))
            return move

    def _resized(self, signum, frame):
        if self.redraw is not None:
            self.redraw()

    def note(self, seat, text: str) -> None:
        """Say ``text`` on ``seat``'s next screen, and no other seat's: people sharing the
        terminal see each other's screens (seat None: the next screen, whoever's)."""
        self.notes.setdefault(seat, []).append(text)

    def human_turn(self, seat):
        if self.intro:
            self.intro = False
            self.console.clear()
            lines = teaching_screens.intro_lines(self.game, self.width() - 1, self.height())
            self.show(lines + [Text("")] * max(self.height() - 1 - len(lines), 0))
            # on the last line, as every prompt; 'rules', as the intro says, pages the rulebook
            while self.ask_plain("Enter to start >").strip().lower() == "rules":
                typed = self.page(teaching_screens.rulebook_lines(self.game, self.width()))
                if typed:  # (no decision yet: it is said, not lost in silence)
                    self.note(seat, f"'{typed}' was not played: the game had not started")
                self.show(lines + [Text("")] * max(self.height() - 1 - len(lines), 0))
        view = self.game.view(seat)
        decision = view["decision"]
        moves = decision["moves"]
        if len(moves) == 1 and (len(self.humans) == 1 or forced_openly(self.game, seat, view)):
            # nothing to decide, and no one here can learn from it: said, and taken, with
            # the screen not passed (an Enter asked for nothing to see); said on the seat's
            # next screen, maybe a round later under another prompt: so it says that it was
            # played already, not asked now
            said = self.notes.pop(None, []) + self.notes.pop(seat, [])
            self.note(seat, f"played for you, the only choice for '{decision['prompt']}': "
                            f"{with_shown(decision, moves[0])}")
            self.notes[seat][:0] = said
            self.game.play(moves[0])
            return
        if len(self.humans) > 1 and self.last_human != seat:
            self.redraw = None  # a resize now must not draw the last seat's screen again
            self.console.clear()
            if self.console.is_terminal:  # and the scrollback: a terminal keeps the screens
                # it cleared there (VTE, tmux), where the next person would scroll up to them
                self.console.file.write(CLEAR_SCROLLBACK)
                self.console.file.flush()
            name = self.game.seat_name(seat)
            self.ask_plain(f"{name}'s turn. Pass the screen to {name} and press Enter...")
        self.last_human = seat
        self.refused = None  # 'why' explains a refusal at its decision, to its seat alone
        said = self.notes.pop(None, []) + self.notes.pop(seat, [])
        if len(moves) == 1:
            # people share this screen, and the others cannot know it is forced (one card
            # of the colour led): played at the player's word, as a move chosen, and said to
            # this seat alone (docs/serve.md: the browser waits for a tap alike)
            typed = "1" if numbered_by_position(moves) else f"'{moves[0]}'"
            said.append(f"only one choice: {with_shown(decision, moves[0])}; type {typed} to play "
                        "it (it is not played by itself: the others would learn that it was "
                        "your only one)")
        status = Text(" · ".join(said), style="yellow")
        while True:
            move, status = self.choose(view, status)
            if move is not None and self.confirmed(view, move):
                try:
                    self.game.play(move)
                    return
                except IllegalMove as error:
                    status = Text(error.words(), style="red")

    def suggestion(self, seat) -> str:
        """What the rules advise (``prefer``) at this decision, worked out from what the seat
        knows alone (a guess at the cards it has not seen), as the advice bot would play it:
        the same answer each time it is asked at one decision."""
        from interpreter.bots.advised import advised
        try:
            move = advised(seat_knowledge(self.game), random.Random(len(self.game.history)))
        except RulesError as error:  # the rules' own advice failed: said, the game goes on
            return f"the rules' advice could not be worked out: {error.words()}"
        if move is None:
            return "the rules give no advice for this decision: any move shown is legal"
        return (f"the rules' advice: {move.notation} (from what you know, guessing the cards "
                "you have not seen; it looks no further ahead than this move)")

    # ------------------------------------------------------------ one decision
    def choose(self, view, status):
        """Draw the screen and read one answer: (a move, None) or (None, what to say)."""
        decision = view["decision"]
        seat = view["seat"]
        hint = placing.hint(view) if decision.get("cells") else None
        screen = self.draw(view, status, marks=placing.named_cells(view),
                           list_moves=hint is None, below=hint)
        private = " (only you will see your answer)" if decision.get("private") else ""
        answer = self.ask(f"{self.game.seat_name(seat)}, {decision['prompt']}{private}")
        return self.answered(view, answer, screen, hint)

    def answered(self, view, answer, screen, hint):
        """What an answer typed at the decision's prompt does: (a move, None) or (None, what
        to say). One typed at a page a command showed is read as typed at the prompt."""
        decision = view["decision"]
        moves = decision["moves"]
        lower = answer.lower()
        by_position = numbered_by_position(moves)
        if lower in ("", "help", "?"):
            talk = self.game.rules.program.talk
            parts = panels_of.build(view)
            drawn = parts.drawings
            what = ("A move as shown (a number is the move itself); " if not by_position
                    else "A move's number, the move, or a cell the placement should cover; "
                    if hint else "A move's number or the move; ")
            return None, Text(what + HELP + (f", {CARDS_COMMAND} (your cards drawn)" if drawn else "")
                              + (f", {GRIDS_COMMAND} (every grid)" if len(parts.grids) > 1 else "")
                              + (f", {PILES_COMMAND} (every card you see in a pile)"
                                 if pile_lines(view) else "")
                              + (", talk (what you may say)" if talk else ""))
        if lower == SUGGEST_COMMAND and lower not in (m.lower() for m in moves):
            return None, Text(self.suggestion(view["seat"]), style="cyan")
        typed = self.paged(view, lower)
        if typed is not None:
            return self.after_page(view, typed, screen, hint)
        if lower == "save" or lower.startswith("save "):
            return None, self.save(answer[4:].strip())
        if answer.isdigit() and by_position:
            if not screen.menu_shown and not hint:
                return None, Text("type 'moves' to see the moves numbered", style="red")
            if 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1], None
            return None, Text(f"there is no move {answer}: type a number from 1 to "
                              f"{len(moves)}", style="red")
        if any(answer.lower() == m.lower() for m in moves):
            move = next(m for m in moves if answer.lower() == m.lower())
            if move in (decision.get("cells") or {}) and not placing.confirm(self, view, move):
                return None, Text("")  # a placement is seen before it is played
            return move, None
        said = [m for m in moves if m.lower() in ("yes", "no") and m.lower()[0] == lower]
        if said and not any(m.lower().startswith(lower) for m in moves if m not in said):
            return said[0], None  # y or n: a question answered yes or no, by its first letter
        if decision.get("cells") and placing.cells_typed(answer):
            return placing.pick(self, view, placing.cells_typed(answer))
        refused = self.refused = self.game.refused(answer)  # why, and what was meant
        if refused is not None and refused.reason and (refused.rules_said or NUMBER.fullmatch(answer)):
            # the rules' own why, or a number that is not on offer (1 is not half of 10)
            return None, Text(refused.text() + " ('why' says more)", style="red")
        starting = [m for m in moves if m.lower().startswith(lower)]  # a move half typed
        if len(starting) > 1:
            listed = ", ".join(starting[:6]) + (", ..." if len(starting) > 6 else "")
            return None, Text(f"'{answer}' starts several moves: {listed}; type one whole",
                              style="red")
        if starting:
            return None, Text(f"'{answer}' is not a move now; did you mean '{starting[0]}'?",
                              style="red")
        if refused is not None and (refused.reason or refused.suggestion):
            return None, Text(refused.text() + " ('why' says more)", style="red")
        what = f"a number from 1 to {len(moves)}" if by_position else "one of the moves shown"
        return None, Text(f"'{answer}' is not a move now: type {what}"
                          + (", or a cell the placement should cover" if hint else "")
                          + ", or 'help'", style="red")

    def paged(self, view, lower: str) -> str | None:
        """What a command typed at the prompt shows a page at a time (``moves``, ``log``,
        ``rules``...): what was typed at its last prompt ("": Enter), or None when ``lower``
        is no such command (``cards``, ``grids`` and ``piles`` are none where a move is so
        named)."""
        moves, seat, talk = view["decision"]["moves"], view["seat"], self.game.rules.program.talk
        if lower == "talk" and talk and "talk" not in moves:
            return self.page([Text("What you may say to each other:", style="bold")]
                             + [Text(f"  · {text}") for text in talk])
        if lower == "moves":
            lines = menu_lines(moves, self.width(), {}, 10 ** 6,
                               view["decision"].get("shown")) or []
            return self.page(lines, "Enter for more, or type a move")
        if lower == "log":
            return self.page([Text(line) for line in self.game.transcript(seat).splitlines()])
        if lower == "rules":
            return self.page(teaching_screens.rulebook_lines(self.game, self.width()))
        if lower == "why":
            return self.page(teaching_screens.why_lines(self.game, seat, self.width(),
                                                        self.refused))
        if lower in (m.lower() for m in moves):
            return None
        if lower == CARDS_COMMAND:
            drawn = panels_of.build(view).drawings
            return self.page(drawing_lines(drawn, self.width() - 1) if drawn else [
                Text("None of your cards has a drawing.")])
        if lower == GRIDS_COMMAND:
            return self.page(every_grid(panels_of.build(view)) or [
                Text("This game has no grid.")])
        if lower == PILES_COMMAND:
            return self.page(pile_lines(view) or [Text("No pile shows you more than its top.")])
        return None

    def after_page(self, view, typed, screen, hint):
        """Back from a page: what was typed there (a move, a command) is read as typed at the
        prompt; nothing, and the screen is drawn again."""
        if not typed:
            return None, Text("")
        if typed.lower() in ("quit", "exit"):
            self.quit()
            return None, Text("")
        return self.answered(view, typed, screen, hint)

    def page(self, lines: list[Text], more: str = "Enter for more, or 'q' to stop") -> str:
        """Long text a screen at a time; what was typed at its last prompt instead of Enter
        (a move, say), or "" (Enter, or 'q' to stop). A line wider than the terminal is
        wrapped, not cut (a long log line, a pile of forty cards)."""
        lines = fitted(lines, self.width() - 1)
        per = max(self.height() - 2, 1)
        for start in range(0, max(len(lines), 1), per):
            self.console.clear()
            self.show(lines[start:start + per])
            if start + per < len(lines):
                typed = self.ask_plain(more).strip()
                if typed:
                    return "" if typed.lower() == "q" else typed
        typed = self.ask_plain("Enter to go back, or type a move").strip()
        return "" if typed.lower() == "q" else typed

    # ------------------------------------------------------------ ending the game
    def confirmed(self, view, move) -> bool:
        """Whether a person's move is to be played: asked first when the rules ask to
        confirm it (``pass ... confirm "TEXT"``) or when it ends the game (foresight)."""
        asked = self.game.confirmation(move, view["seat"])
        ending = self.ending(view, move) if asked is None else None
        if asked is None and ending is None:
            return True
        said = f"{move}: {asked}" if asked is not None else f"{move} ends the game: {ending}"
        status = Text(said, style="bold yellow")
        while True:
            self.draw(view, status)
            typed = self.ask("play it? (y/n)")
            answer = typed.lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", ""):
                return False
            status = Text(f"{said}\n", style="bold yellow")
            status.append(self.not_yes_or_no(typed, "to play it", "to choose again"))

    @staticmethod
    def not_yes_or_no(typed, yes, no) -> Text:
        """What to type at a yes-or-no question, after an answer that is neither."""
        return Text(f"'{typed}' is not an answer here: type y {yes}, or n (or Enter) {no}",
                    style="red")

    def ending(self, view, move):
        """The outcome if ``move`` ends the game and nothing hidden from the player came into
        play on the way; else None."""
        if not self.foresee:
            return None
        key = (len(self.game.history), move)
        if key not in self._endings:
            self._endings = {k: v for k, v in self._endings.items() if k[0] == key[0]}
            self._endings[key] = self._try(view, move)
        return self._endings[key]

    def _try(self, view, move):
        before = self._saved.get(len(self.game.history)) or self.game.save()
        self._saved = {len(self.game.history): before}
        return foresight.ending(self.game, view["seat"], move, before=before)

    # ------------------------------------------------------------ drawing
    def width(self):
        return self.console.size.width

    def height(self):
        return self.console.size.height

    def draw(self, view, status=None, marks=None, below=None, list_moves=True):
        """Clear the terminal and draw the screen for this view (once per decision, and again
        when the terminal is resized). Nothing reaches the last column: a line that would is
        wrapped (the column left free shows that nothing was cut)."""
        def paint():
            width = self.width() - 1
            parts = panels_of.build(view)
            moves = view.get("decision", {}).get("moves", [])
            lines = below(width, self.height()) if callable(below) else below
            said = wrap_status(status if status is not None else Text(""), width)
            screen = decision_screen(view, parts, moves, width, self.height(), marks=marks,
                                     below=lines, list_moves=list_moves,
                                     status_lines=len(said))
            self.console.clear()
            # the status lines and the prompt always at the bottom
            padding = [Text("")] * max(self.height() - 1 - len(said) - len(screen.lines), 0)
            self.show(screen.lines + padding + said)
            return screen
        screen = paint()
        self.redraw = lambda: (paint(), self._prompt_again())
        return screen

    def show(self, lines):
        """Lines cut to the terminal's width, written at once."""
        width = self.width()
        self.console.print(Text("\n").join(line[:width] for line in lines), overflow="crop",
                           no_wrap=True, crop=True, soft_wrap=False)

    def final_screen(self):
        """The game as it ended, its result and why on top (the last line of the log). People
        sharing the screen see what all of them may see (the cards still hidden stay so)."""
        seat = self.humans[0] if len(self.humans) == 1 else PUBLIC
        view = self.game.view(seat)
        self.redraw = None
        width = self.width() - 1
        parts = panels_of.build(view)
        end = next((line for line in reversed(view["log"]) if line.startswith("== ")), "")
        result = end.removeprefix("== ").removeprefix("game over: ")
        banner = wrap_status(Text(f"Game over: {result}", style="bold reverse"), width)
        said = self.notes.get(None, []) + (self.notes.get(seat, []) if seat != PUBLIC else [])
        notes = wrap_status(Text(" · ".join(said), style="yellow"), width)
        # a line is left for what the command says after the game (the seeds), so the
        # header is not scrolled away
        screen = compose(parts, [line for line in screen_log(view) if line != end], [], width,
                         self.height() - len(banner) - 1, status_lines=len(notes), asking=False)
        self.console.clear()
        top = screen.header_lines  # the banner under the whole header, wrapped or not
        self.show(screen.lines[:top] + banner + screen.lines[top:] + notes)

    # ------------------------------------------------------------ reading answers
    def _prompt_again(self):
        prompt = getattr(self, "_prompt", "")
        try:
            import readline
            typed = readline.get_line_buffer()
        except ImportError:  # pragma: no cover - readline is there on the terminals we serve
            typed = ""
        self.console.file.write(prompt + typed)
        self.console.file.flush()

    def ask_plain(self, prompt):
        try:
            return self.console.input(prompt + " ")
        except EOFError:
            raise Quit(self.saved_on_stop()) from None

    def ask(self, prompt):
        self._prompt = f"{prompt} > "
        try:
            answer = self.console.input(Text(f"{prompt} > ", style="bold cyan")).strip()
        except EOFError:
            raise Quit(self.saved_on_stop()) from None
        finally:
            self._prompt = ""
        if answer.lower() in ("quit", "exit", "q"):
            self.quit()
            return ""  # going on: read as Enter (the screen drawn again, with what to type)
        return answer

    def quit(self):
        self.redraw = None
        if self.save_path:
            question = f"Quit? The {self.saving} will be saved to {self.save_path}. (y/n)"
        else:
            question = ("Quit without saving? y to quit, n to go on, or a file name to save "
                        f"the {self.saving} to it and quit")
        try:
            answer = self.console.input(Text(question + " > ", style="bold yellow")).strip()
        except EOFError:
            answer = "y"
        if answer.lower() in ("y", "yes"):
            raise Quit(self.saved_on_stop())
        if answer and answer.lower() not in ("n", "no"):
            self.save_path = answer
            raise Quit(self.saved_on_stop())

    # ------------------------------------------------------------ saving
    def saved_on_stop(self):
        """Save where the player asked to (if they did); the file, or None."""
        if not self.save_path:
            return None
        self.write_save(self.save_path)
        return self.save_path

    def write_save(self, path):
        """The game (or campaign) saved; a game saved while people play says who they are, so
        it goes on with them as people (it holds every seat's cards: ``cli.run``'s load)."""
        text = self.saver()
        if self.saving == "game" and self.humans:
            text = with_people(text, [self.game.seat_name(s) for s in self.humans])
        write_save(path, text)

    def save(self, path):
        path = path or self.save_path
        if not path:
            return Text("save where? type 'save FILE' (later saves go to the same file)",
                        style="yellow")
        try:
            self.write_save(path)
        except OSError as error:
            return Text(f"could not save to {path}: {error.strerror}", style="red")
        except RulesError as error:  # the key that seals saves could not be had
            return Text(f"could not save to {path}: {error.words()}", style="red")
        self.save_path = path
        return Text(f"saved to {path}", style="green")
