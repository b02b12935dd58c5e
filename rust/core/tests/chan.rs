//! Chắn's invariants over whole deals, in the core alone (the parity with the Python
//! engine is `tests/core/` of the package).

#![allow(clippy::needless_range_loop)] // count vectors are indexed by face

use advisor_core::chan::batch::python_deal;
use advisor_core::chan::cards::{Counts, NFACES};
use advisor_core::chan::game::Source;
use advisor_core::chan::pairing::{distance, Exposed};
use advisor_core::chan::view::ViewState;
use advisor_core::chan::Game;
use advisor_core::engine::{play_out, Game as _, Policy};
use advisor_core::rng::Rng;

fn cards_in_play(g: &Game) -> Counts {
    let mut c = [0u8; NFACES];
    for s in &g.seats {
        for f in 0..NFACES {
            c[f] += s.hand[f] + s.exposed.counts[f];
        }
        for &f in s.discards.iter().chain(&s.passed) {
            c[f as usize] += 1;
        }
    }
    for &f in &g.stock {
        c[f as usize] += 1;
    }
    if let Some(o) = g.offer {
        if o.source == Source::Stock {
            c[o.card as usize] += 1;
        }
    }
    c
}

#[test]
fn every_card_is_somewhere_and_payments_balance_in_every_players_deals() {
    for (n, policy) in [
        Policy::Random,
        Policy::Greedy,
        Policy::GreedyPlus,
        Policy::Static,
    ]
    .into_iter()
    .enumerate()
    {
        for k in 0..150u64 {
            let (hands, stock, dealer) = python_deal("invariants", k + 1000 * n as u64);
            let mut g = Game::new(
                hands,
                &stock,
                dealer,
                if k % 2 == 0 { "house" } else { "cvv" },
                Vec::new(),
            )
            .unwrap();
            let mut legal = Vec::new();
            let mut rng = Rng::new(k, n as u64);
            while let Some(_seat) = g.to_act() {
                assert_eq!(cards_in_play(&g), [4; NFACES], "deal {k}");
                g.legal(&mut legal);
                assert!(!legal.is_empty(), "a pending decision has a legal action");
                let a = if legal.len() == 1 {
                    legal[0]
                } else {
                    g.choose(
                        policy,
                        &legal,
                        &mut advisor_core::engine::Draw::Fast(&mut rng),
                    )
                };
                assert!(legal.contains(&a));
                g.apply(a);
            }
            let out = g.outcome().unwrap();
            assert_eq!(out.iter().map(|o| o.payment).sum::<i32>(), 0);
            assert!(out.iter().filter(|o| o.won).count() <= 1);
        }
    }
}

/// Deals `deals` deals of `seed` and plays them at random (deal `k` from stream
/// `(k, stream)`), calling `visit(k, game, seat, legal)` at the decisions with more than one
/// legal action whose step `picked` chooses.
fn at_decisions(
    seed: &str,
    deals: u64,
    stream: u64,
    picked: impl Fn(usize) -> bool,
    mut visit: impl FnMut(u64, &Game, usize, &[<Game as advisor_core::engine::Game>::Action]),
) {
    for k in 0..deals {
        let (hands, stock, dealer) = python_deal(seed, k);
        let mut g = Game::new(hands, &stock, dealer, "house", Vec::new()).unwrap();
        let mut rng = Rng::new(k, stream);
        let mut legal = Vec::new();
        let mut step = 0;
        while let Some(seat) = g.to_act() {
            g.legal(&mut legal);
            if legal.len() > 1 && picked(step) {
                visit(k, &g, seat, &legal);
            }
            let a = legal[rng.below(legal.len())];
            g.apply(a);
            step += 1;
        }
    }
}

/// The legal actions of a world's pending decision.
fn legal_of(g: &Game) -> Vec<<Game as advisor_core::engine::Game>::Action> {
    let mut out = Vec::new();
    g.legal(&mut out);
    out
}

#[test]
fn a_world_dealt_from_a_view_shows_the_seat_that_view() {
    at_decisions(
        "views",
        60,
        0,
        |step| step % 5 == 0,
        |k, g, seat, legal| {
            let view = g.view_json(seat);
            let v = ViewState::parse(&view.to_string()).unwrap();
            for w in 0..3 {
                let world = v.world(Some(&mut Rng::new(k, w))).unwrap();
                assert_eq!(world.view_json(seat), view);
                assert_eq!(cards_in_play(&world), [4; NFACES]);
                assert_eq!(legal_of(&world), legal);
            }
        },
    );
}

