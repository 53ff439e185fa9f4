// hikaku serve: the page. Plain ES module, no dependencies; every text comes from hikaku's wording
// catalogue, served with the page (<script id="wording">: hikaku/wording/*.toml), and every value from
// the server is set as text (never as HTML). The server says its errors in the page's language: every
// request names it (Accept-Language; the event stream ?lang=).
import { createPageView } from "./pages.js";
import { createReportView } from "./report_view.js";
import { createReview } from "./review.js";

const $ = (id) => document.getElementById(id);
const WORDS = JSON.parse($("wording").textContent);
const state = { lang: "ja", config: null, job: null, source: null, history: [] };

// The text of a catalogue key in the page's language, its {placeholders} filled with values.
function t(key, values = {}) {
  const template = WORDS[state.lang][key];
  if (template === undefined) return key;
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name) =>
    (m === "{{" ? "{" : m === "}}" ? "}" : String(values[name] ?? m)));
}

// A key made from a value the server sent (a status, a stage): its text, or the value itself.
function known(key, fallback) {
  return WORDS[state.lang][key] === undefined ? fallback : t(key);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function megabytes(n) {
  if (n < 1000) return t("web.bytes", { n });  // an empty file is 0 bytes, not "1 KB"
  if (n < 1000000) return `${Math.round(n / 1000)} KB`;
  return `${Math.round(n / 100000) / 10} MB`;
}

// -- language ---------------------------------------------------------------------------
function applyLanguage() {
  document.documentElement.lang = state.lang;
  document.querySelectorAll("[data-i18n]").forEach((node) => {
    node.textContent = t(node.getAttribute("data-i18n"));
  });
  document.querySelectorAll("[data-i18n-title]").forEach((node) => {
    node.setAttribute("title", t(node.getAttribute("data-i18n-title")));
  });
  $("lang-switch").textContent = t("web.switch_to");
  $("lang-switch").setAttribute("lang", state.lang === "ja" ? "en" : "ja");
  document.title = `hikaku ${t("web.title")}`;
  renderHistory();
  if (state.job) renderJob(state.job);
  if (review) review.relabel();
  pageView.relabel();
}

function switchLanguage() {
  state.lang = state.lang === "ja" ? "en" : "ja";
  try { localStorage.setItem("hikaku.lang", state.lang); } catch (e) { /* private mode */ }
  if (!state.job) $("opt-lang").value = state.lang;
  showError("");  // said in the other language
  applyLanguage();
  // the server's words (a job's error) in the new language
  refreshHistory();
  if (state.job) api(`/api/comparisons/${encodeURIComponent(state.job.id)}`).then(follow).catch((e) => showError(e.message));
}

// -- errors -----------------------------------------------------------------------------
function showError(text) {
  $("error").textContent = text;
  $("error").hidden = !text;
}

async function api(path, options = {}) {
  let response;
  try {
    const headers = { "accept-language": state.lang, ...(options.headers || {}) };
    response = await fetch(path, { credentials: "same-origin", ...options, headers });
  } catch (e) {
    throw new Error(t("web.http.network"));
  }
  if (response.status === 204) return null;
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const label = known(`web.http.${response.status}`, t("web.http.other"));
    const detail = typeof body.detail === "string" ? body.detail : "";
    throw new Error(detail ? `${label}: ${detail}` : label);
  }
  return body;
}

// -- the form -----------------------------------------------------------------------------
function chosen(side) {
  const input = $(`file-${side}`);
  return input.files && input.files.length ? input.files[0] : null;
}

function updateForm() {
  for (const side of ["a", "b"]) {
    const file = chosen(side);
    $(`name-${side}`).textContent = file ? `${file.name} (${megabytes(file.size)})` : "";
    $(`drop-${side}`).classList.toggle("has-file", Boolean(file));
  }
  $("compare").disabled = !(chosen("a") && chosen("b"));
}

function setUpDrop(side) {
  const zone = $(`drop-${side}`);
  const input = $(`file-${side}`);
  input.addEventListener("change", updateForm);
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    if (e.dataTransfer && e.dataTransfer.files.length) {
      input.files = e.dataTransfer.files;
      updateForm();
    }
  });
}

