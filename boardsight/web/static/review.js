// The review page: a photo in, what was read drawn over it, fixes by click and keyboard, undo.
// The game panels (boggle.js, scrabble.js) listen for new readings through Review.onReading.
"use strict";

const Review = (() => {
  const OPTIONS = JSON.parse(document.getElementById("page-options").textContent);
  const GOOD = OPTIONS.good_confidence;
  const SVG = "http://www.w3.org/2000/svg";
  const TWO_LETTER = ["QU", "IN", "TH", "ER", "HE", "AN"];
  const $ = (id) => document.getElementById(id);

  const state = {
    photo: null,        // the Blob read
    photoName: "",
    fromFolder: null,   // the folder photo's name, when the photo came from the served folder
    reading: null,      // the latest answer of the API (the fields of read --json)
    readingId: null,
    fixes: [],
    selected: [0, 0],
    pendingKey: null,   // {cell, token, at}: the last key, to join Q+U, T+H ... or ? + letter
    dragging: null,
    readRequests: 0,    // photos sent so far: only the answer to the last one is shown
    fixRequests: 0,     // fixes sent so far: only the answer to the last one is shown
    listeners: [],
  };

  // -- talking to the API -----------------------------------------------------------------------
  async function api(path, options = {}) {
    const response = await fetch(path, options);
    const type = response.headers.get("content-type") || "";
    const body = type.includes("application/json") ? await response.json() : await response.text();
    if (!response.ok) {
      const message = body && body.error ? body.error : `${response.status} ${response.statusText}`;
      const error = new Error(message);
      error.status = response.status;
      throw error;
    }
    return body;
  }

  function postJson(path, payload, method = "POST") {
    return api(path, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
  }

  function status(text, kind = "") {
    const line = $("status");
    line.textContent = text;
    line.className = kind;
  }

  function download(name, text, type) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // -- names of cells ---------------------------------------------------------------------------
  function cellName(row, col) {
    return String.fromCharCode(65 + col) + (row + 1);
  }

  function cellFromName(name) {
    const match = /^([A-Z])(\d+)$/.exec(name);
    return match ? [Number(match[2]) - 1, match[1].charCodeAt(0) - 65] : null;
  }

  function display(token) {
    if (token.length === 2 && token !== "..") return token[0] + token[1].toLowerCase();
    return token === "." ? "" : token;
  }

  // -- reading a photo --------------------------------------------------------------------------
  async function readPhoto({ corners = null, keepFixes = false } = {}) {
    if (!state.photo && !state.fromFolder) return;
    const form = new FormData();
    form.append("game", corners && state.reading ? state.reading.game : $("game-select").value);
    if (corners) form.append("corners", JSON.stringify(corners));
    if (keepFixes && state.fixes.length) form.append("fixes", JSON.stringify(state.fixes));
    let path = "/api/read";
    if (state.fromFolder) {
      path = `/api/folder/photos/${encodeURIComponent(state.fromFolder)}/read`;
    } else {
      form.append("photo", state.photo, state.photoName);
    }
    status(corners ? "Reading the board again from the corners given…" : `Reading ${state.photoName}…`, "busy");
    const started = performance.now();
    const sent = ++state.readRequests;
    try {
      const reading = await api(path, { method: "POST", body: form });
      if (sent !== state.readRequests) return; // another photo or corners were asked for since
      if (!keepFixes) state.fixes = [];
      state.readingId = reading.reading_id;
      state.fixRequests += 1; // answers to fixes of the reading before are stale now
      showReading(reading);
      const ms = Math.round(performance.now() - started);
      status(`Read ${state.photoName}: ${describe(reading)} (${ms} ms).`, "ok");
    } catch (error) {
      if (sent !== state.readRequests) return;
      status(`${state.photoName}: ${error.message}`, "error");
      if (!corners) {
        state.reading = null;
        $("workspace").hidden = false;
        clearBoard();
      }
    }
  }

  function describe(reading) {
    const size = `${reading.rows}x${reading.cols}`;
    const doubtful = reading.flagged.length;
    const name = reading.game === "boggle" ? `Boggle tray ${size}` : "Scrabble board";
    return `${name}, ${doubtful} doubtful cell${doubtful === 1 ? "" : "s"}`;
  }

  function openPhoto(blob, name, folderName = null) {
    state.photo = blob;
    state.photoName = name;
    state.fromFolder = folderName;
    state.fixes = [];
    const image = $("photo");
    if (image.dataset.url) URL.revokeObjectURL(image.dataset.url);
    const url = URL.createObjectURL(blob);
    image.dataset.url = url;
    image.src = url;
    $("workspace").hidden = false;
    return readPhoto();
  }

  // -- fixes ------------------------------------------------------------------------------------
  async function sendFixes() {
    if (!state.readingId) return;
    const sent = ++state.fixRequests;
    try {
      const reading = await postJson(`/api/readings/${state.readingId}/fixes`, { fixes: [...state.fixes] });
      if (sent !== state.fixRequests) return; // a later fix is on its way
      showReading(reading);
      status(state.fixes.length ? `Fixed: ${state.fixes.join(", ")}.` : "No fixes.", "ok");
    } catch (error) {
      state.fixes.pop();
      renderFixList();
      status(error.message, "error");
    }
  }

  function addFix(row, col, token, joinWithLast = false) {
    const fix = `${cellName(row, col)}=${token}`;
    if (joinWithLast && state.fixes.length) state.fixes[state.fixes.length - 1] = fix;
    else state.fixes.push(fix);
    renderFixList();
    return sendFixes();
  }

  function undo() {
    if (!state.fixes.length) return;
    state.fixes.pop();
    state.pendingKey = null;
    renderFixList();
    sendFixes();
  }

  function renderFixList() {
    const list = $("fix-list");
    list.replaceChildren(
      ...state.fixes.map((fix) => {
        const item = document.createElement("li");
        item.textContent = fix;
        return item;
      }),
    );
    $("undo").disabled = state.fixes.length === 0;
  }

  function fixedCells() {
    const cells = new Set();
    for (const fix of state.fixes) cells.add(fix.split("=")[0]);
    return cells;
  }

  // The token a key gives a cell of this game, and whether it joins the key before it.
  function tokenForKey(event, row, col) {
    const game = state.reading.game;
    const key = event.key;
    const name = cellName(row, col);
    const pending = state.pendingKey && state.pendingKey.cell === name && Date.now() - state.pendingKey.at < 1500
      ? state.pendingKey : null;
    if (game === "boggle") {
      if (key === "#" || key === "Delete" || key === "Backspace") return { token: "#" };
      if (!/^[a-zA-Z]$/.test(key)) return null;
      const letter = key.toUpperCase();
      if (pending && TWO_LETTER.includes(pending.token + letter)) return { token: pending.token + letter, join: true };
      if (letter === "Q") return { token: "QU" };
      return { token: letter };
    }
    if (key === "." || key === " " || key === "Delete" || key === "Backspace") return { token: "." };
    if (key === "?") return { token: "?" };
    if (key.length === 1 && /\p{L}/u.test(key)) {
      if (pending && pending.token === "?") return { token: key.toLowerCase(), join: true };
      return { token: key.toUpperCase() };
    }
    return null;
  }

  function onGridKey(event) {
    if (!state.reading) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      undo();
      return;
    }
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const [row, col] = state.selected;
    if (moves[event.key]) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      select(Math.min(state.reading.rows - 1, Math.max(0, row + dr)), Math.min(state.reading.cols - 1, Math.max(0, col + dc)));
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const chosen = tokenForKey(event, row, col);
    if (!chosen) return;
    event.preventDefault();
    state.pendingKey = { cell: cellName(row, col), token: chosen.token, at: Date.now() };
    addFix(row, col, chosen.token, Boolean(chosen.join));
  }

  function select(row, col) {
    if (state.selected[0] !== row || state.selected[1] !== col) state.pendingKey = null;
    state.selected = [row, col];
    for (const element of document.querySelectorAll(".selected")) element.classList.remove("selected");
    const cell = $("grid").querySelector(`td[data-cell="${cellName(row, col)}"]`);
    if (cell) cell.classList.add("selected");
    const shape = $("overlay").querySelector(`polygon[data-cell="${cellName(row, col)}"]`);
    if (shape) shape.classList.add("selected");
  }

  // -- drawing ----------------------------------------------------------------------------------
  function confidenceClass(value, low) {
    if (value >= GOOD) return "good";
    return value >= low ? "fair" : "doubt";
  }

  function corrections(reading) {
    const byCell = new Map();
    for (const change of reading.corrections || []) byCell.set(change.cell || change.square, change);
    return byCell;
  }

  function clearBoard() {
    $("grid").replaceChildren();
    $("overlay").replaceChildren();
    $("notes").replaceChildren();
  }

  function showReading(reading) {
    state.reading = reading;
    const low = OPTIONS.low_confidence[reading.game];
    const changed = corrections(reading);
    const fixed = fixedCells();
    drawGrid(reading, low, changed, fixed);
    drawOverlay(reading, low, changed, fixed);
    drawNotes(reading, low, changed);
    $("board-title").textContent = reading.game === "boggle"
      ? `Boggle tray ${reading.rows}x${reading.cols}` : "Scrabble board";
    $("key-help").textContent = reading.game === "boggle"
      ? "Keys: a letter sets the face; Q gives Qu; two letters in a row give IN, TH, ER, HE, AN; # (or Delete) a blocked face; Ctrl+Z undoes."
      : "Keys: a letter sets a tile; ? a blank, ? then a letter a blank standing for it; . or Space (or Delete) an empty square; Ctrl+Z undoes.";
    $("export-cgp").hidden = reading.game !== "scrabble";
    const [row, col] = state.selected;
    select(Math.min(row, reading.rows - 1), Math.min(col, reading.cols - 1));
    for (const listener of state.listeners) listener(reading);
  }

  function drawGrid(reading, low, changed, fixed) {
    const table = $("grid");
    table.className = `grid ${reading.game}`;
    const rows = [];
    const header = document.createElement("tr");
    header.appendChild(document.createElement("th"));
    for (let col = 0; col < reading.cols; col += 1) {
      const th = document.createElement("th");
      th.textContent = String.fromCharCode(65 + col);
      header.appendChild(th);
    }
    rows.push(header);
    for (let row = 0; row < reading.rows; row += 1) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = row + 1;
      tr.appendChild(th);
      for (let col = 0; col < reading.cols; col += 1) {
        const name = cellName(row, col);
        const token = reading.grid[row][col];
        const td = document.createElement("td");
        td.dataset.cell = name;
        td.textContent = display(token);
        const confidence = reading.confidence[row][col];
        td.classList.add(confidenceClass(confidence, low));
        if (token === ".") td.classList.add("empty");
        if (token === "?" || (token.length === 1 && token !== token.toUpperCase())) td.classList.add("blank");
        if (changed.has(name)) td.classList.add("changed");
        if (fixed.has(name)) td.classList.add("fixed");
        td.title = `${name}: ${display(token) || "empty"} (${Math.round(100 * confidence)}%)`
          + (changed.has(name) ? `; ${changed.get(name).why}` : "") + (fixed.has(name) ? "; fixed by hand" : "");
        td.addEventListener("click", () => { select(row, col); table.focus(); });
        tr.appendChild(td);
      }
      rows.push(tr);
    }
    table.replaceChildren(...rows);
  }

  function svg(tag, attributes) {
    const element = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  }

  function photoSize() {
    const image = $("photo");
    return [image.naturalWidth || 1, image.naturalHeight || 1];
  }

  function drawOverlay(reading, low, changed, fixed) {
    const overlay = $("overlay");
    const [width, height] = photoSize();
    overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const corners = reading.corners;
    const matrix = Geometry.squareToQuad(corners);
    const cellSide = Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / reading.cols;
    const scale = Math.max(width, height);
    const group = svg("g", { class: "cells" });
    const labels = svg("g", { class: "labels" });
    for (let row = 0; row < reading.rows; row += 1) {
      for (let col = 0; col < reading.cols; col += 1) {
        const name = cellName(row, col);
        const token = reading.grid[row][col];
        const quad = Geometry.cellQuad(matrix, row, col, reading.rows, reading.cols);
        const confidence = reading.confidence[row][col];
        const classes = ["cell", confidenceClass(confidence, low)];
        if (token === ".") classes.push("empty");
        if (changed.has(name)) classes.push("changed");
        if (fixed.has(name)) classes.push("fixed");
        const shape = svg("polygon", {
          points: quad.map((p) => p.join(",")).join(" "),
          class: classes.join(" "),
          "data-cell": name,
          "stroke-width": scale / 600,
        });
        const title = svg("title", {});
        title.textContent = `${name}: ${display(token) || "empty"} ${Math.round(100 * confidence)}%`
          + (changed.has(name) ? ` (${changed.get(name).why})` : "");
        shape.appendChild(title);
        shape.addEventListener("click", () => { select(row, col); $("grid").focus(); });
        group.appendChild(shape);
        if (token !== ".") {
          const [x, y] = Geometry.centre(quad);
          const label = svg("text", {
            x, y, class: `label ${classes.slice(1).join(" ")}`,
            "font-size": cellSide * (reading.game === "boggle" ? 0.28 : 0.42),
            "stroke-width": cellSide * 0.03,
          });
          label.textContent = `${display(token)} ${Math.min(99, Math.round(100 * confidence))}`;
          labels.appendChild(label);
        }
      }
    }
    const outline = svg("polygon", {
      points: corners.map((p) => p.join(",")).join(" "), class: "outline", "stroke-width": scale / 300,
    });
    overlay.replaceChildren(group, outline, labels, svg("g", { id: "highlight" }));
    corners.forEach((point, index) => {
      const handle = svg("circle", {
        cx: point[0], cy: point[1], r: scale / 70, class: "corner", "data-corner": index,
        "stroke-width": scale / 400,
      });
      const title = svg("title", {});
      title.textContent = ["top-left", "top-right", "bottom-right", "bottom-left"][index] + " corner: drag to re-cut";
      handle.appendChild(title);
      handle.addEventListener("pointerdown", (event) => startDrag(event, index));
      overlay.appendChild(handle);
    });
  }

  function drawNotes(reading, low, changed) {
    const items = [];
    for (const [row, col] of reading.flagged) {
      const token = reading.grid[row][col];
      items.push([`${cellName(row, col)} ${display(token) || "empty"}: read at ${Math.round(100 * reading.confidence[row][col])}%, below ${Math.round(100 * low)}%`, "doubt", row, col]);
    }
    for (const [name, change] of changed) {
      const cell = cellFromName(name);
      items.push([`${name} ${change.read} → ${change.now}: ${change.why}`, "changed", ...(cell || [0, 0])]);
    }
    if (!items.length) items.push(["Nothing doubtful: every cell read with confidence and no check changed one.", "", null, null]);
    $("notes").replaceChildren(
      ...items.map(([text, kind, row, col]) => {
        const item = document.createElement("li");
        item.textContent = text;
        item.className = kind;
        if (row !== null) item.addEventListener("click", () => { select(row, col); $("grid").focus(); });
        return item;
      }),
    );
  }

  // Fill a <select> with one option per value and choose `chosen`.
  function fillSelect(select, values, chosen) {
    select.replaceChildren(...values.map((value) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      return option;
    }));
    select.value = chosen;
  }

  // -- highlighting (word paths, moves) ---------------------------------------------------------
  function highlightPath(cells) {
    const reading = state.reading;
    const layer = $("highlight");
    for (const element of document.querySelectorAll("td.path")) element.classList.remove("path");
    if (!layer) return;
    layer.replaceChildren();
    if (!cells || !cells.length || !reading) return;
    const matrix = Geometry.squareToQuad(reading.corners);
    const centres = cells.map(([row, col]) => Geometry.centre(Geometry.cellQuad(matrix, row, col, reading.rows, reading.cols)));
    const [width, height] = photoSize();
    layer.appendChild(svg("polyline", {
      points: centres.map((p) => p.join(",")).join(" "), class: "path", "stroke-width": Math.max(width, height) / 150,
    }));
    layer.appendChild(svg("circle", { cx: centres[0][0], cy: centres[0][1], r: Math.max(width, height) / 90, class: "path-start" }));
    for (const [row, col] of cells) {
      const td = $("grid").querySelector(`td[data-cell="${cellName(row, col)}"]`);
      if (td) td.classList.add("path");
    }
  }

  // Tiles of a proposed move drawn on the board: [{row, col, tile}].
  function showTiles(placed) {
    for (const element of document.querySelectorAll("td.ghost")) {
      element.classList.remove("ghost");
      element.textContent = element.dataset.before;
    }
    const layer = $("highlight");
    if (layer) layer.replaceChildren();
    if (!placed || !placed.length || !state.reading) return;
    const reading = state.reading;
    const matrix = Geometry.squareToQuad(reading.corners);
    for (const { row, col, tile } of placed) {
      const td = $("grid").querySelector(`td[data-cell="${cellName(row, col)}"]`);
      if (td) {
        td.dataset.before = td.textContent;
        td.textContent = tile;
        td.classList.add("ghost");
      }
      const quad = Geometry.cellQuad(matrix, row, col, reading.rows, reading.cols);
      layer.appendChild(svg("polygon", { points: quad.map((p) => p.join(",")).join(" "), class: "ghost" }));
    }
  }

  // -- dragging a corner ------------------------------------------------------------------------
  function svgPoint(event) {
    const overlay = $("overlay");
    const point = overlay.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const mapped = point.matrixTransform(overlay.getScreenCTM().inverse());
    return [mapped.x, mapped.y];
  }

  function startDrag(event, index) {
    event.preventDefault();
    const handle = event.target;
    handle.setPointerCapture(event.pointerId);
    const corners = state.reading.corners.map((p) => [...p]);
    state.dragging = { index, corners };
    const outline = $("overlay").querySelector(".outline");
    const move = (moved) => {
      const [x, y] = svgPoint(moved);
      corners[index] = [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
      handle.setAttribute("cx", x);
      handle.setAttribute("cy", y);
      outline.setAttribute("points", corners.map((p) => p.join(",")).join(" "));
    };
    const stop = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", stop);
      handle.removeEventListener("pointercancel", stop);
      state.dragging = null;
      readPhoto({ corners, keepFixes: true });
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", stop);
    handle.addEventListener("pointercancel", stop);
  }

  // -- saving and exporting ---------------------------------------------------------------------
  function stem(name) {
    return name.replace(/\.[^.]+$/, "") || "reading";
  }

  async function save() {
    if (!state.readingId) return;
    if (!state.fromFolder) {
      const sidecar = await postJson(`/api/readings/${state.readingId}/sidecar`, { fixes: state.fixes });
      download(`${stem(state.photoName)}.json`, JSON.stringify(sidecar, null, 2) + "\n", "application/json");
      status(`Downloaded ${stem(state.photoName)}.json: put it beside the photo to label it.`, "ok");
      return;
    }
    const path = `/api/folder/photos/${encodeURIComponent(state.fromFolder)}/sidecar`;
    const body = { reading_id: state.readingId, fixes: state.fixes, replace: false };
    try {
      const saved = await postJson(path, body, "PUT");
      status(`Saved ${saved.saved} beside the photo.`, "ok");
    } catch (error) {
      if (error.status !== 409) { status(error.message, "error"); return; }
      if (!window.confirm(`${stem(state.fromFolder)}.json is there already. Replace it?`)) {
        status("Not saved: the sidecar there is kept.", "");
        return;
      }
      const saved = await postJson(path, { ...body, replace: true }, "PUT");
      status(`Replaced ${saved.saved}.`, "ok");
    }
    Folder.refresh();
  }

  function exportJson() {
    if (!state.reading) return;
    const { reading_id: _id, applied_fixes: _fixes, ...fields } = state.reading;
    download(`${stem(state.photoName)}.reading.json`, JSON.stringify(fields, null, 2) + "\n", "application/json");
  }

  function exportCgp() {
    if (state.reading && state.reading.cgp) download(`${stem(state.photoName)}.cgp`, state.reading.cgp + "\n", "text/plain");
  }

  // -- the folder queue -------------------------------------------------------------------------
  const Folder = {
    names: [],
    async refresh() {
      if (!OPTIONS.folder) return;
      const listing = await api("/api/folder");
      const select = $("folder-photos");
      const current = state.fromFolder;
      Folder.names = listing.photos.map((photo) => photo.name);
      select.replaceChildren(...listing.photos.map((photo) => {
        const option = document.createElement("option");
        option.value = photo.name;
        option.textContent = `${photo.labelled ? "✓ " : ""}${photo.name}`;
        return option;
      }));
      if (current) select.value = current;
      $("folder-nav").hidden = false;
    },
    async open(name) {
      if (!name) return;
      $("folder-photos").value = name;
      const blob = await (await fetch(`/api/folder/photos/${encodeURIComponent(name)}`)).blob();
      await openPhoto(blob, name, name);
    },
    step(offset) {
      const index = Folder.names.indexOf(state.fromFolder);
      const next = Folder.names[Math.min(Folder.names.length - 1, Math.max(0, index + offset))];
      if (next && next !== state.fromFolder) Folder.open(next);
    },
  };

  // -- wiring -----------------------------------------------------------------------------------
  function wire() {
    $("photo-input").addEventListener("change", (event) => {
      const file = event.target.files[0];
      if (file) openPhoto(file, file.name);
      event.target.value = "";
    });
    $("game-select").addEventListener("change", () => { if (state.photo) readPhoto(); });
    $("grid").addEventListener("keydown", onGridKey);
    $("undo").addEventListener("click", undo);
    $("save").addEventListener("click", () => save().catch((error) => status(error.message, "error")));
    $("export-json").addEventListener("click", exportJson);
    $("export-cgp").addEventListener("click", exportCgp);
    $("photo").addEventListener("load", () => { if (state.reading) showReading(state.reading); });
    const cover = $("drop-cover");
    window.addEventListener("dragover", (event) => { event.preventDefault(); cover.hidden = false; });
    cover.addEventListener("dragleave", () => { cover.hidden = true; });
    window.addEventListener("drop", (event) => {
      event.preventDefault();
      cover.hidden = true;
      const file = event.dataTransfer.files[0];
      if (file) openPhoto(file, file.name);
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "PageDown") Folder.step(1);
      if (event.key === "PageUp") Folder.step(-1);
    });
    if (OPTIONS.folder) {
      $("folder-prev").addEventListener("click", () => Folder.step(-1));
      $("folder-next").addEventListener("click", () => Folder.step(1));
      $("folder-photos").addEventListener("change", (event) => Folder.open(event.target.value));
      Folder.refresh().then(() => Folder.open(Folder.names[0])).catch((error) => status(error.message, "error"));
    }
  }

  wire();
  return {
    OPTIONS, api, postJson, status, download, cellName, cellFromName, display, highlightPath, showTiles,
    fillSelect,
    get reading() { return state.reading; },
    get folder() { return OPTIONS.folder; },
    onReading(listener) { state.listeners.push(listener); },
  };
})();
