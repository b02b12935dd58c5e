//! The 25 faces (rules §1), ordered rank-major as the Python engine orders them:
//! `2v 2s 2m 3v … 9m cc`; a hand is a count vector indexed by face.

use crate::error::{Error, Result};

pub const NFACES: usize = 25;
/// The index of Chi chi.
pub const CC: usize = 24;
pub const COPIES: u8 = 4;

/// A count vector: copies of each face.
pub type Counts = [u8; NFACES];

pub const EMPTY: Counts = [0; NFACES];

const SUITS: [char; 3] = ['v', 's', 'm'];

/// The rank of a face: 2–9, 0 for Chi chi (no rank, no Cạ).
pub fn rank(face: usize) -> u8 {
    if face == CC {
        0
    } else {
        (face / 3) as u8 + 2
    }
}

/// The suit of a face: 0 v, 1 s, 2 m; 3 for Chi chi.
pub fn suit(face: usize) -> u8 {
    if face == CC {
        3
    } else {
        (face % 3) as u8
    }
}

/// Red cards (§1): 8v 9v 8s 9s and cc.
pub fn red(face: usize) -> bool {
    face == CC || (rank(face) >= 8 && suit(face) <= 1)
}

/// The short code of a face: `3v`, `7m`, `cc`.
pub fn code(face: usize) -> String {
    if face == CC {
        "cc".to_string()
    } else {
        format!("{}{}", rank(face), SUITS[face % 3])
    }
}

/// The face of a code as the engines write them (`3v`, `cc`; any case).
pub fn parse(code: &str) -> Result<usize> {
    let c = code.to_ascii_lowercase();
    if c == "cc" {
        return Ok(CC);
    }
    let b = c.as_bytes();
    if b.len() == 2 && (b'2'..=b'9').contains(&b[0]) {
        if let Some(s) = SUITS.iter().position(|&x| x as u8 == b[1]) {
            return Ok((b[0] - b'2') as usize * 3 + s);
        }
    }
    Err(Error::invalid(format!(
        "not a card code: '{code}' (2v … 9m, cc)"
    )))
}

/// The count vector of some faces.
pub fn counts_of(faces: &[u8]) -> Counts {
    let mut c = EMPTY;
    for &f in faces {
        c[f as usize] += 1;
    }
    c
}

pub fn size(c: &Counts) -> u32 {
    c.iter().map(|&n| n as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for f in 0..NFACES {
            assert_eq!(parse(&code(f)).unwrap(), f);
        }
        assert_eq!(code(0), "2v");
        assert_eq!(code(23), "9m");
        assert!(parse("1v").is_err() && parse("xx").is_err());
        let reds: Vec<String> = (0..NFACES).filter(|&f| red(f)).map(code).collect();
        assert_eq!(reds, ["8v", "8s", "9v", "9s", "cc"]);
    }
}
