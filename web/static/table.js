// The table page: draws what the server says this seat sees (GET /api/games/{id}),
// offers the seat's decision as buttons (and the places on the table that an option
// names), answers with POST /api/games/{id}/act (naming the step it answers, so a
// repeated click is refused rather than taken for the next decision), and polls while
// others decide. A lost connection (a fetch that fails, a 5xx answer, no answer in
// time) never locks the page: it says so in the status line, tries again with a growing
// pause, and when the server answers again it clears the line and shows the current state.
// Others' decisions are shown one at a time (each view asks for the step after the one
// shown), at the pace the viewer chose, who may pause, step, or jump to the present.
// The pieces of the table the server says changed since the view shown are marked.
"use strict";
(function () {
  const main = document.getElementById("game");
  const game = main.dataset.game;
  const token = main.dataset.token;
  const words = JSON.parse(main.dataset.words);
  const decisionBox = document.getElementById("decision");
  const tableBox = document.getElementById("table");
  const logBox = document.getElementById("log");
  const endBox = document.getElementById("end");
  const statusLine = document.getElementById("status");
  const detailBox = document.getElementById("detail");
  const watchBox = document.getElementById("watch");
  const watchWhere = document.getElementById("watch-where");
  const pauseButton = document.getElementById("watch-pause");
  const nextButton = document.getElementById("watch-next");
  const nowButton = document.getElementById("watch-now");
  const paceBox = document.getElementById("watch-pace");
  const SVG = "http://www.w3.org/2000/svg";
  const POLL = 700; // ms between two looks while others decide (bots play one decision at a time)
  const FIRST_RETRY = 500; // ms, doubled after each failure up to LAST_RETRY
  const LAST_RETRY = 8000;
  const TIMEOUT = 15000; // ms without an answer: taken as a lost connection
  let steps = -1; // the choices made in the view shown
  let latest = -1; // the choices made in the game, as last heard
  let paused = false;
  let folded = false; // the options of this seat's decisions folded away
  let options = [];
  let busy = false;
  let loading = false;
  let timer = null;
  let faces = {};
  let logLength = 0; // lines of the log drawn
  let newFrom = null; // the first line logged since this seat's last answer (marked as new)
  let answered = null; // the choices made in the view right after this seat's last answer
  let typed = ""; // the digits of an option number being typed
  let typing = null;

  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
  const el = (tag, text, attrs) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    return node;
  };

  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function showStatus(text, kind) {
    statusLine.textContent = text;
    statusLine.dataset.kind = kind;
    statusLine.hidden = false;
  }

  function clearStatus(kind) {
    if (statusLine.dataset.kind !== kind) return;
    statusLine.hidden = true;
    statusLine.textContent = "";
    delete statusLine.dataset.kind;
  }

  // One request: the server's answer ({ok, status, body}) unless 5xx, or null when the
  // connection failed (the status line then says so).
  async function send(url, init) {
    const stop = new AbortController();
    const watchdog = setTimeout(() => stop.abort(), TIMEOUT);
    try {
      const answer = await fetch(url, { ...init, signal: stop.signal });
      if (answer.status >= 500) throw new Error(`HTTP ${answer.status}`);
      const body = await answer.json();
      clearStatus("offline");
      main.dataset.connection = "ok";
      return { ok: answer.ok, status: answer.status, body };
    } catch (failure) {
      main.dataset.connection = "lost";
      return null;
    } finally {
      clearTimeout(watchdog);
    }
  }

  // Waits `ms` (with a little jitter), counting the seconds down in the status line.
  async function retryPause(ms) {
    const end = Date.now() + ms * (0.85 + 0.3 * Math.random());
    for (let left = end - Date.now(); left > 0; left = end - Date.now()) {
      showStatus(fill(words.retrying, { seconds: Math.ceil(left / 1000) }), "offline");
      await pause(Math.min(left, 1000));
    }
  }

  // The state, asked until the server answers; then drawn. Only one at a time. The view
  // asked for is the one after the view shown (the same while paused; with `now` or
  // at first, the game as it stands), and it says what changed since the view shown.
  async function load(now) {
    if (loading) return;
    loading = true;
    clearTimeout(timer);
    const params = new URLSearchParams();
    if (token) params.set("token", token);
    if (steps >= 0) {
      params.set("since", String(steps));
      if (!now) params.set("step", String(paused ? steps : steps + 1));
    }
    const query = "?" + params.toString();
    let answer = null;
    for (let delay = FIRST_RETRY; !answer; delay = Math.min(2 * delay, LAST_RETRY)) {
      answer = await send(`/api/games/${game}${query}`);
      if (!answer) await retryPause(delay);
    }
    loading = false;
    if (answer.ok) return render(answer.body);
    showError(fill(words.error, { message: answer.body.error }));
    timer = setTimeout(load, LAST_RETRY); // a refused look is tried again, slowly
  }

  async function act(option) {
    if (busy) return;
    busy = true;
    newFrom = logLength;
    main.dataset.state = "busy";
    clearStatus("refused");
    enableButtons(false);
    const answer = await send(`/api/games/${game}/act`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ option, token, step: steps }),
    });
    busy = false;
    if (answer && answer.ok) {
      render(answer.body);
      answered = steps;
      main.dataset.answered = String(answered);
      return;
    }
    if (!answer) {
      // not sent again by itself: the person may choose again once the state is back
      main.dataset.state = "offline";
      enableButtons(true);
    } else if (answer.status === 409) {
      showError(words.movedOn);
    } else {
      showError(fill(words.error, { message: answer.body.error }));
    }
    return load();
  }

  function enableButtons(on) {
    decisionBox.querySelectorAll("button").forEach((b) => (b.disabled = !on));
  }

  function showError(text) {
    main.dataset.state = "error";
    showStatus(text, "refused");
  }

  function render(view) {
    if (view.steps < steps) return; // an older answer that arrived late
    clearTimeout(timer);
    latest = Math.max(latest, view.latest);
    if (view.steps !== steps) {
      steps = view.steps;
      faces = view.faces || {};
      tableBox.innerHTML = view.table;
      view.changed.forEach(markChanged);
      hideFace();
      const lastLength = logLength;
      logBox.replaceChildren(...view.log.map((line, i) => {
        const kinds = [];
        if (newFrom !== null && i >= newFrom) kinds.push("new");
        if (lastLength > 0 && i >= lastLength) kinds.push("latest");
        return kinds.length ? el("li", line, { class: kinds.join(" ") }) : el("li", line);
      }));
      logLength = view.log.length;
      logBox.scrollTop = logBox.scrollHeight;
      renderDecision(view);
      renderEnd(view);
    } else {
      enableButtons(true);
    }
    renderWatch(view);
    main.dataset.steps = String(view.steps);
    main.dataset.latest = String(latest);
    const mine = view.decision && view.decision.mine;
    main.dataset.state = view.over ? "over" : mine ? "ready" : "waiting";
    if (mine && answered !== null && view.steps > answered) markSinceAnswer(answered, view.steps);
    if (view.over || mine) return; // nothing more comes until this seat answers
    const behind = view.steps < view.latest && !paused;
    timer = setTimeout(load, behind ? Number(paceBox.value) : POLL);
  }

  // Where the view shown is in the game, and the controls to follow it.
  function renderWatch(view) {
    const behind = view.steps < view.latest;
    // nothing to follow while this seat decides, or at the end
    watchBox.hidden = !behind && (view.over || !!(view.decision && view.decision.mine));
    const where = view.awaits_you ? words.awaitsYou : words.showing;
    watchWhere.textContent = behind ? fill(where, { shown: view.steps, latest: view.latest }) : "";
    nextButton.hidden = !(paused && behind);
    nowButton.hidden = !behind;
    pauseButton.textContent = paused ? words.resume : words.pause;
    pauseButton.setAttribute("aria-pressed", String(paused));
  }

  pauseButton.addEventListener("click", () => {
    paused = !paused;
    load();
  });
  nextButton.addEventListener("click", () => {
    paused = false;
    load().then(() => {
      paused = true;
    });
  });
  nowButton.addEventListener("click", () => load(true));
  paceBox.addEventListener("change", () => load());

  // A piece of the table drawn differently than in the view before: an SVG piece gets a
  // frame drawn around it, another element a class; both fade out (style.css), but for
  // those marked since this seat's last answer, which stay.
  function markChanged(key, kind = "changed") {
    tableBox.querySelectorAll(`[data-key="${CSS.escape(key)}"]`).forEach((piece) => {
      if (!(piece instanceof SVGGraphicsElement)) return piece.classList.add(kind);
      const box = piece.getBBox();
      const frame = document.createElementNS(SVG, "rect");
      [["x", box.x - 3], ["y", box.y - 3], ["width", box.width + 6], ["height", box.height + 6], ["rx", 4]]
        .forEach(([name, value]) => frame.setAttribute(name, String(value)));
      frame.setAttribute("class", kind === "changed" ? "change-mark" : "change-mark " + kind);
      piece.append(frame);
    });
  }

  // At this seat's decision, what changed since its last answer stays marked (without
  // fading) until it answers: the pieces the server says were drawn differently then.
  async function markSinceAnswer(since, shown) {
    const params = new URLSearchParams({ since: String(since) });
    if (token) params.set("token", token);
    const answer = await send(`/api/games/${game}?${params}`);
    if (!answer || !answer.ok || answer.body.steps !== shown || steps !== shown) return;
    answer.body.changed.forEach((key) => markChanged(key, "since-answer"));
  }

  function renderDecision(view) {
    const d = view.decision;
    options = [];
    decisionBox.classList.remove("folded");
    if (!d) return decisionBox.replaceChildren();
    if (!d.mine) {
      const parts = [el("p", fill(words.waiting, { player: d.name }))];
      if (view.seat === null) parts.push(el("p", words.spectating, { class: "hint" }));
      return decisionBox.replaceChildren(...parts);
    }
    options = d.options;
    const list = el("ol");
    d.options.forEach((option, i) => {
      const button = el("button", null, { type: "button", "data-option": option.id });
      button.append(el("span", String(i + 1) + ".", { class: "key" }), " ");
      if (option.card) button.append(chip(option.card), " ");
      button.append(option.label);
      if (option.effect) button.append(el("span", option.effect, { class: "effect" }));
      button.addEventListener("click", () => act(option.id));
      const preview = (on) => option.marks.forEach((mark) =>
        tableBox.querySelectorAll(`[data-target="${CSS.escape(mark)}"]`).forEach((place) =>
          place.classList.toggle("preview", on)));
      ["mouseenter", "focus"].forEach((e) => button.addEventListener(e, () => preview(true)));
      ["mouseleave", "blur"].forEach((e) => button.addEventListener(e, () => preview(false)));
      const li = el("li");
      li.append(button);
      if (option.card) li.append(faceButton(option.card));
      list.append(li);
      if (option.target) markPlace(option);
    });
    // the options can be folded away (on a phone they would hide the table)
    const fold = el("button", null, { type: "button", class: "fold" });
    const showFold = () => {
      decisionBox.classList.toggle("folded", folded);
      fold.textContent = folded ? fill(words.unfold, { count: d.options.length }) : words.fold;
      fold.setAttribute("aria-expanded", String(!folded));
    };
    fold.addEventListener("click", () => {
      folded = !folded;
      showFold();
    });
    showFold();
    const head = el("div", null, { class: "head" });
    head.append(el("h2", words.yourDecision), fold);
    const parts = [head, el("p", d.prompt, { class: "prompt" })];
    if (d.card) {
      parts[1].append(" ", chip(d.card), " ");
      parts[1].append(faceButton(d.card));
    }
    if (d.context) parts.push(el("p", d.context, { class: "context" }));
    decisionBox.replaceChildren(...parts, list);
  }

  // A card's colour and id in a line of text (a face-down card: its kind).
  function chip(card) {
    const face = faces[card] || { id: card };
    return el("span", face.id || face.kind, { class: "chip", "data-color": face.color || "none" });
  }

  // The small button beside an option or a prompt that opens the card's face.
  function faceButton(card) {
    const face = faces[card] || { id: card };
    const button = el("button", "i", {
      type: "button",
      class: "face-button",
      "aria-label": fill(words.showCard, { card: face.id || face.kind }),
    });
    button.addEventListener("click", () => showFace(card));
    return button;
  }

  // The pinned panel with a card's whole face; with `option`, a button that chooses it.
  function showFace(card, option) {
    const face = faces[card];
    if (!face) return;
    const head = [face.id, face.kind, face.colour, face.cost].filter(Boolean).join(" · ");
    const parts = [el("h2", head, { "data-color": face.color || "none" })];
    // the buttons first: on a phone the panel scrolls, and they stay in reach
    const buttons = el("p", null, { class: "buttons" });
    if (option) {
      const choose = el("button", fill(words.choose, { option: option.label }), { type: "button", class: "primary" });
      choose.addEventListener("click", () => act(option.id));
      buttons.append(choose, " ");
    }
    const close = el("button", words.close, { type: "button" });
    close.addEventListener("click", hideFace);
    buttons.append(close);
    parts.push(buttons);
    if (face.facts) parts.push(el("p", face.facts, { class: "facts" }));
    const lines = el("ul");
    face.lines.forEach((line) => lines.append(el("li", line)));
    parts.push(lines);
    detailBox.replaceChildren(...parts);
    detailBox.dataset.card = card;
    detailBox.hidden = false;
  }

  function hideFace() {
    detailBox.hidden = true;
    detailBox.replaceChildren();
    delete detailBox.dataset.card;
  }

  // A tap on a card that no option names opens its face.
  tableBox.addEventListener("click", (event) => {
    const card = event.target.closest("[data-card]");
    if (card && !card.classList.contains("clickable")) showFace(card.dataset.card);
  });

  function markPlace(option) {
    const place = tableBox.querySelector(`[data-target="${CSS.escape(option.target)}"]`);
    if (!place) return;
    place.classList.add("clickable");
    place.setAttribute("tabindex", "0");
    place.setAttribute("role", "button");
    place.setAttribute("aria-label", option.label);
    // a card is shown first (its face, with a button that chooses it): a tap reads it
    place.addEventListener("click", () =>
      place.dataset.card ? showFace(place.dataset.card, option) : act(option.id));
    place.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        act(option.id);
      }
    });
  }

  function renderEnd(view) {
    if (!view.over || !view.scores) {
      endBox.hidden = true;
      return;
    }
    const s = view.scores;
    const head = el("tr");
    // the points of the rules' triggers have a column each, named after the trigger
    const triggers = [...new Set(s.seats.flatMap((seat) => Object.keys(seat.triggers || {})))];
    [words.player, words.track, ...triggers, words.advanced, words.conversion, words.total].forEach((w) =>
      head.append(el("th", w, { scope: "col" })));
    const rows = s.seats.map((seat) => {
      const tr = el("tr");
      tr.append(el("th", seat.name, { scope: "row" }));
      const byTrigger = triggers.map((name) => (seat.triggers || {})[name] ?? 0);
      [seat.track, ...byTrigger, seat.advanced, seat.conversion, seat.total].forEach((v) => tr.append(el("td", v ?? "")));
      return tr;
    });
    const tableEl = el("table", null, { id: "final-scores" });
    tableEl.append(el("caption", words.finalScores), head, ...rows);
    const parts = [el("h2", words.gameOver), tableEl];
    if (s.rival) parts.push(el("p", fill(words.rivalScore, { rival: s.rival.name, score: s.rival.score })));
    if (s.winners.length) {
      parts.push(el("p", fill(words.winners, { names: s.winners.map((w) => view.names[w]).join(", ") }), { class: "winners" }));
    } else if (s.rival) {
      parts.push(el("p", fill(words.noWinner, { rival: s.rival.name, score: s.rival.score })));
    }
    const link = el("a", words.replay, { href: view.replay, download: "" });
    parts.push(el("p"));
    parts[parts.length - 1].append(link);
    endBox.replaceChildren(...parts);
    endBox.hidden = false;
  }

  // Keys: an option's number; with 10 options or more, a digit that may start a longer
  // number waits a moment for the next one (1, then 2: option 12). Escape closes a face.
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") return hideFace();
    if (!/^[0-9]$/.test(event.key)) return;
    clearTimeout(typing);
    typed += event.key;
    const n = Number(typed);
    const longer = n > 0 && n * 10 <= options.length;
    if (!longer || !options[n - 1]) {
      typed = "";
      if (options[n - 1] && n >= 1) act(options[n - 1].id);
      return;
    }
    typing = setTimeout(() => {
      typed = "";
      if (options[n - 1]) act(options[n - 1].id);
    }, 800);
  });

  load();
})();
