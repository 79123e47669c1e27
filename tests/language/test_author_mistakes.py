"""A corpus of mistakes authors really made (issue 29, the new-author findings at a285a98 and
2da8afe): each message must be enough on its own, saying what is wrong where, and what to
write. A change that makes one of them vaguer fails here."""
from __future__ import annotations

import pytest

import rulelang

HEAD = 'game "Mistake"\nplayers 2\ncard Card { rank: int }\nzone deck: pile of Card\n'
TURN = "turn { win current }\n"

# (what the author wrote after HEAD, the message's words, what it says to write)
MISTAKES = {
    "a local that can only hold none": (
        "turn { let x = none\n x = 3\n win current }\n",
        "'x' could only ever hold none", "say what it will hold, like let x:"),
    "sorting cards without a key": (
        "zone hand[player]: hand of Card\nturn { let xs = sort(cards(hand[current]))\n"
        " win current }\n",
        "sort() of a list of Card cards without a key: cards have no order of their own",
        "sort(cards(hand[current]), c => c.rank)"),
    "sorting (seat, card) pairs without a key, by seat": (  # (Take Six's picks: by seat)
        "zone hand[player]: hand of Card\nturn {\n"
        "  choose picks in hand[p] by each p in players prompt \"pick\"\n"
        "  for p, c in sort(picks) { log \"{p} {c}\" }\n  win current\n}\n",
        "sort() without a key orders tuples (seat, Card) by their items in turn, item 1 "
        "first: a player, which has no order", "sort(picks, x => x[1].rank)"),
    "a card kind not declared": (
        "zone hand[player]: hand of Cards\n" + TURN,
        "unknown card kind 'Cards'", "did you mean 'Card'?"),
    "a card kind never declared at all": (
        "zone hand[player]: hand of Tile\n" + TURN,
        "unknown card kind 'Tile'", "declare it first: card Tile {"),
    "one = to compare": (
        "turn { if current = P1 { win current } }\n",
        "unexpected '='", "to compare two values write '=='"),
    "single quotes": (
        "turn { log 'hi' win current }\n",
        "strings use double quotes", 'write "like this"'),
    "lose in a competitive game": (
        "turn { lose }\n",
        "'lose' is the team's loss in a cooperative game", "win others(p)"),
    "a built-in name declared again": (
        "var last: int = 0\n" + TURN,
        "'last' is a built-in name", "pick another name"),
    "a card field a view uses": (
        "card Tile { kind: int }\n" + TURN,
        "a card field cannot be called 'kind'", "call the field 'sort'"),
    "the retired place": (
        "zone board: grid 3 x 3 of Card\nturn { place top(deck) on board at cell(0, 0)\n win current }\n",
        "'place' is no longer a statement", "write: move top(deck) to board at cell(0, 0)"),
    "arithmetic in a grid's size": (
        "option n: int in 2..4 = 3\nzone board: grid n * 2 x n of Card\n" + TURN,
        "unexpected '*' in a grid's size", "work a size out in a constant first"),
    "a grid's size from a variable": (
        "var n: int = 3\nzone board: grid n x n of Card\n" + TURN,
        "a grid's size is known before setup", "write a number, an option or a constant"),
    "top of a list": (
        "zone hand[player]: hand of Card\n"
        "turn { move top([c for c in cards(deck) if c.rank > 1], 2) to hand[current]\n win current }\n",
        "argument 1 of top() should be a zone, but this is a list of Card cards",
        "of a list, last(LIST) is one item (a pile's top): to move N, repeat N times"),
    "a misspelt keyword": (
        "trun { win current }\n",
        "trun", "turn"),
    "a seat as a number": (
        "turn { win 1 }\n",
        "win takes a player or a list of players, not a number", "a seat is written P1, P2"),
    "a function not declared": (
        "turn { draw_card(current)\n win current }\n",
        "unknown function 'draw_card'", "declare it: fn draw_card("),
    "a block left open": (
        "turn { if true { win current }\n",
        "never closed", "'}'"),
    # -- the earlier rounds (../shared/findings/2da8afe: new-user.md, new-author.md, code-review.md)
    "text taken from a number": (
        "enum Heap { A, B }\nvar stones[Heap]: int = 3\nturn { stones[A] -= \"two\"\n win current }\n",
        "'-=' takes away a number, but this is text", "without quotes: 2"),
    "an option's default outside its values": (
        "option n: int in 1..5 = 9\n" + TURN,
        "the default 9 is not one of the allowed values of 'n' (1..5)",
        "make the default one of them"),
    "a misspelt declaration word": (
        "setpu { }\n" + TURN,
        "'setpu' does not start a declaration", "did you mean 'setup'?"),
    "a keyed variable misspelt where it is assigned": (
        "enum Heap { A, B }\nvar stones[Heap]: int = 3\nturn { stonez[A] -= 1\n win current }\n",
        "unknown variable 'stonez'", "did you mean 'stones'?"),
    "a card field called name": (
        "card Tile { name: text }\n" + TURN,
        "a card field cannot be called 'name'", "call the field 'title', and show it with name"),
    "a trigger pattern naming a variable": (
        "enum Colour { red, blue }\nvar colour: Colour = red\nzone side[Colour, player]: pile of "
        "Card\non enter side[colour, _] as c { log \"{c}\" }\n" + TURN,
        "'colour' is a var, so it cannot stand for a key here",
        "on enter side[k, _] { if k == colour"),
    "a layout naming no zone": (
        "zone discard: pile of Card, layout \"beside nothing\"\n" + TURN,
        "unknown zone 'nothing' in the layout", "\"beside ZONE\""),
    "a number too large": (
        "turn { log \"{" + "9" * 5000 + "}\"\n win current }\n",
        "this number is too large", "at most"),
    # -- the older spellings, refused with what to write (issue 29: one regular language)
    "a cooperative win with only a reason": (
        "cooperative\nturn { win \"we did it\" }\n",
        "'win' names who wins before the reason", "write: win team \"we did it\""),
    "a field revealed": (
        "turn { reveal top(deck).rank to current\n win current }\n",
        "'reveal' shows cards' faces; one field of a card is told with 'tell'",
        "write: tell top(deck).rank to current"),
    "whether a field is a value, revealed": (
        "turn { reveal top(deck).rank == 3 to current\n win current }\n",
        "whether a card's field is a value is told with 'tell whether'",
        "write: tell whether top(deck).rank == 3 to current"),
    "a campaign variable kept per number up to the offered option": (
        "option round: int in 1..3 = 1\ncampaign {\n  var wins[1..round]: int = 0\n"
        "  offer round in [1, 2, 3]\n}\n" + TURN,
        "its keys would change from game to game", "key it by what every game of the campaign "
                                                   "shares"),
    # -- habits of other languages (twenty-eighth stop's probe of an author's first mistakes)
    "elif": (
        "turn { if current == P1 { win current } elif current == P2 { win P1 } }\n",
        "'elif' is not a word of rulelang", "write 'else if'"),
    "x++": (
        "var n: int = 0\nturn { n++\n win current }\n",
        "there is no '++' in rulelang", "write n += 1"),
    "a choose's prompt without its word": (
        "turn { choose c in deck \"pick\"\n win current }\n",
        "a text alone does nothing", "follows the word prompt"),
    "an if statement with then": (  # (it said: expected '{')
        "var n: int = 0\nturn { if n > 3 then win current }\n",
        "an if statement's statements go in braces", "write if n > 3 { ... }"),
    "the then of an else if": (  # (the else was left out of what to write)
        "var n: int = 0\nturn { if n > 3 { win current } else if n < 2 then n += 1 }\n",
        "an if statement's statements go in braces", "write else if n < 2 { ... }"),
    "a colon before a block": (  # (Python's; it said: expected '{')
        "turn { for c in deck: { log \"{c}\" }\n win current }\n",
        "unexpected ':': a block goes in braces", "write for c in deck { ... }"),
    "def": (
        "def more(x: int) = x + 1\n" + TURN,
        "'def' does not start a declaration", "fn NAME(x: int) = ..."),
    "draw as a statement": (  # (it said: did you mean 'drawing'?, a card's display clause)
        "zone hand[player]: hand of Card\nturn { draw 1 from deck to hand[current]\n"
        " win current }\n",
        "'draw' is not a statement", "move top(deck) to hand[current]"),
    "a choose as a let's value": (  # (it said: 'choose' is a keyword, not a name)
        "zone hand[player]: hand of Card\nturn { let card = choose hand[current]\n"
        " win current }\n",
        "'choose' is a statement, not a value", "choose card in hand[current] prompt"),
    "a choose of NAME in as a let's value": (  # (it said: choose c in c in hand[current])
        "zone hand[player]: hand of Card\nturn { let c = choose c in hand[current]\n"
        " win current }\n",
        "'choose' is a statement, not a value", "choose c in hand[current] prompt"),
    "a move as a value": (
        "var n: int = 0\nzone hand[player]: hand of Card\n"
        "turn { n = move top(deck) to hand[current]\n win current }\n",
        "'move' is a statement, not a value", "write the move on a line of its own"),
    "random between two numbers": (  # (it said: argument 1 should be a list, 2 text)
        "var n: int = 0\nturn { n = random(1, 6)\n win current }\n",
        "random() picks one item of a list, not a number between two", 'random(1..6, "die")'),
    "random of one number and a text": (  # (no hint)
        "var n: int = 0\nturn { n = random(6, \"die\")\n win current }\n",
        "argument 1 of random() should be a list or a zone", "random(1..6, ...)"),
    "roll()": (
        "var n: int = 0\nturn { n = roll(6)\n win current }\n",
        "unknown function 'roll'", 'random(1..6, "die")'),
    "a count of cards moved": (  # (it said: expected 'to')
        "zone hand[player]: hand of Card\nturn { move 3 cards from deck to hand[current]\n"
        " win current }\n",
        "a move moves one card, or the cards of a list or zone", "deal 3 from ZONE to OTHER"),
    "a deal of a card": (  # (it said: deal top(deck) from deck to ..., not a number)
        "zone hand[player]: hand of Card\nturn { deal top(deck) to hand[current]\n"
        " win current }\n",
        "a deal moves a number of cards from a zone", "one card is moved with move"),
    "a deal to each player": (  # (it said: expected 'from')
        "zone hand[player]: hand of Card\nsetup { deal 4 to each player }\n" + TURN,
        "a deal says where the cards come from first",
        "for p in players { deal 4 from deck to hand[p] }"),
    "a variable per player assigned whole": (  # (it said: 'points' is a varfam)
        "var points[player]: int = 0\nturn { points += 1\n win current }\n",
        "'points' holds one value per key", "write points[current] += ..."),
    "a card ordered against a number": (
        "turn { let c = top(deck)\n if c > 3 { win current } }\n",
        "cannot order a Card and a number", "compare one of its numbers, like c.rank > 3"),
    "a number ordered against a card": (  # (the hint turned the comparison round)
        "turn { if 3 < top(deck) { win current } }\n",
        "cannot order a number and a Card", "like 3 < top(deck).rank"),
    "a player's name read as a field": (
        "turn { log \"{current.name} wins\"\n win current }\n",
        "a player has no field '.name'", '"{current}" in a text'),
    "a place naming the cell first": (  # (it said: expected 'on')
        "zone board: grid 3 x 3 of Card\nturn { place top(deck) at (1,1) on board\n"
        " win current }\n",
        "a card goes onto a grid with move", "move CARD to GRID at CELL"),
    "who sees a zone in words": (  # (it said: expected one of: 'about', 'campaign', ...)
        "zone hand[player]: hand of Card, visible to owner\n" + TURN,
        "who sees a zone's cards is one word", "owner, others, public, hidden"),
    "a where's else after the prompt": (  # (it said: 'else' is a keyword, not a name)
        "zone hand[player]: hand of Card\nturn { choose c in hand[current] where c.rank > 2 "
        "prompt \"play\" else \"too low\"\n win current }\n",
        "a where's else follows its condition", 'where CONDITION else "why not" prompt'),
    "a card's field not named": (  # (it said: expected ':')
        "setup { for r in 1..5 { create Card(r) in deck } }\n" + TURN,
        "a card's fields are named", "Card(FIELD: r, ...)"),
    "a range for one card's field": (
        "setup { create Card(rank: 1..5) in deck }\n" + TURN,
        "'rank' is a number, but this is a list of numbers",
        "for x in 1..5 { create Card(rank: x, ...) in ... }"),
    "max with a key": (
        "zone hand[player]: hand of Card\nturn { let best = max(hand[current], c => c.rank)\n"
        " log \"{size(best)}\"\n win current }\n",
        "argument 2 of max() is not a function", "argmax(hand[current], c => c.rank)"),
    "repeat without times": (  # (it said: expected 'times')
        "var n: int = 0\nturn { repeat 3 { n += 1 }\n win current }\n",
        "a repeat says times", "write repeat 3 times { ... }"),
    "a range with its end left out": (  # (it said: expected one of: a number, '(', ...)
        "var n: int = 0\nturn { for i in 0..<3 { n += i }\n win current }\n",
        "a range holds both its ends", "write 0..2"),
    "a pair's part by a dot": (  # (it said: expected a name)
        "var n: int = 0\nturn { let t = [1, 2]\n n = t.0\n win current }\n",
        "unexpected number 0 after '.'", "t[0]"),
    "a decimal point": (
        "var n: int = 0\nturn { n = 5 / 2.5\n win current }\n",
        "numbers are whole in rulelang", "there are no decimal points"),
    "is for ==": (
        "var n: int = 0\nturn { if n is 3 { win current } }\n",
        "'is' asks what kind a card is", "write ==: ... == 3"),
    "an end when with a reason": (  # (it said: expected one of: the end of the file, ...)
        "end when size(deck) == 0 \"out of cards\"\n" + TURN,
        "an end when gives no reason", 'if CONDITION { end "why" }'),
    "a statement after a block closed too early": (  # (it said to declare n again)
        "var n: int = 0\nturn { n += 1 }\n n = 3\n}\n",
        "a statement cannot stand outside a block", "is a '}' above closing its block"),
    "who reads a variable in words": (
        "var s[player]: int = 0, visible to owner\n" + TURN,
        "who may read a variable is one word", "var s[player]: int = 0, owner"),
    "a statement outside every block": (  # (it said: did you mean 'win'?)
        "winner = P1\n" + TURN,
        "a statement cannot stand outside a block", "var winner: TYPE = VALUE"),
    "a trigger on a zone family without its key": (  # (it said no more than the counts)
        "zone hand[player]: hand of Card\nvar n: int = 0\non enter hand { n += 1 }\n" + TURN,
        "zone 'hand' has 1 key(s), the pattern gives 0", "on enter hand[k]"),
    "a sum of cards": (  # (it was accepted, and failed in play)
        "zone hand[player]: hand of Card\nturn { let total = sum(hand[current])\n"
        " log \"{total}\"\n win current }\n",
        "sum() adds numbers, and cards are not numbers", "sum([c.rank for c in hand[current]])"),
    "a for with a where": (  # (it said: expected '{')
        "var n: int = 0\nturn { for c in cards(deck) where c.rank > 1 { n += 1 }\n"
        " win current }\n",
        "a for goes through every item", "for c in [c for c in ... if CONDITION]"),
    "Python's a if c else b": (  # (it said: expected '{')
        "var n: int = 0\nturn { n = size(deck) if true else 0\n win current }\n",
        "a value chosen by a condition starts with if", "if CONDITION then A else B"),
    "an option read through the word option": (
        "option rounds: int = 3\nvar n: int = 0\nturn { if n > option.rounds { win current } }\n",
        "unknown name 'option'", "is read as rounds"),
    "next_turn()": (  # (it said: did you mean 'next'?)
        "turn { next_turn()\n win current }\n",
        "unknown function 'next_turn'", "a turn ends where the turn block ends"),
    # -- a new author's Battleship and first mistakes (nineteenth session)
    "True": (
        "turn { if True { win current } }\n",
        "unknown name 'True'", "rulelang writes true"),
    "null": (
        "var best: player = null\n" + TURN,
        "unknown name 'null'", "rulelang writes none"),
    # -- a new author's Can't Stop (a dice game: the turn number read as a value)
    "the turn number read as a value": (
        "turn { if turn > 3 { win current } }\n",
        "unknown name 'turn'", "declare one, var turns: int = 0"),
    "a variable set in a function": (
        "var n: int = 0\nfn bump() { n = 1 }\n" + TURN,
        "unexpected '='", "a function works out a value and changes nothing"),
    "a value returned from a rule": (
        "rule r() { return 3 }\nturn { r()\n win current }\n",
        "rule 'r' gives back no value: it says no type", "rule r() -> int { ... }"),
    "a zone family without its key": (
        "zone hand[player]: hand of Card\nturn { move top(deck) to hand\n win current }\n",
        "but this is the zone family 'hand'", "name one zone of it: hand[current]"),
    "range()": (
        "turn { for i in range(5) { log \"{i}\" }\n win current }\n",
        "unknown function 'range'", "a range is written with '..'"),
    "len()": (
        "turn { log \"{len(deck)}\"\n win current }\n",
        "unknown function 'len'", "size(x) is how many"),
    "print()": (
        "turn { print(\"hi\")\n win current }\n",
        "unknown function 'print'", 'log "..." writes a line'),
    "a number gone through": (
        "turn { for i in 5 { log \"{i}\" }\n win current }\n",
        "cannot go through a number", "for i in 1..n"),
    "a member compared with text": (
        "enum Suit { hearts, spades }\ncard Tile { suit: Suit }\nzone tiles: pile of Tile\n"
        "turn { if top(tiles).suit == \"hearts\" { win current } }\n",
        "comparing a Suit with text is always false", "written as itself, not as text: hearts"),
    "a member not declared": (
        "enum Suit { hearts, spades }\nturn { if Suit.clubs == Suit.hearts { win current } }\n",
        "Suit has no member 'clubs'", "Suit's members are hearts, spades"),
    "a method": (
        "var xs: list of int = []\nturn { xs.append(1)\n win current }\n",
        "only named functions can be called", "add to a list with xs += [x]"),
    "a statement as a method": (
        "turn { deck.shuffle()\n win current }\n",
        "unexpected 'shuffle'", "write shuffle deck"),
    "a variable with no type": (
        "var n = 3\n" + TURN,
        "unexpected '='", "var n: int = ..."),
    "<>": (
        "var n: int = 0\nturn { if n <> 1 { win current } }\n",
        "unexpected '<>'", "write != for"),
    "// comment": (
        "// a comment\n" + TURN,
        "unexpected '//'", "a comment starts with #"),
    "a function declared in a block": (
        "turn { fn f() = 1\n win current }\n",
        "'fn' starts a declaration, not a statement", "at the top level of the file"),
    "a count of conditions": (
        "fn sixes(dice: list of int) = count(d == 6 for d in dice)\n" + TURN,
        "count() counts every item, true or false alike",
        "count(d for d in dice if d == 6)"),
    "a sum of conditions": (
        "fn sixes(dice: list of int) = sum(d == 6 for d in dice)\n" + TURN,
        "sum() adds numbers, and true and false are not numbers",
        "count(x for x in xs if CONDITION)"),
    "a variable named as a choose's clause, set just after one": (
        "var prompt: int = 0\nturn { choose n in [1, 2]\n prompt = n\n win current }\n",
        "unexpected '='", "after a choose, 'prompt' is read as one of its clauses"),
    "a card made on a grid with no place": (
        "zone board: grid 3 x 3 of Card\nturn { create Card(rank: 1) in board\n win current }\n",
        "board is a grid: a card put on it needs a place",
        "say where: create Card(...) in board at cell(0, 0)"),
    # -- the twentieth session's new authors (For Sale, Lost Cities, Coup: kept out of the project)
    "an option's default from a const": (
        "const COINS = 18\noption coins: int in 1..40 = COINS\n" + TURN,
        "option 'coins' cannot read the const 'COINS'", "write the value out here"),
    "an option's default from another option": (
        "option a: int = 3\noption b: int in 1..40 = a * 2\n" + TURN,
        "option 'b' cannot read the option 'a'", "write the value out"),
    "a field's value looked for among cards": (
        "turn { let r = 3\n if r in deck { win current } }\n",
        "'in' looks for a number in a zone of Card: it is always false",
        "any(c.rank == r for c in deck)"),
    "a card's name looked for among cards": (  # (it said: any(c.form == "t1" ...), a field)
        'card Tile { form: text  name "t{form}" }\nzone bag: pile of Tile\n'
        'turn { if "t1" in bag { win current } }\n',
        "'in' looks for text in a zone of Tile: it is always false",
        'any(text(c) == "t1" for c in bag)'),
    "a comparison returned from a rule": (
        "rule holds() {\n  return size(deck) > 0\n}\nturn { holds()\n win current }\n",
        "rule 'holds' gives back no value: it says no type", "rule holds() -> bool { ... }"),
    "a variable returned from a rule": (
        "var best: int = 0\nrule r() {\n  return best\n}\nturn { r()\n win current }\n",
        "rule 'r' gives back no value: it says no type", "call it as let x = r()"),
    "a call returned from a rule": (
        "rule holds() {\n  return any(c.rank > 2 for c in deck)\n}\nturn { holds()\n win current }\n",
        "rule 'holds' gives back no value: it says no type", "rule holds() -> bool { ... }"),
    "a value returned from a rule that asks": (  # said what to write: rule NAME() -> TYPE
        "rule challenged() {\n  choose yes in [false, true]\n  return yes\n}\n"
        "turn { challenged()\n win current }\n",
        "rule 'challenged' gives back no value: it says no type",
        "rule challenged() -> bool { ... }, and call it as let x = challenged()"),
    "a yes or no chosen from the type bool": (
        'turn { choose yes in bool prompt "challenge?"\n if yes { win current } }\n',
        "'bool' is a type, not a value", "choose yes in [false, true]"),
    "a number chosen from the type int": (
        'turn { choose n in int prompt "how many?"\n if n > 2 { win current } }\n',
        "'int' is a type, not a value", "choose n in 1..6"),
    "a variable kept per player read as a field": (
        'var alive[player]: bool = true\nturn { if current.alive { win current } }\n',
        "a player has no field '.alive'", "write alive[current]"),
    "a function of a player read as a field": (
        'var lives[player]: int = 1\nfn alive(p: player) = lives[p] > 0\n'
        'turn { if current.alive { win current } }\n',
        "a player has no field '.alive'", "alive(current)"),
    "a choose in a function": (
        "fn ask() {\n  choose x in [1, 2]\n  x\n}\n" + TURN,
        "unexpected 'choose' in a function",
        "'choose' belongs in a rule, which may give back a value: rule NAME(...) -> TYPE"),
    "a range of players in words": (
        TURN, "unexpected 'to' in the number of players", "players 2..4"),
    "a range of players with a dash": (
        TURN, "unexpected '-' in the number of players", "players 2..4"),
    "a require's message after else": (
        'require player_count <= 4 else "at most 4"\n' + TURN,
        "unexpected 'else' in a require", "with no else"),
    "an explain in a function": (
        'fn best() {\n  explain "Best" { "the highest card" }\n  1\n}\n' + TURN,
        "an explain cannot stand inside a function", "write the explain just before the fn"),
    "an explain in a card's fields": (
        'card Tile {\n  explain "Rank" { "x" }\n  size: int\n}\n' + TURN,
        "an explain cannot stand here", "before a declaration"),
    "an explain in a table": (
        'table t {\n  explain "T" { "x" }\n  | a |\n  |---|\n  | 1 |\n}\n' + TURN,
        "an explain cannot stand here", "before a declaration"),
    "an if's block not closed before its else": (
        "turn {\n  if true {\n    win current\n  else {\n    end\n  }\n}\n",
        "unexpected 'else': the block of the if at line 6, column 3 is not closed", "} else {"),
    "a name set with no let or var": (
        "turn { winner = current\n win current }\n",
        "unknown variable 'winner'", "let winner = ..."),
    "a name used before its let": (
        'turn { log "{x}"\n let x = 1\n win current }\n',
        "'x' is used before its let, at line 6", "move the let above this line"),
    "a built-in function named without its call": (
        "turn { reveal top(deck) to others\n win current }\n",
        "'others' is a built-in function", "call it: others(p)"),
    "several seats where one chooses": (
        "turn { choose x in [1, 2] by others(current)\n win current }\n",
        "who chooses should be a player", "by each q in others(current)"),
    "brackets round a for's names": (
        'turn { for (p, q) in [(P1, P2)] { log "{p}" }\n win current }\n',
        "unexpected '(' after 'for'", "for p, c in pairs"),
    "a built-in function written as a field": (
        "end when deck.empty\n" + TURN,
        "a zone of Card has no field '.empty'", "give the value to the function: empty(deck)"),
    "a member written as text where its enum is wanted": (
        'enum Suit { hearts, spades }\nturn { let s: Suit = "hearts"\n win current }\n',
        "should be a Suit, but this is text", "hearts (or Suit.hearts)"),
    "a card moved into a zone of another kind": (
        "card Coin { v: int }\nzone purse: row of Coin\nturn { move top(deck) to purse\n"
        " win current }\n",
        "purse holds Coin cards, not Card", "put it in a zone of Card"),
    "a card made in a zone of another kind": (
        "card Coin { v: int }\nzone purse: row of Coin\nsetup { create Card(rank: 1) in purse }\n"
        + TURN,
        "purse holds Coin cards, not Card", "declare purse to hold Card cards"),
    "the pairs of a choice made by each moved as cards": (
        'zone hand[player]: hand of Card\nturn { choose picks in cards(hand[current]) by each p '
        'in players prompt "pick"\n move picks to deck\n win current }\n',
        "what is moved should be a card or a list of cards, but this is a list of tuples",
        "for p, c in picks { move c to ... }"),
    "a match inside a text's {...}": (
        'turn { log "{match current { P1: 1, _: 2 }}"\n win current }\n',
        "the expression inside {...} is not finished: a '}' in it ends it",
        "let v = match"),
    "everybody written as all": (
        "turn { reveal top(deck) to all\n win current }\n",
        "'all' is a built-in function", "every player is written players"),
    "a list after a let in a braced function": (
        "fn evens(n: int) {\n  let top_n = n * 2\n  [x for x in 0..top_n]\n}\n" + TURN,
        "this line goes on with the let above it", "give this value a name with one more let"),
    "two zones added": (
        "zone pot: pile of Card\nfn all_cards() = deck + pot\n" + TURN,
        "cannot use '+' on a zone of Card and a zone of Card", "cards(a) + cards(b)"),
    "a worked-out count of a create without brackets": (
        "setup { create Card(rank: 1) x 1 + 1 in deck }\n" + TURN,
        "unexpected '+' in the count of a create", "x (n + 1)"),
    "a pair for a cell": (
        "zone board: grid 3 x 3 of Card\nsetup { create Card(rank: 1) in board at (0, 0) }\n" + TURN,
        "'at' takes a cell, a list of cells or a placement, not a tuple", "cell(x, y)"),
    "cards where cells are asked for": (
        "zone board: grid 3 x 3 of Card\nturn { log \"{size(groups(cards(board)))}\"\n win current }\n",
        "argument 1 of groups() should be cells, but this is a list of Card cards",
        "[x for c in CARDS for x in cells(c)]"),
    "two winners named with a comma": (
        "turn { win current, next(current) }\n",
        "unexpected ','", "several winners are a list: win [A, B]"),
    "a pair taken apart by a let": (
        "turn { let (a, b) = (1, 2)\n win current }\n",
        "unexpected '(' after 'let'", "pair[0] and pair[1]"),
    "a pass move named as an option": (
        'enum Pile { copper, silver }\nturn { choose k in Pile pass "copper" prompt "buy"\n'
        " win current }\n",
        "the pass move 'copper' has the same name as an option", "name the pass move otherwise"),
    # -- the thirty-first round (reports from new users)
    "two keys assigned one bracket each": (
        "enum Res { wood, food }\nvar stock[player, Res]: int = 0\n"
        'turn { choose r in Res prompt "take"\n stock[current][r] += 1\n win current }\n',
        "'stock' takes 2 keys (a player, a Res) in one [...]", "write stock[current, r]"),
    "two keys read one bracket each": (
        "enum Res { wood, food }\nvar stock[player, Res]: int = 0\n"
        'turn { choose r in Res prompt "take"\n log "{stock[current][r]}"\n win current }\n',
        "'stock' takes 2 keys (a player, a Res) in one [...]", "write stock[current, r]"),
    "a table cell of another type than its column's other rows": (
        'table spaces {\n  | space | capacity |\n  |---|---|\n  | "forest" | "none" |\n'
        '  | "quarry" | 1 |\n  | "fields" | 0 |\n}\n' + TURN,
        "column 'capacity' holds a number, but this is text (row 1, \"forest\")",
        "write a number here too"),
    "a parameter of no type taken from": (
        "fn rest(cs) = cs - [first(cs)]\n" + TURN,
        "the type of parameter 'cs' is not known, so '-' cannot be used on it",
        "write it in the fn's line, like cs: list of Card"),
    "a choice by each indexed by a player": (
        "zone hand[player]: hand of Card\nzone bid[player]: row of Card, public\n"
        'turn { choose bids in cards(hand[p]) by each p in players pass "pass"\n'
        " for p in players { move bids[p] to bid[p] }\n win current }\n",
        "'bids' is a list of (player, choice) pairs, not kept per player",
        "for p, c in bids { ... }"),
    "a card kind called like a function": (  # (it said: unknown function, declare it: fn Card(...)
        "setup { create Card(rank: 2) in deck }\nturn { if zone_of(Card(2)) == deck { win current } }\n",
        "'Card' is a card kind, not a function", "create Card(...) in ZONE"),
    "a card's name where a card is expected": (  # (it said no more than that)
        "turn { if knows(P1, \"ace\") { win current } }\n",
        "argument 2 of knows() should be a card, but this is text",
        'first([c for c in ZONE if text(c) == "ace"])'),
}


# the mistakes made in HEAD's players line
PLAYERS = {"a range of players in words": "players 2 to 4",
           "a range of players with a dash": "players 2-4"}


@pytest.mark.parametrize("name", list(MISTAKES))
def test_the_message_says_what_is_wrong_and_what_to_write(name):
    text, message, hint = MISTAKES[name]
    head = HEAD.replace("players 2", PLAYERS.get(name, "players 2"))
    with pytest.raises(rulelang.RulesError) as error:
        rulelang.loads(head + text, "mistake.rules")
    shown = str(error.value)
    first = shown.split("\n")[0]
    assert first.startswith("mistake.rules:") and " error: " in first  # file:line:col
    assert "^" in shown  # the line, with carets under the span
    assert message in first, shown
    assert hint in shown.split(message, 1)[1], shown  # what to write: in the message or a hint


def test_the_corpus_is_the_size_the_issue_asks_for():
    assert len(MISTAKES) >= 13  # the 13 errors met by the new author, at least
