//! What a play is and whether it beats the best so far (M3–M6; `advisor/ming/plays.py`):
//! the readings of one card or three as a single, a gibbon, a Leopard or a Special.

use super::cards::{code, suit, HC, NCARDS, TM, ZC};
use std::sync::OnceLock;

/// The kinds of play, in the order of their index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Single = 0,
    Gibbon = 1,
    Leopard = 2,
    Special = 3,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Gibbon => "gibbon",
            Kind::Leopard => "leopard",
            Kind::Special => "special",
        }
    }

    pub fn of_index(i: u8) -> Kind {
        match i {
            0 => Kind::Single,
            1 => Kind::Gibbon,
            2 => Kind::Leopard,
            _ => Kind::Special,
        }
    }
}

/// A set of cards read as one kind: its key within the kind (higher beats) and its bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub cards: u32,
    pub kind: Kind,
    pub key: i32,
    pub bonus: i32,
}

impl Play {
    pub fn size(&self) -> u32 {
        self.cards.count_ones()
    }
}

/// What a Leopard 9 led is declared (M5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declare {
    Leopard,
    Special,
}

impl Declare {
    pub fn name(self) -> &'static str {
        match self {
            Declare::Leopard => "leopard",
            Declare::Special => "special",
        }
    }
}

/// 5 Myriads adds 2, 8 Myriads 3, won as a single (M3).
pub fn single_bonus(i: usize) -> i32 {
    match i {
        24 => 2,
        27 => 3,
        _ => 0,
    }
}

pub fn single(i: usize) -> Play {
    Play {
        cards: 1 << i,
        kind: Kind::Single,
        key: i as i32,
        bonus: single_bonus(i),
    }
}

fn m(cards: &[usize]) -> u32 {
    cards.iter().map(|&i| 1u32 << i).sum()
}

/// Cards by their codes' places: `c(r)` r Cash, `s(r)`, `my(r)` (r 1–9).
const fn c(r: usize) -> usize {
    9 - r
}
const fn s(r: usize) -> usize {
    10 + r
}
const fn my(r: usize) -> usize {
    19 + r
}

pub fn hero() -> u32 {
    m(&[s(1), my(1), TM])
}

pub fn leopard_9() -> u32 {
    m(&[c(9), s(9), my(9)])
}

/// The tables of three-card plays, made once.
pub struct Tables {
    pub gibbons: Vec<Play>,
    pub specials: Vec<Play>,
    pub leopards: Vec<Play>,
    /// The Leopards and the Hero as a Leopard (key 10, bonus 9).
    pub as_leopard: Vec<Play>,
    /// Every three cards that may be led, ascending (`COMBINATIONS`).
    pub combinations: Vec<u32>,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut runs: Vec<(i32, u32, i32)> = Vec::new(); // (order, mask, bonus)
        for st in 0..3u8 {
            let idx: Vec<usize> = (0..NCARDS).filter(|&i| suit(i) == st).collect();
            for j in 0..idx.len() - 2 {
                let trio = &idx[j..j + 3];
                let mask = m(trio);
                let (mut order, mut bonus) = (st as i32 * 100 + trio[2] as i32, 0);
                if mask == m(&[c(1), HC, ZC]) {
                    order = 150; // the Half Leopard: above every String gibbon (M4)
                    bonus = 1;
                } else if mask == m(&[my(8), my(9), TM]) {
                    bonus = 1;
                }
                runs.push((order, mask, bonus));
            }
        }
        runs.sort();
        let gibbons = runs
            .iter()
            .enumerate()
            .map(|(k, &(_, mask, bonus))| Play {
                cards: mask,
                kind: Kind::Gibbon,
                key: k as i32 + 1,
                bonus,
            })
            .collect();
        let special_list = [
            m(&[c(7), s(3), my(3)]),
            m(&[c(8), s(2), my(2)]),
            m(&[c(9), s(1), my(1)]),
            m(&[ZC, s(9), TM]),
            m(&[c(9), s(9), my(9)]),
            m(&[ZC, s(9), my(9)]),
            m(&[s(1), my(1), TM]),
        ];
        let specials = special_list
            .iter()
            .enumerate()
            .map(|(n, &mask)| Play {
                cards: mask,
                kind: Kind::Special,
                key: n as i32 + 3,
                bonus: n as i32 + 3,
            })
            .collect();
        let leopards: Vec<Play> = (1..=9)
            .map(|n| Play {
                cards: m(&[c(n), s(n), my(n)]),
                kind: Kind::Leopard,
                key: n as i32,
                bonus: 0,
            })
            .collect();
        let mut as_leopard = leopards.clone();
        as_leopard.push(Play {
            cards: hero(),
            kind: Kind::Leopard,
            key: 10,
            bonus: 9,
        });
        let mut combinations: Vec<u32> = Vec::new();
        let t: &Vec<Play> = &runs
            .iter()
            .map(|r| Play {
                cards: r.1,
                kind: Kind::Gibbon,
                key: 0,
                bonus: 0,
            })
            .collect();
        for p in t.iter().chain(leopards.iter()) {
            combinations.push(p.cards);
        }
        combinations.extend(special_list);
        combinations.sort_unstable();
        combinations.dedup();
        Tables {
            gibbons,
            specials,
            leopards,
            as_leopard,
            combinations,
        }
    })
}