#[test]
fn a_card_received_brings_a_hand_at_most_one_card_closer() {
    // what the useful faces' early answer rests on (pairing::finish_within)
    let mut rng = Rng::new(5, 5);
    for _ in 0..3000 {
        let mut deck: Vec<u8> = (0..NFACES as u8).flat_map(|f| [f; 4]).collect();
        rng.shuffle(&mut deck);
        let size = 15 + rng.below(5);
        let mut hand = [0u8; NFACES];
        for &f in &deck[..size] {
            hand[f as usize] += 1;
        }
        let Some(d) = distance(&hand, &Exposed::NONE) else {
            continue;
        };
        for f in 0..NFACES {
            if hand[f] < 4 {
                hand[f] += 1;
                if let Some(after) = distance(&hand, &Exposed::NONE) {
                    assert!(after >= d - 1, "{hand:?}: {d} → {after}");
                }
                hand[f] -= 1;
            }
        }
    }
}

#[test]
fn a_malformed_view_is_an_error_not_a_panic() {
    for text in [
        "",
        "{",
        "[]",
        r#"{"seat": 9}"#,
        r#"{"seat": 0, "dealer": 0, "phase": "offer", "hand": ["2v"], "stock_left": 3, "table": [{}, {}, {}, {}]}"#,
        r#"{"seat": 0, "dealer": 0, "phase": "start", "hand": ["zz"], "stock_left": 3, "table": [{}, {}, {}, {}]}"#,
    ] {
        assert!(ViewState::parse(text).is_err(), "{text}");
    }
    let mut g = Game::new(
        python_deal("x", 1).0,
        &python_deal("x", 1).1,
        python_deal("x", 1).2,
        "house",
        Vec::new(),
    )
    .unwrap();
    let _ = play_out(&mut g, &[Policy::Greedy; 4], &mut Rng::new(1, 1));
    assert!(g.act(advisor_core::chan::Action::PASS).is_err());
}

/// The distance of a hand does not depend on what was asked before it: a hand whose melds
/// already hold more Cạ than a win allows shares no remembered answer with one whose
/// melds hold exactly as many (the memo once clamped the Cạ allowed into its key).
#[test]
fn the_distance_does_not_depend_on_the_questions_asked_before() {
    use advisor_core::chan::pairing::MAX_CA;
    // ten cards in hand, ten laid in Cạ-like pairs (their faces only matter for the caps)
    let mut hand = [0u8; NFACES];
    for f in [0, 0, 1, 1, 3, 3, 7, 9, 12, 15] {
        hand[f] += 1;
    }
    let mut counts = [0u8; NFACES];
    for f in [18, 18, 19, 19, 20, 20, 21, 21, 22, 22] {
        counts[f] += 1;
    }
    let melds = |ca: i32| Exposed {
        counts,
        chan: 0,
        ca,
        size: 10,
    };
    let (over, at) = (melds(MAX_CA + 1), melds(MAX_CA));
    let ask = |first: Exposed, second: Exposed| {
        // a fresh thread: a fresh memo
        std::thread::spawn(move || (distance(&hand, &first), distance(&hand, &second)))
            .join()
            .unwrap()
    };
    let (over_first, at_second) = ask(over, at);
    let (at_first, over_second) = ask(at, over);
    assert_eq!(over_first, over_second);
    assert_eq!(at_first, at_second);
    assert_eq!(
        over_first, None,
        "more Cạ laid than a win allows: no winning set"
    );
}

/// A belief that rules out a count (weight 0) is kept by every world drawn from it, and
/// one that rules nothing out draws worlds as consistent with the VIEW as the uniform deal.
#[test]
fn worlds_drawn_from_a_belief_keep_its_certainties() {
    const FIXED: usize = 6;
    at_decisions(
        "belief",
        40,
        1,
        |step| step % 7 == 3,
        |k, g, seat, legal| {
            // each other seat: whatever it truly holds of the first faces is all it may hold
            // (weight 1 for the true count, 0 for every other)
            let belief: Vec<serde_json::Value> = (0..4)
                .map(|s| {
                    if s == seat {
                        return serde_json::Value::Null;
                    }
                    let row = |f: usize| -> Vec<f64> {
                        (0..5)
                            .map(|c| (f >= FIXED || c == g.seats[s].hand[f] as usize) as u8 as f64)
                            .collect()
                    };
                    serde_json::json!((0..NFACES).map(row).collect::<Vec<_>>())
                })
                .collect();
            let mut view = g.view_json(seat);
            view["belief"] = serde_json::Value::Array(belief);
            let v = ViewState::parse(&view.to_string()).unwrap();
            assert_eq!(
                v.belief().unwrap().log_weight(g, seat),
                0.0,
                "the true deal is possible"
            );
            for w in 0..4 {
                let world = v.world(Some(&mut Rng::new(k, w))).unwrap();
                assert_eq!(cards_in_play(&world), [4; NFACES]);
                for s in (0..4).filter(|&s| s != seat) {
                    for f in 0..FIXED {
                        assert_eq!(
                            world.seats[s].hand[f], g.seats[s].hand[f],
                            "deal {k} seat {s}"
                        );
                    }
                }
                assert_eq!(legal_of(&world), legal);
            }
        },
    );
}
