//! The `greedy` and `greedy+` players (`advisor/khanhoo/bots.py`, `strong.py`), decision for
//! decision: the same distances, acceptance, partners, dead cards and claim dangers, the
//! same ties.

use super::cards::{Counts, JOKER, KINDS, NUMERALS};
use super::game::{Action, Do, Game};
use super::rules::royal_partner;
use super::solver::{
    self, caps_of, distance, distance_within, Solver, HAND_SIZE, NMAX, ORPHAN_SIZE,
};

/// What a seat knows of its own cards (`bots.SeatCards`).
pub struct SeatCards {
    pub hand: Counts,
    pub own: Counts,
    pub target: i32,
    pub unseen: Counts,
}

impl SeatCards {
    pub fn of(g: &Game, seat: usize) -> SeatCards {
        let s = &g.seats[seat];
        let laid = s.laid();
        let base = if g.orphan == Some(seat) {
            ORPHAN_SIZE
        } else {
            HAND_SIZE
        };
        let target = base - laid.len() as i32;
        let mut own = s.hand;
        for &c in &laid {
            own[c as usize] += 1;
        }
        let mut seen = [0u8; KINDS];
        for (n, t) in g.seats.iter().enumerate() {
            if n != seat {
                for m in &t.melds {
                    for &c in &m.cards {
                        seen[c as usize] += 1;
                    }
                }
            }
        }
        for &c in &g.pile {
            seen[c as usize] += 1;
        }
        let pack = g.rules.pack();
        let unseen =
            std::array::from_fn(|k| (pack[k] as i32 - own[k] as i32 - seen[k] as i32).max(0) as u8);
        SeatCards {
            hand: s.hand,
            own,
            target,
            unseen,
        }
    }
}

fn without(c: &Counts, cards: &[u8]) -> Counts {
    let mut out = *c;
    for &x in cards {
        out[x as usize] -= 1;
    }
    out
}

const SPECIAL: [(usize, [usize; 2]); 3] = [(0, [10, 20]), (10, [0, 20]), (20, [0, 10])];
const COURTS: [usize; 3] = [27, 28, 29];

/// Hand cards that could share a combination with `c` (`bots.partners`).
pub fn partners(hand: &Counts, c: usize) -> i32 {
    if c == JOKER {
        return 99;
    }
    let h = |k: usize| hand[k] as i32;
    let mut n = 0;
    if c < NUMERALS {
        let (suit, rank) = (c / 9, c % 9);
        for r in rank.saturating_sub(2)..=(rank + 2).min(8) {
            n += h(suit * 9 + r) - (r == rank) as i32;
        }
        n += (0..3)
            .filter(|&s| s != suit)
            .map(|s| h(s * 9 + rank))
            .sum::<i32>();
    } else {
        n += COURTS.iter().map(|&k| h(k)).sum::<i32>() - 1;
    }
    for (k, others) in SPECIAL {
        if c == k {
            n += others.iter().map(|&o| h(o)).sum::<i32>();
        }
    }
    for court in COURTS {
        let partner = royal_partner(court);
        if c == court {
            n += h(partner);
        }
        if c == partner {
            n += h(court);
        }
    }
    n
}

/// Unseen copies of the kinds that could share a combination with `c` (`strong.live`).
pub fn live(seat: &SeatCards, c: usize) -> i32 {
    if c == JOKER {
        return 99;
    }
    let mut kinds = [false; KINDS];
    if c < NUMERALS {
        let (suit, rank) = (c / 9, c % 9);
        for r in rank.saturating_sub(2)..=(rank + 2).min(8) {
            kinds[suit * 9 + r] = true;
        }
        for s in 0..3 {
            kinds[s * 9 + rank] = true;
        }
    } else {
        for k in COURTS {
            kinds[k] = true;
        }
    }
    for (k, others) in SPECIAL {
        if c == k {
            for o in others {
                kinds[o] = true;
            }
        }
    }
    for court in COURTS {
        let partner = royal_partner(court);
        if c == court {
            kinds[partner] = true;
        }
        if c == partner {
            kinds[court] = true;
        }
    }
    (0..KINDS)
        .filter(|&k| kinds[k])
        .map(|k| seat.unseen[k] as i32)
        .sum()
}