fn find(table: &[Play], cards: u32) -> Option<Play> {
    // the tables are short (at most 24 plays): a scan on the masks alone
    table
        .iter()
        .position(|p| p.cards == cards)
        .map(|i| table[i])
}

/// The three-card readings of every kind by mask, for the hot paths: (mask, kind index)
/// → the play, sorted for a binary search.
fn readings() -> &'static Vec<(u32, u8, Play)> {
    static R: OnceLock<Vec<(u32, u8, Play)>> = OnceLock::new();
    R.get_or_init(|| {
        let t = tables();
        let mut out: Vec<(u32, u8, Play)> = Vec::new();
        for (kind, table) in [(1u8, &t.gibbons), (2, &t.as_leopard), (3, &t.specials)] {
            out.extend(table.iter().map(|p| (p.cards, kind, *p)));
        }
        out.sort_by_key(|x| (x.0, x.1));
        out
    })
}

/// The play a lead makes (M5), or None when it is no single nor combination; a Leopard 9
/// is what `declare` says (a Special by default).
pub fn read_lead(cards: u32, declare: Option<Declare>) -> Option<Play> {
    let n = cards.count_ones();
    if n == 1 {
        return Some(single(cards.trailing_zeros() as usize));
    }
    if n != 3 {
        return None;
    }
    let t = tables();
    if cards == leopard_9() {
        return if declare == Some(Declare::Leopard) {
            find(&t.leopards, cards)
        } else {
            find(&t.specials, cards)
        };
    }
    find(&t.specials, cards)
        .or_else(|| find(&t.leopards, cards))
        .or_else(|| find(&t.gibbons, cards))
}

/// The follow `cards` read as a play of the led `kind`, or None (laid face down only).
pub fn reading(cards: u32, kind: Kind) -> Option<Play> {
    if kind == Kind::Single {
        return (cards.count_ones() == 1).then(|| single(cards.trailing_zeros() as usize));
    }
    let r = readings();
    r.binary_search_by_key(&(cards, kind as u8), |x| (x.0, x.1))
        .ok()
        .map(|i| r[i].2)
}

/// The three-card follows (masks) that beat a best play of `kind` and `key`: those of the
/// kind with a higher key (`beating`, for three cards), made once; in ascending order of
/// their masks, so that one is found by a binary search.
pub fn beating_threes(kind: Kind, key: i32) -> &'static [u32] {
    static B: OnceLock<Vec<Vec<Vec<u32>>>> = OnceLock::new();
    let b = B.get_or_init(|| {
        let t = tables();
        [&t.gibbons, &t.gibbons, &t.as_leopard, &t.specials]
            .iter()
            .enumerate()
            .map(|(k, table)| {
                (0..=31)
                    .map(|best| {
                        if k == 0 {
                            Vec::new()
                        } else {
                            let mut masks: Vec<u32> = table
                                .iter()
                                .filter(|p| p.key > best)
                                .map(|p| p.cards)
                                .collect();
                            masks.sort_unstable();
                            masks
                        }
                    })
                    .collect()
            })
            .collect()
    });
    &b[kind as usize][key.clamp(0, 31) as usize]
}

/// Whether `play` (a follow read as the led kind) beats `best` (M3–M5).
pub fn beats(play: Option<Play>, best: &Play) -> bool {
    match play {
        None => false,
        Some(p) => {
            if p.kind != best.kind || p.key <= best.key {
                return false;
            }
            !(p.kind == Kind::Single && p.key == TM as i32 && suit(best.key as usize) != 2)
        }
    }
}

/// Every combination a hand can lead, lowest kind and key first (a Leopard 9 twice).
pub fn combinations_in(hand: u32) -> Vec<Play> {
    let t = tables();
    let mut out = Vec::new();
    for &mask in &t.combinations {
        if hand & mask == mask {
            if let Some(p) = find(&t.leopards, mask) {
                out.push(p);
            }
            if let Some(p) = find(&t.specials, mask) {
                out.push(p);
            }
            if let Some(p) = find(&t.gibbons, mask) {
                out.push(p);
            }
        }
    }
    out.sort_by_key(|p| (p.kind as u8, p.key));
    out
}

/// A play's cards as the engine writes them (for messages).
pub fn describe(cards: u32) -> String {
    (0..NCARDS)
        .filter(|&i| cards >> i & 1 == 1)
        .map(code)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::cards::mask_of;
    use super::*;

    #[test]
    fn the_python_doctests() {
        let lead = read_lead(mask_of(&["7c", "3s", "3m"]).unwrap(), None).unwrap();
        assert_eq!((lead.kind, lead.bonus), (Kind::Special, 3));
        assert!(beats(
            reading(mask_of(&["9c", "1s", "1m"]).unwrap(), lead.kind),
            &lead
        ));
        let h = mask_of(&["9c", "9s", "9m", "8m", "TM", "1s", "1m"]).unwrap();
        let names: Vec<(Kind, i32)> = combinations_in(h).iter().map(|p| (p.kind, p.key)).collect();
        assert_eq!(names.len(), 5);
        assert_eq!(tables().gibbons.len(), 24);
        assert!(beats(Some(single(TM)), &single(20)) && !beats(Some(single(TM)), &single(19)));
    }
}
