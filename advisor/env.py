"""Every game of the registry as a PettingZoo environment (AEC), for bot authors:
``make_env(name, **options)`` — ``chan``, ``khanhoo``, ``qing``, ``ming``, with the game's
own options as ``simulate`` takes them and ``players`` (docs/env.md).

One class serves every game, made from its spec (:class:`~advisor.games.spec.GameSpec`)
and its encoding (``advisor.<game>.observation.ENCODING``): the engine deals, judges and
plays; the encoding turns a seat's VIEW into numbers and numbers into actions.

* Agents are ``player_0`` … ``player_{n-1}``, player s at seat s. The agent to act is the
  seat of the engine's pending decision — a forced move (a single legal action) is still
  that agent's turn, as the engine poses it.
* ``observe(agent)`` is ``{"observation": …, "action_mask": …}``: the seat's VIEW as a
  fixed row of float32 (the game's :class:`~advisor.games.observation.Layout`), and an
  int8 mask of its legal actions (zero for every agent but the one to act).
* Actions are a fixed ``Discrete`` per game (the game's
  :class:`~advisor.games.observation.Numbering`). An index that is not legal raises the
  engine's :class:`~advisor.errors.IllegalActionError` naming the rule, and changes
  nothing; a value that is no index raises :class:`~advisor.errors.AdvisorError`.
* Rewards are 0 until the deal ends, then each seat's settlement (the spec's
  ``outcome``).
* ``reset(seed=s)`` deals what ``simulate`` deals first with seed s; each later
  ``reset()`` the next deal of the same run, so n episodes from ``reset(seed=s)`` are
  the deals of ``simulate(…, games=n, seed=s)``. ``options={"deal": k}`` deals deal k of
  the run; ``options={"game": engine}`` plays on from a deal in play.

>>> env = make_env("ming", players=2)
>>> env.reset(seed=1)
>>> env.agents, env.agent_selection
(['player_0', 'player_1'], 'player_0')
>>> obs = env.observe("player_0")
>>> obs["observation"].shape, obs["action_mask"].shape, int(obs["action_mask"].sum())
((316,), (4091,), 16)
>>> env.step(int(obs["action_mask"].argmax()))
>>> env.agent_selection
'player_1'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from importlib import import_module
from typing import Any

try:
    import numpy as np
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
except ImportError as err:  # pragma: no cover - the extra is not installed
    raise ImportError("advisor.env needs the env extra: pip install 'chan-advisor[env]' "
                      "(PettingZoo and NumPy)") from err

from advisor.errors import AdvisorError
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot
from advisor.games.faces import Field
from advisor.games.observation import Encoding
from advisor.games.simulate import Engine, bot_seed, deal_key
from advisor.games.spec import AnySpec
from advisor.registry import game as registered
from advisor.text import PLAIN

Observation = dict[str, "np.ndarray[Any, Any]"]


def encoding(spec: AnySpec) -> Encoding[Any, Any]:
    """The game's encoding, declared beside it (``advisor.<game>.observation``)."""
    found: Encoding[Any, Any] = import_module(f"advisor.{spec.name}.observation").ENCODING
    return found


def make_env(name: str, *, players: int | None = None, render_mode: str | None = None,
             **options: Any) -> GameEnv:
    """The game called ``name`` (as on the command line) as an AEC environment, at a
    table of ``players`` (default: ``simulate``'s usual table), under the game's
    ``options`` (its ``simulate`` options: ``rules="cvv"``, ``variation=True``,
    ``eye6="wilkinson"`` …). An unknown game, a bad table size or option raises
    :class:`~advisor.errors.AdvisorError` naming it.

    >>> make_env("khanhoo", players=4, orphan=True).possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    >>> make_env("chan", rules="x")
    Traceback (most recent call last):
    ...
    advisor.errors.AdvisorError: rules: 'x' is not one of house, cvv
    """
    return GameEnv(registered(name), players=players, render_mode=render_mode, **options)


