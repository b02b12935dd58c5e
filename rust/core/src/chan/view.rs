//! A seat's VIEW (rules §8.3) in and out: the VIEW the Python engine writes
//! (`View.to_json`), written here from a core deal — what the parity tests compare,
//! seat by seat —, and a VIEW read back into a world: a whole deal consistent with it,
//! the unseen cards dealt at random to the other hands and the stock
//! (`advisor.chan.game.world`).

use super::cards::{code, counts_of, parse, Counts, COPIES, NFACES};
use super::game::{Claim, Game, Meld, MeldKind, Offer, Phase, Seat, Source, SEATS, STOCK_CARDS};
use super::scoring::profile;
use crate::error::{Error, Result};
use crate::rng::Rng;
use serde_json::{json, Map, Value};

fn codes(faces: &[u8]) -> Value {
    Value::Array(
        faces
            .iter()
            .map(|&f| Value::String(code(f as usize)))
            .collect(),
    )
}

fn mask_codes(mask: u32) -> Value {
    codes(
        &(0..NFACES as u8)
            .filter(|&f| mask & (1 << f) != 0)
            .collect::<Vec<u8>>(),
    )
}

fn offer_json(o: &Offer) -> Value {
    json!({"card": code(o.card as usize), "source": o.source.name(), "door": o.door,
           "to": o.to, "claims_open": o.claims_open})
}

/// The seat's VIEW, as `Game.view(seat).to_json()` writes it.
pub fn view_json(g: &Game, seat: usize) -> Value {
    let s = &g.seats[seat];
    let mut out = Map::new();
    out.insert("rules".into(), json!(g.profile.name));
    if !g.options.is_empty() {
        let opts: Map<String, Value> = g
            .options
            .iter()
            .map(|(k, v)| (k.clone(), json!(v)))
            .collect();
        out.insert("options".into(), Value::Object(opts));
    }
    let hand: Vec<u8> = (0..NFACES as u8)
        .flat_map(|f| std::iter::repeat_n(f, s.hand[f as usize] as usize))
        .collect();
    out.insert("seat".into(), json!(seat));
    out.insert("dealer".into(), json!(g.dealer));
    out.insert("phase".into(), json!(g.phase.name()));
    out.insert("to_act".into(), json!(g.to_act));
    out.insert("hand".into(), codes(&hand));
    out.insert("stock_left".into(), json!(g.stock.len()));
    if let Some(o) = &g.offer {
        out.insert("offer".into(), offer_json(o));
    }
    let table: Vec<Value> = g
        .seats
        .iter()
        .map(|t| {
            json!({"melds": t.melds.iter().map(|m| codes(m.faces())).collect::<Vec<_>>(),
                   "discards": codes(&t.discards), "passed": codes(&t.passed), "dead": t.dead})
        })
        .collect();
    out.insert("table".into(), Value::Array(table));
    out.insert(
        "memory".into(),
        json!({"discarded": codes(&s.discard_log), "refused": mask_codes(s.refused),
               "laid_in_ca": mask_codes(s.laid_in_ca), "ate_ca": s.ate_ca}),
    );
    if let (Some(c), Phase::Discard) = (g.chiu_card, g.phase) {
        out.insert(
            "chiu".into(),
            json!({"card": code(c as usize), "return_to": g.chiu_return}),
        );
    }
    Value::Object(out)
}

/// Everything the parity tests compare of a deal: every seat's VIEW, the stock (top card
/// first), the claims still to ask, and the result.
pub fn state_json(g: &Game) -> Value {
    let mut stock = g.stock.clone();
    stock.reverse();
    let claims: Vec<Value> = g
        .claims
        .iter()
        .map(|(s, k)| json!([s, if *k == Claim::Win { "win" } else { "chiu" }]))
        .collect();
    let result = g.result.as_ref().map(|r| {
        json!({"winner": r.winner, "win_by": r.win_by.map(|w| w.name()),
               "winning_card": r.winning_card.map(|c| code(c as usize)), "points": r.points,
               "payments": r.payments,
               "bonuses": r.bonuses.iter().map(|(c, n)| json!([c, n])).collect::<Vec<_>>()})
    });
    json!({"views": (0..SEATS).map(|s| view_json(g, s)).collect::<Vec<_>>(),
           "stock": codes(&stock), "claims": claims, "result": result})
}

