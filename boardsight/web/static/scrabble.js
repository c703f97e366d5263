// The Scrabble panel: the position's words and blanks, the best moves of a rack, a GCG replay.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const options = Review.OPTIONS.scrabble;
  const panel = { timer: null, generation: 0, replay: null };

  function item(text, className = "") {
    const element = document.createElement("li");
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  // The squares of a word at a position such as 8D (across) or D8 (down).
  function wordSquares(position, length) {
    let match = /^(\d+)([A-Z])$/.exec(position);
    if (match) {
      const row = Number(match[1]) - 1, col = match[2].charCodeAt(0) - 65;
      return Array.from({ length }, (_, i) => [row, col + i]);
    }
    match = /^([A-Z])(\d+)$/.exec(position);
    if (!match) return [];
    const col = match[1].charCodeAt(0) - 65, row = Number(match[2]) - 1;
    return Array.from({ length }, (_, i) => [row + i, col]);
  }

  function showPosition(reading) {
    const words = reading.words || [];
    $("scrabble-words").replaceChildren(...(words.length ? words.map((word) => {
      const mark = word.valid === false ? " (not a word)" : word.valid === null ? " (?)" : "";
      const element = item(`${word.word} ${word.position}${mark}`, word.valid === false ? "invalid" : word.valid === null ? "unknown" : "valid");
      const squares = wordSquares(word.position, [...word.word].length);
      element.addEventListener("mouseenter", () => Review.highlightPath(squares));
      element.addEventListener("mouseleave", () => Review.highlightPath(null));
      return element;
    }) : [item("No words on the board.")]));
    const blanks = reading.blanks || [];
    $("scrabble-blanks").replaceChildren(...(blanks.length ? blanks.map((blank) => {
      if (blank.letter) return item(`${blank.square} stands for ${blank.letter.toUpperCase()}`);
      if (blank.candidates.length) return item(`${blank.square} could be ${blank.candidates.join(", ")}: type ? then the letter on it`, "doubt");
      return item(`${blank.square}: no letter makes its words valid`, "invalid");
    }) : [item("No blanks.")]));
    $("cgp").textContent = reading.cgp ? `CGP: ${reading.cgp}` : "";
  }

  // -- moves ------------------------------------------------------------------------------------
  async function listMoves() {
    const reading = Review.reading;
    const rack = $("rack").value.trim().toUpperCase();
    if (!reading || reading.game !== "scrabble" || !rack) {
      $("moves").replaceChildren();
      return;
    }
    const generation = ++panel.generation;
    try {
      const answer = await Review.postJson("/api/scrabble/moves", {
        rack, cgp: reading.cgp, rules: $("scrabble-rules").value, lexicon: $("scrabble-lexicon").value, top: 20,
      });
      if (generation !== panel.generation) return;
      $("moves").replaceChildren(...(answer.moves.length ? answer.moves.map((move) => {
        const element = item(`${move.position} ${move.tiles} ${move.score}`);
        element.addEventListener("mouseenter", () => Review.showTiles(move.placed));
        element.addEventListener("mouseleave", () => Review.showTiles(null));
        return element;
      }) : [item(`No placement is possible with ${rack}.`)]));
    } catch (error) {
      if (generation === panel.generation) $("moves").replaceChildren(item(error.message, "invalid"));
    }
  }

  // -- replay -----------------------------------------------------------------------------------
  async function replay(file) {
    const form = new FormData();
    form.append("gcg", file, file.name);
    form.append("rules", $("scrabble-rules").value);
    const lexicon = $("scrabble-lexicon").value;
    if (lexicon !== "auto") form.append("lexicon", lexicon);
    try {
      panel.replay = await Review.api("/api/scrabble/replay", { method: "POST", body: form });
      drawReplay(panel.replay);
    } catch (error) {
      $("replay-summary").textContent = `${file.name}: ${error.message}`;
      $("replay-summary").className = "error";
    }
  }

  function drawReplay(result) {
    const totals = result.players.map((name, i) => `${name} ${result.computed_scores[i]}`).join(", ");
    const verdict = result.agrees ? "the record agrees" : `${result.disagreements.length} disagreement(s)`;
    $("replay-summary").className = result.agrees ? "ok" : "error";
    $("replay-summary").textContent = `${result.complete ? "Complete" : "Incomplete"} game under ${result.rules} rules; computed totals ${totals}; ${verdict}.`;
    const messages = new Map();
    for (const item of result.disagreements) messages.set(item.line, [...(messages.get(item.line) || []), `${item.kind}: ${item.message}`]);
    const rows = [];
    const head = document.createElement("tr");
    for (const title of ["line", "player", "move", "recorded", "computed", "total"]) {
      const th = document.createElement("th");
      th.textContent = title;
      head.appendChild(th);
    }
    rows.push(head);
    result.events.forEach((event, index) => {
      const tr = document.createElement("tr");
      if (event.disagrees) tr.className = "disagrees";
      const move = event.position ? `${event.position} ${event.tiles}` : event.kind;
      const computed = event.computed_score === null ? "" : (event.computed_score >= 0 ? "+" : "") + event.computed_score;
      for (const value of [event.line, event.player, move, (event.recorded_score >= 0 ? "+" : "") + event.recorded_score, computed, event.cumulative]) {
        const td = document.createElement("td");
        td.textContent = value;
        tr.appendChild(td);
      }
      if (messages.has(event.line)) tr.title = messages.get(event.line).join("\n");
      tr.addEventListener("click", () => showReplayBoard(index));
      rows.push(tr);
    });
    $("replay").replaceChildren(...rows);
    showReplayBoard(result.events.length - 1);
  }

  function showReplayBoard(index) {
    const result = panel.replay;
    if (!result || index < 0) return;
    for (const row of $("replay").querySelectorAll("tr.chosen")) row.classList.remove("chosen");
    const chosen = $("replay").querySelectorAll("tr")[index + 1];
    if (chosen) chosen.classList.add("chosen");
    const event = result.events[index];
    const newSquares = new Set(event.position ? wordSquares(event.position, [...event.tiles].length)
      .filter((_, i) => [...event.tiles][i] !== ".").map(([r, c]) => `${r},${c}`) : []);
    const rows = event.board.map((line, row) => {
      const tr = document.createElement("tr");
      [...line].forEach((tile, col) => {
        const td = document.createElement("td");
        td.textContent = tile === "." ? "" : tile;
        if (newSquares.has(`${row},${col}`)) td.className = "new";
        tr.appendChild(td);
      });
      return tr;
    });
    $("replay-board").replaceChildren(...rows);
  }

  // -- wiring -----------------------------------------------------------------------------------
  Review.fillSelect($("scrabble-rules"), options.rules, options.default_rules);
  Review.fillSelect($("scrabble-lexicon"), options.lexicons, "auto");
  $("rack").addEventListener("input", () => {
    clearTimeout(panel.timer);
    panel.timer = setTimeout(listMoves, 200);
  });
  for (const id of ["scrabble-rules", "scrabble-lexicon"]) $(id).addEventListener("change", listMoves);
  $("gcg-input").addEventListener("change", (event) => {
    if (event.target.files[0]) replay(event.target.files[0]);
    event.target.value = "";
  });

  Review.onReading((reading) => {
    $("scrabble-pane").hidden = reading.game !== "scrabble";
    if (reading.game !== "scrabble") return;
    const rules = $("scrabble-rules");
    if (reading.tiles === "swedish" && options.rules.includes("swedish") && rules.value !== "swedish") rules.value = "swedish";
    if (reading.tiles === "english" && rules.value === "swedish") rules.value = options.default_rules;
    showPosition(reading);
    listMoves();
  });
})();
