//! The exact solvers and the judged worlds of the Ming advisor (`advisor/ming/solve.py`
//! and `advice.py`'s `_world`): the same searches — the same moves in the same order, the
//! same memos, the same states counted — so the same values and the same work.
//!
//! A *state* is the hands, the seat to act and the trick so far; its value what each seat
//! still scores with perfect play: max^n ([`Solver`]), its two-player zero-sum form on the
//! score difference ([`DuelSolver`]: alpha-beta, MTD(f)), or one seat against the others
//! together ([`ParanoidSolver`]).

use super::bots::{threatened, threatened_follow};
use super::plays::{
    combinations_in, leopard_9, read_lead, single_bonus, tables, Declare, Kind, Play,
};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::Instant;

pub type Values = [i32; 3];

/// (leader, led kind, size, best seat, best key, best bonus, cards so far).
pub type TrickKey = [i32; 7];

/// (cards, kind, key, bonus, declare) of a move; a follow's key −1 when laid face down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cards: u32,
    pub kind: u8,
    pub key: i32,
    pub bonus: i32,
    pub declare: Option<Declare>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub n: usize,
    pub hands: [u32; 3],
    pub to_act: usize,
    pub trick: Option<TrickKey>,
}

impl State {
    pub fn cards_left(&self) -> u32 {
        self.hands[..self.n].iter().map(|h| h.count_ones()).sum()
    }
}

/// The search ran out of states (or of time) before it could finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimit;

fn bits(h: u32) -> impl Iterator<Item = usize> {
    (0..30).filter(move |&i| h >> i & 1 == 1)
}

/// The leads of a hand, in the engine's order.
pub fn leads(hand: u32) -> Vec<Move> {
    let mut out: Vec<Move> = bits(hand)
        .map(|i| Move {
            cards: 1 << i,
            kind: 0,
            key: i as i32,
            bonus: single_bonus(i),
            declare: None,
        })
        .collect();
    for p in combinations_in(hand) {
        let declare = (p.cards == leopard_9()).then_some(if p.kind == Kind::Leopard {
            Declare::Leopard
        } else {
            Declare::Special
        });
        out.push(Move {
            cards: p.cards,
            kind: p.kind as u8,
            key: p.key,
            bonus: p.bonus,
            declare,
        });
    }
    out
}

fn table_of(kind: u8) -> &'static [Play] {
    let t = tables();
    match kind {
        1 => &t.gibbons,
        2 => &t.as_leopard,
        3 => &t.specials,
        _ => &[],
    }
}

/// The follows of a hand in a trick, in the engine's order, with their reading when they
/// beat the best so far.
pub fn follows(hand: u32, trick: &TrickKey) -> Vec<Move> {
    let (kind, size, best_key) = (trick[1] as u8, trick[2], trick[4]);
    if size == 1 {
        return bits(hand)
            .map(|i| {
                let win =
                    i as i32 > best_key && (i != 29 || super::cards::suit(best_key as usize) == 2);
                Move {
                    cards: 1 << i,
                    kind: 0,
                    key: if win { i as i32 } else { -1 },
                    bonus: if win { single_bonus(i) } else { 0 },
                    declare: None,
                }
            })
            .collect();
    }
    let idx: Vec<usize> = bits(hand).collect();
    let table = table_of(kind);
    let mut out = Vec::new();
    for a in 0..idx.len() {
        for b in a + 1..idx.len() {
            for c in b + 1..idx.len() {
                let m = 1u32 << idx[a] | 1 << idx[b] | 1 << idx[c];
                match table.iter().find(|p| p.cards == m) {
                    Some(p) if p.key > best_key => out.push(Move {
                        cards: m,
                        kind,
                        key: p.key,
                        bonus: p.bonus,
                        declare: None,
                    }),
                    _ => out.push(Move {
                        cards: m,
                        kind,
                        key: -1,
                        bonus: 0,
                        declare: None,
                    }),
                }
            }
        }
    }
    out
}

pub fn moves(s: &State) -> Vec<Move> {
    let hand = s.hands[s.to_act];
    match &s.trick {
        None => leads(hand),
        Some(t) => follows(hand, t),
    }
}

