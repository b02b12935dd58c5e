//! Chắn (rules: `docs/rules/chan.md`): the 100-card deck as 25 faces, the canonical
//! pairing and the distance to a win, the engine, the scoring, the `greedy` and `greedy+`
//! bots, worlds dealt from a VIEW, and its batches (playouts, simulation runs).

pub mod batch;
pub mod bots;
pub mod cards;
pub mod game;
pub mod pairing;
pub mod scoring;
pub mod view;

pub use game::{Action, Do, Game};
