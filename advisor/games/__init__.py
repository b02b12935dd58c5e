"""The game-independent layer: what every game of the project shares.

A game (``advisor.chan``, ``advisor.khanhoo``) brings its cards, solver, scoring, engine
and advice. This package brings the rest, once for all of them:

- :mod:`advisor.games.bots` — the bot protocol (``Bot``), the built-in ``random`` bot, the
  ``exec:COMMAND`` bot (an external program) and seat specs (``make_bot``);
- :mod:`advisor.games.records` — reading a record's header and cards, and the replay of
  its moves through the engine (``Replay``);
- :mod:`advisor.games.simulate` — the play loop between bots, and simulation runs with
  their statistics (``PlayerStats``, ``RunSummary``, ``run``).

It imports nothing from a game: a game plugs in through the small protocols below
(``Engine``, ``Bot``) and the functions it passes in.
"""
