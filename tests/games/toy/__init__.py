"""Pairs, a tiny fifth game registered only in the tests: it proves the recipe (cards,
engine, VIEW, advisor, text and one :class:`~advisor.games.spec.GameSpec`) gives a game
its commands, endpoints, simulate, replay and play with no face code of its own."""
