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
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::OnceLock;

/// Cards a winning hand holds, concealed and exposed (Q5).
pub const HAND_SIZE: u32 = 15;

type Need = Vec<(u8, u8)>;
/// A group of the distance search, packed: the kinds of which it takes one copy, a second,
/// a third (bit masks of [`pack`]), whether an eye, and its size.
type Packed = (u128, u128, u128, bool, u8);

/// A Pareto front of `(D, M)`: cards thrown away and cards missing, `D` ascending and `M`
/// descending. `D` counts concealed cards (at most 15), so a front never holds more than
/// sixteen points.
#[derive(Clone, Copy, Debug)]
struct Front2 {
    n: u8,
    rows: [(i8, i8); FRONT],
}

const FRONT: usize = 17;

impl Front2 {
    const EMPTY: Front2 = Front2 {
        n: 0,
        rows: [(0, 0); FRONT],
    };

    fn of(points: &[(i8, i8)]) -> Front2 {
        let mut f = Front2::EMPTY;
        f.rows[..points.len()].copy_from_slice(points);
        f.n = points.len() as u8;
        f
    }

    fn rows(&self) -> &[(i8, i8)] {
        &self.rows[..self.n as usize]
    }

    /// Add a point, keeping the front: nothing at or below it already (an equal point
    /// included), and the points it beats dropped.
    fn add(&mut self, d: i8, m: i8) {
        let rows = &mut self.rows[..self.n as usize];
        if rows.iter().any(|&(a, b)| a <= d && b <= m) {
            return;
        }
        let mut k = 0;
        for i in 0..self.n as usize {
            let (a, b) = self.rows[i];
            if !(d <= a && m <= b) {
                self.rows[k] = (a, b);
                k += 1;
            }
        }
        // insert in order of D
        let at = self.rows[..k].iter().position(|&(a, _)| a > d).unwrap_or(k);
        debug_assert!(k < FRONT, "a distance front of more than {FRONT} points");
        self.rows.copy_within(at..k, at + 1);
        self.rows[at] = (d, m);
        self.n = (k + 1) as u8;
    }
}

/// What the searches read, made once per set of rules.
pub struct Tables {
    /// Per kind: the groups whose lowest kind it is (eyes first), with whether an eye.
    low: Vec<Vec<(Need, bool)>>,
    /// Per numeral that is no extra: its mates (kinds sharing a three-card group) and its
    /// three-card groups — the quick refusal of `wins`.
    plain: Vec<(usize, Vec<usize>, Vec<Need>)>,
    /// Per kind: the distance search's groups holding it, packed (one copy, a second, a
    /// third of each kind, as bit masks), whether an eye, and its size.
    packed: Vec<Vec<Packed>>,
    /// Per kind: every group holding it (the waits' search).
    holed: Vec<Vec<(Need, bool)>>,
    /// The eyes of flowers and one numeral: their flowers, and the numeral.
    flowered: Vec<(Need, u8)>,
    /// Per kind of a discard: the sets of cards that show it in a group (Q7), with the
    /// cards in pack order and whether the group is an eye (`_shown_with`).
    pub shown_with: Vec<Vec<(Counts, Vec<u8>, bool)>>,
}

fn one(k: usize) -> u128 {
    1u128 << (3 * k)
}

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
                .map(|p| (p.need.clone(), p.eye))
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
        .map(|ps| ps.iter().map(|p| (p.need.clone(), p.eye)).collect())
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
            (flowers, numeral)
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

#[derive(Default)]
struct Memo {
    search: FxHashMap<(u128, bool), bool>,
    holes: FxHashMap<(u128, bool), u32>,
    /// A hand's two fronts, as where their points start in `points` and how many each has
    /// (kept small, so that the table stays in cache).
    classes: FxHashMap<u128, (u32, u8, u8)>,
    points: Vec<(i8, i8)>,
}

impl Memo {
    fn fronts(&self, at: (u32, u8, u8)) -> (Front2, Front2) {
        let (start, a, b) = (at.0 as usize, at.1 as usize, at.2 as usize);
        (
            Front2::of(&self.points[start..start + a]),
            Front2::of(&self.points[start + a..start + a + b]),
        )
    }

    fn keep(&mut self, x: u128, f0: &Front2, f1: &Front2) {
        let start = self.points.len() as u32;
        self.points.extend_from_slice(f0.rows());
        self.points.extend_from_slice(f1.rows());
        self.classes.insert(x, (start, f0.n, f1.n));
    }
}

const MEMO_LIMIT: usize = 1 << 20;

thread_local! {
    static MEMO: [RefCell<Memo>; 2] = Default::default();
}

fn with_memo<T>(rules: Rules, f: impl FnOnce(&mut Memo) -> T) -> T {
    MEMO.with(|m| {
        let mut memo = m[rules.wilkinson as usize].borrow_mut();
        if memo.search.len() + memo.holes.len() > MEMO_LIMIT {
            memo.search.clear();
            memo.holes.clear();
        }
        if memo.classes.len() > MEMO_LIMIT {
            memo.classes.clear();
            memo.points.clear();
        }
        f(&mut memo)
    })
}

fn holds(c: &Counts, need: &[(u8, u8)]) -> bool {
    need.iter().all(|&(k, n)| c[k as usize] >= n)
}

fn minus(c: &Counts, need: &[(u8, u8)]) -> Counts {
    let mut out = *c;
    for &(k, n) in need {
        out[k as usize] -= n;
    }
    out
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
    with_memo(rules, |m| search(t, m, hand, eye))
}

