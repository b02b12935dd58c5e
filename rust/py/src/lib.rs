//! The extension module `advisor._core`: the core's games and batches as Python sees them
//! (`advisor/core.py` reads it; each game's `advisor/<game>/core.py` speaks to its part).
//! What crosses is a batch: a deal, a state or a VIEW (its JSON), and a request — actions
//! as codes, worlds, a seed, a policy per seat — in; outcomes as tuples out. The GIL is
//! released while the core plays.
//!
//! Every game offers the same three things, made by [`game_classes!`]: a deal class
//! (`<Game>Game`: legal, act, choose, outcome, VIEWs and state as JSON, play out, and a
//! world dealt from a VIEW), a VIEW class (`<Game>View`: playouts of actions in worlds), and
//! its own constructors and simulation run (its module here).

use advisor_core::engine::{Game as CoreGame, Policy, Sample};
use advisor_core::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod chan;
mod khanhoo;
mod ming;
mod qing;

create_exception!(
    _core,
    CoreError,
    PyValueError,
    "A request the core cannot carry out: a malformed deal, state or VIEW, or an illegal action."
);

pub(crate) fn err(e: Error) -> PyErr {
    CoreError::new_err(e.to_string())
}

pub(crate) fn policies(specs: &[String]) -> PyResult<Vec<Policy>> {
    specs
        .iter()
        .map(|s| Policy::parse(s).map_err(err))
        .collect()
}

pub(crate) type SampleTuple = (bool, i32, u32);
pub(crate) type Outcome = Vec<(i32, bool, i32)>;
pub(crate) type PlayedTuple = (
    u64,
    usize,
    Outcome,
    Option<usize>,
    u32,
    u32,
    Vec<u64>,
    String,
);

pub(crate) fn samples(xs: Vec<Sample>) -> Vec<SampleTuple> {
    xs.into_iter()
        .map(|s| (s.won, s.payment, s.moves))
        .collect()
}

pub(crate) fn played(xs: Vec<advisor_core::engine::Played>) -> Vec<PlayedTuple> {
    xs.into_iter()
        .map(|p| {
            let o = p
                .outcome
                .iter()
                .map(|s| (s.payment, s.won, s.score))
                .collect();
            (
                p.deal,
                p.rotation,
                o,
                p.winner,
                p.moves,
                p.decisions,
                p.codes,
                p.label,
            )
        })
        .collect()
}

pub(crate) fn outcome<G: CoreGame>(g: &G) -> Option<Outcome> {
    g.outcome()
        .map(|o| o.into_iter().map(|s| (s.payment, s.won, s.score)).collect())
}

pub(crate) fn decode<G: CoreGame>(code: u64) -> PyResult<G::Action> {
    G::decode(code).ok_or_else(|| CoreError::new_err(format!("not an action code: {code}")))
}

