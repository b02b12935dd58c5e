//! Qing Kanhu (rules Q1–Q8 of `docs/rules/khanhoo.md`, part B): the 120-card pack as 30
//! kinds, the groups (eyes and boys) as patterns, the solver (does a hand win, how far it
//! is from winning, what it waits for), the engine, the `greedy` and `greedy+` players,
//! worlds dealt from a VIEW, and its deals and simulation runs.
//!
//! The rules the core plays: both sixth eyes (`eye6`); with `extras_replace` (Q4: the
//! flowers stand for a boy's cards) the Python engine plays alone.

pub mod batch;
pub mod bots;
pub mod cards;
pub mod game;
pub mod rules;
pub mod solver;
pub mod view;

pub use game::{Action, Game};
