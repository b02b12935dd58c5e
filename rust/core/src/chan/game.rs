//! The Chắn rules engine, move for move as `advisor/chan/game.py` plays it: the same
//! legal actions in the same order, the same claims queue (C1–C5), the same restrictions
//! (R1–R9) and the same result. Reasons and rule IDs stay with the Python engine: here an
//! action is legal or it is not.

use super::cards::{rank, suit, Counts, CC, NFACES};
use super::pairing::{is_win, p0, rank_has_ca, Exposed};
use super::scoring::{profile, score, settlement, Finished, Profile, WinBy};
use crate::engine::{Draw, Policy, SeatOutcome};
use crate::error::{Error, Result};

pub const SEATS: usize = 4;
pub const DEALER_CARDS: u32 = 20;
pub const OTHER_CARDS: u32 = 19;
pub const STOCK_CARDS: usize = 23;
/// No card (an action without one).
pub const NO_CARD: u8 = 31;

/// What an action does (§8.3), in the order of the action codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Do {
    Heaven = 0,
    Discard = 1,
    Eat = 2,
    Pass = 3,
    Chiu = 4,
    Win = 5,
}

/// A seat's action: what it does, and the card (the discard, or the hand card an eat uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub what: Do,
    pub card: u8,
}

impl Action {
    pub const HEAVEN: Action = Action {
        what: Do::Heaven,
        card: NO_CARD,
    };
    pub const PASS: Action = Action {
        what: Do::Pass,
        card: NO_CARD,
    };
    pub const CHIU: Action = Action {
        what: Do::Chiu,
        card: NO_CARD,
    };
    pub const WIN: Action = Action {
        what: Do::Win,
        card: NO_CARD,
    };

    pub fn discard(face: usize) -> Action {
        Action {
            what: Do::Discard,
            card: face as u8,
        }
    }

    pub fn eat(face: usize) -> Action {
        Action {
            what: Do::Eat,
            card: face as u8,
        }
    }

    /// The code across the boundary: what it does × 32 + its card (31: none).
    pub fn code(self) -> u32 {
        self.what as u32 * 32 + self.card as u32
    }

    pub fn from_code(code: u32) -> Option<Action> {
        let what = match code / 32 {
            0 => Do::Heaven,
            1 => Do::Discard,
            2 => Do::Eat,
            3 => Do::Pass,
            4 => Do::Chiu,
            5 => Do::Win,
            _ => return None,
        };
        let card = (code % 32) as u8;
        let needs = matches!(what, Do::Discard | Do::Eat);
        if needs != ((card as usize) < NFACES) || (!needs && card != NO_CARD) {
            return None;
        }
        Some(Action { what, card })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Start,
    Offer,
    Discard,
    Claim,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Start => "start",
            Phase::Offer => "offer",
            Phase::Discard => "discard",
            Phase::Claim => "claim",
            Phase::Over => "over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Discard,
    Stock,
    Return,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Discard => "discard",
            Source::Stock => "stock",
            Source::Return => "return",
        }
    }
}

/// The card that is public now: where it came from and whom it is offered to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub card: u8,
    pub source: Source,
    pub door: u8,
    pub to: u8,
    pub claims_open: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldKind {
    Chan,
    Ca,
    Chiu,
}

/// An exposed meld: a Chắn, a Cạ (its faces in deck order) or a Chíu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meld {
    pub kind: MeldKind,
    faces: [u8; 4],
}

impl Meld {
    /// The meld two or four cards make, as `Meld.of` reads them; None if they make none.
    pub fn of(faces: &[u8]) -> Option<Meld> {
        match faces {
            [a, b, c, d] if a == b && b == c && c == d => Some(Meld {
                kind: MeldKind::Chiu,
                faces: [*a; 4],
            }),
            [a, b] if a == b => Some(Meld {
                kind: MeldKind::Chan,
                faces: [*a, *b, 0, 0],
            }),
            [a, b]
                if (*a as usize) < NFACES
                    && (*b as usize) < NFACES
                    && rank(*a as usize) == rank(*b as usize)
                    && *a as usize != CC
                    && *b as usize != CC =>
            {
                Some(Meld {
                    kind: MeldKind::Ca,
                    faces: [*a.min(b), *a.max(b), 0, 0],
                })
            }
            _ => None,
        }
    }

