// The browser game (/play): a thin client of the JSON API under /v1/play.
// The server holds the table and checks every action; this page only draws what the
// server sends (the player's VIEW) and sends the button the player clicked.
"use strict";

const FACES = JSON.parse(document.getElementById("faces").textContent);
const CONDITIONS = JSON.parse(document.getElementById("conditions").textContent);
const SEATS = ["You", "AI 1", "AI 2", "AI 3"];
const STORE_KEY = "chan-table";
const $ = (id) => document.getElementById(id);

let table = null;   // the last table the server sent
let seenLog = 0;    // log entries already shown as old
let busy = false;

// --- drawing --------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function name(code) { return FACES[code] ? FACES[code].vi : code; }

// The library's sentences name cards by code ("Eat 6v as Chắn"); the page by name.
function named(text) {
  return text.replace(/\b([2-9][vsm]|cc) \(([^)]*)\)/gi, (whole, code, said) =>
    FACES[code] && FACES[code].vi.toLowerCase() === said.toLowerCase() ? code : whole)
    .replace(/\b([2-9][vsm]|cc)\b/g, (code) => FACES[code] ? name(code) : code);
}

function card(code, size, onclick) {
  const f = FACES[code] || {vi: code, red: false, rank: 0};
  const [word, suit] = f.rank ? f.vi.split(" ") : ["Chi", "chi"];
  const cls = ["card", size || "", f.red ? "red" : ""].join(" ").trim();
  const parts = [el("span", {class: "rk"}, f.rank ? String(f.rank) : "✿"),
                 el("span", {class: "nm"}, word), el("span", {class: "st"}, suit)];
  const title = `${f.vi} (${code})`;
  if (onclick) {
    return el("button", {type: "button", class: cls, title, "data-card": code,
                         onclick}, parts);
  }
  return el("span", {class: cls, title, "data-card": code}, parts);
}

function cards(codes, size) { return codes.map((c) => card(c, size)); }

function seatName(seat) { return SEATS[seat]; }

function actionLabel(a, view) {
  const offer = view.offer ? view.offer.card : null;
  switch (a.do) {
    case "discard": return `Đánh · discard ${name(a.card)}`;
    case "eat": {
      const kind = a.with === offer ? "Chắn" : "Cạ";
      return `Ăn · eat ${name(offer)} with ${name(a.with)} (${kind})`;
    }
    case "pass":
      if (view.phase === "claim") return "No claim";
      if (view.phase === "start") return "Decline Thiên ù";
      return `Bỏ · pass ${offer ? name(offer) : ""}`.trim();
    case "chiu": return `Chíu ${offer ? name(offer) : ""}`.trim();
    case "win":
      return view.phase === "discard" ? "Ù · win (Chíu ù)"
                                      : `Ù · win on ${offer ? name(offer) : ""}`.trim();
    case "heaven": return "Thiên ù · declare a win";
    default: return a.do;
  }
}

function offerText(offer) {
  const to = offer.to === 0 ? "you" : seatName(offer.to);
  if (offer.source === "discard") return `${seatName(offer.door)}'s discard, offered to ${to}`;
  if (offer.source === "return") return `returned to ${to} after ${seatName(offer.door)}'s Chíu`;
  return `revealed at ${offer.door === 0 ? "your" : seatName(offer.door) + "'s"} door, ` +
         `offered to ${to}`;
}

