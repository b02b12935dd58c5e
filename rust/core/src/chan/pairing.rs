//! The canonical pairing P0 (rules §2), winning sets (W1, W2), the distance to a win, the
//! waits, the useful faces and the discard table's distances — `advisor/chan/pairing.py`,
//! the same numbers by the same method: per-rank option tables combined by a min-plus
//! convolution over Pareto-optimal states (`docs/pairing.md`).

use super::cards::{Counts, CC, COPIES, NFACES};
use std::sync::OnceLock;

/// Hand + exposed melds + winning card (W1).
pub const WIN_SIZE: i32 = 20;
/// W1: at least six Chắn.
pub const MIN_CHAN: i32 = 6;
pub const MAX_CA: i32 = 10 - MIN_CHAN;

/// P0 of one rank, packed (Chắn | Cạ << 8 | unpaired << 16), by `a * 25 + b * 5 + c`.
const RANK_TABLE: [u32; 125] = {
    let mut t = [0u32; 125];
    let mut i = 0;
    while i < 125 {
        let (a, b, c) = ((i / 25) as u8, (i / 5 % 5) as u8, (i % 5) as u8);
        let left = a % 2 + b % 2 + c % 2;
        let ca = (left >= 2) as u8;
        let chan = a / 2 + b / 2 + c / 2;
        t[i] = chan as u32 | (ca as u32) << 8 | ((left - 2 * ca) as u32) << 16;
        i += 1;
    }
    t
};

/// P0 of the rank whose first face is `s` (or of the Chi chi, `s` = 24), packed.
#[inline]
pub fn group_p0(c: &Counts, s: usize) -> u32 {
    if s == CC {
        (c[CC] / 2) as u32 | ((c[CC] % 2) as u32) << 16
    } else {
        RANK_TABLE[c[s] as usize * 25 + c[s + 1] as usize * 5 + c[s + 2] as usize]
    }
}

/// (Chắn, Cạ, unpaired) of a packed P0.
#[inline]
pub fn unpack(v: u32) -> (i32, i32, i32) {
    ((v & 0xFF) as i32, (v >> 8 & 0xFF) as i32, (v >> 16) as i32)
}

/// P0 of a hand, packed.
#[inline]
pub fn p0_packed(c: &Counts) -> u32 {
    let mut v = 0;
    let mut s = 0;
    while s < 24 {
        v += RANK_TABLE[c[s] as usize * 25 + c[s + 1] as usize * 5 + c[s + 2] as usize];
        s += 3;
    }
    v + group_p0(c, CC)
}

/// (Chắn, Cạ, unpaired) of the canonical pairing P0.
pub fn p0(c: &Counts) -> (i32, i32, i32) {
    unpack(p0_packed(c))
}

/// Whether P0 of the hand holds a Cạ of this rank (R5).
pub fn rank_has_ca(c: &Counts, rank: u8) -> bool {
    group_p0(c, (rank as usize - 2) * 3) >> 8 & 0xFF > 0
}

/// The exposed melds of a seat, summarised for evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exposed {
    pub counts: Counts,
    pub chan: i32,
    pub ca: i32,
    pub size: i32,
}

impl Exposed {
    pub const NONE: Exposed = Exposed {
        counts: [0; NFACES],
        chan: 0,
        ca: 0,
        size: 0,
    };
}

/// (Chắn, Cạ) of hand + melds if they form ten pairs (W1's shape).
fn win_counts(hand: &Counts, exposed: &Exposed) -> Option<(i32, i32)> {
    if super::cards::size(hand) as i32 + exposed.size != WIN_SIZE {
        return None;
    }
    let (chan, ca, un) = p0(hand);
    if un != 0 {
        return None;
    }
    Some((chan + exposed.chan, ca + exposed.ca))
}

/// W1 (and W2 when the winning card is Chi chi) for hand + melds, the hand holding the
/// winning card.
pub fn is_win(hand: &Counts, exposed: &Exposed, winning: Option<usize>) -> bool {
    match win_counts(hand, exposed) {
        None => false,
        Some((chan, ca)) => {
            if winning == Some(CC) {
                chan == MIN_CHAN && ca == MAX_CA
            } else {
                chan >= MIN_CHAN
            }
        }
    }
}

