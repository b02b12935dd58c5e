//! Ming Kanhu's invariants over whole deals, in the core alone.

use advisor_core::engine::{Draw, Game as _, Policy, Worlds};
use advisor_core::ming::batch::python_deal;
use advisor_core::ming::cards::FULL;
use advisor_core::ming::view::ViewState;
use advisor_core::ming::Game;
use advisor_core::rng::Rng;

fn cards_in_play(g: &Game) -> u32 {
    let mut m = g.stock;
    for h in &g.hands {
        m |= h;
    }
    for t in g.tricks.iter().chain(g.trick.iter()) {
        for p in &t.plays {
            m |= p.1;
        }
    }
    m
}

#[test]
fn every_card_is_somewhere_and_settlements_balance() {
    for (n, policy) in [Policy::Random, Policy::Greedy, Policy::GreedyPlus]
        .into_iter()
        .enumerate()
    {
        for k in 0..150u64 {
            let players = 2 + (k as usize % 2);
            let (hands, stock, dealer) = python_deal("invariants", k + 1000 * n as u64, players);
            let mut g = Game::new(hands, stock, dealer).unwrap();
            let mut legal = Vec::new();
            let mut rng = Rng::new(k, n as u64);
            while g.to_act().is_some() {
                assert_eq!(cards_in_play(&g), FULL);
                g.legal(&mut legal);
                let a = if legal.len() == 1 {
                    legal[0]
                } else {
                    g.choose(policy, &legal, &mut Draw::Fast(&mut rng))
                };
                g.apply(a);
            }
            let out = g.outcome().unwrap();
            assert_eq!(out.iter().map(|o| o.payment).sum::<i32>(), 0);
            assert_eq!(
                g.captured.iter().sum::<i32>(),
                if players == 2 { 26 } else { 27 }
            );
        }
    }
}

#[test]
fn a_world_dealt_from_a_view_poses_the_same_decision() {
    for k in 0..40u64 {
        let (hands, stock, dealer) = python_deal("views", k, 2 + k as usize % 2);
        let mut g = Game::new(hands, stock, dealer).unwrap();
        let mut rng = Rng::new(k, 0);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_act() {
            g.legal(&mut legal);
            let v = ViewState::parse(&g.view_json(seat).to_string()).unwrap();
            for w in 0..3 {
                let world = v.world(Some(&mut Rng::new(k, w))).unwrap();
                assert_eq!(
                    cards_in_play(&world) | world.tricks.iter().fold(0, |m, _| m),
                    cards_in_play(&world)
                );
                let mut theirs = Vec::new();
                world.legal(&mut theirs);
                assert_eq!(theirs, legal);
                assert_eq!(world.hands[seat], g.hands[seat]);
            }
            g.apply(legal[rng.below(legal.len())]);
        }
    }
}

#[test]
fn a_malformed_view_is_an_error_not_a_panic() {
    for text in [
        "",
        "{}",
        r#"{"players": 4}"#,
        r#"{"players": 2, "seat": 0, "phase": "lead", "dealer": 0, "eldest": 0, "to_act": 0, "hand": ["9x"], "hand_sizes": [1, 1], "captured": [0, 0], "bonuses": [0, 0], "stock": 4, "tricks": [], "trick": null}"#,
    ] {
        assert!(ViewState::parse(text).is_err(), "{text}");
    }
}
