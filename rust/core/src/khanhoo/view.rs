//! A seat's VIEW of Khanhoo read from its JSON (`advisor/khanhoo/view.py`), and worlds
//! dealt from it (`advisor.khanhoo.game.world`). A VIEW whose hidden hands and stock
//! cannot be dealt from the cards it has not seen is refused (the Python engine fills a
//! typed position as far as the cards go; the core plays only whole worlds, so that a
//! playout never reaches a decision with no legal action).

use super::cards::{counts_of, parse, KINDS, SET_KINDS};
use super::game::{meld_of, Game, Offer, Phase, Seat, MAX_PLAYERS, MIN_PLAYERS};
use super::rules::Rules;
use super::solver::{HAND_SIZE, ORPHAN_SIZE};
use crate::error::{Error, Result};
use crate::rng::Rng;
use serde_json::Value;

fn uint(v: Option<&Value>, name: &str, lo: u64, hi: u64) -> Result<usize> {
    match v.and_then(Value::as_u64) {
        Some(n) if (lo..=hi).contains(&n) => Ok(n as usize),
        _ => Err(Error::invalid(format!(
            "{name}: an integer from {lo} to {hi}"
        ))),
    }
}

fn seat_or_none(v: Option<&Value>, name: &str, players: usize) -> Result<Option<usize>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        x => uint(x, name, 0, players as u64 - 1).map(Some),
    }
}

fn kinds(v: Option<&Value>, name: &str) -> Result<Vec<u8>> {
    let arr = v
        .and_then(Value::as_array)
        .ok_or_else(|| Error::invalid(format!("{name}: expected a list of card codes")))?;
    arr.iter()
        .map(|c| {
            c.as_str()
                .ok_or_else(|| Error::invalid(format!("{name}: expected a list of card codes")))
                .and_then(|s| {
                    parse(s)
                        .map(|k| k as u8)
                        .map_err(|e| Error::invalid(format!("{name}: {e}")))
                })
        })
        .collect()
}

fn flag(v: Option<&Value>, name: &str) -> Result<bool> {
    v.and_then(Value::as_bool)
        .ok_or_else(|| Error::invalid(format!("{name}: true or false")))
}

