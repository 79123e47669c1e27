"""A campaign at the terminal: the games one after another, and between them a screen with
the campaign's state, what the last game left, the table talk, and the choice of the next
game. Each game is played by a ``Session`` as any game is; 'save' and quitting save the
whole campaign (the game in progress included). The campaign is also saved to its file
after every game.

And the menu ``rulelang run FILE`` shows a person when the rules declare a campaign and
nothing on the command line says what to play: start a campaign, continue one, or play
one game.
"""
from __future__ import annotations

import os

from rich.console import Console
from rich.text import Text

from rulelang.play.campaign_state import campaign_state
from rulelang.play.save_files import with_people, write_save
from rulelang.play.terminal.session import Quit, Session


class Screens:
    """Plain screens (no game drawn): lines at the top, a question on the last line."""

    def __init__(self, console: Console):
        self.console = console

    def show(self, lines: list, question: str) -> str:
        width, height = self.console.size.width, self.console.size.height
        shown: list[Text] = []
        for line in lines:
            text = line if isinstance(line, Text) else Text(line)
            shown.extend(text.wrap(self.console, width) if text.plain else [Text("")])
        shown = shown[-(height - 1):] if len(shown) > height - 1 else shown
        self.console.clear()
        padding = [Text("")] * max(height - 1 - len(shown), 0)
        self.console.print(Text("\n").join(shown + padding), overflow="crop", no_wrap=True,
                           crop=True, soft_wrap=False)
        try:
            return self.console.input(Text(f"{question} > ", style="bold cyan")).strip()
        except EOFError:
            raise Quit(None) from None


def talk_lines(rules) -> list:
    """The table talk the rules declare (``talk "..."``), for the host to state."""
    if not rules.program.talk:
        return []
    return [Text("What you may say to each other:", style="bold")] + [
        Text(f"  · {text}") for text in rules.program.talk]


# ---------------------------------------------------------------- the menu

def menu(rules, console: Console, file: str):
    """Ask a person what to play. Returns ("new", players, path), ("continue", path) or
    ("game", players, {option: value})."""
    screens = Screens(console)
    program = rules.program
    offered = program.campaign.offer.option
    intro = [Text(program.title, style="bold"), ""] + talk_lines(rules) + [""]
    choices = ["1. start a new campaign", "2. continue a campaign (from its save file)",
               f"3. play one game (choose its {offered})"]
    note = ""
    while True:
        answer = screens.show(intro + choices + ["", note], "1, 2 or 3")
        if answer in ("1", "2", "3"):
            break
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit(None)
        note = f"'{answer}' is not one of them: type 1, 2 or 3"
    if answer == "2":
        path = screens.show(intro, "the campaign's save file")
        return ("continue", path)
    players = _players(rules, screens, intro)
    if answer == "1":
        return ("new", players, _new_file(screens, intro, file))
    spec = rules.options[offered]
    allowed = [str(v.name if hasattr(v, "name") else v) for v in (spec.allowed(
        rules.blank_game(players, 0, {})) if spec.allowed else [])]
    doc = spec.decl.doc or ""
    note = ""
    while True:
        lines = intro + ([doc] if doc else []) + ([f"one of: {', '.join(allowed)}"] if allowed
                                                 else []) + ["", note]
        value = screens.show(lines, f"which {offered}?")
        if not allowed or value in allowed:
            return ("game", players, {offered: value})
        note = f"'{value}' is not one of them"


def _new_file(screens, intro, file: str) -> str:
    """The file a new campaign is saved to: never one that exists (it may hold another
    campaign, which the new one would overwrite), and in a folder that exists."""
    default = f"{os.path.splitext(os.path.basename(file))[0]}-campaign.json"
    note = ""
    while True:
        path = screens.show(intro + [note], f"save the campaign to which file? (Enter: {default})")
        if path.lower() in ("q", "quit", "exit"):
            raise Quit(None)
        path = path or default
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.exists(path):
            note = (f"{path} exists already: name a new file (to go on with the campaign "
                    "saved there, quit and choose 2)")
        elif not os.path.isdir(folder):
            note = f"there is no folder {folder} to save into: name a file in a folder that exists"
        else:
            return path


def _players(rules, screens, intro) -> int:
    low, high = rules.program.min_players, rules.program.max_players
    if low == high:
        return low
    note = ""
    while True:
        answer = screens.show(intro + [note], f"how many players, {low} to {high}? (Enter: {low})")
        if not answer:
            return low
        if answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        note = f"'{answer}' is not a number from {low} to {high}"


