//! Qing Kanhu's invariants over whole deals, in the core alone.

#![allow(clippy::needless_range_loop)] // count vectors are indexed by kind

use advisor_core::engine::{Draw, Game as _, Policy, Worlds};
use advisor_core::qing::batch::python_deal;
use advisor_core::qing::cards::KINDS;
use advisor_core::qing::rules::Rules;
use advisor_core::qing::view::ViewState;
use advisor_core::qing::Game;
use advisor_core::rng::Rng;

fn cards_in_play(g: &Game) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    for s in &g.seats {
        for k in 0..KINDS {
            c[k] += s.hand[k];
        }
        for m in &s.melds {
            for &k in &m.cards {
                c[k as usize] += 1;
            }
        }
    }
    for &k in g.stock.iter().chain(&g.pile) {
        c[k as usize] += 1;
    }
    c
}

#[test]
fn every_card_is_somewhere_and_the_pot_balances_at_every_table() {
    for (n, policy) in [Policy::Random, Policy::Greedy, Policy::GreedyPlus]
        .into_iter()
        .enumerate()
    {
        for k in 0..40u64 {
            let players = 2 + (k as usize % 5);
            let (hands, stock, dealer, _) = python_deal("invariants", k + 100 * n as u64, players);
            let rules = Rules::of(if k % 2 == 0 { "culin" } else { "wilkinson" }, false).unwrap();
            let mut g = Game::new(hands, &stock, dealer, rules).unwrap();
            let mut legal = Vec::new();
            let mut rng = Rng::new(k, n as u64);
            while g.to_act().is_some() {
                assert_eq!(cards_in_play(&g), [4; KINDS]);
                g.legal(&mut legal);
                assert!(!legal.is_empty());
                let a = if legal.len() == 1 {
                    legal[0]
                } else {
                    g.choose(policy, &legal, &mut Draw::Fast(&mut rng))
                };
                g.apply(a);
            }
            let out = g.outcome().unwrap();
            assert_eq!(out.iter().map(|o| o.payment).sum::<i32>(), 0);
        }
    }
}

#[test]
fn a_world_dealt_from_a_view_shows_the_seat_that_view() {
    for k in 0..30u64 {
        let (hands, stock, dealer, _) = python_deal("views", k, 2 + k as usize % 5);
        let mut g = Game::new(hands, &stock, dealer, Rules::of("culin", false).unwrap()).unwrap();
        let mut rng = Rng::new(k, 0);
        let mut legal = Vec::new();
        let mut step = 0;
        while let Some(seat) = g.to_act() {
            g.legal(&mut legal);
            if legal.len() > 1 && step % 4 == 0 {
                let view = g.view_json(seat);
                let v = ViewState::parse(&view.to_string()).unwrap();
                for w in 0..3 {
                    let world = v.world(Some(&mut Rng::new(k, w))).unwrap();
                    assert_eq!(world.view_json(seat), view);
                    assert_eq!(cards_in_play(&world), [4; KINDS]);
                    let mut theirs = Vec::new();
                    world.legal(&mut theirs);
                    assert_eq!(theirs, legal);
                }
            }
            g.apply(legal[rng.below(legal.len())]);
            step += 1;
        }
    }
}

#[test]
fn a_malformed_view_or_an_unplayed_option_is_an_error_not_a_panic() {
    for text in [
        "",
        "{}",
        r#"{"players": 9}"#,
        r#"{"players": 3, "seat": 0, "dealer": 0, "to_act": 0, "phase": "turn", "options": {}, "hand": ["1x"], "melds": [[], [], []], "pile": [], "offer": null, "hand_sizes": [15, 14, 14], "stock_left": 0}"#,
    ] {
        assert!(ViewState::parse(text).is_err(), "{text}");
    }
    assert!(Rules::of("culin", true).is_err());
    assert!(Rules::of("other", false).is_err());
}