// --- reading a VIEW ---------------------------------------------------------------------------

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value> {
    v.get(name)
        .ok_or_else(|| Error::invalid(format!("{name}: missing from the VIEW")))
}

fn uint(v: &Value, name: &str, below: u64) -> Result<usize> {
    match v.as_u64() {
        Some(n) if n < below => Ok(n as usize),
        _ => Err(Error::invalid(format!(
            "{name}: an integer from 0 to {}",
            below - 1
        ))),
    }
}

fn faces(v: Option<&Value>, name: &str) -> Result<Vec<u8>> {
    let Some(v) = v else { return Ok(Vec::new()) };
    let arr = v
        .as_array()
        .ok_or_else(|| Error::invalid(format!("{name}: expected a list of card codes")))?;
    arr.iter()
        .map(|c| {
            c.as_str()
                .ok_or_else(|| Error::invalid(format!("{name}: expected a list of card codes")))
                .and_then(|s| parse(s).map(|f| f as u8))
        })
        .collect()
}

fn source(name: &str) -> Result<Source> {
    match name {
        "discard" => Ok(Source::Discard),
        "stock" => Ok(Source::Stock),
        "return" => Ok(Source::Return),
        _ => Err(Error::invalid(format!(
            "offer.source: '{name}' is not discard, stock or return"
        ))),
    }
}

fn phase(name: &str) -> Result<Phase> {
    match name {
        "start" => Ok(Phase::Start),
        "offer" => Ok(Phase::Offer),
        "discard" => Ok(Phase::Discard),
        "claim" => Ok(Phase::Claim),
        _ => Err(Error::invalid(format!(
            "phase: '{name}' is not a decision (start, offer, discard, claim)"
        ))),
    }
}

/// A VIEW read once, ready to deal worlds from.
#[derive(Clone, Debug)]
pub struct ViewState {
    pub seat: usize,
    /// The deal with every seat's known cards and an empty stock; the hidden hands empty.
    base: Game,
    /// Unseen copies of each face, as a pool to deal.
    pool: Vec<u8>,
    hidden: [usize; SEATS],
    stock_left: usize,
    partial: bool,
    phase: Phase,
    to_act: usize,
}

impl crate::engine::Worlds for ViewState {
    type Game = Game;

    fn parse(text: &str) -> Result<ViewState> {
        let v: Value = serde_json::from_str(text)?;
        Self::from_value(&v)
    }

    fn seat(&self) -> usize {
        self.seat
    }

    fn world(&self, rng: Option<&mut Rng>) -> Result<Game> {
        ViewState::world(self, rng)
    }
}

impl ViewState {
    /// Read a VIEW's JSON (as `View.to_json` writes it).
    pub fn parse(text: &str) -> Result<ViewState> {
        <Self as crate::engine::Worlds>::parse(text)
    }

