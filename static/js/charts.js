/* Tooltips for the server-rendered SVG charts (ratings/charts.py).
 *
 * Every point is an SVG element with a <title> child; without JavaScript the browser shows
 * that title on hover. This script shows the same text in a tooltip box on hover, keyboard
 * focus and tap (phones have no hover). No inline handlers: it binds itself on load.
 */
(function () {
  "use strict";

  function setup() {
    var charts = document.querySelectorAll("svg.chart");
    if (!charts.length) {
      return;
    }
    var tip = document.createElement("div");
    tip.className = "chart-tooltip";
    tip.setAttribute("role", "status");
    tip.hidden = true;
    document.body.appendChild(tip);

    function show(point) {
      var title = point.querySelector("title");
      if (!title) {
        return;
      }
      tip.textContent = title.textContent;
      tip.hidden = false;
      var box = point.getBoundingClientRect();
      var left = window.scrollX + box.left + box.width / 2 - tip.offsetWidth / 2;
      var maxLeft = window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4;
      tip.style.left = Math.max(window.scrollX + 4, Math.min(left, maxLeft)) + "px";
      tip.style.top = window.scrollY + box.top - tip.offsetHeight - 8 + "px";
      point.classList.add("active");
    }

    function hide(point) {
      tip.hidden = true;
      if (point) {
        point.classList.remove("active");
      }
    }

    Array.prototype.forEach.call(charts, function (chart) {
      Array.prototype.forEach.call(chart.querySelectorAll(".point"), function (point) {
        point.addEventListener("mouseenter", function () { show(point); });
        point.addEventListener("mouseleave", function () { hide(point); });
        point.addEventListener("focus", function () { show(point); });
        point.addEventListener("blur", function () { hide(point); });
        point.addEventListener("click", function (event) {
          event.stopPropagation();
          show(point);
        });
      });
    });
    document.addEventListener("click", function () { hide(null); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