// --- distance -----------------------------------------------------------------------------

/// An option of one group: (Cạ, m faces to fix, m − βmax, βmin).
type Opt = [i8; 4];

/// The Pareto-optimal options of a group (`h` its counts, `cap` the copies left), each
/// once, in a canonical order (the combination depends only on the set).
fn group_options(h: &[u8], cap: &[u8]) -> Vec<Opt> {
    const PATTERNS: [[u8; 3]; 4] = [[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]];
    let k = h.len();
    let mut found = [[0i8; 4]; 4];
    let mut n = 0;
    'pattern: for pat in &PATTERNS[..if k == 3 { 4 } else { 1 }] {
        let (mut m, mut bmin, mut bmax) = (0i8, 0i8, 0i8);
        for j in 0..k {
            if h[j] % 2 == pat[j] {
                continue;
            }
            let can_add = cap[j] > h[j];
            let can_drop = h[j] >= 1;
            if !(can_add || can_drop) {
                continue 'pattern;
            }
            m += 1;
            bmax += if can_add { 1 } else { -1 };
            bmin += if can_drop { -1 } else { 1 };
        }
        let ca = (pat[..k].iter().sum::<u8>() / 2) as i8;
        found[n] = [ca, m, m - bmax, bmin];
        n += 1;
    }
    let found = &found[..n];
    let mut out: Vec<Opt> = found
        .iter()
        .filter(|o| {
            !found
                .iter()
                .any(|p| p != *o && (0..4).all(|d| p[d] <= o[d]))
        })
        .copied()
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The option lists, each once (a type), and each group's type by its key.
struct Tables {
    types: Vec<Vec<Opt>>,
    type_of: Vec<u8>,
}

const RANK_KEYS: usize = 15625; // 5^6: three counts and three caps of 0–4

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut types: Vec<Vec<Opt>> = Vec::new();
        let mut type_of = vec![0u8; RANK_KEYS + 25];
        let mut id = |opts: Vec<Opt>| -> u8 {
            match types.iter().position(|t| *t == opts) {
                Some(i) => i as u8,
                None => {
                    types.push(opts);
                    (types.len() - 1) as u8
                }
            }
        };
        for key in 0..RANK_KEYS {
            let d = digits(key);
            // a group never holds more than its copies left: those keys are never asked
            if d[0] <= d[3] && d[1] <= d[4] && d[2] <= d[5] {
                type_of[key] = id(group_options(&d[..3], &d[3..]));
            }
        }
        for h in 0..5u8 {
            for c in 0..5u8 {
                type_of[RANK_KEYS + (h * 5 + c) as usize] = id(group_options(&[h], &[c]));
            }
        }
        assert!(types.len() < 64, "the group types fit in six bits");
        Tables { types, type_of }
    })
}

fn digits(mut key: usize) -> [u8; 6] {
    let mut d = [0u8; 6];
    for i in (0..6).rev() {
        d[i] = (key % 5) as u8;
        key /= 5;
    }
    d
}

/// The type of group `g` (ranks 0–7, 8 the Chi chi) for counts `h` and copies left `cap`.
fn group_type(h: &Counts, cap: &Counts, g: usize) -> u8 {
    group_type_in(tables(), h, cap, g)
}

#[inline]
fn group_type_in(t: &Tables, h: &Counts, cap: &Counts, g: usize) -> u8 {
    let key = if g == 8 {
        RANK_KEYS + (h[CC] as usize * 5 + cap[CC] as usize)
    } else {
        let s = 3 * g;
        ((((h[s] as usize * 5 + h[s + 1] as usize) * 5 + h[s + 2] as usize) * 5 + cap[s] as usize)
            * 5
            + cap[s + 1] as usize)
            * 5
            + cap[s + 2] as usize
    };
    t.type_of[key]
}

fn types_of(h: &Counts, cap: &Counts) -> [u8; 9] {
    let t = tables();
    std::array::from_fn(|g| group_type_in(t, h, cap, g))
}

