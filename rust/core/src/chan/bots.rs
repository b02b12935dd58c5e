//! The `greedy` and `greedy+` players (`advisor/chan/bots.py`, `strong.py` and the
//! look-ahead of `lookahead.py`), choice for choice: the same measures, the same keys, the
//! same ties broken the same way.

use super::cards::{Counts, CC, NFACES};
use super::game::{Action, Do, Game, Meld, Seat, NO_CARD};
use super::pairing::{
    discard_table, distance, group_p0, is_win, p0_packed, shape, unpack, Exposed,
};

/// What an action leaves its seat (`advisor.chan.game.prospect`).
pub struct Prospect {
    pub hand: Counts,
    pub exposed: Exposed,
    pub owes: bool,
    /// The legal discards after an eat or a Chíu, in deck order.
    pub discards: Vec<u8>,
    pub wins: bool,
}

fn with_meld(exposed: &Exposed, m: &Meld) -> Exposed {
    let mut e = *exposed;
    for &f in m.faces() {
        e.counts[f as usize] += 1;
    }
    e.size += m.faces().len() as i32;
    match m.kind {
        super::game::MeldKind::Chan => e.chan += 1,
        super::game::MeldKind::Ca => e.ca += 1,
        super::game::MeldKind::Chiu => e.chan += 2,
    }
    e
}

/// What a legal `action` of the seat `s` leaves it when `offered` is the public card.
pub fn prospect(s: &Seat, action: Action, offered: u8) -> Prospect {
    let hand = s.hand;
    match action.what {
        Do::Win | Do::Heaven => Prospect {
            hand,
            exposed: s.exposed,
            owes: false,
            discards: vec![],
            wins: true,
        },
        Do::Discard => {
            let mut h = hand;
            h[action.card as usize] -= 1;
            Prospect {
                hand: h,
                exposed: s.exposed,
                owes: false,
                discards: vec![],
                wins: false,
            }
        }
        Do::Pass => Prospect {
            hand,
            exposed: s.exposed,
            owes: false,
            discards: vec![],
            wins: false,
        },
        Do::Eat | Do::Chiu => {
            let x = offered as usize;
            let mut after = hand;
            let (meld, ate_ca, wins) = if action.what == Do::Eat {
                let y = action.card as usize;
                after[y] -= 1;
                let m = Meld::of(&[action.card, offered]).expect("an eat pairs");
                (m, s.ate_ca || m.kind == super::game::MeldKind::Ca, false)
            } else {
                after[x] -= 3;
                let mut four = hand;
                four[x] = 4;
                let wins = hand[x] == 3 && is_win(&four, &s.exposed, Some(x));
                (Meld::of(&[offered; 4]).expect("four"), s.ate_ca, wins)
            };
            let discards = (0..NFACES)
                .filter(|&i| after[i] > 0 && s.discard_ok(&after, ate_ca, i))
                .map(|i| i as u8)
                .collect();
            Prospect {
                hand: after,
                exposed: with_meld(&s.exposed, &meld),
                owes: true,
                discards,
                wins,
            }
        }
    }
}

/// A discard's distance from a [`discard_table`] (no winning set: 99, as the bots count it).
fn dist_of(dd: &[i8; NFACES], face: usize) -> i32 {
    match dd[face] {
        -1 => 99,
        d => d as i32,
    }
}

/// The greedy pairing heuristic on the seat's own cards (`greedy_choice`).
pub fn greedy_choice(g: &Game, legal: &[Action]) -> Action {
    for what in [Do::Win, Do::Heaven, Do::Chiu] {
        if let Some(a) = legal.iter().find(|a| a.what == what) {
            return *a;
        }
    }
    let s = &g.seats[g.to_act as usize];
    let (hand, exposed) = (s.hand, s.exposed);
    if legal.iter().any(|a| a.what == Do::Discard) {
        let after = discard_table(&hand, &exposed);
        let whole = p0_packed(&hand);
        let mut best: Option<((i32, i32), Action)> = None;
        for a in legal.iter().filter(|a| a.what == Do::Discard) {
            // only the thrown card's rank changes its pairing
            let f = a.card as usize;
            let g = if f == CC { CC } else { f / 3 * 3 };
            let mut h = hand;
            h[f] -= 1;
            let key = (
                dist_of(&after, f),
                unpack(whole - group_p0(&hand, g) + group_p0(&h, g)).2,
            );
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, *a));
            }
        }
        return best.expect("a discard").1;
    }
    let offered = g.offer.map(|o| o.card).unwrap_or(NO_CARD);
    if offered != NO_CARD && legal.iter().any(|a| a.what == Do::Eat) {
        let now = distance(&hand, &exposed);
        let mut best: Option<(i32, Action)> = None;
        for a in legal.iter().filter(|a| a.what == Do::Eat) {
            let p = prospect(s, *a, offered);
            let dd = discard_table(&p.hand, &p.exposed);
            let v = p
                .discards
                .iter()
                .map(|&f| dist_of(&dd, f as usize))
                .min()
                .unwrap_or(99);
            if best.is_none_or(|(b, _)| v < b) {
                best = Some((v, *a));
            }
        }
        if let (Some((v, a)), Some(now)) = (best, now) {
            if v < now {
                return a;
            }
        }
    }
    legal
        .iter()
        .find(|a| a.what == Do::Pass)
        .copied()
        .unwrap_or(legal[0])
}

/// What an action leaves the seat once it has made the discard it owes (`Leaves`): the
/// measures the `greedy+` key reads.
#[derive(Clone, Copy, Debug)]
pub struct Leaves {
    pub distance: Option<i32>,
    pub useful_unseen: i32,
    pub unpaired: i32,
    pub then: u8,
    pub wins: bool,
}

