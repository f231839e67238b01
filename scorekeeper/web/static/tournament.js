/* The tournament's live pages, polling the tournament's version as the match pages poll theirs.
   The TV page turns its panels by itself (standings, then the pairings) and reloads within a second
   or two of any change to the tournament (a result stored, a round paired); nothing to click. */
(function () {
  "use strict";
  var TURN_MS = 12000, POLL_MS = 1000, KEY = "sk-tv-panel";

  /* The director's page: shows the results as they come in (it reloads when the tournament's version
     changes), unless something is being typed in one of its forms: then it only says so. */
  function setupDirector(main) {
    var url = main.getAttribute("data-director"), known = main.getAttribute("data-version");
    function typing() {
      return Array.prototype.some.call(main.querySelectorAll("input:not([type=hidden])"), function (field) {
        return field.value !== "" || field === document.activeElement;
      });
    }
    setInterval(function () {
      if (document.hidden) { return; }
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (!data.version || data.version === known) { return; }
          if (!typing()) { window.location.reload(); return; }
          var note = main.querySelector("[data-changed]");
          if (note) { note.hidden = false; }
        })
        .catch(function () {});
    }, 2000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.querySelector("main[data-director]");
    if (main) { setupDirector(main); return; }
    var body = document.body;
    var panels = Array.prototype.slice.call(document.querySelectorAll(".panel"));
    var index = parseInt(sessionStorage.getItem(KEY) || "0", 10) % Math.max(panels.length, 1);
    function show() {
      panels.forEach(function (p, i) { p.classList.toggle("shown", i === index); });
      sessionStorage.setItem(KEY, String(index));
    }
    if (panels.length > 1) {
      body.classList.add("turning");
      show();
      setInterval(function () { index = (index + 1) % panels.length; show(); }, TURN_MS);
    }
    var url = body.getAttribute("data-tv"), known = body.getAttribute("data-version");
    if (!url) { return; }
    setInterval(function () {
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (data) { if (data.version && data.version !== known) { window.location.reload(); } })
        .catch(function () {});
    }, POLL_MS);
  });
})();