/// What the distance questions have found, by their inputs: the same hands come back in
/// every decision of a deal and in every playout of a search.
#[derive(Default)]
struct Memo {
    /// A whole convolution's answer, by [`memo_key`].
    whole: rustc_hash::FxHashMap<u64, i8>,
    /// The Pareto front of eight groups (all but the one a question varies), by their
    /// sorted types.
    fronts: rustc_hash::FxHashMap<u64, Small>,
    /// [`shape`] and [`discard_table`] of a hand, by [`hand_key`].
    shapes: rustc_hash::FxHashMap<(u128, u128), Shape>,
    tables: rustc_hash::FxHashMap<(u128, u128), [i8; NFACES]>,
}

/// A hand and its melds as a key: three bits a face, and the melds' Cạ.
fn hand_key(hand: &Counts, exposed: &Exposed) -> (u128, u128) {
    let pack = |c: &Counts| c.iter().fold(0u128, |k, &n| k << 3 | n as u128);
    (
        pack(hand),
        pack(&exposed.counts) | (exposed.ca as u128) << 100,
    )
}

/// What the look-ahead measures of a hand at rest: its distance, the faces that help it
/// (its waits when it waits, else its useful faces) as bits, and its unpaired cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub distance: Option<i32>,
    pub useful: u32,
    pub unpaired: i32,
}

fn bits(faces: &[usize]) -> u32 {
    faces.iter().fold(0, |m, &f| m | 1 << f)
}

/// The [`Shape`] of a hand, remembered (`advisor.chan.lookahead._shape`).
pub fn shape(hand: &Counts, exposed: &Exposed) -> Shape {
    let key = hand_key(hand, exposed);
    if let Some(s) = with_memo(|m| m.shapes.get(&key).copied()) {
        return s;
    }
    let d = distance(hand, exposed);
    let useful = if d == Some(1) {
        bits(&wait_faces(hand, exposed))
    } else {
        bits(&useful_faces(hand, exposed))
    };
    let s = Shape {
        distance: d,
        useful,
        unpaired: p0(hand).2,
    };
    with_memo(|m| {
        if m.shapes.len() >= MEMO_LIMIT {
            m.shapes.clear();
        }
        m.shapes.insert(key, s);
    });
    s
}

/// [`discard_distances`] as a table by face (-1: no winning set; 99: a face not held),
/// remembered.
pub fn discard_table(hand: &Counts, exposed: &Exposed) -> [i8; NFACES] {
    let key = hand_key(hand, exposed);
    if let Some(t) = with_memo(|m| m.tables.get(&key).copied()) {
        return t;
    }
    let t = discard_table_now(hand, exposed);
    with_memo(|m| {
        if m.tables.len() >= MEMO_LIMIT {
            m.tables.clear();
        }
        m.tables.insert(key, t);
    });
    t
}

thread_local! {
    static MEMO: std::cell::RefCell<Memo> = Default::default();
}

const MEMO_LIMIT: usize = 1 << 20;

/// Run `f` with this thread's memo (one look-up of the thread's storage per question).
fn with_memo<T>(f: impl FnOnce(&mut Memo) -> T) -> T {
    MEMO.with(|m| f(&mut m.borrow_mut()))
}

/// The memo's key: the groups' types as a multiset (sorted), the cards missing (`0..64`),
/// the Cạ allowed (`0..8`), each in its own bits.
fn memo_key(sorted: &[u8; 9], e: i32, max_ca: i32) -> u64 {
    debug_assert!((0..64).contains(&e) && (0..8).contains(&max_ca));
    let mut key = 0u64;
    for &t in sorted {
        key = key << 6 | t as u64;
    }
    (key << 6 | e as u64) << 3 | max_ca as u64
}

/// The min-plus convolution of the groups' options (`sorted`: their types as a sorted
/// multiset, on which alone it depends): the cards to throw, or None.
fn combine(memo: &mut Memo, sorted: &[u8; 9], e: i32, max_ca: i32) -> Option<i32> {
    if !(0..64).contains(&e) || !(0..8).contains(&max_ca) {
        // outside the key's fields (more Cạ exposed than a win allows): not remembered,
        // so that no two questions share a key
        return combine_now(sorted, e, max_ca);
    }
    let key = memo_key(sorted, e, max_ca);
    if let Some(&v) = memo.whole.get(&key) {
        return (v >= 0).then_some(v as i32);
    }
    let found = combine_now(sorted, e, max_ca);
    if memo.whole.len() >= MEMO_LIMIT {
        memo.whole.clear();
    }
    memo.whole.insert(key, found.map_or(-1, |v| v as i8));
    found
}

