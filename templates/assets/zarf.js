/* zarf's pages: one script, served from the binary (no inline script: the pages' CSP). The pages
   work without it; with it, a page hears its game (or its player's games) change and draws
   itself again, and a move can be made by clicking or dragging a piece. The server judges every
   move, as it does one typed in the field. */
(function () {
  "use strict";

  var source = null;

  /* The reader is writing in a field: do not redraw under them. */
  function busy() {
    var a = document.activeElement;
    return !!a && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName) && a.type !== "hidden" &&
      a.type !== "checkbox" && a.value !== "";
  }

  function announce(text) {
    var region = document.getElementById("announce");
    if (region && text) {
      region.textContent = "";
      window.setTimeout(function () { region.textContent = text; }, 50);
    }
  }

  /* Fetches the page again and puts its main part in place of this one's. */
  function redraw() {
    if (busy()) {
      var note = document.getElementById("changed");
      if (note) { note.hidden = false; }
      return;
    }
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (res) { return res.ok ? res.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector("main");
        var old = document.querySelector("main");
        if (!fresh || !old) { return; }
        /* Where the reader was stays where they are: a screen reader's user whose button or
           field is drawn again keeps their place (by its id), not thrown back to the page's top. */
        var had = document.activeElement;
        var at = had && had.id && old.contains(had) ? had.id : null;
        old.replaceWith(document.adoptNode(fresh));
        var again = at && document.getElementById(at);
        if (again && typeof again.focus === "function") { again.focus({ preventScroll: true }); }
        var note = document.getElementById("changed");
        if (note) { note.hidden = true; }
        var said = fresh.querySelector("[data-announce]");
        announce(said && said.textContent);
        listen(doc.body.getAttribute("data-live"));
        board();
        lines();
        files();
      });
  }

  function listen(url) {
    if (!url || !window.EventSource) { return; }
    if (source) { source.close(); }
    source = new EventSource(url);
    source.addEventListener("changed", redraw);
  }

  /* Moves along a route (checkers): click the piece, then each square it lands on, or drag it
     through them; the move is played once the squares name one legal move (the form's
     data-routes lists them all, every square of each route). */
  function routes(form, svg) {
    var field = form.querySelector("input[name=move]");
    var all = form.getAttribute("data-routes").split(" ").filter(Boolean).map(function (m) {
      return { text: m, squares: m.split(/[-x]/) };
    });
    var path = [];
    var marks = [];
    var dragging = false;

    function clear() {
      marks.forEach(function (m) { m.remove(); });
      marks = [];
      path = [];
    }

    function mark(square) {
      var rect = svg.querySelector("rect.dark[data-square='" + square + "']");
      if (!rect) { return; }
      var m = rect.cloneNode(false);
      m.setAttribute("class", "picked");
      m.removeAttribute("data-square");
      rect.parentNode.insertBefore(m, svg.querySelector(".piece"));
      marks.push(m);
    }

    /* The legal moves whose route begins with `squares`. */
    function following(squares) {
      return all.filter(function (m) {
        return squares.every(function (s, i) { return m.squares[i] === s; });
      });
    }

    function add(square) {
      if (path.length && path[path.length - 1] === square) { return; }
      var next = path.concat([square]);
      var left = following(next);
      if (!left.length) {
        /* Not on any route: another of one's pieces starts again. */
        clear();
        if (following([square]).length) { path = [square]; mark(square); }
        return;
      }
      path = next;
      mark(square);
      if (path.length > 1 && left.length === 1) {
        field.value = left[0].text;
        withEntropy(form);
        form.submit();
      }
    }

    svg.addEventListener("pointerdown", function (e) {
      var square = e.target.getAttribute && e.target.getAttribute("data-square");
      if (!square) { return; }
      e.preventDefault();
      dragging = true;
      add(square);
    });
    svg.addEventListener("pointermove", function (e) {
      if (!dragging || !path.length) { return; }
      var el = document.elementFromPoint(e.clientX, e.clientY);
      var square = el && el.getAttribute("data-square");
      if (square && following(path.concat([square])).length) { add(square); }
    });
    document.addEventListener("pointerup", function () { dragging = false; });
  }

  /* Tavla: click a checker of yours, then the point it goes to (the bar and the tray are points
     too); each checker move is added to the field, the dice not yet used are shown, and the
     last move can be taken back before the play is sent. The rules judge the play when sent. */
  function dice(form, svg) {
    var field = form.querySelector("input[name=move]");
    var thrown = form.getAttribute("data-dice").split(" ").map(Number);
    var mine = svg.getAttribute("data-viewer");
    var left = form.querySelector(".dice-left output");
    var undo = form.querySelector(".dice-left button");
    var steps = [];
    var from = null;
    var picked = null;

    function named(p) { return p === 25 ? "bar" : p === 0 ? "off" : String(p); }
    function point(name) { return name === "bar" ? 25 : name === "off" ? 0 : Number(name); }

    /* The dice the moves so far leave: each move uses the die of its distance, a move off the
       board the smallest die that reaches, a longer move the dice that add up to it. */
    function remaining() {
      var d = thrown.slice();
      steps.forEach(function (s) {
        var distance = s[0] - s[1];
        var i = d.indexOf(distance);
        if (i < 0 && s[1] === 0) {
          var bigger = d.filter(function (x) { return x > distance; }).sort();
          i = bigger.length ? d.indexOf(bigger[0]) : -1;
        }
        if (i >= 0) { d.splice(i, 1); return; }
        var sum = 0;
        while (d.length && sum < distance) { sum += d.shift(); }
      });
      return d;
    }

    /* Does the player have a checker on point `p` now: one drawn there, or moved there by the
       moves so far (less those moved on from it)? */
    function holds(p) {
      var moved = 0;
      steps.forEach(function (s) { moved += (s[1] === p ? 1 : 0) - (s[0] === p ? 1 : 0); });
      var drawn = svg.querySelectorAll(".checker." + mine + "[data-point='" + named(p) + "']").length;
      var counted = svg.querySelector(".count." + mine + "[data-point='" + named(p) + "']");
      var there = counted ? Number(counted.textContent) : drawn;
      return p !== 0 && there + moved > 0;
    }

    function show() {
      field.value = steps.map(function (s) { return named(s[0]) + "/" + named(s[1]); }).join(" ");
      left.textContent = remaining().join(" ");
      undo.disabled = !steps.length;
      svg.querySelectorAll(".target").forEach(function (el) { el.classList.remove("target"); });
      steps.forEach(function (s) {
        var to = svg.querySelector("polygon[data-point='" + named(s[1]) + "'], rect[data-point='" + named(s[1]) + "']");
        if (to) { to.classList.add("target"); }
      });
    }

    function unpick() {
      if (picked) { picked.classList.remove("picked"); }
      picked = null;
      from = null;
    }

    svg.addEventListener("click", function (e) {
      var at = e.target.closest && e.target.closest("[data-point]");
      if (!at) { return; }
      var p = point(at.getAttribute("data-point"));
      if (from === null) {
        if (!holds(p)) { return; }
        from = p;
        picked = svg.querySelector(".checker." + mine + "[data-point='" + named(p) + "']") ||
          svg.querySelector("polygon[data-point='" + named(p) + "']");
        if (picked) { picked.classList.add("picked"); }
        return;
      }
      if (p === from) { unpick(); return; }
      if (p < from) { steps.push([from, p]); show(); }
      unpick();
    });
    undo.addEventListener("click", function () { steps.pop(); unpick(); show(); });
    show();
  }

  /* Moves by clicking a piece and then its square, or by dragging it there. */
  function board() {
    var form = document.querySelector("form.move[data-board]");
    var svg = form && document.querySelector(".playable .board");
    if (!svg) { return; }
    if (form.hasAttribute("data-routes")) { routes(form, svg); return; }
    if (form.hasAttribute("data-dice")) { dice(form, svg); return; }
    var field = form.querySelector("input[name=move]");
    var promote = form.querySelector(".promote");
    var from = null;
    var mark = null;

    function squareAt(x, y) {
      var el = document.elementFromPoint(x, y);
      return el && el.getAttribute("data-square");
    }

    function pick(square) {
      unpick();
      var rect = svg.querySelector("rect[data-square=" + square + "]");
      if (!rect || !svg.querySelector(".piece[data-square=" + square + "]")) { return; }
      from = square;
      mark = rect.cloneNode(false);
      mark.setAttribute("class", "picked");
      mark.removeAttribute("data-square");
      rect.parentNode.insertBefore(mark, svg.querySelector(".piece"));
    }

    function unpick() {
      if (mark) { mark.remove(); }
      mark = null;
      from = null;
    }

    function play(text) {
      field.value = text;
      withEntropy(form);
      form.submit();
    }

    function to(square) {
      var piece = svg.querySelector(".piece[data-square=" + from + "]");
      var uci = from + square;
      unpick();
      var last = square.charAt(1) === "8" || square.charAt(1) === "1";
      if (piece && piece.getAttribute("data-role") === "p" && last && promote) {
        promote.hidden = false;
        promote.querySelector("button").focus();
        promote.onclick = function (e) {
          var choice = e.target.closest("button");
          if (choice) { play(uci + choice.value); }
        };
        return;
      }
      play(uci);
    }

    svg.addEventListener("pointerdown", function (e) {
      var square = e.target.getAttribute && e.target.getAttribute("data-square");
      if (!square || svg.classList.contains("building")) { return; }
      e.preventDefault();
      if (from && from !== square) { to(square); return; }
      pick(square);
    });
    svg.addEventListener("pointerup", function (e) {
      if (svg.classList.contains("building")) { return; }
      var square = squareAt(e.clientX, e.clientY);
      if (from && square && square !== from) { to(square); }
    });
  }

  /* Conditional lines built on the board: each piece moved (click it, then its square) is
     written into the lines' field as UCI and shown moved on the board, which is not the game's:
     the server reads the lines and refuses a wrong one with its line and move. "New line"
     puts the board back as the game stands. */
  function lines() {
    var form = document.querySelector("form[data-lines]");
    var svg = document.querySelector("main .board");
    if (!form || !svg) { return; }
    var area = form.querySelector("textarea");
    var build = form.querySelector("button.build");
    var fresh = form.querySelector("button.new-line");
    var original = svg.innerHTML;
    var from = null;

    function newRow() {
      if (area.value !== "" && !/\n$/.test(area.value)) { area.value += "\n"; }
    }

    function place(piece, square) {
      var rect = svg.querySelector("rect[data-square=" + square + "]");
      if (!rect) { return; }
      var size = Number(rect.getAttribute("width"));
      piece.setAttribute("x", String(Number(rect.getAttribute("x")) + size / 2));
      piece.setAttribute("y", String(Number(rect.getAttribute("y")) + size / 2));
      piece.setAttribute("data-square", square);
    }

    build.addEventListener("click", function () {
      var on = !svg.classList.contains("building");
      svg.classList.toggle("building", on);
      build.setAttribute("aria-pressed", on ? "true" : "false");
      from = null;
      if (on) { newRow(); }
    });
    fresh.addEventListener("click", function () {
      svg.innerHTML = original;
      from = null;
      newRow();
    });
    svg.addEventListener("pointerdown", function (e) {
      var square = e.target.getAttribute && e.target.getAttribute("data-square");
      if (!square || !svg.classList.contains("building")) { return; }
      e.preventDefault();
      if (!from) {
        if (svg.querySelector(".piece[data-square=" + square + "]")) { from = square; }
        return;
      }
      if (square === from) { from = null; return; }
      var piece = svg.querySelector(".piece[data-square=" + from + "]");
      var uci = from + square;
      var last = square.charAt(1) === "8" || square.charAt(1) === "1";
      if (piece && piece.getAttribute("data-role") === "p" && last) { uci += "q"; }
      var taken = svg.querySelector(".piece[data-square=" + square + "]");
      if (taken) { taken.remove(); }
      if (piece) { place(piece, square); }
      var row = area.value.split("\n").pop();
      area.value += (row === "" ? "" : " ") + uci;
      from = null;
    });
  }

  /* A file chosen for a list fills the list's field (a class's CSV), to check before sending. */
  function files() {
    document.querySelectorAll("[data-needs-script]").forEach(function (el) { el.hidden = false; });
    document.querySelectorAll("input[type=file][data-fills]").forEach(function (input) {
      input.addEventListener("change", function () {
        var target = document.getElementById(input.getAttribute("data-fills"));
        var file = input.files && input.files[0];
        if (!target || !file) { return; }
        var reader = new FileReader();
        reader.onload = function () { target.value = String(reader.result); };
        reader.readAsText(file);
      });
    });
  }

  /* A game of dice: every form that can cause a throw carries 32 random bytes of this browser's
     own, made as it is sent, from which the throws it causes are derived (see the dice log). */
  function withEntropy(form) {
    var field = form && form.querySelector && form.querySelector("[data-entropy]");
    if (!field || !window.crypto || !window.crypto.getRandomValues) { return; }
    var bytes = new Uint8Array(32);
    window.crypto.getRandomValues(bytes);
    var hex = "";
    for (var i = 0; i < bytes.length; i++) {
      hex += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    }
    field.value = hex;
  }

  function entropy() {
    document.addEventListener("submit", function (e) { withEntropy(e.target); }, true);
  }

  document.addEventListener("DOMContentLoaded", function () {
    entropy();
    listen(document.body.getAttribute("data-live"));
    board();
    lines();
    files();
  });
})();
