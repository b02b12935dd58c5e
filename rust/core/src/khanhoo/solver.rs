//! The solver (`advisor/khanhoo/melds.py`), search for search: a hand's best declaration
//! (its points), the distance to going out by the tables of the suits combined by min-plus
//! convolution, the cards that help. One solver a set of rules and a thread, its memos kept
//! between questions as the Python solver keeps its own.

use super::cards::{Counts, JOKER, KINDS, NUMERALS, SET_KINDS};
use super::rules::{Rules, Table as Patterns, QUARTETTE, SEQUENCE, TRIO};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::Arc;

pub const HAND_SIZE: i32 = 15;
pub const ORPHAN_SIZE: i32 = 6;
pub const NMAX: i32 = 16;
const CACHE_LIMIT: usize = 200_000;

fn suit_of(i: usize) -> i8 {
    if i < NUMERALS {
        (i / 9) as i8
    } else {
        3
    }
}

/// A distance table: (kept, fewest places, mask) rows by kept; bit k of the mask says that
/// `fewest + k` places are also possible.
type Tbl = Vec<(u8, u8, u8)>;

/// A pattern prepared for the searches.
#[derive(Clone, Debug)]
struct P {
    need: Vec<(u8, u8)>,
    size: u8,
    points: i32,
    run: Option<(u8, u8, u8)>,
}

pub struct Solver {
    pub rules: Rules,
    pub table: Arc<Patterns>,
    containing: Vec<Vec<P>>,
    cross: Vec<P>,
    kruns: bool,
    memo: FxHashMap<u128, Option<i32>>,
    jokers: Vec<Option<i32>>,
    seq: bool,
    triple_seq: bool,
    trio: (bool, bool),
    courts: bool,
    most: u8,
    kept_memo: FxHashMap<(u128, u128, i32), i32>,
    tables: Vec<Arc<Tbl>>,
    table_ids: FxHashMap<Arc<Tbl>, u32>,
    line_ids: FxHashMap<(u64, u64, bool), u32>,
    norm_ids: FxHashMap<(u64, u64, bool), u32>,
    pairs: FxHashMap<(u32, u32), u32>,
    line_memo: FxHashMap<(u64, u64, u16, u16, bool), Arc<Tbl>>,
}

fn pack4(v: &[u8]) -> u64 {
    v.iter()
        .enumerate()
        .fold(0u64, |acc, (i, &x)| acc | (x as u64) << (4 * i))
}

fn pack3(v: &[u8; SET_KINDS]) -> u128 {
    v.iter()
        .enumerate()
        .fold(0u128, |acc, (i, &x)| acc | (x as u128) << (3 * i))
}

fn pack30(v: &[u8]) -> u128 {
    v[..SET_KINDS]
        .iter()
        .enumerate()
        .fold(0u128, |acc, (i, &x)| acc | (x as u128) << (4 * i))
}

fn merge(out: &mut [Option<(u8, u8)>], k: usize, s: u8, mask: u8) {
    match out[k] {
        None => out[k] = Some((s, mask)),
        Some((cs, cm)) => {
            if s < cs {
                let shift = cs - s;
                let carried = if shift <= 2 { (cm << shift) & 7 } else { 0 };
                out[k] = Some((s, mask | carried));
            } else if s - cs <= 2 {
                out[k] = Some((cs, cm | ((mask << (s - cs)) & 7)));
            }
        }
    }
}

fn finish(out: &[Option<(u8, u8)>]) -> Tbl {
    out.iter()
        .enumerate()
        .filter_map(|(k, x)| x.map(|(s, m)| (k as u8, s, m)))
        .collect()
}

const MAXK: usize = 64;

fn combine(a: &Tbl, b: &Tbl) -> Tbl {
    let mut out = [None; MAXK];
    for &(k1, s1, m1) in a {
        for &(k2, s2, m2) in b {
            if (s1 + s2) as i32 > NMAX {
                continue;
            }
            let mut mask = 0;
            for x in 0..3 {
                if m1 >> x & 1 == 1 {
                    mask |= (m2 << x) & 7;
                }
            }
            merge(&mut out, (k1 + k2) as usize, s1 + s2, mask);
        }
    }
    finish(&out)
}

