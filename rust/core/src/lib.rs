//! The compiled core of the advisor: each game's state, legal actions, apply and outcome,
//! the builtin `random`, `greedy` and `greedy+` policies, worlds dealt from a seat's VIEW,
//! and playouts — the engines' fast twin. The Python engines (`advisor/<game>/game.py`) are
//! the readable reference (rule IDs, reasons, records, errors); this crate agrees with them
//! exactly, move for move, which the parity tests check (`tests/core/`).
//!
//! Nothing here knows Python: the binding (`rust/py`) turns its batches into the extension
//! module `advisor._core`. Bad input is an [`Error`], never a panic.

// Count vectors are indexed by face, several at once (a hand, its caps, the melds): a loop
// over the face index reads as the rules do, where iterator chains would hide it.
#![allow(clippy::needless_range_loop)]

pub mod chan;
pub mod engine;
pub mod error;
pub mod khanhoo;
pub mod ming;
pub mod pyrandom;
pub mod qing;
pub mod rng;

pub use error::Error;
