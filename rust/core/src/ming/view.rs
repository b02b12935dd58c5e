//! A seat's VIEW of Ming Kanhu in and out (`advisor/ming/view.py`), and worlds dealt from
//! it (`advisor.ming.game.world`: the earlier tricks are not kept in a world, only their
//! captured cards, bonuses and tricks won).

use super::cards::{codes, parse, FULL, NCARDS};
use super::game::{hand_size, Game, Trick, MAX_PLAYERS, MIN_PLAYERS};
use super::plays::{beats, read_lead, reading, Declare};
use crate::error::{Error, Result};
use crate::rng::Rng;
use serde_json::{json, Map, Value};

fn trick_json(t: &Trick, seat: usize, complete: bool) -> Value {
    let plays: Vec<Value> = t
        .plays
        .iter()
        .map(|&(s, cards, shown)| {
            let mut p = Map::new();
            p.insert("seat".into(), json!(s));
            p.insert("count".into(), json!(cards.count_ones()));
            p.insert("shown".into(), json!(shown));
            if shown || s == seat {
                p.insert("cards".into(), json!(codes(cards)));
            }
            Value::Object(p)
        })
        .collect();
    let mut out = Map::new();
    out.insert("leader".into(), json!(t.leader));
    out.insert("plays".into(), Value::Array(plays));
    if let Some(d) = t.declare {
        out.insert("declare".into(), json!(d.name()));
    }
    if complete {
        out.insert("winner".into(), json!(t.best_seat));
        out.insert("bonus".into(), json!(t.best.bonus));
    }
    Value::Object(out)
}

/// The seat's VIEW, as `Game.view(seat).to_json()` writes it.
pub fn view_json(g: &Game, seat: usize) -> Value {
    let phase = if g.over {
        "over"
    } else if g.trick.is_some() {
        "follow"
    } else {
        "lead"
    };
    json!({
        "seat": seat, "phase": phase, "players": g.players, "dealer": g.dealer,
        "eldest": g.eldest, "to_act": g.to_act, "hand": codes(g.hands[seat]),
        "hand_sizes": g.hands.iter().map(|h| h.count_ones()).collect::<Vec<_>>(),
        "captured": g.captured, "bonuses": g.bonuses, "scores": g.scores(),
        "stock": g.stock.count_ones(),
        "tricks": g.tricks.iter().map(|t| trick_json(t, seat, true)).collect::<Vec<_>>(),
        "trick": g.trick.as_ref().map(|t| trick_json(t, seat, false)),
    })
}

/// Everything the parity tests compare: every seat's VIEW, the stock, the result.
pub fn state_json(g: &Game) -> Value {
    let result = g.over.then(|| {
        json!({"winner": g.top(), "scores": g.scores(), "settlement": g.settlement(),
               "captured": g.captured, "bonuses": g.bonuses, "tricks": g.won})
    });
    json!({"views": (0..g.players).map(|s| view_json(g, s)).collect::<Vec<_>>(),
           "stock": codes(g.stock), "result": result})
}

fn uint(v: Option<&Value>, name: &str, lo: u64, hi: u64) -> Result<usize> {
    match v.and_then(Value::as_u64) {
        Some(n) if (lo..=hi).contains(&n) => Ok(n as usize),
        _ => Err(Error::invalid(format!(
            "{name}: expected an integer from {lo} to {hi}"
        ))),
    }
}

fn ints(v: Option<&Value>, name: &str, n: usize) -> Result<Vec<i32>> {
    let a = v
        .and_then(Value::as_array)
        .filter(|a| a.len() == n)
        .ok_or_else(|| Error::invalid(format!("{name}: expected {n} integers")))?;
    a.iter()
        .map(|x| {
            x.as_i64()
                .map(|x| x as i32)
                .ok_or_else(|| Error::invalid(format!("{name}: expected {n} integers")))
        })
        .collect()
}

fn cards(v: Option<&Value>, name: &str) -> Result<u32> {
    let a = v
        .and_then(Value::as_array)
        .ok_or_else(|| Error::invalid(format!("{name}: expected a list of card codes")))?;
    let mut m = 0u32;
    for c in a {
        let i =
            parse(c.as_str().ok_or_else(|| {
                Error::invalid(format!("{name}: expected a list of card codes"))
            })?)?;
        if m >> i & 1 == 1 {
            return Err(Error::invalid(format!("{name}: a card twice (M1)")));
        }
        m |= 1 << i;
    }
    Ok(m)
}

