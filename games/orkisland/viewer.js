// Ork Island renderer: the terrain, cities and paths cross-hatched in their
// owner's colour, and orks as small squares walking between rounds.
// State and changes follow docs/replay.md, section "Ork Island". Its words
// are the page's (viewer.toml's [viewer.orkisland]), English by default.

import { Words } from '../words.js';

// The original viewer's terrain colours (games/ork-island.md).
const TERRAIN = {
  W: '#00FFFF',
  G: '#AAFFAA',
  F: '#6CA972',
  S: '#FFF0B3',
  C: '#404040',
  P: '#999999',
};
const TERRAIN_NAME = {
  W: 'orkisland.terrain.water',
  G: 'orkisland.terrain.grass',
  F: 'orkisland.terrain.forest',
  S: 'orkisland.terrain.sand',
  C: 'orkisland.terrain.city',
  P: 'orkisland.terrain.path',
};

export default {
  title: 'Ork Island',
  init(replay, colors, words = new Words()) {
    return new OrkIsland(replay.initial, colors, words);
  },
};

class OrkIsland {
  constructor(initial, colors, words) {
    this.w = words;
    this.initial = initial;
    this.rows = initial.rows;
    this.cols = initial.cols;
    this.board = initial.board;
    this.colors = colors;
    this.aspect = this.cols / this.rows;
    this.areas = [
      ...initial.cities.map((cells, i) => ({ kind: 'cities', index: i, cells })),
      ...initial.paths.map((p, i) => ({ kind: 'paths', index: i, cells: p.cells })),
    ];
    // Which city or path each cell belongs to, for describe().
    this.areaAt = new Map();
    for (const a of this.areas) for (const [r, c] of a.cells) this.areaAt.set(r * this.cols + c, a);
    this.terrain = null;
  }

  initialState() {
    return {
      orks: this.initial.orks,
      cities: this.initial.cities.map(() => -1),
      paths: this.initial.paths.map(() => -1),
    };
  }

  // apply returns the state after a round without touching the old one, so
  // the shell can keep snapshots; unchanged parts are shared.
  apply(state, round) {
    const ch = round.changes ?? {};
    const next = { ...state };
    if (ch.orks?.length) {
      next.orks = state.orks.slice();
      for (const [id, player, row, col, health] of ch.orks) next.orks[id] = [player, row, col, health];
    }
    for (const kind of ['cities', 'paths']) {
      if (!ch[kind]?.length) continue;
      next[kind] = state[kind].slice();
      for (const [i, owner] of ch[kind]) next[kind][i] = owner;
    }
    return next;
  }

  // layout fits whole square cells into the canvas, centred across: integer cell
  // sizes in device pixels keep every edge crisp.
  layout(width, height) {
    const cell = Math.max(1, Math.floor(Math.min(width / this.cols, height / this.rows)));
    const x0 = Math.floor((width - cell * this.cols) / 2);
    const y0 = 0; // top-aligned, level with the side panel
    return { cell, x0, y0 };
  }

