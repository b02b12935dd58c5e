//! Qing Kanhu's deals as the Python simulator deals them, and its simulation runs.

use super::cards::{code, counts_of, is_flower, kinds_of, rank, Counts, KINDS};
use super::game::Game;
use super::rules::Rules;
use super::solver::HAND_SIZE;
use crate::engine::Played;
use crate::error::Result;
use crate::pyrandom::PyRandom;

/// A deal as `Game.from_deal(players, rng=random.Random(f"qing:{seed}:{k}"))` deals it:
/// the pack in kind order shuffled; the dealer by the first numbered card counted round
/// the players (Q6); 15 cards to the dealer, 14 to each other seat from its left.
/// Returns the hands, the stock (top first), the dealer and the cut card.
pub fn python_deal(seed: &str, k: u64, players: usize) -> (Vec<Counts>, Vec<u8>, usize, u8) {
    let mut rng = PyRandom::from_text(&format!("qing:{seed}:{k}"));
    let mut deck: Vec<u8> = (0..KINDS as u8).flat_map(|c| [c; 4]).collect();
    rng.shuffle(&mut deck);
    let cut = *deck
        .iter()
        .find(|&&c| !is_flower(c as usize))
        .expect("numbered cards");
    let dealer = (rank(cut as usize) as usize - 1) % players;
    let mut hands = vec![[0u8; KINDS]; players];
    let mut pos = 0;
    for n in 0..players {
        let seat = (dealer + n) % players;
        let size = if n == 0 { HAND_SIZE } else { HAND_SIZE - 1 } as usize;
        hands[seat] = counts_of(&deck[pos..pos + size]);
        pos += size;
    }
    (hands, deck[pos..].to_vec(), dealer, cut)
}

/// `advisor.games.simulate.deal_key` of a fresh deal (format `qing-record/1`).
pub fn deal_key(hands: &[Counts], stock: &[u8], dealer: usize, cut: u8, rules: Rules) -> String {
    let codes = |kinds: &[u8]| kinds.iter().map(|&c| code(c as usize)).collect::<Vec<_>>();
    crate::engine::deal_key(&serde_json::json!({
        "format": "qing-record/1", "options": {"eye6": rules.eye6(), "extras_replace": false},
        "cut": code(cut as usize), "dealer": dealer,
        "hands": hands.iter().map(|h| codes(&kinds_of(h))).collect::<Vec<_>>(),
        "stock": codes(stock), "moves": [],
    }))
}

/// A simulation run as `GameSpec.simulate` plays it (`engine::simulate`).
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    rules: Rules,
    specs: &[String],
    keep_moves: bool,
    threads: usize,
) -> Result<Vec<Played>> {
    let players = specs.len();
    if !(super::game::MIN_PLAYERS..=super::game::MAX_PLAYERS).contains(&players) {
        return Err(crate::Error::invalid(format!(
            "seats: {players} seat specs; a table has 2 to 6"
        )));
    }
    let deal = |k: u64, keyed: bool| -> Result<(Game, String)> {
        let (hands, stock, dealer, cut) = python_deal(seed, k, players);
        let key = if keyed {
            deal_key(&hands, &stock, dealer, cut, rules)
        } else {
            String::new()
        };
        Ok((Game::new(hands, &stock, dealer, rules)?, key))
    };
    crate::engine::simulate(
        deal, seed, first, games, duplicate, specs, keep_moves, threads,
    )
}

/// The kinds that are no extras, highest first (the fast throw's order).
fn plain_kinds() -> impl Iterator<Item = usize> {
    (0..KINDS).rev().filter(|&k| !super::cards::is_extra(k))
}

/// The fast playouts' throw (`advisor.qing.advice._cheap_discard`): the card with the
/// fewest partners in hand (the highest of those), never an extra if another will do.
fn cheap_discard(hand: &Counts, near: &[Vec<usize>]) -> usize {
    let mut best = None;
    let mut least = u32::MAX;
    for k in plain_kinds() {
        if hand[k] > 0 {
            let p: u32 = near[k].iter().map(|&j| hand[j] as u32).sum();
            if p < least {
                best = Some(k);
                least = p;
            }
        }
    }
    best.unwrap_or_else(|| {
        (0..KINDS)
            .rev()
            .find(|&k| hand[k] > 0)
            .expect("a card in hand")
    })
}