# ---------------------------------------------------------------- the campaign

class CampaignRun:
    """Play a campaign's games one after another; ``kinds`` says who plays each seat
    (people and bots, as for one game), the same in every game."""

    def __init__(self, campaign, kinds: dict, console: Console, save_path=None, bot_seed=0,
                 think=None):
        self.campaign, self.kinds, self.console = campaign, kinds, console
        self.think = think  # each bot's thinking time a decision (None: its default)
        self.save_path = save_path
        self.bot_seed = bot_seed
        self.screens = Screens(console)
        self.humans = "human" in kinds.values()

    def play(self):
        campaign, kinds = self.campaign, self.kinds
        intro = True  # how to play, before the campaign's first move
        while not campaign.is_over:
            game = campaign.game
            if game is None:
                game = campaign.next_game(self.choose_next())
            elif self.humans:
                self.between(f"{campaign.offered} {game.options[campaign.offered]} goes on",
                             "Enter to go on")
            session = Session(game, kinds, self.console, self.save_path, self.bot_seed,
                              foresee=True, think=self.think,
                              saver=self.saved_text, saving="campaign", intro=intro)
            intro = False
            session.play()
            if self.humans:
                session.ask_plain("The game is over. Enter to go on...")
            if self.save_path:
                self.write()
        if self.humans:
            self.between("the campaign is over", "Enter to leave")

    def write(self):
        write_save(self.save_path, self.saved_text())

    def saved_text(self) -> str:
        """The campaign's save; saved during a game people play, it names their seats, as a
        game's save does: it holds every seat's cards, so it goes on with the same seats
        played by people (``cli.run``'s keep_people)."""
        text = self.campaign.save()
        game = self.campaign.game
        if game is None or not self.humans:
            return text
        return with_people(text, [game.seat_name(s) for s, kind in self.kinds.items()
                                  if kind == "human"])

    def state_lines(self) -> list:
        state = campaign_state(self.campaign)  # as the browser's page says it too
        lines: list[Text | str] = [Text(f"{state.title}: the campaign", style="bold")]
        for kept in state.kept:
            lines.append(Text(f"  {kept.label}: {kept.value}"))  # no_trump: "no trump"
        if state.last is not None:
            last = state.last
            lines += ["", Text(f"game {last.number} ({state.offered} {last.choice}):",
                               style="bold"), last.ending]
            lines += [f"  {line}" for line in last.after]
        return lines

    def between(self, title, question):
        lines = self.state_lines() + ["", Text(title, style="bold")] + [""] + talk_lines(
            self.campaign.rules)
        return self.screens.show(lines, question)

    def choose_next(self):
        """The next game's value of the offered option: the first offered for bots only,
        else the person's choice."""
        offers = self.campaign.offers()
        if not self.humans:
            return offers[0]
        campaign = self.campaign
        note = ""
        while True:
            lines = self.state_lines() + ["", Text(f"{campaign.offered} open now:", style="bold")]
            # numbers offered are typed as they are (numbered, "2" could be 2 or the 2nd one)
            numbers = all(str(value).isdigit() for value in offers)
            lines += [f"  {value}" if numbers else f"  {i}. {value}"
                      for i, value in enumerate(offers, 1)] + [""]
            lines += talk_lines(campaign.rules) + ["", note]
            answer = self.screens.show(lines, f"which {campaign.offered}? (Enter: {offers[0]})")
            if not answer:
                return offers[0]
            if answer in [str(v) for v in offers]:  # a value named wins over a list number
                return next(v for v in offers if str(v) == answer)
            if not numbers and answer.isdigit() and 1 <= int(answer) <= len(offers):
                return offers[int(answer) - 1]
            if answer.lower() in ("q", "quit", "exit"):
                raise Quit(self.saved_on_stop())
            if answer.lower() in ("help", "?", "talk"):  # (what may be said is shown above)
                note = (f"type the {campaign.offered} to play next (Enter: {offers[0]}), or quit "
                        "(the campaign is saved)")
                continue
            note = (f"'{answer}' is not open now: type one of "
                    f"{', '.join(str(v) for v in offers)}"
                    f"{'' if numbers else ' (or its number)'}, or quit")

    def saved_on_stop(self):
        if not self.save_path:
            return None
        self.write()
        return self.save_path