async function submit(event) {
  event.preventDefault();
  showError("");
  const limit = state.config ? state.config.max_upload_bytes : Infinity;
  for (const side of ["a", "b"]) {
    const file = chosen(side);
    if (file && file.size > limit) {
      showError(t("web.too_large", { name: file.name, limit: megabytes(limit) }));
      return;
    }
  }
  const form = new FormData();
  form.append("a", chosen("a"));
  form.append("b", chosen("b"));
  form.append("lang", $("opt-lang").value);
  form.append("strict", String($("opt-strict").checked));
  form.append("include_unchanged", String($("opt-unchanged").checked));
  if (!$("llm-option").hidden) form.append("llm", String($("opt-llm").checked));
  const project = $("opt-project").value.trim();
  if (project) form.append("project", project);
  form.append("ask", String($("opt-ask").checked));
  try { localStorage.setItem("hikaku.project", project); } catch (e) { /* private mode */ }
  $("compare").disabled = true;
  try {
    const job = await api("/api/comparisons", { method: "POST", body: form });
    follow(job);
    refreshHistory();
    refreshProjects();
  } catch (e) {
    showError(e.message);
  } finally {
    updateForm();
  }
}

async function refreshProjects() {
  try {
    const projects = (await api("/api/projects")).projects;
    $("project-list").replaceChildren(...projects.map((p) => el("option", { value: p.name })));
  } catch (e) {
    showError(e.message);
  }
}

// -- one job: progress over Server-Sent Events, then the report ---------------------------
function names(job) {
  return `${job.a.name} → ${job.b.name}`;
}

function follow(job) {
  if (state.source) state.source.close();
  state.source = null;
  state.job = job;
  renderJob(job);
  if (live(job)) {
    const source = new EventSource(`/api/comparisons/${encodeURIComponent(job.id)}/events?lang=${state.lang}`);
    state.source = source;
    let finished = false;
    source.addEventListener("status", (e) => {
      const update = JSON.parse(e.data);
      if (!state.job || state.job.id !== update.id) return;
      state.job = update;
      renderJob(update);
      if (!live(update)) {
        finished = true;  // the server ends the stream now; closing it first would abort the request
        setTimeout(() => source.close(), 3000);
        refreshHistory();
      }
    });
    // the end of the stream: after the last event, don't reconnect; otherwise the browser retries
    source.addEventListener("error", () => { if (finished) source.close(); });
    source.addEventListener("deleted", () => { finished = true; });
  }
}

function live(job) {
  return ["queued", "running", "waiting"].includes(job.status);
}

function renderJob(job) {
  const running = live(job);
  $("run").hidden = false;
  $("run-names").textContent = names(job);
  const p = job.progress;
  const percent = job.status === "done" ? 100 : p.percent;
  $("progress-bar").value = percent;
  $("progress-percent").textContent = `${percent}%`;
  const status = (code) => known(`web.status.${code}`, code);
  // a stage is said as the job's status when it has no words of its own (queued, done)
  let text = job.status === "running" ? known(`web.stage.${p.stage}`, status(p.stage)) : status(job.status);
  if (job.status === "running" && p.stage === "agent" && p.total) text += ` ${p.done} / ${p.total} ${t("web.chunks")}`;
  if (job.resumed) text += t("web.resumed");
  if (job.error) text += ` — ${job.error}`;
  $("progress-text").textContent = text;
  $("cancel").hidden = !running;
  $("run").classList.toggle("failed", job.status === "failed" || job.status === "cancelled");
  if (job.status === "waiting") review.renderQuestion(job);
  else review.hideQuestion();
  if (job.status === "done") {
    renderResult(job);
    review.load(job);
  } else {
    $("result").hidden = true;
    review.hide();
  }
}

// the counts as the reports' totals say them: 条番号のみ変更, 削除（番号存置） and 移動 apart, shown when there are any
const SOMETIMES = ["renumbered", "repealed", "moved"];
function countWord(k) {
  if (k === "renumbered") return t("report.renumbered");
  if (k === "repealed") return t("report.with_aspects", { label: t("report.change.deleted"), aspects: t("report.aspect.number_kept") });
  if (k === "moved") return t("report.moved_total");
  return t(`report.change.${k}`);
}

function countItems(counts) {
  return ["added", "deleted", "modified", "unchanged", ...SOMETIMES]
    .filter((k) => counts[k] !== undefined && (!SOMETIMES.includes(k) || counts[k] > 0))
    .map((k) => el("li", { class: k, text: `${countWord(k)} ${counts[k]}` }));
}