/// One play of a VIEW's trick: who, how many cards, shown, its cards (0 when unknown).
type SeenPlay = (usize, u32, bool, u32);

/// A VIEW's trick: its leader, the declaration, the plays, the winner once complete.
type SeenTrick = (usize, Option<Declare>, Vec<SeenPlay>, Option<usize>);

fn seen_trick(t: &Value, name: &str, n: usize) -> Result<SeenTrick> {
    let leader = uint(t.get("leader"), &format!("{name}.leader"), 0, n as u64 - 1)?;
    let declare = match t.get("declare").and_then(Value::as_str) {
        None => None,
        Some("leopard") => Some(Declare::Leopard),
        Some("special") => Some(Declare::Special),
        Some(_) => {
            return Err(Error::invalid(format!(
                "{name}.declare: leopard or special"
            )))
        }
    };
    let plays_v = t
        .get("plays")
        .and_then(Value::as_array)
        .ok_or_else(|| Error::invalid(format!("{name}.plays: 1 to {n} plays")))?;
    if plays_v.is_empty() || plays_v.len() > n {
        return Err(Error::invalid(format!("{name}.plays: 1 to {n} plays")));
    }
    let mut plays = Vec::new();
    for (j, p) in plays_v.iter().enumerate() {
        let where_ = format!("{name}.plays[{j}]");
        let s = uint(p.get("seat"), &format!("{where_}.seat"), 0, n as u64 - 1)?;
        let count = uint(p.get("count"), &format!("{where_}.count"), 1, 3)? as u32;
        let shown = p
            .get("shown")
            .and_then(Value::as_bool)
            .ok_or_else(|| Error::invalid(format!("{where_}.shown: true or false")))?;
        let c = if p.get("cards").is_some() {
            cards(p.get("cards"), &format!("{where_}.cards"))?
        } else {
            0
        };
        if (c != 0 && c.count_ones() != count) || (shown && c == 0) {
            return Err(Error::invalid(format!(
                "{where_}.cards: a play shown has its cards, as many as its count"
            )));
        }
        plays.push((s, count, shown, c));
    }
    let winner = match t.get("winner") {
        None | Some(Value::Null) => None,
        Some(w) => Some(uint(Some(w), &format!("{name}.winner"), 0, n as u64 - 1)?),
    };
    Ok((leader, declare, plays, winner))
}

/// A Ming VIEW read once, to deal worlds from.
#[derive(Clone, Debug)]
pub struct ViewState {
    seat: usize,
    base: Game,
    /// The cards the seat has not seen, lowest first.
    pool: Vec<u8>,
    sizes: Vec<usize>,
    /// The current trick's plays laid face down by others: (index in the trick, count).
    hidden: Vec<(usize, u32)>,
    known: u32,
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
        let mut dealt = 0u32;
        let mut take = |k: usize| -> u32 {
            let m = pool[pos..pos + k].iter().fold(0u32, |m, &c| m | 1 << c);
            pos += k;
            m
        };
        for i in 0..g.players {
            if i != self.seat {
                g.hands[i] = take(self.sizes[i]);
                dealt |= g.hands[i];
            }
        }
        if let Some(t) = g.trick.as_mut() {
            for &(j, count) in &self.hidden {
                let m = take(count as usize);
                t.plays[j].1 = m;
                dealt |= m;
            }
        }
        g.stock = FULL & !(dealt | self.known);
        Ok(g)
    }
}