fn take_p(p: &P, c: &mut [u8; SET_KINDS], cp: &mut [u8; SET_KINDS]) -> Option<u32> {
    let mut used = 0;
    for &(k, m) in &p.need {
        let k = k as usize;
        for _ in 0..m {
            if c[k] > 0 {
                c[k] -= 1;
                used += 1;
            } else if cp[k] > 0 {
                cp[k] -= 1;
            } else {
                return None;
            }
        }
    }
    Some(used)
}

fn first30(h: &[u8]) -> [u8; SET_KINDS] {
    std::array::from_fn(|i| h[i])
}

thread_local! {
    static SOLVERS: RefCell<Vec<(Rules, Box<Solver>)>> = const { RefCell::new(Vec::new()) };
}

/// Run `f` with this thread's solver of `rules` (made on first use).
pub fn with<T>(rules: Rules, f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVERS.with(|cell| {
        let mut all = cell.borrow_mut();
        let pos = match all.iter().position(|(r, _)| *r == rules) {
            Some(p) => p,
            None => {
                if all.len() >= 16 {
                    all.remove(0);
                }
                all.push((rules, Box::new(Solver::new(rules))));
                all.len() - 1
            }
        };
        f(&mut all[pos].1)
    })
}

impl Solver {
    pub fn new(rules: Rules) -> Solver {
        let table = rules.table();
        let prep = |n: usize| {
            let p = &table.patterns[n];
            P {
                need: p.need.clone(),
                size: p.size,
                points: p.points as i32,
                run: p.run,
            }
        };
        let containing = (0..SET_KINDS)
            .map(|i| {
                let mut v: Vec<(usize, P)> =
                    table.containing[i].iter().map(|&n| (n, prep(n))).collect();
                v.sort_by_key(|(_, p)| -p.points); // stable: pattern order within points
                v.into_iter().map(|x| x.1).collect()
            })
            .collect();
        let cross = table.cross().into_iter().map(prep).collect();
        let has = |k: u8| table.codes.contains(&k);
        let seq = has(SEQUENCE);
        let triple_seq = table.has("triple_sequence");
        let trio = (has(TRIO), has(QUARTETTE));
        let courts = table.has("courts");
        let most = if trio.1 {
            4
        } else if trio.0 || triple_seq {
            3
        } else {
            1
        };
        let mut s = Solver {
            rules,
            table: table.clone(),
            containing,
            cross,
            kruns: !rules.split_sequences,
            memo: FxHashMap::default(),
            jokers: vec![Some(0)],
            seq,
            triple_seq,
            trio,
            courts,
            most,
            kept_memo: FxHashMap::default(),
            tables: Vec::new(),
            table_ids: FxHashMap::default(),
            line_ids: FxHashMap::default(),
            norm_ids: FxHashMap::default(),
            pairs: FxHashMap::default(),
            line_memo: FxHashMap::default(),
        };
        s.grow_jokers(rules.jokers.max(1) as usize + 1);
        s
    }

    // --- best declaration -------------------------------------------------------------

    fn grow_jokers(&mut self, most: usize) {
        // best points by pattern size, the first pattern of a size with the most
        let mut by_size: Vec<(u8, i32)> = Vec::new();
        for p in &self.table.patterns {
            match by_size.iter_mut().find(|x| x.0 == p.size) {
                Some(x) => {
                    if p.points as i32 > x.1 {
                        x.1 = p.points as i32
                    }
                }
                None => by_size.push((p.size, p.points as i32)),
            }
        }
        let mut t = vec![Some(0)];
        for j in 1..=most {
            let mut best: Option<i32> = None;
            for &(s, pts) in &by_size {
                let s = s as usize;
                if s <= j {
                    if let Some(rest) = t[j - s] {
                        if best.is_none_or(|b| rest + pts > b) {
                            best = Some(rest + pts);
                        }
                    }
                }
            }
            t.push(best);
        }
        self.jokers = t;
    }

    fn jokers_alone(&mut self, j: usize) -> Option<i32> {
        if j >= self.jokers.len() {
            self.grow_jokers(j);
        }
        self.jokers[j]
    }

