//! The 30 kinds, suit-major as the Python engine orders them: `1c … 9c 1s … 9s 1m … 9m RF
//! WF OT` (a sequence is a run of neighbouring indices; the flowers come last).

use crate::error::{Error, Result};

pub const KINDS: usize = 30;
pub const NUMERALS: usize = 27;
pub const RF: usize = 27;
pub const WF: usize = 28;
pub const OT: usize = 29;
pub const COPIES: u8 = 4;

/// A count vector: copies of each kind.
pub type Counts = [u8; KINDS];

/// The extra cards (Q4): every 1 of any suit and the three flowers.
pub fn is_extra(k: usize) -> bool {
    matches!(k, 0 | 9 | 18 | RF | WF | OT)
}

pub fn is_flower(k: usize) -> bool {
    k >= NUMERALS
}

/// The rank of a numeral (1–9); 0 for a flower.
pub fn rank(k: usize) -> u8 {
    if k < NUMERALS {
        (k % 9) as u8 + 1
    } else {
        0
    }
}

/// The code of a kind: `3c`, `9s`, `RF`.
pub fn code(k: usize) -> String {
    match k {
        RF => "RF".into(),
        WF => "WF".into(),
        OT => "OT".into(),
        _ => format!("{}{}", k % 9 + 1, ['c', 's', 'm'][k / 9]),
    }
}

/// The kind of a code as the engine writes it (any case).
pub fn parse(text: &str) -> Result<usize> {
    let t = text.to_ascii_lowercase();
    match t.as_str() {
        "rf" => return Ok(RF),
        "wf" => return Ok(WF),
        "ot" => return Ok(OT),
        _ => {}
    }
    let b = t.as_bytes();
    if b.len() == 2 && (b'1'..=b'9').contains(&b[0]) {
        if let Some(s) = b"csm".iter().position(|&x| x == b[1]) {
            return Ok(s * 9 + (b[0] - b'1') as usize);
        }
    }
    Err(Error::invalid(format!(
        "not a card code: '{text}' (1c … 9m, RF, WF, OT)"
    )))
}

pub fn counts_of(kinds: &[u8]) -> Counts {
    let mut c = [0u8; KINDS];
    for &k in kinds {
        c[k as usize] += 1;
    }
    c
}

pub fn size(c: &Counts) -> u32 {
    c.iter().map(|&n| n as u32).sum()
}

/// The kinds of a count vector, each as often as it is held, in pack order.
pub fn kinds_of(c: &Counts) -> Vec<u8> {
    (0..KINDS as u8)
        .flat_map(|k| std::iter::repeat_n(k, c[k as usize] as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for k in 0..KINDS {
            assert_eq!(parse(&code(k)).unwrap(), k);
        }
        assert_eq!(
            (code(0), code(26), code(29)),
            ("1c".into(), "9m".into(), "OT".into())
        );
        assert!(parse("0c").is_err() && parse("ZC").is_err());
    }
}