/// One action the advisor judges by fast playouts: its action, and after a take the
/// discard that follows it (the greedy one's).
#[derive(Clone, Copy, Debug)]
pub struct Judged {
    pub action: super::game::Action,
    pub follow: Option<u8>,
}

/// The advisor's fast playouts (`advisor.qing.advice._playout`), for the actions of the
/// VIEW's seat in worlds `first .. first + worlds` dealt from `(seed, w)`: each action
/// played, then the deal played out by every seat with the fast policy — win when it can,
/// else draw and throw the card with the fewest partners; nobody takes a discard. The
/// winner (None: drawn) world by world, each world's in the order of `actions`.
pub fn fast_playouts(
    view: &super::view::ViewState,
    actions: &[Judged],
    first: u64,
    worlds: u64,
    seed: u64,
) -> Result<Vec<Option<usize>>> {
    use super::game::Do;
    use crate::engine::Worlds;
    let near: Vec<Vec<usize>> = (0..KINDS).map(super::bots::neighbours).collect();
    let mut out = Vec::with_capacity(worlds as usize * actions.len());
    for w in first..first + worlds {
        let world = view.world(Some(&mut crate::rng::Rng::new(seed, w)))?;
        let me = view.seat();
        let rules = world.rules;
        let n = world.players;
        for j in actions {
            let mut hands: Vec<Counts> = world.seats.iter().map(|s| s.hand).collect();
            let mut eyes: Vec<bool> = world.seats.iter().map(|s| s.eye()).collect();
            let mut stock = world.stock.clone(); // drawn from the end
            let wins = |h: &Counts, eye: bool| super::solver::wins(rules, h, eye);
            let offer = match j.action.what {
                Do::Discard => {
                    hands[me][j.action.arg as usize] -= 1;
                    Some(j.action.arg as usize)
                }
                Do::Take => {
                    let (x, _) = world
                        .offer
                        .ok_or_else(|| crate::Error::invalid("a take needs a discard on offer"))?;
                    let with = super::game::unpacked(j.action.arg);
                    for k in 0..KINDS {
                        hands[me][k] -= with[k];
                    }
                    let shown = super::solver::tables(rules).shown_with[x as usize]
                        .iter()
                        .find(|t| t.0 == with);
                    eyes[me] = eyes[me] || shown.is_some_and(|t| t.2);
                    let f = j.follow.ok_or_else(|| {
                        crate::Error::invalid("a take needs the discard that follows it")
                    })? as usize;
                    hands[me][f] -= 1;
                    Some(f)
                }
                Do::Draw => match stock.pop() {
                    None => None,
                    Some(c) => {
                        hands[me][c as usize] += 1;
                        if wins(&hands[me], eyes[me]) {
                            out.push(Some(me));
                            continue;
                        }
                        let f = cheap_discard(&hands[me], &near);
                        hands[me][f] -= 1;
                        Some(f)
                    }
                },
                Do::Pass | Do::Win => None,
            };
            let Some(mut offer) = offer else {
                out.push(None); // a pass, or a draw from an empty stock: drawn (Q8)
                continue;
            };
            let mut seat = me;
            let winner = loop {
                seat = (seat + 1) % n;
                let h = &mut hands[seat];
                h[offer] += 1;
                if wins(h, eyes[seat]) {
                    break Some(seat);
                }
                h[offer] -= 1;
                let Some(c) = stock.pop() else { break None };
                h[c as usize] += 1;
                if wins(h, eyes[seat]) {
                    break Some(seat);
                }
                offer = cheap_discard(h, &near);
                h[offer] -= 1;
            };
            out.push(winner);
        }
    }
    Ok(out)
}
