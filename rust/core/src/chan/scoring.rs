//! Scoring a winning hand by its rules profile (rules §7) and the settlement —
//! `advisor/chan/scoring.py` and `profiles.py`, as far as a deal's result needs them: the
//! bonuses that apply (main first), the points and the payments.

use super::cards::{rank, red, Counts, CC, NFACES};
use super::game::{Meld, MeldKind};
use super::pairing::{p0, MAX_CA, MIN_CHAN};
use crate::error::{Error, Result};

/// A rules profile: its bonuses as (code, base, dịch) in the profile's order, and flags.
#[derive(Debug)]
pub struct Profile {
    pub name: &'static str,
    pub bonuses: &'static [(&'static str, i32, i32)],
    pub thap_thanh_sums_bases: bool,
    pub replaces: bool,
    pub ga_points: i32,
    pub ga_codes: &'static [&'static str],
}

pub static HOUSE: Profile = Profile {
    name: "house",
    bonuses: &[
        ("u_xuong", 2, 0),
        ("u_chi", 3, 1),
        ("thien_u", 3, 1),
        ("tom", 4, 1),
        ("bach_thu", 4, 1),
        ("leo", 5, 2),
        ("bach_dinh", 7, 4),
        ("tam_do", 8, 5),
        ("kinh_tu_chi", 12, 9),
        ("thap_thanh", 12, 9),
        ("thien_khai", 5, 2),
        ("chiu_u", 5, 2),
        ("bon", 5, 2),
    ],
    thap_thanh_sums_bases: true,
    replaces: false,
    ga_points: 0,
    ga_codes: &[],
};

pub static CVV: Profile = Profile {
    name: "cvv",
    bonuses: &[
        ("u_xuong", 2, 0),
        ("u_chi", 3, 1),
        ("thien_u", 3, 1),
        ("tom", 4, 1),
        ("bach_thu", 4, 1),
        ("leo", 5, 2),
        ("bach_dinh", 7, 4),
        ("tam_do", 8, 5),
        ("kinh_tu_chi", 12, 9),
        ("thap_thanh", 12, 9),
        ("thien_khai", 3, 1),
        ("chiu_u", 3, 1),
        ("bon", 3, 1),
        ("bach_thu_chi", 6, 3),
        ("thong", 3, 1),
        ("dia_u", 3, 1),
        ("co_chiu", 3, 1),
        ("u_bon", 3, 1),
    ],
    thap_thanh_sums_bases: false,
    replaces: true,
    ga_points: 5,
    ga_codes: &[
        "thap_thanh",
        "kinh_tu_chi",
        "bach_dinh",
        "tam_do",
        "bach_thu_chi",
    ],
};

/// The profile called `name`.
pub fn profile(name: &str) -> Result<&'static Profile> {
    match name {
        "house" => Ok(&HOUSE),
        "cvv" => Ok(&CVV),
        _ => Err(Error::invalid(format!(
            "rules: unknown profile '{name}' (known: house, cvv)"
        ))),
    }
}

/// How a deal was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinBy {
    OwnDoor,
    OtherDoor,
    Chiu,
    Heaven,
}

impl WinBy {
    pub fn name(self) -> &'static str {
        match self {
            WinBy::OwnDoor => "own_door",
            WinBy::OtherDoor => "other_door",
            WinBy::Chiu => "chiu",
            WinBy::Heaven => "heaven",
        }
    }
}

/// A finished hand to score (`advisor.chan.position.Position`, as the engine builds it).
pub struct Finished<'a> {
    pub hand: Counts,
    pub melds: &'a [Meld],
    pub winning: Option<usize>,
    pub win_by: WinBy,
    pub dealt_fours: usize,
    pub ga: bool,
    pub won_previous_deal: bool,
    pub stock_revealed: i32,
}

/// The score: points, and the bonuses with their counts, main first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub points: i32,
    pub bonuses: Vec<(&'static str, i32)>,
}

const TOM: [usize; 3] = [3, 4, 17]; // 3v 3s 7m
const LEO: [usize; 3] = [CC, 19, 21]; // cc 8s 9v