    pub fn from_value(v: &Value) -> Result<ViewState> {
        let seat = uint(field(v, "seat")?, "seat", 4)?;
        let dealer = uint(field(v, "dealer")?, "dealer", 4)?;
        let ph = phase(field(v, "phase")?.as_str().unwrap_or(""))?;
        let to_act = match v.get("to_act") {
            None => seat,
            Some(t) => uint(t, "to_act", 4)?,
        };
        if to_act != seat {
            return Err(Error::invalid(format!(
                "to_act: it is seat {to_act}'s decision, not seat {seat}'s"
            )));
        }
        let rules = v.get("rules").and_then(Value::as_str).unwrap_or("house");
        let prof = profile(rules)?;
        let mut options = Vec::new();
        if let Some(o) = v.get("options").and_then(Value::as_object) {
            for (k, x) in o {
                let b = x
                    .as_bool()
                    .ok_or_else(|| Error::invalid("options: an object of true/false flags"))?;
                options.push((k.clone(), b));
            }
        }
        let hand = counts_of(&faces(Some(field(v, "hand")?), "hand")?);
        let stock_left = uint(
            field(v, "stock_left")?,
            "stock_left",
            STOCK_CARDS as u64 + 1,
        )?;
        let table = field(v, "table")?
            .as_array()
            .ok_or_else(|| Error::invalid("table: one object per seat"))?;
        if table.len() != SEATS {
            return Err(Error::invalid("table: one object per seat, four in all"));
        }
        let mut seen: Counts = hand;
        let mut seats: Vec<Seat> = Vec::with_capacity(SEATS);
        for (i, t) in table.iter().enumerate() {
            let mut s = Seat::new([0; NFACES]);
            if let Some(ms) = t.get("melds") {
                let ms = ms.as_array().ok_or_else(|| {
                    Error::invalid(format!("table[{i}].melds: expected a list of melds"))
                })?;
                for m in ms {
                    let fs = faces(Some(m), &format!("table[{i}].melds"))?;
                    let meld = Meld::of(&fs)
                        .ok_or_else(|| Error::invalid(format!("table[{i}].melds: not a meld")))?;
                    s.add_meld(meld);
                }
            }
            s.discards = faces(t.get("discards"), &format!("table[{i}].discards"))?;
            s.passed = faces(t.get("passed"), &format!("table[{i}].passed"))?;
            s.dead = t.get("dead").and_then(Value::as_bool).unwrap_or(false);
            for f in 0..NFACES {
                seen[f] += s.exposed.counts[f];
            }
            for &f in s.discards.iter().chain(&s.passed) {
                seen[f as usize] += 1;
            }
            seats.push(s);
        }
        let offer = match v.get("offer") {
            None | Some(Value::Null) => None,
            Some(o) => {
                let card = parse(o.get("card").and_then(Value::as_str).unwrap_or(""))? as u8;
                let src = source(o.get("source").and_then(Value::as_str).unwrap_or(""))?;
                let door = uint(o.get("door").unwrap_or(&Value::Null), "offer.door", 4)?;
                let to = match o.get("to") {
                    Some(t) => uint(t, "offer.to", 4)?,
                    None if ph == Phase::Offer => seat,
                    None if src == Source::Discard => (door + 1) % SEATS,
                    None => door,
                };
                let claims_open = match o.get("claims_open") {
                    Some(c) => c
                        .as_bool()
                        .ok_or_else(|| Error::invalid("offer.claims_open: true or false"))?,
                    None => ph == Phase::Claim || src != Source::Stock || door == to,
                };
                if src == Source::Stock {
                    seen[card as usize] += 1;
                }
                Some(Offer {
                    card,
                    source: src,
                    door: door as u8,
                    to: to as u8,
                    claims_open,
                })
            }
        };
        if ph != Phase::Start && ph != Phase::Discard && offer.is_none() {
            return Err(Error::invalid(format!(
                "offer: a VIEW in the {} phase needs the card on offer",
                ph.name()
            )));
        }
        if let Some(o) = &offer {
            if o.source != Source::Stock && seats[o.door as usize].discards.last() != Some(&o.card)
            {
                return Err(Error::invalid(format!(
                    "offer: a card offered from seat {}'s discards is the last of table[{}].discards",
                    o.door, o.door
                )));
            }
        }
        let held = super::cards::size(&hand) as i32 + seats[seat].exposed.size;
        let want = if ph == Phase::Start || ph == Phase::Discard || seats[seat].dead {
            20
        } else {
            19
        };
        if held != want {
            return Err(Error::invalid(format!(
                "hand: hand and melds make {held} cards; the seat holds {want} in the {} phase (§4)",
                ph.name()
            )));
        }
        if let Some(f) = (0..NFACES).find(|&f| seen[f] > COPIES) {
            return Err(Error::invalid(format!(
                "the VIEW shows {} copies of {}; the deck has four (§1)",
                seen[f],
                code(f)
            )));
        }
        // the seat's own cards and memory
        let me = &mut seats[seat];
        me.hand = hand;
        me.dealt = hand;
        let empty = Value::Null;
        let mem = v.get("memory").unwrap_or(&empty);
        for f in faces(mem.get("discarded"), "memory.discarded")? {
            me.remember_discard(f);
        }
        for f in faces(mem.get("refused"), "memory.refused")? {
            me.refused |= 1 << f;
        }
        for f in faces(mem.get("laid_in_ca"), "memory.laid_in_ca")? {
            me.laid_in_ca |= 1 << f;
        }
        me.ate_ca = mem.get("ate_ca").and_then(Value::as_bool).unwrap_or(false);
        // what the table shows of another seat's history
        for (i, s) in seats.iter_mut().enumerate() {
            if i != seat {
                for f in s.discards.clone() {
                    s.remember_discard(f);
                }
                s.discard_log = s.discards.clone();
                s.ate_ca = s.melds.iter().any(|m| m.kind == MeldKind::Ca);
            }
        }
        let mut hidden = [0usize; SEATS];
        for (i, t) in seats.iter().enumerate() {
            if i != seat {
                let n = if t.dead { 20 } else { 19 } - t.exposed.size;
                hidden[i] = usize::try_from(n).map_err(|_| {
                    Error::invalid(format!("table[{i}].melds: more cards than the seat holds"))
                })?;
            }
        }
        let mut pool = Vec::with_capacity(100);
        for f in 0..NFACES {
            for _ in 0..(COPIES - seen[f]) {
                pool.push(f as u8);
            }
        }
        let partial = v.get("partial").and_then(Value::as_bool).unwrap_or(false);
        let want: usize = hidden.iter().sum::<usize>() + stock_left;
        if pool.len() < want || (pool.len() > want && !partial) {
            return Err(Error::invalid(format!(
                "the VIEW does not add up: {} unseen cards, but the other hands hold {} and the stock {}",
                pool.len(),
                hidden.iter().sum::<usize>(),
                stock_left
            )));
        }
        let chiu = if ph == Phase::Discard {
            v.get("chiu").filter(|c| !c.is_null())
        } else {
            None
        };
        let (chiu_card, chiu_return) = match chiu {
            None => (None, None),
            Some(c) => {
                let card = parse(c.get("card").and_then(Value::as_str).unwrap_or(""))? as u8;
                let back = match c.get("return_to") {
                    None | Some(Value::Null) => None,
                    Some(b) => Some(uint(b, "chiu.return_to", 4)? as u8),
                };
                (Some(card), back)
            }
        };
        let seats: [Seat; SEATS] = seats
            .try_into()
            .map_err(|_| Error::invalid("table: four seats"))?;
        let base = Game {
            seats,
            stock: Vec::new(),
            offer,
            claims: Vec::new(),
            owing: None,
            chiu_return,
            chiu_card,
            result: None,
            phase: ph,
            to_act: to_act as u8,
            dealer: dealer as u8,
            profile: prof,
            options,
            won_previous_deal: false,
        };
        Ok(ViewState {
            seat,
            base,
            pool,
            hidden,
            stock_left,
            partial,
            phase: ph,
            to_act,
        })
    }

