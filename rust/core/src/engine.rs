//! What every game of the core offers: the contract the playouts, the simulations and the
//! binding are written against once.

use crate::error::Result;
use crate::pyrandom::PyRandom;
use crate::rng::Rng;

/// One seat's outcome of a finished deal, as the Python games' `outcome` gives it: its
/// settlement, whether it won, and its deal score (0 where the game scores only the winner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatOutcome {
    pub payment: i32,
    pub won: bool,
    pub score: i32,
}

/// A builtin player of the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniform over the legal actions, from the core's own fast generator (playouts).
    Random,
    /// Uniform over the legal actions, from a CPython generator: the `random` seat of a
    /// simulation run, reseeded each game as the Python bot is.
    PyRandom,
    /// The game's `greedy` bot.
    Greedy,
    /// The game's `greedy+` bot.
    GreedyPlus,
    /// Chắn's static ranking (`advisor.chan.lookahead.static_choice`): the advised seat's
    /// player in the advice's sampled playouts. Only Chắn has one.
    Static,
}

impl Policy {
    /// A policy from its seat spec (`random`, `greedy`, `greedy+`).
    pub fn parse(spec: &str) -> Result<Policy> {
        match spec {
            "random" => Ok(Policy::Random),
            "greedy" => Ok(Policy::Greedy),
            "greedy+" => Ok(Policy::GreedyPlus),
            "static" => Ok(Policy::Static),
            _ => Err(crate::Error::invalid(format!(
                "policy: '{spec}' is not one of random, greedy, greedy+, static"
            ))),
        }
    }
}

/// The randomness a decision may draw on: the fast stream of a playout, or a seat's CPython
/// stream in a simulation run.
pub enum Draw<'a> {
    Fast(&'a mut Rng),
    Py(&'a mut PyRandom),
}

impl Draw<'_> {
    /// A uniform index in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        match self {
            Draw::Fast(r) => r.below(n),
            Draw::Py(r) => r.randbelow(n),
        }
    }
}

/// A game's engine as the core's loops use it.
pub trait Game: Clone + Send + Sync {
    /// An action, small and copyable; [`Game::encode`] gives its code across the boundary.
    type Action: Copy + Eq + std::fmt::Debug + Send + Sync;

    /// The number of seats.
    fn seats(&self) -> usize;
    /// The seat whose decision is pending, or None when the deal is over.
    fn to_act(&self) -> Option<usize>;
    /// The legal actions of the pending decision, in the Python engine's order.
    fn legal(&self, out: &mut Vec<Self::Action>);
    /// Apply an action known to be legal (from [`Game::legal`]).
    fn apply(&mut self, action: Self::Action);
    /// Each seat's outcome once the deal is over.
    fn outcome(&self) -> Option<Vec<SeatOutcome>>;
    /// The winner, if the deal is over and was won.
    fn winner(&self) -> Option<usize>;
    /// The action the policy plays at the pending decision, of `legal` (more than one).
    fn choose(&self, policy: Policy, legal: &[Self::Action], draw: &mut Draw<'_>) -> Self::Action;
    /// The action's code across the boundary.
    fn encode(action: Self::Action) -> u64;
    /// The action of a code, if it is one.
    fn decode(code: u64) -> Option<Self::Action>;
    /// The policies this game's core plays (a `static` policy is Chắn's alone).
    fn plays(policy: Policy) -> bool {
        policy != Policy::Static
    }
    /// How a finished deal ended, in the words of the game's own run tallies (Qing's
    /// `hows`, …): what the Python run's tally reads off the finished engine. Empty when
    /// the game keeps no such tally.
    fn label(&self) -> String {
        String::new()
    }
    /// The seat's VIEW as the Python engine writes it (`view(seat).to_json()`).
    fn view_json(&self, seat: usize) -> serde_json::Value;
    /// Everything the parity tests compare: `{"views": [...], ..., "result": ...}`
    /// (`advisor.games.twin.Twin.state`).
    fn state_json(&self) -> serde_json::Value;

    /// Apply an action given from outside, after checking it is legal now.
    fn act(&mut self, action: Self::Action) -> Result<()> {
        let mut legal = Vec::new();
        self.legal(&mut legal);
        if legal.is_empty() {
            return Err(crate::Error::illegal("the deal is over"));
        }
        if !legal.contains(&action) {
            return Err(crate::Error::illegal(format!(
                "{action:?} is not a legal action now (the Python engine names the rule)"
            )));
        }
        self.apply(action);
        Ok(())
    }
}

/// How a playout went for the seat it was played for.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    pub won: bool,
    pub payment: i32,
    /// Moves played, the judged action included: the counted work.
    pub moves: u32,
}

