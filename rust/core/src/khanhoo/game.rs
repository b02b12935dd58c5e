//! The Khanhoo engine (`advisor/khanhoo/game.py`), move for move: the same legal actions in
//! the same order, the same claims and their priority (K5), the same end and scores (K6,
//! K8, K10). Reasons stay with the Python engine: here an action is legal or it is not.

use super::cards::{code, kinds_of, size, Counts, JOKER, KINDS, SET_KINDS};
use super::rules::{Rules, QUARTETTE, SEQUENCE, TRIO};
use super::solver::{self, HAND_SIZE, ORPHAN_SIZE};
use crate::engine::{Draw, Policy, SeatOutcome};
use crate::error::{Error, Result};
use serde_json::{json, Value};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;
pub const MAX_TURNS: u32 = 200;
pub const OUT_BONUS: i32 = 5;
pub const QUARTETTE_BY_CACHE: i32 = 12 + OUT_BONUS;

/// What an action does, in the order of `advisor.khanhoo.game.DOS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Do {
    Discard = 0,
    Out = 1,
    Cache = 2,
    Quartette = 3,
    Take = 4,
    Bump = 5,
    Pass = 6,
    Draw = 7,
}

const DOS: [Do; 8] = [
    Do::Discard,
    Do::Out,
    Do::Cache,
    Do::Quartette,
    Do::Take,
    Do::Bump,
    Do::Pass,
    Do::Draw,
];

/// A seat's action: a card (its kind + 1; 0 for none), or the hand cards a take or a bump
/// lays with the discard (five bits a card, kind + 1, lowest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub what: Do,
    pub arg: u64,
}

/// The cards of a take or a bump as its argument.
pub fn packed(cards: &[u8]) -> u64 {
    cards
        .iter()
        .enumerate()
        .map(|(i, &k)| (k as u64 + 1) << (5 * i))
        .sum()
}

/// The cards of [`packed`], in pack order.
pub fn unpacked(mut x: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while x & 31 != 0 {
        out.push((x & 31) as u8 - 1);
        x >>= 5;
    }
    out
}

impl Action {
    pub const PASS: Action = Action {
        what: Do::Pass,
        arg: 0,
    };
    pub const DRAW: Action = Action {
        what: Do::Draw,
        arg: 0,
    };

    pub fn card(what: Do, k: usize) -> Action {
        Action {
            what,
            arg: k as u64 + 1,
        }
    }

    /// The card of a discard, an out, a cache or a Quartette in turn.
    pub fn kind(self) -> Option<usize> {
        match self.what {
            Do::Discard | Do::Out | Do::Cache | Do::Quartette if self.arg > 0 => {
                Some(self.arg as usize - 1)
            }
            _ => None,
        }
    }

    /// The hand cards of a take or a bump.
    pub fn with(self) -> Vec<u8> {
        match self.what {
            Do::Take | Do::Bump => unpacked(self.arg),
            _ => Vec::new(),
        }
    }

    /// The code across the boundary: what it does × 2⁶⁰ + its argument.
    pub fn code(self) -> u64 {
        (self.what as u64) << 60 | self.arg
    }

    pub fn from_code(code: u64) -> Option<Action> {
        let what = *DOS.get((code >> 60) as usize)?;
        let arg = code & ((1 << 60) - 1);
        let ok = match what {
            Do::Discard | Do::Out | Do::Cache => (1..=KINDS as u64).contains(&arg),
            Do::Quartette => arg <= KINDS as u64,
            Do::Take | Do::Bump => {
                let cards = unpacked(arg);
                !cards.is_empty()
                    && packed(&cards) == arg
                    && cards.iter().all(|&k| (k as usize) < KINDS)
                    && cards.windows(2).all(|w| w[0] <= w[1])
            }
            Do::Pass | Do::Draw => arg == 0,
        };
        ok.then_some(Action { what, arg })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Turn,
    Claim,
    Draw,
    Over,
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Turn => "turn",
        Phase::Claim => "claim",
        Phase::Draw => "draw",
        Phase::Over => "over",
    }
}