  // drawRound draws the move from prev to state at time t in [0, 1]
  // (t = 1, or no prev: just state). round is the record between them.
  drawRound(ctx, { state, prev, round, t, width, height }) {
    const L = this.layout(width, height);
    ctx.clearRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.terrainImage(L.cell), L.x0, L.y0);
    const moving = prev && t < 1;
    this.drawOwners(ctx, L, moving && t < 0.5 ? prev : state);
    this.drawOrks(ctx, L, state, moving ? prev : null, moving ? t : 1, round);
  }

  terrainImage(cell) {
    if (this.terrain?.cell === cell) return this.terrain.canvas;
    const canvas = document.createElement('canvas');
    canvas.width = this.cols * cell;
    canvas.height = this.rows * cell;
    const ctx = canvas.getContext('2d');
    for (let r = 0; r < this.rows; r++) {
      const line = this.board[r];
      for (let c = 0; c < this.cols; c++) {
        ctx.fillStyle = TERRAIN[line[c]] ?? '#ff00ff';
        ctx.fillRect(c * cell, r * cell, cell, cell);
      }
    }
    this.terrain = { cell, canvas };
    return canvas;
  }

  // drawOwners cross-hatches every owned city and path cell: diagonals of
  // neighbouring cells join into one lattice in the owner's colour.
  drawOwners(ctx, { cell, x0, y0 }, state) {
    const byOwner = this.colors.map(() => []);
    for (const a of this.areas) {
      const owner = state[a.kind][a.index];
      if (owner >= 0 && owner < byOwner.length) byOwner[owner].push(...a.cells);
    }
    ctx.save();
    ctx.lineWidth = Math.max(1, Math.round(cell / 6));
    ctx.lineCap = 'square';
    byOwner.forEach((cells, p) => {
      if (!cells.length) return;
      ctx.globalAlpha = 0.3;
      ctx.fillStyle = this.colors[p];
      for (const [r, c] of cells) ctx.fillRect(x0 + c * cell, y0 + r * cell, cell, cell);
      ctx.globalAlpha = 0.95;
      ctx.strokeStyle = this.colors[p];
      ctx.beginPath();
      for (const [r, c] of cells) {
        const x = x0 + c * cell;
        const y = y0 + r * cell;
        ctx.moveTo(x, y);
        ctx.lineTo(x + cell, y + cell);
        ctx.moveTo(x + cell, y);
        ctx.lineTo(x, y + cell);
      }
      ctx.stroke();
    });
    ctx.restore();
  }

  // drawOrks interpolates walking orks; an ork that died fades out where it
  // was and grows back where it respawned (a respawn is not a walk).
  drawOrks(ctx, { cell, x0, y0 }, state, prev, t, round) {
    const died = new Set(prev ? (round?.changes?.died ?? []) : []);
    const size = cell < 4 ? cell : Math.max(3, Math.round(cell * 0.7));
    const e = ease(t);
    ctx.save();
    state.orks.forEach((o, id) => {
      const p = prev?.orks[id];
      if (!p || t >= 1) return this.ork(ctx, x0, y0, cell, size, o[1], o[2], o[0], 1);
      if (died.has(id)) {
        this.ring(ctx, x0, y0, cell, p[1], p[2], t);
        if (t < 0.5) return this.ork(ctx, x0, y0, cell, size, p[1], p[2], p[0], 1 - 2 * t);
        return this.ork(ctx, x0, y0, cell, size, o[1], o[2], o[0], 2 * t - 1);
      }
      this.ork(ctx, x0, y0, cell, size, p[1] + (o[1] - p[1]) * e, p[2] + (o[2] - p[2]) * e, o[0], 1);
    });
    ctx.restore();
  }

  ork(ctx, x0, y0, cell, size, row, col, player, scale) {
    const s = Math.max(1, Math.round(size * scale));
    const x = Math.round(x0 + col * cell + (cell - s) / 2);
    const y = Math.round(y0 + row * cell + (cell - s) / 2);
    ctx.fillStyle = this.colors[player] ?? '#000';
    ctx.fillRect(x, y, s, s);
    if (s >= 5) {
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
    }
  }

  // ring marks a death with a circle that widens and fades.
  ring(ctx, x0, y0, cell, row, col, t) {
    ctx.globalAlpha = 1 - t;
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = Math.max(1, cell / 6);
    ctx.beginPath();
    ctx.arc(x0 + (col + 0.5) * cell, y0 + (row + 0.5) * cell, cell * (0.4 + 1.2 * t), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // The debugging panel's hooks (docs/viewer.md): the orks under a pixel,
  // and what an ork's command in a round was.
  unitName(id) {
    return this.w.t('orkisland.ork', { ID: id });
  }

  unitsAt(state, x, y, width, height) {
    const { cell, x0, y0 } = this.layout(width, height);
    const r = Math.floor((y - y0) / cell);
    const c = Math.floor((x - x0) / cell);
    const out = [];
    state.orks.forEach((o, id) => {
      if (o[1] === r && o[2] === c) out.push({ id, label: this.unitName(id) });
    });
    return out;
  }

  commandsOf(round, id) {
    return (round.commands ?? [])
      .filter((m) => m[0] === id)
      .map((m) => (MOVE[m[1]] ? this.w.t(MOVE[m[1]]) : this.w.t('orkisland.move', { Dir: m[1] })));
  }

  // describe says what is under device pixel (x, y), for the status line.
  describe(state, x, y, width, height, names) {
    const { cell, x0, y0 } = this.layout(width, height);
    const r = Math.floor((y - y0) / cell);
    const c = Math.floor((x - x0) / cell);
    if (r < 0 || c < 0 || r >= this.rows || c >= this.cols) return '';
    const w = this.w;
    const terrain = TERRAIN_NAME[this.board[r][c]];
    const parts = [`[${r}, ${c}] ${terrain ? w.t(terrain) : '?'}`];
    const a = this.areaAt.get(r * this.cols + c);
    if (a) {
      const owner = state[a.kind][a.index];
      const area = w.n(a.kind === 'cities' ? 'orkisland.city' : 'orkisland.path', a.cells.length, { Index: a.index });
      parts.push(`${area}, ${owner >= 0 ? w.t('orkisland.owned_by', { Name: names[owner] }) : w.t('orkisland.no_owner')}`);
    }
    const id = state.orks.findIndex((o) => o[1] === r && o[2] === c);
    if (id >= 0) {
      const o = state.orks[id];
      parts.push(w.t('orkisland.ork_of', { ID: id, Name: names[o[0]], Health: o[3] }));
    }
    return parts.join(' · ');
  }
}

function ease(t) {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}

// An ork's moves (docs/replay.md), in words.
const MOVE = { N: 'orkisland.move_north', S: 'orkisland.move_south', E: 'orkisland.move_east', W: 'orkisland.move_west' };