/// The state after a move, the seat that took the trick if it ended, and what each seat
/// scored by it; None as the state once the deal is over.
pub fn after(s: &State, mv: &Move) -> (Option<State>, Option<usize>, Values) {
    let n = s.n;
    let seat = s.to_act;
    let mut hands = s.hands;
    hands[seat] &= !mv.cards;
    let size = mv.cards.count_ones() as i32;
    let nxt = (seat + 1) % n;
    let Some(t) = s.trick else {
        let trick = [
            seat as i32,
            mv.kind as i32,
            size,
            seat as i32,
            mv.key,
            mv.bonus,
            size,
        ];
        return (
            Some(State {
                n,
                hands,
                to_act: nxt,
                trick: Some(trick),
            }),
            None,
            [0; 3],
        );
    };
    let [leader, k, sz, mut best_seat, mut best_key, mut best_bonus, mut total] = t;
    if mv.key >= 0 {
        best_seat = seat as i32;
        best_key = mv.key;
        best_bonus = mv.bonus;
    }
    total += size;
    if nxt as i32 != leader {
        let trick = [leader, k, sz, best_seat, best_key, best_bonus, total];
        return (
            Some(State {
                n,
                hands,
                to_act: nxt,
                trick: Some(trick),
            }),
            None,
            [0; 3],
        );
    }
    let mut gains = [0; 3];
    gains[best_seat as usize] = total + best_bonus;
    let w = best_seat as usize;
    if hands[w] == 0 {
        return (None, Some(w), gains);
    }
    (
        Some(State {
            n,
            hands,
            to_act: w,
            trick: None,
        }),
        Some(w),
        gains,
    )
}

fn add(a: Values, b: Values) -> Values {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn utility(v: &Values, seat: usize, n: usize) -> i32 {
    n as i32 * v[seat] - v[..n].iter().sum::<i32>()
}

/// A search's limits: states over its life, and a time (checked every 256 states).
pub struct Bounded {
    pub max_nodes: Option<u64>,
    pub deadline: Option<Instant>,
    pub nodes: u64,
}

impl Bounded {
    pub fn new(max_nodes: Option<u64>, seconds: Option<f64>) -> Bounded {
        let deadline =
            seconds.map(|s| Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
        Bounded {
            max_nodes,
            deadline,
            nodes: 0,
        }
    }

    fn count(&mut self) -> Result<(), SearchLimit> {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|m| self.nodes > m) {
            return Err(SearchLimit);
        }
        if self.nodes & 255 == 0 && self.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(SearchLimit);
        }
        Ok(())
    }
}

/// The exact max^n solver with a memo over states.
pub struct Solver {
    pub b: Bounded,
    memo: FxHashMap<State, Values>,
}

impl Solver {
    pub fn new(b: Bounded) -> Solver {
        Solver {
            b,
            memo: FxHashMap::default(),
        }
    }

    pub fn value(&mut self, s: &State) -> Result<Values, SearchLimit> {
        if let Some(v) = self.memo.get(s) {
            return Ok(*v);
        }
        self.b.count()?;
        let mut best: Option<(Values, i32)> = None;
        for mv in moves(s) {
            let v = self.after_move(s, &mv)?;
            let u = utility(&v, s.to_act, s.n);
            if best.is_none_or(|(_, bu)| u > bu) {
                best = Some((v, u));
            }
        }
        let best = best.expect("a state with a move").0;
        self.memo.insert(*s, best);
        Ok(best)
    }

    fn after_move(&mut self, s: &State, mv: &Move) -> Result<Values, SearchLimit> {
        let (child, _, gains) = after(s, mv);
        Ok(match child {
            None => gains,
            Some(c) => add(gains, self.value(&c)?),
        })
    }

    /// Every move of the seat to act with its value, in the engine's order.
    pub fn move_values(&mut self, s: &State) -> Result<Vec<(Move, Values)>, SearchLimit> {
        moves(s)
            .into_iter()
            .map(|mv| Ok((mv, self.after_move(s, &mv)?)))
            .collect()
    }
}

const WIDE: i32 = 99;

type LeadMove = (u32, u8, i32, i32);