/// A laid combination: its cards in pack order, its kind and points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub cards: Vec<u8>,
    pub kind: u8,
    pub points: i32,
}

/// The combination some cards make (`position.meld_of`): its best reading, or None.
pub fn meld_of(cards: &[u8], rules: &Rules) -> Option<Meld> {
    let mut real = [0u8; SET_KINDS];
    let mut jokers = 0;
    for &k in cards {
        if k as usize == JOKER {
            jokers += 1;
        } else {
            real[k as usize] += 1;
        }
    }
    let t = rules.table();
    let n = t.identify(&real, jokers)?;
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    Some(Meld {
        cards: sorted,
        kind: t.patterns[n].kind,
        points: t.patterns[n].points as i32,
    })
}

#[derive(Clone, Debug)]
pub struct Seat {
    pub hand: Counts,
    pub target: i32,
    pub dealt: Counts,
    pub melds: Vec<Meld>,
    /// The kind of its cache (a natural Trio laid face down, K10).
    pub cache: Option<u8>,
    /// Copies in hand that came from a discard (not natural, K10).
    pub taken: Counts,
    pub discards: Vec<u8>,
    /// How it came by its last card: a draw, a take or a bump (the run's routes).
    pub last_get: Option<Do>,
}

impl Seat {
    pub fn natural(&self, i: usize) -> i32 {
        self.hand[i] as i32 - self.taken[i] as i32
    }

    /// Its laid cards: the melds, and the cache's three.
    pub fn laid(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.melds.iter().flat_map(|m| m.cards.clone()).collect();
        if let Some(c) = self.cache {
            out.extend([c; 3]);
        }
        out
    }
}

#[derive(Clone, Debug)]
pub struct Offer {
    pub card: u8,
    pub by: usize,
    pub queue: Vec<usize>,
    pub claims: Vec<(usize, Action)>,
}

/// How the deal ended: the winner and how (`out`, `quartette`, `cache`; None: drawn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<usize>,
    pub by: Option<&'static str>,
    pub points: i32,
    pub scores: Vec<i32>,
    pub discard: Option<u8>,
}

/// One deal of Khanhoo.
#[derive(Clone, Debug)]
pub struct Game {
    pub players: usize,
    pub rules: Rules,
    pub dealer: usize,
    pub leader: usize,
    pub orphan: Option<usize>,
    pub max_turns: u32,
    pub seats: Vec<Seat>,
    pub initial_stock: Vec<u8>,
    /// The stock, its top card last.
    pub stock: Vec<u8>,
    pub no_stock: bool,
    pub pile: Vec<u8>,
    pub turnovers: u32,
    pub discards: u32,
    pub offer: Option<Offer>,
    pub phase: Phase,
    pub to_act: usize,
    pub result: Option<Outcome>,
}