fn sorted(types: &[u8; 9]) -> [u8; 9] {
    let mut s = *types;
    s.sort_unstable();
    s
}

/// `sorted` without one element `t`.
fn without(sorted: &[u8; 9], t: u8) -> [u8; 8] {
    let mut out = [0u8; 8];
    let mut skipped = false;
    let mut j = 0;
    for &x in sorted {
        if !skipped && x == t {
            skipped = true;
            continue;
        }
        if j < 8 {
            out[j] = x;
            j += 1;
        }
    }
    out
}

/// A front as the memo keeps it: inline when small (most are), else on the heap.
enum Small {
    Inline(u8, [[i16; 4]; 16]),
    Heap(Box<[[i16; 4]]>),
}

impl Small {
    fn of(states: &[[i16; 4]]) -> Small {
        if states.len() <= 16 {
            let mut a = [[0i16; 4]; 16];
            a[..states.len()].copy_from_slice(states);
            Small::Inline(states.len() as u8, a)
        } else {
            Small::Heap(states.to_vec().into_boxed_slice())
        }
    }

    fn states(&self) -> &[[i16; 4]] {
        match self {
            Small::Inline(n, a) => &a[..*n as usize],
            Small::Heap(b) => b,
        }
    }
}

/// The Pareto front of the groups of types `eight` (no state when one has no option).
fn front8<'m>(memo: &'m mut Memo, eight: &[u8; 8]) -> &'m [[i16; 4]] {
    let key = eight.iter().fold(0u64, |k, &t| k << 6 | t as u64);
    if memo.fronts.len() >= MEMO_LIMIT && !memo.fronts.contains_key(&key) {
        memo.fronts.clear();
    }
    memo.fronts
        .entry(key)
        .or_insert_with(|| {
            let t = &tables().types;
            let mut front = Front::one();
            for &ty in eight {
                let opts = &t[ty as usize];
                if opts.is_empty() {
                    return Small::of(&[]);
                }
                front.extend(opts);
            }
            Small::of(&front.s[..front.n])
        })
        .states()
}

/// The convolution of a front of eight groups with the options of the ninth group: the
/// cards to throw, or None (what [`combine`] gives for the nine).
fn finish(front: &[[i16; 4]], opts: &[Opt], e: i32, max_ca: i32) -> Option<i32> {
    let mut best = i32::MAX;
    for o in opts {
        let lim_ca = max_ca - o[0] as i32;
        let lim_c = e - o[3] as i32;
        let da = o[1] as i32 - e;
        let db = o[2] as i32;
        for s in front {
            if s[0] as i32 <= lim_ca && s[3] as i32 <= lim_c {
                best = best.min((s[1] as i32 + da).max(s[2] as i32 + db));
            }
        }
    }
    (best != i32::MAX).then(|| best.div_euclid(2))
}

/// Whether [`finish`] would throw at most `thrown` cards: the same question, answered at
/// the first state that shows it.
fn finish_within(front: &[[i16; 4]], opts: &[Opt], e: i32, max_ca: i32, thrown: i32) -> bool {
    let limit = 2 * thrown + 1;
    for o in opts {
        let lim_ca = max_ca - o[0] as i32;
        let lim_c = e - o[3] as i32;
        let la = limit - o[1] as i32 + e;
        let lb = limit - o[2] as i32;
        for s in front {
            if s[0] as i32 <= lim_ca
                && s[3] as i32 <= lim_c
                && s[1] as i32 <= la
                && s[2] as i32 <= lb
            {
                return true;
            }
        }
    }
    false
}

/// Pareto-optimal states of a convolution.
struct Front {
    n: usize,
    s: Vec<[i16; 4]>,
    merged: Vec<[i16; 4]>,
}

