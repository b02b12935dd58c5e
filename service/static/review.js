// "Review this deal" at a finished table (play.js, table.js): the review of the player's
// seat, from POST /v1/play/<game>/<id>/review — its summary, the chart of the player's
// chance of winning (the SVG of the review page, shown as an image) and every decision.

const REVIEW_CLASSES = {best: "best", good: "good", inaccuracy: "inaccuracy",
                        mistake: "mistake", blunder: "blunder"};

function reviewNode(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function reviewPercent(x) { return x === null || x === undefined ? "—" : `${Math.round(100 * x)} %`; }

// The words for a review the server could not give: too long for its budget (413), busy
// (503, already retried once by the page's api()), or anything else it said.
function reviewRefusal(err, game) {
  if (err && err.status === 413) {
    return "This deal has more decisions than this server reviews at once. Download the " +
      `record and review it on your computer: advisor ${game} review FILE --seat 0.`;
  }
  return (err && err.problem && err.problem.detail) || String(err);
}

// The review section: what the page shows under the result.
function reviewSection(r) {
  const s = r.summary["0"] || {decisions: 0, matched: 0, accuracy: null, loss_win: 0,
                               blunders: 0, mistakes: 0, inaccuracies: 0};
  const out = reviewNode("section", {id: "review", class: "review"},
    reviewNode("h3", {}, "Review of your decisions"),
    reviewNode("p", {id: "review-summary"},
      `${s.decisions} decision${s.decisions === 1 ? "" : "s"} reviewed, ` +
      `${s.matched} as the advisor would have played; accuracy ${reviewPercent(s.accuracy)}; ` +
      `${s.blunders} blunder${s.blunders === 1 ? "" : "s"}, ` +
      `${s.mistakes} mistake${s.mistakes === 1 ? "" : "s"}, ` +
      `${s.inaccuracies} inaccurac${s.inaccuracies === 1 ? "y" : "ies"}; ` +
      `chance to win lost in all: ${reviewPercent(s.loss_win)}.`));
  for (const note of r.notes || []) out.append(reviewNode("p", {class: "dim"}, note));
  if (r.chart) {
    out.append(reviewNode("img", {id: "review-chart", class: "review-chart",
      alt: "Your stated chance of winning, decision by decision, each marked by its class",
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(r.chart)}));
  }
  const costly = [...r.decisions].sort((a, b) => (b.loss_win || 0) - (a.loss_win || 0));
  out.append(reviewNode("ol", {id: "review-decisions"}, costly.map((d) =>
    reviewNode("li", {class: REVIEW_CLASSES[d.class] || "unjudged"},
      reviewNode("b", {}, `Move ${d.move} — ${d.class || "not judged"}: `), d.why))));
  out.append(reviewNode("p", {class: "dim"},
    `Advice at ${r.budget_ms} ms a decision; the costliest decisions first. ` +
    "A loss inside the figures' error is never worse than good."));
  return out;
}
