//! The rules in force (`advisor/khanhoo/rules.py`): the pack, the options, and the table of
//! combinations as patterns — in the Python engine's order, which breaks its ties.

use super::cards::{JS, KS, QS, SET_KINDS};
use crate::error::{Error, Result};
use std::sync::{Arc, Mutex, OnceLock};

pub const MAX_SETS: u8 = 4;
pub const MAX_JOKERS: u8 = 5;

/// A row of the tables: its code and points (`rules.KINDS`).
pub const KIND_ROWS: [(&str, u8); 24] = [
    ("aces", 1),
    ("sequence", 1),
    ("triplet", 2),
    ("courts", 3),
    ("royal_j", 4),
    ("royal_q", 4),
    ("royal_k", 4),
    ("khanhoo", 5),
    ("double_triplet", 10),
    ("double_courts", 10),
    ("double_khanhoo", 15),
    ("triple_aces", 6),
    ("triple_sequence", 3),
    ("triple_triplet", 9),
    ("triple_courts", 12),
    ("reverse_j", 4),
    ("reverse_q", 4),
    ("reverse_k", 4),
    ("triple_royal_j", 8),
    ("triple_royal_q", 8),
    ("triple_royal_k", 8),
    ("triple_khanhoo", 25),
    ("trio", 6),
    ("quartette", 12),
];

pub fn kind_of(code: &str) -> u8 {
    KIND_ROWS
        .iter()
        .position(|r| r.0 == code)
        .expect("a kind of the table") as u8
}

pub const SEQUENCE: u8 = 1;
pub const TRIO: u8 = 22;
pub const QUARTETTE: u8 = 23;
/// The kinds whose patterns mix suits (`melds._CROSS_KINDS`).
const CROSS: [&str; 9] = [
    "triplet",
    "aces",
    "khanhoo",
    "royal_j",
    "royal_q",
    "royal_k",
    "reverse_j",
    "reverse_q",
    "reverse_k",
];

/// The pack and the options (`rules.Rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub sets: u8,
    pub jokers: u8,
    pub trio: bool,
    pub split_sequences: bool,
    pub bump_sequences: bool,
    pub variation_keeps_doubles: bool,
    pub must_go_out: bool,
}

impl Rules {
    pub fn new(sets: u8, jokers: u8) -> Rules {
        Rules {
            sets,
            jokers,
            trio: false,
            split_sequences: false,
            bump_sequences: false,
            variation_keeps_doubles: false,
            must_go_out: false,
        }
    }

    /// Checked rules: the pack's sets (2–4) and Jokers (0–5), and named options.
    pub fn build(sets: u8, jokers: u8, options: &[(&str, bool)]) -> Result<Rules> {
        if !(2..=MAX_SETS).contains(&sets) {
            return Err(Error::invalid(format!(
                "sets: {sets} is not a number of sets from 2 to {MAX_SETS} (K1)"
            )));
        }
        if jokers > MAX_JOKERS {
            return Err(Error::invalid(format!(
                "jokers: {jokers} is not a number of Jokers from 0 to {MAX_JOKERS} (K1)"
            )));
        }
        let mut r = Rules::new(sets, jokers);
        for &(name, on) in options {
            match name {
                "trio" => r.trio = on,
                "split_sequences" => r.split_sequences = on,
                "bump_sequences" => r.bump_sequences = on,
                "variation_keeps_doubles" => r.variation_keeps_doubles = on,
                "must_go_out" => r.must_go_out = on,
                _ => return Err(Error::invalid(format!("options.{name}: unknown option"))),
            }
        }
        Ok(r)
    }

    /// The options on, by name, in the Python engine's order.
    pub fn options(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        for (name, on) in [
            ("trio", self.trio),
            ("split_sequences", self.split_sequences),
            ("bump_sequences", self.bump_sequences),
            ("variation_keeps_doubles", self.variation_keeps_doubles),
            ("must_go_out", self.must_go_out),
        ] {
            if on {
                out.push(name);
            }
        }
        out
    }

    /// Copies of each kind in the pack.
    pub fn pack(&self) -> super::cards::Counts {
        let mut c = [self.sets; super::cards::KINDS];
        c[super::cards::JOKER] = self.jokers;
        c
    }

