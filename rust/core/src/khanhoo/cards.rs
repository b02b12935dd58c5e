//! The 31 kinds, suit-major as the Python engine orders them: `Ah … 9h Ac … 9c Ad … 9d Js
//! Qs Ks Jk` (a sequence is a run of neighbouring indices; the Joker comes last).

use crate::error::{Error, Result};

pub const KINDS: usize = 31;
pub const SET_KINDS: usize = 30;
pub const NUMERALS: usize = 27;
pub const JS: usize = 27;
pub const QS: usize = 28;
pub const KS: usize = 29;
pub const JOKER: usize = 30;

/// A count vector: copies of each kind, the Joker last.
pub type Counts = [u8; KINDS];

/// The code of a kind: `Ah`, `9d`, `Js`, `Jk`.
pub fn code(k: usize) -> String {
    match k {
        JS => "Js".into(),
        QS => "Qs".into(),
        KS => "Ks".into(),
        JOKER => "Jk".into(),
        _ => {
            let r = k % 9 + 1;
            let rank = if r == 1 {
                "A".to_string()
            } else {
                r.to_string()
            };
            format!("{rank}{}", ['h', 'c', 'd'][k / 9])
        }
    }
}

/// The kind of a code as the engine writes it (any case; `1` for the Ace).
pub fn parse(text: &str) -> Result<usize> {
    let t = text.to_ascii_lowercase();
    match t.as_str() {
        "js" => return Ok(JS),
        "qs" => return Ok(QS),
        "ks" => return Ok(KS),
        "jk" => return Ok(JOKER),
        _ => {}
    }
    let b = t.as_bytes();
    if b.len() == 2 {
        let rank = match b[0] {
            b'a' | b'1' => Some(0),
            b'2'..=b'9' => Some((b[0] - b'1') as usize),
            _ => None,
        };
        if let (Some(r), Some(s)) = (rank, b"hcd".iter().position(|&x| x == b[1])) {
            return Ok(s * 9 + r);
        }
    }
    Err(Error::invalid(format!(
        "unknown card '{text}'; the codes are Ah … 9h, Ac … 9c, Ad … 9d, Js Qs Ks and Jk (K1)"
    )))
}

/// The count vector of some kinds.
pub fn counts_of(kinds: &[u8]) -> Counts {
    let mut c = [0u8; KINDS];
    for &k in kinds {
        c[k as usize] += 1;
    }
    c
}

/// The kinds of a count vector, in pack order.
pub fn kinds_of(c: &Counts) -> Vec<u8> {
    (0..KINDS)
        .flat_map(|k| std::iter::repeat_n(k as u8, c[k] as usize))
        .collect()
}

/// The number of cards.
pub fn size(c: &Counts) -> u32 {
    c.iter().map(|&n| n as u32).sum()
}

/// A count vector from outside (31 counts), checked against the pack: a kind beyond the
/// pack's copies is an error naming the field (K1).
pub fn checked(v: &[u8], pack: &Counts, field: &str) -> Result<Counts> {
    if v.len() != KINDS {
        return Err(Error::invalid(format!(
            "{field}: a count vector of {KINDS} kinds, not {}",
            v.len()
        )));
    }
    let mut c = [0u8; KINDS];
    for k in 0..KINDS {
        if v[k] > pack[k] {
            return Err(Error::invalid(format!(
                "{field}: {} copies of {}; the pack holds {} (K1)",
                v[k],
                code(k),
                pack[k]
            )));
        }
        c[k] = v[k];
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for k in 0..KINDS {
            assert_eq!(parse(&code(k)).unwrap(), k);
        }
        assert_eq!(code(0), "Ah");
        assert_eq!(code(10), "2c");
        assert_eq!(parse("1d").unwrap(), 18);
        assert!(parse("5s").is_err());
        assert!(parse("Td").is_err());
    }

    #[test]
    fn a_fifth_copy_is_refused() {
        let pack = [2u8; KINDS];
        let mut v = vec![0u8; KINDS];
        v[3] = 3;
        assert!(checked(&v, &pack, "hand").is_err());
        assert!(checked(&[0u8; 30], &pack, "hand").is_err());
        v[3] = 2;
        assert!(checked(&v, &pack, "hand").is_ok());
    }
}
