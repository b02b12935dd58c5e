//! The `greedy` and `greedy+` players of Ming Kanhu (`advisor/ming/bots.py`), choice for
//! choice.

use super::cards::FULL;
use super::game::{Action, Game};
use super::plays::{
    beats, combinations_in, hero, read_lead, reading, single, tables, Declare, Kind, Play,
};

/// How dear cards are to give up: the highest first, then the sum of places.
fn cost(cards: u32) -> (u32, u32) {
    let idx = (0..30).filter(|&i| cards >> i & 1 == 1);
    (31 - cards.leading_zeros(), idx.sum())
}

/// The first of `xs` with the least key (Python's `min`).
fn first_min<T: Copy, K: Ord>(xs: impl IntoIterator<Item = T>, key: impl Fn(&T) -> K) -> Option<T> {
    let mut best: Option<(K, T)> = None;
    for x in xs {
        let k = key(&x);
        if best.as_ref().is_none_or(|(b, _)| k < *b) {
            best = Some((k, x));
        }
    }
    best.map(|b| b.1)
}

/// The first of `xs` with the greatest key (Python's `max`).
fn first_max<T: Copy, K: Ord>(xs: impl IntoIterator<Item = T>, key: impl Fn(&T) -> K) -> Option<T> {
    let mut best: Option<(K, T)> = None;
    for x in xs {
        let k = key(&x);
        if best.as_ref().is_none_or(|(b, _)| k > *b) {
            best = Some((k, x));
        }
    }
    best.map(|b| b.1)
}

fn bonus_of(a: &Action) -> i32 {
    read_lead(a.cards, a.declare).map_or(0, |p| p.bonus)
}

/// The greedy policy (`greedy_choice`): following, take the trick as cheaply as it can,
/// else throw its lowest cards; leading, the combination with the biggest bonus, else its
/// highest single.
pub fn greedy_choice(g: &Game, legal: &[Action]) -> Action {
    if !legal[0].lead {
        let winning: Vec<Action> = legal
            .iter()
            .filter(|a| g.follow_beats(a.cards))
            .copied()
            .collect();
        if winning.is_empty() {
            let n = legal[0].cards.count_ones();
            let mut hand = 0u32;
            for a in legal {
                hand |= a.cards;
            }
            let mut low = 0u32;
            for _ in 0..n {
                low |= hand & hand.wrapping_neg();
                hand &= hand - 1;
            }
            if legal[0].cards == low {
                return legal[0];
            }
        }
        let pool = if winning.is_empty() {
            legal.to_vec()
        } else {
            winning
        };
        return first_min(pool, |a| cost(a.cards)).expect("a follow");
    }
    let combos: Vec<Action> = legal
        .iter()
        .filter(|a| a.cards.count_ones() == 3)
        .copied()
        .collect();
    if !combos.is_empty() {
        return first_max(combos, |a| {
            (
                bonus_of(a),
                a.declare == Some(Declare::Special),
                cost(a.cards),
            )
        })
        .expect("a combination");
    }
    first_max(legal.iter().copied(), |a| a.cards).expect("a lead")
}

/// Whether cards the seat has not seen could beat `play` (`threatened`).
pub fn threatened(play: &Play, unseen: u32) -> bool {
    if play.kind == Kind::Single {
        return (0..30).any(|i| unseen >> i & 1 == 1 && beats(Some(single(i)), play));
    }
    tables()
        .combinations
        .iter()
        .chain(std::iter::once(&hero()))
        .any(|&m| m & !unseen == 0 && beats(reading(m, play.kind), play))
}

pub fn threatened_follow(cards: u32, kind: Kind, unseen: u32) -> bool {
    match reading(cards, kind) {
        None => true,
        Some(r) => threatened(&r, unseen),
    }
}

/// The `greedy+` policy (`strong_choice`), counting the cards the seat has not seen.
pub fn strong_choice(g: &Game, legal: &[Action]) -> Action {
    let seat = g.to_act;
    let hand = g.hands[seat];
    let unseen = FULL & !g.known(seat);
    let kept = combinations_in(hand).iter().fold(0u32, |m, p| m | p.cards);
    let cost = |cards: u32| -> (u32, u32, u32) {
        let c = self::cost(cards);
        ((cards & kept).count_ones(), c.0, c.1)
    };
    if legal[0].lead {
        let mut sure: Vec<(Action, Play)> = Vec::new();
        let mut sure_singles: Vec<(Action, Play)> = Vec::new();
        for a in legal {
            let p = read_lead(a.cards, a.declare).expect("a legal lead");
            if !threatened(&p, unseen) {
                if p.size() == 3 {
                    sure.push((*a, p));
                } else {
                    sure_singles.push((*a, p));
                }
            }
        }
        if !sure.is_empty() {
            return first_max(sure, |(a, p)| {
                (
                    p.bonus,
                    a.declare == Some(Declare::Special),
                    -(cost(a.cards).2 as i64),
                )
            })
            .expect("sure")
            .0;
        }
        if !sure_singles.is_empty() {
            return first_max(sure_singles, |(a, p)| (p.bonus, -(a.cards as i64)))
                .expect("sure")
                .0;
        }
        let combos: Vec<Action> = legal
            .iter()
            .filter(|a| a.cards.count_ones() == 3)
            .copied()
            .collect();
        if !combos.is_empty() {
            return greedy_choice(g, &combos);
        }
        return first_min(
            legal.iter().filter(|a| a.cards.count_ones() == 1).copied(),
            |a| cost(a.cards),
        )
        .expect("a single");
    }
    let t = g.trick.as_ref().expect("a trick in progress");
    let last = t.plays.len() == g.players - 1;
    let mut winning: Vec<Action> = legal
        .iter()
        .filter(|a| g.follow_beats(a.cards))
        .copied()
        .collect();
    if !winning.is_empty() {
        if !last {
            // a beat somebody after it may beat only feeds him the trick
            let kind = t.lead.kind;
            winning.retain(|a| !threatened_follow(a.cards, kind, unseen));
        }
        if !winning.is_empty() {
            return first_min(winning, |a| cost(a.cards)).expect("a beat");
        }
    }
    first_min(legal.iter().copied(), |a| cost(a.cards)).expect("a follow")
}