/// Score a winning hand (the engine scores only wins: W1, W2 hold).
pub fn score(f: &Finished<'_>, prof: &'static Profile) -> Score {
    let mut final_hand = f.hand;
    if let Some(w) = f.winning {
        final_hand[w] += 1;
    }
    let mut cards = final_hand;
    let (mut e_chan, mut e_ca) = (0, 0);
    for m in f.melds {
        for &x in m.faces() {
            cards[x as usize] += 1;
        }
        match m.kind {
            MeldKind::Chan => e_chan += 1,
            MeldKind::Ca => e_ca += 1,
            MeldKind::Chiu => e_chan += 2,
        }
    }
    let (hc, hca, _) = p0(&final_hand);
    let chan = hc + e_chan;
    let _ca = hca + e_ca;
    let red_n: i32 = (0..NFACES)
        .filter(|&i| red(i))
        .map(|i| cards[i] as i32)
        .sum();
    let mut found: Vec<(&'static str, i32)> = Vec::new();
    if f.win_by == WinBy::OwnDoor {
        found.push(("u_chi", 1));
    }
    if f.win_by == WinBy::Heaven {
        found.push(("thien_u", 1));
    }
    found.push((
        "tom",
        TOM.iter().map(|&i| cards[i] as i32).min().unwrap_or(0),
    ));
    if chan == MIN_CHAN {
        match f.winning {
            None => found.push(("bach_thu", 1)),
            Some(w) => {
                let mut ca_ranks = [false; 10];
                for m in f.melds {
                    if m.kind == MeldKind::Ca {
                        ca_ranks[rank(m.faces()[0] as usize) as usize] = true;
                    }
                }
                for r in 2..10u8 {
                    let s = (r as usize - 2) * 3;
                    let odd = (0..3).filter(|&j| final_hand[s + j] % 2 == 1).count();
                    if odd == 2 {
                        ca_ranks[r as usize] = true;
                    }
                }
                if w == CC || !ca_ranks[rank(w) as usize] {
                    found.push(("bach_thu", 1));
                }
            }
        }
    }
    found.push((
        "leo",
        LEO.iter().map(|&i| cards[i] as i32).min().unwrap_or(0),
    ));
    found.push(("thien_khai", f.dealt_fours as i32));
    if f.win_by == WinBy::Chiu {
        found.push(("chiu_u", 1));
    }
    // one Bòn per face: the faces of eaten Chắn (not Chíu) of which all four are held
    let mut bon_faces: Vec<u8> = f
        .melds
        .iter()
        .filter(|m| m.kind == MeldKind::Chan && cards[m.faces()[0] as usize] == 4)
        .map(|m| m.faces()[0])
        .collect();
    bon_faces.sort_unstable();
    bon_faces.dedup();
    found.push(("bon", bon_faces.len() as i32));
    if red_n == 0 {
        found.push(("bach_dinh", 1));
    }
    if red_n == 8 {
        found.push(("tam_do", 1));
    }
    if cards[CC] == 4 && red_n == 4 {
        found.push(("kinh_tu_chi", 1));
    }
    if chan == 10 {
        found.push(("thap_thanh", 1));
    }
    if f.won_previous_deal {
        found.push(("thong", 1));
    }
    if f.stock_revealed <= 1 && f.win_by != WinBy::Heaven {
        found.push(("dia_u", 1));
    }
    found.push((
        "co_chiu",
        f.melds.iter().filter(|m| m.kind == MeldKind::Chiu).count() as i32,
    ));
    if prof.replaces {
        if f.winning == Some(CC) {
            for x in found.iter_mut() {
                if x.0 == "bach_thu" {
                    x.0 = "bach_thu_chi";
                }
            }
        }
        if let Some(w) = f.winning {
            if bon_faces.contains(&(w as u8)) {
                for x in found.iter_mut() {
                    if x.0 == "bon" {
                        x.1 -= 1;
                    }
                }
                found.push(("u_bon", 1));
            }
        }
    }
    let index = |code: &str| prof.bonuses.iter().position(|b| b.0 == code);
    let mut found: Vec<(&'static str, i32)> = found
        .into_iter()
        .filter(|&(c, n)| n > 0 && index(c).is_some())
        .collect();
    let value = |code: &str| {
        let b = prof.bonuses[index(code).unwrap_or(0)];
        (b.1, b.2)
    };
    found.sort_by_key(|&(c, _)| {
        let (base, dich) = value(c);
        (-base, -dich, index(c))
    });
    if found.is_empty() {
        found.push(("u_xuong", 1));
    }
    let instances: Vec<&str> = found
        .iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize))
        .collect();
    let has = |code: &str| instances.contains(&code);
    let mut points = if prof.thap_thanh_sums_bases && has("thap_thanh") {
        instances.iter().map(|c| value(c).0).sum()
    } else {
        value(instances[0]).0 + instances[1..].iter().map(|c| value(c).1).sum::<i32>()
    };
    if f.ga && prof.ga_points > 0 {
        let mut ga = prof.ga_codes.iter().filter(|c| has(c)).count() as i32;
        ga += (has("u_chi") && (has("bach_thu") || has("bach_thu_chi"))) as i32;
        points += ga * prof.ga_points;
    }
    Score {
        points,
        bonuses: found,
    }
}

/// W1/W2 for a whole set of 20 with this winning card: used by the engine's checks.
pub fn wins_w2(chan: i32, ca: i32) -> bool {
    chan == MIN_CHAN && ca == MAX_CA
}

/// Each seat's payment: each loser pays the points to the winner (§7).
pub fn settlement(winner: Option<usize>, points: i32) -> [i32; 4] {
    match winner {
        None => [0; 4],
        Some(w) => {
            let mut p = [-points; 4];
            p[w] = 3 * points;
            p
        }
    }
}
