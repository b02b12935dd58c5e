// The table of any game (/play/<game>): a thin client of the JSON API /v1/play/<game>.
// The server holds the deal, checks every action and says what to draw (the game's
// declaration: cards, groups, the middle, the seats, actions and log in words); this page
// draws it the same way for every game and sends the control the player tapped.
"use strict";

const SETUP = JSON.parse(document.getElementById("setup-data").textContent);
const FACES = SETUP.faces;
const GAME = SETUP.game;
const STORE_KEY = `${GAME}-table`;
const API = `/v1/play/${GAME}`;
const MAX_BUTTONS = 6;  // plays shown at once; more are narrowed by tapping cards
const $ = (id) => document.getElementById(id);

let table = null;
let seenLog = 0;
let busy = false;
let picked = [];  // cards tapped toward a play of several cards
let practiceSeed = JSON.parse(document.getElementById("practice-data").textContent);

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

function seatName(s) { return s === 0 ? "You" : `AI ${s}`; }

// Can this browser draw Chinese characters? Without a CJK font every one is the same
// empty box: then a card shows its Latin marks only (rank or code, and the suit's word).
const CJK = (() => {
  const c = document.createElement("canvas");
  c.width = 24; c.height = 24;
  const g = c.getContext("2d");
  if (!g) return true;
  const draw = (text) => {
    g.clearRect(0, 0, 24, 24);
    g.font = "20px sans-serif";
    g.fillText(text, 0, 20);
    return g.getImageData(0, 0, 24, 24).data.join(",");
  };
  return draw("萬") !== draw("\uE000");  // a private-use point: never a glyph
})();
const HAN = /[\u3400-\u9fff]/;

function card(code, size, attrs) {
  const f0 = FACES[code] || {top: code, mid: "", low: "", name: code, red: false};
  const f = CJK || !HAN.test(f0.mid) ? f0 : {...f0, mid: ""};
  const cls = ["card", size || "", f.red ? "red" : ""].join(" ").trim();
  const parts = [el("span", {class: "rk"}, f.top), el("span", {class: "nm"}, f.mid),
                 el("span", {class: "st"}, f.low)];
  const title = `${f.name} (${code})`;
  if (attrs) return el("button", {type: "button", class: cls, title, "data-card": code,
                                  ...attrs}, parts);
  return el("span", {class: cls, title, "data-card": code}, parts);
}

function cards(codes, size) { return (codes || []).map((c) => card(c, size)); }

// The library's sentences name cards by code ("Discard 7m (Thất Văn)"); the page by name.
const CODES = Object.keys(FACES).sort((a, b) => b.length - a.length)
  .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
const CODE = CODES.length ? new RegExp(`\\b(${CODES.join("|")})\\b( \\(([^)]*)\\))?`, "g") : null;
function named(text) {
  if (!CODE || !text) return text || "";
  return text.replace(CODE, (whole, code, paren, said) => {
    const n = FACES[code].name;
    if (!paren) return n;
    return said.toLowerCase() === n.toLowerCase() ? n : `${n}${paren}`;
  });
}

const key = (a) => JSON.stringify(a);

// --- what a tap on a card does ----------------------------------------------------------

function cardsOf(a) { return Array.isArray(a.cards) ? a.cards : null; }

