//! Chắn's batches: deals dealt as the Python simulator deals them, and simulation runs
//! (the playouts are every game's: `engine::playouts`).

use super::cards::{code, counts_of, Counts, NFACES};
use super::game::{Game, SEATS};
use crate::engine::Played;
use crate::error::Result;
use crate::pyrandom::PyRandom;

/// A deal as `Game.from_deal(rng=random.Random(f"{seed}:{k}"), rules=…)` deals it: the
/// deck in face order shuffled by CPython's generator, the dealer drawn after.
pub fn python_deal(seed: &str, k: u64) -> ([Counts; SEATS], Vec<u8>, usize) {
    let mut rng = PyRandom::from_text(&format!("{seed}:{k}"));
    let mut deck: Vec<u8> = (0..NFACES as u8).flat_map(|f| [f; 4]).collect();
    rng.shuffle(&mut deck);
    let dealer = rng.randbelow(SEATS);
    let mut hands = [[0u8; NFACES]; SEATS];
    let mut pos = 0;
    for (s, hand) in hands.iter_mut().enumerate() {
        let n = if s == dealer { 20 } else { 19 };
        *hand = counts_of(&deck[pos..pos + n]);
        pos += n;
    }
    (hands, deck[pos..].to_vec(), dealer)
}

/// `advisor.games.simulate.deal_key` of a fresh deal (format `chan-record/1`; a run's
/// deals have no options).
pub fn deal_key(hands: &[Counts; SEATS], stock: &[u8], dealer: usize, rules: &str) -> String {
    let faces = |h: &Counts| {
        (0..NFACES)
            .flat_map(|f| std::iter::repeat_n(code(f), h[f] as usize))
            .collect::<Vec<_>>()
    };
    crate::engine::deal_key(&serde_json::json!({
        "format": "chan-record/1", "rules": rules, "dealer": dealer,
        "hands": hands.iter().map(faces).collect::<Vec<_>>(),
        "stock": stock.iter().map(|&f| code(f as usize)).collect::<Vec<_>>(), "moves": [],
    }))
}

/// A simulation run as `GameSpec.simulate` plays it (`engine::simulate`), the deals
/// dealt as `advisor.chan.simulate.games_of` deals them.
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    rules: &str,
    specs: &[String],
    keep_moves: bool,
    threads: usize,
) -> Result<Vec<Played>> {
    super::scoring::profile(rules)?;
    let deal = |k: u64, keyed: bool| -> Result<(Game, String)> {
        let (hands, stock, dealer) = python_deal(seed, k);
        let key = if keyed {
            deal_key(&hands, &stock, dealer, rules)
        } else {
            String::new()
        };
        Ok((Game::new(hands, &stock, dealer, rules, Vec::new())?, key))
    };
    crate::engine::simulate(
        deal, seed, first, games, duplicate, specs, keep_moves, threads,
    )
}