/// A Khanhoo VIEW read once, to deal worlds from.
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
                let h = counts_of(&pool[pos..pos + self.sizes[i]]);
                g.seats[i].hand = h;
                g.seats[i].dealt = h;
                pos += self.sizes[i];
            }
        }
        let mut stock = pool[pos..pos + self.stock_left].to_vec();
        g.initial_stock = stock.clone();
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
        let me = uint(v.get("seat"), "seat", 0, top)?;
        let to_act = uint(v.get("to_act"), "to_act", 0, top)?;
        let dealer = seat_or_none(v.get("dealer"), "dealer", players)?;
        let leader = seat_or_none(v.get("leader"), "leader", players)?;
        let orphan = seat_or_none(v.get("orphan"), "orphan", players)?;
        let phase = match v.get("phase").and_then(Value::as_str) {
            Some("turn") => Phase::Turn,
            Some("claim") => Phase::Claim,
            Some("draw") => Phase::Draw,
            _ => {
                return Err(Error::invalid(
                    "phase: the deal is over; there is no decision to advise",
                ))
            }
        };
        if to_act != me {
            return Err(Error::invalid(format!(
                "to_act: it is seat {to_act}'s decision, not seat {me}'s"
            )));
        }
        let sets = uint(v.get("sets"), "sets", 2, super::rules::MAX_SETS as u64)? as u8;
        let jokers = uint(
            v.get("jokers"),
            "jokers",
            0,
            super::rules::MAX_JOKERS as u64,
        )? as u8;
        let opts = v
            .get("options")
            .and_then(Value::as_object)
            .ok_or_else(|| Error::invalid("options: an object of rule options"))?;
        let mut named = Vec::new();
        for (k, x) in opts {
            let on = x
                .as_bool()
                .ok_or_else(|| Error::invalid(format!("options.{k}: must be true or false")))?;
            named.push((k.as_str(), on));
        }
        let rules = Rules::build(sets, jokers, &named)?;
        let pack = rules.pack();
        let hand_kinds = kinds(v.get("hand"), "hand")?;
        let hand = counts_of_checked(&hand_kinds, "hand")?;
        let cache = match v.get("cache") {
            None | Some(Value::Null) => None,
            Some(c) => {
                let k = parse(c.as_str().unwrap_or(""))
                    .map_err(|e| Error::invalid(format!("cache: {e}")))?;
                if k >= SET_KINDS {
                    return Err(Error::invalid(
                        "cache: a cache is a Trio of a set's card (K10)",
                    ));
                }
                Some(k as u8)
            }
        };
        let pile = kinds(v.get("pile"), "pile")?;
        let mut seen = [0u32; KINDS];
        for &c in hand_kinds.iter().chain(pile.iter()) {
            seen[c as usize] += 1;
        }
        if let Some(c) = cache {
            seen[c as usize] += 3;
        }
        let table = v
            .get("table")
            .and_then(Value::as_array)
            .filter(|t| t.len() == players)
            .ok_or_else(|| {
                Error::invalid(format!("table: one object per seat, {players} in all"))
            })?;
        let mut seats = Vec::with_capacity(players);
        let mut sizes = Vec::with_capacity(players);
        let mut caches = Vec::with_capacity(players);
        for (i, t) in table.iter().enumerate() {
            let at = format!("table[{i}].");
            let want = if Some(i) == orphan {
                ORPHAN_SIZE
            } else {
                HAND_SIZE
            };
            let target = uint(t.get("target"), &format!("{at}target"), 0, 99)? as i32;
            if target != want {
                return Err(Error::invalid(format!(
                    "{at}target: seat {i} goes out with {want} cards (K6, K7)"
                )));
            }
            let mut melds = Vec::new();
            let mv = t.get("melds").and_then(Value::as_array).ok_or_else(|| {
                Error::invalid(format!("{at}melds: expected a list of combinations"))
            })?;
            for m in mv {
                let cards = kinds(Some(m), &format!("{at}melds"))?;
                let meld = meld_of(&cards, &rules).ok_or_else(|| {
                    Error::invalid(format!(
                        "{at}melds: not a combination of the table in force (K2, K5)"
                    ))
                })?;
                for &c in &cards {
                    seen[c as usize] += 1;
                }
                melds.push(meld);
            }
            let cards = uint(t.get("cards"), &format!("{at}cards"), 0, 99)?;
            let has_cache = flag(t.get("cache"), &format!("{at}cache"))?;
            let laid: usize = melds.iter().map(|m| m.cards.len()).sum();
            let held = cards + laid + 3 * has_cache as usize;
            let owes = (i == me && phase == Phase::Turn) as usize;
            if held as i32 != want + owes as i32 {
                return Err(Error::invalid(format!(
                    "table[{i}].cards: seat {i} holds {held} cards, hand and melds; it holds {} (K3, K4)",
                    want + owes as i32
                )));
            }
            let discards: Vec<u8> = match t.get("discards").and_then(Value::as_array) {
                None => {
                    return Err(Error::invalid(format!(
                        "{at}discards: expected a list of card codes"
                    )))
                }
                Some(ds) => {
                    let mut out = Vec::new();
                    for d in ds {
                        match d.as_str() {
                            Some("?") => {}
                            Some(s) => out.push(
                                parse(s)
                                    .map_err(|e| Error::invalid(format!("{at}discards: {e}")))?
                                    as u8,
                            ),
                            None => {
                                return Err(Error::invalid(format!(
                                    "{at}discards: expected a list of card codes"
                                )))
                            }
                        }
                    }
                    out
                }
            };
            sizes.push(if i == me { 0 } else { cards });
            caches.push(has_cache);
            seats.push(Seat {
                hand: [0; KINDS],
                target,
                dealt: [0; KINDS],
                melds,
                cache: None,
                taken: [0; KINDS],
                discards,
                last_get: None,
            });
        }
        if sizes_of_me(table, me)? != hand_kinds.len() {
            return Err(Error::invalid(
                "hand: the seat's hand is not table[seat].cards",
            ));
        }
        if caches[me] != cache.is_some() {
            return Err(Error::invalid(format!(
                "cache: table[{me}].cache says otherwise"
            )));
        }
        if let Some(k) = (0..KINDS).find(|&k| seen[k] > pack[k] as u32) {
            return Err(Error::invalid(format!(
                "hand: the VIEW shows {} of {}; the pack has {} (K1)",
                seen[k],
                super::cards::code(k),
                pack[k]
            )));
        }
        let mut unseen: Vec<u32> = (0..KINDS).map(|k| pack[k] as u32 - seen[k]).collect();
        for i in 0..players {
            if !caches[i] {
                continue;
            }
            let kind = if i == me {
                cache
            } else {
                (0..SET_KINDS).find(|&k| unseen[k] >= 3).map(|k| k as u8)
            };
            let Some(kind) = kind else {
                return Err(Error::invalid(format!(
                    "table[{i}].cache: no Trio is left unseen for it"
                )));
            };
            if i != me {
                unseen[kind as usize] -= 3;
            }
            seats[i].cache = Some(kind);
        }
        let stock_left = uint(v.get("stock_left"), "stock_left", 0, 999)?;
        let pool: Vec<u8> = (0..KINDS as u8)
            .flat_map(|k| std::iter::repeat_n(k, unseen[k as usize] as usize))
            .collect();
        let wanted = sizes.iter().sum::<usize>() + stock_left;
        if pool.len() < wanted {
            return Err(Error::invalid(format!(
                "stock_left: the VIEW does not add up: {} cards unseen, but the hidden hands and the stock hold {wanted}",
                pool.len()
            )));
        }
        let no_stock = flag(v.get("no_stock"), "no_stock")?;
        if phase == Phase::Draw && pile.is_empty() && (no_stock || stock_left == 0) {
            return Err(Error::invalid(
                "pile: a draw needs a card to take: the stock and the pile are empty (K4)",
            ));
        }
        if phase == Phase::Turn && hand_kinds.is_empty() {
            return Err(Error::invalid("hand: a turn needs a card to discard (K4)"));
        }
        seats[me].hand = hand;
        seats[me].dealt = hand;
        let dealer = dealer.unwrap_or((me + players - 1) % players);
        let leader = leader.unwrap_or((dealer + 1) % players);
        let offer = match v.get("offer") {
            None | Some(Value::Null) => None,
            Some(o) => {
                let c = parse(o.get("card").and_then(Value::as_str).unwrap_or(""))
                    .map_err(|e| Error::invalid(format!("offer.card: {e}")))?
                    as u8;
                let by = uint(o.get("by"), "offer.by", 0, top)?;
                Some((c, by))
            }
        };
        let offer = if phase == Phase::Claim {
            let Some((c, by)) = offer else {
                return Err(Error::invalid("offer: a claim needs the discard on offer"));
            };
            if pile.last() != Some(&c) || by == me {
                return Err(Error::invalid(
                    "offer: the discard on offer is the last of the pile, thrown by another seat",
                ));
            }
            let queue: Vec<usize> = (1..players).map(|k| (by + k) % players).collect();
            let from = queue.iter().position(|&s| s == me).unwrap_or(0);
            Some(Offer {
                card: c,
                by,
                queue: queue[from..].to_vec(),
                claims: Vec::new(),
            })
        } else {
            if offer.is_some() {
                return Err(Error::invalid(
                    "offer: no discard is on offer outside the claim phase",
                ));
            }
            None
        };
        let base = Game {
            players,
            rules,
            dealer,
            leader,
            orphan,
            max_turns: uint(v.get("max_turns"), "max_turns", 1, u32::MAX as u64)? as u32,
            seats,
            initial_stock: Vec::new(),
            stock: Vec::new(),
            no_stock,
            pile,
            turnovers: uint(v.get("turnovers"), "turnovers", 0, u32::MAX as u64)? as u32,
            discards: uint(v.get("discards_made"), "discards_made", 0, u32::MAX as u64)? as u32,
            offer,
            phase,
            to_act: me,
            result: None,
        };
        Ok(ViewState {
            seat: me,
            base,
            pool,
            sizes,
            stock_left,
        })
    }
}

