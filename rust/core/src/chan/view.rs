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
    /// The advisor's belief about the other hands, when the JSON carries one (`belief`):
    /// worlds are then drawn from it (`Belief`), not uniformly.
    belief: Option<Box<Belief>>,
}

/// What the advisor believes of the hidden hands, beyond the cards it has not seen: for
/// each other seat and face, the likelihood of the seat holding 0 … 4 copies now, the
/// likelihoods multiplying over faces and seats (`advisor.chan.belief` makes it: the
/// certainties of the rules, R2, and what the seats' passes suggest). Not part of a VIEW
/// (§8.3): the JSON key `belief`, a list of four entries (`null`, or 25 lists of five
/// weights ≥ 0). Kept as logarithms, a weight of 0 as [`LOG_ZERO`].
///
/// It may also weigh how paired a hand is: the JSON `{"faces": [the four entries],
/// "unpaired": [four numbers λ ≥ 0]}` multiplies a world's weight by e^(−λ × the cards seat
/// `s` leaves unpaired), P0's count: a rank whose cards add up to an odd number leaves one
/// card unpaired, an even one none (Chi chi likewise), so a hand's unpaired cards are its
/// ranks of odd count. Players keep their pairs and throw what they cannot pair, so the
/// hands of a deal in play are more paired than cards dealt at random.
#[derive(Clone, Debug)]
pub struct Belief {
    log_w: [[[f64; COPIES as usize + 1]; NFACES]; SEATS],
    /// The same weights, e^log_w (what the face-by-face start multiplies).
    w: [[[f64; COPIES as usize + 1]; NFACES]; SEATS],
    unpaired: [f64; SEATS],
}

/// The rank group of a face for P0's pairing (Chi chi its own).
fn group(f: usize) -> usize {
    f / 3
}

/// Rank groups (eight ranks and Chi chi).
const GROUPS: usize = 9;

/// The log weight of a count the belief rules out: small enough that no drawn world keeps
/// it where another can be reached, finite so the chain can leave it.
pub const LOG_ZERO: f64 = -30.0;

/// Proposals of the chain a world is drawn by, per hidden card (`ViewState::world`).
pub const STEPS_PER_CARD: usize = 20;

impl Belief {
    fn new(log_w: [[[f64; COPIES as usize + 1]; NFACES]; SEATS], unpaired: [f64; SEATS]) -> Self {
        let w = log_w.map(|faces| faces.map(|row| row.map(f64::exp)));
        Belief { log_w, w, unpaired }
    }

    fn parse(v: &Value) -> Result<Option<Box<Belief>>> {
        let mut unpaired = [0.0; SEATS];
        let faces = match v {
            Value::Null => return Ok(None),
            Value::Object(o) => {
                if let Some(u) = o.get("unpaired") {
                    let u = u.as_array().filter(|u| u.len() == SEATS).ok_or_else(|| {
                        Error::invalid("belief.unpaired: four numbers, one per seat")
                    })?;
                    for (s, x) in u.iter().enumerate() {
                        unpaired[s] = x
                            .as_f64()
                            .filter(|x| x.is_finite() && *x >= 0.0)
                            .ok_or_else(|| {
                                Error::invalid(format!(
                                    "belief.unpaired[{s}]: a number of at least 0"
                                ))
                            })?;
                    }
                }
                o.get("faces").unwrap_or(&Value::Null)
            }
            other => other,
        };
        let seats = match faces {
            Value::Null => &vec![Value::Null; SEATS],
            Value::Array(a) if a.len() == SEATS => a,
            _ => {
                return Err(Error::invalid(
                    "belief: a list of four entries, one per seat",
                ))
            }
        };
        let mut log_w = [[[0.0; COPIES as usize + 1]; NFACES]; SEATS];
        for (s, entry) in seats.iter().enumerate() {
            if entry.is_null() {
                continue;
            }
            let faces = entry
                .as_array()
                .filter(|f| f.len() == NFACES)
                .ok_or_else(|| Error::invalid(format!("belief[{s}]: 25 lists, one per face")))?;
            for (f, row) in faces.iter().enumerate() {
                let row = row
                    .as_array()
                    .filter(|r| r.len() == COPIES as usize + 1)
                    .ok_or_else(|| {
                        Error::invalid(format!("belief[{s}][{f}]: five weights, for 0 … 4 copies"))
                    })?;
                for (k, x) in row.iter().enumerate() {
                    let w = x
                        .as_f64()
                        .filter(|w| w.is_finite() && *w >= 0.0)
                        .ok_or_else(|| {
                            Error::invalid(format!("belief[{s}][{f}][{k}]: a weight of at least 0"))
                        })?;
                    log_w[s][f][k] = if w > 0.0 {
                        w.ln().max(LOG_ZERO)
                    } else {
                        LOG_ZERO
                    };
                }
            }
        }
        Ok(Some(Box::new(Belief::new(log_w, unpaired))))
    }

