//! Ming Kanhu (rules M1–M7 of `docs/rules/khanhoo.md`, part C): the 30 cards as a bitmask,
//! the plays and who beats whom, the engine, the `greedy` and `greedy+` players, worlds
//! dealt from a VIEW, its deals and runs, and the exact solvers the advisor judges its
//! worlds with.

pub mod batch;
pub mod bots;
pub mod cards;
pub mod game;
pub mod plays;
pub mod solve;
pub mod view;

pub use game::{Action, Game};
