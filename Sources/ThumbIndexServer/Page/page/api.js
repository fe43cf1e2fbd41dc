// The API client: the JSON reads (a listing's sections, the catalog), the writes with the
// server's token, the token itself, and how a query becomes request parameters. No DOM here.

// GET `path` with `params` as its query string; the JSON answer, or an Error with the server's message.
export function api(path, params, signal) {
  const url = new URL(path, location.href);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return fetch(url, { signal }).then(async (response) => {
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    return body;
  });
}

export function sectionsPath(listing) { return `/api/listings/${encodeURIComponent(listing)}/sections`; }

export function itemsPath(listing, id) {
  const base = `/api/listings/${encodeURIComponent(listing)}/items`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

// A query is its text and whether it is read as dial-pad keys, as one key: "1" or "0", then q.
export const queryKey = (q, dialpad) => (dialpad && q !== "" ? "1" : "0") + q;   // "" is "" either way
export const keyQuery = (key) => key.slice(1);
export const keyDialpad = (key) => key[0] === "1";
// The API parameters of a query key (dialpad=1 only when it is on).
export const queryParams = (key) => (keyDialpad(key) ? { q: keyQuery(key), dialpad: 1 } : { q: keyQuery(key) });
// What a phone keypad can type: digits, white space and + - ( ) . * # (the server refuses the rest).
export const keypadTypes = (q) => /^[\p{Nd}\s+\-().*#]*$/u.test(q);

// The server's token for writes, kept in sessionStorage: this tab, until it closes or "Forget token".
const TOKEN_KEY = "thumbindex.token";

export function storedToken() {
  try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; }
}

// Throws when the browser keeps no session storage.
export function keepToken(token) { sessionStorage.setItem(TOKEN_KEY, token); }

export function dropToken() {
  try { sessionStorage.removeItem(TOKEN_KEY); } catch { /* storage disabled: nothing kept */ }
}

// Sends a write with the token: {response, answer} (the JSON answer, or null when there is none);
// rejects when the server cannot be reached.
export async function sendWrite(method, path, body, token) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method, headers, cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = response.status !== 204 ? await response.json().catch(() => null) : null;
  return { response, answer };
}
