//! The solver (`advisor/qing/solver.py`, without `extras_replace`): whether a hand wins
//! (Q2–Q5), how far it is from winning (the distance the bots play by), and the kinds it
//! waits for — the same searches as the Python solver's, so the same answers.
//!
//! **Winning.** The lowest numeral held is an extra left over (Q4), or lies in an eye or a
//! boy (sequences of 3 to 5 cards suffice: a longer one is two of them) that takes the
//! cards it needs; the rest is solved the same way, memoised. With no numeral left the
//! flowers are extras, and the hand wins if an eye was found.
//!
//! **Distance.** `max(m − n + D, M)` over the Pareto front of `(D, M)` — cards thrown away
//! and cards missing — of the groups a hand could make, found on counts packed three bits
//! a kind (`_classes`); 0 and 1 only as the exact searches confirm (a win, a wait).

use super::cards::{is_extra, Counts, COPIES, KINDS, NUMERALS};
use super::rules::{boys, eyes, Rules};
use crate::error::{Error, Result};
use std::cell::RefCell;
use std::sync::OnceLock;

/// Cards a winning hand holds, concealed and exposed (Q5).
pub const HAND_SIZE: u32 = 15;

type Need = Vec<(u8, u8)>;
/// A group of the distance search, packed: the kinds of which it takes one copy, a second,
/// a third (bit masks of [`pack`]), whether an eye, and its size.
type Packed = (u128, u128, u128, bool, u8);

/// A front of `(D, M)`, cards thrown away and cards missing: for each `D` the fewest
/// cards missing of a configuration that throws `D` away ([`NONE`]: no configuration).
/// The distance is a minimum of `max(a + D, M)`, increasing in `M`, so keeping the least
/// `M` of each `D` (dominated rows included) gives the same minimum as the Pareto front
/// of the Python solver's `_classes`, and the searches' steps, each increasing in `D` and
/// `M`, keep it so. `D` counts concealed cards: at most [`MOST`], one slot each.
type Front = [u8; SLOTS];

/// The most concealed cards a hand holds (Q5): the front's last `D`.
const MOST: usize = 15;
/// The most groups of the distance search that a kind is the lowest of (twelve; a test
/// keeps it so).
const GROUPS: usize = 16;
const SLOTS: usize = MOST + 1;
/// No configuration; at or above it a row is empty (additions saturate).
const NONE: u8 = 0x80;

/// The front with no configuration.
const EMPTY: Front = [u8::MAX; SLOTS];

/// `into` ← the least of it and `from` with `D` moved up by `shift` and `M` by `add`.
#[inline(always)]
fn merge(into: &mut Front, from: &Front, shift: usize, add: u8) {
    for d in shift..SLOTS {
        into[d] = into[d].min(from[d - shift].saturating_add(add));
    }
}

/// What the searches read, made once per set of rules.
pub struct Tables {
    /// Per kind: the groups whose lowest kind it is (eyes first), with whether an eye.
    low: Vec<Vec<(Masks, bool)>>,
    /// Per numeral that is no extra: its mates (kinds sharing a three-card group) and its
    /// three-card groups — the quick refusal of `wins`.
    plain: Vec<(usize, Vec<usize>, Vec<Need>)>,
    /// Per kind: the distance search's groups holding it, packed (one copy, a second, a
    /// third of each kind, as bit masks), whether an eye, and its size.
    packed: Vec<Vec<Packed>>,
    /// Per kind: every group holding it (the waits' search).
    holed: Vec<Vec<(Masks, bool)>>,
    /// The eyes of flowers and one numeral: their flowers, and the numeral.
    flowered: Vec<(Masks, u8)>,
    /// Per kind of a discard: the sets of cards that show it in a group (Q7), with the
    /// cards in pack order and whether the group is an eye (`_shown_with`).
    pub shown_with: Vec<Vec<(Counts, Vec<u8>, bool)>>,
}

fn one(k: usize) -> u128 {
    1u128 << (3 * k)
}

/// A group's cards as the kinds of which it takes one copy, a second, a third: bit masks
/// of [`pack`] (the lowest bit of each kind's field).
type Masks = (u128, u128, u128);