/// Play the deal to its end, each seat by its policy (decisions with one legal action are
/// played without asking); returns (moves, decisions).
pub fn play_out<G: Game>(g: &mut G, policies: &[Policy], rng: &mut Rng) -> (u32, u32) {
    let mut legal = Vec::with_capacity(32);
    let (mut moves, mut decisions) = (0, 0);
    while let Some(seat) = g.to_act() {
        legal.clear();
        g.legal(&mut legal);
        let action = if legal.len() == 1 {
            legal[0]
        } else {
            decisions += 1;
            g.choose(policies[seat], &legal, &mut Draw::Fast(rng))
        };
        g.apply(action);
        moves += 1;
    }
    (moves, decisions)
}

/// A seat's VIEW read once, to deal worlds from: the core's side of `world(view, rng)`.
pub trait Worlds: Sized + Send + Sync {
    type Game: Game;
    /// Read a VIEW's JSON (as the Python engine writes it); errors name the field.
    fn parse(text: &str) -> Result<Self>;
    /// The seat whose VIEW it is.
    fn seat(&self) -> usize;
    /// A whole deal consistent with the VIEW: the unseen cards shuffled by `rng` (in deck
    /// order without one) and dealt, the decision posed as the engine poses it.
    fn world(&self, rng: Option<&mut Rng>) -> Result<Self::Game>;
}

/// Judge `actions` of the VIEW's seat in worlds `first .. first + worlds`: world `w` dealt
/// from `(seed, w)`, the same for every action (common random numbers); each action
/// applied in it and the deal played out, seat `s` by `policies[s]` (their random draws
/// from `(seed, w)` too). The samples world by world, each world's in the order of
/// `actions`; on `threads` threads (the same samples on any number).
pub fn playouts<W: Worlds>(
    view: &W,
    actions: &[<W::Game as Game>::Action],
    first: u64,
    worlds: u64,
    seed: u64,
    policies: &[Policy],
    threads: usize,
) -> Result<Vec<Sample>> {
    use rayon::prelude::*;
    let me = view.seat();
    let base = view.world(None)?;
    if policies.len() != base.seats() {
        return Err(crate::Error::invalid(format!(
            "policies: one per seat, {} in all",
            base.seats()
        )));
    }
    if let Some(p) = policies.iter().find(|p| !W::Game::plays(**p)) {
        return Err(crate::Error::invalid(format!(
            "policies: this game has no {p:?} player"
        )));
    }
    let mut legal = Vec::new();
    base.legal(&mut legal);
    if let Some(a) = actions.iter().find(|a| !legal.contains(a)) {
        return Err(crate::Error::illegal(format!(
            "{a:?} is not a legal action of the VIEW's seat"
        )));
    }
    let one = |w: u64| -> Result<Vec<Sample>> {
        let world = view.world(Some(&mut Rng::new(seed, w)))?;
        let mut out = Vec::with_capacity(actions.len());
        for &a in actions {
            let mut g = world.clone();
            g.apply(a);
            let (moves, _) = play_out(&mut g, policies, &mut Rng::new(seed ^ 0x5EED, w));
            let payment = g.outcome().map(|o| o[me].payment).unwrap_or(0);
            out.push(Sample {
                won: g.winner() == Some(me),
                payment,
                moves: moves + 1,
            });
        }
        Ok(out)
    };
    let per_world: Vec<Result<Vec<Sample>>> = if threads > 1 {
        pool(threads)?.install(|| (first..first + worlds).into_par_iter().map(one).collect())
    } else {
        (first..first + worlds).map(one).collect()
    };
    let mut out = Vec::with_capacity(worlds as usize * actions.len());
    for w in per_world {
        out.extend(w?);
    }
    Ok(out)
}

/// A pool of `threads` threads for a batch.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| crate::Error::invalid(format!("threads: {e}")))
}

/// One game of a simulation run.
#[derive(Clone, Debug)]
pub struct Played {
    pub deal: u64,
    pub rotation: usize,
    pub outcome: Vec<SeatOutcome>,
    pub winner: Option<usize>,
    pub moves: u32,
    pub decisions: u32,
    /// The moves' codes, when asked for (to replay the game in the Python engine).
    pub codes: Vec<u64>,
    /// How it ended, for the game's own tallies ([`Game::label`]).
    pub label: String,
}

/// The policies of a simulation run's seat specs: `random` (CPython's generator, as the
/// Python run's `random` bot), `greedy`, `greedy+`.
pub fn run_policies(specs: &[String]) -> Result<Vec<Policy>> {
    specs
        .iter()
        .map(|s| match s.as_str() {
            "random" => Ok(Policy::PyRandom),
            "greedy" => Ok(Policy::Greedy),
            "greedy+" => Ok(Policy::GreedyPlus),
            _ => Err(crate::Error::invalid(format!(
                "seats: '{s}' is not a builtin seat (random, greedy, greedy+)"
            ))),
        })
        .collect()
}

