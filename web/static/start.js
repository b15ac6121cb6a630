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
    form.querySelector("label.difficulty").hidden = players !== 1;
  }
  form.players.addEventListener("change", showSeats);
  showSeats();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const players = Number(form.players.value);
    const seats = [];
    for (let i = 0; i < players; i++) seats.push(form["seat" + i].value);
    const body = {
      players, seats,
      advanced: form.rules.value === "advanced",
      edition: form.edition.value || null,
      difficulty: players === 1 ? form.difficulty.value : null,
      lang: form.lang.value,
      seed: form.seed.value === "" ? null : Number(form.seed.value),
      auto: form.auto.checked,
    };
    const answer = await fetch("/api/games", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const game = await answer.json();
    if (!answer.ok) {
      error.textContent = words.error.replace("{message}", game.error);
      return;
    }
    const people = game.seats.filter((s) => s.link);
    if (people.length === 1) {
      window.location.assign(people[0].link);
      return;
    }
    const links = document.getElementById("links");
    const item = (href, text) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = href; a.textContent = text;
      const code = document.createElement("code");
      code.textContent = " " + new URL(href, window.location.href).href;
      li.append(a, code);
      return li;
    };
    const list = document.createElement("ul");
    people.forEach((s) => list.append(item(s.link, words.playSeat.replace("{seat}", s.name))));
    list.append(item(game.spectator, words.spectator));
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