impl Leaves {
    fn key(&self) -> (i32, i32, i32) {
        (
            self.distance.unwrap_or(99),
            -self.useful_unseen,
            self.unpaired,
        )
    }
}

/// The static measures of the cards `after` (with `exposed`) at rest (`measure`).
pub fn measure(after: &Counts, exposed: &Exposed, unseen: &Counts, then: u8) -> Leaves {
    let s = shape(after, exposed);
    let useful_unseen = (0..NFACES)
        .filter(|&f| s.useful & (1 << f) != 0)
        .map(|f| unseen[f] as i32)
        .sum();
    Leaves {
        distance: s.distance,
        useful_unseen,
        unpaired: s.unpaired,
        then,
        wins: false,
    }
}

fn best_discard(hand: &Counts, exposed: &Exposed, discards: &[u8], unseen: &Counts) -> Leaves {
    let dd = discard_table(hand, exposed);
    let low = discards
        .iter()
        .map(|&f| dist_of(&dd, f as usize))
        .min()
        .unwrap_or(99);
    let mut best: Option<Leaves> = None;
    for &f in discards
        .iter()
        .filter(|&&f| dist_of(&dd, f as usize) == low)
    {
        let mut h = *hand;
        h[f as usize] -= 1;
        let lv = measure(&h, exposed, unseen, f);
        if best.is_none_or(|b| lv.key() < b.key()) {
            best = Some(lv);
        }
    }
    best.expect("a legal discard")
}

/// What `action` leaves the seat (`leaves`).
pub fn leaves(action: Action, s: &Seat, offered: u8, unseen: &Counts) -> Leaves {
    let p = prospect(s, action, offered);
    if p.wins {
        return Leaves {
            distance: Some(0),
            useful_unseen: 0,
            unpaired: 0,
            then: NO_CARD,
            wins: true,
        };
    }
    if !p.owes {
        return measure(&p.hand, &p.exposed, unseen, NO_CARD);
    }
    best_discard(&p.hand, &p.exposed, &p.discards, unseen)
}

/// The `greedy+` key: a win, the distance, the unseen useful cards, the unseen copies of
/// the card thrown, the unpaired cards.
pub type StrongKey = (i32, i32, i32, i32, i32);

/// The `greedy+` key: smaller is better.
pub fn strong_key(action: Action, lv: &Leaves, unseen: &Counts) -> StrongKey {
    let thrown = if action.what == Do::Discard {
        action.card
    } else {
        lv.then
    };
    let feed = if thrown == NO_CARD {
        0
    } else {
        unseen[thrown as usize] as i32
    };
    (
        if lv.wins { 0 } else { 1 },
        lv.distance.unwrap_or(99),
        -lv.useful_unseen,
        feed,
        lv.unpaired,
    )
}

fn distance_left(p: &Prospect) -> i32 {
    if !p.owes {
        return distance(&p.hand, &p.exposed).unwrap_or(99);
    }
    let dd = discard_table(&p.hand, &p.exposed);
    p.discards
        .iter()
        .map(|&f| dist_of(&dd, f as usize))
        .min()
        .unwrap_or(99)
}

/// The `greedy+` player's action (`strong_choice`).
pub fn strong_choice(g: &Game, legal: &[Action]) -> Action {
    for what in [Do::Win, Do::Heaven] {
        if let Some(a) = legal.iter().find(|a| a.what == what) {
            return *a;
        }
    }
    let seat = g.to_act as usize;
    let s = &g.seats[seat];
    let offered = g.offer.map(|o| o.card).unwrap_or(NO_CARD);
    let mut close: Vec<(usize, Action)> = Vec::new();
    let mut low = 100;
    // a discard leaves the distance the discard table gives it: one table for them all
    let dd = if legal.iter().any(|a| a.what == Do::Discard) {
        discard_table(&s.hand, &s.exposed)
    } else {
        [99; NFACES]
    };
    for (n, &a) in legal.iter().enumerate() {
        let d = if a.what == Do::Discard {
            dist_of(&dd, a.card as usize)
        } else {
            let p = prospect(s, a, offered);
            if p.wins {
                return a;
            }
            distance_left(&p)
        };
        if d < low {
            low = d;
            close.clear();
            close.push((n, a));
        } else if d == low {
            close.push((n, a));
        }
    }
    if close.len() == 1 {
        return close[0].1;
    }
    let unseen = g.unseen(seat);
    let mut best: Option<(StrongKey, usize, Action)> = None;
    for (n, a) in close {
        let key = strong_key(a, &leaves(a, s, offered, &unseen), &unseen);
        if best.is_none_or(|(k, m, _)| (key, n) < (k, m)) {
            best = Some((key, n, a));
        }
    }
    best.expect("an action").2
}

/// The statically best action (`advisor.chan.lookahead.static_choice`): a win first, then
/// the smallest distance it leaves, the most unseen useful cards, the fewest unpaired
/// cards; the legal order breaks ties.
pub fn static_choice(g: &Game, legal: &[Action]) -> Action {
    let seat = g.to_act as usize;
    let s = &g.seats[seat];
    let offered = g.offer.map(|o| o.card).unwrap_or(NO_CARD);
    let unseen = g.unseen(seat);
    let mut best: Option<((i32, i32, i32, i32), Action)> = None;
    for &a in legal {
        let lv = leaves(a, s, offered, &unseen);
        let key = (
            if lv.wins { 0 } else { 1 },
            lv.distance.unwrap_or(99),
            -lv.useful_unseen,
            lv.unpaired,
        );
        if best.is_none_or(|(k, _)| key < k) {
            best = Some((key, a));
        }
    }
    best.expect("a legal action").1
}
