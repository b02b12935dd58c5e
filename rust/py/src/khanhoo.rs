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
    m.add_class::<KhanhooSolver>()?;
    m.add_function(wrap_pyfunction!(khanhoo_simulate, m)?)?;
    Ok(())
}

/// The core's Khanhoo solver for one set of rules (`advisor.khanhoo.melds`' questions,
/// answered alike): a hand's best declaration's points, its distance, whether it is within
/// a bound, the cards a target keeps, the cards that help. Hands are count vectors of 31
/// kinds within the pack.
#[pyclass(module = "advisor._core")]
pub struct KhanhooSolver {
    rules: khanhoo::rules::Rules,
    pack: khanhoo::cards::Counts,
}

impl KhanhooSolver {
    fn hand(&self, v: &[u8], field: &str) -> PyResult<khanhoo::cards::Counts> {
        khanhoo::cards::checked(v, &self.pack, field).map_err(err)
    }
}

#[pymethods]
impl KhanhooSolver {
    #[new]
    #[pyo3(signature = (sets=2, jokers=1, options=Vec::new()))]
    fn new(sets: u8, jokers: u8, options: Vec<String>) -> PyResult<Self> {
        let rules = rules_of(sets, jokers, &options)?;
        Ok(KhanhooSolver {
            rules,
            pack: rules.pack(),
        })
    }

    /// The points of the best declaration of `hand`, or None (`Solver.best`); with `spare`
    /// one card is left over as the discard.
    fn best(&self, hand: Vec<u8>, spare: bool) -> PyResult<Option<i32>> {
        let h = self.hand(&hand, "hand")?;
        Ok(khanhoo::solver::with(self.rules, |s| s.best(&h, spare)))
    }

    /// The distance of `hand` to going out with `target` cards (`melds.distance`); None
    /// when no target exists or the hand is too large for it.
    fn distance(&self, hand: Vec<u8>, target: i32, own: Vec<u8>) -> PyResult<Option<i32>> {
        let h = self.hand(&hand, "hand")?;
        let o = self.hand(&own, "own")?;
        Ok(khanhoo::solver::with(self.rules, |s| {
            khanhoo::solver::distance(s, &h, target, &o)
        }))
    }

    /// Whether the distance is at most `bound` (`melds.distance_within`).
    fn distance_within(
        &self,
        hand: Vec<u8>,
        target: i32,
        own: Vec<u8>,
        bound: i32,
    ) -> PyResult<bool> {
        let h = self.hand(&hand, "hand")?;
        let o = self.hand(&own, "own")?;
        Ok(khanhoo::solver::with(self.rules, |s| {
            khanhoo::solver::distance_within(s, &h, target, &o, bound)
        }))
    }

    /// Most real cards a target of `target` cards keeps (`Solver.kept`), the places left
    /// to fill `caps` (each at most 15).
    #[pyo3(signature = (hand, caps, target, floor=-1))]
    fn kept(&self, hand: Vec<u8>, caps: Vec<u8>, target: i32, floor: i32) -> PyResult<i32> {
        let h = self.hand(&hand, "hand")?;
        let c =
            khanhoo::cards::checked(&caps, &[15; khanhoo::cards::KINDS], "caps").map_err(err)?;
        if !(0..=khanhoo::solver::NMAX).contains(&target) {
            return Err(CoreError::new_err("target: from 0 to 16 cards"));
        }
        Ok(khanhoo::solver::with(self.rules, |s| {
            s.kept(&h, &c, target, floor)
        }))
    }

    /// The kinds whose receipt lowers the distance (`melds.useful_cards`), in pack order.
    #[pyo3(signature = (hand, target, own, within=None))]
    fn useful(
        &self,
        hand: Vec<u8>,
        target: i32,
        own: Vec<u8>,
        within: Option<Vec<u8>>,
    ) -> PyResult<Vec<usize>> {
        let h = self.hand(&hand, "hand")?;
        let o = self.hand(&own, "own")?;
        let w = within.map(|w| self.hand(&w, "within")).transpose()?;
        Ok(khanhoo::solver::with(self.rules, |s| {
            khanhoo::solver::useful_cards(s, &h, target, &o, w.as_ref())
        }))
    }
}
