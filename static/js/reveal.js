/* The draw games' reveal (keno, bingo; P-448). While a draw's balls come out, #draw-reveal
   asks the server for the balls out so far every reveal_ms and comes back with them in its
   data-balls; this lights them where the page shows balls, in place:

   - each element with data-lit-class (the board, the player's cards) gives that class to its
     [data-number] children whose number is out, data-last-class to the last one out, and
     data-hit-class to a lit one the player has marked (class is-mine);
   - every [data-ball-count] shows how many are out, every [data-ball-last] the last one.

   Nothing else is drawn again, so the spots a player is marking for the next ticket and the
   numbers they daub stay as they are. When the draw is shown whole the server answers with the
   whole play area instead (results and all). Only the player's view: the server decides what
   is out, and sends no ball before its time. */
(function () {
  "use strict";

  function light(poller) {
    var balls = (poller.getAttribute("data-balls") || "").split(" ").filter(Boolean);
    var out = {};
    balls.forEach(function (b) { out[b] = true; });
    var last = balls.length ? balls[balls.length - 1] : "";
    var play = poller.closest("#play") || document;
    Array.prototype.forEach.call(play.querySelectorAll("[data-lit-class]"), function (group) {
      var lit = group.getAttribute("data-lit-class");
      var lastClass = group.getAttribute("data-last-class");
      var hit = group.getAttribute("data-hit-class");
      Array.prototype.forEach.call(group.querySelectorAll("[data-number]"), function (spot) {
        var n = spot.getAttribute("data-number");
        var on = out[n] === true;
        spot.classList.toggle(lit, on);
        if (lastClass) { spot.classList.toggle(lastClass, on && n === last); }
        if (hit) { spot.classList.toggle(hit, on && spot.classList.contains("is-mine")); }
      });
    });
    Array.prototype.forEach.call(play.querySelectorAll("[data-ball-count]"), function (el) {
      el.textContent = String(balls.length);
    });
    Array.prototype.forEach.call(play.querySelectorAll("[data-ball-last]"), function (el) {
      el.textContent = last;
    });
  }

  // htmx:load: every element htmx has just put on the page, the poller's new copy included.
  document.addEventListener("htmx:load", function (evt) {
    var el = evt.detail && evt.detail.elt;
    if (el && el.id === "draw-reveal") { light(el); }
  });
})();