    pub fn variation(&self) -> bool {
        self.sets == 3
    }

    /// The table in force (cached by its three switches).
    pub fn table(&self) -> Arc<Table> {
        static TABLES: OnceLock<Mutex<Tables>> = OnceLock::new();
        let key = (self.variation(), self.variation_keeps_doubles, self.trio);
        let mut all = TABLES
            .get_or_init(|| Mutex::new(Vec::new()))
            .lock()
            .unwrap();
        if let Some((_, t)) = all.iter().find(|(k, _)| *k == key) {
            return t.clone();
        }
        let t = Arc::new(Table::new(key.0, key.1, key.2));
        all.push((key, t.clone()));
        t
    }
}

/// The tables made so far, by their switches (variation, keeps doubles, trio).
type Tables = Vec<((bool, bool, bool), Arc<Table>)>;

/// One concrete combination: its kind, the card kinds it holds (sparse, in pack order),
/// its size and points, and `(suit, first, last)` for a Sequence (K-run).
#[derive(Clone, Debug)]
pub struct Pattern {
    pub kind: u8,
    pub need: Vec<(u8, u8)>,
    pub size: u8,
    pub points: u8,
    pub run: Option<(u8, u8, u8)>,
}

/// A table of combinations: its kinds, patterns, and the patterns holding each kind.
#[derive(Debug)]
pub struct Table {
    pub codes: Vec<u8>,
    pub patterns: Vec<Pattern>,
    /// For each kind of a set, the numbers of the patterns holding it, in pattern order.
    pub containing: Vec<Vec<usize>>,
}

fn index_of(suit: usize, rank: usize) -> usize {
    suit * 9 + rank - 1
}

impl Table {
    fn new(variation: bool, keeps_doubles: bool, trio: bool) -> Table {
        let mut codes: Vec<u8> = (0..8).collect();
        if !variation || keeps_doubles {
            codes.extend(8..11);
        }
        if variation {
            codes.extend(11..22);
        }
        if trio {
            codes.extend([TRIO, QUARTETTE]);
        }
        let mut patterns = Vec::new();
        let mut add = |code: &str, idx: Vec<usize>, run: Option<(u8, u8, u8)>| {
            let kind = kind_of(code);
            if !codes.contains(&kind) {
                return;
            }
            let mut need: Vec<(u8, u8)> = Vec::new();
            let mut sorted = idx;
            sorted.sort_unstable();
            for i in sorted {
                match need.last_mut() {
                    Some((k, n)) if *k as usize == i => *n += 1,
                    _ => need.push((i as u8, 1)),
                }
            }
            let size = need.iter().map(|x| x.1).sum();
            patterns.push(Pattern {
                kind,
                need,
                size,
                points: KIND_ROWS[kind as usize].1,
                run,
            });
        };
        for s in 0..3 {
            for a in 1..8 {
                for b in a + 2..10 {
                    add(
                        "sequence",
                        (a..=b).map(|r| index_of(s, r)).collect(),
                        Some((s as u8, a as u8, b as u8)),
                    );
                }
            }
        }
        for r in 1..10 {
            let one: Vec<usize> = (0..3).map(|s| index_of(s, r)).collect();
            add("triplet", one.clone(), None);
            add("double_triplet", one.repeat(2), None);
            add("triple_triplet", one.repeat(3), None);
        }
        for x in 0..3 {
            for y in 0..3 {
                if x != y {
                    add(
                        "aces",
                        vec![index_of(x, 1), index_of(x, 1), index_of(y, 1)],
                        None,
                    );
                }
            }
        }
        add(
            "triple_aces",
            (0..3).map(|s| index_of(s, 1)).collect::<Vec<_>>().repeat(3),
            None,
        );
        for (k, court) in [JS, QS, KS].into_iter().enumerate() {
            let partner = royal_partner(court);
            let letter = ["j", "q", "k"][k];
            add(
                &format!("royal_{letter}"),
                vec![court, partner, partner],
                None,
            );
            add(
                &format!("reverse_{letter}"),
                vec![court, court, partner],
                None,
            );
            add(
                &format!("triple_royal_{letter}"),
                [court, partner].repeat(3),
                None,
            );
        }
        add("courts", vec![JS, QS, KS], None);
        add("double_courts", [JS, QS, KS].repeat(2), None);
        add("triple_courts", [JS, QS, KS].repeat(3), None);
        let kh = [index_of(0, 1), index_of(1, 2), index_of(2, 3)];
        add("khanhoo", kh.to_vec(), None);
        add("double_khanhoo", kh.repeat(2), None);
        add("triple_khanhoo", kh.repeat(3), None);
        for s in 0..3 {
            for a in 1..8 {
                add(
                    "triple_sequence",
                    (a..a + 3)
                        .map(|r| index_of(s, r))
                        .collect::<Vec<_>>()
                        .repeat(3),
                    None,
                );
            }
        }
        for i in 0..SET_KINDS {
            add("trio", vec![i; 3], None);
            add("quartette", vec![i; 4], None);
        }
        let containing = (0..SET_KINDS)
            .map(|k| {
                (0..patterns.len())
                    .filter(|&n| patterns[n].need.iter().any(|x| x.0 as usize == k))
                    .collect()
            })
            .collect();
        Table {
            codes,
            patterns,
            containing,
        }
    }

