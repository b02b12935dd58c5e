//! The Qing Kanhu engine (`advisor/qing/game.py`), move for move: the same legal actions
//! in the same order, the same takes (Q7), the same end (Q8). Reasons stay with the Python
//! engine: here an action is legal or it is not.

use super::cards::{is_flower, Counts, KINDS};
use super::rules::Rules;
use super::solver::{self, HAND_SIZE};
use crate::engine::{Draw, Policy, SeatOutcome};
use crate::error::{Error, Result};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;

/// What an action does, in the order of the codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Do {
    Win = 0,
    Discard = 1,
    Take = 2,
    Draw = 3,
    Pass = 4,
}

/// A seat's action: a discard's kind, or the hand cards a take shows with the discard
/// (two bits a kind: [`packed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub what: Do,
    pub arg: u64,
}

/// Some cards as two bits a kind (a take shows at most two copies of a kind, Q7).
pub fn packed(c: &Counts) -> u64 {
    (0..KINDS).map(|k| (c[k] as u64) << (2 * k)).sum()
}

/// The cards of [`packed`].
pub fn unpacked(x: u64) -> Counts {
    std::array::from_fn(|k| (x >> (2 * k) & 3) as u8)
}

impl Action {
    pub const WIN: Action = Action {
        what: Do::Win,
        arg: 0,
    };
    pub const DRAW: Action = Action {
        what: Do::Draw,
        arg: 0,
    };
    pub const PASS: Action = Action {
        what: Do::Pass,
        arg: 0,
    };

    /// The code across the boundary: what it does × 2⁶⁰ + its argument.
    pub fn code(self) -> u64 {
        (self.what as u64) << 60 | self.arg
    }

    pub fn from_code(code: u64) -> Option<Action> {
        let what = match code >> 60 {
            0 => Do::Win,
            1 => Do::Discard,
            2 => Do::Take,
            3 => Do::Draw,
            4 => Do::Pass,
            _ => return None,
        };
        let arg = code & ((1 << 60) - 1);
        let ok = match what {
            Do::Discard => (arg as usize) < KINDS,
            Do::Take => arg != 0,
            _ => arg == 0,
        };
        ok.then_some(Action { what, arg })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Turn,
    Offer,
    Over,
}

/// An exposed group: whether an eye, and its cards (real cards in pack order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub eye: bool,
    pub cards: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Seat {
    pub hand: Counts,
    pub melds: Vec<Group>,
    /// Every card it threw, in order (the VIEW's `discards`).
    pub discards: Vec<u8>,
    /// Its last move this deal (how a win on its turn came: Q6, `how`).
    pub last: Option<Do>,
}

impl Seat {
    pub fn exposed(&self) -> u32 {
        self.melds.iter().map(|g| g.cards.len() as u32).sum()
    }

    /// Concealed cards it wins with.
    pub fn target(&self) -> u32 {
        HAND_SIZE - self.exposed()
    }

    pub fn eye(&self) -> bool {
        self.melds.iter().any(|g| g.eye)
    }

    /// Its cards, concealed and exposed.
    pub fn own(&self) -> Counts {
        let mut c = self.hand;
        for g in &self.melds {
            for &k in &g.cards {
                c[k as usize] += 1;
            }
        }
        c
    }
}

/// How the deal ended: the winner and how (`deal`, `draw`, `take`, `discard`), or drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<usize>,
    pub how: Option<&'static str>,
}

/// One deal of Qing Kanhu.
#[derive(Clone, Debug)]
pub struct Game {
    pub players: usize,
    pub rules: Rules,
    pub dealer: usize,
    pub seats: Vec<Seat>,
    /// The stock, its top card last.
    pub stock: Vec<u8>,
    /// The discards nobody took, in order; the offer last.
    pub pile: Vec<u8>,
    /// The discard on offer and who threw it.
    pub offer: Option<(u8, usize)>,
    pub phase: Phase,
    pub to_act: usize,
    pub result: Option<Outcome>,
}

