// The write controls: add, rename, delete (a writable server only), and the token form.
//
// Writes carry the server's token, asked for the first time one is needed and kept in
// sessionStorage (this tab, until it closes or "Forget token"). A 401 forgets it and asks again,
// then retries the write; a 403 (the server takes no writes) shows the server's message. Errors
// are shown as text in #write-status, never as markup. After a write the view is fetched again:
// the same query, at the same scroll position.
import { itemsPath, storedToken, keepToken, dropToken, sendWrite } from "./api.js";
import { state, itemAt, actionsNode, setEditorNode, rerenderRow, markSelected, focusItem } from "./render.js";
import { refresh } from "./query.js";

const $ = (id) => document.getElementById(id);
const addToggle = $("add-toggle"), addForm = $("add-form"), forgetButton = $("forget-token");
const tokenForm = $("token-form"), tokenField = $("token"), writeStatus = $("write-status");
let waitingWrite = null;   // the write that waits for the token form

function setStatus(message, done = false) {
  writeStatus.textContent = message;
  writeStatus.classList.toggle("done", done);
  writeStatus.hidden = message === "";
}

// Sends a write {method, path, body, done}: asks for the token first when there is none; on
// success calls done(answer) and refreshes the view. Returns whether it was sent and succeeded.
async function perform(write) {
  const token = storedToken();
  if (!token) { askForToken(write, "Changes need the server’s token."); return false; }
  let response, answer;
  try {
    ({ response, answer } = await sendWrite(write.method, write.path, write.body, token));
  } catch (error) {
    setStatus(`The server could not be reached: ${error.message}`);
    return false;
  }
  const message = (answer && typeof answer.error === "string") ? answer.error : `${response.status} ${response.statusText}`;
  if (response.status === 401) {
    forgetToken();
    askForToken(write, "The server did not accept the token; enter it again.");
    return false;
  }
  if (!response.ok) {
    setStatus(response.status === 403 ? `The server takes no changes: ${message}` : `Not saved: ${message}`);
    return false;
  }
  setStatus(write.done(answer), true);
  await refresh();
  return true;
}

function askForToken(write, prompt) {
  waitingWrite = write;
  $("token-prompt").textContent = prompt;
  tokenForm.hidden = false;
  tokenField.value = "";
  tokenField.focus();
}

function forgetToken() {
  dropToken();
  forgetButton.hidden = true;
}

// Shows the add button and "Forget token" (when a token is kept) on a writable server.
export function showWriteControls() {
  addToggle.hidden = !state.writable;
  forgetButton.hidden = !state.writable || !storedToken();
}

// Add: text, optional reading, favorite (pinned).
function showAddForm(shown) {
  addForm.hidden = !shown;
  addToggle.setAttribute("aria-expanded", String(shown));
  if (shown) $("add-text").focus();
}

// Rename (inline) and delete (after a confirmation), from the buttons of a row or from the
// keyboard on a focused row (Enter or F2, Delete or Backspace). Afterwards the focus goes back to
// the row (to the one that took its place after a delete).
function editorNode(node) {
  const editing = state.editing;
  node.classList.add("editing");
  const field = document.createElement("input");
  field.value = editing.draft;
  field.setAttribute("aria-label", "New text");
  field.spellcheck = false;
  field.addEventListener("input", () => { if (state.editing) state.editing.draft = field.value; });
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); saveEdit(); }
    if (event.key === "Escape") { event.preventDefault(); stopEditing(); }
  });
  node.appendChild(field);
  node.appendChild(actionsNode([["save", "Save"], ["cancel", "Cancel"]]));
  requestAnimationFrame(() => { if (field.isConnected && document.activeElement !== field) field.focus(); });
  return node;
}

function startEditing(id, k, item) {
  if (state.editing) stopEditing();
  state.editing = { id, k, draft: item.text, text: item.text };
  rerenderRow(id);
}

