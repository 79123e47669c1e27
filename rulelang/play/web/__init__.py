"""``rulelang serve``: games played in the browser.

- ``tables``: a game at a table: its seats, their private tokens, the bots, moves relayed for
  a seat, and what each seat (or a spectator) is sent;
- ``host``: every table the server holds, found by its seats' tokens;
- ``campaign_table``: a campaign at a table: its games one after another, the next one chosen
  by a player among those offered;
- ``saves``: tables written to disk after every move and read back at start, tokens included;
- ``lobby``: the ``.rules`` files of the host's folder and their options, to open new tables;
- ``app``: the Starlette application: pages, the live socket, the lobby's requests;
- ``static/``: the page itself, plain HTML, CSS and JavaScript that draw any game from a
  seat's view.

Nothing here knows any one game.
"""