    pub fn faces(&self) -> &[u8] {
        if self.kind == MeldKind::Chiu {
            &self.faces
        } else {
            &self.faces[..2]
        }
    }
}

/// One seat: its cards and the memory the restrictions need (R3, R4, R7).
#[derive(Clone, Debug)]
pub struct Seat {
    pub hand: Counts,
    pub dealt: Counts,
    pub melds: Vec<Meld>,
    pub exposed: Exposed,
    pub discards: Vec<u8>,
    pub passed: Vec<u8>,
    pub dead: bool,
    /// R4: faces discarded, as a set of face bits.
    pub discarded: u32,
    pub discard_log: Vec<u8>,
    /// R7: per rank, the suits discarded (bits 0–2).
    disc_suits: [u8; 8],
    pub refused: u32,
    pub laid_in_ca: u32,
    pub ate_ca: bool,
}

fn bit(face: usize) -> u32 {
    1 << face
}

impl Seat {
    pub fn new(hand: Counts) -> Seat {
        Seat {
            hand,
            dealt: hand,
            melds: Vec::new(),
            exposed: Exposed::NONE,
            discards: Vec::new(),
            passed: Vec::new(),
            dead: false,
            discarded: 0,
            discard_log: Vec::new(),
            disc_suits: [0; 8],
            refused: 0,
            laid_in_ca: 0,
            ate_ca: false,
        }
    }

    pub fn add_meld(&mut self, m: Meld) {
        for &f in m.faces() {
            self.exposed.counts[f as usize] += 1;
        }
        self.exposed.size += m.faces().len() as i32;
        match m.kind {
            MeldKind::Chan => self.exposed.chan += 1,
            MeldKind::Ca => self.exposed.ca += 1,
            MeldKind::Chiu => self.exposed.chan += 2,
        }
        self.melds.push(m);
    }

    /// Record a face in the discard memory (R4, R7).
    pub fn remember_discard(&mut self, face: u8) {
        let f = face as usize;
        self.discard_log.push(face);
        self.discarded |= bit(f);
        if f != CC {
            self.disc_suits[rank(f) as usize - 2] |= 1 << suit(f);
        }
    }

    /// R7(a): two discards of one rank in different suits (Chi chi never counts).
    pub fn discarded_ca(&self) -> bool {
        self.disc_suits.iter().any(|&m| m.count_ones() >= 2)
    }

    /// Whether the seat may discard `z` now (R7b, R2, R3).
    pub fn may_discard(&self, z: usize) -> bool {
        self.discard_ok(&self.hand, self.ate_ca, z)
    }

    /// Whether the seat with `hand` (and whether it ate a Cạ) may discard `z` (R7b, R2, R3).
    pub fn discard_ok(&self, hand: &Counts, ate_ca: bool, z: usize) -> bool {
        let n = hand[z];
        if n == 2 || n == 4 || self.refused & bit(z) != 0 {
            return false;
        }
        if ate_ca && z != CC && self.disc_suits[rank(z) as usize - 2] & !(1 << suit(z)) != 0 {
            return false;
        }
        true
    }

    pub fn has_legal_discard(&self) -> bool {
        self.has_legal_discard_with(&self.hand, self.ate_ca)
    }

    /// Whether some card of `hand` may be discarded (R8's question, asked of the hand an
    /// action would leave).
    pub fn has_legal_discard_with(&self, hand: &Counts, ate_ca: bool) -> bool {
        (0..NFACES).any(|i| hand[i] > 0 && self.discard_ok(hand, ate_ca, i))
    }

    /// The faces the seat may discard now, in deck order.
    pub fn legal_discards(&self) -> Vec<u8> {
        (0..NFACES)
            .filter(|&i| self.hand[i] > 0 && self.may_discard(i))
            .map(|i| i as u8)
            .collect()
    }

    /// Whether an eat of `x` with the hand card `y` is legal (T2, T7, R4, R9, R1, R7, R2,
    /// R3, R5, R6, R8).
    pub fn can_eat(&self, x: usize, y: usize) -> bool {
        let chan = x == y;
        if !chan && (x == CC || y == CC || rank(x) != rank(y)) {
            return false;
        }
        if self.dead || (self.discarded | self.laid_in_ca) & bit(x) != 0 {
            return false;
        }
        let held = self.hand[x];
        if held == 3 || (held > 0 && !chan) {
            return false;
        }
        if !chan {
            if self.discarded_ca() {
                return false;
            }
            let n = self.hand[y];
            if n == 2 || n == 4 || self.refused & (bit(x) | bit(y)) != 0 {
                return false;
            }
            if rank_has_ca(&self.hand, rank(x)) || p0(&self.hand).2 == 1 {
                return false;
            }
        }
        // R8: a legal discard must remain, judged after the eat
        let mut after = self.hand;
        after[y] -= 1;
        self.has_legal_discard_with(&after, self.ate_ca || !chan)
    }
}