impl ViewState {
    pub fn from_value(v: &Value) -> Result<ViewState> {
        let n = uint(
            v.get("players"),
            "players",
            MIN_PLAYERS as u64,
            MAX_PLAYERS as u64,
        )?;
        let top = n as u64 - 1;
        let seat = uint(v.get("seat"), "seat", 0, top)?;
        let phase = v.get("phase").and_then(Value::as_str).unwrap_or("");
        if phase != "lead" && phase != "follow" {
            return Err(Error::invalid(
                "phase: the deal is over; there is no decision to advise",
            ));
        }
        let dealer = uint(v.get("dealer"), "dealer", 0, top)?;
        let eldest = uint(v.get("eldest"), "eldest", 0, top)?;
        let to_act = uint(v.get("to_act"), "to_act", 0, top)?;
        if to_act != seat {
            return Err(Error::invalid(format!(
                "to_act: it is seat {to_act}'s decision, not seat {seat}'s"
            )));
        }
        let hand = cards(v.get("hand"), "hand")?;
        let sizes: Vec<usize> = ints(v.get("hand_sizes"), "hand_sizes", n)?
            .iter()
            .map(|&x| x.max(0) as usize)
            .collect();
        if sizes.iter().any(|&x| x as u32 > hand_size(n))
            || hand.count_ones() as usize != sizes[seat]
        {
            return Err(Error::invalid(
                "hand_sizes: the seat's hand is not its size",
            ));
        }
        let captured = ints(v.get("captured"), "captured", n)?;
        let bonuses = ints(v.get("bonuses"), "bonuses", n)?;
        let mut known = hand;
        let mut won = vec![0i32; n];
        let mut played = 0u32;
        for (i, t) in v
            .get("tricks")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            let (_, _, plays, winner) = seen_trick(t, &format!("tricks[{i}]"), n)?;
            let w = winner.ok_or_else(|| Error::invalid(format!("tricks[{i}].winner: missing")))?;
            won[w] += 1;
            for &(_, count, _, c) in &plays {
                if known & c != 0 {
                    return Err(Error::invalid(format!(
                        "tricks[{i}]: a card seen twice (M1)"
                    )));
                }
                known |= c;
                played += count;
            }
        }
        let mut hidden = Vec::new();
        let trick = match v.get("trick") {
            None | Some(Value::Null) => None,
            Some(t) => {
                let (leader, declare, plays, _) = seen_trick(t, "trick", n)?;
                let lead_cards = plays[0].3;
                let lead = read_lead(
                    lead_cards,
                    if lead_cards == super::plays::leopard_9() {
                        declare
                    } else {
                        None
                    },
                )
                .ok_or_else(|| {
                    Error::invalid("trick: the lead is no single nor combination (M5)")
                })?;
                let (mut best, mut best_seat) = (lead, leader);
                let mut laid = Vec::new();
                for (j, &(s, count, shown, c)) in plays.iter().enumerate() {
                    if known & c != 0 {
                        return Err(Error::invalid("trick: a card seen twice (M1)"));
                    }
                    known |= c;
                    played += count;
                    if c == 0 {
                        hidden.push((j, count));
                    }
                    if shown && s != leader {
                        let r = reading(c, lead.kind);
                        if !beats(r, &best) {
                            return Err(Error::invalid(
                                "trick: a play shown beats the best so far (M5)",
                            ));
                        }
                        best = r.expect("a play that beats");
                        best_seat = s;
                    }
                    laid.push((s, c, shown));
                }
                Some(Trick {
                    leader,
                    lead,
                    declare,
                    plays: laid,
                    best,
                    best_seat,
                })
            }
        };
        if (trick.is_none()) != (phase == "lead") {
            return Err(Error::invalid(
                "trick: a follow follows a trick in progress, a lead has none",
            ));
        }
        if played + sizes.iter().sum::<usize>() as u32 != n as u32 * hand_size(n) {
            return Err(Error::invalid(
                "hand_sizes: the hands and the plays do not make the cards dealt",
            ));
        }
        let pool: Vec<u8> = (0..NCARDS as u8).filter(|&c| known >> c & 1 == 0).collect();
        let need: usize = sizes
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat)
            .map(|(_, &s)| s)
            .sum::<usize>()
            + hidden.iter().map(|h| h.1 as usize).sum::<usize>();
        if pool.len() < need {
            return Err(Error::invalid(
                "hand_sizes: the VIEW does not add up: too few unseen cards",
            ));
        }
        let mut hands = vec![0u32; n];
        hands[seat] = hand;
        let base = Game {
            players: n,
            dealer,
            eldest,
            hands,
            stock: 0,
            captured,
            bonuses,
            won,
            tricks: Vec::new(),
            trick,
            over: false,
            to_act: seat,
        };
        Ok(ViewState {
            seat,
            base,
            pool,
            sizes,
            hidden,
            known,
        })
    }
}