/// The exact solver of a 2-player state on the score difference (`DuelSolver`).
pub struct DuelSolver {
    pub b: Bounded,
    memo: FxHashMap<u64, (i32, i32, Option<LeadMove>)>,
    leads: FxHashMap<u32, Rc<[LeadMove]>>,
    replies: FxHashMap<(u32, u8, i32, i32), Replies>,
}

/// A hand's follows to a lead: those that beat (cards, bonus), cheapest first, and the
/// face-down ones, lowest first (shared, not copied, by the searches that read them).
type Replies = (Rc<[(u32, i32)]>, Rc<[u32]>);

impl DuelSolver {
    pub fn new(b: Bounded) -> DuelSolver {
        DuelSolver {
            b,
            memo: FxHashMap::default(),
            leads: FxHashMap::default(),
            replies: FxHashMap::default(),
        }
    }

    /// What the seat to act will score from `state` more than the other, with perfect
    /// play (exact).
    pub fn margin(&mut self, s: &State) -> Result<i32, SearchLimit> {
        let (mut g, mut lo, mut hi) = (0, -WIDE, WIDE);
        while lo < hi {
            let b = if g == lo { g + 1 } else { g };
            g = self.margin_in(s, b - 1, b)?;
            if g < b {
                hi = g;
            } else {
                lo = g;
            }
        }
        Ok(g)
    }

    fn margin_in(&mut self, s: &State, alpha: i32, beta: i32) -> Result<i32, SearchLimit> {
        let me = s.to_act;
        let (mine, other) = (s.hands[me], s.hands[1 - me]);
        match s.trick {
            None => self.lead(mine, other, alpha, beta),
            Some(t) => Ok(-self.follow(other, mine, t[1] as u8, t[4], t[5], t[2], -beta, -alpha)?),
        }
    }