/// How the deal ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<u8>,
    pub win_by: Option<WinBy>,
    pub winning_card: Option<u8>,
    pub points: i32,
    pub payments: [i32; 4],
    pub bonuses: Vec<(&'static str, i32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    Win,
    Chiu,
}

/// One deal of Chắn for four seats.
#[derive(Clone, Debug)]
pub struct Game {
    pub seats: [Seat; SEATS],
    /// The stock, its top card last (so a reveal pops it).
    pub stock: Vec<u8>,
    pub offer: Option<Offer>,
    pub claims: Vec<(u8, Claim)>,
    pub owing: Option<u8>,
    pub chiu_return: Option<u8>,
    pub chiu_card: Option<u8>,
    pub result: Option<Outcome>,
    pub phase: Phase,
    pub to_act: u8,
    pub dealer: u8,
    pub profile: &'static Profile,
    /// The profile options the deal was given, in their order (the VIEW repeats them).
    pub options: Vec<(String, bool)>,
    pub won_previous_deal: bool,
}

impl Game {
    /// A new deal (S1–S3): the hands by seat, the stock top card first, the dealer.
    pub fn new(
        hands: [Counts; SEATS],
        stock: &[u8],
        dealer: usize,
        rules: &str,
        options: Vec<(String, bool)>,
    ) -> Result<Game> {
        if dealer >= SEATS {
            return Err(Error::invalid(format!(
                "dealer: seat {dealer} does not exist (S2)"
            )));
        }
        for (s, h) in hands.iter().enumerate() {
            let want = if s == dealer {
                DEALER_CARDS
            } else {
                OTHER_CARDS
            };
            if super::cards::size(h) != want {
                return Err(Error::invalid(format!(
                    "hands[{s}]: {} cards; seat {s} is dealt {want} (S3)",
                    super::cards::size(h)
                )));
            }
        }
        if stock.len() != STOCK_CARDS {
            return Err(Error::invalid(format!(
                "stock: {} cards; the stock has {STOCK_CARDS} (S3)",
                stock.len()
            )));
        }
        let mut total = [0u32; NFACES];
        for h in &hands {
            for i in 0..NFACES {
                total[i] += h[i] as u32;
            }
        }
        for &f in stock {
            if f as usize >= NFACES {
                return Err(Error::invalid("stock: not a card"));
            }
            total[f as usize] += 1;
        }
        if let Some(f) = (0..NFACES).find(|&f| total[f] != 4) {
            return Err(Error::invalid(format!(
                "the deal holds {} copies of {}; the deck has four (S1)",
                total[f],
                super::cards::code(f)
            )));
        }
        let seats = hands.map(Seat::new);
        let mut st: Vec<u8> = stock.to_vec();
        st.reverse();
        Ok(Game {
            seats,
            stock: st,
            offer: None,
            claims: Vec::new(),
            owing: None,
            chiu_return: None,
            chiu_card: None,
            result: None,
            phase: Phase::Start,
            to_act: dealer as u8,
            dealer: dealer as u8,
            profile: profile(rules)?,
            options,
            won_previous_deal: false,
        })
    }

    /// Stock cards revealed so far.
    pub fn revealed(&self) -> i32 {
        (STOCK_CARDS - self.stock.len()) as i32
    }

    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    fn offered(&self) -> u8 {
        self.offer.map(|o| o.card).unwrap_or(NO_CARD)
    }

    // --- claims and legality ----------------------------------------------------------------

    fn chiu_wins(&self, seat: usize) -> bool {
        let x = self.offered() as usize;
        let s = &self.seats[seat];
        if x >= NFACES || s.hand[x] != 3 {
            return false;
        }
        let mut h = s.hand;
        h[x] = 4;
        is_win(&h, &s.exposed, Some(x))
    }