function eventText(e) {
  const who = seatName(e.seat);
  const verb = (you, other) => (e.seat === 0 ? you : other);
  const on = e.offer ? name(e.offer.card) : "";
  const a = e.action;
  let text;
  switch (a.do) {
    case "discard": text = `${who} ${verb("discard", "discards")} ${name(a.card)}`; break;
    case "eat": {
      const kind = e.offer && a.with === e.offer.card ? "Chắn" : "Cạ";
      text = `${who} ${verb("eat", "eats")} ${on} with ${name(a.with)} (${kind})`;
      break;
    }
    case "pass":
      if (e.phase === "claim") text = `${who} ${verb("make", "makes")} no claim on ${on}`;
      else if (e.phase === "start") text = `${who} (dealer) cannot discard: dead (T7)`;
      else text = `${who} ${verb("pass", "passes")} ${on}`;
      break;
    case "chiu": text = `${who} ${verb("claim", "claims")} ${on} by Chíu`; break;
    case "win":
      text = e.phase === "discard" ? `${who} ${verb("win", "wins")} by Chíu ù`
                                   : `${who} ${verb("win", "wins")} (Ù) on ${on}`;
      break;
    case "heaven": text = `${who} ${verb("declare", "declares")} Thiên ù`; break;
    default: text = `${who}: ${a.do}`;
  }
  if (e.revealed) {
    const door = e.revealed.door === 0 ? "your" : seatName(e.revealed.door) + "'s";
    text += ` — ${name(e.revealed.card)} revealed at ${door} door`;
  }
  return text;
}

function door(t, seat) {
  // a seat's door on the table beside the decision: its melds, discards, passed cards
  const v = t.view;
  const s = v.table[seat];
  const head = el("h2", {}, seatName(seat),
    seat ? el("small", {}, t.opponents[seat - 1]) : null,
    v.dealer === seat ? el("span", {class: "badge", title: "the dealer"}, "Cái") : null,
    s.dead ? el("span", {class: "badge dead"}, "dead") : null);
  const row = (label, content) => el("div", {class: "row"},
    el("span", {class: "label"}, label),
    content.length ? content : el("span", {class: "none"}, "—"));
  const parts = [head,
    row("Melds", s.melds.map((m) => el("span", {class: "meld"},
      // four of one card: a Chíu (C2), named as such
      m.length === 4 ? el("span", {class: "kind", title: "four of one card (C2)"}, "Chíu")
                     : null,
      cards(m, "small")))),
    row("Discards", cards(s.discards, "small")),
    row("Passed", cards(s.passed, "small"))];
  if (v.offer && v.offer.door === seat) {
    parts.push(el("div", {class: "row offer-here"},
      el("span", {class: "label"}, "On offer"), card(v.offer.card, "small"), " ",
      offerText(v.offer)));
  }
  const turn = !t.over && v.to_act === seat;
  return el("section", {class: `door s${seat}${turn ? " turn" : ""}`, id: `door${seat}`},
    parts);
}

// The hand: a legal discard is a tap on its card (the card carries the action); a card
// the rules forbid is a button too, so that the server can say which rule.
function renderHand(t) {
  const v = t.view;
  const discards = new Map(t.legal.filter((a) => a.do === "discard").map((a) => [a.card, a]));
  const canDiscard = t.waiting && discards.size > 0;
  const seen = new Set();
  $("hand").replaceChildren(...v.hand.map((c) => {
    if (!canDiscard) return card(c, "big");
    const a = discards.get(c);
    const b = card(c, "big", () => act(a || {do: "discard", card: c}));
    if (a && !seen.has(c)) {  // one control per legal action: the first card of a face
      b.setAttribute("data-action", JSON.stringify(a));
      seen.add(c);
    }
    if (a) b.classList.add("legal");
    return b;
  }));
  const tap = matchMedia("(hover: none)").matches ? "tap" : "click";
  const melds = v.table[0].melds.length;
  $("hand-label").textContent = (canDiscard
    ? `Your hand — ${tap} a card to discard it (outlined: legal)` : "Your hand") +
    (melds ? ` · ${melds} meld${melds === 1 ? "" : "s"} shown (your door, beside)` : "");
}

function middle(t) {
  const v = t.view;
  const parts = [];
  if (v.offer) {
    parts.push(card(v.offer.card, "big"), el("div", {class: "what"}, offerText(v.offer),
      el("div", {class: "stock"}, `Nọc (stock): ${v.stock_left} cards`)));
  } else {
    parts.push(el("div", {class: "what"}, t.over ? "The deal is over" :
      v.to_act === 0 ? "Your turn" : `${seatName(v.to_act)} to play`,
      el("div", {class: "stock"}, `Nọc (stock): ${v.stock_left} cards`)));
  }
  return parts;
}