/// A game's deal class and VIEW class (see the module's docstring): `$game` the pyclass
/// of a deal, `$view` of a VIEW, over the core's `$G` (a `Game`) and `$W` (its `Worlds`);
/// the game's own methods of the deal class (its constructor) in the braces.
macro_rules! game_classes {
    ($game:ident, $view:ident, $G:ty, $W:ty, $name:literal, { $($own:item)* }) => {
        #[doc = concat!("A deal of ", $name, " in the core.")]
        #[pyclass(module = "advisor._core")]
        #[derive(Clone)]
        pub struct $game {
            pub g: $G,
        }

        #[pymethods]
        impl $game {
            $($own)*

            /// A world dealt from a VIEW's JSON: the unseen cards shuffled from
            /// `(seed, world)`, or in deck order when `seed` is None.
            #[staticmethod]
            #[pyo3(signature = (view, seed=None, world=0))]
            fn from_view(view: &str, seed: Option<u64>, world: u64) -> PyResult<Self> {
                use advisor_core::engine::Worlds;
                let v = <$W as Worlds>::parse(view).map_err($crate::err)?;
                let g = match seed {
                    None => v.world(None),
                    Some(s) => v.world(Some(&mut advisor_core::rng::Rng::new(s, world))),
                }
                .map_err($crate::err)?;
                Ok(Self { g })
            }

            /// The legal actions' codes, in the Python engine's order.
            fn legal(&self) -> Vec<u64> {
                let mut out = Vec::new();
                advisor_core::engine::Game::legal(&self.g, &mut out);
                out.into_iter().map(<$G as advisor_core::engine::Game>::encode).collect()
            }

            /// Play an action (its code), refused unless legal now.
            fn act(&mut self, code: u64) -> PyResult<()> {
                let a = $crate::decode::<$G>(code)?;
                advisor_core::engine::Game::act(&mut self.g, a).map_err($crate::err)
            }

            fn to_act(&self) -> Option<usize> {
                advisor_core::engine::Game::to_act(&self.g)
            }

            /// The code of the action `policy` plays at the pending decision.
            #[pyo3(signature = (policy, seed=0))]
            fn choose(&self, policy: &str, seed: u64) -> PyResult<u64> {
                use advisor_core::engine::{Draw, Game};
                let p = advisor_core::engine::Policy::parse(policy).map_err($crate::err)?;
                if !<$G>::plays(p) {
                    return Err($crate::CoreError::new_err(format!("policy: this game has no {policy} player")));
                }
                let mut legal = Vec::new();
                self.g.legal(&mut legal);
                match legal.len() {
                    0 => Err($crate::CoreError::new_err("the deal is over: no decision to make")),
                    1 => Ok(<$G>::encode(legal[0])),
                    _ => {
                        let mut rng = advisor_core::rng::Rng::new(seed, 0);
                        Ok(<$G>::encode(self.g.choose(p, &legal, &mut Draw::Fast(&mut rng))))
                    }
                }
            }

            /// Each seat's (payment, won, deal score), once the deal is over.
            fn outcome(&self) -> Option<$crate::Outcome> {
                $crate::outcome(&self.g)
            }

            fn view_json(&self, seat: usize) -> PyResult<String> {
                use advisor_core::engine::Game;
                if seat >= self.g.seats() {
                    return Err($crate::CoreError::new_err(format!("seat: there is no seat {seat}")));
                }
                Ok(self.g.view_json(seat).to_string())
            }

            fn state_json(&self) -> String {
                advisor_core::engine::Game::state_json(&self.g).to_string()
            }

            fn clone(&self) -> Self {
                Clone::clone(self)
            }

            /// Play the deal to its end, seat `s` by `policies[s]`; (moves, decisions).
            #[pyo3(signature = (policies, seed=0))]
            fn play_out(&mut self, py: Python<'_>, policies: Vec<String>, seed: u64) -> PyResult<(u32, u32)> {
                use advisor_core::engine::Game;
                let p = $crate::policies(&policies)?;
                if p.len() != self.g.seats() || p.iter().any(|x| !<$G>::plays(*x)) {
                    return Err($crate::CoreError::new_err("policies: one this game plays per seat"));
                }
                let g = &mut self.g;
                Ok(py.detach(|| advisor_core::engine::play_out(g, &p, &mut advisor_core::rng::Rng::new(seed, 0))))
            }
        }

        #[doc = concat!("A ", $name, " VIEW read once, to judge actions in worlds dealt from it.")]
        #[pyclass(module = "advisor._core")]
        pub struct $view {
            v: $W,
        }

        impl $view {
            /// The VIEW as the core read it.
            #[allow(dead_code)]
            pub(crate) fn state(&self) -> &$W {
                &self.v
            }
        }

        #[pymethods]
        impl $view {
            #[new]
            fn new(view: &str) -> PyResult<Self> {
                use advisor_core::engine::Worlds;
                Ok(Self { v: <$W as Worlds>::parse(view).map_err($crate::err)? })
            }

            /// The samples of `actions` (codes) in worlds `first .. first + worlds`, world
            /// by world: (won, the seat's settlement, moves played).
            #[pyo3(signature = (actions, first, worlds, seed, policies, threads=1))]
            #[allow(clippy::too_many_arguments)]
            fn playouts(
                &self,
                py: Python<'_>,
                actions: Vec<u64>,
                first: u64,
                worlds: u64,
                seed: u64,
                policies: Vec<String>,
                threads: usize,
            ) -> PyResult<Vec<$crate::SampleTuple>> {
                let acts = actions.iter().map(|&c| $crate::decode::<$G>(c)).collect::<PyResult<Vec<_>>>()?;
                let p = $crate::policies(&policies)?;
                let v = &self.v;
                py.detach(|| advisor_core::engine::playouts(v, &acts, first, worlds, seed, &p, threads))
                    .map($crate::samples)
                    .map_err($crate::err)
            }
        }
    };
}
pub(crate) use game_classes;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CoreError", m.py().get_type::<CoreError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    chan::register(m)?;
    khanhoo::register(m)?;
    ming::register(m)?;
    qing::register(m)?;
    Ok(())
}
