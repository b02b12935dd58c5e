//! Khanhoo's deals as the Python engine deals them, and its simulation runs.

use super::cards::{code, counts_of, kinds_of, Counts, KINDS};
use super::game::{Game, MAX_PLAYERS, MIN_PLAYERS};
use super::rules::Rules;
use super::solver::{HAND_SIZE, ORPHAN_SIZE};
use crate::engine::Played;
use crate::error::{Error, Result};
use crate::pyrandom::PyRandom;

/// A deal as `Game.from_deal(players, rng=rng, rules=rules, orphan=orphan)` deals it from
/// the generator: the pack in kind order shuffled, the dealer drawn, 15 cards a seat (6 to
/// the orphan, K7) and one more to the leader. Returns the hands, the stock (top first) and
/// the dealer.
pub fn python_deal(
    rng: &mut PyRandom,
    players: usize,
    rules: &Rules,
    orphan: Option<usize>,
) -> (Vec<Counts>, Vec<u8>, usize) {
    let pack = rules.pack();
    let mut deck: Vec<u8> = (0..KINDS as u8)
        .flat_map(|k| std::iter::repeat_n(k, pack[k as usize] as usize))
        .collect();
    rng.shuffle(&mut deck);
    let dealer = rng.randbelow(players);
    let leader = (dealer + 1) % players;
    let mut hands = Vec::with_capacity(players);
    let mut pos = 0;
    for seat in 0..players {
        let n = if Some(seat) == orphan {
            ORPHAN_SIZE
        } else {
            HAND_SIZE
        } as usize
            + (seat == leader) as usize;
        let end = (pos + n).min(deck.len());
        hands.push(counts_of(&deck[pos..end]));
        pos = end;
    }
    (hands, deck[pos..].to_vec(), dealer)
}

/// The record of a fresh deal (`Game.to_record()`, its format named as its first version):
/// what `advisor.games.simulate.deal_key` digests.
pub fn deal_key(g: &Game) -> String {
    let codes = |kinds: &[u8]| kinds.iter().map(|&c| code(c as usize)).collect::<Vec<_>>();
    let options: serde_json::Map<String, serde_json::Value> = g
        .rules
        .options()
        .into_iter()
        .map(|o| (o.to_string(), serde_json::Value::Bool(true)))
        .collect();
    let mut rec = serde_json::json!({
        "format": "khanhoo-record/1", "sets": g.rules.sets, "jokers": g.rules.jokers,
        "options": options, "dealer": g.dealer,
        "hands": g.seats.iter().map(|s| codes(&kinds_of(&s.dealt))).collect::<Vec<_>>(),
        "stock": codes(&g.initial_stock), "moves": [],
    });
    if let Some(o) = g.orphan {
        rec["orphan"] = serde_json::json!(o);
    }
    if g.max_turns != super::game::MAX_TURNS {
        rec["max_turns"] = serde_json::json!(g.max_turns);
    }
    crate::engine::deal_key(&rec)
}

/// A simulation run as `GameSpec.simulate` plays it (`engine::simulate`): deal k dealt
/// from `random.Random(f"khanhoo:{seed}:{k}")`, the orphan drawn first when asked (K7).
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    rules: Rules,
    orphan: bool,
    max_turns: u32,
    specs: &[String],
    keep_moves: bool,
    threads: usize,
) -> Result<Vec<Played>> {
    let players = specs.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(Error::invalid(format!(
            "seats: {players} seat specs; a table has {MIN_PLAYERS} to {MAX_PLAYERS}"
        )));
    }
    if orphan && players != 4 {
        return Err(Error::invalid("orphan: the orphan needs four players (K7)"));
    }
    let deal = |k: u64, keyed: bool| -> Result<(Game, String)> {
        let mut rng = PyRandom::from_text(&format!("khanhoo:{seed}:{k}"));
        let orphan_seat = orphan.then(|| rng.randbelow(players));
        let (hands, stock, dealer) = python_deal(&mut rng, players, &rules, orphan_seat);
        let g = Game::new(hands, &stock, dealer, rules, orphan_seat, max_turns)?;
        let key = if keyed { deal_key(&g) } else { String::new() };
        Ok((g, key))
    };
    crate::engine::simulate(
        deal, seed, first, games, duplicate, specs, keep_moves, threads,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_is_the_whole_pack() {
        let rules = Rules::new(2, 2);
        let mut rng = PyRandom::from_int(7);
        let (hands, stock, dealer) = python_deal(&mut rng, 3, &rules, None);
        let g = Game::new(hands, &stock, dealer, rules, None, 200).unwrap();
        assert_eq!(g.leader, (dealer + 1) % 3);
    }

    #[test]
    fn a_short_pack_is_refused_not_a_panic() {
        // five players from a two-set pack: 5 x 15 + 1 cards wanted, 61 held
        let rules = Rules::new(2, 1);
        let mut rng = PyRandom::from_int(1);
        let (hands, stock, dealer) = python_deal(&mut rng, 5, &rules, None);
        assert!(Game::new(hands, &stock, dealer, rules, None, 200).is_err());
    }
}