    fn chiu_ok(&self, seat: usize) -> bool {
        let x = self.offered() as usize;
        let s = &self.seats[seat];
        if x >= NFACES || s.hand[x] != 3 || s.dead {
            return false;
        }
        if self.chiu_wins(seat) {
            return true;
        }
        let mut after = s.hand;
        after[x] -= 3;
        s.has_legal_discard_with(&after, s.ate_ca)
    }

    fn wins_on_offer(&self, seat: usize) -> bool {
        let Some(o) = self.offer else { return false };
        let s = &self.seats[seat];
        if s.dead || o.source != Source::Stock || !o.claims_open {
            return false;
        }
        let mut h = s.hand;
        h[o.card as usize] += 1;
        is_win(&h, &s.exposed, Some(o.card as usize))
    }

    fn chiu_win_ok(&self, seat: usize) -> bool {
        match self.chiu_card {
            None => false,
            Some(x) => {
                let s = &self.seats[seat];
                is_win(&s.hand, &s.exposed, Some(x as usize))
            }
        }
    }

    /// Every legal action of the pending decision, in the Python engine's order; in the
    /// claim phase the first is `pass` ("no claim").
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.over() {
            return;
        }
        let seat = self.to_act as usize;
        match self.phase {
            Phase::Over => {}
            Phase::Discard => {
                if self.chiu_win_ok(seat) {
                    out.push(Action::WIN);
                }
                let s = &self.seats[seat];
                for i in 0..NFACES {
                    if s.hand[i] > 0 && s.may_discard(i) {
                        out.push(Action::discard(i));
                    }
                }
            }
            Phase::Start => {
                let s = &self.seats[seat];
                if is_win(&s.hand, &Exposed::NONE, None) {
                    out.push(Action::HEAVEN);
                }
                let mut any = false;
                for i in 0..NFACES {
                    if s.hand[i] > 0 && s.may_discard(i) {
                        out.push(Action::discard(i));
                        any = true;
                    }
                }
                if !any {
                    out.push(Action::PASS);
                }
            }
            Phase::Claim => {
                out.push(Action::PASS);
                let kind = self.claims[0].1;
                if kind == Claim::Win && self.wins_on_offer(seat) {
                    out.push(Action::WIN);
                }
                // a Chíu that does not win waits while win claims come first (C3)
                if (kind != Claim::Win || self.chiu_wins(seat)) && self.chiu_ok(seat) {
                    out.push(Action::CHIU);
                }
            }
            Phase::Offer => {
                let o = self.offer.expect("an offer in the offer phase");
                let x = o.card as usize;
                let hand = self.seats[seat].hand;
                let mut partners: Vec<usize> = Vec::with_capacity(3);
                if hand[x] > 0 {
                    partners.push(x);
                }
                if x != CC {
                    let s0 = (rank(x) as usize - 2) * 3;
                    for f in s0..s0 + 3 {
                        if f != x && hand[f] > 0 {
                            partners.push(f);
                        }
                    }
                }
                for y in partners {
                    if self.seats[seat].can_eat(x, y) {
                        out.push(Action::eat(y));
                    }
                }
                if o.claims_open && self.chiu_ok(seat) {
                    out.push(Action::CHIU);
                }
                out.push(Action::PASS);
            }
        }
    }

    // --- applying actions -------------------------------------------------------------------

    /// Apply a legal action of the seat to act.
    pub fn apply(&mut self, a: Action) {
        let seat = self.to_act as usize;
        match a.what {
            Do::Heaven => self.finish(seat, WinBy::Heaven, None),
            Do::Discard => self.do_discard(seat, a.card),
            Do::Pass => self.do_pass(seat),
            Do::Eat => self.do_eat(seat, a.card),
            Do::Chiu => self.do_chiu(seat),
            Do::Win => {
                if self.phase == Phase::Discard {
                    let x = self.chiu_card;
                    self.finish(seat, WinBy::Chiu, x);
                } else {
                    let o = self.offer.expect("a card on offer");
                    let by = if o.door as usize == seat {
                        WinBy::OwnDoor
                    } else {
                        WinBy::OtherDoor
                    };
                    let x = self.take_public();
                    self.seats[seat].hand[x as usize] += 1;
                    self.finish(seat, by, Some(x));
                }
            }
        }
    }

    fn do_discard(&mut self, seat: usize, z: u8) {
        let s = &mut self.seats[seat];
        s.hand[z as usize] -= 1;
        s.discards.push(z);
        s.remember_discard(z);
        self.owing = None;
        self.chiu_card = None;
        match self.chiu_return.take() {
            Some(back) => self.make_public(Offer {
                card: z,
                source: Source::Return,
                door: seat as u8,
                to: back,
                claims_open: true,
            }),
            None => self.make_public(Offer {
                card: z,
                source: Source::Discard,
                door: seat as u8,
                to: ((seat + 1) % SEATS) as u8,
                claims_open: true,
            }),
        }
    }

    fn do_pass(&mut self, seat: usize) {
        match self.phase {
            Phase::Start => {
                self.seats[seat].dead = true;
                self.reveal(seat);
            }
            Phase::Claim => {
                self.claims.remove(0);
                self.next_claim();
            }
            _ => {
                let o = self.offer.expect("a card on offer");
                let x = o.card as usize;
                let s = &mut self.seats[seat];
                // R3: passing a card it could legally have eaten as a Chắn refuses that face
                if s.hand[x] > 0 && s.refused & bit(x) == 0 && s.can_eat(x, x) {
                    s.refused |= bit(x);
                }
                if o.source == Source::Stock && o.door as usize == seat {
                    self.make_public(Offer {
                        card: o.card,
                        source: Source::Stock,
                        door: seat as u8,
                        to: ((seat + 1) % SEATS) as u8,
                        claims_open: false,
                    });
                    return;
                }
                if o.source == Source::Stock {
                    self.seats[o.door as usize].passed.push(o.card);
                }
                self.reveal(seat);
            }
        }
    }

    fn do_eat(&mut self, seat: usize, y: u8) {
        let x = self.take_public();
        let s = &mut self.seats[seat];
        s.hand[y as usize] -= 1;
        let meld = Meld::of(&[y, x]).expect("an eat makes a Chắn or a Cạ");
        s.add_meld(meld);
        if meld.kind == MeldKind::Ca {
            s.ate_ca = true;
            s.laid_in_ca |= bit(y as usize);
        }
        self.owe_discard(seat);
    }

    fn do_chiu(&mut self, seat: usize) {
        let o = self.offer.expect("a card on offer");
        let back = if o.to as usize == seat {
            None
        } else {
            Some(o.to)
        };
        let x = self.take_public();
        let s = &mut self.seats[seat];
        s.hand[x as usize] -= 3;
        s.add_meld(Meld::of(&[x; 4]).expect("four of a face"));
        self.claims.clear();
        self.owe_discard(seat);
        self.chiu_return = back;
        self.chiu_card = Some(x);
    }

    fn take_public(&mut self) -> u8 {
        let o = self.offer.take().expect("a card on offer");
        if matches!(o.source, Source::Discard | Source::Return) {
            let pile = &mut self.seats[o.door as usize].discards;
            debug_assert_eq!(pile.last(), Some(&o.card));
            pile.pop();
        }
        o.card
    }

    fn owe_discard(&mut self, seat: usize) {
        self.owing = Some(seat as u8);
        self.claims.clear();
        self.phase = Phase::Discard;
        self.to_act = seat as u8;
    }

    /// T3: reveal the top stock card at the seat's door; T6: a draw if there is none.
    fn reveal(&mut self, seat: usize) {
        match self.stock.pop() {
            None => {
                self.offer = None;
                self.result = Some(Outcome {
                    winner: None,
                    win_by: None,
                    winning_card: None,
                    points: 0,
                    payments: [0; 4],
                    bonuses: Vec::new(),
                });
                self.phase = Phase::Over;
            }
            Some(card) => self.make_public(Offer {
                card,
                source: Source::Stock,
                door: seat as u8,
                to: seat as u8,
                claims_open: true,
            }),
        }
    }

    /// The card becomes public: queue the claims (C1–C3), then the ordinary offer.
    pub(crate) fn make_public(&mut self, offer: Offer) {
        self.offer = Some(offer);
        self.claims.clear();
        if offer.claims_open {
            let x = offer.card as usize;
            let order: [usize; SEATS] = std::array::from_fn(|k| (offer.door as usize + k) % SEATS);
            if offer.source == Source::Stock {
                for &s in &order {
                    if self.wins_on_offer(s) || (self.chiu_wins(s) && self.chiu_ok(s)) {
                        self.claims.push((s as u8, Claim::Win));
                    }
                }
            }
            for &s in &order {
                if s != offer.to as usize
                    && !self.claims.iter().any(|c| c.0 as usize == s)
                    && self.seats[s].hand[x] == 3
                    && self.chiu_ok(s)
                {
                    self.claims.push((s as u8, Claim::Chiu));
                }
            }
        }
        self.next_claim();
    }

    fn next_claim(&mut self) {
        match self.claims.first() {
            Some(&(s, _)) => {
                self.phase = Phase::Claim;
                self.to_act = s;
            }
            None => {
                self.phase = Phase::Offer;
                self.to_act = self.offer.expect("a card on offer").to;
            }
        }
    }

    fn finish(&mut self, seat: usize, win_by: WinBy, card: Option<u8>) {
        let s = &self.seats[seat];
        let mut hand = s.hand;
        let mut melds: &[Meld] = &s.melds;
        if win_by == WinBy::Chiu {
            let x = card.expect("a Chíu's card") as usize;
            melds = &melds[..melds.len() - 1];
            hand[x] += 3;
        } else if let Some(x) = card {
            hand[x as usize] -= 1;
        }
        let fours = (0..NFACES).filter(|&f| s.dealt[f] == 4).count();
        let ga = self.options.iter().any(|(k, v)| k == "ga" && *v);
        let sc = score(
            &Finished {
                hand,
                melds,
                winning: card.map(|c| c as usize),
                win_by,
                dealt_fours: fours,
                ga,
                won_previous_deal: self.won_previous_deal,
                stock_revealed: self.revealed(),
            },
            self.profile,
        );
        self.result = Some(Outcome {
            winner: Some(seat as u8),
            win_by: Some(win_by),
            winning_card: card,
            points: sc.points,
            payments: settlement(Some(seat), sc.points),
            bonuses: sc.bonuses,
        });
        self.offer = None;
        self.claims.clear();
        self.phase = Phase::Over;
    }

    /// The pending seat's unseen copies of each face: the 100 minus its hand, every meld,
    /// discard and door card, and a revealed card on offer.
    pub fn unseen(&self, seat: usize) -> Counts {
        let mut c = self.seats[seat].hand;
        for s in &self.seats {
            for i in 0..NFACES {
                c[i] += s.exposed.counts[i];
            }
            for &f in s.discards.iter().chain(&s.passed) {
                c[f as usize] += 1;
            }
        }
        if let Some(o) = self.offer {
            if o.source == Source::Stock {
                c[o.card as usize] += 1;
            }
        }
        c.map(|n| 4 - n)
    }
}