def _check_options(spec: AnySpec, options: dict[str, Any]) -> None:
    """Each option one the game's ``simulate`` declares, of the kind it declares."""
    fields: dict[str, Field] = {f.name: f for f in spec.faces.simulate_fields}
    for name, value in options.items():
        f = fields.get(name)
        if f is None:
            known = ", ".join(["players", *fields])
            raise AdvisorError(f"{name}: not an option of {spec.title} (its options: "
                               f"{known})", field=name, token=name)
        if f.kind == "flag" and not isinstance(value, bool):
            raise AdvisorError(f"{name}: true or false, not {value!r}", field=name)
        if f.kind == "choice" and value not in f.choices:
            raise AdvisorError(f"{name}: {value!r} is not one of {', '.join(f.choices)}",
                               field=name, token=str(value))
        if f.kind == "int":
            low = -float("inf") if f.minimum is None else f.minimum
            high = float("inf") if f.maximum is None else f.maximum
            if not isinstance(value, int) or isinstance(value, bool) or \
                    not low <= value <= high:
                limits = f" from {f.minimum:g}" if f.minimum is not None else ""
                limits += f" to {f.maximum:g}" if f.maximum is not None else ""
                raise AdvisorError(f"{name}: a whole number{limits}, not {value!r}",
                                   field=name, token=str(value))