impl Front {
    fn one() -> Front {
        Front {
            n: 1,
            s: vec![[0; 4]],
            merged: Vec::with_capacity(64),
        }
    }

    /// Every state plus every option, the dominated ones dropped.
    fn extend(&mut self, opts: &[Opt]) {
        self.merged.clear();
        for s in &self.s[..self.n] {
            for o in opts {
                let x = [
                    s[0] + o[0] as i16,
                    s[1] + o[1] as i16,
                    s[2] + o[2] as i16,
                    s[3] + o[3] as i16,
                ];
                if !self.merged.contains(&x) {
                    self.merged.push(x);
                }
            }
        }
        self.s.clear();
        for &s in &self.merged {
            let dominated = self
                .merged
                .iter()
                .any(|t| *t != s && t[0] <= s[0] && t[1] <= s[1] && t[2] <= s[2] && t[3] <= s[3]);
            if !dominated {
                self.s.push(s);
            }
        }
        self.n = self.s.len();
    }
}

fn combine_now(types: &[u8; 9], e: i32, max_ca: i32) -> Option<i32> {
    let t = &tables().types;
    let mut front = Front::one();
    for &ty in types {
        let opts = &t[ty as usize];
        if opts.is_empty() {
            return None;
        }
        front.extend(opts);
    }
    let mut best: Option<i32> = None;
    for s in &front.s[..front.n] {
        let s = s.map(|x| x as i32);
        if s[0] > max_ca || s[3] > e {
            continue;
        }
        let value = (s[1] - e).max(s[2]);
        if best.is_none_or(|b| value < b) {
            best = Some(value);
        }
    }
    best.map(|b| b.div_euclid(2))
}

fn caps(exposed: &Exposed) -> Counts {
    let mut c = [0u8; NFACES];
    for (i, n) in exposed.counts.iter().enumerate() {
        c[i] = COPIES - n;
    }
    c
}

fn missing(hand: &Counts, exposed: &Exposed) -> i32 {
    WIN_SIZE - exposed.size - super::cards::size(hand) as i32
}

/// Fewest cards the hand must still receive to hold a winning set (W1), throwing away
/// what it must; None when no winning set exists. The hand and melds hold at most 20.
pub fn distance(hand: &Counts, exposed: &Exposed) -> Option<i32> {
    let e = missing(hand, exposed);
    debug_assert!(e >= 0);
    let k = sorted(&types_of(hand, &caps(exposed)));
    with_memo(|m| combine(m, &k, e, MAX_CA - exposed.ca)).map(|thrown| e + thrown)
}

/// Every face that completes a win as the winning card (W1, W2), in face order.
pub fn wait_faces(hand: &Counts, exposed: &Exposed) -> Vec<usize> {
    let mut out = Vec::new();
    if super::cards::size(hand) as i32 + exposed.size != WIN_SIZE - 1 || p0(hand).2 != 1 {
        return out;
    }
    let lone = (0..NFACES).step_by(3).find(|&i| {
        hand[i..(i + 3).min(NFACES)]
            .iter()
            .map(|&n| n as u32)
            .sum::<u32>()
            % 2
            == 1
    });
    let Some(lone) = lone else { return out };
    for f in lone..(lone + 3).min(NFACES) {
        if hand[f] + exposed.counts[f] >= COPIES {
            continue;
        }
        let mut with = *hand;
        with[f] += 1;
        if is_win(&with, exposed, Some(f)) {
            out.push(f);
        }
    }
    out
}