/// Every distinct set of hand cards making a combination with the discard `x`, leaving a
/// card in hand, with the combination, best first (`game.meld_options`).
pub fn meld_options(hand: &Counts, x: usize, rules: &Rules) -> Vec<(Vec<u8>, Meld)> {
    let t = rules.table();
    let jokers = hand[JOKER] as i32;
    let total = size(hand) as i32;
    let mut found: Vec<(Vec<u8>, Meld)> = Vec::new();
    let all: Vec<usize>;
    let pool: &[usize] = if x == JOKER {
        all = (0..t.patterns.len()).collect();
        &all
    } else {
        &t.containing[x]
    };
    for &n in pool {
        let p = &t.patterns[n];
        let mut kinds: Vec<(usize, i32)> = Vec::new();
        for &(k, m) in &p.need {
            let m = m as i32 - (k as usize == x) as i32;
            if m > 0 {
                kinds.push((k as usize, m));
            }
        }
        let have: i32 = kinds.iter().map(|&(k, m)| m.min(hand[k] as i32)).sum();
        if have + jokers < p.size as i32 - 1 {
            continue;
        }
        let tops: Vec<i32> = kinds.iter().map(|&(k, m)| m.min(hand[k] as i32)).collect();
        let mut used = tops.clone();
        loop {
            let real: i32 = used.iter().sum();
            let from_hand = p.size as i32 - 1 - real;
            if (0..=jokers).contains(&from_hand) && total - real - from_hand >= 1 {
                let mut with: Vec<u8> = Vec::new();
                for (i, &(k, _)) in kinds.iter().enumerate() {
                    with.extend(std::iter::repeat_n(k as u8, used[i] as usize));
                }
                with.extend(std::iter::repeat_n(JOKER as u8, from_hand as usize));
                with.sort_unstable();
                if !found.iter().any(|f| f.0 == with) {
                    let mut cards = with.clone();
                    cards.push(x as u8);
                    if let Some(m) = meld_of(&cards, rules) {
                        found.push((with, m));
                    }
                }
            }
            // the next of the product (each place counting down to 0)
            let mut done = true;
            let mut i = used.len();
            while i > 0 {
                i -= 1;
                if used[i] > 0 {
                    used[i] -= 1;
                    used[i + 1..].copy_from_slice(&tops[i + 1..]);
                    done = false;
                    break;
                }
            }
            if done {
                break;
            }
        }
    }
    found.sort_by(|a, b| {
        b.1.points
            .cmp(&a.1.points)
            .then(a.0.len().cmp(&b.0.len()))
            .then_with(|| a.0.cmp(&b.0))
    });
    found
}

fn settlement(scores: &[i32]) -> Vec<i32> {
    let n = scores.len() as i32;
    let total: i32 = scores.iter().sum();
    scores.iter().map(|s| s * n - total).collect()
}