class GameEnv(AECEnv):  # type: ignore[misc]
    """A game of the registry as an AEC environment (see the module's docstring)."""

    def __init__(self, spec: AnySpec, *, players: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        low, high = spec.players
        n = len(spec.faces.simulate_seats.split(",")) if players is None else players
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            size = f"{low}" if low == high else f"{low} to {high}"
            raise AdvisorError(f"players: {spec.title} is for {size} players, not {n!r}",
                               field="players", token=str(n))
        if render_mode not in (None, "human", "ansi"):
            raise AdvisorError(f"render_mode: one of human, ansi, not {render_mode!r}",
                               field="render_mode")
        _check_options(spec, options)
        self.spec, self.options, self.render_mode = spec, dict(options), render_mode
        self.encoding = encoding(spec)
        self.numbering = self.encoding.numbering
        self.metadata = {"name": f"{spec.name}_v0", "render_modes": ["human", "ansi"],
                         "is_parallelizable": False}
        self.possible_agents = [f"player_{s}" for s in range(n)]
        layout = self.encoding.layout
        highs = np.array(layout.highs, dtype=np.float32)
        self._spaces = {a: (spaces.Dict({
            "observation": spaces.Box(0.0, highs, (layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.numbering.size,), np.int8)}),
            spaces.Discrete(self.numbering.size)) for a in self.possible_agents}
        self.run_seed: int | None = None
        self.deal_number: int | None = None  # the run's deal being played (None: given)
        self.episode = 0  # resets so far
        self._next_deal = 0
        self._key: str | None = None
        self._legal: dict[int, Any] | None = None
        self._kind = type(self._deal(0, seed=0))  # the options are the game's own: try them
        self.game: Any = None
        self.agents: list[str] = []

    # --- PettingZoo --------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent][0]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent][1]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: with ``seed``, the first deal of the run that seed starts (as
        ``simulate`` deals it); without, the run's next deal. ``options``: ``deal`` (a
        deal number of the run) or ``game`` (an engine of this game in play, to play
        on); other keys are ignored."""
        opts = options or {}
        run = int(seed) if seed is not None else self.run_seed
        if run is None:
            run = random.SystemRandom().randrange(2**31)
        given, k = opts.get("game"), opts.get("deal", 0 if seed is not None else self._next_deal)
        if given is not None:
            n = len(self.possible_agents)
            if not isinstance(given, self._kind) or given.pending is None:
                raise AdvisorError(f"options.game: a deal of {self.spec.title} in play",
                                   field="options.game")
            if len(given.to_record()["hands"]) != n:  # every record deals a hand per seat
                raise AdvisorError(f"options.game: a deal between {n} players",
                                   field="options.game")
        elif isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise AdvisorError(f"options.deal: a deal number from 0, not {k!r}",
                               field="options.deal")
        self.run_seed = run
        if given is not None:  # played on as it is, not copied
            self.game, self.deal_number = given, None
            if seed is not None:
                self._next_deal = 0
        else:
            self.game, self.deal_number, self._next_deal = self._deal(k), k, k + 1
        self.episode += 1
        self._key, self._legal = None, None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Observation:
        """The agent's seat's VIEW as numbers, and its legal actions' mask."""
        self._started()
        seat = self.seat(agent)
        row = np.array(self.encoding.observe(self.game.view(seat)), dtype=np.float32)
        mask = np.zeros(self.numbering.size, dtype=np.int8)
        d = self.game.pending
        if d is not None and d.seat == seat:
            mask[list(self._legal_map())] = 1
        return {"observation": row, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play the agent's action (an index of the game's numbering); an illegal one
        raises the engine's error and changes nothing."""
        self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat(agent)
        i = self.numbering.check(action)
        chosen = self._legal_map().get(i)
        if chosen is None:
            self._refuse(seat, i)
        self.game.act(seat, chosen)
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.pending is None:
            for s, (payment, _, _) in enumerate(self.spec.outcome(self.game)):
                self.rewards[self.possible_agents[s]] = float(payment)
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table in the game's own words: the VIEW of the seat to act and its legal
        actions with their indices, or the end of the deal and the rewards. ``ansi``
        returns the text, ``human`` prints it."""
        if self.render_mode is None:
            logger.warn("render() needs a render_mode: make_env(…, render_mode='ansi')")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no process or window."""

    # --- for bot authors -----------------------------------------------------------------

    def seat(self, agent: str) -> int:
        """The agent's seat (``player_2`` → 2)."""
        if agent not in self.possible_agents:
            raise AdvisorError(f"agent: {agent!r} is not one of "
                               f"{', '.join(self.possible_agents)}", field="agent")
        return int(agent.rpartition("_")[2])

    def view(self, agent: str) -> Any:
        """The agent's seat's VIEW, the typed value the game's bots are given."""
        return self.game.view(self.seat(agent))

    def legal_actions(self) -> list[Any]:
        """The legal actions of the agent to act, as the game's actions (the engine's
        order); none once the deal is over."""
        return list(self._legal_map().values())

    def index(self, action: Any) -> int:
        """The index of one of the game's actions."""
        i: int = self.numbering.index(action)
        return i

    def action(self, i: int) -> Any:
        """The game's action index ``i`` names for the agent to act, legal or not."""
        d = self.game.pending
        seat = d.seat if d is not None else 0
        return self.numbering.action(self.numbering.check(i), self.game.view(seat))

    @property
    def bot_rules(self) -> Any:
        """What a bot of the game is told of the deal's rules at its start."""
        return self.spec.bot_rules(self.game)

    @property
    def deal_key(self) -> str:
        """The digest ``simulate`` seeds its bots from (:func:`~advisor.games.simulate.
        deal_key`): the deal, before any move, as a run would key it."""
        if self._key is None:
            self._key = deal_key(self.game)
        return self._key

    # --- inside ----------------------------------------------------------------------------

    def _deal(self, k: int, seed: int | None = None) -> Engine:
        """Deal k of the run, as ``simulate`` deals it."""
        run = self.spec.simulation(["random"] * len(self.possible_agents), games=1,
                                   seed=self.run_seed if seed is None else seed,
                                   duplicate=False, first=k, **self.options)
        game: Engine = next(iter(run.games))[1]
        return game

    def _started(self) -> None:
        if self.game is None:
            raise AdvisorError("reset the environment first: env.reset(seed=…)", field="reset")

    def _legal_map(self) -> dict[int, Any]:
        if self._legal is None:
            legal = self.game.legal_actions()
            self._legal = {self.numbering.index(a): a for a in legal}
            if len(self._legal) != len(legal):  # pragma: no cover - a numbering's bug
                raise AssertionError(f"{self.spec.title}: two legal actions share an index")
        return self._legal

    def _refuse(self, seat: int, i: int) -> None:
        """Raise the engine's error for index ``i``: the rule its action breaks."""
        a = self.numbering.action(i, self.game.view(seat))
        self.game.verify(seat, a)
        raise AssertionError(f"{self.spec.title}: the engine allows {a} (index {i}) but "
                             "does not list it")  # pragma: no cover - an engine's bug

    def _select(self) -> None:
        d = self.game.pending
        self.agent_selection = self.possible_agents[d.seat] if d is not None else \
            self.agents[0]

    def _text(self) -> str:
        faces = self.spec.faces
        if self.game.pending is None:
            result = self.game.result
            end = faces.result_text(result, PLAIN) if faces.result_text else \
                str(result.to_json())
            rewards = ", ".join(f"{a} {r:+g}" for a, r in zip(
                self.possible_agents, (float(p) for p, _, _ in self.spec.outcome(self.game))))
            return f"{end}\nRewards: {rewards}"
        agent = self.agent_selection
        assert faces.view_text is not None and faces.action_text is not None
        lines = [f"{self.spec.title} · {agent} to act", faces.view_text(self.view(agent), PLAIN),
                 "Legal actions (index: action):"]
        lines += [f"  {i:>5}: {faces.action_text(a)}" for i, a in self._legal_map().items()]
        return "\n".join(lines)


