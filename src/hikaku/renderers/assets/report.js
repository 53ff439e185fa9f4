(function () {
  "use strict";
  var buttons = Array.prototype.slice.call(document.querySelectorAll(".filters button"));
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.change"));
  var sections = Array.prototype.slice.call(document.querySelectorAll("tr.section"));
  var empty = document.getElementById("empty");

  function visible(row, filter) {
    var type = row.getAttribute("data-type");
    if (filter === "all") return true;
    if (filter === "changes") return type !== "unchanged";
    if (filter === "review") return row.getAttribute("data-review") === "1";
    if (filter === "attention") return row.getAttribute("data-attention") === "1";
    return type === filter;
  }

  function apply(filter) {
    var shown = 0;
    var perSection = {};
    rows.forEach(function (row) {
      var on = visible(row, filter);
      row.hidden = !on;
      if (on) {
        shown += 1;
        perSection[row.getAttribute("data-section")] = true;
      }
    });
    sections.forEach(function (row) {
      row.hidden = !perSection[row.getAttribute("data-section")];
    });
    buttons.forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-filter") === filter));
    });
    empty.hidden = shown > 0;
  }

  buttons.forEach(function (b) {
    b.addEventListener("click", function () { apply(b.getAttribute("data-filter")); });
  });
  apply("changes");
})();
