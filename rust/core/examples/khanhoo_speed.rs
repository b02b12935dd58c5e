//! Self-play speed of the Khanhoo core: `cargo run --release --example khanhoo_speed [DEALS]
//! [POLICY]`.
use advisor_core::engine::{play_out, Policy};
use advisor_core::khanhoo::batch::python_deal;
use advisor_core::khanhoo::rules::Rules;
use advisor_core::khanhoo::Game;
use advisor_core::pyrandom::PyRandom;
use advisor_core::rng::Rng;
use std::time::Instant;

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let only = std::env::args().nth(2);
    let rules = Rules::new(2, 2);
    for (name, p) in [("greedy", Policy::Greedy), ("greedy+", Policy::GreedyPlus)] {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let t = Instant::now();
        let mut moves = 0;
        for k in 0..deals {
            let mut rng = PyRandom::from_text(&format!("khanhoo:1:{k}"));
            let (hands, stock, dealer) = python_deal(&mut rng, 3, &rules, None);
            let mut g = Game::new(hands, &stock, dealer, rules, None, 200).unwrap();
            moves += play_out(&mut g, &[p; 3], &mut Rng::new(0, k)).0;
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{name}: {:.1} µs a deal, {:.0} deals/s, {:.2} µs a move",
            s / deals as f64 * 1e6,
            deals as f64 / s,
            s / moves as f64 * 1e6
        );
    }
}