class BotPolicy:
    """One of the game's players, named by a seat spec (``random``, ``greedy``,
    ``advisor:20``, ``exec:COMMAND`` …), as an agent's policy: ``policy(env, agent)``
    gives the index it plays, or None once the deal is over for the agent (it is then
    told the result). It is seeded, told the deal's rules and asked exactly as
    ``simulate`` asks player p at seat p — made with ``seed * 1009 + p``, reseeded per
    deal from the run's seed and the deal, forced moves played without asking — so a
    table of them plays the deals of ``simulate`` move for move."""

    def __init__(self, spec: str, *, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        self.spec, self.time_limit = spec, time_limit
        self.bot: Bot | None = None
        self._run: int | None = None
        self._deal: tuple[int, str] | None = None
        self._ended = False

    def __call__(self, env: GameEnv, agent: str) -> int | None:
        seat = env.seat(agent)
        run = env.run_seed
        assert run is not None, "reset the environment first"
        if self.bot is None or run != self._run:
            self.close()
            self.bot = env.spec.make_bot(self.spec, seed=run * 1009 + seat,
                                         time_limit=self.time_limit)
            self._run = run
        bot = self.bot
        if self._deal != (env.episode, agent):
            self._deal, self._ended = (env.episode, agent), False
            bot.reseed(bot_seed(run, env.deal_key, 0, seat))
            bot.start(seat, env.bot_rules)
        if env.terminations[agent] or env.truncations[agent]:
            if not self._ended:
                bot.end(env.game.result.to_json())
                self._ended = True
            return None
        legal = env.legal_actions()
        chosen = legal[0] if len(legal) == 1 else bot.decide(env.view(agent), legal)
        return env.index(chosen)

    def close(self) -> None:
        if self.bot is not None:
            self.bot.close()
            self.bot = None


def play_deal(env: GameEnv, policies: Sequence[Any]) -> dict[str, float]:
    """Play the environment's deal to its end, ``policies[s]`` (``policy(env, agent)``
    → an index, or None once over) for seat s; the agents' rewards."""
    total = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        _, reward, done, cut, _ = env.last(observe=False)
        total[agent] += reward
        action = policies[env.seat(agent)](env, agent)
        env.step(None if done or cut else action)
    return total


__all__ = ["BotPolicy", "GameEnv", "encoding", "make_env", "play_deal"]
