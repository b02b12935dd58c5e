//! The Ming Kanhu engine (`advisor/ming/game.py`), move for move: the same leads (singles
//! lowest first, then the combinations, a Leopard 9 twice) and follows (every set of as
//! many cards, lowest first, each with whether it beats), the same tricks and result.

use super::plays::{beats, combinations_in, leopard_9, read_lead, reading, Declare, Play};
use crate::engine::{Draw, Policy, SeatOutcome};
use crate::error::{Error, Result};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 3;

/// Cards dealt to each player (M2).
pub fn hand_size(players: usize) -> u32 {
    if players == 2 {
        13
    } else {
        9
    }
}

/// A seat's action: a lead (its cards, and what a Leopard 9 is declared) or a follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub lead: bool,
    pub cards: u32,
    pub declare: Option<Declare>,
}

impl Action {
    /// The code across the boundary: a follow 2⁶⁰ + its cards; a lead its cards, with 2³²
    /// for a Leopard 9 declared a Leopard and 2³³ declared a Special.
    pub fn code(self) -> u64 {
        let d = match self.declare {
            None => 0,
            Some(Declare::Leopard) => 1u64 << 32,
            Some(Declare::Special) => 1u64 << 33,
        };
        if self.lead {
            d | self.cards as u64
        } else {
            1u64 << 60 | self.cards as u64
        }
    }

    pub fn from_code(code: u64) -> Option<Action> {
        let cards = (code & 0x3FFF_FFFF) as u32;
        if cards == 0 {
            return None;
        }
        match code >> 32 {
            0 => Some(Action {
                lead: true,
                cards,
                declare: None,
            }),
            1 => Some(Action {
                lead: true,
                cards,
                declare: Some(Declare::Leopard),
            }),
            2 => Some(Action {
                lead: true,
                cards,
                declare: Some(Declare::Special),
            }),
            x if x == 1 << 28 => Some(Action {
                lead: false,
                cards,
                declare: None,
            }),
            _ => None,
        }
    }
}

/// A trick in progress or done: its leader, the lead as read, the declaration, the plays
/// (seat, cards, shown) and the best play so far.
#[derive(Clone, Debug)]
pub struct Trick {
    pub leader: usize,
    pub lead: Play,
    pub declare: Option<Declare>,
    pub plays: Vec<(usize, u32, bool)>,
    pub best: Play,
    pub best_seat: usize,
}

impl Trick {
    pub fn cards(&self) -> u32 {
        self.plays.iter().map(|p| p.1.count_ones()).sum()
    }
}

/// One deal of Ming Kanhu.
#[derive(Clone, Debug)]
pub struct Game {
    pub players: usize,
    pub dealer: usize,
    pub eldest: usize,
    pub hands: Vec<u32>,
    pub stock: u32,
    pub captured: Vec<i32>,
    pub bonuses: Vec<i32>,
    pub won: Vec<i32>,
    /// The completed tricks (a world dealt from a VIEW keeps none: `world`).
    pub tricks: Vec<Trick>,
    pub trick: Option<Trick>,
    pub over: bool,
    pub to_act: usize,
}

