/* The venue screen (public/views/screen.py): no keyboard or mouse needed once opened.
 *
 * Shows one view at a time (the page's .screen-view sections), turning to the next every
 * data-every seconds; fetches the page again every 10 seconds (every data-every seconds if
 * that is shorter) and puts its content in place, so a newly published round or new results
 * appear by themselves (the view shown stays); counts down to the next round's start every
 * second. Without JavaScript every view is shown, stacked.
 * No inline script: it binds itself on load (the CSP allows scripts from the site only).
 */
(function () {
  "use strict";

  var REFRESH_SECONDS = 10;

  function start() {
    var root = document.getElementById("screen");
    if (!root) {
      return;
    }
    var every = Math.max(2, parseInt(root.getAttribute("data-every"), 10) || 20);
    var shown = "";

    function views() {
      return Array.prototype.slice.call(root.querySelectorAll(".screen-view"));
    }

    function show(name) {
      var all = views();
      var names = all.map(function (view) { return view.getAttribute("data-view"); });
      if (names.indexOf(name) < 0) {
        name = names[0] || "";
      }
      all.forEach(function (view) {
        view.classList.toggle("is-current", view.getAttribute("data-view") === name);
      });
      shown = name;
      root.setAttribute("data-shown", name);
    }

    function next() {
      var names = views().map(function (view) { return view.getAttribute("data-view"); });
      var index = names.indexOf(shown);
      show(names[(index + 1) % names.length]);
    }

    function two(number) {
      return (number < 10 ? "0" : "") + number;
    }

    function tick() {
      var clock = root.querySelector(".screen-clock[data-starts]");
      var countdown = root.querySelector(".screen-countdown");
      if (!clock || !countdown) {
        return;
      }
      var left = Math.floor((Date.parse(clock.getAttribute("data-starts")) - Date.now()) / 1000);
      if (isNaN(left)) {
        return;
      }
      if (left <= 0) {
        clock.textContent = clock.getAttribute("data-started");
        countdown.textContent = "";
        return;
      }
      var hours = Math.floor(left / 3600);
      var minutes = Math.floor((left % 3600) / 60);
      countdown.textContent = (hours ? hours + ":" + two(minutes) : minutes) + ":" + two(left % 60);
    }

    function refresh() {
      fetch(window.location.href, { credentials: "same-origin" })
        .then(function (response) {
          return response.ok ? response.text() : null;
        })
        .then(function (html) {
          if (!html) {
            return;
          }
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.getElementById("screen-content");
          var content = document.getElementById("screen-content");
          if (fresh && content) {
            content.innerHTML = fresh.innerHTML;
            show(shown);
            tick();
          }
        })
        .catch(function () { /* the next refresh tries again */ });
    }

    root.classList.add("rotating");
    show("");
    tick();
    window.setInterval(next, every * 1000);
    window.setInterval(tick, 1000);
    window.setInterval(refresh, Math.min(every, REFRESH_SECONDS) * 1000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
