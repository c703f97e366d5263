// The Boggle panel: every word on the board, the players' lists, challenges, verdicts and scores.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const options = Review.OPTIONS.boggle;
  const panel = {
    challenges: new Set(), // "player\u0000WORD"
    lastCheck: null,
    timer: null,
    generation: 0,
  };

  function pathCells(names) {
    return (names || []).map(Review.cellFromName).filter(Boolean);
  }

  function hoverPath(element, names) {
    element.addEventListener("mouseenter", () => Review.highlightPath(pathCells(names)));
    element.addEventListener("mouseleave", () => Review.highlightPath(null));
  }

  function board() {
    return Review.reading ? Review.reading.grid : null;
  }

  function settings() {
    return { rules: $("boggle-rules").value, lexicon: $("boggle-lexicon").value };
  }

  // -- players' lists ---------------------------------------------------------------------------
  function addPlayer(name = "", text = "") {
    const box = document.createElement("div");
    box.className = "player";
    const nameInput = document.createElement("input");
    nameInput.className = "player-name";
    nameInput.placeholder = "name";
    nameInput.value = name || `player${$("players").children.length + 1}`;
    const words = document.createElement("textarea");
    words.className = "player-words";
    words.rows = 6;
    words.placeholder = "one word a line (type, paste, or load a text file)";
    words.value = text;
    const file = document.createElement("input");
    file.type = "file";
    file.accept = ".txt,text/plain";
    file.title = "Load this player's list from a text file";
    file.className = "list-input";
    file.hidden = true;
    const fileLabel = document.createElement("label");
    fileLabel.className = "button";
    fileLabel.append("List file…", file);
    file.addEventListener("change", async () => {
      if (!file.files[0]) return;
      words.value = await file.files[0].text();
      if (nameInput.value.startsWith("player")) nameInput.value = file.files[0].name.replace(/\.[^.]+$/, "");
      schedule();
    });
    const sheet = document.createElement("input");
    sheet.type = "file";
    sheet.accept = "image/jpeg,image/png,image/webp";
    sheet.className = "sheet-input";
    sheet.title = "Read this player's list from a photo of their score sheet";
    const sheetLabel = document.createElement("label");
    sheetLabel.className = "button";
    sheetLabel.append("Sheet photo…", sheet);
    sheet.hidden = true;
    const note = document.createElement("p");
    note.className = "sheet-note";
    sheet.addEventListener("change", async () => {
      const photo = sheet.files[0];
      sheet.value = "";
      if (photo) await readSheet(photo, nameInput, words, note);
    });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Remove";
    remove.addEventListener("click", () => { box.remove(); schedule(); });
    for (const input of [nameInput, words]) input.addEventListener("input", schedule);
    box.append(nameInput, remove, words, fileLabel, sheetLabel, note);
    $("players").appendChild(box);
  }

  // A player's list from a photo of their score sheet: claimed words into the box, circled
  // words challenged, doubtful words listed for the person to type in as written.
  async function readSheet(photo, nameInput, words, note) {
    const name = nameInput.value.trim() || "player";
    const form = new FormData();
    form.append("photo", photo, photo.name);
    form.append("player", name);
    if (board()) form.append("grid", JSON.stringify(board()));
    form.append("lexicon", settings().lexicon);
    note.textContent = `Reading ${photo.name}…`;
    note.className = "sheet-note";
    try {
      const read = await Review.api("/api/boggle/sheet", { method: "POST", body: form });
      words.value = read.words.join("\n") + (read.words.length ? "\n" : "");
      for (const word of read.challenged) panel.challenges.add(`${name}\u0000${word.toUpperCase()}`);
      const parts = [`${read.words.length} words read from ${photo.name}`];
      if (read.challenged.length) parts.push(`circled (challenged): ${read.challenged.join(", ")}`);
      if (read.cancelled.length) parts.push(`cancelled: ${read.cancelled.join(", ")}`);
      if (read.waiting.length) {
        parts.push("check these and type them in as written (a word struck through is left out): " + read.waiting.map((item) =>
          `${item.number}: ${item.as_written}${item.candidates.length ? ` (close: ${item.candidates.join(", ")})` : ""}` +
          (item.strike_in_doubt ? " (struck through? the line may be its own letters run together)" : "") +
          (item.notes.length ? ` (${item.notes.join("; ")})` : "")).join("; "));
      }
      if (read.unread_note) parts.push(read.unread_note);
      if (read.retake_advice) parts.push(read.retake_advice);
      if (read.written_total !== null) {
        parts.push(`written total ${read.written_total}${read.total_circled ? " (circled by the opponent: challenged)" : ""}`);
      }
      note.textContent = parts.join(". ") + ".";
      note.classList.toggle("doubt", read.waiting.length > 0);
      schedule();
    } catch (error) {
      note.textContent = `${photo.name}: ${error.message}`;
      note.className = "sheet-note error";
    }
  }

  function lists() {
    return [...document.querySelectorAll("#players .player")]
      .map((box) => ({ name: box.querySelector(".player-name").value.trim(), text: box.querySelector(".player-words").value }))
      .filter((item) => item.name && item.text.trim());
  }

  function checkRequest() {
    return {
      grid: board(),
      ...settings(),
      lists: lists(),
      challenges: [...panel.challenges].map((key) => {
        const [player, word] = key.split("\u0000");
        return { player, word };
      }),
      challenge_all: $("challenge-all").checked,
    };
  }

  // -- the board's words ------------------------------------------------------------------------
  async function solve() {
    const generation = panel.generation;
    const solution = await Review.postJson("/api/boggle/solve", { grid: board(), ...settings() });
    if (generation !== panel.generation) return;
    $("solution-title").textContent = `Words on the board: ${solution.count}, ${solution.total_points} points`;
    $("solution").replaceChildren(...solution.words.map((found) => {
      const item = document.createElement("li");
      item.textContent = `${found.word} ${found.points}`;
      item.dataset.word = found.word;
      hoverPath(item, found.path);
      return item;
    }));
  }

  // -- verdicts ---------------------------------------------------------------------------------
  async function check() {
    const request = checkRequest();
    if (!request.grid) return;
    if (!request.lists.length) {
      $("verdicts").replaceChildren(document.createTextNode("Type or load the players' lists to judge them."));
      panel.lastCheck = null;
      return;
    }
    const generation = panel.generation;
    try {
      const result = await Review.postJson("/api/boggle/check", request);
      if (generation !== panel.generation) return;
      panel.lastCheck = result;
      drawVerdicts(result);
    } catch (error) {
      $("verdicts").replaceChildren(document.createTextNode(error.message));
      $("verdicts").className = "error";
    }
  }

  function verdictText(word) {
    let text = word.status.replace(/_/g, " ");
    if (word.crossed_off) text += ` (crossed off: also on ${word.shared_with.join(", ")}'s list)`;
    else if (!["valid", "repeated"].includes(word.status) && word.counted) text += " (stands: not challenged)";
    return text;
  }

  function drawVerdicts(result) {
    const parts = [];
    const judging = document.createElement("p");
    judging.textContent = `Judging ${result.judging} under ${result.rules} rules, lexicon ${result.lexicon}.`;
    parts.push(judging);
    for (const player of result.players) {
      const heading = document.createElement("h4");
      heading.textContent = `${player.name}: raw score ${player.raw_score}`;
      heading.className = "player-score";
      heading.dataset.player = player.name;
      parts.push(heading);
      const table = document.createElement("table");
      table.className = "verdicts";
      const head = document.createElement("tr");
      for (const title of ["word", "verdict", "points", "challenge", "score"]) {
        const th = document.createElement("th");
        th.textContent = title;
        head.appendChild(th);
      }
      table.appendChild(head);
      for (const word of player.words) {
        const tr = document.createElement("tr");
        tr.className = `verdict ${word.status}${word.counted ? "" : " dropped"}`;
        tr.dataset.word = word.written.toUpperCase();
        const key = `${player.name}\u0000${word.written.toUpperCase()}`;
        if (panel.challenges.has(key)) tr.classList.add("challenged");
        const challenge = word.challenge ? `${word.challenge} (${word.bonus ? "+" + word.bonus : "-" + word.penalty})` : "";
        for (const value of [word.written, verdictText(word), word.points, challenge, word.score]) {
          const td = document.createElement("td");
          td.textContent = value;
          tr.appendChild(td);
        }
        tr.title = "Click to challenge this word (click again to withdraw)";
        tr.addEventListener("click", () => {
          if (panel.challenges.has(key)) panel.challenges.delete(key);
          else panel.challenges.add(key);
          check();
        });
        hoverPath(tr, word.path);
        table.appendChild(tr);
      }
      parts.push(table);
    }
    const leaders = document.createElement("p");
    leaders.className = "leaders";
    const best = Math.max(...result.players.map((player) => player.raw_score));
    leaders.textContent = result.leaders.length === 1
      ? `Leader: ${result.leaders[0]} with ${best}.` : `Tied at ${best}: ${result.leaders.join(", ")}.`;
    parts.push(leaders);
    $("verdicts").className = "";
    $("verdicts").replaceChildren(...parts);
  }

  // -- a round's result -------------------------------------------------------------------------
  function roundRequest() {
    return {
      ...checkRequest(),
      round: Number($("round-number").value) || 1,
      game: Number($("game-number").value) || 1,
      file: $("results-file").value,
    };
  }

  async function downloadResult() {
    try {
      const text = await Review.postJson("/api/boggle/results.csv", roundRequest());
      Review.download("results.csv", text, "text/csv");
    } catch (error) {
      Review.status(error.message, "error");
    }
  }

  async function appendResult() {
    try {
      const answer = await Review.postJson("/api/boggle/results", roundRequest());
      Review.status(`Appended round ${answer.round} game ${answer.game} to ${answer.file}.`, "ok");
    } catch (error) {
      Review.status(error.message, "error");
    }
  }

  // -- wiring -----------------------------------------------------------------------------------
  function refresh() {
    if (!board()) return;
    panel.generation += 1;
    solve().catch((error) => Review.status(error.message, "error"));
    check();
  }

  function schedule() {
    clearTimeout(panel.timer);
    panel.timer = setTimeout(() => { panel.generation += 1; check(); }, 250);
  }

  Review.fillSelect($("boggle-rules"), options.rules, options.default_rules);
  Review.fillSelect($("boggle-lexicon"), options.lexicons, Review.OPTIONS.default_lexicon);
  for (const id of ["boggle-rules", "boggle-lexicon", "challenge-all"]) $(id).addEventListener("change", refresh);
  $("add-player").addEventListener("click", () => addPlayer());
  $("download-result").addEventListener("click", downloadResult);
  $("append-result").addEventListener("click", appendResult);
  if (Review.folder) {
    $("results-file-label").hidden = false;
    $("append-result").hidden = false;
  }
  addPlayer();
  addPlayer();

  Review.onReading((reading) => {
    $("boggle-pane").hidden = reading.game !== "boggle";
    if (reading.game === "boggle") refresh();
  });
})();
