//! The Ming duel solver's speed: `cargo run --release --example ming_speed [DEALS]`.
use advisor_core::ming::batch::python_deal;
use advisor_core::ming::solve::{Bounded, DuelSolver, State};
use std::time::Instant;

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let t = Instant::now();
    let mut nodes = 0;
    for k in 0..deals {
        let (hands, _, _) = python_deal("1", k, 2);
        // a 9-card endgame: the first cards of each hand
        let cut = |h: u32| {
            (0..30)
                .filter(|&i| h >> i & 1 == 1)
                .take(9)
                .fold(0u32, |m, i| m | 1 << i)
        };
        let s = State {
            n: 2,
            hands: [cut(hands[0]), cut(hands[1]), 0],
            to_act: 0,
            trick: None,
        };
        let mut d = DuelSolver::new(Bounded::new(None, None));
        d.move_margins(&s).unwrap();
        nodes += d.b.nodes;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{nodes} states in {secs:.3} s: {:.0} states/ms",
        nodes as f64 / secs / 1000.0
    );
}