/// The chance an opponent claims the discard `x` (`advice.claim_danger`).
pub fn claim_danger(x: usize, g: &Game, me: usize, seat: &SeatCards) -> f64 {
    let n = g.players;
    let unseen = &seat.unseen;
    let total = unseen.iter().map(|&u| u as i64).sum::<i64>().max(1);
    if x == JOKER {
        return 0.9;
    }
    let table = g.rules.table();
    let mut safe = 1.0f64;
    for k in 1..n {
        if k == 1 || n > 3 || (n == 3 && k == 2) {
            let may_sequence = k == 1 || g.rules.bump_sequences;
            let cards = super::cards::size(&g.seats[(me + k) % n].hand) as f64;
            let ratio = cards / total as f64;
            let p = if ratio < 1.0 { ratio } else { 1.0 };
            let mut miss = 1.0f64;
            for &pn in &table.containing[x] {
                let pattern = &table.patterns[pn];
                if pattern.size != 3 || (pattern.run.is_some() && !may_sequence) {
                    continue;
                }
                let mut chance = 1.0f64;
                for &(i, m) in &pattern.need {
                    let m = m as i32 - (i as usize == x) as i32;
                    if m != 0 {
                        let c = unseen[i as usize] as i32;
                        let none = (1.0 - p).powf(c as f64);
                        let one = if c != 0 {
                            c as f64 * p * (1.0 - p).powf((c - 1) as f64)
                        } else {
                            0.0
                        };
                        chance *= if m == 1 {
                            1.0 - none
                        } else {
                            let y = 1.0 - none - one;
                            if y > 0.0 {
                                y
                            } else {
                                0.0
                            }
                        };
                    }
                }
                miss *= 1.0 - chance;
            }
            safe *= miss;
        }
    }
    1.0 - safe
}

fn d99(v: Option<i32>) -> i32 {
    v.unwrap_or(99)
}

fn scored(s: &mut Solver, seat: &SeatCards, c: usize) -> (i32, i32, i32) {
    let after = without(&seat.hand, &[c as u8]);
    let d = d99(distance(s, &after, seat.target, &seat.own));
    (d, partners(&seat.hand, c), -(c as i32))
}

/// The discard leaving the smallest distance, then the fewest partners, then the highest
/// card (`bots.best_discard`); `discards` are kinds, in the legal order.
fn best_discard(s: &mut Solver, seat: &SeatCards, discards: &[usize]) -> usize {
    let hand = &seat.hand;
    let (target, jokers) = (seat.target, hand[JOKER] as i32);
    let reals: Vec<usize> = discards.iter().copied().filter(|&c| c != JOKER).collect();
    let total: i32 = hand.iter().map(|&n| n as i32).sum();
    if !reals.is_empty() && (3..=NMAX).contains(&target) && total <= target + 1 {
        let caps = caps_of(&seat.own, &s.rules, hand[JOKER]);
        let whole = s.kept(hand, &caps, target, -1);
        if whole >= 0 && target - whole - jokers >= 1 {
            let mut order = reals.clone();
            order.sort_by_key(|&c| (partners(hand, c), -(c as i32)));
            for &c in &order {
                let after = without(hand, &[c as u8]);
                if s.kept(&after, &caps, target, whole - 1) >= whole {
                    let best = ((target - whole - jokers, partners(hand, c), -(c as i32)), c);
                    let mut all = vec![best];
                    for &x in discards {
                        if reals.contains(&x) {
                            continue;
                        }
                        let after = without(hand, &[x as u8]);
                        if best.0 .1 >= 99
                            || distance_within(s, &after, target, &seat.own, best.0 .0 - 1)
                        {
                            all.push((scored(s, seat, x), x));
                        }
                    }
                    return first_min(&all);
                }
            }
        }
    }
    let all: Vec<((i32, i32, i32), usize)> =
        discards.iter().map(|&c| (scored(s, seat, c), c)).collect();
    first_min(&all)
}