    /// The points of the best declaration of `hand`, or None; with `spare` exactly one
    /// card is left over as the discard (`Solver.best`).
    pub fn best(&mut self, hand: &Counts, spare: bool) -> Option<i32> {
        if self.memo.len() > CACHE_LIMIT {
            self.memo.clear();
        }
        let c = first30(hand);
        self.search(c, hand[JOKER], spare as u8, 0, 0, -1, 0)
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        c: [u8; SET_KINDS],
        j: u8,
        spare: u8,
        mut st: u16,
        mut en: u16,
        suit: i8,
        lo: usize,
    ) -> Option<i32> {
        let mut i = lo;
        while i < SET_KINDS && c[i] == 0 {
            i += 1;
        }
        if i == SET_KINDS {
            return self.leaf(j, spare);
        }
        if suit_of(i) != suit {
            st = 0;
            en = 0;
        }
        let key = pack3(&c)
            | (st as u128) << 90
            | (en as u128) << 100
            | (j as u128) << 111
            | (spare as u128) << 116;
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best: Option<i32> = None;
        let si = suit_of(i);
        if spare > 0 {
            let mut nc = c;
            nc[i] -= 1;
            best = self.search(nc, j, 0, st, en, si, i);
        }
        let count = self.containing[i].len();
        for n in 0..count {
            let (nc, jn, points, run) = {
                let p = &self.containing[i][n];
                let mut nc = c;
                let mut jn = 0u8;
                for &(k, m) in &p.need {
                    let h = nc[k as usize];
                    if h >= m {
                        nc[k as usize] = h - m;
                    } else {
                        jn += m - h;
                        nc[k as usize] = 0;
                    }
                }
                (nc, jn, p.points, p.run)
            };
            if jn > j {
                continue;
            }
            let (mut nst, mut nen) = (st, en);
            if let Some((_, a, b)) = run {
                if self.kruns && ((en >> (a - 1)) & 1 == 1 || (st >> (b + 1)) & 1 == 1) {
                    continue;
                }
                nst = st | 1 << a;
                nen = en | 1 << b;
            }
            if let Some(v) = self.search(nc, j - jn, spare, nst, nen, si, i) {
                if best.is_none_or(|b| v + points > b) {
                    best = Some(v + points);
                }
            }
        }
        self.memo.insert(key, best);
        best
    }

    fn leaf(&mut self, j: u8, spare: u8) -> Option<i32> {
        if j >= spare {
            self.jokers_alone((j - spare) as usize)
        } else {
            None
        }
    }

    // --- distance ---------------------------------------------------------------------

    fn reset_tables(&mut self) {
        self.tables.clear();
        self.table_ids.clear();
        self.line_ids.clear();
        self.norm_ids.clear();
        self.pairs.clear();
        self.line_memo.clear();
    }

    fn intern(&mut self, t: Tbl) -> u32 {
        let t = Arc::new(t);
        if let Some(&id) = self.table_ids.get(&t) {
            return id;
        }
        let id = self.tables.len() as u32;
        self.tables.push(t.clone());
        self.table_ids.insert(t, id);
        id
    }

