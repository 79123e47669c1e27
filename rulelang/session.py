"""Playing one game at the terminal: people and bots taking turns.

A person sees only their own seat's view. When several people share the
terminal (hot seat), the screen is cleared and waits before each one's turn.
"""
from __future__ import annotations

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from interpreter.bots import make_bot
from rulelang import terminal
from rulelang.errors import IllegalMove

HELP = ("Type a number or a move as written. 'moves' lists the moves again, "
        "'log' shows the whole log, 'save' saves (with --save), 'quit' stops.")


class Quit(Exception):
    pass


class Session:
    def __init__(self, game, seats: dict, console: Console, save_path=None, bot_seed=0):
        self.game, self.console, self.save_path = game, console, save_path
        self.kinds = seats  # seat -> "human" | bot kind
        # bot_seed is the bots' own: never the game's seed when a person plays (see cli/run.py)
        self.bots = {s: make_bot(k, bot_seed * 101 + s) for s, k in seats.items() if k != "human"}
        self.humans = [s for s, k in seats.items() if k == "human"]
        self.last_human = None

    def play(self):
        game = self.game
        while not game.is_over:
            seat = game.to_move
            if seat in self.bots:
                game.play(self.bots[seat].choose(game))
            else:
                self.human_turn(seat)
        if self.humans:
            self.show(self.humans[0] if len(self.humans) == 1 else None, final=True)

    # -- a person's turn
    def human_turn(self, seat):
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.clear()
            self.console.input(f"[bold]{self.game.seat_name(seat)}'s turn.[/] Pass the screen "
                               f"to {self.game.seat_name(seat)} and press Enter... ")
        self.last_human = seat
        self.show(seat)
        view = self.game.view(seat)
        decision = view["decision"]
        moves = decision["moves"]
        groups = terminal.anchors(moves) if len(moves) > 30 else {}
        if groups:
            self.console.print(terminal.grid_hint(view, groups))
        else:
            self.console.print(terminal.moves_table(moves))
        while True:
            answer = self.ask(f"{self.game.seat_name(seat)}, {decision['prompt']}")
            move = self.resolve(answer, moves, groups, view)
            if move is None:
                continue
            try:
                self.game.play(move)
                return
            except IllegalMove as error:
                self.console.print(Text(str(error), style="red"))

    def ask(self, prompt):
        try:
            answer = self.console.input(f"[bold cyan]{prompt}[/] > ").strip()
        except EOFError:
            raise Quit() from None
        if answer.lower() in ("quit", "exit", "q"):
            raise Quit()
        return answer

    def resolve(self, answer, moves, groups, view):
        lower = answer.lower()
        if lower in ("", "help", "?"):
            self.console.print(HELP)
            return None
        if lower == "moves":
            self.console.print(terminal.moves_table(moves))
            return None
        if lower == "log":
            self.console.print(self.game.transcript(view["seat"]))
            return None
        if lower == "save":
            self.save()
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        if groups and answer.upper() in groups:
            return self.pick_placement(groups[answer.upper()], view)
        return answer

    def pick_placement(self, options, view):
        """Second step of choosing a placement: its turn and face at the chosen cell."""
        cells = view["decision"].get("cells", {})
        for i, move in enumerate(options):
            self.console.print(Text(f"{i + 1:>3}. {move}", style="bold"))
            self.console.print(terminal.shape_preview(cells.get(move, [])))
        answer = self.ask("which one (number), or Enter to go back")
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        return None

    def show(self, seat, final=False):
        view = self.game.view(seat)
        title = f"{view['game']}  |  turn {view['turn']}"
        if seat is not None:
            title += f"  |  you are {view['seats'][seat]}"
        self.console.print(Panel(terminal.render(view), title=title, title_align="left"))
        log = view["log"][-(14 if final else 8):]
        self.console.print(Text("\n".join(log), style="dim" if not final else ""))

    def save(self):
        if not self.save_path:
            self.console.print("start the game with --save FILE to save it")
            return
        with open(self.save_path, "w", encoding="utf-8") as out:
            out.write(self.game.save())
        self.console.print(f"saved to {self.save_path}")