impl Game {
    /// A new deal: the hands by seat, the stock top card first, the dealer; the orphan
    /// (K7) and the turn limit. The cards must be the pack's (K1), dealt as K3 and K7 say.
    pub fn new(
        hands: Vec<Counts>,
        stock: &[u8],
        dealer: usize,
        rules: Rules,
        orphan: Option<usize>,
        max_turns: u32,
    ) -> Result<Game> {
        let n = hands.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(Error::invalid(format!(
                "hands: {n} hands; a deal has {MIN_PLAYERS} to {MAX_PLAYERS} players"
            )));
        }
        if dealer >= n {
            return Err(Error::invalid(format!(
                "dealer: seat {dealer} does not exist (K3)"
            )));
        }
        if orphan.is_some_and(|o| n != 4 || o >= n) {
            return Err(Error::invalid(
                "orphan: an orphan needs four players and an existing seat (K7)",
            ));
        }
        if max_turns < 1 {
            return Err(Error::invalid("max_turns: a positive number of discards"));
        }
        let leader = (dealer + 1) % n;
        let pack = rules.pack();
        let mut total = [0u32; KINDS];
        for (s, h) in hands.iter().enumerate() {
            let want = if Some(s) == orphan {
                ORPHAN_SIZE
            } else {
                HAND_SIZE
            } as u32
                + (s == leader) as u32;
            if size(h) != want {
                return Err(Error::invalid(format!(
                    "hands[{s}]: seat {s} is dealt {want} cards (K3, K7)"
                )));
            }
            for k in 0..KINDS {
                total[k] += h[k] as u32;
            }
        }
        for &c in stock {
            if c as usize >= KINDS {
                return Err(Error::invalid(format!("stock: {c} is not a card kind")));
            }
            total[c as usize] += 1;
        }
        if let Some(k) = (0..KINDS).find(|&k| total[k] != pack[k] as u32) {
            return Err(Error::invalid(format!(
                "the deal holds {} of {}; the pack has {} (K1)",
                total[k],
                code(k),
                pack[k]
            )));
        }
        let seats = hands
            .iter()
            .enumerate()
            .map(|(s, h)| Seat {
                hand: *h,
                target: if Some(s) == orphan {
                    ORPHAN_SIZE
                } else {
                    HAND_SIZE
                },
                dealt: *h,
                melds: Vec::new(),
                cache: None,
                taken: [0; KINDS],
                discards: Vec::new(),
                last_get: None,
            })
            .collect();
        let mut top_last = stock.to_vec();
        top_last.reverse();
        Ok(Game {
            players: n,
            rules,
            dealer,
            leader,
            orphan,
            max_turns,
            seats,
            initial_stock: stock.to_vec(),
            stock: top_last,
            no_stock: stock.is_empty(),
            pile: Vec::new(),
            turnovers: 0,
            discards: 0,
            offer: None,
            phase: Phase::Turn,
            to_act: leader,
            result: None,
        })
    }

    pub fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.players
    }

    pub fn may_bump(&self, seat: usize, by: usize) -> bool {
        let n = self.players;
        if seat == by || seat == (by + 1) % n || n == 2 {
            return false;
        }
        n > 3 || seat == (by + 2) % n
    }

    /// (card thrown, points) of every way of going out now (K6), best first.
    pub fn outs(&self, seat: usize) -> Vec<(usize, i32)> {
        let hand = self.seats[seat].hand;
        solver::with(self.rules, |s| {
            if s.best(&hand, true).is_none() {
                return Vec::new();
            }
            let mut out = Vec::new();
            for c in 0..KINDS {
                if hand[c] > 0 {
                    let mut h = hand;
                    h[c] -= 1;
                    if let Some(p) = s.best(&h, false) {
                        out.push((c, p));
                    }
                }
            }
            out.sort_by_key(|x| -x.1);
            out
        })
    }

    fn natural_quartette(s: &Seat, c: usize) -> bool {
        let cached = if s.cache == Some(c as u8) { 3 } else { 0 };
        s.natural(c) + cached >= 4
    }

    fn claim_options(&self, seat: usize, out: &mut Vec<Action>) {
        let Some(offer) = &self.offer else { return };
        let s = &self.seats[seat];
        let x = offer.card as usize;
        if x != JOKER && s.cache == Some(x as u8) {
            out.push(Action {
                what: Do::Quartette,
                arg: 0,
            });
        }
        let what = if seat == self.next_seat(offer.by) {
            Do::Take
        } else if self.may_bump(seat, offer.by) {
            Do::Bump
        } else {
            return;
        };
        for (with, m) in meld_options(&s.hand, x, &self.rules) {
            if what == Do::Bump && m.kind == SEQUENCE && !self.rules.bump_sequences {
                continue;
            }
            out.push(Action {
                what,
                arg: packed(&with),
            });
        }
    }

    fn has_claim(&self, seat: usize) -> bool {
        let mut v = Vec::new();
        self.claim_options(seat, &mut v);
        !v.is_empty()
    }

    /// Every legal action of the pending decision, in the Python engine's order.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        let seat = self.to_act;
        match self.phase {
            Phase::Over => {}
            Phase::Draw => out.push(Action::DRAW),
            Phase::Claim => {
                out.push(Action::PASS);
                self.claim_options(seat, out);
            }
            Phase::Turn => {
                let s = &self.seats[seat];
                let outs = self.outs(seat);
                for &(c, _) in &outs {
                    out.push(Action::card(Do::Out, c));
                }
                if !self.rules.must_go_out || outs.is_empty() {
                    for c in 0..KINDS {
                        if s.hand[c] > 0 {
                            out.push(Action::card(Do::Discard, c));
                        }
                    }
                }
                if self.rules.trio {
                    for c in 0..SET_KINDS {
                        if s.cache.is_none() && s.natural(c) >= 3 && size(&s.hand) > 3 {
                            out.push(Action::card(Do::Cache, c));
                        }
                    }
                    for c in 0..SET_KINDS {
                        if Self::natural_quartette(s, c) {
                            out.push(Action::card(Do::Quartette, c));
                        }
                    }
                }
            }
        }
    }

    /// Apply a legal action (from [`Game::legal_actions`]).
    pub fn apply_action(&mut self, a: Action) {
        let seat = self.to_act;
        match a.what {
            Do::Discard => self.do_discard(seat, a.kind().unwrap_or(0)),
            Do::Out => self.do_out(seat, a.kind().unwrap_or(0)),
            Do::Cache => {
                let c = a.kind().unwrap_or(0);
                self.seats[seat].hand[c] -= 3;
                self.seats[seat].cache = Some(c as u8);
            }
            Do::Quartette if self.phase == Phase::Claim => self.claim(a),
            Do::Quartette => {
                let c = a.kind().unwrap_or(0);
                let s = &mut self.seats[seat];
                let cached = s.cache == Some(c as u8);
                s.hand[c] -= if cached { 1 } else { 4 };
                if cached {
                    s.cache = None;
                }
                s.melds.push(Meld {
                    cards: vec![c as u8; 4],
                    kind: QUARTETTE,
                    points: 12,
                });
                self.finish(Some(seat), Some("quartette"), QUARTETTE_BY_CACHE, None);
            }
            Do::Take | Do::Bump => self.claim(a),
            Do::Pass => {
                if let Some(o) = &mut self.offer {
                    o.queue.remove(0);
                }
                self.ask_next();
            }
            Do::Draw => self.do_draw(seat),
        }
    }

    fn do_discard(&mut self, seat: usize, c: usize) {
        let s = &mut self.seats[seat];
        s.hand[c] -= 1;
        if s.taken[c] > s.hand[c] {
            s.taken[c] = s.hand[c];
        }
        s.discards.push(c as u8);
        self.pile.push(c as u8);
        self.discards += 1;
        if self.discards >= self.max_turns {
            self.finish(None, None, 0, None);
            return;
        }
        let queue = (1..self.players)
            .map(|k| (seat + k) % self.players)
            .collect();
        self.offer = Some(Offer {
            card: c as u8,
            by: seat,
            queue,
            claims: Vec::new(),
        });
        self.ask_next();
    }

    fn ask_next(&mut self) {
        while let Some(seat) = self.offer.as_ref().and_then(|o| o.queue.first().copied()) {
            if self.has_claim(seat) {
                self.phase = Phase::Claim;
                self.to_act = seat;
                return;
            }
            if let Some(o) = &mut self.offer {
                o.queue.remove(0);
            }
        }
        self.resolve();
    }

    fn claim(&mut self, a: Action) {
        let seat = self.to_act;
        if let Some(o) = &mut self.offer {
            o.claims.push((seat, a));
            o.queue.remove(0);
        }
        if matches!(a.what, Do::Take | Do::Bump) {
            self.seats[seat].last_get = Some(a.what);
        }
        self.ask_next();
    }

    fn resolve(&mut self) {
        let Some(offer) = self.offer.take() else {
            return;
        };
        let n = self.players;
        let x = offer.card;
        let mut best: Option<((i32, i32), usize, Action)> = None;
        for &(seat, a) in &offer.claims {
            let left = ((seat + n - offer.by) % n) as i32;
            let rank = if a.what == Do::Quartette {
                (1 << 20, -left)
            } else {
                let mut cards = a.with();
                cards.push(x);
                (meld_of(&cards, &self.rules).map_or(0, |m| m.points), -left)
            };
            if best.as_ref().is_none_or(|b| rank > b.0) {
                best = Some((rank, seat, a));
            }
        }
        let Some((_, seat, a)) = best else {
            self.phase = Phase::Draw;
            self.to_act = self.next_seat(offer.by);
            return;
        };
        self.pile.pop();
        if a.what == Do::Quartette {
            let s = &mut self.seats[seat];
            s.cache = None;
            s.melds.push(Meld {
                cards: vec![x; 4],
                kind: QUARTETTE,
                points: 12,
            });
            self.finish(Some(seat), Some("cache"), QUARTETTE_BY_CACHE, None);
            return;
        }
        let with = a.with();
        let s = &mut self.seats[seat];
        for &c in &with {
            let c = c as usize;
            s.hand[c] -= 1;
            if s.taken[c] > s.hand[c] {
                s.taken[c] = s.hand[c];
            }
        }
        let mut cards = with;
        cards.push(x);
        if let Some(m) = meld_of(&cards, &self.rules) {
            s.melds.push(m);
        }
        self.phase = Phase::Turn;
        self.to_act = seat;
    }

    fn do_draw(&mut self, seat: usize) {
        let c = if self.no_stock {
            let c = self.pile.pop().unwrap_or(0);
            self.seats[seat].taken[c as usize] += 1;
            c
        } else {
            if self.stock.is_empty() {
                let mut pile = std::mem::take(&mut self.pile);
                pile.reverse();
                self.stock = pile;
                self.turnovers += 1;
            }
            self.stock.pop().unwrap_or(0)
        };
        let s = &mut self.seats[seat];
        s.hand[c as usize] += 1;
        s.last_get = Some(Do::Draw);
        self.phase = Phase::Turn;
        self.to_act = seat;
    }

    fn do_out(&mut self, seat: usize, c: usize) {
        let s = &mut self.seats[seat];
        s.hand[c] -= 1;
        let hand = s.hand;
        let decl = solver::with(self.rules, |sv| sv.best(&hand, false)).unwrap_or(0);
        s.discards.push(c as u8);
        self.pile.push(c as u8);
        let laid: i32 = s.melds.iter().map(|m| m.points).sum::<i32>()
            + if s.cache.is_some() { TRIO_POINTS } else { 0 };
        self.finish(
            Some(seat),
            Some("out"),
            laid + decl + OUT_BONUS,
            Some(c as u8),
        );
    }

    fn finish(
        &mut self,
        winner: Option<usize>,
        by: Option<&'static str>,
        points: i32,
        discard: Option<u8>,
    ) {
        let scores = (0..self.players)
            .map(|s| if Some(s) == winner { points } else { 0 })
            .collect();
        self.result = Some(Outcome {
            winner,
            by,
            points,
            scores,
            discard,
        });
        self.offer = None;
        self.phase = Phase::Over;
    }

    pub fn settlement(&self) -> Vec<i32> {
        self.result
            .as_ref()
            .map(|r| settlement(&r.scores))
            .unwrap_or_default()
    }

    /// How the winner came by his last card (`simulate.route`), or the deal's end.
    pub fn route(&self) -> Option<&'static str> {
        let r = self.result.as_ref()?;
        let w = r.winner?;
        if r.by != Some("out") {
            return r.by;
        }
        Some(match self.seats[w].last_get {
            Some(Do::Draw) => "draw",
            Some(Do::Take) => "take",
            Some(Do::Bump) => "bump",
            _ => "deal",
        })
    }

    /// The seat's VIEW, as `Game.view(seat).to_json()` writes it.
    pub fn view_json(&self, seat: usize) -> Value {
        let codes = |ks: &[u8]| -> Value {
            Value::Array(
                ks.iter()
                    .map(|&k| Value::String(code(k as usize)))
                    .collect(),
            )
        };
        let mut stock_top_first = self.stock.clone();
        stock_top_first.reverse();
        let s = &self.seats[seat];
        let options: serde_json::Map<String, Value> = self
            .rules
            .options()
            .into_iter()
            .map(|o| (o.to_string(), Value::Bool(true)))
            .collect();
        let mut v = json!({
            "sets": self.rules.sets, "jokers": self.rules.jokers, "options": options,
            "players": self.players, "seat": seat, "dealer": self.dealer,
            "leader": self.leader, "orphan": self.orphan, "phase": phase_name(self.phase),
            "to_act": self.to_act, "hand": codes(&kinds_of(&s.hand)),
            "cache": s.cache.map(|c| code(c as usize)),
            "stock_left": self.stock.len(), "no_stock": self.no_stock,
            "turnovers": self.turnovers, "discards_made": self.discards,
            "max_turns": self.max_turns, "pile": codes(&self.pile),
            "table": self.seats.iter().map(|t| json!({
                "melds": t.melds.iter().map(|m| codes(&m.cards)).collect::<Vec<_>>(),
                "cache": t.cache.is_some(), "cards": size(&t.hand), "target": t.target,
                "discards": codes(&t.discards),
            })).collect::<Vec<_>>(),
        });
        if let Some(o) = &self.offer {
            v["offer"] = json!({"card": code(o.card as usize), "by": o.by});
        }
        v
    }

    /// Everything the parity tests compare: every seat's VIEW, the stock (top first), the
    /// result.
    pub fn state_json(&self) -> Value {
        let mut stock: Vec<Value> = self
            .stock
            .iter()
            .map(|&k| Value::String(code(k as usize)))
            .collect();
        stock.reverse();
        let result = self.result.as_ref().map(|r| {
            json!({"winner": r.winner, "by": r.by, "points": r.points, "scores": r.scores,
                   "settlement": self.settlement(),
                   "discard": r.discard.map(|c| code(c as usize))})
        });
        json!({"views": (0..self.players).map(|s| self.view_json(s)).collect::<Vec<_>>(),
               "stock": stock, "result": result})
    }
}