impl crate::engine::Game for Game {
    type Action = Action;

    fn seats(&self) -> usize {
        SEATS
    }

    fn to_act(&self) -> Option<usize> {
        if self.over() {
            None
        } else {
            Some(self.to_act as usize)
        }
    }

    fn legal(&self, out: &mut Vec<Action>) {
        self.legal_actions(out);
    }

    fn apply(&mut self, action: Action) {
        Game::apply(self, action)
    }

    fn outcome(&self) -> Option<Vec<SeatOutcome>> {
        self.result.as_ref().map(|r| {
            (0..SEATS)
                .map(|s| SeatOutcome {
                    payment: r.payments[s],
                    won: r.winner == Some(s as u8),
                    score: 0,
                })
                .collect()
        })
    }

    fn winner(&self) -> Option<usize> {
        self.result
            .as_ref()
            .and_then(|r| r.winner.map(|w| w as usize))
    }

    fn choose(&self, policy: Policy, legal: &[Action], draw: &mut Draw<'_>) -> Action {
        match policy {
            Policy::Random | Policy::PyRandom => legal[draw.below(legal.len())],
            Policy::Greedy => super::bots::greedy_choice(self, legal),
            Policy::GreedyPlus => super::bots::strong_choice(self, legal),
            Policy::Static => super::bots::static_choice(self, legal),
        }
    }

    fn encode(action: Action) -> u64 {
        action.code() as u64
    }

    fn decode(code: u64) -> Option<Action> {
        u32::try_from(code).ok().and_then(Action::from_code)
    }

    fn plays(_policy: Policy) -> bool {
        true
    }

    fn view_json(&self, seat: usize) -> serde_json::Value {
        super::view::view_json(self, seat)
    }

    fn state_json(&self) -> serde_json::Value {
        super::view::state_json(self)
    }
}