function renderResult(t) {
  const box = $("result");
  box.replaceChildren();
  if (!t.over || !t.result) { box.hidden = true; return; }
  const r = t.result;
  box.hidden = false;
  if (r.winner === null) {
    box.append(el("h2", {}, "Draw — the stock ran out (T6); nobody pays"));
  } else {
    const how = {own_door: "on the card revealed at their own door (Ù chì)",
                 other_door: "on a revealed stock card", chiu: "by Chíu (Chíu ù)",
                 heaven: "with the dealt hand (Thiên ù)"}[r.win_by] || r.win_by;
    box.append(el("h2", {}, `${seatName(r.winner)} ${r.winner ? "wins" : "win"} ` +
      `${r.points} point${r.points === 1 ? "" : "s"} ${how}`),
    r.winning_card ? el("p", {}, "Winning card: ", card(r.winning_card, "small"), " ",
                        name(r.winning_card)) : null,
    el("table", {class: "grid", id: "bonuses"},
      el("tr", {}, el("th", {}, "Cước (bonus)"), el("th", {}, "because"),
         el("th", {class: "num"}, "count"), el("th", {class: "num"}, "base"),
         el("th", {class: "num"}, "dịch")),
      r.bonuses.map((b) => el("tr", {}, el("td", {}, b.name),
        el("td", {class: "dim"}, CONDITIONS[b.code] || ""), el("td", {class: "num"}, b.count),
        el("td", {class: "num"}, b.base), el("td", {class: "num"}, b.dich)))));
    if (t.reveal && t.reveal.pairs.length) {
      // the winner's 20 cards by group, as the analysis lays them out
      const chan = t.reveal.pairs.filter((p) => p[0] === p[1]);
      const ca = t.reveal.pairs.filter((p) => p[0] !== p[1]);
      const group = (label, pairs) => el("div", {class: "row"},
        el("span", {class: "label"}, `${label} (${pairs.length})`),
        pairs.map((p) => el("span", {class: "meld"}, cards(p, "small"))));
      box.append(el("div", {id: "winning-hand"},
        el("h3", {}, `${seatName(r.winner)}: the winning cards`),
        group("Chắn", chan), group("Cạ", ca)));
    }
  }
  if (t.reveal) {
    box.append(el("div", {id: "hands"}, el("h3", {}, "Every hand at the end"),
      t.reveal.hands.map((h, s) => el("div", {class: "row"},
        el("span", {class: "label"}, seatName(s)),
        h.length ? cards(h, "small") : el("span", {class: "none"}, "—")))));
  }
  box.append(el("table", {class: "grid", id: "payments"},
    el("tr", {}, SEATS.map((s) => el("th", {class: "num"}, s))),
    el("tr", {}, r.payments.map((p) => el("td", {class: "num"}, p > 0 ? `+${p}` : String(p))))));
  box.append(el("div", {class: "tools"},
    el("a", {class: "button", id: "record", href: `/v1/play/${t.id}/record`,
             download: `chan-${t.id.slice(0, 8)}.json`}, "Download the record (chan-record/2)"),
    el("button", {type: "button", class: "button", id: "review-deal",
                  onclick: () => reviewDeal(t)}, "Review this deal"),
    el("button", {type: "button", class: "button", id: "again", onclick: deal},
       "New deal")));
}

// "Review this deal": the review of the player's seat, shown under the result.
function reviewDeal(t) {
  run(async () => {
    let r;
    try {
      r = await api("POST", `/v1/play/chan/${t.id}/review`);
    } catch (err) {
      if (err.status === 413) err.problem = {detail: reviewRefusal(err, "chan")};
      throw err;
    }
    const old = $("review");
    if (old) old.remove();
    const section = reviewSection(r);
    $("result").append(section);
    section.scrollIntoView({block: "start"});
  });
}