impl crate::engine::Game for Game {
    type Action = Action;

    fn seats(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    fn legal(&self, out: &mut Vec<Action>) {
        self.legal_actions(out)
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action)
    }

    fn outcome(&self) -> Option<Vec<SeatOutcome>> {
        let r = self.result.as_ref()?;
        let pay = settlement(&r.scores);
        Some(
            (0..self.players)
                .map(|s| SeatOutcome {
                    payment: pay[s],
                    won: r.winner == Some(s),
                    score: r.scores[s],
                })
                .collect(),
        )
    }

    fn winner(&self) -> Option<usize> {
        self.result.as_ref().and_then(|r| r.winner)
    }

    fn choose(&self, policy: Policy, legal: &[Action], draw: &mut Draw<'_>) -> Action {
        match policy {
            Policy::Random | Policy::PyRandom => legal[draw.below(legal.len())],
            Policy::Greedy => super::bots::greedy(self, legal, false),
            Policy::GreedyPlus => super::bots::greedy(self, legal, true),
            Policy::Static => legal[0],
        }
    }

    fn encode(action: Action) -> u64 {
        action.code()
    }

    fn decode(code: u64) -> Option<Action> {
        Action::from_code(code)
    }

    /// `by:route:winner` (`out:draw:2`, `cache:cache:0`), or `draw` for a drawn deal: what
    /// the run's tallies of how deals ended and how each player went out read.
    fn label(&self) -> String {
        match (self.result.as_ref(), self.route()) {
            (Some(r), Some(route)) => match (r.by, r.winner) {
                (Some(by), Some(w)) => format!("{by}:{route}:{w}"),
                _ => "draw".to_string(),
            },
            _ => "draw".to_string(),
        }
    }

    fn view_json(&self, seat: usize) -> Value {
        Game::view_json(self, seat)
    }

    fn state_json(&self) -> Value {
        Game::state_json(self)
    }
}

/// `TRIO`'s points, for a cache counted when its seat goes out.
pub const TRIO_POINTS: i32 = super::rules::KIND_ROWS[TRIO as usize].1 as i32;
