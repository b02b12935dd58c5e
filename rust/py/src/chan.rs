//! Chắn in `advisor._core`: `ChanGame`, `ChanView`, its new deals, its simulation run.

use crate::{err, game_classes, played, CoreError, PlayedTuple};
use advisor_core::chan;
use pyo3::prelude::*;

game_classes!(
    ChanGame,
    ChanView,
    chan::Game,
    chan::view::ViewState,
    "Chắn",
    {
        /// A new deal: the hands as count vectors by seat, the stock top card first (face
        /// indices), the dealer, the rules profile and its options.
        #[staticmethod]
        #[pyo3(signature = (hands, stock, dealer, rules="house", options=Vec::new()))]
        fn new(
            hands: Vec<Vec<u8>>,
            stock: Vec<u8>,
            dealer: usize,
            rules: &str,
            options: Vec<(String, bool)>,
        ) -> PyResult<Self> {
            let g =
                chan::Game::new(hands_of(hands)?, &stock, dealer, rules, options).map_err(err)?;
            Ok(ChanGame { g })
        }
    }
);

fn hands_of(hands: Vec<Vec<u8>>) -> PyResult<[chan::cards::Counts; 4]> {
    if hands.len() != 4 || hands.iter().any(|h| h.len() != chan::cards::NFACES) {
        return Err(CoreError::new_err("hands: four count vectors of 25"));
    }
    Ok(std::array::from_fn(|s| {
        std::array::from_fn(|f| hands[s][f])
    }))
}

/// A simulation run with builtin players at every seat (`chan::batch::simulate`).
#[pyfunction]
#[pyo3(signature = (seed, first, games, duplicate, rules, specs, keep_moves=false, threads=1))]
#[allow(clippy::too_many_arguments)]
fn chan_simulate(
    py: Python<'_>,
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    rules: &str,
    specs: Vec<String>,
    keep_moves: bool,
    threads: usize,
) -> PyResult<Vec<PlayedTuple>> {
    py.detach(|| {
        chan::batch::simulate(
            seed, first, games, duplicate, rules, &specs, keep_moves, threads,
        )
    })
    .map(played)
    .map_err(err)
}

/// The deal `Game.from_deal(rng=random.Random(f"{seed}:{k}"))` deals, as the core deals it
/// (hands as count vectors, the stock top card first, the dealer).
#[pyfunction]
fn chan_python_deal(seed: &str, k: u64) -> (Vec<Vec<u32>>, Vec<u32>, usize) {
    let (hands, stock, dealer) = chan::batch::python_deal(seed, k);
    let wide = |xs: &[u8]| xs.iter().map(|&x| x as u32).collect::<Vec<u32>>();
    (
        hands.iter().map(|h| wide(h)).collect(),
        wide(&stock),
        dealer,
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ChanGame>()?;
    m.add_class::<ChanView>()?;
    m.add_function(wrap_pyfunction!(chan_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(chan_python_deal, m)?)?;
    Ok(())
}
