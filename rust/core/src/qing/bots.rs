//! The `greedy` and `greedy+` players of Qing Kanhu (`advisor/qing/bots.py`), choice for
//! choice: the same distances, the same keys, ties broken the same way.

use super::cards::{is_extra, Counts, KINDS, NUMERALS};
use super::game::{unpacked, Action, Do, Game};
use super::solver::{distance, waits, wins};

/// For each numeral, the kinds sharing a sequence or a number with it (itself once).
pub fn neighbours(i: usize) -> Vec<usize> {
    if i >= NUMERALS {
        return Vec::new();
    }
    let (suit, rank) = (i / 9, i % 9);
    let mut near: Vec<usize> = (rank.saturating_sub(2)..=(rank + 2).min(8))
        .map(|r| suit * 9 + r)
        .collect();
    near.extend((0..3).filter(|&s| s != suit).map(|s| s * 9 + rank));
    near
}

fn neighbours_of(i: usize) -> &'static [usize] {
    use std::sync::OnceLock;
    static N: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    &N.get_or_init(|| (0..KINDS).map(neighbours).collect())[i]
}

/// How many hand cards could share a group with the kind `i` (fewer is a better discard;
/// an extra, Q4, is never idle).
fn partners(hand: &Counts, i: usize) -> i32 {
    if is_extra(i) {
        return 99;
    }
    if i < NUMERALS {
        neighbours_of(i)
            .iter()
            .map(|&k| hand[k] as i32)
            .sum::<i32>()
            - 1
    } else {
        0
    }
}

/// What the seat to act knows that the keys read (its VIEW's `hand`, `eye`, `target`,
/// `own`, `unseen`).
struct Seen {
    hand: Counts,
    eye: bool,
    target: u32,
    own: Counts,
    unseen: Counts,
}

fn seen(g: &Game) -> Seen {
    let s = &g.seats[g.to_act];
    Seen {
        hand: s.hand,
        eye: s.eye(),
        target: s.target(),
        own: s.own(),
        unseen: g.unseen(g.to_act),
    }
}

fn dist(g: &Game, v: &Seen, hand: &Counts) -> i32 {
    distance(g.rules, hand, v.eye, v.target, &v.own).expect("a hand of the seat's size")
}

fn minus(hand: &Counts, k: usize) -> Counts {
    let mut h = *hand;
    h[k] -= 1;
    h
}

/// `discard_key`: the distance left, the unseen copies of the waits one card from a win,
/// the card's partners, and the card (a higher one first).
fn discard_key(g: &Game, v: &Seen, c: usize, d: Option<i32>) -> (i32, i32, i32, i32) {
    let after = minus(&v.hand, c);
    let d = d.unwrap_or_else(|| dist(g, v, &after));
    let mut waiting = 0;
    if d == 1 {
        let w = waits(g.rules, &after, v.eye, &v.own);
        waiting = (0..KINDS)
            .filter(|&k| w >> k & 1 == 1)
            .map(|k| v.unseen[k] as i32)
            .sum();
    }
    (d, -waiting, partners(&v.hand, c), -(c as i32))
}

/// The discards that leave a wait (`_waiting`).
fn waiting(g: &Game, v: &Seen, discards: &[Action]) -> Vec<Action> {
    discards
        .iter()
        .filter(|a| waits(g.rules, &minus(&v.hand, a.arg as usize), v.eye, &v.own) != 0)
        .copied()
        .collect()
}

fn min_by_key<K: Ord>(xs: &[Action], key: impl Fn(&Action) -> K) -> Action {
    let mut best: Option<(K, Action)> = None;
    for a in xs {
        let k = key(a);
        if best.as_ref().is_none_or(|(b, _)| k < *b) {
            best = Some((k, *a));
        }
    }
    best.expect("an action").1
}

/// `best_discard`: the greedy player's discard.
fn best_discard(g: &Game, v: &Seen, discards: &[Action]) -> Action {
    let whole = dist(g, v, &v.hand);
    let w = if whole == 1 {
        waiting(g, v, discards)
    } else {
        Vec::new()
    };
    if !w.is_empty() {
        return min_by_key(&w, |a| discard_key(g, v, a.arg as usize, Some(1)));
    }
    if whole >= 2 {
        let mut sorted = discards.to_vec();
        sorted.sort_by_key(|a| (partners(&v.hand, a.arg as usize), -(a.arg as i32)));
        for a in sorted {
            if dist(g, v, &minus(&v.hand, a.arg as usize)) <= whole {
                return a;
            }
        }
    }
    min_by_key(discards, |a| discard_key(g, v, a.arg as usize, None))
}

/// The unseen copies of the kinds that would join `c` and a card of the hand in a group.
fn live_cards(v: &Seen, c: usize) -> i32 {
    if c >= NUMERALS {
        return 99;
    }
    neighbours_of(c)
        .iter()
        .filter(|&&k| k != c && neighbours_of(k).iter().any(|&j| j != k && v.hand[j] > 0))
        .map(|&k| v.unseen[k] as i32)
        .sum()
}