    /// A world: the unseen cards shuffled by `rng` and dealt to the other hands (in seat
    /// order) and the stock, the rest (of a partial VIEW) out of play at the door of the
    /// seat opposite; then the decision posed as the engine poses it (`Game.in_play`).
    pub fn world(&self, rng: Option<&mut Rng>) -> Result<Game> {
        let mut pool = self.pool.clone();
        if let Some(r) = rng {
            r.shuffle(&mut pool);
        }
        let mut g = self.base.clone();
        let mut pos = 0;
        for i in 0..SEATS {
            if i == self.seat {
                continue;
            }
            let hand = counts_of(&pool[pos..pos + self.hidden[i]]);
            pos += self.hidden[i];
            g.seats[i].hand = hand;
            g.seats[i].dealt = hand;
        }
        let mut stock: Vec<u8> = pool[pos..pos + self.stock_left].to_vec();
        stock.reverse();
        g.stock = stock;
        if self.partial {
            let rest = pool[pos + self.stock_left..].to_vec();
            g.seats[(self.seat + 2) % SEATS].passed.extend(rest);
        }
        match self.phase {
            Phase::Claim => {
                let o = g
                    .offer
                    .ok_or_else(|| Error::invalid("offer: a claim needs the card on offer"))?;
                g.chiu_card = None;
                g.chiu_return = None;
                g.make_public(o);
                while g.claims.first().is_some_and(|c| c.0 as usize != self.seat) {
                    g.claims.remove(0);
                }
                if g.claims.is_empty() {
                    return Err(Error::invalid(format!(
                        "phase: seat {} has no claim on the card on offer (C1–C3)",
                        self.seat
                    )));
                }
                g.phase = Phase::Claim;
                g.to_act = self.seat as u8;
            }
            Phase::Discard => {
                g.owing = Some(self.seat as u8);
            }
            _ => {
                g.chiu_card = None;
                g.chiu_return = None;
                g.phase = self.phase;
                g.to_act = self.to_act as u8;
            }
        }
        Ok(g)
    }
}