fn masks(need: &[(u8, u8)]) -> Masks {
    let copy = |c: u8| {
        need.iter()
            .filter(|x| x.1 > c)
            .map(|x| one(x.0 as usize))
            .sum::<u128>()
    };
    (copy(0), copy(1), copy(2))
}

/// A kind's three bits folded onto its lowest: set where the kind has a copy.
#[inline(always)]
fn spread(v: u128) -> u128 {
    v | v >> 1 | v >> 2
}

/// The packed cards `x` less a group's (`None`: a card missing).
#[inline(always)]
fn take(x: u128, (first, second, third): Masks) -> Option<u128> {
    if spread(x) & first != first {
        return None;
    }
    let x = x - first;
    if spread(x) & second != second {
        return None;
    }
    let x = x - second;
    if spread(x) & third != third {
        return None;
    }
    Some(x - third)
}

/// The packed cards `x` less a group's, and the cards of it missing: how many, and the
/// last kind missing one.
#[inline(always)]
fn short(x: u128, (first, second, third): Masks) -> (u128, u32, u32) {
    let t1 = spread(x) & first;
    let x = x - t1;
    let t2 = spread(x) & second;
    let x = x - t2;
    let t3 = spread(x) & third;
    let missing = (first ^ t1) | (second ^ t2) | (third ^ t3);
    let count = (first ^ t1).count_ones() + (second ^ t2).count_ones() + (third ^ t3).count_ones();
    (x - t3, count, missing.trailing_zeros() / 3)
}

/// The numerals' fields of a packed hand (the flowers' lie above them).
const NUMERAL_BITS: u128 = (1u128 << (3 * NUMERALS)) - 1;

/// A count vector packed three bits a kind (a kind holds at most four copies, Q1).
pub fn pack(c: &Counts) -> u128 {
    let mut x = 0u128;
    for k in (0..KINDS).rev() {
        x = x << 3 | c[k] as u128;
    }
    x
}

fn make(rules: Rules) -> Tables {
    let eyes = eyes(rules);
    let boys5 = boys(5);
    let all5: Vec<_> = eyes.iter().chain(boys5.iter()).collect();
    let low = (0..KINDS)
        .map(|i| {
            all5.iter()
                .filter(|p| p.low as usize == i)
                .map(|p| (masks(&p.need), p.eye))
                .collect()
        })
        .collect();
    let containing: Vec<Vec<_>> = (0..KINDS)
        .map(|i| {
            all5.iter()
                .filter(|p| p.need.iter().any(|x| x.0 as usize == i))
                .copied()
                .collect()
        })
        .collect();
    let threes: Vec<Vec<Need>> = (0..KINDS)
        .map(|i| {
            containing[i]
                .iter()
                .filter(|p| p.size == 3)
                .map(|p| p.need.clone())
                .collect()
        })
        .collect();
    let mates: Vec<Vec<usize>> = (0..KINDS)
        .map(|i| {
            let mut m: Vec<usize> = threes[i]
                .iter()
                .flat_map(|n| n.iter().map(|x| x.0 as usize))
                .filter(|&k| k != i)
                .collect();
            m.sort_unstable();
            m.dedup();
            m
        })
        .collect();
    let plain = (0..NUMERALS)
        .filter(|&i| !is_extra(i))
        .map(|i| (i, mates[i].clone(), threes[i].clone()))
        .collect();
    let packed = (0..KINDS)
        .map(|i| {
            // (needs of kinds ≥ i, eye, size) of the groups holding i (a boy holds no flower)
            let mut smallest: Vec<(Need, bool, u8)> = Vec::new();
            for p in containing[i].iter().filter(|p| p.eye || i < NUMERALS) {
                let items: Need = p
                    .need
                    .iter()
                    .filter(|x| x.0 as usize >= i)
                    .copied()
                    .collect();
                match smallest.iter_mut().find(|s| s.0 == items && s.1 == p.eye) {
                    Some(s) => s.2 = s.2.min(p.size),
                    None => smallest.push((items, p.eye, p.size)),
                }
            }
            smallest
                .into_iter()
                .map(|(items, eye, size)| {
                    let mask = |copy: u8| {
                        items
                            .iter()
                            .filter(|x| x.1 > copy)
                            .map(|x| one(x.0 as usize))
                            .sum::<u128>()
                    };
                    (mask(0), mask(1), mask(2), eye, size)
                })
                .collect()
        })
        .collect();
    let holed = containing
        .iter()
        .map(|ps| ps.iter().map(|p| (masks(&p.need), p.eye)).collect())
        .collect();
    let flowered = all5
        .iter()
        .filter(|p| {
            p.eye
                && p.need
                    .iter()
                    .filter(|x| (x.0 as usize) < NUMERALS)
                    .map(|x| x.1)
                    .sum::<u8>()
                    == 1
        })
        .map(|p| {
            let flowers: Need = p
                .need
                .iter()
                .filter(|x| x.0 as usize >= NUMERALS)
                .copied()
                .collect();
            let numeral = p
                .need
                .iter()
                .find(|x| (x.0 as usize) < NUMERALS)
                .expect("one numeral")
                .0;
            (masks(&flowers), numeral)
        })
        .collect();
    let boys9 = boys(9);
    let shown_with = (0..KINDS)
        .map(|x| {
            let mut found: Vec<(Counts, Vec<u8>, bool)> = Vec::new();
            for p in eyes.iter().chain(boys9.iter()) {
                if !p.need.iter().any(|n| n.0 as usize == x) {
                    continue;
                }
                let mut need = [0u8; KINDS];
                for &(k, n) in &p.need {
                    need[k as usize] = n;
                }
                need[x] -= 1;
                if found.iter().any(|f| f.0 == need) {
                    continue;
                }
                let mut whole = need;
                whole[x] += 1;
                // the group the cards make with the discard (an eye preferred, Q2)
                if let Some(eye) = super::rules::identify(&whole, rules) {
                    let cards = super::cards::kinds_of(&need);
                    found.push((need, cards, eye));
                }
            }
            found
        })
        .collect();
    Tables {
        low,
        plain,
        packed,
        holed,
        flowered,
        shown_with,
    }
}