fn first_min<K: Ord + Copy>(xs: &[(K, usize)]) -> usize {
    let mut best = xs[0];
    for &x in &xs[1..] {
        if x.0 < best.0 {
            best = x;
        }
    }
    best.1
}

/// The least distance a discard leaves and the discards leaving it (`bots.least_discards`).
fn least_discards(s: &mut Solver, seat: &SeatCards, discards: &[usize]) -> (i32, Vec<usize>) {
    let hand = &seat.hand;
    let (target, jokers) = (seat.target, hand[JOKER] as i32);
    let reals: Vec<usize> = discards.iter().copied().filter(|&c| c != JOKER).collect();
    let total: i32 = hand.iter().map(|&n| n as i32).sum();
    if !reals.is_empty() && (3..=NMAX).contains(&target) && total <= target + 1 {
        let caps = caps_of(&seat.own, &s.rules, hand[JOKER]);
        let whole = s.kept(hand, &caps, target, -1);
        let low = target - whole - jokers;
        if whole >= 0 && low >= 1 {
            let keep: Vec<usize> = reals
                .iter()
                .copied()
                .filter(|&c| s.kept(&without(hand, &[c as u8]), &caps, target, whole - 1) >= whole)
                .collect();
            if !keep.is_empty() {
                let near: Vec<usize> = discards
                    .iter()
                    .copied()
                    .filter(|c| !reals.contains(c))
                    .filter(|&c| {
                        distance_within(s, &without(hand, &[c as u8]), target, &seat.own, low)
                    })
                    .collect();
                if near.iter().all(|&c| scored(s, seat, c).0 == low) {
                    return (
                        low,
                        discards
                            .iter()
                            .copied()
                            .filter(|c| keep.contains(c) || near.contains(c))
                            .collect(),
                    );
                }
            }
        }
    }
    let all: Vec<(i32, usize)> = discards
        .iter()
        .map(|&c| (scored(s, seat, c).0, c))
        .collect();
    let low = all.iter().map(|x| x.0).min().unwrap_or(99);
    (
        low,
        all.iter().filter(|x| x.0 == low).map(|x| x.1).collect(),
    )
}

fn acceptance(s: &mut Solver, seat: &SeatCards, c: usize, d: i32) -> i32 {
    if d >= 99 {
        return 0;
    }
    let after = without(&seat.hand, &[c as u8]);
    solver::useful_cards(s, &after, seat.target, &seat.own, Some(&seat.hand))
        .into_iter()
        .map(|u| seat.unseen[u] as i32)
        .sum()
}

fn most_acceptance(s: &mut Solver, seat: &SeatCards, least: &[usize], low: i32) -> Option<i32> {
    if !(2..99).contains(&low) || least.contains(&JOKER) {
        return None;
    }
    let pack = s.rules.pack();
    let takes: Vec<usize> = (0..KINDS).filter(|&i| seat.own[i] < pack[i]).collect();
    let caps = caps_of(&seat.own, &s.rules, seat.hand[JOKER]);
    let kept = seat.target - low - seat.hand[JOKER] as i32;
    if s.kept(&seat.hand, &caps, seat.target, -1) != kept {
        return None;
    }
    let kinds: Vec<usize> = takes.iter().copied().filter(|&i| i != JOKER).collect();
    let helping = solver::helping(s, &seat.hand, &caps, seat.target, kept, &kinds);
    Some(
        takes
            .iter()
            .filter(|&&i| i == JOKER || helping >> i & 1 == 1)
            .map(|&i| seat.unseen[i] as i32)
            .sum(),
    )
}

/// `greedy+`'s order of discards: acceptance (negated), partners, live copies, danger
/// steps, the card (negated).
type StrongKey = (i32, i32, i32, i64, i32);