    pub fn has(&self, code: &str) -> bool {
        self.codes.contains(&kind_of(code))
    }

    /// The numbers of the cross patterns (Triplets, Aces, Khanhoo, Royal and Reverse
    /// groups), in pattern order.
    pub fn cross(&self) -> Vec<usize> {
        let kinds: Vec<u8> = CROSS.iter().map(|c| kind_of(c)).collect();
        (0..self.patterns.len())
            .filter(|&n| kinds.contains(&self.patterns[n].kind))
            .collect()
    }

    /// The best pattern these cards make (real kind counts, plus Jokers): the first of the
    /// most points among the patterns holding the lowest real card (`Rules.identify`).
    pub fn identify(&self, real: &[u8; SET_KINDS], jokers: u8) -> Option<usize> {
        let size: u32 = real.iter().map(|&n| n as u32).sum::<u32>() + jokers as u32;
        let lowest = (0..SET_KINDS).find(|&k| real[k] > 0);
        let all: Vec<usize>;
        let pool: &[usize] = match lowest {
            Some(k) => &self.containing[k],
            None => {
                all = (0..self.patterns.len()).collect();
                &all
            }
        };
        let mut best: Option<usize> = None;
        for &n in pool {
            let p = &self.patterns[n];
            if p.size as u32 != size {
                continue;
            }
            let mut need = [0u8; SET_KINDS];
            for &(k, m) in &p.need {
                need[k as usize] = m;
            }
            if (0..SET_KINDS).any(|k| real[k] > need[k]) {
                continue;
            }
            if best.is_none_or(|b| p.points > self.patterns[b].points) {
                best = Some(n);
            }
        }
        best
    }
}

/// Each court's numeral in a Royal group: 7♦ for J♠, 8♣ for Q♠, 9♥ for K♠.
pub fn royal_partner(court: usize) -> usize {
    match court {
        JS => index_of(2, 7),
        QS => index_of(1, 8),
        _ => index_of(0, 9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_the_rows_in_force() {
        let t = Rules::new(2, 1).table();
        assert!(t.has("double_khanhoo") && !t.has("triple_khanhoo") && !t.has("trio"));
        // 3 suits x 28 runs, 9 triplets and doubles, 6 aces, 3 royals, courts x2, khanhoo x2
        assert_eq!(t.patterns.len(), 84 + 18 + 6 + 3 + 2 + 2);
        let v = Rules::new(3, 2).table();
        assert!(!v.has("double_triplet") && v.has("triple_khanhoo"));
        let mut real = [0u8; SET_KINDS];
        real[JS] = 1;
        let n = t.identify(&real, 2).unwrap();
        assert_eq!(KIND_ROWS[t.patterns[n].kind as usize].0, "royal_j");
    }

    #[test]
    fn bad_packs_are_refused() {
        assert!(Rules::build(5, 1, &[]).is_err());
        assert!(Rules::build(2, 6, &[]).is_err());
        assert!(Rules::build(2, 1, &[("nope", true)]).is_err());
    }
}