/// The tables of a set of rules (made on first use).
pub fn tables(rules: Rules) -> &'static Tables {
    static CULIN: OnceLock<Tables> = OnceLock::new();
    static WILKINSON: OnceLock<Tables> = OnceLock::new();
    if rules.wilkinson {
        WILKINSON.get_or_init(|| make(rules))
    } else {
        CULIN.get_or_init(|| make(rules))
    }
}

/// A direct-mapped cache: `2^bits` slots, each key in the one slot its hash names, a
/// newcomer replacing what was there. Small enough to stay in the processor's caches,
/// which a table of every hand met does not (its lookups were a third of the search).
/// Key 0 marks an empty slot: no search stores the empty hand.
struct Cache<V: Copy> {
    slots: Vec<(u128, V)>,
    shift: u32,
}

impl<V: Copy + Default> Cache<V> {
    fn new(bits: u32) -> Cache<V> {
        Cache {
            slots: vec![(0, V::default()); 1 << bits],
            shift: 64 - bits,
        }
    }

    #[inline(always)]
    fn slot(&self, key: u128) -> usize {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize
    }

    #[inline(always)]
    fn get(&self, key: u128) -> Option<V> {
        let (k, v) = self.slots[self.slot(key)];
        (k == key && key != 0).then_some(v)
    }

    #[inline(always)]
    fn put(&mut self, key: u128, v: V) {
        debug_assert!(key != 0, "the empty hand is never stored");
        let at = self.slot(key);
        self.slots[at] = (key, v);
    }
}

struct Memo {
    search: Cache<bool>,
    holes: Cache<u32>,
    /// A hand's two fronts, without an eye and with one.
    classes: Cache<(Front, Front)>,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            search: Cache::new(SEARCH_BITS),
            holes: Cache::new(SEARCH_BITS),
            classes: Cache::new(CLASSES_BITS),
        }
    }
}

const SEARCH_BITS: u32 = 16;
const CLASSES_BITS: u32 = 15;

thread_local! {
    /// Each thread's caches, per sixth eye (made on a thread's first search of it).
    static MEMO: [RefCell<Option<Memo>>; 2] = Default::default();
}

fn with_memo<T>(rules: Rules, f: impl FnOnce(&mut Memo) -> T) -> T {
    MEMO.with(|m| {
        f(m[rules.wilkinson as usize]
            .borrow_mut()
            .get_or_insert_with(Memo::default))
    })
}