    fn lead(&mut self, a: u32, b: u32, mut alpha: i32, mut beta: i32) -> Result<i32, SearchLimit> {
        let key = a as u64 | (b as u64) << 30;
        let (lo, hi, first) = match self.memo.get(&key) {
            Some(&(lo, hi, first)) => {
                if lo >= beta {
                    return Ok(lo);
                }
                if hi <= alpha {
                    return Ok(hi);
                }
                if lo == hi {
                    return Ok(lo);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                (lo, hi, first)
            }
            None => (-WIDE, WIDE, None),
        };
        self.b.count()?;
        let a0 = alpha;
        let ms: Rc<[LeadMove]> = match self.leads.get(&a) {
            Some(ms) => ms.clone(),
            None => {
                let mut ms: Vec<LeadMove> = leads(a)
                    .iter()
                    .map(|m| (m.cards, m.kind, m.key, m.bonus))
                    .collect();
                ms.sort_by_key(|m| {
                    (
                        -m.3,
                        m.0.count_ones() == 1,
                        -((32 - m.0.leading_zeros()) as i32),
                    )
                });
                let ms: Rc<[LeadMove]> = ms.into();
                self.leads.insert(a, ms.clone());
                ms
            }
        };
        // the memo's best lead first, then the others in their order
        let at = first.and_then(|f| ms.iter().position(|m| *m == f));
        let order = at
            .into_iter()
            .chain((0..ms.len()).filter(|&i| Some(i) != at));
        let (mut best, mut best_move) = (-WIDE, None);
        for m in order.map(|i| ms[i]) {
            let v = self.follow(
                a ^ m.0,
                b,
                m.1,
                m.2,
                m.3,
                m.0.count_ones() as i32,
                alpha,
                beta,
            )?;
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let entry = if best <= a0 {
            (lo, best, best_move)
        } else if best >= beta {
            (best, hi, best_move)
        } else {
            (best, best, best_move)
        };
        self.memo.insert(key, entry);
        Ok(best)
    }

    #[allow(clippy::too_many_arguments)]
    fn follow(
        &mut self,
        a: u32,
        b: u32,
        kind: u8,
        key: i32,
        bonus: i32,
        size: i32,
        alpha: i32,
        mut beta: i32,
    ) -> Result<i32, SearchLimit> {
        let rk = (b, kind, key, size);
        let (beating, face_down) = self
            .replies
            .entry(rk)
            .or_insert_with(|| {
                let trick = [0, kind as i32, size, 0, key, bonus, size];
                let fs = follows(b, &trick);
                let mut beating: Vec<(u32, i32)> = fs
                    .iter()
                    .filter(|r| r.key >= 0)
                    .map(|r| (r.cards, r.bonus))
                    .collect();
                beating.sort_unstable();
                let mut face_down: Vec<u32> =
                    fs.iter().filter(|r| r.key < 0).map(|r| r.cards).collect();
                face_down.sort_unstable();
                (beating.into(), face_down.into())
            })
            .clone();
        let mut best = WIDE;
        for &(cards, won_bonus) in beating.iter() {
            let left = b ^ cards;
            let g = 2 * size + won_bonus;
            let v = if left == 0 {
                -g
            } else {
                -g - self.lead(left, a, -beta - g, -alpha - g)?
            };
            if v < best {
                best = v;
                if v < beta {
                    beta = v;
                    if beta <= alpha {
                        return Ok(best);
                    }
                }
            }
        }
        let led = 2 * size + bonus;
        for &cards in face_down.iter() {
            let left = b ^ cards;
            let v = if left == 0 {
                led
            } else {
                led + self.lead(a, left, alpha - led, beta - led)?
            };
            if v < best {
                best = v;
                if v < beta {
                    beta = v;
                    if beta <= alpha {
                        return Ok(best);
                    }
                }
            }
        }
        Ok(best)
    }

    /// Every move of the seat to act with its exact margin, in the engine's order.
    pub fn move_margins(&mut self, s: &State) -> Result<Vec<(Move, i32)>, SearchLimit> {
        let me = s.to_act;
        moves(s)
            .into_iter()
            .map(|mv| {
                let (child, _, gains) = after(s, &mv);
                let g = gains[me] - gains[1 - me];
                let v = match child {
                    None => g,
                    Some(c) => {
                        let m = self.margin(&c)?;
                        if c.to_act == me {
                            g + m
                        } else {
                            g - m
                        }
                    }
                };
                Ok((mv, v))
            })
            .collect()
    }
}

/// The paranoid solver of a 3-player state for one seat (`ParanoidSolver`).
pub struct ParanoidSolver {
    pub b: Bounded,
    pub me: usize,
    memo: FxHashMap<State, (i32, i32, Option<Values>, Option<Move>)>,
}

impl ParanoidSolver {
    pub fn new(me: usize, b: Bounded) -> ParanoidSolver {
        ParanoidSolver {
            b,
            me,
            memo: FxHashMap::default(),
        }
    }

    pub fn value(&mut self, s: &State) -> Result<Values, SearchLimit> {
        Ok(self.search(s, -10 * WIDE, 10 * WIDE)?.1)
    }

    fn gain(&self, gains: &Values, n: usize) -> i32 {
        n as i32 * gains[self.me] - gains[..n].iter().sum::<i32>()
    }

    fn search(
        &mut self,
        s: &State,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, Values), SearchLimit> {
        let n = s.n;
        let (lo, hi, first) = match self.memo.get(s) {
            Some(&(lo, hi, line, first)) => {
                if let Some(l) = line {
                    return Ok((lo, l));
                }
                if lo >= beta {
                    return Ok((lo, [0; 3]));
                }
                if hi <= alpha {
                    return Ok((hi, [0; 3]));
                }
                (lo, hi, first)
            }
            None => (-10 * WIDE, 10 * WIDE, None),
        };
        self.b.count()?;
        let (a0, b0) = (alpha, beta);
        let mine = s.to_act == self.me;
        let mut ms = moves(s);
        if s.trick.is_none() {
            ms.sort_by_key(|m| {
                (
                    -m.bonus,
                    m.cards.count_ones() == 1,
                    -((32 - m.cards.leading_zeros()) as i32),
                )
            });
        } else {
            ms.sort_by_key(|m| (m.key < 0, 32 - m.cards.leading_zeros()));
        }
        if let Some(f) = first {
            if let Some(p) = ms.iter().position(|m| *m == f) {
                let m = ms.remove(p);
                ms.insert(0, m);
            }
        }
        let mut best = if mine { -10 * WIDE } else { 10 * WIDE };
        let mut best_line: Values = [0; 3];
        let mut best_move: Option<Move> = None;
        for mv in ms {
            let (child, _, gains) = after(s, &mv);
            let g = self.gain(&gains, n);
            let (v, line) = match child {
                None => (g, gains),
                Some(c) => {
                    let (cv, cl) = self.search(&c, alpha - g, beta - g)?;
                    (g + cv, add(gains, cl))
                }
            };
            if if mine { v > best } else { v < best } {
                best = v;
                best_line = line;
                best_move = Some(mv);
                if mine {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        let entry = if best <= a0 {
            (lo, best, None, best_move)
        } else if best >= b0 {
            (best, hi, None, best_move)
        } else {
            (best, best, Some(best_line), best_move)
        };
        self.memo.insert(*s, entry);
        Ok((best, best_line))
    }
}

// --- the rule players on states, and a judged world ---------------------------------------

fn first_by<K: Ord>(ms: &[Move], key: impl Fn(&Move) -> K, greatest: bool) -> Move {
    let mut best: Option<(K, Move)> = None;
    for m in ms {
        let k = key(m);
        let better = match &best {
            None => true,
            Some((b, _)) => {
                if greatest {
                    k > *b
                } else {
                    k < *b
                }
            }
        };
        if better {
            best = Some((k, *m));
        }
    }
    best.expect("a move").1
}

fn cost(cards: u32) -> (u32, u32) {
    (
        32 - cards.leading_zeros(),
        bits(cards).map(|i| i as u32).sum(),
    )
}

/// The `greedy` bot's choice on a state (`greedy_move`).
pub fn greedy_move(s: &State) -> Move {
    let ms = moves(s);
    if s.trick.is_some() {
        let winning: Vec<Move> = ms.iter().filter(|m| m.key >= 0).copied().collect();
        return first_by(
            if winning.is_empty() { &ms } else { &winning },
            |m| cost(m.cards),
            false,
        );
    }
    let combos: Vec<Move> = ms
        .iter()
        .filter(|m| m.cards.count_ones() == 3)
        .copied()
        .collect();
    if !combos.is_empty() {
        return first_by(
            &combos,
            |m| (m.bonus, m.declare == Some(Declare::Special), cost(m.cards)),
            true,
        );
    }
    first_by(&ms, |m| m.cards, true)
}

/// The `greedy+` bot's choice on a state, the cards it has not seen being the other hands
/// of the world (`strong_move`).
pub fn strong_move(s: &State) -> Move {
    let ms = moves(s);
    let seat = s.to_act;
    let hand = s.hands[seat];
    let others = (0..s.n)
        .filter(|&i| i != seat)
        .fold(0u32, |m, i| m | s.hands[i]);
    let kept = combinations_in(hand).iter().fold(0u32, |m, p| m | p.cards);
    let cost3 = |c: u32| ((c & kept).count_ones(), 32 - c.leading_zeros(), c);
    match s.trick {
        None => {
            let sure: Vec<Move> = ms
                .iter()
                .filter(|m| !threatened(&read_lead(m.cards, m.declare).expect("a lead"), others))
                .copied()
                .collect();
            let combos: Vec<Move> = sure
                .iter()
                .filter(|m| m.cards.count_ones() == 3)
                .copied()
                .collect();
            if !combos.is_empty() {
                return first_by(
                    &combos,
                    |m| {
                        (
                            m.bonus,
                            m.declare == Some(Declare::Special),
                            -(cost3(m.cards).2 as i64),
                        )
                    },
                    true,
                );
            }
            if !sure.is_empty() {
                return first_by(&sure, |m| (m.bonus, -(m.cards as i64)), true);
            }
            let combos: Vec<Move> = ms
                .iter()
                .filter(|m| m.cards.count_ones() == 3)
                .copied()
                .collect();
            if !combos.is_empty() {
                return first_by(
                    &combos,
                    |m| (m.bonus, m.declare == Some(Declare::Special), cost(m.cards)),
                    true,
                );
            }
            first_by(&ms, |m| cost3(m.cards), false)
        }
        Some(t) => {
            let mut winning: Vec<Move> = ms.iter().filter(|m| m.key >= 0).copied().collect();
            if !winning.is_empty() && (seat + 1) % s.n != t[0] as usize {
                let kind = Kind::of_index(t[1] as u8);
                winning.retain(|m| !threatened_follow(m.cards, kind, others));
            }
            first_by(
                if winning.is_empty() { &ms } else { &winning },
                |m| cost3(m.cards),
                false,
            )
        }
    }
}

/// Play the rule for every seat from `state` until no more than `cards` are left: what each
/// seat scored, the moves played and the state reached (None: the deal is over).
pub fn greedy_to(state: Option<State>, cards: u32, strong: bool) -> (Values, u64, Option<State>) {
    let mut total = [0; 3];
    let mut s = state;
    let mut steps = 0;
    while let Some(st) = s {
        if st.cards_left() <= cards {
            break;
        }
        let mv = if strong {
            strong_move(&st)
        } else {
            greedy_move(&st)
        };
        let (next, _, gains) = after(&st, &mv);
        total = add(total, gains);
        steps += 1;
        s = next;
    }
    (total, steps, s)
}

/// A world's judgement: each move's (gains and rule's scores, solved scores), whether a
/// rule move was played, and the work counted.
pub type WorldJudged = (Vec<(Values, Values)>, bool, u64);

/// One world judged as the advisor judges it (`advice._world`): each of the `moves` played
/// from `root`, the rule to `exact_at` cards left, the rest solved (the duel solver with 2
/// players; with 3 the paranoid one for the seat, or max^n when `whole`). Each move's
/// (gains and rule's scores, solved scores), whether any rule move was played, and the
/// states and moves counted; Err with the count when the search passed its limit.
pub fn judge_world(
    root: &State,
    moves_: &[Move],
    exact_at: u32,
    limit: u64,
    strong: bool,
    whole: bool,
    seconds: Option<f64>,
) -> Result<WorldJudged, u64> {
    let n = root.n;
    let seat = root.to_act;
    enum Any {
        Duel(DuelSolver),
        Max(Solver),
        Paranoid(ParanoidSolver),
    }
    let b = Bounded::new(Some(limit), seconds);
    let mut solver = if n == 2 {
        Any::Duel(DuelSolver::new(b))
    } else if whole {
        Any::Max(Solver::new(b))
    } else {
        Any::Paranoid(ParanoidSolver::new(seat, b))
    };
    let mut greedy = moves_.len() as u64;
    let mut out = Vec::with_capacity(moves_.len());
    for mv in moves_ {
        let (child, _, gains) = after(root, mv);
        let (pre, steps, s) = greedy_to(child, exact_at, strong);
        greedy += steps;
        let solved = match s {
            None => Ok([0; 3]),
            Some(s) => match &mut solver {
                Any::Duel(d) => d.margin(&s).map(|m| {
                    let mut v = [0; 3];
                    v[s.to_act] = m.max(0);
                    v[1 - s.to_act] = (-m).max(0);
                    v
                }),
                Any::Max(x) => x.value(&s),
                Any::Paranoid(p) => p.value(&s),
            },
        };
        let nodes = match &solver {
            Any::Duel(d) => d.b.nodes,
            Any::Max(x) => x.b.nodes,
            Any::Paranoid(p) => p.b.nodes,
        };
        match solved {
            Ok(v) => out.push((add(gains, pre), v)),
            Err(SearchLimit) => return Err(nodes + greedy),
        }
    }
    let nodes = match &solver {
        Any::Duel(d) => d.b.nodes,
        Any::Max(x) => x.b.nodes,
        Any::Paranoid(p) => p.b.nodes,
    };
    Ok((out, greedy > moves_.len() as u64, nodes + greedy))
}

/// Each move played from `root`, then the rule to the end of the deal (a world whose exact
/// end passed the solver's limit): its gains and the rule's scores, and the moves played.
pub fn play_world(root: &State, moves_: &[Move], strong: bool) -> Vec<(Values, u64)> {
    moves_
        .iter()
        .map(|mv| {
            let (child, _, gains) = after(root, mv);
            let (pre, steps, _) = greedy_to(child, 0, strong);
            (add(gains, pre), steps)
        })
        .collect()
}

/// How a world was judged (`advice._world`'s methods).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Solved = 0,
    GreedyThenSolved = 1,
    Playout = 2,
}

/// What a decision's worlds are judged with: the seat's side (`root`'s seat to act, its
/// trick; the hands come with each world), the moves to judge, the scores so far, the
/// searches' settings, and the meter's work asked and safety cap.
pub struct WorldsAsked<'a> {
    pub to_act: usize,
    pub trick: Option<TrickKey>,
    pub moves: &'a [Move],
    pub scores: Values,
    pub exact_at: u32,
    pub limit: u64,
    pub strong: bool,
    pub whole: bool,
    pub asked: u64,
    pub deadline: Option<Instant>,
}

/// The decision's meter as the worlds go (`advisor.games.budget.Meter`): the work done,
/// the worlds judged, whether the safety cap cut it.
#[derive(Clone, Copy, Debug, Default)]
pub struct WorldsMeter {
    pub done: u64,
    pub worlds: u64,
    pub cut: bool,
}

impl WorldsMeter {
    fn past_cap(&mut self, deadline: Option<Instant>) -> bool {
        if deadline.is_some_and(|d| Instant::now() > d) {
            self.cut = true;
        }
        self.cut
    }
}

/// A world's judgement: how, and per move the seat's settlement and whether it then has
/// the top score alone.
pub type WorldVerdict = (How, Vec<(i32, bool)>);

/// The worlds of one decision judged in turn as `advice.advise_situation` judges them: a
/// world begun only while the meter has work left and the work left buys one as costly
/// as the worlds so far on average; a world whose search passes its limit played out by
/// the rule instead, or, once the safety cap has passed, left out (unless it is the
/// decision's first). The verdicts, and whether the judging stopped before the worlds
/// ran out.
pub fn judge_worlds(
    asked: &WorldsAsked,
    worlds: &[[u32; 3]],
    n: usize,
    meter: &mut WorldsMeter,
) -> (Vec<WorldVerdict>, bool) {
    let seat = asked.to_act;
    let verdict = |gains: &[Values]| -> Vec<(i32, bool)> {
        gains
            .iter()
            .map(|g| {
                let total: Vec<i32> = (0..n).map(|k| asked.scores[k] + g[k]).collect();
                let sum: i32 = total.iter().sum();
                let top = (0..n).all(|k| k == seat || total[k] < total[seat]);
                (n as i32 * total[seat] - sum, top)
            })
            .collect()
    };
    let mut out = Vec::new();
    for hands in worlds {
        if meter.worlds > 0 {
            let left = asked.asked.saturating_sub(meter.done);
            let more = meter.done < asked.asked && !meter.cut && !meter.past_cap(asked.deadline);
            if !more || meter.done > 2 * left * meter.worlds {
                return (out, true);
            }
        }
        let root = State {
            n,
            hands: *hands,
            to_act: seat,
            trick: asked.trick,
        };
        let seconds = asked
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
        match judge_world(
            &root,
            asked.moves,
            asked.exact_at,
            asked.limit,
            asked.strong,
            asked.whole,
            seconds,
        ) {
            Ok((judged, greedy, spent)) => {
                meter.done += spent;
                let how = if greedy {
                    How::GreedyThenSolved
                } else {
                    How::Solved
                };
                let gains: Vec<Values> = judged.iter().map(|(a, b)| add(*a, *b)).collect();
                out.push((how, verdict(&gains)));
            }
            Err(spent) => {
                meter.done += spent;
                if meter.past_cap(asked.deadline) && meter.worlds > 0 {
                    return (out, true);
                }
                let played = play_world(&root, asked.moves, asked.strong);
                meter.done += played.iter().map(|(_, s)| s).sum::<u64>();
                let gains: Vec<Values> = played.iter().map(|(v, _)| *v).collect();
                out.push((How::Playout, verdict(&gains)));
            }
        }
        meter.worlds += 1;
    }
    (out, false)
}
