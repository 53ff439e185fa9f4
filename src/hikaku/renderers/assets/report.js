// The reviewer's desk of the HTML report: filters for every kind of row, search within the
// report (hits highlighted and counted), next / previous change (buttons, keys j / k), and the
// whole documents side by side, scrolling together. Plain script, no dependency: the same file
// runs in the standalone report (on <body class="hikaku-report">) and in the web app, which puts
// the report in its page and calls HikakuReport.init(root) (root.dataset.pageView = "1" makes
// each row's 「p.N」 ask the page for the original: a "hikaku:page" event).
(function () {
  "use strict";

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function flag(row, name) {
    return row.getAttribute("data-" + name) === "1";
  }

  var KINDS = {  // what each filter shows (the report's totals count the same rows)
    all: function () { return true; },
    changes: function (r) { return r.getAttribute("data-type") !== "unchanged"; },
    added: function (r) { return r.getAttribute("data-type") === "added"; },
    deleted: function (r) { return r.getAttribute("data-type") === "deleted" && !flag(r, "repealed"); },
    modified: function (r) {
      return r.getAttribute("data-type") === "modified" && !flag(r, "renumbered") && !flag(r, "repealed");
    },
    unchanged: function (r) {
      return r.getAttribute("data-type") === "unchanged" && !flag(r, "renumbered") && !flag(r, "repealed");
    },
    renumbered: function (r) { return flag(r, "renumbered"); },
    repealed: function (r) { return flag(r, "repealed"); },
    moved: function (r) { return flag(r, "moved"); },
    review: function (r) { return flag(r, "review"); },
    attention: function (r) { return flag(r, "attention"); },
  };

  function isChange(row) {  // what j / k stop at: a row that says something besides 一致
    return row.getAttribute("data-type") !== "unchanged" || flag(row, "renumbered") || flag(row, "moved");
  }

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }

  function typing(event) {
    var t = event.target;
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  }

  // -- search: text as the comparison reads it (NFKC, case and spacing ignored) ----------------
  function folded(text) {
    var chars = [], from = [];
    for (var k = 0; k < text.length; k++) {
      var c = text.charAt(k);
      if (/\s/.test(c)) continue;
      var code = c.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdbff && k + 1 < text.length) c += text.charAt(++k);  // a surrogate pair
      var f = c.normalize("NFKC").toLowerCase();
      for (var j = 0; j < f.length; j++) {
        if (/\s/.test(f.charAt(j))) continue;
        chars.push(f.charAt(j));
        from.push(k - (c.length - 1));
      }
    }
    return { text: chars.join(""), from: from };
  }

  function unmark(container) {
    all(container, "mark.hit").forEach(function (m) {
      var parent = m.parentNode;
      while (m.firstChild) parent.insertBefore(m.firstChild, m);
      parent.removeChild(m);
      parent.normalize();
    });
  }

  function mark(cell, needle) {
    var walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, null);
    var nodes = [], starts = [], text = "";
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push(n);
      starts.push(text.length);
      text += n.nodeValue;
    }
    if (!text) return [];
    var f = folded(text), ranges = [];
    for (var at = f.text.indexOf(needle); at >= 0; at = f.text.indexOf(needle, at + needle.length)) {
      var last = f.from[at + needle.length - 1];
      ranges.push([f.from[at], last + (text.charCodeAt(last) >= 0xd800 && text.charCodeAt(last) <= 0xdbff ? 2 : 1)]);
    }
    var marks = [];
    for (var r = ranges.length - 1; r >= 0; r--) {  // from the end: the offsets before stay valid
      var group = [];
      for (var i = nodes.length - 1; i >= 0; i--) {
        var s = Math.max(ranges[r][0], starts[i]) - starts[i];
        var e = Math.min(ranges[r][1], starts[i] + nodes[i].nodeValue.length) - starts[i];
        if (s >= e) continue;
        var node = nodes[i];
        if (e < node.nodeValue.length) node.splitText(e);
        var piece = s > 0 ? node.splitText(s) : node;
        var m = document.createElement("mark");
        m.className = "hit";
        piece.parentNode.insertBefore(m, piece);
        m.appendChild(piece);
        group.unshift(m);
      }
      marks.unshift(group);
    }
    return marks;
  }

  function init(root) {
    var words = {};
    var holder = root.querySelector("script.report-words");
    if (holder) {
      try { words = JSON.parse(holder.textContent); } catch (e) { words = {}; }
    }
    var rows = all(root, "tr.change");
    var sections = all(root, "tr.section");
    var buttons = all(root, ".filters button[data-filter]");
    var empty = root.querySelector(".empty-filter");
    var table = root.querySelector("table.changes");
    var whole = root.querySelector(".whole");
    var desk = root.querySelector(".desk");
    var search = root.querySelector(".search input");
    var hitsLabel = root.querySelector(".search .hits");
    var position = root.querySelector(".steps .position");
    var state = { filter: "changes", view: "table", current: null, hits: [], hit: -1, built: false };
    var byIndex = {};
    rows.forEach(function (r) { byIndex[r.getAttribute("data-index")] = r; });

    // -- filters ----------------------------------------------------------------------------------
    function shown(row) {
      return (KINDS[state.filter] || KINDS.all)(row);
    }

    function apply(filter) {
      state.filter = KINDS[filter] ? filter : "changes";
      var count = 0, perSection = {};
      rows.forEach(function (row) {
        var on = shown(row);
        row.hidden = !on;
        if (on) {
          count += 1;
          perSection[row.getAttribute("data-section")] = true;
        }
      });
      sections.forEach(function (row) { row.hidden = !perSection[row.getAttribute("data-section")]; });
      buttons.forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.getAttribute("data-filter") === state.filter));
      });
      if (empty) empty.hidden = count > 0 || state.view !== "table";
      if (state.current && !stops().includes(state.current)) select(null);
      runSearch();
      updatePosition();
    }

    // -- next / previous change (j / k) ------------------------------------------------------------
    function stops() {
      var visible = rows.filter(shown);
      var changed = visible.filter(isChange);
      return changed.length ? changed : visible;
    }

    function blocks(row) {
      return whole ? all(whole, '.block[data-row="' + row.getAttribute("data-index") + '"]') : [];
    }

    function select(row, scroll) {
      if (state.current) {
        state.current.classList.remove("current");
        state.current.removeAttribute("aria-current");
        blocks(state.current).forEach(function (b) { b.classList.remove("current"); });
      }
      state.current = row;
      if (row) {
        row.classList.add("current");
        row.setAttribute("aria-current", "true");
        blocks(row).forEach(function (b) { b.classList.add("current"); });
        if (scroll) reveal(row);
      }
      updatePosition();
    }

    function reveal(row) {
      if (state.view === "table") {
        row.scrollIntoView({ block: "center" });
        return;
      }
      var found = blocks(row);
      if (flag(row, "moved") && found.length === 2) {  // off the order both keep: each pane to its own place
        found.forEach(function (b) { place(b.closest(".scroller"), b.offsetTop - b.closest(".scroller").clientHeight * LINE); });
        return;
      }
      var first = found.find(function (b) { return b.closest(".pane.a"); }) || found[0];
      if (!first) return;
      var pane = first.closest(".scroller");
      pane.scrollTop = Math.max(0, first.offsetTop - pane.clientHeight * LINE);
      sync(pane);
    }

    function place(pane, top) {  // scroll a pane without the other following (the scroll this makes is ignored)
      var before = pane.scrollTop;
      pane.scrollTop = Math.max(0, Math.round(top));
      if (pane.scrollTop !== before) guard[pane.classList.contains("a") ? "a" : "b"] = pane.scrollTop;
    }

    function step(delta) {
      var list = stops();
      if (!list.length) return;
      var at = list.indexOf(state.current);
      var next = at < 0 ? (delta > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + delta));
      select(list[next], true);
    }

    function updatePosition() {
      if (!position) return;
      var list = stops();
      var at = list.indexOf(state.current);
      position.textContent = fill(words.position, { i: at < 0 ? "–" : at + 1, n: list.length });
    }

    // -- the whole documents side by side ------------------------------------------------------------
    var LINE = 0.3;  // the panes are kept together at this height of the view (a share of it)
    var anchors = [], guard = { a: null, b: null };

    function block(row, side) {
      var cell = row.querySelector("td.text." + side);
      var div = document.createElement("div");
      div.className = "block" + (isChange(row) ? " changed" : "");
      div.setAttribute("data-row", row.getAttribute("data-index"));
      div.setAttribute("data-type", row.getAttribute("data-type"));
      ["moved", "renumbered", "repealed"].forEach(function (f) { if (flag(row, f)) div.setAttribute("data-" + f, "1"); });
      if (isChange(row)) {
        var tag = document.createElement("span");
        tag.className = "tag";
        var label = row.querySelector("td.type .label");
        tag.textContent = label ? label.textContent : "";
        div.appendChild(tag);
      }
      var body = document.createElement("div");
      body.className = "body";
      for (var c = cell.firstChild; c; c = c.nextSibling) body.appendChild(c.cloneNode(true));
      all(body, "[id]").forEach(function (e) { e.removeAttribute("id"); });  // the row's anchors stay the row's
      div.appendChild(body);
      return div;
    }

    function build() {
      if (state.built || !whole) return;
      state.built = true;
      var placed = { a: {}, b: {} };
      ["a", "b"].forEach(function (side) {
        var list = rows.filter(function (r) { return r.hasAttribute("data-" + side + "-order"); });
        list.sort(function (x, y) {
          return Number(x.getAttribute("data-" + side + "-order")) - Number(y.getAttribute("data-" + side + "-order"));
        });
        var target = whole.querySelector(".pane." + side + " .blocks");
        list.forEach(function (r) {
          var b = block(r, side);
          placed[side][r.getAttribute("data-index")] = b;
          target.appendChild(b);
        });
      });
      // the rows that keep their place in both documents hold the panes together (a moved row does
      // not: it is off the order both documents share), in A's order and rising in B
      var order = rows.filter(function (r) {
        return placed.a[r.getAttribute("data-index")] && placed.b[r.getAttribute("data-index")] && !flag(r, "moved");
      }).sort(function (x, y) { return Number(x.getAttribute("data-a-order")) - Number(y.getAttribute("data-a-order")); });
      var lastB = -1;
      anchors = [];
      order.forEach(function (r) {
        var at = Number(r.getAttribute("data-b-order"));
        if (at > lastB) {
          anchors.push({ a: placed.a[r.getAttribute("data-index")], b: placed.b[r.getAttribute("data-index")] });
          lastB = at;
        }
      });
      all(whole, ".scroller").forEach(function (pane) {
        pane.addEventListener("scroll", function () { onScroll(pane); }, { passive: true });
      });
    }

    function mapped(pane, other) {
      var from = pane.classList.contains("a") ? "a" : "b", to = from === "a" ? "b" : "a";
      var line = pane.clientHeight * LINE, s = pane.scrollTop + line;
      var xs = [0], ys = [0];
      anchors.forEach(function (x) { xs.push(x[from].offsetTop); ys.push(x[to].offsetTop); });
      xs.push(pane.scrollHeight);
      ys.push(other.scrollHeight);
      var k = 0;
      while (k + 2 < xs.length && xs[k + 1] <= s) k += 1;
      var span = xs[k + 1] - xs[k];
      var f = span > 0 ? Math.min(1, Math.max(0, (s - xs[k]) / span)) : 0;
      return ys[k] + f * (ys[k + 1] - ys[k]) - line;
    }

    function sync(pane) {
      var other = all(whole, ".scroller").filter(function (p) { return p !== pane; })[0];
      if (!other) return;
      var target = Math.max(0, Math.round(mapped(pane, other)));
      if (Math.abs(other.scrollTop - target) < 1) return;
      place(other, target);
    }

    function onScroll(pane) {
      var side = pane.classList.contains("a") ? "a" : "b";
      if (guard[side] !== null && Math.abs(pane.scrollTop - guard[side]) <= 1) {
        guard[side] = null;  // the scroll this code made: the other pane is where it should be
        return;
      }
      guard[side] = null;
      sync(pane);
    }

    function view(name) {
      state.view = name === "whole" && whole ? "whole" : "table";
      if (state.view === "whole") build();
      all(root, ".views button").forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.getAttribute("data-view") === state.view));
      });
      table.hidden = state.view !== "table";
      if (whole) whole.hidden = state.view !== "whole";
      root.classList.toggle("whole-view", state.view === "whole");
      if (empty) empty.hidden = state.view !== "table" || rows.some(shown);
      sizePanes();
      if (state.view === "whole" && whole) {  // the panes fill the window under the desk
        var top = whole.getBoundingClientRect().top - (desk ? desk.getBoundingClientRect().height : 0);
        if (top > 0) window.scrollBy(0, top);
      }
      runSearch();
      if (state.current) {
        select(state.current, false);
        reveal(state.current);
      } else if (state.view === "whole") {
        var first = all(whole, ".scroller")[0];
        if (first) sync(first);
      }
    }

    function sizePanes() {
      if (!whole || whole.hidden) return;
      var top = desk ? desk.getBoundingClientRect().height : 0;
      root.style.setProperty("--desk-height", Math.ceil(top) + "px");
    }

    // -- search ----------------------------------------------------------------------------------------
    var timer = null;

    function searchable() {
      if (state.view === "whole") return all(whole, ".block .body");
      return all(root, "tr.change td.item, tr.change td.text");
    }

    function runSearch() {
      var query = search ? folded(search.value).text : "";
      all(root, "mark.hit").forEach(function (m) { m.classList.remove("current"); });
      unmark(root);
      state.hits = [];
      state.hit = -1;
      var hidden = 0;
      if (query) {
        searchable().forEach(function (cell) {
          var found = mark(cell, query);
          var row = cell.closest("tr.change");
          var seen = state.view === "whole" || !row || !row.hidden;
          if (seen) state.hits = state.hits.concat(found);
          else hidden += found.length;
        });
      }
      if (hitsLabel) {
        var text = !query ? "" : state.hits.length ? fill(words.hits, { n: state.hits.length }) : words.no_hits || "";
        if (hidden) text += " " + fill(words.hidden_hits, { n: hidden });
        hitsLabel.textContent = text;
      }
      root.classList.toggle("searching", Boolean(query));
    }

    function nextHit(delta) {
      if (!state.hits.length) return;
      if (state.hit >= 0) state.hits[state.hit].forEach(function (m) { m.classList.remove("current"); });
      state.hit = (state.hit + delta + state.hits.length) % state.hits.length;
      var group = state.hits[state.hit];
      group.forEach(function (m) { m.classList.add("current"); });
      var row = group[0].closest("tr.change");
      if (row) select(row, false);
      group[0].scrollIntoView({ block: "center" });
      if (state.view === "whole") sync(group[0].closest(".scroller"));
      if (hitsLabel) hitsLabel.textContent = fill(words.hit_of, { i: state.hit + 1, n: state.hits.length });
    }

    // -- events ------------------------------------------------------------------------------------------
    buttons.forEach(function (b) {
      b.addEventListener("click", function () { apply(b.getAttribute("data-filter")); });
    });
    all(root, ".views button").forEach(function (b) {
      b.addEventListener("click", function () { view(b.getAttribute("data-view")); });
    });
    all(root, ".steps button[data-step]").forEach(function (b) {
      b.addEventListener("click", function () { step(Number(b.getAttribute("data-step"))); });
    });
    if (search) {
      search.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(runSearch, 120);
      });
      search.addEventListener("keydown", function (e) {
        if (e.key === "Enter") {
          e.preventDefault();
          clearTimeout(timer);
          if (state.hit < 0 && !state.hits.length) runSearch();
          nextHit(e.shiftKey ? -1 : 1);
        } else if (e.key === "Escape") {
          search.value = "";
          runSearch();
          search.blur();
        }
      });
    }
    var owner = root.ownerDocument;
    function onKey(e) {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e) || !root.isConnected) return;
      if (owner.querySelector("dialog[open]")) return;  // a dialog of the page over the report has the keys
      if (e.key === "j") step(1);
      else if (e.key === "k") step(-1);
      else if (e.key === "/" && search) search.focus();
      else return;
      e.preventDefault();
    }
    owner.addEventListener("keydown", onKey);
    root.addEventListener("click", function (e) {
      var page = e.target.closest(".page[data-side]");
      var holder = e.target.closest("tr.change, .block[data-row]");
      if (page && root.getAttribute("data-page-view") === "1") {
        var index = holder.getAttribute("data-index") || holder.getAttribute("data-row");
        root.dispatchEvent(new CustomEvent("hikaku:page", {
          bubbles: true, detail: { row: Number(index), side: page.getAttribute("data-side") },
        }));
        return;
      }
      if (holder && !e.target.closest("a, button")) {
        var row = byIndex[holder.getAttribute("data-index") || holder.getAttribute("data-row")];
        if (row) {
          select(row, false);
          if (holder.classList.contains("block")) sync(holder.closest(".scroller"));
        }
      }
    });
    if (root.getAttribute("data-page-view") === "1") {
      all(root, ".page[data-side]").forEach(function (p) {
        p.setAttribute("role", "button");
        p.setAttribute("tabindex", "0");
        if (words.open_page) p.setAttribute("title", words.open_page);
      });
      root.addEventListener("keydown", function (e) {
        if (e.key === "Enter" && e.target.matches && e.target.matches(".page[data-side]")) e.target.click();
      });
    }
    var onResize = function () { sizePanes(); };
    window.addEventListener("resize", onResize);

    apply("changes");
    return {
      filter: apply,
      view: view,
      step: step,
      // what the reader is looking at, to carry over to the same report in another language
      state: function () {
        return { filter: state.filter, view: state.view, search: search ? search.value : "",
                 current: state.current ? state.current.getAttribute("data-index") : null };
      },
      restore: function (s) {
        apply(s.filter);
        if (search && s.search) search.value = s.search;
        if (s.view !== state.view) view(s.view);
        else runSearch();
        if (s.current !== null && byIndex[s.current]) select(byIndex[s.current], false);
      },
      destroy: function () {
        owner.removeEventListener("keydown", onKey);
        window.removeEventListener("resize", onResize);
      },
    };
  }

  window.HikakuReport = { init: init };
  var root = document.querySelector(".hikaku-report");
  if (root && !root.hasAttribute("data-embedded")) window.HikakuReport.current = init(root);
})();
