//! Python's own `random.Random`, bit for bit: the Mersenne Twister seeded as CPython seeds
//! it (an int's 32-bit words; a string's UTF-8 bytes followed by their SHA-512, read as one
//! big-endian int), and the few draws the engines make with it — `shuffle`, `randrange`,
//! `choice` (by `_randbelow`, from `getrandbits`) and `random()`. A deal the Python engine
//! deals from `random.Random(seed)` is dealt here card for card, and a `random` bot reseeded
//! from a string chooses here what it chooses there.

use rand_mt::Mt;
use sha2::{Digest, Sha512};

/// A `random.Random` of CPython's.
#[derive(Clone)]
pub struct PyRandom {
    mt: Mt,
}

impl PyRandom {
    /// `random.Random(n)` for a non-negative int.
    pub fn from_int(n: u64) -> Self {
        Self::from_be_bytes(&n.to_be_bytes())
    }

    /// `random.Random(text)` (version 2 seeding: the text's bytes and their SHA-512).
    pub fn from_text(text: &str) -> Self {
        let mut bytes = text.as_bytes().to_vec();
        bytes.extend_from_slice(&Sha512::digest(text.as_bytes()));
        Self::from_be_bytes(&bytes)
    }

    /// The generator seeded with the non-negative int whose big-endian bytes these are.
    fn from_be_bytes(be: &[u8]) -> Self {
        let start = be.iter().position(|&b| b != 0).unwrap_or(be.len());
        let digits = &be[start..];
        let mut key: Vec<u32> = Vec::with_capacity(digits.len() / 4 + 1);
        // least significant word first, as CPython's init_by_array is given them
        let mut end = digits.len();
        while end > 0 {
            let begin = end.saturating_sub(4);
            let mut word = 0u32;
            for &b in &digits[begin..end] {
                word = word << 8 | b as u32;
            }
            key.push(word);
            end = begin;
        }
        if key.is_empty() {
            key.push(0);
        }
        PyRandom {
            mt: Mt::new_with_key(key.iter().copied()),
        }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.mt.next_u32()
    }

    /// `getrandbits(k)` for `1 <= k <= 32`.
    fn getrandbits(&mut self, k: u32) -> u32 {
        self.next_u32() >> (32 - k)
    }

    /// `_randbelow(n)`: a uniform int in `0..n` by rejection (`0 < n < 2**32`).
    pub fn randbelow(&mut self, n: usize) -> usize {
        debug_assert!(n > 0 && n <= u32::MAX as usize);
        let k = usize::BITS - n.leading_zeros();
        loop {
            let r = self.getrandbits(k) as usize;
            if r < n {
                return r;
            }
        }
    }

    /// `shuffle(xs)`.
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.randbelow(i + 1);
            xs.swap(i, j);
        }
    }

    /// `random()`: a float in [0, 1) with 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Values printed by CPython 3.11: random.Random(SEED).getrandbits(32) and friends.
    #[test]
    fn int_seed_matches_cpython() {
        let mut r = PyRandom::from_int(0);
        assert_eq!(r.next_u32(), 3626764237);
        let mut r = PyRandom::from_int(1);
        assert_eq!(r.next_u32(), 577090037);
    }

    #[test]
    fn string_seed_matches_cpython() {
        let mut r = PyRandom::from_text("1:0");
        let xs: Vec<usize> = (0..5).map(|_| r.randbelow(100)).collect();
        assert_eq!(xs, EXPECTED_1_0);
    }

    #[test]
    fn random_matches_cpython() {
        // random.Random(7).random()
        assert_eq!(PyRandom::from_int(7).random(), 0.32383276483316237);
    }

    // random.Random("1:0"); [r.randrange(100) for _ in range(5)]
    const EXPECTED_1_0: [usize; 5] = [92, 53, 34, 47, 75];
}
