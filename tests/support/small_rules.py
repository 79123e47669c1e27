"""Small rulesets more than one test file plays (each test says what it reads in it)."""

# A cooperative game with a face-up discard pile of three cards: a person may look through it.
FACE_UP_PILE = '''game "Floods"
players 2
cooperative
card Flood { n: int  name "flood {n}" }
zone deck: pile of Flood
zone discard: pile of Flood, public
setup {
  for n in 1..6 { create Flood(n: n) in deck }
  repeat 3 times { move top(deck) to discard }
}
turn { choose k in [1, 2] prompt "go on"  win team }
score = 0
'''


# Two players, three cards each from a shuffled deck, played one a turn face up: a hand a
# person sees and a bot's they must not (HANDS_PLAY is the rules after game and players).
HANDS_PLAY = '''card Card { rank: int  name "{rank}" }
zone deck: pile of Card
zone hand[player]: hand of Card
zone table: row of Card, public
setup {
  for r in 11..16 { create Card(rank: r) in deck }
  shuffle deck
  for p in players { deal 3 from deck to hand[p] }
}
turn {
  choose c in hand[current] prompt "play a card"
  move c to table
}
end when empty(hand[P2])
score p = 0
'''
HANDS = 'game "Hands"\nplayers 2\n' + HANDS_PLAY


# Every seat scores 4 and the first turn ends the game: the tiebreaks alone decide.
TIED = """game "Tied"
players 2..3
option foods: list of int in 0..9 = [3, 2, 1] "food of each seat"
option woods: list of int in 0..9 = [1, 2, 5] "wood of each seat"
fn seat_index(p: player) = index_of(players, p)
turn {
  end
}
score p = 4
tiebreak p = foods[seat_index(p)]
tiebreak p = woods[seat_index(p)]
"""
MODULO = TIED.replace("[seat_index(p)]\n", "[seat_index(p)] % 3\n")  # equal values allowed

# marks made by a rule, once the game is under way; relics never; flags only in setup
MARKS_MADE_IN_PLAY = '''game "Marks"
players 2
card Mark { seat: player  name "mark of {seat}" }
card Relic { worth: int }
card Flag { worth: int }
zone marks: grid 3x2 of Mark, public, label "marks"
zone relics: grid 2x2 of Relic, public
zone flags: row of Flag, public
setup { create Flag(worth: 1) x 0 in flags }
turn {
  choose c in empty_cells(marks) prompt "mark a cell"
  create Mark(seat: current) in marks at c
  if size(marks) == 3 { end }
}
score p = 0
'''

# a variable holding a list of lists (each ship's cells), labelled for the screens
FLEET_CELLS = '''game "Fleet cells"
players 2
var fleet: list of list of cell = [[cell("A1"), cell("B1"), cell("C1")], [cell("D4"), cell("D5")],
                                   [cell("J9")]], label "fleet"
turn {
  choose n in 1..2 prompt "pick"
  end
}
score p = 0
'''


# A pass the rules ask a person to confirm (`pass "stop" confirm "..."`): P1 stops and wins.
CONFIRMED_PASS = '''game "Confirmed pass"
players 2
var total: int = 0
turn {
  choose n in [1, 2] pass "stop" confirm "Stopping ends the game for everyone." prompt "add"
  if n == none {
    win current "stopped"
  }
  total += n
}
'''

# tiles laid at a cell and turned: moves (cell, degrees), written `B1 90`
TURNED_TILES = """
game "Turned tiles"
players 2
card Tile { n: int  var turn: int = 0  name "tile {n}" }
zone board: grid 4 x 4 of Tile, public
zone stock: pile of Tile, public
setup { create Tile(n: 1) x 4 in stock  create Tile(n: 2) in board at cell(1, 1) }
turn {
  let spots = [s for s in neighbours(occupied(board), board) if empty(at(board, s))]
  choose way in [(s, r) for s in spots for r in [0, 90, 180, 270]] prompt "lay a tile, turned"
  let t = top(stock)
  t.turn = way[1]
  move t to board at way[0]
  if empty(stock) { end }
}
score p = 0
"""


# Tiles with edges laid on a grid `over` a grid of marks, one mark's symbol a wide character
# (two columns of the screen): the terminal draws the mark under a tile and keeps columns
# lined up.
MARKED_TILES = """
game "Marked fields"
players 2
card Mark { look: text  name "mark {look}"  symbol look }
card Tile { look: text  sides: list of text  name "{look}"  symbol look  edges sides }
zone marks: grid 3 x 1 of Mark, public
zone tiles: grid 3 x 1 of Tile, public, layout "over marks"
zone stock: pile of Tile, public
setup {
  create Mark(look: "田") in marks at cell(0, 0)
  create Mark(look: "o") in marks at cell(1, 0)
  create Tile(look: "=", sides: ["r", "f", "r", "f"]) in stock
}
turn {
  choose c in [cell(x, 0) for x in 0..2] prompt "lay the tile at"
  move top(stock) to tiles at c
  end
}
score p = 0
"""