fn holds(c: &Counts, need: &[(u8, u8)]) -> bool {
    need.iter().all(|&(k, n)| c[k as usize] >= n)
}

/// Whether the concealed `hand` completes a win (every card in a group or an extra, an
/// eye among the groups unless `eye`: one is exposed).
pub fn wins(rules: Rules, hand: &Counts, eye: bool) -> bool {
    let t = tables(rules);
    for (i, near, groups) in &t.plain {
        let i = *i;
        if hand[i] > 0 {
            if hand[i] as u32 + near.iter().map(|&k| hand[k] as u32).sum::<u32>() < 3 {
                return false;
            }
            if !groups.iter().any(|need| holds(hand, need)) {
                return false;
            }
        }
    }
    with_memo(rules, |m| search(t, m, pack(hand), eye))
}

fn search(t: &Tables, m: &mut Memo, x: u128, eye: bool) -> bool {
    if x & NUMERAL_BITS == 0 {
        return eye;
    }
    let i = (x.trailing_zeros() / 3) as usize;
    let key = x | (eye as u128) << 100;
    if let Some(found) = m.search.get(key) {
        return found;
    }
    let result = (is_extra(i) && search(t, m, x - one(i), eye))
        || t.low[i]
            .iter()
            .any(|&(need, is_eye)| take(x, need).is_some_and(|nx| search(t, m, nx, eye || is_eye)));
    m.search.put(key, result);
    result
}

/// The least `M` for each `D` ([`Front`]) of the configurations without an eye and with
/// one.
fn classes(t: &Tables, m: &mut Memo, x: u128) -> (Front, Front) {
    if x == 0 {
        let mut none = EMPTY;
        none[0] = 0;
        return (none, EMPTY);
    }
    if let Some(at) = m.classes.get(x) {
        return at;
    }
    let i = (x.trailing_zeros() / 3) as usize;
    let skip = if is_extra(i) { 0 } else { 1 };
    let (c0, c1) = classes(t, m, x - one(i));
    let mut r0 = EMPTY;
    let mut r1 = EMPTY;
    merge(&mut r0, &c0, skip, 0);
    merge(&mut r1, &c1, skip, 0);
    // the groups' remainders first (each once), then their fronts looked up together,
    // so that the lookups' trips to memory overlap; the ones not found are searched last
    let mut done: [(u128, bool, u8); GROUPS] = [(0, false, 0); GROUPS];
    let mut n_done = 0;
    for &(first, second, third, is_eye, size) in &t.packed[i] {
        let mut tk = spread(x) & first;
        let mut nx = x - tk;
        let mut held = tk.count_ones();
        if second != 0 {
            tk = spread(nx) & second;
            nx -= tk;
            held += tk.count_ones();
            if third != 0 {
                tk = spread(nx) & third;
                nx -= tk;
                held += tk.count_ones();
            }
        }
        if held < 2 && !is_eye {
            continue;
        }
        let miss = size - held as u8;
        if !done[..n_done].contains(&(nx, is_eye, miss)) {
            done[n_done] = (nx, is_eye, miss);
            n_done += 1;
        }
    }
    let mut found: [Option<(Front, Front)>; GROUPS] = [None; GROUPS];
    for (f, &(nx, _, _)) in found.iter_mut().zip(&done[..n_done]) {
        *f = m.classes.get(nx);
    }
    for (f, &(nx, is_eye, miss)) in found.iter().zip(&done[..n_done]) {
        let (n0, n1) = match f {
            Some(at) => *at,
            None => classes(t, m, nx),
        };
        merge(if is_eye { &mut r1 } else { &mut r0 }, &n0, 0, miss);
        merge(&mut r1, &n1, 0, miss);
    }
    m.classes.put(x, (r0, r1));
    (r0, r1)
}

/// The front (the least `M` of each `D`) of the concealed cards `c`, `eye` if one is
/// exposed.
fn front2(t: &Tables, m: &mut Memo, c: &Counts, eye: bool) -> Front {
    let (no_eye, with_eye) = classes(t, m, pack(c));
    let mut out = with_eye;
    merge(&mut out, &no_eye, 0, if eye { 0 } else { 3 });
    out
}