fn search(t: &Tables, m: &mut Memo, c: &Counts, eye: bool) -> bool {
    let Some(i) = (0..NUMERALS).find(|&k| c[k] > 0) else {
        return eye;
    };
    let key = (pack(c), eye);
    if let Some(&found) = m.search.get(&key) {
        return found;
    }
    let mut result = false;
    if is_extra(i) {
        let mut nc = *c;
        nc[i] -= 1;
        result = search(t, m, &nc, eye);
    }
    if !result {
        for (need, is_eye) in &t.low[i] {
            if holds(c, need) && search(t, m, &minus(c, need), eye || *is_eye) {
                result = true;
                break;
            }
        }
    }
    m.search.insert(key, result);
    result
}

/// The Pareto-minimal `(D, M)` of the configurations without an eye and with one.
fn classes(t: &Tables, m: &mut Memo, x: u128) -> (Front2, Front2) {
    if x == 0 {
        let mut none = Front2::EMPTY;
        none.add(0, 0);
        return (none, Front2::EMPTY);
    }
    if let Some(&at) = m.classes.get(&x) {
        return m.fronts(at);
    }
    let i = (x.trailing_zeros() / 3) as usize;
    let skip = if is_extra(i) { 0 } else { 1 };
    let (c0, c1) = classes(t, m, x - one(i));
    let mut r0 = Front2::EMPTY;
    let mut r1 = Front2::EMPTY;
    for &(d, mm) in c0.rows() {
        r0.add(d + skip, mm);
    }
    for &(d, mm) in c1.rows() {
        r1.add(d + skip, mm);
    }
    let mut done: [(u128, bool, u8); 64] = [(0, false, 0); 64];
    let mut n_done = 0;
    let spread = |v: u128| v | v >> 1 | v >> 2;
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
        if done[..n_done].contains(&(nx, is_eye, miss)) {
            continue;
        }
        if n_done < done.len() {
            done[n_done] = (nx, is_eye, miss);
            n_done += 1;
        }
        let (n0, n1) = classes(t, m, nx);
        let mi = miss as i8;
        for &(d, mm) in n0.rows() {
            if is_eye {
                r1.add(d, mm + mi);
            } else {
                r0.add(d, mm + mi);
            }
        }
        for &(d, mm) in n1.rows() {
            r1.add(d, mm + mi);
        }
    }
    m.keep(x, &r0, &r1);
    (r0, r1)
}

/// The distance front `(D, M)` of the concealed cards `c`, `eye` if one is exposed.
fn front2(t: &Tables, m: &mut Memo, c: &Counts, eye: bool) -> Front2 {
    let (no_eye, with_eye) = classes(t, m, pack(c));
    let mut out = Front2::EMPTY;
    for &(d, mm) in no_eye.rows() {
        out.add(d, if eye { mm } else { mm + 3 });
    }
    for &(d, mm) in with_eye.rows() {
        out.add(d, mm);
    }
    out
}

/// The fewest cards to exchange to win for the concealed `hand` holding `target` or
/// `target − 1` cards (`target`: 15 less the exposed cards; `eye`: an eye is exposed;
/// `own`: every card the seat holds or has exposed, which no longer counts as coming).
pub fn distance(rules: Rules, hand: &Counts, eye: bool, target: u32, own: &Counts) -> Result<i32> {
    let n = super::cards::size(hand);
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
    let best = front
        .rows()
        .iter()
        .map(|&(d, mm)| (target as i32 - n as i32 + d as i32).max(mm as i32))
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
    let mask = with_memo(rules, |m| holes(t, m, hand, eye));
    let mut out = 0;
    for k in 0..KINDS {
        if mask >> k & 1 == 1 && hand[k] < COPIES && own[k] < COPIES {
            out |= 1 << k;
        }
    }
    out
}

const EXTRA_MASK: u32 = 1 | 1 << 9 | 1 << 18 | 1 << 27 | 1 << 28 | 1 << 29;

/// The kinds a card of which makes `c` win, in one search (`_holes`).
fn holes(t: &Tables, m: &mut Memo, c: &Counts, eye: bool) -> u32 {
    let Some(i) = (0..NUMERALS).find(|&k| c[k] > 0) else {
        let mut mask = if eye { EXTRA_MASK } else { 0 };
        for (need, hole) in &t.flowered {
            if holds(c, need) {
                mask |= 1 << hole;
            }
        }
        return mask;
    };
    let key = (pack(c), eye);
    if let Some(&found) = m.holes.get(&key) {
        return found;
    }
    let mut mask = 0u32;
    if is_extra(i) {
        let mut nc = *c;
        nc[i] -= 1;
        mask |= holes(t, m, &nc, eye);
    }
    for (need, is_eye) in &t.low[i] {
        if holds(c, need) {
            mask |= holes(t, m, &minus(c, need), eye || *is_eye);
        }
    }
    for (need, is_eye) in &t.holed[i] {
        let mut hole: Option<u8> = None;
        let mut fits = true;
        for &(k, n) in need {
            let short = n as i32 - c[k as usize] as i32;
            if short > 0 {
                if short > 1 || hole.is_some() {
                    fits = false;
                    break;
                }
                hole = Some(k);
            }
        }
        if let (true, Some(h)) = (fits, hole) {
            if mask >> h & 1 == 0 {
                let mut nc = *c;
                for &(k, n) in need {
                    nc[k as usize] -= if k != h { n } else { n - 1 };
                }
                if search(t, m, &nc, eye || *is_eye) {
                    mask |= 1 << h;
                }
            }
        }
    }
    m.holes.insert(key, mask);
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
    fn the_python_doctests() {
        let r = Rules::of("culin", false).unwrap();
        let h = hand("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c");
        assert!(wins(r, &h, false));
        let h = hand("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF");
        assert_eq!(distance(r, &h, false, 15, &h).unwrap(), 1);
    }
}