/// Faces whose receipt brings the hand one card closer to a win, in face order (for a
/// waiting hand use [`wait_faces`]).
pub fn useful_faces(hand: &Counts, exposed: &Exposed) -> Vec<usize> {
    let cap = caps(exposed);
    let k = types_of(hand, &cap);
    let ks = sorted(&k);
    let e = missing(hand, exposed);
    let max_ca = MAX_CA - exposed.ca;
    let types = &tables().types;
    let mut out = Vec::new();
    with_memo(|memo| {
        let Some(thrown) = combine(memo, &ks, e, max_ca) else {
            return;
        };
        let d = e + thrown;
        if e <= 0 {
            return;
        }
        let target = d - 1 - (e - 1);
        let mut h = *hand;
        for g in 0..9 {
            let faces = if g == 8 { CC..CC + 1 } else { 3 * g..3 * g + 3 };
            if faces.clone().all(|f| hand[f] == 0) {
                continue;
            }
            let front = front8(memo, &without(&ks, k[g]));
            for f in faces {
                if hand[f] < cap[f] {
                    h[f] += 1;
                    let t = group_type(&h, &cap, g);
                    h[f] -= 1;
                    if finish_within(front, &types[t as usize], e - 1, max_ca, target) {
                        out.push(f);
                    }
                }
            }
        }
    });
    out
}

/// The distance after throwing one card of each face held: `(face, distance)` in face order.
pub fn discard_distances(hand: &Counts, exposed: &Exposed) -> Vec<(usize, Option<i32>)> {
    let t = discard_table_now(hand, exposed);
    (0..NFACES)
        .filter(|&f| hand[f] > 0)
        .map(|f| (f, (t[f] >= 0).then_some(t[f] as i32)))
        .collect()
}

fn discard_table_now(hand: &Counts, exposed: &Exposed) -> [i8; NFACES] {
    let cap = caps(exposed);
    let k = types_of(hand, &cap);
    let ks = sorted(&k);
    let e = missing(hand, exposed) + 1;
    let max_ca = MAX_CA - exposed.ca;
    let types = &tables().types;
    let mut h = *hand;
    let mut out = [99i8; NFACES];
    with_memo(|memo| {
        for g in 0..9 {
            let faces = if g == 8 { CC..CC + 1 } else { 3 * g..3 * g + 3 };
            if faces.clone().all(|f| hand[f] == 0) {
                continue;
            }
            let front = front8(memo, &without(&ks, k[g]));
            for f in faces {
                if hand[f] == 0 {
                    continue;
                }
                h[f] -= 1;
                let t = group_type(&h, &cap, g);
                h[f] += 1;
                out[f] = finish(front, &types[t as usize], e, max_ca).map_or(-1, |x| (e + x) as i8);
            }
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::super::cards::{counts_of, parse};
    use super::*;

    fn hand(text: &str) -> Counts {
        let faces: Vec<u8> = text
            .split_whitespace()
            .map(|c| parse(c).unwrap() as u8)
            .collect();
        counts_of(&faces)
    }

    #[test]
    fn p0_as_the_rules_pair() {
        assert_eq!(p0(&hand("5v 5v 5v 5s cc")), (1, 1, 1));
        assert_eq!(p0(&hand("2v 2v 3v 3s 4v 4s 4m 9m")), (1, 2, 2));
    }

    #[test]
    fn distance_waits_and_useful_as_the_python_doctests() {
        let h = hand("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m 3s");
        assert_eq!(distance(&h, &Exposed::NONE), Some(1));
        let h = hand("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s");
        let w: Vec<String> = wait_faces(&h, &Exposed::NONE)
            .into_iter()
            .map(super::super::cards::code)
            .collect();
        assert_eq!(w, ["3v", "3s", "3m"]);
        let h = hand("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 2s 3m 4s 5m");
        assert_eq!(distance(&h, &Exposed::NONE), Some(3));
        let u: Vec<String> = useful_faces(&h, &Exposed::NONE)
            .into_iter()
            .map(super::super::cards::code)
            .collect();
        assert_eq!(
            u,
            [
                "2v", "2s", "2m", "3v", "3s", "3m", "4v", "4s", "4m", "5v", "5s", "5m", "9v", "9s",
                "9m"
            ]
        );
        let h = hand("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s 5m");
        let dd = discard_distances(&h, &Exposed::NONE);
        let of = |c: &str| dd.iter().find(|(f, _)| *f == parse(c).unwrap()).unwrap().1;
        assert_eq!((of("5m"), of("9v")), (Some(1), Some(2)));
    }

    #[test]
    fn a_win() {
        let h = hand("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m 3s 3m");
        assert!(is_win(&h, &Exposed::NONE, None));
        assert_eq!(distance(&h, &Exposed::NONE), Some(0));
    }
}
