// Review mode in the page: the agent's question ("ask me") and the review view of a finished
// comparison — its queue (most doubtful first) or every row, with confirm / not a match /
// pair with… (candidates found with the agent's tools, with their scores and context) /
// out of scope; the project's decisions (export, import, withdraw) and a rerun. Every value
// from the server is set as text, never as HTML; every word is the catalogue's (t, from app.js).

export function createReview({ $, el, api, t, known, follow, showError }) {
  const view = { job: null, data: null, loadedFor: null, open: null, candidates: null, query: "" };
  const jobUrl = (suffix) => `/api/comparisons/${encodeURIComponent(view.job.id)}${suffix}`;
  const projectUrl = (suffix) => `/api/projects/${encodeURIComponent(view.data.project)}${suffix}`;

  function reviewer() {
    return $("reviewer-name").value.trim();
  }

  function say(text) {
    $("review-message").textContent = text || "";
  }

  async function post(url, body) {
    return api(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }

  // -- a decision on a row: recorded in the project, then the comparison runs again --------------
  async function decide(verdict, aIds, bIds) {
    showError("");
    try {
      const res = await post(jobUrl("/decisions"), { verdict, a_ids: aIds, b_ids: bIds, by: reviewer() });
      view.open = null;
      follow(res.job);
    } catch (e) {
      showError(e.message);
    }
  }

  function excerpt(text, n = 160) {
    const flat = (text || "").replace(/\s+/g, " ").trim();
    return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
  }

  const given = (x) => x !== null && x !== undefined;

  function scores(c, aIds) {
    const out = [];
    if (c.chosen) out.push(t("web.current_counterpart"));
    if (given(c.probability)) out.push(t("review.score.probability", { value: c.probability.toFixed(2) }));
    if (given(c.vector_score)) out.push(t("review.score.vector", { value: c.vector_score.toFixed(2) }));
    if (given(c.similarity)) out.push(t("review.score.similarity", { value: c.similarity.toFixed(2) }));
    if (c.string_matches) out.push(t("review.score.string", { value: c.string_matches }));
    if (c.held_by && c.held_by.length && c.held_by.join() !== aIds.join()) out.push(t("review.score.held", { a: c.held_by.join(",") }));
    return out.join(" · ");
  }

  const reason = (r) => known(`review.reason.${r}`, r);

  function candidateItem(c, aIds, onPick, label) {
    return el("li", { class: "candidate", "data-b": c.b_ids.join(",") },
      el("div", { class: "candidate-head" },
        el("button", { type: "button", class: "pick", text: label, onclick: () => onPick(c) }),
        el("strong", { text: ` ${c.b_ids.join(",")} ` }),
        el("span", { text: c.item || "" }),
        el("span", { class: "muted", text: ` — ${scores(c, aIds)}` })),
      c.path && c.path.length ? el("div", { class: "muted small", text: c.path.join(" > ") }) : "",
      el("div", { class: "chunk", text: excerpt(c.text, 240) }));
  }

  // -- the question ------------------------------------------------------------------------------
  async function answer(verdict, bIds = []) {
    showError("");
    try {
      follow(await post(jobUrl("/answer"), { verdict, b_ids: bIds, by: reviewer() }));
    } catch (e) {
      showError(e.message);
    }
  }

  function renderQuestion(job) {
    view.job = job;
    const q = job.question;
    $("question").hidden = !q;
    if (!q) return;
    const choice = q.agent_choice.length ? q.agent_choice.join(",") : t("review.no_counterpart");
    $("question-text").textContent = t("web.question_text", { a: q.a_ids.join(","), item: q.item || "—", choice,
      doubt: q.doubt.toFixed(2) }) + ` — ${q.reasons.map(reason).join(t("text.list_sep"))}`;
    $("question-path").textContent = (q.path || []).join(" > ");
    $("question-a").textContent = q.a_text;
    $("question-candidates").replaceChildren(...q.candidates.map((c) =>
      candidateItem(c, q.a_ids, (x) => answer("match", x.b_ids), t("web.answer_match"))));
  }

  function hideQuestion() {
    $("question").hidden = true;
  }

  // -- the review view ---------------------------------------------------------------------------
  async function load(job) {
    view.job = job;
    const key = `${job.id}@${job.finished}`;
    $("review").hidden = false;
    if (view.loadedFor === key && view.data) {
      render();
      return;
    }
    view.loadedFor = key;
    try {
      view.data = await api(jobUrl("/review"));
      view.open = null;
      render();
    } catch (e) {
      showError(e.message);
    }
  }

  function hide() {
    $("review").hidden = true;
  }

  function badges(r) {
    const out = [];
    const decided = r.decided_by === "reviewer";
    if (decided) out.push(el("span", { class: "badge reviewed", text: t("review.reviewed") }));
    if (r.ignored) out.push(el("span", { class: "badge ignored", text: t("review.verdict.ignore") }));
    if (given(r.doubt) && !decided && !r.ignored) {  // a decided row is in doubt no more
      out.push(el("span", { class: "badge review", text: `${t("review.doubt")} ${r.doubt.toFixed(2)}` }));
      out.push(el("span", { class: "muted small", text: ` ${r.reasons.map(reason).join(" · ")}` }));
    }
    for (const f of r.references || []) {  // a cross-reference to check (引用条項の確認)
      const fix = f.suggestion ? ` → ${f.suggestion}` : "";
      out.push(el("span", { class: `badge reference ${f.kind}`, title: known(`report.reference.kind.${f.kind}`, f.kind),
        text: `${t("report.column.reference")} ${f.text}${fix}` }));
    }
    return out;
  }

  function actions(r) {
    const b = (label, cls, fn) => el("button", { type: "button", class: cls, text: label, onclick: fn });
    const out = [];
    const pair = r.a_ids.length && r.b_ids.length;
    out.push(b(t("web.confirm"), "confirm", () => (pair ? decide("match", r.a_ids, r.b_ids) : decide("no_match", r.a_ids, r.b_ids))));
    if (pair) out.push(b(t("web.not_match"), "not-match", () => decide("no_match", r.a_ids, r.b_ids)));
    if (r.a_ids.length) out.push(b(t("web.pair_with"), "pair-with", () => openCandidates(r)));
    out.push(b(t("web.ignore"), "ignore", () => decide("ignore", r.a_ids, r.b_ids)));
    return out;
  }

  async function openCandidates(r, query = "") {
    view.open = r.index;
    view.query = query;
    view.candidates = null;
    render();
    try {
      const params = new URLSearchParams({ a: r.a_ids[0] });
      if (query) params.set("q", query);
      const res = await api(jobUrl(`/candidates?${params}`));
      if (view.open === r.index) {
        view.candidates = res.candidates;
        render();
      }
    } catch (e) {
      showError(e.message);
    }
  }

  function candidatesRow(r) {
    const input = el("input", { type: "search", class: "search", placeholder: t("web.search_placeholder") });
    input.value = view.query;
    const search = el("button", { type: "button", text: t("web.search"), onclick: () => openCandidates(r, input.value.trim()) });
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); search.click(); } });
    const list = view.candidates === null ? el("p", { class: "muted", text: "…" })
      : view.candidates.length === 0 ? el("p", { class: "muted", text: t("web.no_candidates") })
        : el("ol", { class: "candidates" }, ...view.candidates.filter((c) => !c.chosen).map((c) =>
          candidateItem(c, r.a_ids, (x) => decide("match", r.a_ids, x.b_ids), t("web.pair"))));
    return el("tr", { class: "candidates-row", "data-for": String(r.index) },
      el("td", { colspan: "5" }, el("div", { class: "search-bar" }, input, search), list));
  }

  // a row's label where its type alone would mislead, as the reports label it (hikaku.changes.type_label)
  function typeLabel(r) {
    if (r.repealed) {
      return t("report.with_aspects", { label: t("report.change.deleted"), aspects: t("report.aspect.number_kept") });
    }
    return r.renumbered ? t("report.renumbered") : known(`report.change.${r.type}`, r.type);
  }

  const quoted = (text) => `${t("text.quote_open")}${text}${t("text.quote_close")}`;

  function render() {
    const d = view.data;
    if (!d) return;
    $("review-project").textContent = d.project;
    $("decision-count").textContent = t("web.decisions_count", { n: d.decisions.length });
    const link = $("export-decisions");
    link.setAttribute("href", projectUrl("/decisions"));
    link.setAttribute("download", `hikaku-decisions-${d.project}.json`);
    const all = $("show-all").checked;
    // the queue: the most doubtful rows first, then those holding a cross-reference to check
    const queued = d.queue.map((q) => q.change);
    const flagged = [...new Set((d.references || []).map((f) => f.change))].filter((k) => !queued.includes(k));
    const rows = all ? d.rows : [...queued, ...flagged].map((k) => d.rows[k]);
    $("review-empty").hidden = all || rows.length > 0;
    $("review-table").hidden = rows.length === 0;
    const trs = [];
    for (const r of rows) {
      trs.push(el("tr", { class: "review-row", "data-index": String(r.index), "data-a": r.a_ids.join(","),
        "data-b": r.b_ids.join(","), "data-type": r.type, "data-decided-by": r.decided_by },
      el("td", { text: r.item || "—" }),
      el("td", { class: "text", text: excerpt(r.a_text) || "—" }),
      el("td", { class: "text", text: excerpt(r.b_text) || "—" }),
      el("td", {}, el("span", { class: `label ${r.type}${r.repealed ? " repealed" : ""}`, text: typeLabel(r) }),
      ...badges(r)),
      el("td", { class: "review-actions" }, el("div", { class: "actions" }, ...actions(r)))));
      if (view.open === r.index) trs.push(candidatesRow(r));
    }
    $("review-rows").replaceChildren(...trs);
    $("decision-items").replaceChildren(...d.decisions.map((x, k) => el("li", { "data-verdict": x.verdict },
      el("strong", { text: `${verdictLabel(x)} ` }),
      el("span", { text: `${x.a_excerpt ? quoted(x.a_excerpt) : (x.a_sha256 ? x.a_sha256.slice(0, 12) : "—")} ↔ `
        + `${x.b_excerpt ? quoted(x.b_excerpt) : (x.b_sha256 ? x.b_sha256.slice(0, 12) : "—")}` }),
      el("span", { class: "muted small", text: ` ${x.by || ""} ${x.at || ""}` }),
      el("button", { type: "button", class: "danger small", text: t("web.withdraw"), onclick: () => withdraw(k) }))));
  }

  // no_match with one side only is how the file says "this chunk has no counterpart": the row's
  // deletion (or addition) confirmed, not a pair ruled out (docs/review.md)
  function verdictLabel(x) {
    if (x.verdict === "no_match" && !x.b_sha256) return t("web.confirmed.deleted");
    if (x.verdict === "no_match" && !x.a_sha256) return t("web.confirmed.added");
    return known(`review.verdict.${x.verdict}`, x.verdict);
  }

  async function reload() {
    view.loadedFor = null;
    if (view.job) await load(view.job);
  }

  async function withdraw(k) {
    if (!window.confirm(t("web.confirm_withdraw"))) return;
    try {
      await api(projectUrl(`/decisions/${k}`), { method: "DELETE" });
      await reload();
    } catch (e) {
      showError(e.message);
    }
  }

  async function importFile() {
    const input = $("import-decisions");
    const file = input.files && input.files[0];
    if (!file || !view.data) return;
    showError("");
    try {
      const res = await api(projectUrl("/decisions"), {
        method: "POST", headers: { "content-type": "application/json" }, body: await file.text(),
      });
      await reload();
      say(t("web.imported", { n: res.imported }));
    } catch (e) {
      showError(e.message);
    } finally {
      input.value = "";
    }
  }

  async function rerun() {
    showError("");
    say("");
    try {
      follow(await api(jobUrl("/rerun"), { method: "POST" }));
    } catch (e) {
      showError(e.message);
    }
  }

  $("show-all").addEventListener("change", render);
  $("import-decisions").addEventListener("change", importFile);
  $("rerun").addEventListener("click", rerun);
  $("answer-none").addEventListener("click", () => answer("no_match"));
  $("answer-skip").addEventListener("click", () => answer("skip"));
  let stored = "";
  try { stored = localStorage.getItem("hikaku.reviewer") || ""; } catch (e) { /* private mode */ }
  $("reviewer-name").value = stored;
  $("reviewer-name").addEventListener("change", () => {
    try { localStorage.setItem("hikaku.reviewer", reviewer()); } catch (e) { /* private mode */ }
  });

  return {
    renderQuestion, hideQuestion, load, hide,
    relabel() { render(); if (view.job && view.job.question && !$("question").hidden) renderQuestion(view.job); },
  };
}
