// Loading a replay document (docs/replay.md) and reconstructing the state
// after any number of rounds from the initial state and per-round changes.

import { Words } from './words.js';

// The only layout of the replay document this viewer understands.
export const FORMAT = 1;

// fetchReplay downloads and parses a replay. Servers should send it with
// Content-Encoding: gzip (the browser then inflates it), but a .json.gz file
// served as-is still arrives compressed, so the gzip magic is checked too.
// w says what went wrong in the page's language.
export async function fetchReplay(url, signal, w = new Words()) {
  const res = await fetch(url, { signal, credentials: 'same-origin' });
  if (res.status === 410) {
    // Deleted to save space: the server says so, and where to have it again.
    throw new Error((await res.text()).trim() || w.t('deleted'));
  }
  if (!res.ok) {
    throw new Error(w.t('http', { Status: `${res.status}${res.statusText ? ' ' + res.statusText : ''}` }));
  }
  let bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = await gunzip(bytes, w);
  let doc;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error(w.t('not_json'));
  }
  check(doc, w);
  return doc;
}

async function gunzip(bytes, w) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error(w.t('no_gzip'));
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function check(doc, w) {
  if (!doc || typeof doc !== 'object') throw new Error(w.t('not_object'));
  if (doc.format !== FORMAT) throw new Error(w.t('format', { Format: JSON.stringify(doc.format), Reads: FORMAT }));
  if (typeof doc.game !== 'string' || !/^[a-z0-9-]+$/.test(doc.game)) throw new Error(w.t('no_game'));
  if (!Array.isArray(doc.players) || !Array.isArray(doc.rounds)) throw new Error(w.t('no_rounds'));
}

// Snapshots are kept every SNAPSHOT states so that seeking anywhere replays at
// most SNAPSHOT-1 rounds; sequential play reuses the last state computed.
const SNAPSHOT = 16;

// A Timeline maps a state index k in [0, length] to the state after k rounds
// (0 is the initial state) with the game's pure apply(state, round).
export class Timeline {
  constructor(replay, game) {
    this.replay = replay;
    this.game = game;
    this.length = replay.rounds.length;
    this.snapshots = new Map([[0, game.initialState()]]);
    this.last = { k: 0, state: this.snapshots.get(0) };
    this.prev = this.last;
  }

  state(k) {
    k = Math.max(0, Math.min(this.length, k | 0));
    if (k === this.last.k) return this.last.state;
    if (k === this.prev.k) return this.prev.state;
    let base = this.snapshotBefore(k);
    for (const c of [this.last, this.prev]) if (c.k <= k && c.k > base.k) base = c;
    let { k: i, state } = base;
    while (i < k) {
      state = this.game.apply(state, this.replay.rounds[i]);
      i++;
      if (i % SNAPSHOT === 0) this.snapshots.set(i, state);
    }
    this.prev = this.last;
    this.last = { k, state };
    return state;
  }

  // snapshotBefore returns the closest known snapshot at or before k,
  // filling the gaps on the way so later seeks are fast.
  snapshotBefore(k) {
    let i = k - (k % SNAPSHOT);
    while (!this.snapshots.has(i)) i -= SNAPSHOT;
    return { k: i, state: this.snapshots.get(i) };
  }

  // round returns the round record that led to state k (null for k = 0).
  round(k) {
    return k > 0 ? this.replay.rounds[k - 1] : null;
  }

  scores(k) {
    const r = this.round(k);
    return r ? r.scores : this.replay.players.map(() => 0);
  }

  // cpu returns each player's fraction of CPU budget used, -1 when frozen.
  // Before round 0 only the players frozen during setup are out.
  cpu(k) {
    const r = this.round(k);
    if (r) return r.cpu;
    const frozen = (this.replay.end?.frozen ?? []).filter((f) => f.round < 0).map((f) => f.player);
    return this.replay.players.map((_, p) => (frozen.includes(p) ? -1 : 0));
  }
}