    fn pair(&mut self, a: u32, b: u32) -> u32 {
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&id) = self.pairs.get(&key) {
            return id;
        }
        let t = combine(&self.tables[a as usize], &self.tables[b as usize]);
        let id = self.intern(t);
        self.pairs.insert(key, id);
        id
    }

    fn line_id(&mut self, v: &[u8], cap: &[u8]) -> u32 {
        let courts = v.len() == 3;
        let key = (pack4(v), pack4(cap), courts);
        if let Some(&id) = self.line_ids.get(&key) {
            return id;
        }
        if self.line_memo.len() > CACHE_LIMIT {
            self.line_memo.clear();
        }
        let most = self.most;
        let norm: Vec<u8> = cap.iter().map(|&x| x.min(most)).collect();
        let nkey = (pack4(v), pack4(&norm), courts);
        let id = match self.norm_ids.get(&nkey) {
            Some(&id) => id,
            None => {
                let mut v0 = [0u8; 9];
                let mut c0 = [0u8; 9];
                v0[..v.len()].copy_from_slice(v);
                c0[..v.len()].copy_from_slice(&norm);
                let t = self.line(v0, &c0, v.len(), 0, 0);
                let id = self.intern((*t).clone());
                self.norm_ids.insert(nkey, id);
                id
            }
        };
        self.line_ids.insert(key, id);
        id
    }

    fn line(&mut self, v: [u8; 9], cap: &[u8; 9], width: usize, st: u16, en: u16) -> Arc<Tbl> {
        let mut r = 0;
        while r < width && v[r] == 0 {
            r += 1;
        }
        if r == width {
            return Arc::new(vec![(0, 0, 1)]);
        }
        let courts = width == 3;
        let key = (pack4(&v), pack4(cap), st, en, courts);
        if let Some(t) = self.line_memo.get(&key) {
            return t.clone();
        }
        let mut out = [None; MAXK];
        let mut less = v;
        less[r] -= 1;
        for &(k, s, m) in self.line(less, cap, width, st, en).iter() {
            merge(&mut out, k as usize, s, m);
        }
        let take = |v: &mut [u8; 9], ranks: std::ops::Range<usize>, copies: u8| -> Option<u8> {
            let mut kept = 0;
            for q in ranks {
                let used = copies.min(v[q]);
                if copies - used > cap[q] {
                    return None;
                }
                v[q] -= used;
                kept += used;
            }
            Some(kept)
        };
        let mut todo: Vec<([u8; 9], u8, u8, u16, u16)> = Vec::new();
        if courts && self.courts {
            let mut nv = v;
            if let Some(kept) = take(&mut nv, 0..3, 1) {
                todo.push((nv, kept, 3, st, en));
            }
        }
        if self.seq && !courts {
            for a in r.saturating_sub(2)..=r {
                if self.kruns && a > 0 && (en >> a) & 1 == 1 {
                    continue;
                }
                let mut nv = v;
                let mut kept = 0u8;
                for b in a..width {
                    if nv[b] > 0 {
                        nv[b] -= 1;
                        kept += 1;
                    } else if cap[b] == 0 {
                        break;
                    }
                    if b - a < 2 || b < r || (self.kruns && (st >> (b + 2)) & 1 == 1) {
                        continue;
                    }
                    todo.push((
                        nv,
                        kept,
                        (b - a + 1) as u8,
                        st | 1 << (a + 1),
                        en | 1 << (b + 1),
                    ));
                }
            }
        }
        if self.triple_seq && !courts {
            for a in r.saturating_sub(2)..=r.min(width - 3) {
                let mut nv = v;
                if let Some(k3) = take(&mut nv, a..a + 3, 3) {
                    todo.push((nv, k3, 9, st, en));
                }
            }
        }
        for (copies, on) in [(3u8, self.trio.0), (4u8, self.trio.1)] {
            if on {
                let mut nv = v;
                if let Some(kept) = take(&mut nv, r..r + 1, copies) {
                    todo.push((nv, kept, copies, st, en));
                }
            }
        }
        for (nv, kept, places, nst, nen) in todo {
            for &(k, s, m) in self.line(nv, cap, width, nst, nen).iter() {
                if (s + places) as i32 <= NMAX {
                    merge(&mut out, (k + kept) as usize, s + places, m);
                }
            }
        }
        let res = Arc::new(finish(&out));
        self.line_memo.insert(key, res.clone());
        res
    }

    fn suits_table(&mut self, c: &[u8; SET_KINDS], cp: &[u8; SET_KINDS]) -> u32 {
        let a = self.line_id(&c[0..9], &cp[0..9]);
        let b = self.line_id(&c[9..18], &cp[9..18]);
        let d = self.line_id(&c[18..27], &cp[18..27]);
        let e = self.line_id(&c[27..30], &cp[27..30]);
        let ab = self.pair(a, b);
        let abd = self.pair(ab, d);
        self.pair(abd, e)
    }

    /// Most real cards of `hand` a target of `target` cards can keep (-1: none); with a
    /// `floor` of 0 or more, only whether more than `floor` can be (else `floor`).
    pub fn kept(&mut self, hand: &Counts, caps: &Counts, target: i32, floor: i32) -> i32 {
        if floor < 0 {
            let key = (pack30(hand), pack30(caps), target);
            if let Some(&v) = self.kept_memo.get(&key) {
                return v;
            }
            if self.kept_memo.len() > CACHE_LIMIT {
                self.kept_memo.clear();
            }
            let v = self.kept_search(hand, caps, target, floor);
            self.kept_memo.insert(key, v);
            return v;
        }
        self.kept_search(hand, caps, target, floor)
    }

    fn kept_search(&mut self, hand: &Counts, caps: &Counts, target: i32, floor: i32) -> i32 {
        if self.line_ids.len() > CACHE_LIMIT || self.pairs.len() > CACHE_LIMIT {
            self.reset_tables();
        }
        let c = first30(hand);
        let cp = first30(caps);
        let total: i32 = c.iter().map(|&n| n as i32).sum();
        let cross: Vec<P> = self
            .cross
            .iter()
            .filter(|p| {
                p.need
                    .iter()
                    .map(|&(k, m)| m.min(c[k as usize]) as i32)
                    .sum::<i32>()
                    >= 2
            })
            .cloned()
            .collect();
        let mut best = floor;
        self.kept_dfs(&cross, 0, c, cp, 0, 0, total, target, total, &mut best);
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn kept_dfs(
        &mut self,
        cross: &[P],
        n: usize,
        mut c: [u8; SET_KINDS],
        mut cp: [u8; SET_KINDS],
        mut kept: i32,
        mut places: i32,
        mut left: i32,
        target: i32,
        total: i32,
        best: &mut i32,
    ) {
        if kept + left.min(target - places) <= *best || *best >= total.min(target) {
            return;
        }
        if n == cross.len() {
            let id = self.suits_table(&c, &cp);
            let t = self.tables[id as usize].clone();
            for &(k, s, mask) in t.iter().rev() {
                let total_kept = k as i32 + kept;
                if total_kept <= *best {
                    return;
                }
                let gap = target - (s as i32 + places);
                if gap == 0 || gap >= 3 || (0 < gap && gap <= 2 && (mask >> gap) & 1 == 1) {
                    *best = total_kept;
                    return;
                }
            }
            return;
        }
        self.kept_dfs(cross, n + 1, c, cp, kept, places, left, target, total, best);
        let p = &cross[n];
        loop {
            let Some(used) = take_p(p, &mut c, &mut cp) else {
                return;
            };
            places += p.size as i32;
            if used < 2 || places > target {
                return;
            }
            kept += used as i32;
            left -= used as i32;
            self.kept_dfs(cross, n + 1, c, cp, kept, places, left, target, total, best);
        }
    }

    /// The real `kinds` whose receipt lets a target keep more than `floor` cards, as a
    /// bit set of kinds (`Solver.helps`).
    pub fn helps(
        &mut self,
        hand: &Counts,
        caps: &Counts,
        target: i32,
        floor: i32,
        kinds: &[usize],
    ) -> u32 {
        if self.line_ids.len() > CACHE_LIMIT || self.pairs.len() > CACHE_LIMIT {
            self.reset_tables();
        }
        let h = first30(hand);
        let cp0 = first30(caps);
        let mut cand = 0u32;
        for &i in kinds {
            if i < SET_KINDS && cp0[i] > 0 {
                cand |= 1 << i;
            }
        }
        if cand == 0 {
            return 0;
        }
        let mut items: Vec<(P, Option<u32>)> = Vec::new();
        for p in &self.cross {
            let base: i32 = p
                .need
                .iter()
                .map(|&(k, m)| m.min(h[k as usize]) as i32)
                .sum();
            if base >= 2 {
                items.push((p.clone(), None));
            } else if base == 1 {
                let mut worlds = 0u32;
                for &(k, m) in &p.need {
                    let k = k as usize;
                    if cand >> k & 1 == 1 && h[k] < m {
                        worlds |= 1 << k;
                    }
                }
                if worlds != 0 {
                    items.push((p.clone(), Some(worlds)));
                }
            }
        }
        let total: i32 = h.iter().map(|&n| n as i32).sum();
        let mut cx = HelpCx {
            items: &items,
            target,
            floor,
            cp0,
            found: 0,
        };
        self.help_dfs(&mut cx, 0, h, cp0, 0, 0, total, cand);
        cx.found
    }

    fn reaches(&self, id: u32, kept: i32, places: i32, target: i32, floor: i32) -> bool {
        for &(k, s, mask) in self.tables[id as usize].iter().rev() {
            if k as i32 + kept <= floor {
                return false;
            }
            let gap = target - s as i32 - places;
            if gap == 0 || gap >= 3 || (0 < gap && gap <= 2 && (mask >> gap) & 1 == 1) {
                return true;
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn help_dfs(
        &mut self,
        cx: &mut HelpCx<'_>,
        n: usize,
        mut c: [u8; SET_KINDS],
        mut cp: [u8; SET_KINDS],
        mut kept: i32,
        mut places: i32,
        mut left: i32,
        mut alive: u32,
    ) {
        alive &= !cx.found;
        if alive == 0 || kept + 1 + (left + 1).min(cx.target - places) <= cx.floor {
            return;
        }
        if n == cx.items.len() {
            self.help_leaf(cx, &c, &cp, kept, places, alive);
            return;
        }
        self.help_dfs(cx, n + 1, c, cp, kept, places, left, alive);
        let items = cx.items;
        let (p, worlds) = &items[n];
        let mut al = match worlds {
            None => alive,
            Some(w) => alive & w,
        };
        while al != 0 {
            let (old_cp, mut nc, mut ncp) = (cp, c, cp);
            let Some(used) = take_p(p, &mut nc, &mut ncp) else {
                return;
            };
            places += p.size as i32;
            if used < 1 || places > cx.target {
                return;
            }
            if used == 1 {
                let mut keep = 0u32;
                for i in 0..SET_KINDS {
                    if al >> i & 1 == 1 && old_cp[i] == cx.cp0[i] && ncp[i] < cx.cp0[i] {
                        keep |= 1 << i;
                    }
                }
                al = keep;
                if al == 0 {
                    return;
                }
            }
            c = nc;
            cp = ncp;
            kept += used as i32;
            left -= used as i32;
            self.help_dfs(cx, n + 1, c, cp, kept, places, left, al);
            al &= !cx.found;
        }
    }

    fn help_leaf(
        &mut self,
        cx: &mut HelpCx<'_>,
        c: &[u8; SET_KINDS],
        cp: &[u8; SET_KINDS],
        kept: i32,
        places: i32,
        alive: u32,
    ) {
        let ls = [
            self.line_id(&c[0..9], &cp[0..9]),
            self.line_id(&c[9..18], &cp[9..18]),
            self.line_id(&c[18..27], &cp[18..27]),
            self.line_id(&c[27..30], &cp[27..30]),
        ];
        let mut consumed = 0u32;
        for i in 0..SET_KINDS {
            if alive >> i & 1 == 1 && cp[i] < cx.cp0[i] {
                consumed |= 1 << i;
            }
        }
        if consumed != 0 {
            let ab = self.pair(ls[0], ls[1]);
            let abd = self.pair(ab, ls[2]);
            let all = self.pair(abd, ls[3]);
            if self.reaches(all, kept + 1, places, cx.target, cx.floor) {
                cx.found |= consumed;
            }
        }
        for i in 0..SET_KINDS {
            if alive >> i & 1 == 0 || cp[i] < cx.cp0[i] {
                continue;
            }
            let s = suit_of(i) as usize;
            let lo = 9 * s;
            let hi = lo + if s < 3 { 9 } else { 3 };
            let mut v: Vec<u8> = c[lo..hi].to_vec();
            let mut w: Vec<u8> = cp[lo..hi].to_vec();
            v[i - lo] += 1;
            w[i - lo] -= 1;
            let mut mine = ls;
            mine[s] = self.line_id(&v, &w);
            let ab = self.pair(mine[0], mine[1]);
            let abd = self.pair(ab, mine[2]);
            let all = self.pair(abd, mine[3]);
            if self.reaches(all, kept, places, cx.target, cx.floor) {
                cx.found |= 1 << i;
            }
        }
    }
}

struct HelpCx<'a> {
    items: &'a [(P, Option<u32>)],
    target: i32,
    floor: i32,
    cp0: [u8; SET_KINDS],
    found: u32,
}

// --- the public functions (`melds.py`'s) ---------------------------------------------------

/// Places of each kind a target may leave to be filled (`caps_of`).
pub fn caps_of(own: &Counts, rules: &Rules, jokers: u8) -> Counts {
    let pack = rules.pack();
    let mut out = [0u8; KINDS];
    for i in 0..SET_KINDS {
        out[i] = pack[i].saturating_sub(own[i]) + jokers;
    }
    out
}

fn total(c: &Counts) -> i32 {
    c.iter().map(|&n| n as i32).sum()
}

/// The fewest cards the hand must still receive to go out with `target` cards
/// (`distance`); None when no target exists. A hand too large for the target is None too
/// (the Python engine raises; no legal play asks it).
pub fn distance(s: &mut Solver, hand: &Counts, target: i32, own: &Counts) -> Option<i32> {
    if target == 1 || target == 2 || target < 0 {
        return None;
    }
    let n = total(hand);
    if n > target + 1 || target > NMAX {
        return None;
    }
    if n >= target && s.best(hand, n > target).is_some() {
        return Some(0);
    }
    let caps = caps_of(own, &s.rules, hand[JOKER]);
    let kept = s.kept(hand, &caps, target, -1);
    if kept < 0 {
        return None;
    }
    let d = (target - kept - hand[JOKER] as i32).max(0);
    Some(if d > 0 { d } else { 1 })
}

/// Whether the distance is at most `bound` (`distance_within`).
pub fn distance_within(
    s: &mut Solver,
    hand: &Counts,
    target: i32,
    own: &Counts,
    bound: i32,
) -> bool {
    if target == 1 || target == 2 || target < 0 || bound < 0 {
        return false;
    }
    let n = total(hand);
    if n > target + 1 || target > NMAX {
        return false;
    }
    if bound < 1 {
        return n >= target && s.best(hand, n > target).is_some();
    }
    let jokers = hand[JOKER] as i32;
    let floor = (target - jokers - bound).max(0) - 1;
    let caps = caps_of(own, &s.rules, hand[JOKER]);
    s.kept(hand, &caps, target, floor) > floor
}

/// The kinds of `kinds` that make `within` keep more than `kept` (`_helping`).
pub fn helping(
    s: &mut Solver,
    within: &Counts,
    caps: &Counts,
    target: i32,
    kept: i32,
    kinds: &[usize],
) -> u32 {
    if s.kept(within, caps, target, -1) > kept {
        return kinds.iter().fold(0, |acc, &k| acc | 1 << k);
    }
    s.helps(within, caps, target, kept, kinds)
}

/// Kinds whose receipt lowers the distance (`useful_cards`), in pack order.
pub fn useful_cards(
    s: &mut Solver,
    hand: &Counts,
    target: i32,
    own: &Counts,
    within: Option<&Counts>,
) -> Vec<usize> {
    let now = distance(s, hand, target, own);
    let now = match now {
        None | Some(0) => return Vec::new(),
        Some(d) => d,
    };
    let pack = s.rules.pack();
    let takes: Vec<usize> = (0..KINDS).filter(|&i| own[i] < pack[i]).collect();
    if now == 1 {
        let spare = total(hand) + 1 > target;
        return takes
            .into_iter()
            .filter(|&i| {
                let mut h = *hand;
                h[i] += 1;
                s.best(&h, spare).is_some()
            })
            .collect();
    }
    let caps = caps_of(own, &s.rules, hand[JOKER]);
    let kept = s.kept(hand, &caps, target, -1);
    let mut kinds: Vec<usize> = takes.iter().copied().filter(|&i| i != JOKER).collect();
    if let Some(w) = within {
        let bits = helping(s, w, &caps, target, kept, &kinds);
        kinds.retain(|&k| bits >> k & 1 == 1);
    }
    let helps = s.helps(hand, &caps, target, kept, &kinds);
    takes
        .into_iter()
        .filter(|&i| i == JOKER || helps >> i & 1 == 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::cards::{counts_of, parse};
    use super::*;

    fn hand(text: &str) -> Counts {
        let kinds: Vec<u8> = text.split(' ').map(|c| parse(c).unwrap() as u8).collect();
        counts_of(&kinds)
    }

    #[test]
    fn the_best_declaration_of_the_docstring() {
        let mut s = Solver::new(Rules::new(2, 1));
        let h = hand("Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c");
        assert_eq!(s.best(&h, true), Some(29));
        let two = hand("4h 5h 6h 7h 8h 9h Ac 2c 3c 4c 5c 6c 7c 8c 9c");
        assert_eq!(s.best(&two, false), Some(2));
    }

    #[test]
    fn distances_of_the_docstrings() {
        let mut s = Solver::new(Rules::new(2, 1));
        let h = hand("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d");
        assert_eq!(distance(&mut s, &h, 15, &h), Some(1));
        assert!(distance_within(&mut s, &h, 15, &h, 1));
        assert!(!distance_within(&mut s, &h, 15, &h, 0));
        assert_eq!(useful_cards(&mut s, &h, 15, &h, None), vec![10, JOKER]);
        let done = hand("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2c 2d");
        assert_eq!(distance(&mut s, &done, 15, &done), Some(0));
    }
}