/// A simulation run as `GameSpec.simulate` plays it, every seat a builtin player: deal
/// `k` of `first .. first + games` is `deal(k)` — the deal and its key (the digest
/// `advisor.games.simulate.deal_key` gives, asked only when a seat is `random`) —, played
/// once, or with `duplicate` once per rotation `r` (player `p` at seat `(p + r) % n`); a
/// `random` player draws from CPython's generator seeded `"{seed}:{key}:{r}:{p}"`, as the
/// Python run reseeds its bot. The games in the order the Python run plays them.
#[allow(clippy::too_many_arguments)]
pub fn simulate<G: Game, F>(
    deal: F,
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    specs: &[String],
    keep_moves: bool,
    threads: usize,
) -> Result<Vec<Played>>
where
    F: Fn(u64, bool) -> Result<(G, String)> + Sync,
{
    use rayon::prelude::*;
    let policies = run_policies(specs)?;
    let n = policies.len();
    let needs_key = policies.contains(&Policy::PyRandom);
    let one = |k: u64| -> Result<Vec<Played>> {
        let (dealt, key) = deal(k, needs_key)?;
        if dealt.seats() != n {
            return Err(crate::Error::invalid(format!(
                "seats: {n} seat specs for a table of {}",
                dealt.seats()
            )));
        }
        let rotations = if duplicate { n } else { 1 };
        let mut out = Vec::with_capacity(rotations);
        for r in 0..rotations {
            let mut g = dealt.clone();
            let at_seat: Vec<Policy> = (0..n).map(|s| policies[(s + n - r) % n]).collect();
            let mut streams: Vec<Option<PyRandom>> = (0..n)
                .map(|s| {
                    let p = (s + n - r) % n;
                    (policies[p] == Policy::PyRandom)
                        .then(|| PyRandom::from_text(&format!("{seed}:{key}:{r}:{p}")))
                })
                .collect();
            let (moves, decisions, codes) =
                play_recorded(&mut g, &at_seat, &mut streams, keep_moves);
            out.push(Played {
                deal: k,
                rotation: r,
                outcome: g
                    .outcome()
                    .ok_or_else(|| crate::Error::invalid("a deal that never ended"))?,
                winner: g.winner(),
                moves,
                decisions,
                codes,
                label: g.label(),
            });
        }
        Ok(out)
    };
    let per_deal: Vec<Result<Vec<Played>>> = if threads > 1 {
        pool(threads)?.install(|| (first..first + games).into_par_iter().map(one).collect())
    } else {
        (first..first + games).map(one).collect()
    };
    let mut out = Vec::new();
    for d in per_deal {
        out.extend(d?);
    }
    Ok(out)
}

/// A JSON value as `json.dumps(value, sort_keys=True, ensure_ascii=False)` writes it
/// (`", "` and `": "` between items; serde_json's maps keep their keys sorted).
pub fn python_json(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Array(xs) => format!(
            "[{}]",
            xs.iter().map(python_json).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(m) => {
            let mut items: Vec<(&String, &Value)> = m.iter().collect();
            items.sort_by(|a, b| a.0.cmp(b.0));
            let inner: Vec<String> = items
                .iter()
                .map(|(k, x)| format!("{}: {}", Value::String((*k).clone()), python_json(x)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
        other => other.to_string(),
    }
}

/// `advisor.games.simulate.deal_key` of a fresh deal: the digest of its record before the
/// first move (`record`, its format named as its first version).
pub fn deal_key(record: &serde_json::Value) -> String {
    blake2b_16(&python_json(record))
}

/// The hex digest `hashlib.blake2b(text, digest_size=16)` gives: a deal's key is this of
/// its record before the first move, as `json.dumps(rec, sort_keys=True)` writes it.
pub fn blake2b_16(text: &str) -> String {
    use blake2::{Blake2b128, Digest};
    Blake2b128::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Play the deal to its end as a simulation run does: seat `s` by `policies[s]`, a
/// `PyRandom` seat drawing from `streams[s]`; returns (moves, decisions, the moves' codes).
pub fn play_recorded<G: Game>(
    g: &mut G,
    policies: &[Policy],
    streams: &mut [Option<PyRandom>],
    keep: bool,
) -> (u32, u32, Vec<u64>) {
    let mut legal = Vec::with_capacity(32);
    let (mut moves, mut decisions) = (0, 0);
    let mut codes = Vec::new();
    let mut fast = Rng::new(0, 0);
    while let Some(seat) = g.to_act() {
        legal.clear();
        g.legal(&mut legal);
        let action = if legal.len() == 1 {
            legal[0]
        } else {
            decisions += 1;
            match (policies[seat], streams[seat].as_mut()) {
                (Policy::PyRandom, Some(py)) => {
                    g.choose(Policy::PyRandom, &legal, &mut Draw::Py(py))
                }
                (p, _) => g.choose(p, &legal, &mut Draw::Fast(&mut fast)),
            }
        };
        if keep {
            codes.push(G::encode(action));
        }
        g.apply(action);
        moves += 1;
    }
    (moves, decisions, codes)
}
