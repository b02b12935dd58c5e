//! The 30 cards, lowest to highest (M1): `9c … 1c HC ZC`, `1s … 9s`, `1m … 9m TM`; a card's
//! index is its place, a set of cards a bitmask.

use crate::error::{Error, Result};

pub const NCARDS: usize = 30;
pub const FULL: u32 = (1 << NCARDS) - 1;
pub const HC: usize = 9;
pub const ZC: usize = 10;
pub const TM: usize = 29;

/// The suit of a card: 0 Cash, 1 Strings, 2 Myriads.
pub fn suit(i: usize) -> u8 {
    if i <= ZC {
        0
    } else if i < 20 {
        1
    } else {
        2
    }
}

pub fn code(i: usize) -> String {
    match i {
        HC => "HC".into(),
        ZC => "ZC".into(),
        TM => "TM".into(),
        0..=8 => format!("{}c", 9 - i),
        11..=19 => format!("{}s", i - 10),
        _ => format!("{}m", i - 19),
    }
}

pub fn parse(text: &str) -> Result<usize> {
    let t = text.to_ascii_lowercase();
    match t.as_str() {
        "hc" => return Ok(HC),
        "zc" => return Ok(ZC),
        "tm" => return Ok(TM),
        _ => {}
    }
    let b = t.as_bytes();
    if b.len() == 2 && (b'1'..=b'9').contains(&b[0]) {
        let r = (b[0] - b'0') as usize;
        match b[1] {
            b'c' => return Ok(9 - r),
            b's' => return Ok(10 + r),
            b'm' => return Ok(19 + r),
            _ => {}
        }
    }
    Err(Error::invalid(format!(
        "not a card code: '{text}' (9c … 1c, HC, ZC, 1s … 9s, 1m … 9m, TM)"
    )))
}

/// The codes of a set of cards, lowest first.
pub fn codes(mask: u32) -> Vec<String> {
    (0..NCARDS)
        .filter(|&i| mask >> i & 1 == 1)
        .map(code)
        .collect()
}

pub fn mask_of(codes: &[&str]) -> Result<u32> {
    let mut m = 0;
    for c in codes {
        m |= 1 << parse(c)?;
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_lowest_to_highest() {
        for i in 0..NCARDS {
            assert_eq!(parse(&code(i)).unwrap(), i);
        }
        assert_eq!(codes(FULL)[..3], ["9c", "8c", "7c"]);
        assert_eq!(
            (code(9), code(11), code(29)),
            ("HC".into(), "1s".into(), "TM".into())
        );
    }
}
