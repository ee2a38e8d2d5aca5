/* Bingo: the manual daub. With auto-daub off the player marks called numbers by hand; the
   server still claims every bingo (D-384), so a number left undaubed never loses a win. */
(function () {
  "use strict";

  document.addEventListener("change", function (ev) {
    var box = ev.target;
    if (!box || !box.hasAttribute || !box.hasAttribute("data-auto-daub")) { return; }
    var mine = box.closest(".bingo-mine");
    var cards = mine && mine.querySelector("[data-bingo-cards]");
    if (cards) { cards.classList.toggle("is-auto", box.checked); }
    try { window.localStorage.setItem("bingo-auto-daub", box.checked ? "1" : "0"); } catch (e) { /* private mode */ }
  });
  document.addEventListener("click", function (ev) {
    var sq = ev.target && ev.target.closest ? ev.target.closest(".bingo-sq.is-called") : null;
    var cards = sq && sq.closest("[data-bingo-cards]");
    if (cards && !cards.classList.contains("is-auto")) { sq.classList.toggle("is-daubed"); }
  });
  function restore() {
    var auto = "1";
    try { auto = window.localStorage.getItem("bingo-auto-daub") || "1"; } catch (e) { /* private mode */ }
    document.querySelectorAll("[data-auto-daub]").forEach(function (box) {
      box.checked = auto === "1";
      var cards = box.closest(".bingo-mine").querySelector("[data-bingo-cards]");
      if (cards) { cards.classList.toggle("is-auto", box.checked); }
    });
  }
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("DOMContentLoaded", restore);
})();
