// The report in the page itself (no frame: one scroll bar, the report's desk at the top while it
// scrolls), in the language chosen above it: the result is language-free, so the server renders it
// again in the other language at once, and the downloads follow. The report's own script and style
// (hikaku's HTML report, /report-assets) are loaded once; each report is hikaku's own HTML, its
// documents' text escaped by the renderer, and the page runs no script that comes with it.

export function createReportView({ $, el, t, known, onPage }) {
  const view = { key: null, handle: null, handleJob: null, lang: null, job: null, pending: null };

  function assets() {
    if (window.HikakuReport) return Promise.resolve();
    if (!view.pending) {
      if (!document.querySelector('link[href="/report-assets/report.css"]')) {
        document.head.append(el("link", { rel: "stylesheet", href: "/report-assets/report.css" }));
      }
      view.pending = new Promise((resolve, reject) => {
        const script = el("script", { src: "/report-assets/report.js" });
        script.addEventListener("load", () => resolve());
        script.addEventListener("error", () => reject(new Error(t("web.http.network"))));
        document.head.append(script);
      });
    }
    return view.pending;
  }

  function langOf(job) {
    return view.job && view.job.id === job.id && view.lang ? view.lang : (job.options && job.options.lang) || "ja";
  }

  function renderChoice(job) {
    const lang = langOf(job);
    $("report-lang").replaceChildren(...["ja", "en"].map((l) => el("button", {
      type: "button", lang: l, "aria-pressed": String(l === lang), "data-lang": l, text: t(`web.report_lang_${l}`),
      onclick: () => { view.lang = l; show(job); },
    })));
    $("download-links").replaceChildren(...job.downloads.map((d) => el("a", {
      href: `${d.url}?lang=${lang}`, download: "", class: "download", "data-format": d.format,
      text: `${known(`format.${d.format}`, d.extension.toUpperCase())} (.${d.extension})`,
    })));
  }

  async function show(job) {
    if (!view.job || view.job.id !== job.id) view.lang = null;
    view.job = job;
    const lang = langOf(job);
    renderChoice(job);
    const key = `${job.id}@${job.finished}@${lang}`;
    if (view.key === key) return;
    view.key = key;
    await assets();
    const response = await fetch(`/api/comparisons/${encodeURIComponent(job.id)}/fragment?lang=${lang}`,
      { credentials: "same-origin", headers: { "accept-language": lang } });
    if (view.key !== key) return;  // another report was asked for meanwhile
    if (!response.ok) throw new Error(`${t("web.http.other")}: ${response.status}`);
    const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
    const root = parsed.body.firstElementChild;
    if (!root || !root.classList.contains("hikaku-report")) throw new Error(t("web.http.other"));
    // the same comparison in the other language (or again after a rerun): the same filter, view, row and search
    const before = view.handle && view.handleJob === job.id ? view.handle.state() : null;
    if (view.handle) view.handle.destroy();
    const node = document.adoptNode(root);
    $("report").replaceChildren(node);
    view.handle = window.HikakuReport.init(node);
    view.handleJob = job.id;
    if (before) view.handle.restore(before);
    node.addEventListener("hikaku:page", (e) => onPage(job, e.detail.row, e.detail.side));
  }

  function clear() {
    if (view.handle) view.handle.destroy();
    view.handle = null;
    view.handleJob = null;
    view.key = null;
    $("report").replaceChildren();
  }

  return { show, clear, relabel(job) { if (job) renderChoice(job); } };
}
