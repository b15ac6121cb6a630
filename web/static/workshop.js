// The mod workshop: open or create a mod, edit its files (the CodeMirror editor of
// workshop-editor.js), see its problems as you type and its cards in every language,
// save it, start a test game or a quick simulation, download it. Every check sends
// all the files as they stand here; only "Save" writes them on the server.
"use strict";
(function () {
  const root = document.getElementById("workshop");
  const words = JSON.parse(root.dataset.words);
  const vocabulary = JSON.parse(root.dataset.vocabulary);
  const languageNames = JSON.parse(root.dataset.languages);
  const lang = root.dataset.lang;
  const $ = (id) => document.getElementById(id);
  const status = $("status");

  let mod = null; // the mod open
  let files = {}; // name -> text as edited here
  let saved = {}; // name -> text as saved on the server
  let current = null; // the file in the editor
  let view = null;
  let lastProblems = [];

  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle("error", Boolean(isError));
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  async function call(method, url, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let answer;
    try {
      answer = await fetch(url, init);
    } catch (lost) {
      throw new Error(String(lost.message || lost));
    }
    const data = await answer.json().catch(() => ({ error: answer.statusText }));
    if (!answer.ok) throw new Error(data.error || answer.statusText);
    return data;
  }
  function failed(error) { say(fill(words.error, { message: error.message }), true); }

  // ---- mods and files -----------------------------------------------------------
  async function listMods(selected) {
    const data = await call("GET", "/api/workshop/mods");
    const list = $("mod-list");
    list.replaceChildren(...data.mods.map((name) => {
      const option = document.createElement("option");
      option.value = name; option.textContent = name;
      option.selected = name === selected;
      return option;
    }));
  }
  async function openMod(name) {
    if (mod && unsaved().length && !window.confirm(fill(words.discard, { mod }))) return;
    const data = await call("GET", "/api/workshop/mods/" + encodeURIComponent(name));
    mod = data.name;
    files = { ...data.files };
    saved = { ...data.files };
    $("bench").hidden = false;
    $("download").href = "/api/workshop/mods/" + encodeURIComponent(mod) + "/download";
    $("download").setAttribute("download", mod + ".zip");
    say(mod);
    const first = Object.keys(files).find((n) => n.endsWith(".ba")) || Object.keys(files)[0];
    showFile(first);
  }
  function unsaved() { return Object.keys(files).filter((n) => files[n] !== saved[n]); }
  function showFiles() {
    const changed = new Set(unsaved());
    $("file-list").replaceChildren(...Object.keys(files).sort().map((name) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "file";
      button.dataset.file = name;
      button.textContent = name + (changed.has(name) ? " •" : "");
      if (changed.has(name)) button.title = words.unsaved;
      if (name === current) button.setAttribute("aria-current", "true");
      button.addEventListener("click", () => showFile(name));
      li.append(button);
      return li;
    }));
  }
  function showFile(name) {
    current = name;
    if (view) view.destroy();
    const isRules = name.endsWith(".ba");
    view = window.BAEditor.create($("editor"), {
      doc: files[name] || "",
      words: isRules ? vocabulary : {},
      onChange: (text) => { files[name] = text; showFiles(); },
      check: checkNow,
      delay: 350,
    });
    showFiles();
  }

  // ---- problems and cards -------------------------------------------------------
  let checks = 0;
  async function checkNow() {
    if (!mod) return [];
    const asked = ++checks;
    const sent = { ...files };
    $("problems").setAttribute("aria-busy", "true");
    let data;
    try {
      data = await call("POST", `/api/workshop/mods/${encodeURIComponent(mod)}/check`, { files: sent, lang });
    } catch (error) {
      failed(error);
      return [];
    } finally {
      $("problems").removeAttribute("aria-busy");
    }
    if (asked !== checks) return diagnosticsOf(lastProblems); // a newer check is on its way
    lastProblems = data.diagnostics;
    showProblems(data.diagnostics, data.notes);
    if (data.errors === 0) render(sent, asked);
    else $("cards-note").textContent = words.cardsWait;
    return diagnosticsOf(data.diagnostics);
  }
  function diagnosticsOf(problems) {
    if (!view) return [];
    return problems.filter((p) => p.file === current && p.line).map((p) => {
      const from = window.BAEditor.offset(view, p.line, p.column);
      let to = window.BAEditor.offset(view, p.end_line, p.end_column);
      if (to <= from) to = Math.min(from + 1, view.state.doc.length);
      return {
        from, to,
        severity: p.severity === "error" ? "error" : "warning",
        source: p.code,
        message: p.message + (p.hint ? "\n" + p.hint : ""),
      };
    });
  }
  function showProblems(problems, notes) {
    const list = $("problems");
    const noted = notes.map((text) => {
      const li = document.createElement("li");
      li.className = "note";
      li.textContent = text;
      return li;
    });
    if (problems.length === 0) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = words.noProblems;
      list.replaceChildren(li, ...noted);
      return;
    }
    list.replaceChildren(...noted, ...problems.map((p) => {
      const li = document.createElement("li");
      li.className = "problem " + p.severity;
      li.dataset.code = p.code;
      const where = document.createElement(p.file ? "button" : "span");
      where.className = "where";
      where.textContent = (p.shown || "") + (p.line ? " " + fill(words.line, { line: p.line }) : "");
      if (p.file) {
        where.type = "button";
        where.addEventListener("click", () => goTo(p));
      }
      const code = document.createElement("code");
      code.textContent = p.code;
      const message = document.createElement("span");
      message.className = "message";
      message.textContent = p.message;
      li.append(where, " ", code, " ", message);
      if (p.hint) {
        const hint = document.createElement("span");
        hint.className = "hint";
        hint.textContent = p.hint;
        li.append(" ", hint);
      }
      return li;
    }));
  }
  function goTo(problem) {
    if (problem.file !== current) showFile(problem.file);
    const at = window.BAEditor.offset(view, problem.line, problem.column);
    view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    view.focus();
  }

  async function render(sent, asked) {
    let data;
    try {
      data = await call("POST", `/api/workshop/mods/${encodeURIComponent(mod)}/render`, { files: sent });
    } catch (error) {
      $("cards-note").textContent = error.message;
      return;
    }
    if (asked !== checks) return;
    $("cards-note").textContent = data.cards.length ? "" : words.noCards;
    $("cards").replaceChildren(...data.cards.map((card) => {
      const box = document.createElement("article");
      box.className = "ws-card";
      box.dataset.card = card.id;
      if (card.color) box.dataset.color = card.color;
      const title = document.createElement("h3");
      title.textContent = card.id;
      box.append(title);
      const faces = document.createElement("div");
      faces.className = "faces";
      data.languages.forEach((code) => {
        const face = card.faces[code];
        const one = document.createElement("section");
        one.className = "face";
        one.lang = code;
        one.dataset.lang = code;
        const head = document.createElement("h4");
        head.textContent = languageNames[code] || code;
        const kind = document.createElement("p");
        kind.className = "kind";
        kind.textContent = face.kind + (face.colour ? " · " + face.colour : "");
        const facts = document.createElement("p");
        facts.className = "facts";
        facts.textContent = face.facts;
        const lines = document.createElement("ul");
        lines.className = "lines";
        lines.append(...face.lines.map((line) => {
          const li = document.createElement("li");
          li.textContent = line;
          return li;
        }));
        one.append(head, kind, facts, lines);
        faces.append(one);
      });
      box.append(faces);
      return box;
    }));
  }

  // ---- saving, trying, downloading ----------------------------------------------
  async function save() {
    const changed = {};
    unsaved().forEach((name) => { changed[name] = files[name]; });
    if (Object.keys(changed).length === 0) { say(words.saved); return; }
    const data = await call("POST", `/api/workshop/mods/${encodeURIComponent(mod)}/save`, { files: changed });
    saved = { ...data.files };
    showFiles();
    say(words.saved);
  }
  async function startTest() {
    const players = Number($("try-players").value);
    const data = await call("POST", `/api/workshop/mods/${encodeURIComponent(mod)}/play`, { files, players, lang });
    const link = document.createElement("a");
    const seat = data.seats[0];
    link.href = seat ? seat.link : data.spectator;
    link.target = "_blank";
    link.rel = "noopener";
    link.id = "test-game";
    link.textContent = new URL(link.href, window.location.href).href;
    const parts = words.testGame.split("{link}");
    $("test-link").replaceChildren(parts[0], link, parts[1] || "");
  }
  async function simulate() {
    const players = Number($("try-players").value);
    const games = Number($("sim-games").value);
    const box = $("simulation");
    let run = await call("POST", `/api/workshop/mods/${encodeURIComponent(mod)}/simulate`, { files, players, games });
    while (!run.done) {
      box.textContent = fill(words.simulating, run);
      await new Promise((resolve) => setTimeout(resolve, 700));
      run = await call("GET", "/api/workshop/simulations/" + encodeURIComponent(run.id));
    }
    if (run.error) { box.textContent = fill(words.error, { message: run.error }); return; }
    const s = run.summary;
    const round = (x) => Math.round(x * 10) / 10;
    const lines = [
      fill(words.wins, { wins: s.wins_by_seat.join(" / ") }),
      fill(words.scores, { mean: round(s.scores.mean), min: s.scores.min, max: s.scores.max }),
      fill(words.turns, { mean: round(s.turns.mean) }),
      fill(words.endings, { endings: Object.entries(s.ended_by).map(([k, v]) => `${k} ${v}`).join(", ") }),
    ];
    if (s.rival) { // the solo game's automated opponent
      lines.push(fill(words.rival, { rival: s.rival.name, wins: s.rival.wins, games: run.games, mean: round(s.rival.scores.mean) }));
    }
    box.replaceChildren(...lines.map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }));
    box.dataset.done = "true";
  }

  function guarded(action) {
    return (event) => { action(event).catch(failed); };
  }
  $("open-mod").addEventListener("click", guarded(async () => {
    if ($("mod-list").value) await openMod($("mod-list").value);
  }));
  $("create-mod").addEventListener("click", guarded(async () => {
    const name = $("new-mod").value.trim();
    await call("POST", "/api/workshop/mods", { name });
    await listMods(name);
    await openMod(name);
  }));
  $("add-file").addEventListener("click", guarded(async () => {
    let name = $("new-file").value.trim();
    if (!name) return;
    if (!name.includes(".")) name += ".ba";
    if (!(name in files)) files[name] = "";
    $("new-file").value = "";
    showFile(name);
  }));
  $("save").addEventListener("click", guarded(save));
  $("start-test").addEventListener("click", guarded(startTest));
  $("simulate").addEventListener("click", guarded(simulate));
  window.addEventListener("beforeunload", (event) => {
    if (mod && unsaved().length) event.preventDefault();
  });
  listMods().catch(failed);
})();
