//! Khanhoo (rules K1–K10 of `docs/rules/khanhoo.md`, part A): the pack as 31 kinds, the
//! tables of combinations as patterns, the solver (a hand's best declaration, its distance
//! to going out, the cards that help), the engine, the `greedy` and `greedy+` players,
//! worlds dealt from a VIEW, and its deals and simulation runs.
//!
//! The core plays every option of the Python engine (`trio`, `split_sequences`,
//! `bump_sequences`, `variation_keeps_doubles`, `must_go_out`), every pack, the orphan
//! (K7) and the turn limit.

pub mod batch;
pub mod bots;
pub mod cards;
pub mod game;
pub mod rules;
pub mod solver;
pub mod view;

pub use game::{Action, Game};
