// The page view: a row's pages of each original side by side, the clause's area marked. A row's
// 「p.N」 in the report opens it (the report's "hikaku:page" event). A PDF's page is an image the
// server draws (PDFium), the clause's boxes laid over it; a Word file's pages are numbers only
// (nothing converts it to draw them). Every value from the server is set as text, never as HTML.

export function createPageView({ $, el, api, t }) {
  const view = { job: null, where: null, page: { a: null, b: null } };
  const dialog = $("page-view");

  function sideTitle(side) {
    return t(side === "a" ? "web.doc_a" : "web.doc_b");
  }

  function image(side, page) {
    const id = encodeURIComponent(view.job.id);
    return `/api/comparisons/${id}/pages/${side}/${page}.png?width=1200`;
  }

  function figure(side) {
    const where = view.where[side];
    const page = view.page[side];
    const wrap = el("div", { class: "page-figure" });
    const img = el("img", { src: image(side, page), alt: t("web.page_view.image", { name: where.name, page }) });
    img.addEventListener("load", () => {
      wrap.classList.add("loaded");
      const first = wrap.querySelector(".clause-box");
      if (first) first.scrollIntoView({ block: "center", inline: "nearest" });
    });
    img.addEventListener("error", () => {
      wrap.replaceChildren(el("p", { class: "muted", text: t("web.page_view.failed", { page }) }));
    });
    wrap.append(img);
    for (const [p, left, top, right, bottom] of where.boxes) {
      if (p !== page) continue;
      const box = el("div", { class: "clause-box", "data-page": String(p) });
      // positions through the CSSOM (the page's Content-Security-Policy allows no inline style)
      box.style.left = `${left * 100}%`;
      box.style.top = `${top * 100}%`;
      box.style.width = `${(right - left) * 100}%`;
      box.style.height = `${(bottom - top) * 100}%`;
      wrap.append(box);
    }
    return wrap;
  }

  function column(side) {
    const where = view.where[side];
    const head = el("h3", {}, el("span", { class: "side", text: sideTitle(side) }),
      el("span", { class: "name", text: where.name }));
    const out = el("section", { class: `page-column ${side}`, "data-side": side }, head);
    if (!where.pages.length) {
      out.append(el("p", { class: "muted", text: t(where.format === "pdf" || where.format === "docx"
        ? "web.page_view.no_text" : "web.page_view.no_pages") }));
      return out;
    }
    const tabs = el("div", { class: "page-tabs", role: "group", "aria-label": t("web.page_view.pages") },
      ...where.pages.map((p) => el("button", {
        type: "button", "aria-pressed": String(p === view.page[side]), text: `p.${p}`,
        onclick: () => { view.page[side] = p; render(); },
      })));
    out.append(tabs);
    if (where.images) out.append(el("div", { class: "page-scroll" }, figure(side)));
    else out.append(el("p", { class: "page-note", text: t("web.page_view.word", { page: view.page[side] }) }));
    return out;
  }

  function render() {
    const w = view.where;
    $("page-view-title").textContent = t("web.page_view.title", { item: w.item || "—" });
    $("page-view-columns").replaceChildren(column("a"), column("b"));
  }

  async function open(job, row, side) {
    view.job = job;
    try {
      view.where = await api(`/api/comparisons/${encodeURIComponent(job.id)}/changes/${row}/pages`);
    } catch (e) {
      $("page-view-title").textContent = e.message;
      $("page-view-columns").replaceChildren();
      if (!dialog.open) dialog.showModal();
      return;
    }
    for (const s of ["a", "b"]) view.page[s] = view.where[s].pages[0] ?? null;
    render();
    if (!dialog.open) dialog.showModal();
    const own = $("page-view-columns").querySelector(`.page-column.${side} .page-tabs button`);
    if (own) own.focus();
  }

  $("page-view-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });  // the backdrop

  return { open, relabel() { if (dialog.open && view.where) render(); } };
}
