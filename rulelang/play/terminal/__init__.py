"""Playing at the terminal: a seat's view drawn on one screen, and the people at it.

- cards.py: cards and zones as short styled texts
- grid.py: grids as lines of cells
- panels.py: a view sorted into the parts of a screen (from zone kinds and display hints)
- screen.py: the parts fitted to the terminal's size
- placing.py: choosing a placement by a cell it covers
- session.py: the game loop, reading what people type
"""
