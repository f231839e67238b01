// scorekeeper's pages: tiles that fill the pile fields, + and - buttons, the server's live count,
// and polling for hands stored on other phones. Plain script, no framework; every name shown is
// set with textContent, never as HTML.
"use strict";
(function () {
  var norm = function (t) { return t.trim().toLowerCase(); };
  var tokens = function (input) { return input.value.split(/\s+/).filter(function (t) { return t; }); };

  function setupTiles(form) {
    var piles = Array.prototype.slice.call(form.querySelectorAll("input.pile"));
    var tiles = Array.prototype.slice.call(form.querySelectorAll(".tile"));
    if (!piles.length || !tiles.length) { return; }
    var exclusive = piles.filter(function (p) { return !p.hasAttribute("data-free"); });
    var isRest = function (p) { return p.hasAttribute("data-rest") && norm(p.value) === "rest"; };
    var holds = function (p, card) {
      return tokens(p).some(function (t) { return norm(t) === norm(card); });
    };
    var without = function (p, card) {
      p.value = tokens(p).filter(function (t) { return norm(t) !== norm(card); }).join(" ");
    };
    function paint() {
      var owned = 0;
      tiles.forEach(function (tile) {
        var card = tile.getAttribute("data-card");
        var owner = exclusive.filter(function (p) { return holds(p, card); })[0];
        var rest = !owner && exclusive.filter(isRest)[0];
        var who = owner || rest;
        tile.className = "tile" + (who ? " own" + who.getAttribute("data-side") : "") + (rest ? " rest" : "") +
          (piles.some(function (p) { return p.hasAttribute("data-free") && holds(p, card); }) ? " taken" : "");
        tile.setAttribute("aria-pressed", owner ? "true" : "false");
        if (owner) { owned += 1; }
      });
      form.querySelectorAll("output[data-held-for]").forEach(function (out) {
        // a folded suit still says how many of its cards the typed piles hold
        var suit = out.closest("details");
        var mine = suit ? suit.querySelectorAll(".tile") : [];
        var held = Array.prototype.filter.call(mine, function (t) { return t.getAttribute("aria-pressed") === "true"; });
        out.textContent = held.length + "/" + mine.length;
      });
      piles.forEach(function (p) {
        var out = form.querySelector('output[data-count-for="' + p.id + '"]');
        if (out) { out.textContent = "(" + (isRest(p) ? tiles.length - owned : tokens(p).length) + ")"; }
      });
    }
    tiles.forEach(function (tile) {
      tile.addEventListener("click", function () {
        var checked = form.querySelector('input[name="target"]:checked');
        var target = checked && document.getElementById(checked.value);
        if (!target) { return; }
        var card = tile.getAttribute("data-card");
        if (target.hasAttribute("data-free")) {
          if (holds(target, card)) { without(target, card); } else { target.value = (target.value + " " + card).trim(); }
        } else if (holds(target, card)) {
          without(target, card);
        } else {
          exclusive.forEach(function (p) { if (!isRest(p)) { without(p, card); } });
          target.value = target.hasAttribute("data-one") ? card : (target.value + " " + card).trim();
        }
        paint();
        form.dispatchEvent(new Event("change"));
      });
    });
    form.addEventListener("input", paint);
    paint();
  }

  function setupCounters(form) {
    form.querySelectorAll("button[data-step]").forEach(function (b) {
      b.addEventListener("click", function () {
        var input = document.getElementById(b.getAttribute("data-for"));
        var now = parseInt(input.value, 10) || 0;
        input.value = String(Math.max(0, now + parseInt(b.getAttribute("data-step"), 10)));
        form.dispatchEvent(new Event("change"));
      });
    });
  }

  function cell(row, text, tag) {
    var td = document.createElement(tag || "td");
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function showCount(box, data) {
    box.textContent = "";
    if (data.categories) {
      var table = document.createElement("table");
      table.className = "cats";
      var head = table.insertRow();
      cell(head, "", "th");
      data.sides.forEach(function (s) { cell(head, s, "th"); });
      data.categories.forEach(function (c) {
        var row = table.insertRow();
        cell(row, c.label);
        data.sides.forEach(function (s) { cell(row, String(c.points[s])); });
        cell(row, c.note).className = "note";
        if (c.kind === "primiera" && c.detail) {
          var best = table.insertRow();
          cell(best, "");
          data.sides.forEach(function (s) {
            var side = c.detail[s] || {};
            cell(best, Object.keys(side.best || {}).map(function (k) { return side.best[k]; }).join(" "));
          });
          best.className = "best";
        }
      });
      var total = table.insertRow();
      total.className = "sum";
      cell(total, "=");
      data.sides.forEach(function (s) { cell(total, String(data.totals[s])); });
      box.appendChild(table);
      var live = document.getElementById("live");
      if (live) {
        live.textContent = data.sides.map(function (s) { return s + " " + data.totals[s]; }).join("  ·  ");
      }
    }
    (data.problems || []).forEach(function (p) {
      var line = document.createElement("p");
      line.className = "problem";
      line.textContent = p;
      box.appendChild(line);
    });
  }

  function setupPreview(form) {
    var url = form.getAttribute("data-preview");
    var box = document.getElementById("count");
    if (!url || !box) { return; }
    var timer = null, asked = 0;
    function ask() {
      var mine = ++asked;
      fetch(url, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (data) { if (mine === asked) { showCount(box, data); } })
        .catch(function () {});
    }
    form.addEventListener("change", function () { clearTimeout(timer); timer = setTimeout(ask, 250); });
    form.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(ask, 400); });
    ask();
  }

  function setupLive(main) {
    var url = main.getAttribute("data-live");
    if (!url) { return; }
    var known = main.getAttribute("data-version");
    setInterval(function () {
      if (document.hidden) { return; }
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (!data.version) { return; }
          if (known === null) { known = data.version; return; }
          if (data.version === known) { return; }
          if (main.hasAttribute("data-version")) { window.location.reload(); return; }
          var note = document.querySelector("[data-changed]");
          if (note) { note.hidden = false; }
        })
        .catch(function () {});
    }, 2500);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form").forEach(function (form) {
      setupTiles(form);
      setupCounters(form);
      setupPreview(form);
    });
    var game = document.querySelector("#new-match select[name=rules]");
    if (game) {
      // a game played by teams offers its sides as teams (Anna+Bruno), others as players
      var offer = function () {
        var teams = game.selectedOptions[0] && game.selectedOptions[0].hasAttribute("data-teams");
        game.form.querySelectorAll("input[data-team]").forEach(function (box) {
          box.placeholder = box.getAttribute(teams ? "data-team" : "data-single");
        });
      };
      game.addEventListener("change", offer);
      offer();
    }
    document.querySelectorAll("select[data-reload]").forEach(function (s) {
      s.addEventListener("change", function () { s.form.submit(); });
    });
    setupLive(document.querySelector("main"));
  });
})();
