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
  /* The numbers daubed by hand stay daubed when the play area is drawn again (the end of the
     game's reveal, another player buying cards): each by its card's serial and its number. */
  var daubed = null;
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (!target || target.id !== "play") { return; }
    daubed = Array.prototype.map.call(document.querySelectorAll("#play .bingo-card .bingo-sq.is-daubed[data-number]"), function (sq) {
      return [sq.closest(".bingo-card").getAttribute("data-serial"), sq.getAttribute("data-number")];
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var kept = daubed || [];
    daubed = null;
    var wanted = {};
    kept.forEach(function (d) { wanted[d[0] + "/" + d[1]] = true; });
    if (!kept.length) { restore(); return; }
    Array.prototype.forEach.call(document.querySelectorAll("#play .bingo-card .bingo-sq.is-called[data-number]"), function (sq) {
      var serial = sq.closest(".bingo-card").getAttribute("data-serial");
      if (wanted[serial + "/" + sq.getAttribute("data-number")] === true) { sq.classList.add("is-daubed"); }
    });
    restore();
  });
  document.addEventListener("DOMContentLoaded", restore);
})();