function contains(have, want) {  // multiset: every card of want is in have
  const left = [...have];
  for (const c of want) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

function tapPlan(t) {
  // byCard: card → the one action a tap on it takes at once; the rest are buttons
  const byCard = new Map();
  const buttons = [];
  const taps = SETUP.tap;
  const multi = t.legal.filter((l) => taps.includes(l.action.do) && cardsOf(l.action) &&
                                      cardsOf(l.action).length > 1);
  for (const l of t.legal) {
    const a = l.action;
    if (taps.includes(a.do) && typeof a.card === "string" && !byCard.has(a.card)) {
      byCard.set(a.card, l);
    } else if (taps.includes(a.do) && cardsOf(a) && cardsOf(a).length === 1 &&
               !multi.some((m) => cardsOf(m.action).includes(cardsOf(a)[0])) &&
               !byCard.has(cardsOf(a)[0])) {
      byCard.set(cardsOf(a)[0], l);
    } else {
      buttons.push(l);
    }
  }
  return {byCard, buttons, choosing: multi.length > 0};
}

// --- drawing ------------------------------------------------------------------------------

function middle(t) {
  const m = t.table.middle;
  const parts = [el("div", {class: "what"}, m.label)];
  if (m.plays) {
    parts.push(el("div", {class: "trick", id: "trick"}, m.plays.map((p) =>
      el("div", {class: "play"}, el("span", {class: "who"}, seatName(p.seat)),
         p.shown === false && !p.cards ? el("span", {class: "facedown"},
           `${p.count} face down`) : cards(p.cards, "small")))));
  } else if (m.cards && m.cards.length) {
    parts.push(el("div", {class: "offer"}, cards(m.cards, "big")));
  }
  parts.push(el("div", {class: "stock"}, stockText(t.view)));
  return parts;
}

function stockText(v) {
  const n = v.stock_left !== undefined ? v.stock_left : v.stock;
  return n === undefined || n === null ? "" : `Stock: ${n} card${n === 1 ? "" : "s"}`;
}

function renderHand(t, plan) {
  const hand = $("hand");
  // a card is a control when a tap on it can take an action (or choose a play)
  const clickable = t.waiting && (plan.byCard.size > 0 || plan.choosing);
  hand.replaceChildren(...t.table.groups.map((g) => el("div", {class: "group"},
    el("span", {class: "glabel"}, g.label),
    el("div", {class: "gcards"}, g.cards.map((c) => {
      if (!clickable) return card(c, "big");
      const direct = plan.byCard.get(c);
      const attrs = {onclick: () => tapCard(c)};
      if (direct) attrs["data-action"] = key(direct.action);
      const b = card(c, "big", attrs);
      if (direct) b.classList.add("legal");
      if (plan.choosing && t.legal.some((l) => cardsOf(l.action) &&
                                          cardsOf(l.action).includes(c))) {
        b.classList.add("legal");
      }
      return b;
    })))));
  markPicked();
  const tap = plan.byCard.size ? (matchMedia("(hover: none)").matches ? "tap" : "click") : "";
  $("hand-label").textContent = !t.waiting ? "Your hand" :
    plan.choosing ? `Your hand — ${tap || "tap"} cards to choose a play (outlined: playable)` :
    tap ? `Your hand — ${tap} a card to ${describeTap(plan)} it (outlined: legal)` :
    "Your hand";
}

function describeTap(plan) {
  const first = plan.byCard.values().next().value;
  return first ? first.action.do : "play";
}

function markPicked() {
  const left = [...picked];
  for (const b of document.querySelectorAll("#hand button.card")) {
    const i = left.indexOf(b.dataset.card);
    b.classList.toggle("picked", i >= 0);
    if (i >= 0) left.splice(i, 1);
  }
}

function renderActions(t, plan) {
  let shown = plan.buttons;
  if (picked.length) shown = shown.filter((l) => cardsOf(l.action) &&
                                               contains(cardsOf(l.action), picked));
  const more = shown.length - MAX_BUTTONS;
  $("actions").replaceChildren(...[...shown.slice(0, MAX_BUTTONS).map((l) =>
    el("button", {type: "button", class: "action", "data-action": key(l.action),
                  onclick: () => act(l.action)}, l.text)),
    more > 0 ? el("span", {class: "more dim"},
      `${more} more play${more === 1 ? "" : "s"}: tap cards of your hand to narrow them`)
      : null,
    picked.length ? el("button", {type: "button", class: "secondary", id: "unpick",
      onclick: () => { picked = []; redraw(); }}, "Clear the cards picked") : null]
    .filter((x) => x !== null));
}

function renderSeats(t) {
  const rows = t.table.seats;
  $("seats").replaceChildren(el("h2", {}, "The table"), ...rows.map((r, s) => el("div",
    {class: `seat${!t.over && t.view.to_act === s ? " turn" : ""}`, id: `seat${s}`},
    el("h3", {}, seatName(s), s ? el("small", {}, ` ${t.opponents[s - 1]}`) : null,
       t.view.dealer === s ? el("span", {class: "badge", title: "the dealer"}, SETUP.dealer)
         : null),
    r.map((row) => el("div", {class: "row"}, el("span", {class: "label"}, row.label),
      row.cards ? (row.cards.length ? cards(row.cards, "small") : el("span", {class: "none"}, "—"))
      : row.groups ? (row.groups.length ? row.groups.map((g) => el("span", {class: "meld"},
          // a group the game names (Chắn's Chíu: four of one card) carries its name
          Array.isArray(g) ? null : el("span", {class: "kind"}, g.label),
          cards(Array.isArray(g) ? g : g.cards, "small"))) : el("span", {class: "none"}, "—"))
      : el("span", {}, row.text))))));
}

function renderResult(t) {
  const box = $("result");
  box.replaceChildren();
  if (!t.over || !t.result) { box.hidden = true; return; }
  const r = t.result;
  box.hidden = false;
  box.append(el("h2", {}, r.headline), ...r.lines.map((l) => el("p", {}, named(l))));
  if (r.explained && r.explained.length) {
    // the game's own account of the points: each line, why, and what it counts
    box.append(el("table", {class: "grid", id: "explained"},
      el("tr", {}, el("th", {}, "for"), el("th", {}, "because"), el("th", {class: "num"}, "points")),
      r.explained.map((x) => el("tr", {}, el("td", {}, x.name),
        el("td", {class: "dim"}, x.because), el("td", {class: "num"}, x.points)))));
  }
  if (r.groups.length) {
    box.append(el("div", {id: "winning-hand"}, r.groups.map((g) => el("div", {class: "row"},
      el("span", {class: "label"}, g.label), cards(g.cards, "small")))));
  }
  if (t.reveal) {
    box.append(el("div", {id: "hands"}, el("h3", {}, "Every hand at the end"),
      t.reveal.map((h, s) => el("div", {class: "row"}, el("span", {class: "label"}, seatName(s)),
        h.length ? cards(h, "small") : el("span", {class: "none"}, "— (no cards left)")))));
  }
  box.append(el("table", {class: "grid", id: "payments"},
    el("tr", {}, r.payments.map((_, s) => el("th", {class: "num"}, seatName(s)))),
    el("tr", {}, r.payments.map((p) => el("td", {class: "num"}, p > 0 ? `+${p}` : String(p))))));
  box.append(el("div", {class: "tools"},
    el("a", {class: "button", id: "record", href: `${API}/${t.id}/record`,
             download: `${GAME}-${t.id.slice(0, 8)}.json`},
       `Download the record (${SETUP.record_format})`),
    el("button", {type: "button", class: "button", id: "review-deal",
                  onclick: () => reviewDeal(t)}, "Review this deal"),
    el("button", {type: "button", class: "button", id: "again", onclick: deal}, "New deal")));
}

// "Review this deal": the review of the player's seat, shown under the result.
function reviewDeal(t) {
  run(async () => {
    let r;
    try {
      r = await api("POST", `${API}/${t.id}/review`);
    } catch (err) {
      if (err.status === 413) err.problem = {detail: reviewRefusal(err, GAME)};
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
  if (moved) picked = [];
  $("setup").hidden = !t.over;
  $("game").hidden = false;
  $("practice").hidden = !t.practice;
  redraw();
  $("hint-out").hidden = true;
  const log = $("log");
  log.replaceChildren(...t.log.map((e, i) => el("li",
    {class: [i >= seenLog ? "new" : "", e.seat === 0 ? "you" : ""].join(" ").trim()}, e.text)));
  seenLog = t.log.length;
  log.scrollTop = log.scrollHeight;
  renderSeats(t);
  renderResult(t);
  if (ended) $("result").scrollIntoView({block: "start"});
  else if (moved) window.scrollTo(0, 0);  // the next decision starts on the first screen
}

function redraw() {
  const t = table;
  const plan = tapPlan(t);
  $("mid").replaceChildren(...middle(t));
  renderHand(t, plan);
  renderActions(t, plan);
  $("hint").hidden = !t.waiting;
  $("leave").hidden = t.over;
  $("decision").hidden = t.over;
  $("status").textContent = t.over ? "The deal is over." : t.waiting ? "Your decision." : "";
}

function tapCard(c) {
  if (busy || !table) return;
  const plan = tapPlan(table);
  const direct = plan.byCard.get(c);
  if (direct && !picked.length) { act(direct.action); return; }
  if (!plan.choosing && plan.byCard.size && SETUP.tap.includes("discard") && !picked.length) {
    // a card the rules forbid: the server says which rule, and nothing changes
    act({do: "discard", card: c});
    return;
  }
  const i = picked.indexOf(c);
  if (i >= 0) picked.splice(i, 1); else picked.push(c);
  const fits = table.legal.filter((l) => cardsOf(l.action) &&
    contains(cardsOf(l.action), picked));
  if (!fits.length) picked = [c];
  redraw();
}

// --- talking to the server ----------------------------------------------------------------

function showError(problem) {
  const box = $("error");
  box.replaceChildren();
  if (!problem) { box.hidden = true; return; }
  box.hidden = false;
  let detail = problem.detail || problem.title || "Something went wrong.";
  if (problem.rule) {
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
const STALE = "This deal was played on in another tab or window; the table now shows it " +
  "as it is. Choose again.";

async function api(method, url, body) {
  const init = {method, headers: {Accept: "application/json"}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const send = async () => {
    try {
      return await fetch(url, init);
    } catch (_) {
      const err = new Error(UNREACHABLE);
      err.problem = {detail: UNREACHABLE};
      throw err;
    }
  };
  let resp = await send();
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
  }
}

// A change made elsewhere (another tab): show the table as it is, and say so.
async function refreshStale(err) {
  if (!err.problem || err.problem.type !== "/problems/stale-version") throw err;
  const now = await api("GET", `${API}/${table.id}`);
  seenLog = now.log.length;
  render(now);
  const moved = new Error(STALE);
  moved.problem = {detail: STALE};
  throw moved;
}

function remember(t) {
  localStorage.setItem(STORE_KEY, t.id);
  if (location.search || location.hash !== `#${t.id}`) {
    history.replaceState(null, "", `${location.pathname}#${t.id}`);
  }
}

function forget() {
  localStorage.removeItem(STORE_KEY);
  history.replaceState(null, "", location.pathname);
  table = null;
  picked = [];
  $("game").hidden = true;
  $("setup").hidden = false;
}

function leave() {
  if (!table || table.over || window.confirm("Leave this deal for a new one?")) {
    forget();
    showError(null);
  }
}

function deal() {
  return run(async () => {
    const n = Number($("players").value);
    const body = {players: n, opponents: [...Array(n - 1).keys()].map((i) =>
      $(`opp${i + 1}`).value)};
    for (const o of SETUP.options) body[o.name] = $(`opt-${o.name}`).value;
    if (practiceSeed !== null) body.seed = practiceSeed;  // the digits as typed, a string
    practiceSeed = null;
    const refused = $("refused");
    if (refused) refused.hidden = true;
    const t = await api("POST", API, body);
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
      t = await api("POST", `${API}/${table.id}/action`, {...action, version: table.version});
    } catch (err) {
      await refreshStale(err);
    }
    render(t);
  });
}

function hint() {
  if (!table || !table.waiting) return;
  return run(async () => {
    let advice;
    try {
      advice = await api("POST", `${API}/${table.id}/hint?version=${table.version}`);
    } catch (err) {
      await refreshStale(err);
    }
    showHint(advice);
  });
}

function pct(x) { return `${Math.round(x * 100)}%`; }

function chance(e) {
  if (e.win === null || e.win === undefined) return "—";
  if (e.certain || e.win_se === 0 || !e.win_interval) return `${pct(e.win)}${e.certain ? " (certain)" : ""}`;
  // the range it is 95% sure of, in whole percent without the sign repeated: "28% (27–30)"
  const [lo, hi] = e.win_interval.map((x) => Math.round(x * 100));
  return lo === hi ? `${pct(e.win)} (±<1)` : `${pct(e.win)} (${lo}–${hi})`;
}

function showHint(advice) {
  const out = $("hint-out");
  const best = key(advice.best);
  out.replaceChildren(...[
    advice.explanation ? el("p", {}, el("strong", {}, "Advisor: "), named(advice.explanation))
      : null,
    el("table", {class: "grid", id: "ranking"},
      el("tr", {}, el("th", {}, "#"), el("th", {}, "play"),
         el("th", {class: "num"}, "chance to win"),
         el("th", {class: "num", title: "the average points this play ends the deal with, " +
                    "won or lost, over the deals the advisor imagined"}, "expected")),
      advice.actions.map((e, i) => el("tr", {class: key(e.action) === best ? "best" : ""},
        el("td", {}, i + 1), el("td", {}, e.label || named(e.text)),
        el("td", {class: "num"}, chance(e)),
        el("td", {class: "num"}, e.expected === null ? "—" :
          (e.expected >= 0 ? "+" : "") + e.expected.toFixed(2))))),
    ...(advice.notes || []).map((n) => el("p", {class: "dim note"}, `Note: ${named(n)}`)),
    el("p", {class: "dim", id: "hint-legend"}, "Chance to win: the advisor's estimate, with " +
       "the range it is 95% sure of. Expected: the points the play ends the deal with on " +
       `average (+ won, − paid). Ranked by ${advice.ranked_by === "win" ? "chance to win" :
       "expected points"}; ${advice.work.done} ${advice.work.unit}, ${Math.round(advice.ms)} ms.`)]
    .filter((x) => x !== null));
  out.hidden = false;
  for (const b of document.querySelectorAll("[data-action]")) {
    b.classList.toggle("hinted", b.dataset.action === best);
  }
  // a play of several cards: ring its cards in the hand
  // (the cards an action names: its cards, its card, or the card it is laid with)
  const bestCards = advice.best && (advice.best.cards ||
    [advice.best.card || advice.best.with].filter((c) => typeof c === "string"));
  const left = Array.isArray(bestCards) ? [...bestCards] : [];
  for (const b of document.querySelectorAll("#hand .card")) {
    const i = left.indexOf(b.dataset.card);
    b.classList.toggle("hinted", i >= 0 || b.dataset.action === best);
    if (i >= 0) left.splice(i, 1);
  }
}

async function resume() {
  if (practiceSeed !== null && !location.hash) return;
  const id = location.hash.slice(1) || localStorage.getItem(STORE_KEY);
  if (!id) return;
  await run(async () => {
    const t = await api("GET", `${API}/${encodeURIComponent(id)}`);
    seenLog = t.log.length;
    remember(t);
    render(t);
  });
}

function setupForm() {
  const players = $("players");
  players.replaceChildren(...SETUP.players.map((n) => el("option",
    {value: n, selected: n === SETUP.default_players}, n)));
  const draw = () => {
    const n = Number(players.value);
    $("opps").replaceChildren(...[...Array(n - 1).keys()].map((i) => el("label", {},
      `AI ${i + 1}`, el("select", {id: `opp${i + 1}`}, SETUP.opponents.map((o) =>
        el("option", {value: o}, o))))));
  };
  players.addEventListener("change", draw);
  draw();
  // the game's table options (Chắn's rules profile), each a choice
  $("options").replaceChildren(...SETUP.options.map((o) => el("label", {}, o.label,
    el("select", {id: `opt-${o.name}`}, o.choices.map((c) =>
      el("option", {value: c.value, title: c.description}, c.value))))));
  $("options-explained").replaceChildren(...SETUP.options.map((o) => el("span", {},
    ` ${o.label}: `, ...o.choices.map((c, i) => el("span", {}, el("b", {}, c.value),
      ` — ${c.description}${i + 1 < o.choices.length ? "; " : "."}`)))));
}

setupForm();
$("deal").addEventListener("click", deal);
$("leave").addEventListener("click", leave);
$("hint").addEventListener("click", hint);
resume();