/// The fewest cards to exchange to win for the concealed `hand` holding `target` or
/// `target − 1` cards (`target`: 15 less the exposed cards; `eye`: an eye is exposed;
/// `own`: every card the seat holds or has exposed, which no longer counts as coming).
pub fn distance(rules: Rules, hand: &Counts, eye: bool, target: u32, own: &Counts) -> Result<i32> {
    let n = super::cards::size(hand);
    if n as usize > MOST {
        return Err(Error::invalid(format!(
            "hand: {n} concealed cards; a hand holds at most {MOST} (Q5)"
        )));
    }
    if n != target && n + 1 != target {
        return Err(Error::invalid(format!(
            "hand: {n} concealed cards; the distance is for {} or {target} (Q5)",
            target as i64 - 1
        )));
    }
    if n == target && wins(rules, hand, eye) {
        return Ok(0);
    }
    let t = tables(rules);
    let front = with_memo(rules, |m| front2(t, m, hand, eye));
    let best = (0..SLOTS)
        .filter(|&d| front[d] < NONE)
        .map(|d| (target as i32 - n as i32 + d as i32).max(front[d] as i32))
        .min()
        .unwrap_or(i32::MAX);
    if best <= 1 {
        let near = if n == target {
            (0..KINDS).filter(|&k| hand[k] > 0).any(|k| {
                let mut h = *hand;
                h[k] -= 1;
                waits(rules, &h, eye, own) != 0
            })
        } else {
            waits(rules, hand, eye, own) != 0
        };
        return Ok(if near { 1 } else { 2 });
    }
    Ok(best)
}

/// The kinds (as bits) that complete a hand one card short of winning, a copy of each
/// outside the seat's `own` cards.
pub fn waits(rules: Rules, hand: &Counts, eye: bool, own: &Counts) -> u32 {
    let t = tables(rules);
    let mask = with_memo(rules, |m| holes(t, m, pack(hand), eye));
    let mut out = 0;
    for k in 0..KINDS {
        if mask >> k & 1 == 1 && hand[k] < COPIES && own[k] < COPIES {
            out |= 1 << k;
        }
    }
    out
}

const EXTRA_MASK: u32 = 1 | 1 << 9 | 1 << 18 | 1 << 27 | 1 << 28 | 1 << 29;

/// The kinds a card of which makes the packed cards `x` win, in one search (`_holes`).
fn holes(t: &Tables, m: &mut Memo, x: u128, eye: bool) -> u32 {
    if x & NUMERAL_BITS == 0 {
        let mut mask = if eye { EXTRA_MASK } else { 0 };
        for &(need, hole) in &t.flowered {
            if take(x, need).is_some() {
                mask |= 1 << hole;
            }
        }
        return mask;
    }
    let i = (x.trailing_zeros() / 3) as usize;
    let key = x | (eye as u128) << 100;
    if let Some(found) = m.holes.get(key) {
        return found;
    }
    let mut mask = 0u32;
    if is_extra(i) {
        mask |= holes(t, m, x - one(i), eye);
    }
    for &(need, is_eye) in &t.low[i] {
        if let Some(nx) = take(x, need) {
            mask |= holes(t, m, nx, eye || is_eye);
        }
    }
    for &(need, is_eye) in &t.holed[i] {
        let (nx, missing, h) = short(x, need);
        if missing == 1 && mask >> h & 1 == 0 && search(t, m, nx, eye || is_eye) {
            mask |= 1 << h;
        }
    }
    m.holes.put(key, mask);
    mask
}

#[cfg(test)]
mod tests {
    use super::super::cards::{counts_of, parse};
    use super::*;

    fn hand(text: &str) -> Counts {
        counts_of(
            &text
                .split_whitespace()
                .map(|c| parse(c).unwrap() as u8)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn no_kind_is_the_lowest_of_more_groups_than_the_search_holds() {
        for wilkinson in [false, true] {
            let t = tables(Rules { wilkinson });
            assert!(t.packed.iter().all(|p| p.len() <= GROUPS));
        }
    }

    #[test]
    fn the_python_doctests() {
        let r = Rules::of("culin", false).unwrap();
        let h = hand("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c");
        assert!(wins(r, &h, false));
        let h = hand("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF");
        assert_eq!(distance(r, &h, false, 15, &h).unwrap(), 1);
    }
}
