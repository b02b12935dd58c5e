//! The rules in force and the groups as data (`advisor/qing/rules.py`): the seven eyes
//! (Q2; the sixth Culin's or Wilkinson's), the boys (Q3: sequences of three or more cards
//! of one suit, triplets of one number), and which group some cards make.

use super::cards::{Counts, KINDS, OT, RF, WF};
use crate::error::{Error, Result};

/// The options the core plays: the sixth eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub wilkinson: bool,
}

impl Rules {
    /// The rules of a VIEW's or a record's `options` (`eye6`, `extras_replace`): the core
    /// plays `extras_replace` off only.
    pub fn of(eye6: &str, extras_replace: bool) -> Result<Rules> {
        if extras_replace {
            return Err(Error::invalid(
                "options: extras_replace (Q4: flowers stand for a boy's cards) is played by the Python engine only",
            ));
        }
        match eye6 {
            "culin" => Ok(Rules { wilkinson: false }),
            "wilkinson" => Ok(Rules { wilkinson: true }),
            _ => Err(Error::invalid(format!(
                "eye6: '{eye6}' is not one of culin, wilkinson (Q2)"
            ))),
        }
    }

    pub fn eye6(&self) -> &'static str {
        if self.wilkinson {
            "wilkinson"
        } else {
            "culin"
        }
    }
}

/// One concrete group: an eye or a boy, its cards as (kind, copies) in pack order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub eye: bool,
    pub need: Vec<(u8, u8)>,
    pub size: u8,
    pub low: u8,
}

impl Pattern {
    fn new(eye: bool, kinds: &[usize]) -> Pattern {
        let mut c = [0u8; KINDS];
        for &k in kinds {
            c[k] += 1;
        }
        let need: Vec<(u8, u8)> = (0..KINDS)
            .filter(|&k| c[k] > 0)
            .map(|k| (k as u8, c[k]))
            .collect();
        let size = need.iter().map(|x| x.1).sum();
        let low = need[0].0;
        Pattern {
            eye,
            need,
            size,
            low,
        }
    }
}

const fn i(suit: usize, rank: usize) -> usize {
    suit * 9 + rank - 1
}

/// The seven eyes in force (Q2), numbered 1–7 in this order.
pub fn eyes(rules: Rules) -> Vec<Pattern> {
    let mut rows: Vec<[usize; 3]> = vec![
        [i(0, 1), i(0, 2), i(0, 3)], // 1-2-3 Cash
        [i(1, 9), RF, OT],           // Chariot
        [i(1, 8), i(2, 9), WF],      // White Flower
        [i(0, 9), i(1, 1), i(2, 1)], // Tiger
        [i(0, 8), i(1, 2), i(2, 2)], // Poverty
        [i(0, 8), i(1, 3), i(2, 2)], // Culin
        [i(0, 7), i(1, 3), i(2, 3)], // Pangolin
    ];
    if rules.wilkinson {
        rows[5] = [i(1, 9), i(2, 9), RF]; // Wealth
    }
    rows.iter().map(|r| Pattern::new(true, r)).collect()
}

/// Every boy (Q3), as `_boys(longest)` lists them: the sequences of 3 to `longest` cards
/// of each suit, then every triplet of a number (identical cards allowed).
pub fn boys(longest: usize) -> Vec<Pattern> {
    let mut out = Vec::new();
    for s in 0..3 {
        for a in 1..8 {
            for b in (a + 2)..=9usize.min(a + longest - 1) {
                out.push(Pattern::new(
                    false,
                    &(a..=b).map(|r| i(s, r)).collect::<Vec<_>>(),
                ));
            }
        }
    }
    for r in 1..=9 {
        let kinds = [i(0, r), i(1, r), i(2, r)];
        for x in 0..3 {
            for y in x..3 {
                for z in y..3 {
                    out.push(Pattern::new(false, &[kinds[x], kinds[y], kinds[z]]));
                }
            }
        }
    }
    out
}

/// Whether the cards `real` (counts) make an eye (`Some(true)`), a boy (`Some(false)`) or
/// nothing (`identify` with no flower standing in): an eye is preferred.
pub fn identify(real: &Counts, rules: Rules) -> Option<bool> {
    let size: u8 = real.iter().sum();
    let matches = |p: &Pattern| {
        p.size == size
            && (0..KINDS)
                .all(|k| real[k] == p.need.iter().find(|x| x.0 as usize == k).map_or(0, |x| x.1))
    };
    if eyes(rules).iter().any(matches) {
        return Some(true);
    }
    if boys(9).iter().any(matches) {
        return Some(false);
    }
    None
}