function renderResult(job) {
  $("result").hidden = false;
  $("result-names").textContent = names(job);
  reportView.show(job).catch((e) => showError(e.message));  // the report itself says its counts
}

async function cancel() {
  if (!state.job) return;
  try {
    follow(await api(`/api/comparisons/${encodeURIComponent(state.job.id)}/cancel`, { method: "POST" }));
  } catch (e) {
    showError(e.message);
  }
  refreshHistory();  // 中止 at once in the history, not 待機中 until a reload
}

// -- history --------------------------------------------------------------------------------
async function refreshHistory() {
  try {
    state.history = (await api("/api/comparisons")).comparisons;
    renderHistory();
  } catch (e) {
    showError(e.message);
  }
}

function renderHistory() {
  const rows = state.history.map((job) => {
    const date = new Date(job.created).toLocaleString(t("web.locale"));
    const open = el("button", { type: "button", text: t("web.open"), onclick: () => { showError(""); follow(job); } });
    const remove = el("button", { type: "button", class: "danger", text: t("web.delete"), onclick: () => removeJob(job) });
    const counts = el("ul", { class: "counts small" }, ...countItems(job.counts));
    return el("tr", { "data-id": job.id, "data-status": job.status },
      el("td", { text: job.a.name }), el("td", { text: job.b.name }), el("td", { text: job.project || "" }),
      el("td", { text: date }),
      el("td", { class: `status ${job.status}`, text: known(`web.status.${job.status}`, job.status), title: job.error || "" }),
      el("td", {}, counts), el("td", { class: "actions" }, open, remove));
  });
  $("history-rows").replaceChildren(...rows);
  $("history-empty").hidden = state.history.length > 0;
  $("history-table").hidden = state.history.length === 0;
}

async function removeJob(job) {
  if (!window.confirm(t("web.confirm_delete"))) return;
  try {
    await api(`/api/comparisons/${encodeURIComponent(job.id)}`, { method: "DELETE" });
    if (state.job && state.job.id === job.id) {
      if (state.source) state.source.close();
      state.job = null;
      $("run").hidden = true;
      $("result").hidden = true;
      review.hide();
      review.hideQuestion();
      reportView.clear();
    }
    refreshHistory();
  } catch (e) {
    showError(e.message);
  }
}

const review = createReview({ $, el, api, t, known, follow: (job) => follow(job), showError });
const pageView = createPageView({ $, el, api, t });
const reportView = createReportView({ $, el, t, known, onPage: (job, row, side) => pageView.open(job, row, side) });

// -- start ----------------------------------------------------------------------------------
async function start() {
  let stored = null;
  try { stored = localStorage.getItem("hikaku.lang"); } catch (e) { /* private mode */ }
  state.lang = stored === "en" ? "en" : "ja";
  $("lang-switch").addEventListener("click", switchLanguage);
  setUpDrop("a");
  setUpDrop("b");
  $("compare-form").addEventListener("submit", submit);
  $("cancel").addEventListener("click", cancel);
  applyLanguage();
  try {
    const config = await api("/api/config");
    state.config = config;
    const accept = config.input_formats.flatMap((f) => f.extensions).join(",");
    $("file-a").setAttribute("accept", accept);
    $("file-b").setAttribute("accept", accept);
    $("formats").textContent = config.input_formats.flatMap((f) => f.extensions).join(" ");
    $("limit").textContent = megabytes(config.max_upload_bytes);
    $("opt-lang").value = stored ? state.lang : config.defaults.lang;
    $("opt-strict").checked = config.defaults.strict;
    $("opt-unchanged").checked = config.defaults.include_unchanged;
    $("llm-option").hidden = !config.llm.available;
    $("opt-llm").checked = config.llm.available;
    $("llm-model").textContent = config.llm.model ? `(${config.llm.model})` : "";
    $("version").textContent = `hikaku ${config.version}`;
  } catch (e) {
    showError(e.message);
  }
  let project = "";
  try { project = localStorage.getItem("hikaku.project") || ""; } catch (e) { /* private mode */ }
  if (!$("opt-project").value) $("opt-project").value = project || "default";  // not over what the user typed meanwhile
  await refreshProjects();
  await refreshHistory();
  updateForm();
}

start();