function render(t) {
  const ended = t.over && !(table && table.id === t.id && table.over);
  const moved = !table || table.id !== t.id || table.version !== t.version;
  table = t;
  $("setup").hidden = !t.over;
  $("game").hidden = false;
  const notice = $("practice");
  if (notice) notice.hidden = !t.practice;  // the label belongs to a practice deal only
  $("mid").replaceChildren(...middle(t));
  $("table").replaceChildren(door(t, 0), door(t, 1), door(t, 2), door(t, 3));
  renderHand(t);
  // a discard is a tap on its card; every other legal action is a button
  $("actions").replaceChildren(...t.legal.filter((a) => a.do !== "discard").map((a) =>
    el("button", {type: "button", class: "action", "data-action": JSON.stringify(a),
                  onclick: () => act(a)}, actionLabel(a, t.view))));
  $("hint").hidden = !t.waiting;
  $("hint").disabled = !t.waiting;
  $("hint-out").hidden = true;
  $("status").textContent = t.over ? "The deal is over." :
    t.waiting ? "Your decision." : "";
  $("leave").hidden = t.over;
  $("decision").hidden = t.over;
  const log = $("log");
  log.replaceChildren(...t.log.map((e, i) => el("li",
    {class: [i >= seenLog ? "new" : "", e.seat === 0 ? "you" : ""].join(" ").trim()},
    eventText(e))));
  seenLog = t.log.length;
  log.scrollTop = log.scrollHeight;
  renderResult(t);
  if (ended) $("result").scrollIntoView({block: "start"});
  else if (moved) window.scrollTo(0, 0);  // the next decision starts on the first screen
}

// --- talking to the server -----------------------------------------------------------

function showError(problem) {
  const box = $("error");
  box.replaceChildren();
  if (!problem) { box.hidden = true; return; }
  box.hidden = false;
  let detail = problem.detail || problem.title || "Something went wrong.";
  if (problem.rule) {
    // "R2: a face held …" under the heading "Not allowed (rule R2)": the rule once
    if (detail.startsWith(`${problem.rule}: `)) detail = detail.slice(problem.rule.length + 2);
    box.append(el("span", {class: "rule"}, `Not allowed (rule ${problem.rule}): `));
    detail = detail.charAt(0).toUpperCase() + detail.slice(1);
  }
  box.append(detail);
}

const UNREACHABLE = "The server cannot be reached. Check your connection, then try again " +
  "— the deal is kept on the server.";

const BUSY_NOW = "The advisor is busy with other players' requests.";
const BUSY = "The advisor is still busy with other players' requests, so this was not " +
  "done. Try again in a moment — the deal is kept on the server.";