function stopEditing() {
  const editing = state.editing;
  state.editing = null;
  if (!editing) return;
  const focused = document.activeElement && document.activeElement.closest(".row.editing");
  rerenderRow(editing.id);
  if (focused) focusItem(editing.id, editing.k);
}

async function deleteItem(id, k, item) {
  if (!confirm(`Delete “${item.text}”?`)) return;
  const deleted = await perform({ method: "DELETE", path: itemsPath(state.listing, id), done: () => `Deleted “${item.text}”.` });
  if (deleted) focusItem(null, k);
}

async function saveEdit() {
  const editing = state.editing;
  if (!editing || editing.saving) return;
  const { id, draft, text } = editing;
  const newText = draft.trim();
  if (newText === text) { stopEditing(); return; }
  if (!newText) { setStatus("The text cannot be empty."); return; }
  editing.saving = true;
  const saved = await perform({ method: "PATCH", path: itemsPath(state.listing, id), body: { text: newText }, done: () => {
    state.editing = null;
    return `Renamed “${text}” to “${newText}”.`;
  } });
  if (!saved && state.editing) state.editing.saving = false;
  if (saved) focusItem(id, editing.k);
}

export function installWrites() {
  setEditorNode(editorNode);

  tokenForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const token = tokenField.value.trim();
    if (!token) return;
    try { keepToken(token); } catch {
      setStatus("This browser keeps no session storage, so the token cannot be kept.");
      return;
    }
    tokenField.value = "";
    tokenForm.hidden = true;
    forgetButton.hidden = false;
    const write = waitingWrite;
    waitingWrite = null;
    if (write) perform(write);
  });
  $("token-cancel").addEventListener("click", () => {
    tokenForm.hidden = true;
    tokenField.value = "";
    waitingWrite = null;
  });
  forgetButton.addEventListener("click", () => { forgetToken(); setStatus("The token is forgotten.", true); });

  addToggle.addEventListener("click", () => showAddForm(addForm.hidden));
  $("add-cancel").addEventListener("click", () => { addForm.reset(); showAddForm(false); });
  addForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("add-text").value.trim(), reading = $("add-reading").value.trim();
    if (!text) { setStatus("Give a name to add."); return; }
    const item = { text };
    if (reading) item.reading = reading;
    if ($("add-pinned").checked) item.pinned = true;
    const submit = $("add-submit");
    submit.disabled = true;
    try {
      await perform({ method: "POST", path: itemsPath(state.listing), body: { items: [item] }, done: () => {
        addForm.reset();
        $("add-text").focus();
        return `Added “${text}”.`;
      } });
    } finally {
      submit.disabled = false;
    }
  });

  // A row's buttons; a tap elsewhere on a row selects it (its actions shown).
  $("spacer").addEventListener("click", (event) => {
    const row = event.target.closest(".row[data-id]");
    if (!row || !state.writable) return;
    const id = row.dataset.id, k = Number(row.dataset.row);
    const item = itemAt(state.view, k);
    const action = event.target.closest("[data-action]")?.dataset.action;
    if (action === "edit" && item) {
      startEditing(id, k, item);
    } else if (action === "save") {
      saveEdit();
    } else if (action === "cancel") {
      stopEditing();
    } else if (action === "delete" && item) {
      deleteItem(id, k, item);
    } else if (!action && !row.classList.contains("editing")) {
      state.selectedID = id;
      markSelected(id);
    }
  });
  $("spacer").addEventListener("keydown", (event) => {
    const row = event.target;
    if (!state.writable || !row.matches(".row[data-id]") || event.altKey || event.ctrlKey || event.metaKey) return;
    const id = row.dataset.id, k = Number(row.dataset.row), item = itemAt(state.view, k);
    if (!item) return;
    if (event.key === "Enter" || event.key === "F2") { event.preventDefault(); startEditing(id, k, item); }
    if (event.key === "Delete" || event.key === "Backspace") { event.preventDefault(); deleteItem(id, k, item); }
  });
}
