/*
 * Table behaviour, no framework, safe without htmx:
 *  - chip rail: the chosen chip value is kept in localStorage, shown with
 *    aria-pressed, and copied into <input type="hidden" name="chip"> of every
 *    form[data-chip-target] (data-chip-target="amount" fills name="amount").
 *  - deal / flip animation on cards that are new or turned over after a swap.
 *  - a brief shuffle animation when an element with data-shuffled="1" appears.
 *  - countdown rings for [data-deadline] (ISO 8601 or epoch ms), every 250 ms;
 *    fires a bubbling "timer:expired" event once (usable as an hx-trigger).
 *  - plain (non-htmx) forms mark themselves busy after submit against double clicks.
 */
(function () {
  "use strict";

  var STORE_KEY = "casino.chip";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var doc = document;

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function storeGet(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }

  function storeSet(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: keep in memory only */ }
  }

  function toArray(list) { return Array.prototype.slice.call(list || []); }

  /* ------------------------------------------------------------ chip rail */
  var memoryChip = null;

  function railButtons(rail) {
    return toArray(rail.querySelectorAll(".rail-chip[data-chip]"));
  }

  function effectiveChip() {
    var rails = toArray(doc.querySelectorAll(".chip-rail"));
    if (!rails.length) { return null; }
    var stored = storeGet(STORE_KEY) || memoryChip;
    var buttons = railButtons(rails[0]);
    var i;
    if (stored) {
      for (i = 0; i < buttons.length; i++) {
        if (buttons[i].getAttribute("data-chip") === stored && !buttons[i].disabled) { return stored; }
      }
    }
    for (i = 0; i < buttons.length; i++) {
      if (buttons[i].getAttribute("aria-pressed") === "true") { return buttons[i].getAttribute("data-chip"); }
    }
    return buttons.length ? buttons[0].getAttribute("data-chip") : null;
  }

  function applyChip(value) {
    if (value === undefined) { value = effectiveChip(); }
    if (value === null || value === undefined) { return; }
    toArray(doc.querySelectorAll(".chip-rail .rail-chip[data-chip]")).forEach(function (btn) {
      var on = btn.getAttribute("data-chip") === value;
      btn.setAttribute("aria-pressed", on ? "true" : "false");
      btn.classList.toggle("is-selected", on);
    });
    toArray(doc.querySelectorAll("form[data-chip-target]")).forEach(function (form) {
      var name = form.getAttribute("data-chip-target") || "chip";
      toArray(form.querySelectorAll('input[type="hidden"]')).forEach(function (input) {
        if (input.name === name) { input.value = value; }
      });
    });
  }

  function chooseChip(btn) {
    if (!btn || btn.disabled) { return; }
    var value = btn.getAttribute("data-chip");
    memoryChip = value;
    storeSet(STORE_KEY, value);
    applyChip(value);
    btn.dispatchEvent(new CustomEvent("chip:change", { bubbles: true, detail: { value: parseInt(value, 10) } }));
  }

  doc.addEventListener("click", function (evt) {
    var btn = evt.target && evt.target.closest ? evt.target.closest(".rail-chip[data-chip]") : null;
    if (btn) { chooseChip(btn); }
  });

  doc.addEventListener("keydown", function (evt) {
    var btn = evt.target && evt.target.closest ? evt.target.closest(".chip-rail .rail-chip") : null;
    if (!btn) { return; }
    var key = evt.key;
    if (key !== "ArrowLeft" && key !== "ArrowRight" && key !== "Home" && key !== "End") { return; }
    var buttons = railButtons(btn.closest(".chip-rail")).filter(function (b) { return !b.disabled; });
    var i = buttons.indexOf(btn);
    if (key === "ArrowLeft") { i = Math.max(0, i - 1); }
    else if (key === "ArrowRight") { i = Math.min(buttons.length - 1, i + 1); }
    else if (key === "Home") { i = 0; }
    else { i = buttons.length - 1; }
    if (buttons[i]) {
      evt.preventDefault();
      buttons[i].focus();
      chooseChip(buttons[i]);
    }
  });

  /* --------------------------------------------------- card animations */
  var lastCards = null; // signature -> code, as last seen

  function handKey(hand, counters) {
    var keyed = hand.getAttribute("data-hand");
    if (keyed) { return "h:" + keyed; }
    var owner = hand.parentElement ? hand.parentElement.closest("[id]") : null;
    var base = owner ? owner.id : "";
    counters[base] = (counters[base] || 0) + 1;
    return base + "#" + counters[base];
  }

  function collectCards() {
    var found = [];
    var counters = {};
    toArray(doc.querySelectorAll(".hand, .board")).forEach(function (hand) {
      var key = handKey(hand, counters);
      var cards = toArray(hand.querySelectorAll(".card[data-code]"));
      cards.forEach(function (card, i) {
        found.push({ el: card, sig: key + "/" + i, code: card.getAttribute("data-code") });
      });
    });
    return found;
  }

  function shoeOrigin() {
    var shoe = doc.querySelector(".shoe-widget .shoe-art, .shoe-widget");
    if (!shoe) { return null; }
    var r = shoe.getBoundingClientRect();
    if (!r.width) { return null; }
    return { x: r.left + r.width * 0.12, y: r.top + r.height * 0.6 };
  }

  function animateOnce(el, cls, delayMs, from) {
    if (from) {
      var r = el.getBoundingClientRect();
      el.style.setProperty("--deal-x", Math.round(from.x - (r.left + r.width / 2)) + "px");
      el.style.setProperty("--deal-y", Math.round(from.y - (r.top + r.height / 2)) + "px");
    }
    el.style.setProperty("--deal-delay", delayMs + "ms");
    el.classList.add(cls);
    var done = function () {
      el.classList.remove(cls);
      el.removeEventListener("animationend", done);
    };
    el.addEventListener("animationend", done);
    window.setTimeout(done, delayMs + 1200);
  }

  function diffCards() {
    var now = collectCards();
    var next = {};
    now.forEach(function (c) { next[c.sig] = c.code; });
    if (lastCards !== null && !reducedMotion()) {
      var from = shoeOrigin();
      var n = 0;
      now.forEach(function (c) {
        var old = lastCards[c.sig];
        if (old === c.code) { return; }
        var delay = Math.min(n, 8) * 90;
        if (old === "back" && c.code !== "back") {
          animateOnce(c.el, "flip-in", delay, null);
        } else {
          animateOnce(c.el, "deal-in", delay, from);
        }
        n += 1;
      });
    }
    lastCards = next;
  }

  /* ------------------------------------------------------------ shuffle */
  var shufflesSeen = {};

  function checkShuffles() {
    toArray(doc.querySelectorAll('[data-shuffled="1"]')).forEach(function (el) {
      var key = (el.id || "shoe") + ":" + (el.getAttribute("data-shuffle-no") || "");
      if (shufflesSeen[key]) { return; }
      shufflesSeen[key] = true;
      if (reducedMotion()) { return; }
      el.classList.remove("is-shuffling");
      void el.offsetWidth; // restart the animation
      el.classList.add("is-shuffling");
      window.setTimeout(function () { el.classList.remove("is-shuffling"); }, 1300);
    });
  }

  /* ------------------------------------------------------------- timers */
  function parseTime(text) {
    if (text === null || text === undefined || text === "") { return null; }
    var s = String(text).trim();
    if (/^\d+(\.\d+)?$/.test(s)) {
      var n = parseFloat(s);
      return n < 1e11 ? n * 1000 : n; // epoch seconds or milliseconds
    }
    var t = Date.parse(s);
    return isNaN(t) ? null : t;
  }

  function ensureRing(el) {
    if (el.querySelector(".timer-arc")) { return; }
    el.classList.add("timer");
    var svg = doc.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", "timer-ring");
    svg.setAttribute("viewBox", "0 0 44 44");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var track = doc.createElementNS(SVG_NS, "circle");
    track.setAttribute("class", "timer-track");
    var arc = doc.createElementNS(SVG_NS, "circle");
    arc.setAttribute("class", "timer-arc");
    arc.setAttribute("pathLength", "100");
    arc.setAttribute("stroke-dasharray", "100 100");
    arc.setAttribute("stroke-dashoffset", "0");
    arc.setAttribute("transform", "rotate(-90 22 22)");
    [track, arc].forEach(function (c) {
      c.setAttribute("cx", "22"); c.setAttribute("cy", "22"); c.setAttribute("r", "19");
      svg.appendChild(c);
    });
    el.insertBefore(svg, el.firstChild);
    if (!el.querySelector(".timer-text")) {
      var text = doc.createElement("span");
      text.className = "timer-text";
      el.appendChild(text);
    }
  }

  function tickTimers() {
    var nodes = doc.querySelectorAll("[data-deadline]");
    if (!nodes.length) { return; }
    var clientNow = Date.now();
    toArray(nodes).forEach(function (el) {
      var deadline = parseTime(el.getAttribute("data-deadline"));
      if (deadline === null) { return; }
      if (el._deadline !== deadline) {
        // first sight of this deadline: work out the clock skew and the full window
        el._deadline = deadline;
        el._expiredFired = false;
        var serverNow = parseTime(el.getAttribute("data-now"));
        el._skew = serverNow === null ? 0 : serverNow - clientNow;
        var dur = parseFloat(el.getAttribute("data-duration"));
        el._total = dur > 0 ? dur * 1000 : Math.max(1000, deadline - (clientNow + el._skew));
      }
      if (el.getAttribute("data-timer") !== "text") { ensureRing(el); }
      var left = deadline - (clientNow + el._skew);
      var frac = Math.max(0, Math.min(1, left / el._total));
      var arc = el.querySelector(".timer-arc");
      if (arc) { arc.setAttribute("stroke-dashoffset", (100 * (1 - frac)).toFixed(2)); }
      var secs = Math.max(0, Math.ceil(left / 1000));
      var text = el.querySelector(".timer-text") || el;
      // a lone player's day-long clock (D-009) reads in hours, a long window in minutes
      var shown = secs < 100 ? String(secs) : (secs < 3600 ? Math.ceil(secs / 60) + "m" : Math.ceil(secs / 3600) + "h");
      if (text.textContent !== shown) { text.textContent = shown; }
      el.classList.toggle("is-urgent", left > 0 && (left <= 5000 || frac <= 0.2));
      el.classList.toggle("is-expired", left <= 0);
      if (left <= 0 && !el._expiredFired) {
        el._expiredFired = true;
        el.dispatchEvent(new CustomEvent("timer:expired", { bubbles: true }));
      }
    });
  }

  /* ------------------------------------------- plain-form double-submit guard */
  doc.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (!form || form.hasAttribute("data-no-guard")) { return; }
    window.setTimeout(function () {
      if (evt.defaultPrevented) { return; } // htmx (or someone) took over
      form.classList.add("is-busy");
      toArray(form.querySelectorAll('button[type="submit"], button:not([type]), input[type="submit"]')).forEach(function (b) {
        b.setAttribute("aria-disabled", "true");
        b.disabled = true;
      });
    }, 0);
  });

  window.addEventListener("pageshow", function () {
    toArray(doc.querySelectorAll("form.is-busy")).forEach(function (form) {
      form.classList.remove("is-busy");
      toArray(form.querySelectorAll('[aria-disabled="true"]')).forEach(function (b) {
        b.removeAttribute("aria-disabled");
        b.disabled = false;
      });
    });
  });

  /* ---------------------------------------------------------------- wiring */
  var scheduled = false;

  function refresh() {
    scheduled = false;
    applyChip();
    diffCards();
    checkShuffles();
    tickTimers();
  }

  function scheduleRefresh() {
    applyChip(); // at once: a form that just arrived must carry the chosen chip
    if (scheduled) { return; }
    scheduled = true;
    window.setTimeout(refresh, 0);
  }

  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle", "htmx:load", "htmx:sseMessage"].forEach(function (name) {
    doc.addEventListener(name, scheduleRefresh);
  });

  /* A browser that has just acted already shows the table at the version its own stream
     event announces: only a newer version is worth fetching again. The event can arrive
     while the post that caused it is still on its way back; then the answer to the post is
     awaited, and the table is fetched only if it shows less than was announced.

     A live refresh never replaces the play area while the player is pressing a control in it
     or a post of theirs is on its way: the swap would take the button from under the pointer
     (the click lands on nothing), or the post's answer would find the play area it was aimed
     at gone (htmx drops a swap into a detached element, and every event of that request with
     it). The refresh's answer is set aside and the table is fetched again once the press or
     the post is over, if the page then shows less than the refresh carried. */
  var posting = 0;
  var pressing = 0;
  var owed = -1;

  function shownVersion() {
    var play = doc.getElementById("play");
    return play ? parseInt(play.getAttribute("data-table-version") || "-1", 10) : -1;
  }

  function held() { return posting > 0 || pressing > 0; }

  function release() {
    if (held()) { return; }
    var due = owed;
    owed = -1;
    if (due > shownVersion()) {
      var listener = doc.querySelector(".live-refresh");
      if (listener) { htmx.trigger(listener, "casino:refetch"); }
    }
  }

  doc.addEventListener("htmx:beforeRequest", function (evt) {
    var d = evt.detail || {};
    if (!d.requestConfig || d.requestConfig.verb !== "post" || !d.xhr) { return; }
    posting += 1;
    // Counted down by the request itself, not by htmx's events: those fire on the form that
    // posted, and a form no longer on the page never tells the document.
    var counted = false;
    d.xhr.addEventListener("loadend", function () {
      if (counted) { return; }
      counted = true;
      posting = Math.max(0, posting - 1);
      window.setTimeout(release, 0); // after htmx has swapped the answer in
    });
  });
  doc.addEventListener("htmx:afterSettle", release);

  /* A press lasts from the pointer (or Space, Enter) going down on the play area until it
     comes up and its click has been handled; a press whose release never arrives (the pointer
     left the window) lets go after a moment, so live updates never stop for good. */
  var pressNo = 0;

  function press(evt) {
    if (!evt.target || !evt.target.closest || !evt.target.closest("#play")) { return; }
    if (evt.type === "keydown" && evt.key !== " " && evt.key !== "Enter") { return; }
    var mine = ++pressNo;
    pressing = 1;
    window.setTimeout(function () { if (pressNo === mine) { letGo(); } }, 2000);
  }

  function letGo() {
    if (!pressing) { return; }
    // the click, the form's submit and htmx's post all run before this timer
    window.setTimeout(function () { pressing = 0; pressNo += 1; release(); }, 0);
  }

  doc.addEventListener("pointerdown", press, true);
  doc.addEventListener("keydown", press, true);
  ["pointerup", "pointercancel", "keyup"].forEach(function (name) { doc.addEventListener(name, letGo, true); });
  window.addEventListener("blur", letGo);

  function versionIn(text) {
    var found = /data-table-version="(\d+)"/.exec(text || "");
    return found ? parseInt(found[1], 10) : -1;
  }

  doc.addEventListener("htmx:beforeSwap", function (evt) {
    var d = evt.detail || {};
    var elt = d.requestConfig && d.requestConfig.elt;
    if (!held() || !d.target || d.target.id !== "play" || !elt || !elt.classList || !elt.classList.contains("live-refresh")) { return; }
    owed = Math.max(owed, d.xhr ? versionIn(d.xhr.responseText) : shownVersion() + 1);
    d.shouldSwap = false;
  });
  /* Answers can arrive out of order (a fetch sent before a post, answered after it): the
     play area never goes back to an older version of the table than the one it shows. */
  doc.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    var xhr = evt.detail && evt.detail.xhr;
    if (!target || target.id !== "play" || !xhr || typeof xhr.responseText !== "string") { return; }
    var found = versionIn(xhr.responseText);
    if (found >= 0 && found < shownVersion()) { evt.detail.shouldSwap = false; }
  });

  /* Regions the server may leave out (web/fragments.py): every htmx request aimed at the play
     area names the digest of each region shown; an unchanged region comes back as an empty
     placeholder and htmx keeps the one on the page (hx-preserve). When a placeholder's digest
     is not the one shown (an answer that crossed another swap), the whole play area is
     fetched again at once. */
  function keptDigests() {
    var out = {};
    toArray(doc.querySelectorAll("#play .kept[id][data-digest]")).forEach(function (el) {
      out[el.id.replace(/^kept-/, "")] = el.getAttribute("data-digest");
    });
    return out;
  }

  var wholeNext = false;

  doc.addEventListener("htmx:configRequest", function (evt) {
    var d = evt.detail || {};
    if (!d.target || d.target.id !== "play" || !d.headers) { return; }
    if (wholeNext) { wholeNext = false; return; }
    var shown = keptDigests();
    var parts = Object.keys(shown).map(function (k) { return k + "=" + shown[k]; });
    if (parts.length) { d.headers["X-Kept"] = parts.join(","); }
  });

  doc.addEventListener("htmx:beforeSwap", function (evt) {
    var d = evt.detail || {};
    if (!d.target || d.target.id !== "play" || !d.xhr || typeof d.xhr.responseText !== "string" || !d.shouldSwap) { return; }
    var shown = keptDigests();
    var re = /<div id="kept-([a-z0-9-]+)" class="kept" data-digest="([0-9a-f]+)" hx-preserve="true">/g;
    var m;
    while ((m = re.exec(d.xhr.responseText)) !== null) {
      if (shown[m[1]] !== m[2]) {
        // The answer is still shown (its decisions and balances are the newest), and the whole
        // play area follows at once, so a region another swap changed is never left behind.
        wholeNext = true;
        var listener = doc.querySelector(".live-refresh");
        if (listener) { window.setTimeout(function () { htmx.trigger(listener, "casino:refetch"); }, 0); }
        return;
      }
    }
  });

  doc.addEventListener("htmx:confirm", function (evt) {
    var trig = evt.detail && evt.detail.triggeringEvent;
    if (!trig || trig.type !== "sse:changed" || !trig.detail || !trig.detail.data) { return; }
    var announced;
    try { announced = JSON.parse(trig.detail.data).version; } catch (e) { return; }
    if (typeof announced !== "number") { return; }
    if (announced <= shownVersion()) {
      evt.preventDefault();
    } else if (held()) {
      owed = Math.max(owed, announced);
      evt.preventDefault();
    }
  });

  /* ------------------------------------------------------- keyboard focus */
  /* An htmx swap replaces #play whole, and the focused control with it: the focus would fall
     back to the page body. Before the swap the acting control is remembered (its data-action,
     or the chip it chose); after it the same control takes the focus again, or, when it is
     gone (Deal becomes Hit / Stand), the first decision, the first open bet spot, or the
     round's headline. A live refresh from another player keeps the focus on the same control,
     and moves nothing that has no focus. */
  var focusKey = null;

  function focusTarget(el) {
    if (!el || !el.closest || !el.closest("#play")) { return null; }
    var b = el.closest("[data-action], .rail-chip[data-chip], input[name], select[name]");
    if (!b) { return null; }
    if (b.hasAttribute("data-action")) { return '[data-action="' + b.getAttribute("data-action") + '"]'; }
    if (b.hasAttribute("data-chip")) { return '.rail-chip[data-chip="' + b.getAttribute("data-chip") + '"]'; }
    return b.id ? "#" + b.id : null;
  }

  doc.addEventListener("htmx:beforeRequest", function (evt) {
    var d = evt.detail || {};
    var elt = d.elt;
    if (!elt || !elt.closest) { return; }
    if (!elt.closest("#play")) {
      // a live refresh (another player moved) keeps the focus where the player left it
      var held = focusTarget(doc.activeElement);
      if (held) { focusKey = held; }
      return;
    }
    var trig = d.requestConfig && d.requestConfig.triggeringEvent;
    var key = focusTarget(doc.activeElement) || focusTarget(trig && trig.submitter);
    if (!key && elt.querySelector) { key = focusTarget(elt.querySelector("[data-action]")); }
    focusKey = key || "*";
  });

  /* A live refresh asked for while the player's own post was in flight (its button disabled, the
     focus on the page) can land after that post's answer has put the focus back: what is
     focused when a swap begins is what the swap must keep. */
  doc.addEventListener("htmx:beforeSwap", function () {
    if (focusKey) { return; }
    var held = focusTarget(doc.activeElement);
    if (held) { focusKey = held; }
  });

  doc.addEventListener("htmx:afterSettle", function (evt) {
    if (!focusKey || !doc.getElementById("play")) { return; }
    var key = focusKey;
    focusKey = null;
    function usable(el) { return el && !el.disabled && el.getClientRects().length > 0; }
    var next = null;
    if (key !== "*") {
      toArray(doc.querySelectorAll("#play " + key)).some(function (el) {
        if (usable(el)) { next = el; return true; }
        return false;
      });
    }
    if (!next) {
      toArray(doc.querySelectorAll('#play [data-testid="decisions"] button, #play .spot.is-open, #play [data-testid="headline"]'))
        .some(function (el) {
          if (el.getAttribute("data-testid") === "headline") { el.setAttribute("tabindex", "-1"); }
          if (usable(el)) { next = el; return true; }
          return false;
        });
    }
    if (next) { next.focus({ preventScroll: true }); }
  });

  /* ---------------------------------------------- what the player is entering */
  /* A play area fetched again (another player's move, the end of a draw's reveal, a region to
     draw again) must not wipe what the player is in the middle of entering on a form that
     stays open for many moves: the spots marked on a keno ticket, the numbers picked for a
     bingo card (forms marked data-keep-entries). Before such a swap every control of those
     forms that differs from how the server drew it is remembered; after it, the same control
     of the same form takes that value again. The player's own post starts afresh: its answer
     is what it asked for. (A form of one decision, a hand's discards or setting, is left as
     the server draws it: a click landing on the element a swap has just replaced must not
     come back as a tick the player took away.) */
  var KEPT_FORMS = "#play form[data-keep-entries]";
  var ENTERED = 'input:not([type="hidden"]):not([type="submit"]):not([type="button"]), select, textarea';
  var entered = null;

  function formKey(form) {
    if (form.id) { return "#" + form.id; }
    var kind = form.querySelector('input[type="hidden"][name="kind"]');
    var seat = form.querySelector('input[type="hidden"][name="seat"]');
    return (form.getAttribute("action") || "") + "|" + (kind ? kind.value : "") + "|" + (seat ? seat.value : "");
  }

  function isBox(el) {
    var type = (el.getAttribute("type") || "").toLowerCase();
    return type === "checkbox" || type === "radio";
  }

  function controlKey(el) {
    return el.name + (isBox(el) ? "=" + el.value : "");
  }

  function changed(el) {
    if (isBox(el)) { return el.checked !== el.defaultChecked; }
    if (el.tagName === "SELECT") {
      return toArray(el.options).some(function (o) { return o.selected !== o.defaultSelected; });
    }
    return el.value !== el.defaultValue;
  }

  function rememberEntries() {
    var out = {};
    toArray(doc.querySelectorAll(KEPT_FORMS)).forEach(function (form) {
      var values = {};
      toArray(form.querySelectorAll(ENTERED)).forEach(function (el) {
        if (el.name && changed(el)) { values[controlKey(el)] = isBox(el) ? el.checked : el.value; }
      });
      out[formKey(form)] = values;
    });
    return out;
  }

  function restoreEntries(kept) {
    toArray(doc.querySelectorAll(KEPT_FORMS)).forEach(function (form) {
      var was = kept[formKey(form)];
      if (!was) { return; }
      toArray(form.querySelectorAll(ENTERED)).forEach(function (el) {
        var key = el.name ? controlKey(el) : null;
        if (key === null || !Object.prototype.hasOwnProperty.call(was, key) || el.disabled) { return; }
        if (isBox(el)) { el.checked = was[key]; } else { el.value = was[key]; }
      });
    });
  }

  doc.addEventListener("htmx:beforeSwap", function (evt) {
    var d = evt.detail || {};
    var verb = d.requestConfig && d.requestConfig.verb;
    entered = null;
    if (!d.shouldSwap || !d.target || d.target.id !== "play" || String(verb).toLowerCase() !== "get") { return; }
    entered = rememberEntries();
  });
  doc.addEventListener("htmx:afterSwap", function () {
    if (!entered || !doc.getElementById("play")) { return; }
    var kept = entered;
    entered = null;
    restoreEntries(kept);
  });

  function start() {
    refresh();
    window.setInterval(tickTimers, 250);
  }

  if (doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  window.casinoTable = { refresh: refresh, chip: effectiveChip };
})();
