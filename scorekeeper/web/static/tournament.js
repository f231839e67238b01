/* The TV page: turns its panels by itself (standings, then the pairings) and reloads within a
   second or two of any change to the tournament (a result stored, a round paired), polling the
   tournament's version as the match pages poll theirs. Nothing to click. */
(function () {
  "use strict";
  var TURN_MS = 12000, POLL_MS = 1000, KEY = "sk-tv-panel";

  document.addEventListener("DOMContentLoaded", function () {
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