    /// Deal `pool` again, face by face, to start the chain near the belief: each face's
    /// copies split between the holders (`owner`'s runs) with probability proportional to
    /// the uniform deal's (the product of binomials of the places left) times the belief's
    /// weight of each holder's new count, the places left shrinking as faces are dealt; the
    /// stock's (and the rest's) cards then shuffled. Not the belief's law on its own (each
    /// face is weighed without the faces after it): [`Belief::draw`] corrects it.
    fn start(&self, pool: &mut [u8], owner: &[u8], rng: &mut Rng) {
        let mut left = [0usize; SEATS + 1];
        for &o in owner {
            left[o as usize] += 1;
        }
        let mut copies = [0usize; NFACES];
        for &f in pool.iter() {
            copies[f as usize] += 1;
        }
        let mut got: [Vec<u8>; SEATS + 1] = Default::default();
        let choose = |n: usize, k: usize| -> f64 {
            if k > n {
                return 0.0;
            }
            (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
        };
        let mut splits: Vec<([usize; SEATS + 1], f64)> = Vec::new();
        for f in 0..NFACES {
            let k = copies[f];
            if k == 0 {
                continue;
            }
            splits.clear();
            let mut n = [0usize; SEATS + 1];
            // every split of k copies among the holders with room for them (at most 70)
            fn each(
                h: usize,
                k: usize,
                room: &[usize; SEATS + 1],
                n: &mut [usize; SEATS + 1],
                out: &mut Vec<([usize; SEATS + 1], f64)>,
            ) {
                if h == SEATS {
                    if k <= room[h] {
                        n[h] = k;
                        out.push((*n, 0.0));
                    }
                    return;
                }
                for x in 0..=k.min(room[h]) {
                    n[h] = x;
                    each(h + 1, k - x, room, n, out);
                }
            }
            each(0, k, &left, &mut n, &mut splits);
            let mut total = 0.0;
            for (split, w) in splits.iter_mut() {
                let mut p = 1.0;
                for h in 0..=SEATS {
                    p *= choose(left[h], split[h]);
                    if h < SEATS {
                        p *= self.w[h][f][split[h]];
                    }
                }
                *w = p;
                total += p;
            }
            let mut x = rng.unit() * total;
            let mut pick = splits.len() - 1;
            for (i, (_, w)) in splits.iter().enumerate() {
                if x < *w {
                    pick = i;
                    break;
                }
                x -= w;
            }
            let split = splits[pick].0;
            for h in 0..=SEATS {
                left[h] -= split[h];
                got[h].extend(std::iter::repeat_n(f as u8, split[h]));
            }
        }
        rng.shuffle(&mut got[SEATS]);
        let mut next = [0usize; SEATS + 1];
        for (p, &o) in owner.iter().enumerate() {
            pool[p] = got[o as usize][next[o as usize]];
            next[o as usize] += 1;
        }
    }

    /// Move the cards of `pool` between its holders (`owner[p]`: a seat, or `SEATS` for the
    /// stock and the cards out of play) by a Metropolis chain whose stationary law is the
    /// uniform deal weighted by the belief: `steps` proposals, each a swap of two cards
    /// held by different holders, accepted with the ratio of the weights.
    fn draw(&self, pool: &mut [u8], owner: &[u8], steps: usize, rng: &mut Rng) {
        let n = pool.len();
        if n < 2 {
            return;
        }
        let mut counts = [[0usize; NFACES]; SEATS + 1];
        for (p, &f) in pool.iter().enumerate() {
            counts[owner[p] as usize][f as usize] += 1;
        }
        let mut groups = [[0usize; GROUPS]; SEATS + 1];
        for (p, &f) in pool.iter().enumerate() {
            groups[owner[p] as usize][group(f as usize)] += 1;
        }
        let lw = |s: usize, f: usize, k: usize| -> f64 {
            if s == SEATS {
                0.0
            } else {
                self.log_w[s][f][k.min(COPIES as usize)]
            }
        };
        // the change of −λ × (ranks of odd count) when holder s gives a card of group
        // `out` and takes one of group `into`
        let lu = |s: usize, g: &[usize; GROUPS], out: usize, into: usize| -> f64 {
            if s == SEATS || out == into || self.unpaired[s] == 0.0 {
                return 0.0;
            }
            let flip = |n: usize| if n % 2 == 1 { -1.0 } else { 1.0 };
            -self.unpaired[s] * (flip(g[out]) + flip(g[into]))
        };
        for _ in 0..steps {
            let (i, j) = (rng.below(n), rng.below(n));
            let (a, b) = (owner[i] as usize, owner[j] as usize);
            let (fi, fj) = (pool[i] as usize, pool[j] as usize);
            if a == b || fi == fj {
                continue;
            }
            // a gives fi and takes fj; b gives fj and takes fi
            let (ai, aj, bi, bj) = (counts[a][fi], counts[a][fj], counts[b][fi], counts[b][fj]);
            let (gi, gj) = (group(fi), group(fj));
            let delta = lw(a, fi, ai - 1) - lw(a, fi, ai) + lw(a, fj, aj + 1) - lw(a, fj, aj)
                + lw(b, fj, bj - 1)
                - lw(b, fj, bj)
                + lw(b, fi, bi + 1)
                - lw(b, fi, bi)
                + lu(a, &groups[a], gi, gj)
                + lu(b, &groups[b], gj, gi);
            if delta >= 0.0 || rng.unit() < delta.exp() {
                pool.swap(i, j);
                counts[a][fi] -= 1;
                counts[a][fj] += 1;
                counts[b][fj] -= 1;
                counts[b][fi] += 1;
                groups[a][gi] -= 1;
                groups[a][gj] += 1;
                groups[b][gj] -= 1;
                groups[b][gi] += 1;
            }
        }
    }

    /// The log weight of a world's hidden hands under the belief (what the tests check).
    pub fn log_weight(&self, g: &Game, seat: usize) -> f64 {
        (0..SEATS)
            .filter(|&s| s != seat)
            .map(|s| {
                let h = &g.seats[s].hand;
                let mut groups = [0usize; GROUPS];
                for f in 0..NFACES {
                    groups[group(f)] += h[f] as usize;
                }
                let odd = groups.iter().filter(|&&n| n % 2 == 1).count() as f64;
                (0..NFACES)
                    .map(|f| self.log_w[s][f][h[f] as usize])
                    .sum::<f64>()
                    - self.unpaired[s] * odd
            })
            .sum()
    }
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
        let belief = Belief::parse(v.get("belief").unwrap_or(&Value::Null))?;
        Ok(ViewState {
            seat,
            base,
            pool,
            hidden,
            stock_left,
            partial,
            phase: ph,
            to_act,
            belief,
        })
    }

