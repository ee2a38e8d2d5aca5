/*
 * Table devices: brief animations only. The outcome is already on the page, drawn by
 * the server; nothing here is needed to play.
 *  - wheels ([data-spin-key][data-spin-no]) spin, the prize wheel ([data-turn-key]) turns to its
 *    segment, and dice ([data-roll-key][data-roll-no])
 *    tumble, when their number is newer than the one this tab saw last (sessionStorage),
 *    so a result animates once, not on every swap or reload;
 *  - while they move, the root element carries .is-revealing, so the result banner and
 *    win marks appear as the wheel stops;
 *  - the craps layout's phone view (line bets or center) is kept across swaps;
 *  - on layouts whose bets must be a multiple (craps D-003: Place 6 in $3s), a chip that
 *    does not fit is changed to the nearest amount that does before the post is sent.
 */
(function () {
  "use strict";

  var doc = document;
  var SPIN_MS = 2700;
  var ROLL_MS = 900;
  var memory = {};

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function seen(key, value) {
    var old = null;
    try { old = window.sessionStorage.getItem(key); } catch (e) { old = memory[key] || null; }
    try { window.sessionStorage.setItem(key, value); } catch (e) { memory[key] = value; }
    return old;
  }

  var revealTimer = null;
  // The chip count the player saw before the swap: while a result is being revealed it stays,
  // and the new count appears with the result.
  var shownChips = null;

  function chipCounts() { return doc.querySelectorAll('[data-testid="chips"]'); }

  var revealNo = 0;

  // The animations of an element and its children that come to an end (a glow that loops
  // forever is not the device turning).
  function ending(el) {
    if (!el || !el.getAnimations || !window.Promise) { return []; }
    return el.getAnimations({ subtree: true }).filter(function (a) {
      var t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
      return t && isFinite(t.endTime);
    });
  }

  // On the root element: htmx settles #play's own attributes after a swap. The result and the
  // new chip count show when the device's own animations have finished (a busy page starts
  // them late), or after the expected time and a margin if the browser cannot tell (P-061).
  function reveal(ms, el) {
    var root = doc.documentElement;
    var no = ++revealNo;
    root.classList.add("is-revealing");
    Array.prototype.forEach.call(chipCounts(), function (c) {
      if (!c.hasAttribute("data-final")) { c.setAttribute("data-final", c.textContent); }
      if (shownChips !== null) { c.textContent = shownChips; }
    });
    function done() {
      if (no !== revealNo) { return; }  // a newer reveal took over
      window.clearTimeout(revealTimer);
      root.classList.remove("is-revealing");
      Array.prototype.forEach.call(chipCounts(), function (c) {
        if (c.hasAttribute("data-final")) { c.textContent = c.getAttribute("data-final"); c.removeAttribute("data-final"); }
      });
    }
    window.clearTimeout(revealTimer);
    var running = ending(el);
    if (running.length) {
      revealTimer = window.setTimeout(done, ms + 2000);
      Promise.all(running.map(function (a) { return a.finished; })).then(function () {
        window.setTimeout(done, 100);
      }, done);
    } else {
      revealTimer = window.setTimeout(done, ms);
    }
  }

  doc.addEventListener("htmx:beforeSwap", function () {
    var el = chipCounts()[0];
    shownChips = el ? el.textContent : null;
  });

  // A result animating now, by device key: a live refresh that swaps the play area in the
  // middle of it carries on from the same point instead of cutting it short.
  var running = {};

  function animate(el, cls, ms, elapsed) {
    el.classList.remove(cls);
    el.style.setProperty("--anim-shift", (elapsed ? -elapsed : 0) + "ms");
    void el.getBoundingClientRect(); // restart the animation
    el.classList.add(cls);
    // The class comes off once its animations have run to the end, however late they started.
    var anims = ending(el);
    var off = function () { el.classList.remove(cls); };
    if (anims.length) {
      var timer = window.setTimeout(off, ms - (elapsed || 0) + 2000);
      Promise.all(anims.map(function (a) { return a.finished; })).then(function () {
        window.clearTimeout(timer);
        window.setTimeout(off, 100);
      }, function () { /* replaced by a newer swap: that one owns the class */ });
    } else {
      window.setTimeout(off, ms - (elapsed || 0) + 100);
    }
  }

  function device(el, kind, attr, ms, start) {
    var key = "casino." + kind + "." + el.getAttribute("data-" + kind + "-key");
    var no = el.getAttribute(attr);
    var old = seen(key, no);
    var now = Date.now();
    var r = running[key];
    if (r && r.no === no) {
      if (now - r.start < ms) {
        start(el, now - r.start);
        reveal(ms - (now - r.start), el);
      }
      return;
    }
    if (old === null || old === no || reducedMotion()) { return; }
    if (!el.getAttribute(kind === "spin" ? "data-result" : "data-dice")) { return; }
    running[key] = { no: no, start: now };
    start(el, 0);
    reveal(ms, el);
  }

  // A wheel that turns to a segment already drawn (the bingo prize wheel, D-389): at least one
  // full turn and then the angle to the segment (``data-turn-to``), once per result in this tab.
  // The rotor is drawn at rest on the segment, so without script, or with reduced motion, the
  // result simply shows. ``data-turned`` tells the degrees applied (0: shown at rest).
  var TURN_MS = 3200;

  function turn(el) {
    var spin = el.querySelector(".wheel-spin");
    var to = parseFloat(el.getAttribute("data-turn-to"));
    if (!spin || !isFinite(to) || el.hasAttribute("data-turned")) { return; }
    var key = "casino.turn." + el.getAttribute("data-turn-key");
    var degrees = 360 + ((to % 360) + 360) % 360;
    var old = seen(key, "shown");
    var r = running[key];
    var elapsed = r ? Date.now() - r.start : 0;
    if (reducedMotion() || !spin.animate || (old !== null && !(r && elapsed < TURN_MS))) {
      el.setAttribute("data-turned", "0");
      return;
    }
    if (!r) { running[key] = { no: "turn", start: Date.now() }; }
    el.setAttribute("data-turned", String(degrees));
    el.classList.add("is-turning");
    var anim = spin.animate([{ transform: "rotate(" + degrees + "deg)" }, { transform: "rotate(0deg)" }],
                            { duration: TURN_MS, easing: "cubic-bezier(0.12, 0.6, 0.2, 1)" });
    anim.currentTime = elapsed;  // a live refresh mid-turn carries on from the same point
    reveal(TURN_MS - elapsed, el);
    anim.finished.then(function () { el.classList.remove("is-turning"); }, function () { /* swapped out */ });
  }

  function check() {
    Array.prototype.forEach.call(doc.querySelectorAll("[data-turn-key][data-turn-to]"), turn);
    Array.prototype.forEach.call(doc.querySelectorAll("[data-spin-key][data-spin-no]"), function (el) {
      device(el, "spin", "data-spin-no", SPIN_MS, function (wheel, elapsed) {
        animate(wheel, "is-spinning", SPIN_MS, elapsed);
      });
    });
    Array.prototype.forEach.call(doc.querySelectorAll("[data-roll-key][data-roll-no]"), function (el) {
      device(el, "roll", "data-roll-no", ROLL_MS, function (box, elapsed) {
        var dice = box.querySelector(".dice");
        if (dice) { animate(dice, "is-rolling", ROLL_MS, elapsed); }
        animate(box, "is-tossing", ROLL_MS, elapsed);
      });
    });
  }

  /* D-003: offer the nearest amount the region takes (a multiple, within its bounds). */
  function fitted(chip, button) {
    var m = parseInt(button.getAttribute("data-multiple"), 10);
    var lo = parseInt(button.getAttribute("data-min"), 10) || 0;
    var hi = parseInt(button.getAttribute("data-max"), 10) || 0;
    if (!(m > 0) || !(chip > 0) || chip % m === 0) { return chip; }
    var v = Math.round(chip / m) * m;
    if (v < lo) { v = Math.ceil(lo / m) * m; }
    if (hi && v > hi) { v = Math.floor(hi / m) * m; }
    return v > 0 ? v : chip;
  }

  doc.addEventListener("htmx:configRequest", function (evt) {
    var d = evt.detail || {};
    var trigger = d.triggeringEvent;
    var button = trigger && trigger.submitter;
    if (!button || !button.hasAttribute || !button.hasAttribute("data-multiple")) { return; }
    var params = d.formData || null;
    var chip = parseInt(params ? params.get("chip") : (d.parameters && d.parameters.chip), 10);
    var v = fitted(chip, button);
    if (v === chip) { return; }
    if (params) { params.set("chip", String(v)); } else if (d.parameters) { d.parameters.chip = String(v); }
  });

  /* The craps layout on a phone shows the line bets or the center (P-060): the player's choice
     outlives the swap of the play area (the server always draws the line bets chosen). */
  var VIEW_KEY = "casino.cx-view";

  doc.addEventListener("change", function (evt) {
    var input = evt.target;
    if (input && input.hasAttribute && input.hasAttribute("data-cx-view") && input.checked) {
      try { window.sessionStorage.setItem(VIEW_KEY, input.value); } catch (e) { memory[VIEW_KEY] = input.value; }
    }
  });

  function keepView() {
    var want = null;
    try { want = window.sessionStorage.getItem(VIEW_KEY); } catch (e) { want = memory[VIEW_KEY] || null; }
    if (!want) { return; }
    Array.prototype.forEach.call(doc.querySelectorAll("input[data-cx-view]"), function (input) {
      if (input.value === want) { input.checked = true; }
    });
  }

  function onSwap() { keepView(); check(); }

  // Before paint: a swapped-in result must not show before its wheel has turned.
  doc.addEventListener("htmx:afterSwap", onSwap);
  doc.addEventListener("htmx:oobAfterSwap", onSwap);

  if (doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", onSwap);
  } else {
    onSwap();
  }
})();
