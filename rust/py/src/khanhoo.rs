//! Khanhoo in `advisor._core`: `KhanhooGame`, `KhanhooView`, its new deals, its simulation
//! run.

use crate::{err, game_classes, played, CoreError, PlayedTuple};
use advisor_core::khanhoo;
use pyo3::prelude::*;

fn rules_of(sets: u8, jokers: u8, options: &[String]) -> PyResult<khanhoo::rules::Rules> {
    let named: Vec<(&str, bool)> = options.iter().map(|o| (o.as_str(), true)).collect();
    khanhoo::rules::Rules::build(sets, jokers, &named).map_err(err)
}

game_classes!(
    KhanhooGame,
    KhanhooView,
    khanhoo::Game,
    khanhoo::view::ViewState,
    "Khanhoo",
    {
        /// A new deal: the hands as count vectors (31 kinds, each within the pack) by seat,
        /// the stock top card first (kind indices), the dealer, the pack and the options on
        /// (by name), the orphan (K7) and the turn limit.
        #[staticmethod]
        #[pyo3(signature = (hands, stock, dealer, sets=2, jokers=1, options=Vec::new(), orphan=None, max_turns=200))]
        #[allow(clippy::too_many_arguments)]
        fn new(
            hands: Vec<Vec<u8>>,
            stock: Vec<u8>,
            dealer: usize,
            sets: u8,
            jokers: u8,
            options: Vec<String>,
            orphan: Option<usize>,
            max_turns: u32,
        ) -> PyResult<Self> {
            let rules = rules_of(sets, jokers, &options)?;
            let pack = rules.pack();
            let hands = hands
                .iter()
                .enumerate()
                .map(|(s, h)| khanhoo::cards::checked(h, &pack, &format!("hands[{s}]")))
                .collect::<Result<Vec<_>, _>>()
                .map_err(err)?;
            if stock.iter().any(|&c| c as usize >= khanhoo::cards::KINDS) {
                return Err(CoreError::new_err("stock: card kinds from 0 to 30"));
            }
            Ok(KhanhooGame {
                g: khanhoo::Game::new(hands, &stock, dealer, rules, orphan, max_turns)
                    .map_err(err)?,
            })
        }

        /// How the deal ended, as the run's tallies read it (`by:route`, or `draw`).
        fn label(&self) -> String {
            advisor_core::engine::Game::label(&self.g)
        }
    }
);

/// A simulation run with builtin players at every seat (`khanhoo::batch::simulate`).
#[pyfunction]
#[pyo3(signature = (seed, first, games, duplicate, sets, jokers, options, orphan, max_turns, specs, keep_moves=false, threads=1))]
#[allow(clippy::too_many_arguments)]
fn khanhoo_simulate(
    py: Python<'_>,
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    sets: u8,
    jokers: u8,
    options: Vec<String>,
    orphan: bool,
    max_turns: u32,
    specs: Vec<String>,
    keep_moves: bool,
    threads: usize,
) -> PyResult<Vec<PlayedTuple>> {
    let rules = rules_of(sets, jokers, &options)?;
    py.detach(|| {
        khanhoo::batch::simulate(
            seed, first, games, duplicate, rules, orphan, max_turns, &specs, keep_moves, threads,
        )
    })
    .map(played)
    .map_err(err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KhanhooGame>()?;
    m.add_class::<KhanhooView>()?;
    m.add_function(wrap_pyfunction!(khanhoo_simulate, m)?)?;
    Ok(())
}