type StrongKey = (i32, i32, i32, i32, i32, i32);

/// `strong_discard_key`: `discard_key`, with a card the next player cannot use from the
/// seat (he threw it, or the seat did: only he may take it, Q7) first among equals, and
/// the live cards that would join it.
fn strong_key(g: &Game, v: &Seen, c: usize, d: Option<i32>) -> StrongKey {
    let (d, waits, part, idx) = discard_key(g, v, c, d);
    let nxt = g.next_seat(g.to_act);
    let safe = g.seats[nxt].discards.contains(&(c as u8))
        || g.seats[g.to_act].discards.contains(&(c as u8));
    (
        d,
        waits,
        (!safe) as i32,
        part,
        if part < 99 { live_cards(v, c) } else { 99 },
        idx,
    )
}

/// `StrongBot.discard`.
fn strong_discard(g: &Game, v: &Seen, discards: &[Action]) -> Action {
    let whole = dist(g, v, &v.hand);
    let mut d = None;
    let mut pool = discards.to_vec();
    if whole == 1 {
        let w = waiting(g, v, discards);
        if !w.is_empty() {
            pool = w;
            d = Some(1);
        }
    } else if whole >= 2 {
        let mut sorted = discards.to_vec();
        sorted.sort_by_key(|a| {
            let k = strong_key(g, v, a.arg as usize, Some(whole));
            (k.2, k.3, k.4, k.5)
        });
        for a in sorted {
            if dist(g, v, &minus(&v.hand, a.arg as usize)) <= whole {
                return a;
            }
        }
    }
    min_by_key(&pool, |a| strong_key(g, v, a.arg as usize, d))
}

/// `take_value`: the distance after a take and the best discard that follows it (0: a
/// win); with `beat`, a take that cannot leave less than it is not searched further.
fn take_value(g: &Game, v: &Seen, a: &Action, beat: Option<i32>) -> i32 {
    let (x, _) = g.offer.expect("a discard on offer");
    let with = unpacked(a.arg);
    let shown: u32 = with.iter().map(|&n| n as u32).sum();
    let mut hand = v.hand;
    for k in 0..KINDS {
        hand[k] -= with[k];
    }
    let target = v.target - shown - 1;
    let mut own = v.own;
    own[x as usize] += 1;
    let makes_eye = super::solver::tables(g.rules).shown_with[x as usize]
        .iter()
        .find(|t| t.0 == with)
        .is_some_and(|t| t.2);
    let eye = v.eye || makes_eye;
    if wins(g.rules, &hand, eye) {
        return 0;
    }
    if beat.is_some_and(|b| b <= 1) {
        return 1;
    }
    let mut least = 1;
    if super::cards::size(&hand) == target {
        let whole = distance(g.rules, &hand, eye, target, &own).expect("the size checked");
        if whole >= 2 {
            if beat.is_some_and(|b| whole >= b) {
                return whole;
            }
            least = whole;
        }
    }
    let mut best = 99;
    for k in 0..KINDS {
        if hand[k] > 0 {
            let after = minus(&hand, k);
            best = best.min(distance(g.rules, &after, eye, target, &own).expect("one card less"));
            if best <= least {
                break;
            }
        }
    }
    best
}

/// The greedy player's action (`GreedyBot.decide`), or with `strong` the `greedy+` one's.
pub fn greedy_choice(g: &Game, legal: &[Action], strong: bool) -> Action {
    if let Some(a) = legal.iter().find(|a| a.what == Do::Win) {
        return *a;
    }
    let v = seen(g);
    let discards: Vec<Action> = legal
        .iter()
        .filter(|a| a.what == Do::Discard)
        .copied()
        .collect();
    if !discards.is_empty() {
        return if strong {
            strong_discard(g, &v, &discards)
        } else {
            best_discard(g, &v, &discards)
        };
    }
    let takes: Vec<Action> = legal
        .iter()
        .filter(|a| a.what == Do::Take)
        .copied()
        .collect();
    let pass = legal.iter().find(|a| a.what == Do::Pass).copied();
    if !takes.is_empty() {
        let mut best: Option<(i32, i32)> = None;
        let mut choice = 0;
        for (n, a) in takes.iter().enumerate() {
            let shown = -(unpacked(a.arg).iter().map(|&c| c as i32).sum::<i32>());
            let mut beat = None;
            if let Some(b) = best {
                if (0, shown) >= b {
                    continue; // even a win would not come first
                }
                beat = Some(b.0 + (shown < b.1) as i32);
            }
            let key = (take_value(g, &v, a, beat), shown);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
                choice = n;
            }
        }
        let best = best.expect("a take");
        if pass.is_some() || best.0 < dist(g, &v, &v.hand) {
            return takes[choice];
        }
    }
    legal
        .iter()
        .find(|a| a.what == Do::Draw)
        .or(pass.as_ref())
        .copied()
        .unwrap_or(legal[0])
}
