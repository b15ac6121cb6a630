// The start page: seats shown for the number of players, the game started through the
// JSON API, then the links of the game (each person's seat has its own secret link).
"use strict";
(function () {
  const form = document.getElementById("start");
  const words = JSON.parse(form.dataset.words);
  const error = document.getElementById("error");
  function showSeats() {
    const players = Number(form.players.value);
    document.querySelectorAll("label.seat").forEach((label) => {
      label.hidden = Number(label.dataset.seat) >= players;
    });
    form.querySelector("label.difficulty").hidden = players !== 1 || !form.difficulty.options.length;
  }
  form.players.addEventListener("change", showSeats);
  showSeats();

  function item(href, text) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = href; a.textContent = text;
    const code = document.createElement("code");
    code.textContent = " " + new URL(href, window.location.href).href;
    li.append(a, code);
    return li;
  }
  function linkList(spectator, people) {
    const list = document.createElement("ul");
    people.forEach((s) => list.append(item(s.link, words.playSeat.replace("{seat}", s.name))));
    list.append(item(spectator, words.spectator));
    return list;
  }

  // The links of the games started in this browser are kept in its local storage (and
  // nowhere else), so whoever started a game can hand out a seat's link again.
  const KEPT = "ba-started-games";
  const KEEP_AT_MOST = 10;
  function kept() {
    try {
      const games = JSON.parse(window.localStorage.getItem(KEPT) || "[]");
      return Array.isArray(games) ? games.filter((g) => g && typeof g.id === "string"
        && typeof g.spectator === "string" && Array.isArray(g.people)) : [];
    } catch (unavailable) {
      return [];
    }
  }
  function keep(games) {
    try {
      window.localStorage.setItem(KEPT, JSON.stringify(games.slice(0, KEEP_AT_MOST)));
    } catch (unavailable) { /* private mode or full: the links are simply not kept */ }
  }
  function remember(game, people) {
    const seats = people.map((s) => ({ name: String(s.name), link: String(s.link) }));
    const entry = { id: game.id, started: new Date().toISOString(), spectator: game.spectator, people: seats };
    keep([entry].concat(kept().filter((g) => g.id !== game.id)));
  }
  function showKept() {
    const section = document.getElementById("started");
    const games = kept();
    if (games.length === 0) {
      section.replaceChildren();
      section.hidden = true;
      return;
    }
    const heading = document.createElement("h2");
    heading.textContent = words.startedGames;
    const blocks = games.map((g) => {
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      const when = new Date(g.started);
      summary.textContent = words.startedAt.replace(
        "{time}", isNaN(when) ? "?" : when.toLocaleString(document.documentElement.lang));
      details.append(summary, linkList(g.spectator, g.people));
      return details;
    });
    const forget = document.createElement("button");
    forget.type = "button";
    forget.id = "forget-games";
    forget.textContent = words.forgetGames;
    forget.addEventListener("click", () => { keep([]); showKept(); });
    section.replaceChildren(heading, ...blocks, forget);
    section.hidden = false;
  }
  showKept();
  // Starts the game; on a refusal or a lost connection it says so, gives the button back
  // and answers null. A lost request is not sent again by itself: it might have started
  // a game already, so the person decides.
  async function start(body) {
    const button = document.getElementById("start-button");
    button.disabled = true;
    try {
      let answer;
      try {
        answer = await fetch("/api/games", {
          method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify(body), signal: AbortSignal.timeout(60000),
        });
      } catch (lost) {
        error.textContent = words.unreachable;
        return null;
      }
      let game = null;
      try { game = await answer.json(); } catch (unreadable) { game = null; }
      if (!answer.ok || game === null) {
        const message = game && typeof game.error === "string" ? game.error : String(answer.status);
        error.textContent = words.error.replace("{message}", message);
        return null;
      }
      return game;
    } finally {
      button.disabled = false;
    }
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const players = Number(form.players.value);
    const seats = [];
    for (let i = 0; i < players; i++) seats.push(form["seat" + i].value);
    const body = {
      players, seats,
      advanced: form.rules.value === "advanced",
      variants: [...form.querySelectorAll('input[name="variant"]:checked')].map((box) => box.value),
      edition: form.edition.value || null,
      difficulty: players === 1 ? form.difficulty.value : null,
      lang: form.lang.value,
      seed: form.seed.value === "" ? null : Number(form.seed.value),
      auto: form.auto.checked,
    };
    const game = await start(body);
    if (game === null) return;
    const people = game.seats.filter((s) => s.link);
    remember(game, people);
    if (people.length === 1) {
      window.location.assign(people[0].link);
      return;
    }
    const links = document.getElementById("links");
    const list = linkList(game.spectator, people);
    const heading = document.createElement("h2");
    heading.textContent = words.links;
    const hint = document.createElement("p");
    hint.textContent = words.linksHint;
    links.replaceChildren(heading, hint, list);
    links.hidden = false;
    form.hidden = true;
    list.querySelector("a").focus();
  });
})();
