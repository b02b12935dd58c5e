//! Qing Kanhu in `advisor._core`: `QingGame`, `QingView`, its new deals, its simulation run.

use crate::{err, game_classes, played, CoreError, PlayedTuple};
use advisor_core::qing;
use pyo3::prelude::*;

game_classes!(
    QingGame,
    QingView,
    qing::Game,
    qing::view::ViewState,
    "Qing Kanhu",
    {
        /// A new deal: the hands as count vectors (30 kinds) by seat, the stock top card first
        /// (kind indices), the dealer, and the options (the core plays `extras_replace` off).
        #[staticmethod]
        #[pyo3(signature = (hands, stock, dealer, eye6="culin", extras_replace=false))]
        fn new(
            hands: Vec<Vec<u8>>,
            stock: Vec<u8>,
            dealer: usize,
            eye6: &str,
            extras_replace: bool,
        ) -> PyResult<Self> {
            if hands.iter().any(|h| h.len() != qing::cards::KINDS) {
                return Err(CoreError::new_err("hands: count vectors of 30 kinds"));
            }
            let hands = hands
                .iter()
                .map(|h| std::array::from_fn(|k| h[k]))
                .collect();
            let rules = qing::rules::Rules::of(eye6, extras_replace).map_err(err)?;
            Ok(QingGame {
                g: qing::Game::new(hands, &stock, dealer, rules).map_err(err)?,
            })
        }
    }
);

/// A simulation run with builtin players at every seat (`qing::batch::simulate`).
#[pyfunction]
#[pyo3(signature = (seed, first, games, duplicate, eye6, extras_replace, specs, keep_moves=false, threads=1))]
#[allow(clippy::too_many_arguments)]
fn qing_simulate(
    py: Python<'_>,
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    eye6: &str,
    extras_replace: bool,
    specs: Vec<String>,
    keep_moves: bool,
    threads: usize,
) -> PyResult<Vec<PlayedTuple>> {
    let rules = qing::rules::Rules::of(eye6, extras_replace).map_err(err)?;
    py.detach(|| {
        qing::batch::simulate(
            seed, first, games, duplicate, rules, &specs, keep_moves, threads,
        )
    })
    .map(played)
    .map_err(err)
}

/// The advisor's fast playouts (`qing::batch::fast_playouts`) of `actions` — (code, the
/// kind of the discard that follows a take, or None) — of the VIEW's seat, in worlds
/// `first .. first + worlds`: the winner (None: drawn), world by world.
#[pyfunction]
fn qing_fast_playouts(
    py: Python<'_>,
    view: &QingView,
    actions: Vec<(u64, Option<u8>)>,
    first: u64,
    worlds: u64,
    seed: u64,
) -> PyResult<Vec<Option<usize>>> {
    let judged = actions
        .iter()
        .map(|&(c, follow)| {
            Ok(qing::batch::Judged {
                action: crate::decode::<qing::Game>(c)?,
                follow,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let v = view.state();
    py.detach(|| qing::batch::fast_playouts(v, &judged, first, worlds, seed))
        .map_err(err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<QingGame>()?;
    m.add_class::<QingView>()?;
    m.add_function(wrap_pyfunction!(qing_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(qing_fast_playouts, m)?)?;
    Ok(())
}