/// The takes of the discard `x` by a hand (Q7): the sets of hand cards that show it at once
/// in an eye or a boy, leaving a card in hand — longest first, then by the cards — each
/// with whether its group is an eye (`take_options`).
pub fn take_options(
    rules: Rules,
    hand: &Counts,
    x: usize,
) -> Vec<(&'static Counts, &'static [u8], bool)> {
    let size = super::cards::size(hand) as usize;
    let mut out: Vec<(&Counts, &[u8], bool)> = solver::tables(rules).shown_with[x]
        .iter()
        .filter(|(need, cards, _)| cards.len() < size && (0..KINDS).all(|k| hand[k] >= need[k]))
        .map(|(need, cards, eye)| (need, cards.as_slice(), *eye))
        .collect();
    out.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.1.cmp(b.1)));
    out
}

impl Game {
    /// A new deal: the hands by seat, the stock top card first, the dealer.
    pub fn new(hands: Vec<Counts>, stock: &[u8], dealer: usize, rules: Rules) -> Result<Game> {
        let n = hands.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(Error::invalid(format!(
                "hands: {n} hands; a deal has 2 to 6 players"
            )));
        }
        if dealer >= n {
            return Err(Error::invalid(format!(
                "dealer: seat {dealer} does not exist (Q6)"
            )));
        }
        let mut total = [0u32; KINDS];
        for (s, h) in hands.iter().enumerate() {
            let want = if s == dealer {
                HAND_SIZE
            } else {
                HAND_SIZE - 1
            };
            if super::cards::size(h) != want {
                return Err(Error::invalid(format!(
                    "hands[{s}]: seat {s} is dealt {want} cards (Q6)"
                )));
            }
            for k in 0..KINDS {
                total[k] += h[k] as u32;
            }
        }
        for &k in stock {
            if k as usize >= KINDS {
                return Err(Error::invalid("stock: not a card"));
            }
            total[k as usize] += 1;
        }
        if total.iter().any(|&t| t != 4) {
            return Err(Error::invalid(
                "the deal does not hold the pack: four of each kind (Q1)",
            ));
        }
        let mut st = stock.to_vec();
        st.reverse();
        Ok(Game {
            players: n,
            rules,
            dealer,
            seats: hands
                .into_iter()
                .map(|h| Seat {
                    hand: h,
                    melds: Vec::new(),
                    discards: Vec::new(),
                    last: None,
                })
                .collect(),
            stock: st,
            pile: Vec::new(),
            offer: None,
            phase: Phase::Turn,
            to_act: dealer,
            result: None,
        })
    }

    pub fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.players
    }

    /// Whether the seat's cards (with the discard `extra`) win (Q5).
    pub fn wins(&self, seat: usize, extra: Option<u8>) -> bool {
        let s = &self.seats[seat];
        let mut hand = s.hand;
        if let Some(x) = extra {
            hand[x as usize] += 1;
        }
        super::cards::size(&hand) == s.target() && solver::wins(self.rules, &hand, s.eye())
    }

    /// The takes of the discard on offer by the seat to act.
    pub fn takes(&self) -> Vec<(&'static Counts, &'static [u8], bool)> {
        match self.offer {
            Some((x, _)) => take_options(self.rules, &self.seats[self.to_act].hand, x as usize),
            None => Vec::new(),
        }
    }

    /// Every legal action of the pending decision, a win first.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let seat = self.to_act;
        match self.phase {
            Phase::Over => {}
            Phase::Turn => {
                if self.wins(seat, None) {
                    out.push(Action::WIN);
                }
                let h = &self.seats[seat].hand;
                for k in 0..KINDS {
                    if h[k] > 0 {
                        out.push(Action {
                            what: Do::Discard,
                            arg: k as u64,
                        });
                    }
                }
            }
            Phase::Offer => {
                let (x, _) = self.offer.expect("a discard on offer");
                if self.wins(seat, Some(x)) {
                    out.push(Action::WIN);
                }
                for (need, _, _) in self.takes() {
                    out.push(Action {
                        what: Do::Take,
                        arg: packed(need),
                    });
                }
                out.push(if self.stock.is_empty() {
                    Action::PASS
                } else {
                    Action::DRAW
                });
            }
        }
    }

    pub fn apply(&mut self, a: Action) {
        let seat = self.to_act;
        match a.what {
            Do::Discard => {
                let c = a.arg as u8;
                let s = &mut self.seats[seat];
                s.hand[c as usize] -= 1;
                s.discards.push(c);
                s.last = Some(Do::Discard);
                self.pile.push(c);
                self.offer = Some((c, seat));
                self.phase = Phase::Offer;
                self.to_act = self.next_seat(seat);
                if self.stock.is_empty() {
                    let mut legal = Vec::new();
                    self.legal_actions(&mut legal);
                    if legal == [Action::PASS] {
                        self.finish(None, None); // Q8: nothing to take, nothing to draw
                    }
                }
            }
            Do::Draw => {
                let c = self.stock.pop().expect("a card in the stock");
                let s = &mut self.seats[seat];
                s.hand[c as usize] += 1;
                s.last = Some(Do::Draw);
                self.offer = None;
                self.phase = Phase::Turn;
            }
            Do::Pass => self.finish(None, None),
            Do::Take => {
                let need = unpacked(a.arg);
                let x = self.pile.pop().expect("the discard on offer");
                let eye = solver::tables(self.rules).shown_with[x as usize]
                    .iter()
                    .find(|t| t.0 == need)
                    .is_some_and(|t| t.2);
                let s = &mut self.seats[seat];
                for k in 0..KINDS {
                    s.hand[k] -= need[k];
                }
                let mut group = super::cards::kinds_of(&need);
                group.push(x);
                group.sort_unstable();
                s.melds.push(Group { eye, cards: group });
                s.last = Some(Do::Take);
                self.offer = None;
                self.phase = Phase::Turn;
            }
            Do::Win => {
                let how = if self.phase == Phase::Offer {
                    let x = self.pile.pop().expect("the discard on offer");
                    self.seats[seat].hand[x as usize] += 1;
                    "discard"
                } else {
                    match self.seats[seat].last {
                        None => "deal",
                        Some(Do::Take) => "take",
                        Some(_) => "draw",
                    }
                };
                self.seats[seat].last = Some(Do::Win);
                self.finish(Some(seat), Some(how));
            }
        }
    }

    fn finish(&mut self, winner: Option<usize>, how: Option<&'static str>) {
        self.result = Some(Outcome { winner, how });
        self.offer = None;
        self.phase = Phase::Over;
    }

    /// Each seat's settlement (Q8): the winner takes the pot, +(n − 1), each other −1.
    pub fn settlement(&self) -> Vec<i32> {
        let n = self.players as i32;
        match self.result.as_ref().and_then(|r| r.winner) {
            None => vec![0; self.players],
            Some(w) => (0..self.players)
                .map(|s| if s == w { n - 1 } else { -1 })
                .collect(),
        }
    }

    /// Copies of each kind the seat has not seen: 4 less its own cards, the other seats'
    /// groups and the pile (`View.unseen`).
    pub fn unseen(&self, seat: usize) -> Counts {
        let mut c = self.seats[seat].own();
        for (i, s) in self.seats.iter().enumerate() {
            if i != seat {
                for g in &s.melds {
                    for &k in &g.cards {
                        c[k as usize] += 1;
                    }
                }
            }
        }
        for &k in &self.pile {
            c[k as usize] += 1;
        }
        c.map(|n| 4u8.saturating_sub(n))
    }

    pub fn flowers_in(&self, c: &Counts) -> u8 {
        (0..KINDS).filter(|&k| is_flower(k)).map(|k| c[k]).sum()
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
        self.legal_actions(out);
    }

    fn apply(&mut self, action: Action) {
        Game::apply(self, action)
    }

    fn outcome(&self) -> Option<Vec<SeatOutcome>> {
        let r = self.result.as_ref()?;
        Some(
            self.settlement()
                .into_iter()
                .enumerate()
                .map(|(s, payment)| SeatOutcome {
                    payment,
                    won: r.winner == Some(s),
                    score: 0,
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
            Policy::Greedy => super::bots::greedy_choice(self, legal, false),
            Policy::GreedyPlus | Policy::Static => super::bots::greedy_choice(self, legal, true),
        }
    }

    fn encode(action: Action) -> u64 {
        action.code()
    }

    fn decode(code: u64) -> Option<Action> {
        Action::from_code(code)
    }

    fn label(&self) -> String {
        self.result
            .as_ref()
            .map_or("", |r| r.how.unwrap_or("drawn"))
            .to_string()
    }

    fn view_json(&self, seat: usize) -> serde_json::Value {
        super::view::view_json(self, seat)
    }

    fn state_json(&self) -> serde_json::Value {
        super::view::state_json(self)
    }
}