fn sizes_of_me(table: &[Value], me: usize) -> Result<usize> {
    uint(table[me].get("cards"), "table.cards", 0, 99)
}

fn counts_of_checked(kinds: &[u8], name: &str) -> Result<super::cards::Counts> {
    let mut c = [0u8; KINDS];
    for &k in kinds {
        if c[k as usize] >= 9 {
            return Err(Error::invalid(format!(
                "{name}: too many copies of a card (K1)"
            )));
        }
        c[k as usize] += 1;
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game as _, Worlds};
    use crate::pyrandom::PyRandom;

    fn a_view() -> Value {
        let rules = Rules::new(2, 2);
        let mut rng = PyRandom::from_int(3);
        let (hands, stock, dealer) = super::super::batch::python_deal(&mut rng, 3, &rules, None);
        let g = Game::new(hands, &stock, dealer, rules, None, 200).unwrap();
        g.view_json(g.leader)
    }

    #[test]
    fn a_view_deals_worlds_that_pose_its_decision() {
        let v = a_view();
        let w = ViewState::from_value(&v).unwrap();
        let g = w.world(Some(&mut Rng::new(1, 0))).unwrap();
        let mut legal = Vec::new();
        g.legal(&mut legal);
        assert!(!legal.is_empty());
        assert_eq!(g.view_json(w.seat()), v);
    }

    #[test]
    fn hidden_hands_that_cannot_be_dealt_are_refused() {
        let mut v = a_view();
        v["dealer"] = Value::Null; // a typed position
        v["stock_left"] = serde_json::json!(80);
        let e = ViewState::from_value(&v).unwrap_err();
        assert!(e.to_string().contains("does not add up"));
    }

    #[test]
    fn unknown_cards_and_copies_beyond_the_pack_are_refused() {
        let mut v = a_view();
        v["pile"] = serde_json::json!(["5s"]);
        assert!(ViewState::from_value(&v).is_err());
        let mut v = a_view();
        v["pile"] = serde_json::json!(["Ah", "Ah", "Ah"]);
        assert!(ViewState::from_value(&v).is_err());
        assert!(<ViewState as Worlds>::parse("{not json").is_err());
    }
}
