//! A seat's VIEW of Qing Kanhu in and out (`advisor/qing/view.py`), and worlds dealt from
//! it (`advisor.qing.game.world`).

use super::cards::{code, counts_of, kinds_of, parse, Counts, KINDS};
use super::game::{Game, Group, Phase, Seat, MAX_PLAYERS, MIN_PLAYERS};
use super::rules::{identify, Rules};
use super::solver::HAND_SIZE;
use crate::error::{Error, Result};
use crate::rng::Rng;
use serde_json::{json, Value};

fn codes(kinds: &[u8]) -> Value {
    Value::Array(
        kinds
            .iter()
            .map(|&k| Value::String(code(k as usize)))
            .collect(),
    )
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Turn => "turn",
        Phase::Offer => "offer",
        Phase::Over => "over",
    }
}

/// The seat's VIEW, as `Game.view(seat).to_json()` writes it.
pub fn view_json(g: &Game, seat: usize) -> Value {
    json!({
        "seat": seat, "phase": phase_name(g.phase), "players": g.players, "dealer": g.dealer,
        "to_act": g.to_act,
        "options": {"eye6": g.rules.eye6(), "extras_replace": false},
        "hand": codes(&kinds_of(&g.seats[seat].hand)),
        "melds": g.seats.iter().map(|s| s.melds.iter().map(|m| codes(&m.cards)).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "pile": codes(&g.pile),
        "offer": g.offer.map(|(c, by)| json!({"card": code(c as usize), "by": by})),
        "hand_sizes": g.seats.iter().map(|s| super::cards::size(&s.hand)).collect::<Vec<_>>(),
        "stock_left": g.stock.len(),
        "discards": g.seats.iter().map(|s| codes(&s.discards)).collect::<Vec<_>>(),
    })
}

/// Everything the parity tests compare: every seat's VIEW, the stock (top first), the result.
pub fn state_json(g: &Game) -> Value {
    let mut stock = g.stock.clone();
    stock.reverse();
    let result = g
        .result
        .as_ref()
        .map(|r| json!({"winner": r.winner, "how": r.how, "settlement": g.settlement()}));
    json!({"views": (0..g.players).map(|s| view_json(g, s)).collect::<Vec<_>>(), "stock": codes(&stock), "result": result})
}

fn uint(v: Option<&Value>, name: &str, lo: u64, hi: u64) -> Result<usize> {
    match v.and_then(Value::as_u64) {
        Some(n) if (lo..=hi).contains(&n) => Ok(n as usize),
        _ => Err(Error::invalid(format!(
            "{name}: an integer from {lo} to {hi}"
        ))),
    }
}

fn kinds(v: Option<&Value>, name: &str) -> Result<Vec<u8>> {
    let arr = v
        .and_then(Value::as_array)
        .ok_or_else(|| Error::invalid(format!("{name}: expected card codes")))?;
    arr.iter()
        .map(|c| {
            c.as_str()
                .ok_or_else(|| Error::invalid(format!("{name}: expected card codes")))
                .and_then(|s| parse(s).map(|k| k as u8))
        })
        .collect()
}

/// A Qing VIEW read once, to deal worlds from.
#[derive(Clone, Debug)]
pub struct ViewState {
    seat: usize,
    base: Game,
    pool: Vec<u8>,
    sizes: Vec<usize>,
    stock_left: usize,
}

impl crate::engine::Worlds for ViewState {
    type Game = Game;

    fn parse(text: &str) -> Result<ViewState> {
        let v: Value = serde_json::from_str(text)?;
        ViewState::from_value(&v)
    }

    fn seat(&self) -> usize {
        self.seat
    }

    fn world(&self, rng: Option<&mut Rng>) -> Result<Game> {
        let mut pool = self.pool.clone();
        if let Some(r) = rng {
            r.shuffle(&mut pool);
        }
        let mut g = self.base.clone();
        let mut pos = 0;
        for i in 0..g.players {
            if i != self.seat {
                g.seats[i].hand = counts_of(&pool[pos..pos + self.sizes[i]]);
                pos += self.sizes[i];
            }
        }
        let mut stock = pool[pos..pos + self.stock_left].to_vec();
        stock.reverse();
        g.stock = stock;
        Ok(g)
    }
}

impl ViewState {
    pub fn from_value(v: &Value) -> Result<ViewState> {
        let players = uint(
            v.get("players"),
            "players",
            MIN_PLAYERS as u64,
            MAX_PLAYERS as u64,
        )?;
        let top = players as u64 - 1;
        let seat = uint(v.get("seat"), "seat", 0, top)?;
        let dealer = uint(v.get("dealer"), "dealer", 0, top)?;
        let to_act = uint(v.get("to_act"), "to_act", 0, top)?;
        let phase = match v.get("phase").and_then(Value::as_str) {
            Some("turn") => Phase::Turn,
            Some("offer") => Phase::Offer,
            _ => {
                return Err(Error::invalid(
                    "phase: the deal is over; there is no decision to advise",
                ))
            }
        };
        if to_act != seat {
            return Err(Error::invalid(format!(
                "to_act: it is seat {to_act}'s decision, not seat {seat}'s"
            )));
        }
        let opts = v.get("options").cloned().unwrap_or(Value::Null);
        let rules = Rules::of(
            opts.get("eye6").and_then(Value::as_str).unwrap_or("culin"),
            opts.get("extras_replace")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        )?;
        let hand = counts_of(&kinds(v.get("hand"), "hand")?);
        let melds_v = v
            .get("melds")
            .and_then(Value::as_array)
            .ok_or_else(|| Error::invalid("melds: one list of groups per seat"))?;
        if melds_v.len() != players {
            return Err(Error::invalid("melds: one list of groups per seat"));
        }
        let mut seats = Vec::with_capacity(players);
        let mut seen: Counts = hand;
        for (s, gs) in melds_v.iter().enumerate() {
            let gs = gs
                .as_array()
                .ok_or_else(|| Error::invalid(format!("melds[{s}]: expected a list of groups")))?;
            let mut melds = Vec::new();
            for (n, gv) in gs.iter().enumerate() {
                let mut cards = kinds(Some(gv), &format!("melds[{s}][{n}]"))?;
                cards.sort_unstable();
                let eye = identify(&counts_of(&cards), rules).ok_or_else(|| {
                    Error::invalid(format!("melds[{s}][{n}]: not an eye or a boy (Q2, Q3)"))
                })?;
                for &k in &cards {
                    seen[k as usize] += 1;
                }
                melds.push(Group { eye, cards });
            }
            seats.push(Seat {
                hand: [0; KINDS],
                melds,
                discards: Vec::new(),
                last: None,
            });
        }
        let pile = kinds(v.get("pile"), "pile")?;
        for &k in &pile {
            seen[k as usize] += 1;
        }
        let offer = match v.get("offer") {
            None | Some(Value::Null) => None,
            Some(o) => {
                let c = parse(o.get("card").and_then(Value::as_str).unwrap_or(""))? as u8;
                let by = uint(o.get("by"), "offer.by", 0, top)?;
                if pile.last() != Some(&c) {
                    return Err(Error::invalid(
                        "offer: the card on offer is the last of the pile",
                    ));
                }
                if by != (seat + players - 1) % players {
                    return Err(Error::invalid(
                        "offer: a discard is offered to the next player (Q6)",
                    ));
                }
                Some((c, by))
            }
        };
        if (phase == Phase::Offer) != offer.is_some() {
            return Err(Error::invalid(
                "offer: a card is on offer in the offer phase only",
            ));
        }
        let sizes_v = v
            .get("hand_sizes")
            .and_then(Value::as_array)
            .ok_or_else(|| Error::invalid("hand_sizes: one count per seat"))?;
        if sizes_v.len() != players {
            return Err(Error::invalid("hand_sizes: one count per seat"));
        }
        let mut sizes = Vec::with_capacity(players);
        for (i, n) in sizes_v.iter().enumerate() {
            let n = uint(Some(n), "hand_sizes", 0, HAND_SIZE as u64)?;
            let held = n as u32 + seats[i].exposed();
            let want = if i == seat && phase == Phase::Turn {
                HAND_SIZE
            } else {
                HAND_SIZE - 1
            };
            if held != want {
                return Err(Error::invalid(format!("hand_sizes: seat {i} holds {held} cards, concealed and exposed; it holds {want} (Q6)")));
            }
            sizes.push(if i == seat { 0 } else { n });
        }
        if super::cards::size(&hand) as usize != sizes_v[seat].as_u64().unwrap_or(0) as usize {
            return Err(Error::invalid(
                "hand_sizes: the seat's hand is not its size",
            ));
        }
        let stock_left = uint(v.get("stock_left"), "stock_left", 0, 120)?;
        if let Some(d) = v.get("discards").and_then(Value::as_array) {
            if d.len() != players {
                return Err(Error::invalid("discards: one list of cards per seat"));
            }
            for (s, cards) in d.iter().enumerate() {
                seats[s].discards = kinds(Some(cards), &format!("discards[{s}]"))?;
            }
        }
        if let Some(k) = (0..KINDS).find(|&k| seen[k] > 4) {
            return Err(Error::invalid(format!(
                "the VIEW shows more than four copies of {} (Q1)",
                code(k)
            )));
        }
        let pool: Vec<u8> = (0..KINDS as u8)
            .flat_map(|k| std::iter::repeat_n(k, 4 - seen[k as usize] as usize))
            .collect();
        if pool.len() < sizes.iter().sum::<usize>() + stock_left {
            return Err(Error::invalid(format!(
                "stock_left: the VIEW does not add up: {} cards unseen, but the hidden hands and the stock hold {}",
                pool.len(),
                sizes.iter().sum::<usize>() + stock_left
            )));
        }
        seats[seat].hand = hand;
        let base = Game {
            players,
            rules,
            dealer,
            seats,
            stock: Vec::new(),
            pile,
            offer,
            phase,
            to_act,
            result: None,
        };
        Ok(ViewState {
            seat,
            base,
            pool,
            sizes,
            stock_left,
        })
    }
}