async function api(method, url, body) {
  const init = {method, headers: {Accept: "application/json"}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const send = async () => {
    try {
      return await fetch(url, init);
    } catch (_) {  // no answer at all: the server is down or the network is
      const err = new Error(UNREACHABLE);
      err.problem = {detail: UNREACHABLE};
      throw err;
    }
  };
  let resp = await send();
  // A busy server (503: every advice slot taken, or the work passed its deadline) says
  // when to come back: say so in words, wait that long and ask once more.
  if (resp.status === 503) {
    const wait = Math.min(Number(resp.headers.get("Retry-After")) || 1, 10);
    showError({detail: `${BUSY_NOW} Asking again in ${wait} s…`});
    await new Promise((done) => setTimeout(done, wait * 1000));
    resp = await send();
  }
  let data = await resp.json().catch(() => null);
  if (resp.status === 503) data = {...(data || {}), detail: BUSY};
  if (!resp.ok) {
    const err = new Error((data && data.detail) || resp.statusText);
    err.problem = data || {detail: `${resp.status} ${resp.statusText}`};
    err.status = resp.status;
    throw err;
  }
  return data;
}

async function run(work) {
  if (busy) return;
  busy = true;
  document.body.classList.add("busy");
  for (const b of document.querySelectorAll("button")) b.disabled = true;
  try {
    await work();
    showError(null);
  } catch (err) {
    showError(err.problem || {detail: String(err)});
    if (err.status === 404) forget();
  } finally {
    busy = false;
    document.body.classList.remove("busy");
    for (const b of document.querySelectorAll("button")) b.disabled = false;
    if (table) $("hint").disabled = !table.waiting;
  }
}

function remember(t) {
  localStorage.setItem(STORE_KEY, t.id);
  // the address is the table's: /play#id (a practice seed is not dealt again on reload)
  if (location.search || location.hash !== `#${t.id}`) {
    history.replaceState(null, "", `/play/chan#${t.id}`);  // (/play?seed=N too)
  }
}

function leave() {
  // Leave the deal (it stays on the server until it expires) and set up a new one.
  if (!table || table.over || window.confirm("Leave this deal for a new one?")) {
    forget();
    showError(null);
    $("result").hidden = true;
    $("hint-out").hidden = true;
  }
}

function forget() {
  localStorage.removeItem(STORE_KEY);
  history.replaceState(null, "", "/play/chan");
  table = null;
  $("game").hidden = true;
  $("setup").hidden = false;
}

// /play?seed=42: the first deal is practice deal 42; every "New deal" after it is a
// fresh deal (the seed is used once, then dropped from the address).
// (the server read it: plain digits in range, as a string; anything else is refused in
// words on the page and the deal is a real one)
let practiceSeed = JSON.parse(document.getElementById("practice-data").textContent);

function deal() {
  return run(async () => {
    const body = {opponents: [1, 2, 3].map((s) => $(`opp${s}`).value),
                  rules: $("rules").value};
    // the digits as typed, sent as a string: a seed above 2^53 is not rounded
    if (practiceSeed !== null) body.seed = practiceSeed;
    practiceSeed = null;
    const refused = $("refused");
    if (refused) refused.hidden = true;
    const t = await api("POST", "/v1/play", body);
    seenLog = 0;
    remember(t);
    render(t);
  });
}

function act(action) {
  if (!table) return;
  return run(async () => {
    let t;
    try {
      t = await api("POST", `/v1/play/${table.id}/action`,
                    {...action, version: table.version});
    } catch (err) {
      if (!err.problem || err.problem.type !== "/problems/stale-version") throw err;
      // The deal moved on elsewhere (another tab): show it as it is now, and say so.
      const now = await api("GET", `/v1/play/${table.id}`);
      seenLog = now.log.length;
      render(now);
      const moved = new Error(STALE);
      moved.problem = {detail: STALE};
      throw moved;
    }
    render(t);
  });
}

const STALE = "This deal was played on in another tab or window; the table now shows it " +
  "as it is. Choose again.";

function hint() {
  if (!table || !table.waiting) return;
  return run(async () => {
    let advice;
    try {
      advice = await api("POST", `/v1/play/${table.id}/hint?version=${table.version}`);
    } catch (err) {
      if (!err.problem || err.problem.type !== "/problems/stale-version") throw err;
      const now = await api("GET", `/v1/play/${table.id}`);
      seenLog = now.log.length;
      render(now);
      const moved = new Error(STALE);
      moved.problem = {detail: STALE};
      throw moved;
    }
    showHint(advice);
  });
}

// A chance as the advisor gives it: the estimate, then the range it is 95% sure of, in
// whole percent without repeating the sign ("28% (27–30)"), "±<1" when the range rounds
// to the estimate; or "certain".
function chance(e) {
  const pct = (x) => Math.round(x * 100);
  if (e.win === null || e.win === undefined) return "—";
  if (e.certain || e.win_se === 0 || !e.win_interval) {
    return `${pct(e.win)}%${e.certain || e.win_se === 0 ? " (certain)" : ""}`;
  }
  const [lo, hi] = e.win_interval.map(pct);
  return lo === hi ? `${pct(e.win)}% (±<1)` : `${pct(e.win)}% (${lo}–${hi})`;
}

function chanceCell(e) {  // the estimate, then its range (kept on one line)
  const [value, ...range] = chance(e).split(" ");
  return range.length ? [value, " ", el("span", {class: "range"}, range.join(" "))] : value;
}

function showHint(advice) {
  const out = $("hint-out");
  const label = (e) => actionLabel(e.action, table.view) +
    (e.then ? `, then discard ${name(e.then)}` : "");
  const best = JSON.stringify(advice.best);
  out.replaceChildren(
    el("p", {}, el("strong", {}, "Advisor: "), named(advice.explanation)),
    el("table", {class: "grid", id: "ranking"},
      el("tr", {}, el("th", {class: "n"}, "#"), el("th", {}, "action"),
         el("th", {class: "num ch"}, "chance to win"), el("th", {class: "num ex"}, "expected"),
         el("th", {class: "num di", title: "cards still to pair before the hand wins"},
            "distance"), el("th", {class: "wa"}, "waits (unseen)")),
      advice.actions.map((e, i) => el("tr",
        {class: JSON.stringify(e.action) === best ? "best" : ""},
        el("td", {}, i + 1), el("td", {}, label(e)),
        el("td", {class: "num"}, chanceCell(e)),
        el("td", {class: "num"}, (e.expected >= 0 ? "+" : "") + e.expected.toFixed(2)),
        el("td", {class: "num di"}, e.distance === null ? "—" : e.distance),
        el("td", {}, e.waits.map((w) => `${name(w.card)} (${w.unseen})`).join(", "))))),
    ...(advice.notes || []).map((n) => el("p", {class: "dim note"}, `Note: ${named(n)}`)),
    el("p", {class: "dim", id: "hint-legend"},
      "Chance to win: the advisor's estimate that this action leads to your win; in " +
      "brackets, the range it is 95% sure the chance lies in. Expected: the points this " +
      "action is worth on average by the end of the deal (+ won, − paid), over the deals " +
      "the advisor imagined. Distance: cards still to pair; waits: the cards that would " +
      "win, with how many are unseen. " +
      (advice.method === "certain" ? "A certain outcome" :
       "Chances from the value model, fitted on simulated deals") +
      (advice.work.done ? `; playouts in ${advice.work.done} worlds` : "") +
      `, ${advice.ms} ms.`));
  out.hidden = false;
  // the hint rings its action: the button, or the card in the hand (a discard; the card
  // an eat lays with the one on offer)
  for (const b of document.querySelectorAll("[data-action]")) {
    b.classList.toggle("hinted", b.dataset.action === best);
  }
  for (const b of document.querySelectorAll("#hand .card:not([data-action])")) {
    b.classList.remove("hinted");
  }
  if (advice.best && advice.best.do === "eat") {
    const c = document.querySelector(`#hand .card[data-card="${advice.best.with}"]`);
    if (c) c.classList.add("hinted");
  }
  // the ranking fills the rest of the screen under the decision, with its own scroll:
  // the card on offer, the hand and the actions stay where they are
  const top = out.getBoundingClientRect().top;
  out.style.maxHeight = `${Math.max(140, Math.floor(window.innerHeight - top - 8))}px`;
}

async function resume() {
  // /play?seed=N asks for that practice deal: it is not silently replaced by a stored one
  if (practiceSeed !== null && !location.hash) return;
  const id = location.hash.slice(1) || localStorage.getItem(STORE_KEY);
  if (!id) return;
  await run(async () => {
    const t = await api("GET", `/v1/play/${encodeURIComponent(id)}`);
    seenLog = t.log.length;
    remember(t);
    render(t);
  });
}

$("deal").addEventListener("click", deal);
$("leave").addEventListener("click", leave);
$("hint").addEventListener("click", hint);
resume();