/// `greedy+`'s discard (`strong.StrongBot.discard`).
fn strong_discard(
    s: &mut Solver,
    g: &Game,
    me: usize,
    seat: &SeatCards,
    discards: &[usize],
) -> usize {
    let (low, least) = least_discards(s, seat, discards);
    let rest = |c: usize| -> (i32, i32, i64, i32) {
        let danger = claim_danger(c, g, me, seat);
        (
            partners(&seat.hand, c),
            live(seat, c),
            (danger / 0.1).round_ties_even() as i64,
            -(c as i32),
        )
    };
    let most = most_acceptance(s, seat, &least, low);
    let mut order: Vec<((i32, i32, i64, i32), usize)> =
        least.iter().map(|&c| (rest(c), c)).collect();
    order.sort_by_key(|x| x.0);
    let mut best: Option<(StrongKey, usize)> = None;
    for (r, c) in order {
        let k = (-acceptance(s, seat, c, low), r.0, r.1, r.2, r.3);
        if best.is_none_or(|b| k < b.0) {
            best = Some((k, c));
        }
        if most.is_some_and(|m| -k.0 >= m) {
            break;
        }
    }
    best.map_or(least[0], |b| b.1)
}

/// The take or bump that lowers the distance most (`bots.best_claim`).
fn best_claim(s: &mut Solver, g: &Game, seat: &SeatCards, claims: &[Action]) -> Option<Action> {
    let now = d99(distance(s, &seat.hand, seat.target, &seat.own));
    let x = g.offer.as_ref()?.card as usize;
    let mut own = seat.own;
    own[x] += 1;
    let mut best: Option<(i32, i32)> = None;
    let mut choice = None;
    for &a in claims {
        let with = a.with();
        let w = with.len() as i32;
        let mut bound = now - 1;
        if let Some(b) = best {
            bound = bound.min(b.0 - (w <= -b.1) as i32);
        }
        let after = without(&seat.hand, &with);
        let target = seat.target - w - 1;
        if !distance_within(s, &after, target, &own, bound) {
            continue;
        }
        best = Some((d99(distance(s, &after, target, &own)), -w));
        choice = Some(a);
    }
    choice
}

/// The action `greedy` (or, with `plus`, `greedy+`) plays of `legal` (`GreedyBot.decide`).
pub fn greedy(g: &Game, legal: &[Action], plus: bool) -> Action {
    for what in [Do::Out, Do::Quartette] {
        if let Some(&a) = legal.iter().find(|a| a.what == what) {
            return a;
        }
    }
    let me = g.to_act;
    let seat = SeatCards::of(g, me);
    if g.rules.sets >= 4 {
        if let Some(&a) = legal.iter().find(|a| a.what == Do::Cache) {
            return a;
        }
    }
    let discards: Vec<usize> = legal
        .iter()
        .filter(|a| a.what == Do::Discard)
        .filter_map(|a| a.kind())
        .collect();
    solver::with(g.rules, |s| {
        if !discards.is_empty() {
            let c = if plus {
                strong_discard(s, g, me, &seat, &discards)
            } else {
                best_discard(s, &seat, &discards)
            };
            return Action::card(Do::Discard, c);
        }
        let claims: Vec<Action> = legal
            .iter()
            .filter(|a| a.what == Do::Take)
            .chain(legal.iter().filter(|a| a.what == Do::Bump))
            .copied()
            .collect();
        if !claims.is_empty() {
            if let Some(a) = best_claim(s, g, &seat, &claims) {
                return a;
            }
        }
        let otherwise: &[Do] = if plus {
            &[Do::Pass, Do::Draw]
        } else {
            &[Do::Pass]
        };
        for &what in otherwise {
            if let Some(&a) = legal.iter().find(|a| a.what == what) {
                return a;
            }
        }
        legal[0]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_count_suits_ranks_and_specials() {
        let mut hand = [0u8; KINDS];
        for k in [0, 1, 10, 20, 27] {
            hand[k] = 1;
        }
        // Ah: 2h beside it, Ac (no: 9 apart) — Ah's rank in clubs is Ac (9), not held
        assert_eq!(partners(&hand, 0), 1 + 2);
        assert_eq!(partners(&hand, JOKER), 99);
    }
}
