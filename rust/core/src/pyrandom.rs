//! Python's own `random.Random`, bit for bit: the Mersenne Twister seeded as CPython seeds
//! it (an int's 32-bit words; a string's UTF-8 bytes followed by their SHA-512, read as one
//! big-endian int), and the few draws the engines make with it — `shuffle`, `randrange`,
//! `choice` (by `_randbelow`, from `getrandbits`) and `random()`. A deal the Python engine
//! deals from `random.Random(seed)` is dealt here card for card, and a `random` bot reseeded
//! from a string chooses here what it chooses there.

use sha2::{Digest, Sha512};
use std::sync::OnceLock;

const N: usize = 624;
const M: usize = 397;

/// A `random.Random` of CPython's: MT19937 (`_randommodule.c`).
#[derive(Clone)]
pub struct PyRandom {
    state: [u32; N],
    idx: usize,
}

/// `init_genrand(19650218)`, where every `init_by_array` begins: made once.
fn base() -> &'static [u32; N] {
    static BASE: OnceLock<[u32; N]> = OnceLock::new();
    BASE.get_or_init(|| {
        let mut mt = [0u32; N];
        mt[0] = 19_650_218;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        mt
    })
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
        Self::by_array(&key)
    }

    /// `init_by_array(key)`.
    fn by_array(key: &[u32]) -> Self {
        let mut mt = *base();
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        PyRandom { state: mt, idx: N }
    }

    /// The next 624 words of the state (`genrand_uint32`'s refill).
    fn twist(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        let mag = |y: u32| if y & 1 == 1 { 0x9908_b0df } else { 0 };
        let mt = &mut self.state;
        for k in 0..N - M {
            let y = (mt[k] & UPPER) | (mt[k + 1] & LOWER);
            mt[k] = mt[k + M] ^ (y >> 1) ^ mag(y);
        }
        for k in N - M..N - 1 {
            let y = (mt[k] & UPPER) | (mt[k + 1] & LOWER);
            mt[k] = mt[k + M - N] ^ (y >> 1) ^ mag(y);
        }
        let y = (mt[N - 1] & UPPER) | (mt[0] & LOWER);
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag(y);
        self.idx = 0;
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.idx >= N {
            self.twist();
        }
        let mut y = self.state[self.idx];
        self.idx += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
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

    #[test]
    fn long_runs_and_wide_ints_match_cpython() {
        // r = random.Random("ming:1:12345"); xs = [r.getrandbits(32) for _ in range(1500)]
        let mut r = PyRandom::from_text("ming:1:12345");
        let xs: Vec<u32> = (0..1500).map(|_| r.next_u32()).collect();
        assert_eq!(
            [xs[0], xs[623], xs[624], xs[1499]],
            [2780414284, 4060918759, 254541756, 703988200]
        );
        // random.Random(2**40 + 7).getrandbits(32)
        assert_eq!(PyRandom::from_int((1 << 40) + 7).next_u32(), 2635837658);
    }

    // random.Random("1:0"); [r.randrange(100) for _ in range(5)]
    const EXPECTED_1_0: [usize; 5] = [92, 53, 34, 47, 75];
}
