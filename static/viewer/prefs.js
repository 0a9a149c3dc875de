// The speed and animation a viewer last chose are remembered for the next
// replay; storage may be unavailable (privacy modes, sandboxed frames).
const PREFS = 'arena-replay';

export function loadPrefs() {
  try {
    return JSON.parse(localStorage.getItem(PREFS)) ?? {};
  } catch {
    return {};
  }
}

export function savePrefs(change) {
  try {
    localStorage.setItem(PREFS, JSON.stringify({ ...loadPrefs(), ...change }));
  } catch {
    // not remembered, no harm
  }
}
