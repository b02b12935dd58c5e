//! Ming Kanhu's deals as the Python simulator deals them, and its simulation runs.

use super::cards::{codes, NCARDS};
use super::game::{hand_size, Game};
use crate::engine::Played;
use crate::error::Result;
use crate::pyrandom::PyRandom;

/// A deal as `Game.from_deal(players, rng=random.Random(f"ming:{seed}:{k}"))` deals it:
/// the pack shuffled, the dealer drawn, one card at a time from the seat after his (M2).
/// Returns the hands, the unused stock and the dealer.
pub fn python_deal(seed: &str, k: u64, players: usize) -> (Vec<u32>, u32, usize) {
    let mut rng = PyRandom::from_text(&format!("ming:{seed}:{k}"));
    let mut deck: Vec<u8> = (0..NCARDS as u8).collect();
    rng.shuffle(&mut deck);
    let dealer = rng.randbelow(players);
    let size = hand_size(players) as usize;
    let mut hands = vec![0u32; players];
    for (j, &c) in deck[..size * players].iter().enumerate() {
        hands[(dealer + 1 + j) % players] |= 1 << c;
    }
    let stock = deck[size * players..].iter().fold(0u32, |m, &c| m | 1 << c);
    (hands, stock, dealer)
}

/// `advisor.games.simulate.deal_key` of a fresh deal (format `ming-record/1`).
pub fn deal_key(hands: &[u32], stock: u32, dealer: usize) -> String {
    crate::engine::deal_key(&serde_json::json!({
        "format": "ming-record/1", "dealer": dealer,
        "hands": hands.iter().map(|&h| codes(h)).collect::<Vec<_>>(),
        "stock": codes(stock), "moves": [],
    }))
}

/// A simulation run as `GameSpec.simulate` plays it (`engine::simulate`).
pub fn simulate(
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    specs: &[String],
    keep_moves: bool,
    threads: usize,
) -> Result<Vec<Played>> {
    let players = specs.len();
    if !(super::game::MIN_PLAYERS..=super::game::MAX_PLAYERS).contains(&players) {
        return Err(crate::Error::invalid(format!(
            "seats: {players} seat specs; Ming Kanhu is for 2 or 3 players (M2)"
        )));
    }
    let deal = |k: u64, keyed: bool| -> Result<(Game, String)> {
        let (hands, stock, dealer) = python_deal(seed, k, players);
        let key = if keyed {
            deal_key(&hands, stock, dealer)
        } else {
            String::new()
        };
        Ok((Game::new(hands, stock, dealer)?, key))
    };
    crate::engine::simulate(
        deal, seed, first, games, duplicate, specs, keep_moves, threads,
    )
}