impl Game {
    /// A new deal: the hands as bitmasks by seat, the unused stock, the dealer.
    pub fn new(hands: Vec<u32>, stock: u32, dealer: usize) -> Result<Game> {
        let n = hands.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(Error::invalid(format!(
                "hands: {n} hands; a deal has 2 or 3 players (M2)"
            )));
        }
        if dealer >= n {
            return Err(Error::invalid(format!(
                "dealer: seat {dealer} does not exist"
            )));
        }
        let mut seen = 0u32;
        for (s, &h) in hands.iter().enumerate() {
            if h.count_ones() != hand_size(n) || seen & h != 0 || h & !super::cards::FULL != 0 {
                return Err(Error::invalid(format!(
                    "hands[{s}]: not the {} cards dealt (M1, M2)",
                    hand_size(n)
                )));
            }
            seen |= h;
        }
        if seen & stock != 0 || seen | stock != super::cards::FULL {
            return Err(Error::invalid(
                "stock: the unused cards are the rest of the 30 (M2)",
            ));
        }
        let mut eldest = 0;
        for s in 1..n {
            if 32 - hands[s].leading_zeros() > 32 - hands[eldest].leading_zeros() {
                eldest = s; // M2: the highest card dealt
            }
        }
        Ok(Game {
            players: n,
            dealer,
            eldest,
            hands,
            stock,
            captured: vec![0; n],
            bonuses: vec![0; n],
            won: vec![0; n],
            tricks: Vec::new(),
            trick: None,
            over: false,
            to_act: eldest,
        })
    }

    pub fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.players
    }

    /// Every legal action of the pending decision, in the engine's order.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.over {
            return;
        }
        let hand = self.hands[self.to_act];
        match &self.trick {
            None => {
                for i in 0..super::cards::NCARDS {
                    if hand >> i & 1 == 1 {
                        out.push(Action {
                            lead: true,
                            cards: 1 << i,
                            declare: None,
                        });
                    }
                }
                for p in combinations_in(hand) {
                    let declare = if p.cards == leopard_9() {
                        Some(if p.kind == super::plays::Kind::Leopard {
                            Declare::Leopard
                        } else {
                            Declare::Special
                        })
                    } else {
                        None
                    };
                    out.push(Action {
                        lead: true,
                        cards: p.cards,
                        declare,
                    });
                }
            }
            Some(t) => {
                let mut held = [0u32; 30];
                let mut nb = 0;
                let mut h = hand;
                while h != 0 {
                    held[nb] = h & h.wrapping_neg();
                    h &= h - 1;
                    nb += 1;
                }
                let bits = &held[..nb];
                if t.lead.size() == 1 {
                    out.extend(bits.iter().map(|&b| Action {
                        lead: false,
                        cards: b,
                        declare: None,
                    }));
                } else {
                    for a in 0..bits.len() {
                        for b in a + 1..bits.len() {
                            for c in b + 1..bits.len() {
                                out.push(Action {
                                    lead: false,
                                    cards: bits[a] | bits[b] | bits[c],
                                    declare: None,
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether a follow beats the best play so far (shown) or not (laid face down).
    pub fn follow_beats(&self, cards: u32) -> bool {
        match &self.trick {
            Some(t) if t.lead.size() == 3 => super::plays::beating_threes(t.lead.kind, t.best.key)
                .binary_search(&cards)
                .is_ok(),
            Some(t) => beats(reading(cards, t.lead.kind), &t.best),
            None => false,
        }
    }

    /// The follows of the seat to act that beat the best play so far, in the order of the
    /// legal actions (a follow's cards lowest first, as `legal_actions` lists them).
    pub fn winning_follows(&self) -> Vec<u32> {
        let Some(t) = &self.trick else {
            return Vec::new();
        };
        let hand = self.hands[self.to_act];
        if t.lead.size() == 1 {
            return (0..super::cards::NCARDS)
                .filter(|&i| hand >> i & 1 == 1 && beats(Some(super::plays::single(i)), &t.best))
                .map(|i| 1u32 << i)
                .collect();
        }
        let mut out: Vec<u32> = super::plays::beating_threes(t.lead.kind, t.best.key)
            .iter()
            .copied()
            .filter(|&m| hand & m == m)
            .collect();
        // the legal order of three cards: by the lowest, then the middle, then the highest
        out.sort_by_key(|&m| {
            let low = m.trailing_zeros();
            let rest = m & (m - 1);
            (low, rest.trailing_zeros(), 31 - m.leading_zeros())
        });
        out
    }

    pub fn apply(&mut self, a: Action) {
        let seat = self.to_act;
        if a.lead {
            let play = read_lead(a.cards, a.declare).expect("a legal lead is a play");
            let declare = if a.cards == leopard_9() {
                Some(a.declare.unwrap_or(Declare::Special))
            } else {
                None
            };
            self.hands[seat] &= !a.cards;
            self.trick = Some(Trick {
                leader: seat,
                lead: play,
                declare,
                plays: vec![(seat, a.cards, true)],
                best: play,
                best_seat: seat,
            });
            self.to_act = self.next_seat(seat);
            return;
        }
        let nxt = self.next_seat(seat);
        let t = self.trick.as_mut().expect("a trick in progress");
        let r = reading(a.cards, t.lead.kind);
        let win = beats(r, &t.best);
        self.hands[seat] &= !a.cards;
        t.plays.push((seat, a.cards, win));
        if win {
            t.best = r.expect("a play that beats");
            t.best_seat = seat;
        }
        if nxt != t.leader {
            self.to_act = nxt;
            return;
        }
        let t = self.trick.take().expect("a trick");
        let w = t.best_seat; // M6: the best play takes the trick and leads the next
        self.captured[w] += t.cards() as i32;
        self.bonuses[w] += t.best.bonus;
        self.won[w] += 1;
        self.tricks.push(t);
        if self.hands[w] == 0 {
            self.over = true;
            return;
        }
        self.to_act = w;
    }

    pub fn scores(&self) -> Vec<i32> {
        self.captured
            .iter()
            .zip(&self.bonuses)
            .map(|(c, b)| c + b)
            .collect()
    }

    /// M7: each player receives from every other the difference of their scores.
    pub fn settlement(&self) -> Vec<i32> {
        let s = self.scores();
        let total: i32 = s.iter().sum();
        s.iter().map(|x| self.players as i32 * x - total).collect()
    }

    /// The seat with the top score alone, once the deal is over.
    pub fn top(&self) -> Option<usize> {
        let s = self.scores();
        let best = *s.iter().max()?;
        let tops: Vec<usize> = (0..self.players).filter(|&i| s[i] == best).collect();
        (tops.len() == 1).then(|| tops[0])
    }

    /// Every card the seat has seen (`View.known`): its hand, every play shown, its own
    /// face-down plays.
    pub fn known(&self, seat: usize) -> u32 {
        let mut m = self.hands[seat];
        for t in self.tricks.iter().chain(self.trick.iter()) {
            for &(s, cards, shown) in &t.plays {
                if shown || s == seat {
                    m |= cards;
                }
            }
        }
        m
    }
}

impl crate::engine::Game for Game {
    type Action = Action;

    fn seats(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<usize> {
        (!self.over).then_some(self.to_act)
    }

    fn legal(&self, out: &mut Vec<Action>) {
        self.legal_actions(out);
    }

    fn apply(&mut self, action: Action) {
        Game::apply(self, action)
    }

    fn outcome(&self) -> Option<Vec<SeatOutcome>> {
        if !self.over {
            return None;
        }
        let top = self.top();
        let scores = self.scores();
        Some(
            self.settlement()
                .into_iter()
                .enumerate()
                .map(|(s, payment)| SeatOutcome {
                    payment,
                    won: top == Some(s),
                    score: scores[s],
                })
                .collect(),
        )
    }

    fn winner(&self) -> Option<usize> {
        if self.over {
            self.top()
        } else {
            None
        }
    }

    fn choose(&self, policy: Policy, legal: &[Action], draw: &mut Draw<'_>) -> Action {
        match policy {
            Policy::Random | Policy::PyRandom => legal[draw.below(legal.len())],
            Policy::Greedy => super::bots::greedy_choice(self, legal),
            Policy::GreedyPlus | Policy::Static => super::bots::strong_choice(self, legal),
        }
    }

    fn encode(action: Action) -> u64 {
        action.code()
    }

    fn decode(code: u64) -> Option<Action> {
        Action::from_code(code)
    }

    /// Each seat's tricks won, then its bonuses, the run's own tallies: `t0 t1 … b0 b1 …`.
    fn label(&self) -> String {
        self.won
            .iter()
            .chain(&self.bonuses)
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn view_json(&self, seat: usize) -> serde_json::Value {
        super::view::view_json(self, seat)
    }

    fn state_json(&self) -> serde_json::Value {
        super::view::state_json(self)
    }
}