    /// The belief worlds are drawn from, if the VIEW's JSON carried one.
    pub fn belief(&self) -> Option<&Belief> {
        self.belief.as_deref()
    }

    /// A world: the unseen cards shuffled by `rng` and dealt to the other hands (in seat
    /// order) and the stock, the rest (of a partial VIEW) out of play at the door of the
    /// seat opposite; then the decision posed as the engine poses it (`Game.in_play`).
    /// With a belief, the shuffled cards are then moved between the hands and the stock by
    /// [`Belief::draw`], [`STEPS_PER_CARD`] proposals a card.
    pub fn world(&self, rng: Option<&mut Rng>) -> Result<Game> {
        let mut pool = self.pool.clone();
        if let Some(r) = rng {
            r.shuffle(&mut pool);
            if let Some(b) = &self.belief {
                let mut owner = vec![SEATS as u8; pool.len()];
                let mut pos = 0;
                for i in (0..SEATS).filter(|&i| i != self.seat) {
                    owner[pos..pos + self.hidden[i]].fill(i as u8);
                    pos += self.hidden[i];
                }
                let steps = STEPS_PER_CARD * pool.len();
                b.start(&mut pool, &owner, r);
                b.draw(&mut pool, &owner, steps, r);
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The chain's law, checked exactly on a pool small enough to list every deal: four
    /// cards of two faces (two copies each) between seat 1 (two cards) and the stock (two),
    /// seat 1's weight 1, 6 and 1 for holding 0, 1 or 2 copies of face 0. The deals with
    /// one copy of face 0 in seat 1 are 4 of the 6 orders, so weighted: 24 : 1 + 1.
    #[test]
    fn a_world_is_drawn_from_the_uniform_deal_weighted_by_the_belief() {
        let mut log_w = [[[0.0; 5]; NFACES]; SEATS];
        log_w[1][0] = [0.0, 6f64.ln(), 0.0, 0.0, 0.0];
        let b = Belief::new(log_w, [0.0; SEATS]);
        let owner = [1u8, 1, SEATS as u8, SEATS as u8];
        let mut seen: HashMap<usize, usize> = HashMap::new();
        let draws = 20_000;
        for w in 0..draws {
            let mut rng = Rng::new(7, w);
            let mut pool = vec![0u8, 0, 1, 1];
            rng.shuffle(&mut pool);
            b.draw(&mut pool, &owner, 40, &mut rng);
            let held = pool[..2].iter().filter(|&&f| f == 0).count();
            *seen.entry(held).or_default() += 1;
        }
        let one = seen[&1] as f64 / draws as f64;
        // exact: 24 / 26 = 0.923; a binomial's standard error at 20,000 draws is 0.002
        assert!((one - 24.0 / 26.0).abs() < 0.01, "{seen:?}");
        assert!((seen[&0] as f64 - seen[&2] as f64).abs() < 0.1 * draws as f64 / 26.0 * 2.0);
    }

    #[test]
    fn a_belief_of_the_wrong_shape_is_refused_by_name() {
        for bad in [
            r#"[null]"#,
            r#"[null, [[1, 1, 1, 1, 1]], null, null]"#,
            r#"[null, null, null, 3]"#,
        ] {
            let v: Value = serde_json::from_str(bad).unwrap();
            let e = Belief::parse(&v).unwrap_err().to_string();
            assert!(e.contains("belief"), "{e}");
        }
        let mut row = vec![vec![1.0; 5]; NFACES];
        row[3][2] = -1.0;
        let v = json!([null, row, null, null]);
        assert!(Belief::parse(&v)
            .unwrap_err()
            .to_string()
            .contains("belief[1][3][2]"));
    }
}
