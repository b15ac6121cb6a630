// The table page: draws what the server says this seat sees (GET /api/games/{id}),
// offers the seat's decision as buttons (and the places on the table that an option
// names), answers with POST /api/games/{id}/act (naming the step it answers, so a
// repeated click is refused rather than taken for the next decision), and polls while
// others decide.
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
  let steps = -1;
  let options = [];
  let busy = false;
  let timer = null;

  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
  const el = (tag, text, attrs) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    return node;
  };

  async function load() {
    const query = token ? "?token=" + encodeURIComponent(token) : "";
    const answer = await fetch(`/api/games/${game}${query}`);
    const view = await answer.json();
    if (!answer.ok) return showError(view.error);
    render(view);
  }

  async function act(option) {
    if (busy) return;
    busy = true;
    main.dataset.state = "busy";
    decisionBox.querySelectorAll("button").forEach((b) => (b.disabled = true));
    const answer = await fetch(`/api/games/${game}/act`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ option, token, step: steps }),
    });
    const view = await answer.json();
    busy = false;
    if (!answer.ok) {
      showError(view.error);
      return load();
    }
    render(view);
  }

  function showError(message) {
    main.dataset.state = "error";
    const p = el("p", fill(words.error, { message }), { class: "error", role: "alert" });
    decisionBox.prepend(p);
  }

  function render(view) {
    clearTimeout(timer);
    if (view.steps !== steps) {
      steps = view.steps;
      tableBox.innerHTML = view.table;
      logBox.replaceChildren(...view.log.map((line) => el("li", line)));
      logBox.scrollTop = logBox.scrollHeight;
      renderDecision(view);
      renderEnd(view);
    }
    main.dataset.steps = String(view.steps);
    main.dataset.state = view.over ? "over" : view.decision && view.decision.mine ? "ready" : "waiting";
    if (!view.over && !(view.decision && view.decision.mine)) timer = setTimeout(load, 1500);
  }

  function renderDecision(view) {
    const d = view.decision;
    options = [];
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
      if (i < 9) button.append(el("span", String(i + 1) + ".", { class: "key" }), " ");
      button.append(option.label);
      button.addEventListener("click", () => act(option.id));
      const li = el("li");
      li.append(button);
      list.append(li);
      if (option.target) markPlace(option);
    });
    decisionBox.replaceChildren(el("h2", words.yourDecision), el("p", d.prompt, { class: "prompt" }), list);
  }

  function markPlace(option) {
    const place = tableBox.querySelector(`[data-target="${CSS.escape(option.target)}"]`);
    if (!place) return;
    place.classList.add("clickable");
    place.setAttribute("tabindex", "0");
    place.setAttribute("role", "button");
    place.setAttribute("aria-label", option.label);
    place.addEventListener("click", () => act(option.id));
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
    [words.player, words.track, words.advanced, words.conversion, words.total].forEach((w) =>
      head.append(el("th", w, { scope: "col" })));
    const rows = s.seats.map((seat) => {
      const tr = el("tr");
      tr.append(el("th", seat.name, { scope: "row" }));
      [seat.track, seat.advanced, seat.conversion, seat.total].forEach((v) => tr.append(el("td", v ?? "")));
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

  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const n = Number(event.key);
    if (n >= 1 && n <= 9 && options[n - 1]) act(options[n - 1].id);
  });

  load();
})();
