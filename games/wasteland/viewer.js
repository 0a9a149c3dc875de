// Wasteland renderer: the window is the frame of reference, so the road
// scrolls left one column per round while cars at the window's speed stand
// still. It shows the window's columns plus one on each side (outside the
// window, shaded). State and changes follow docs/replay.md, "Wasteland".
// Its words are the page's (viewer.toml's [viewer.wasteland]), English by
// default.

import { Words } from '../words.js';

const SAND = '#e9dbb4';
const SAND_OUT = '#cdbb8e'; // the columns outside the window
const GRID = 'rgba(120, 95, 50, 0.10)';
const LOW_GAS = 20; // cars with this much gas or less blink
const NAMES = { X: 'wasteland.tyre', W: 'wasteland.water_bonus', G: 'wasteland.gas_bonus', M: 'wasteland.missile_bonus' };

export default {
  title: 'Wasteland',
  init(replay, colors, words = new Words()) {
    return new Wasteland(replay.initial, colors, words);
  },
};

class Wasteland {
  constructor(initial, colors, words) {
    this.w = words;
    this.initial = initial;
    this.rows = initial.rows;
    this.cols = initial.cols;
    this.win = initial.window;
    this.perPlayer = initial.cars_per_player;
    this.shown = this.win + 2;
    this.colors = colors;
    this.aspect = this.shown / this.rows;
  }

  initialState() {
    return {
      k: 0,
      board: this.initial.board,
      cars: this.initial.cars,
      missiles: this.initial.missiles,
      booms: [],
      shot: [],
      gone: [],
    };
  }

  // apply returns the state after a round without touching the old one, so
  // the shell can keep snapshots; unchanged rows are shared.
  apply(state, round) {
    const ch = round.changes ?? {};
    const cars = state.cars.map((c) => (c[5] === 0 && c[6] > 0 ? [c[0], c[1], c[2], c[3], c[4], 0, c[6] - 1] : c));
    for (const c of ch.cars ?? []) cars[c[0]] = c;
    const gone = new Set(ch.gone ?? []);
    const missiles = state.missiles
      .filter((m) => !gone.has(m[0]))
      .map(([id, car, row, col]) => [id, car, row, (col + 2) % this.cols])
      .concat(ch.shot ?? [])
      .sort((a, b) => a[0] - b[0]);
    let board = state.board;
    if (ch.cells?.length) {
      board = board.slice();
      for (const [r, c, letter] of ch.cells) board[r] = board[r].slice(0, c) + letter + board[r].slice(c + 1);
    }
    return { k: state.k + 1, board, cars, missiles, booms: ch.booms ?? [], shot: ch.shot ?? [], gone: [...gone] };
  }

  layout(width, height) {
    const cell = Math.max(2, Math.floor(Math.min(width / this.shown, height / this.rows)));
    const x0 = Math.floor((width - cell * this.shown) / 2);
    return { cell, x0, y0: 0 };
  }

  // screen returns the screen column (possibly fractional, in (-1, shown))
  // of universe column col with the camera at cam (the window's first
  // column), or null when it is not shown.
  screen(col, cam) {
    const x = mod(col - cam + 1, this.cols);
    if (x < this.shown) return x;
    if (x > this.cols - 1) return x - this.cols; // entering from the left
    return null;
  }

  // drawRound draws the move from prev to state at time t in [0, 1].
  drawRound(ctx, { state, prev, t, width, height }) {
    const L = this.layout(width, height);
    const moving = prev && t < 1;
    const cam = moving ? prev.k + t : state.k; // the window slides at one column per round
    ctx.clearRect(0, 0, width, height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(L.x0, L.y0, L.cell * this.shown, L.cell * this.rows);
    ctx.clip();
    this.drawGround(ctx, L, cam);
    this.drawCells(ctx, L, moving && t < 0.5 ? prev.board : state.board, cam);
    this.drawMissiles(ctx, L, state, moving ? prev : null, t, cam);
    this.drawCars(ctx, L, state, moving ? prev : null, t, cam);
    this.drawBooms(ctx, L, state, moving ? t : 1, cam);
    ctx.restore();
  }

  drawGround(ctx, { cell, x0, y0 }, cam) {
    const w = cell * this.shown;
    const h = cell * this.rows;
    ctx.fillStyle = SAND;
    ctx.fillRect(x0, y0, w, h);
    // Outside the window: the first and last shown columns.
    const frac = cam - Math.floor(cam);
    ctx.fillStyle = SAND_OUT;
    ctx.fillRect(x0, y0, cell, h);
    ctx.fillRect(x0 + cell * (this.shown - 1), y0, cell, h);
    // Grid lines scroll with the universe.
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 0; i <= this.shown + 1; i++) {
      const x = Math.round(x0 + (i - frac) * cell) + 0.5;
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y0 + h);
    }
    for (let r = 0; r <= this.rows; r++) {
      const y = y0 + r * cell + 0.5;
      ctx.moveTo(x0, y);
      ctx.lineTo(x0 + w, y);
    }
    ctx.stroke();
  }

  drawCells(ctx, { cell, x0, y0 }, board, cam) {
    const first = Math.floor(cam) - 2;
    for (let j = first; j <= first + this.shown + 2; j++) {
      const col = mod(j, this.cols);
      const x = this.screen(col, cam);
      if (x === null) continue;
      for (let r = 0; r < this.rows; r++) {
        const letter = board[r][col];
        if (letter === '.') continue;
        const cx = x0 + (x + 0.5) * cell;
        const cy = y0 + (r + 0.5) * cell;
        if (letter === 'X') tyre(ctx, cx, cy, cell);
        else bonus(ctx, cx, cy, cell, letter);
      }
    }
  }

  // drawMissiles flies the missiles two columns; a missile shot this round
  // starts from its car, one destroyed stops half way and is gone.
  drawMissiles(ctx, { cell, x0, y0 }, state, prev, t, cam) {
    const draw = (m, col, alpha) => {
      const x = this.screen(mod(col, this.cols), cam);
      if (x === null) return;
      missile(ctx, x0 + (x + 0.5) * cell, y0 + (m[2] + 0.5) * cell, cell, this.carColor(m[1]), alpha);
    };
    if (!prev) {
      for (const m of state.missiles) draw(m, m[3], 1);
      return;
    }
    const shot = new Set(state.shot.map((m) => m[0]));
    const before = new Map(prev.missiles.map((m) => [m[0], m]));
    for (const m of state.missiles) {
      const from = shot.has(m[0]) ? m[3] - 2 : before.get(m[0])?.[3] ?? m[3] - 2;
      draw(m, from + 2 * t, 1);
    }
    if (t < 0.5) {
      for (const id of state.gone) {
        const m = before.get(id);
        if (m) draw(m, m[3] + 2 * t, 1 - 2 * t);
      }
    }
  }

  // drawCars moves cars between their places; a car that died moves to where
  // it died and burns; one that came back fades in.
  drawCars(ctx, { cell, x0, y0 }, state, prev, t, cam) {
    // Blinking follows the clock, not the rounds, so it reads at any speed;
    // a still frame shows every car.
    const blinkOff = prev !== null && Math.floor(performance.now() / 200) % 2 === 1;
    state.cars.forEach((c, id) => {
      const p = prev?.cars[id];
      let row = c[1];
      let col = c[2];
      let alpha = 1;
      if (p) {
        if (p[5] && c[5]) {
          row = p[1] + (c[1] - p[1]) * t;
          col = p[2] + mod(c[2] - p[2], this.cols) * t;
        } else if (p[5] && !c[5]) {
          const s = Math.min(1, 2 * t);
          row = p[1] + (c[1] - p[1]) * s;
          col = p[2] + mod(c[2] - p[2], this.cols) * s;
          alpha = t < 0.5 ? 1 : 0;
        } else if (!p[5] && c[5]) {
          alpha = Math.max(0, 2 * t - 1);
        } else return;
      } else if (!c[5]) return;
      if (alpha <= 0) return;
      const x = this.screen(mod(col, this.cols), cam);
      if (x === null) return;
      const low = c[4] <= LOW_GAS;
      car(ctx, x0 + (x + 0.5) * cell, y0 + (row + 0.5) * cell, cell, this.carColor(id), {
        alpha: low && blinkOff ? alpha * 0.25 : alpha,
        gas: c[4],
        low,
        unarmed: c[3] === 0,
      });
    });
  }

  // drawBooms draws this round's collisions as bursts that grow and fade.
  drawBooms(ctx, { cell, x0, y0 }, state, t, cam) {
    for (const [r, c] of state.booms) {
      const x = this.screen(c, cam);
      if (x === null) continue;
      burst(ctx, x0 + (x + 0.5) * cell, y0 + (r + 0.5) * cell, cell, t);
    }
  }

  carColor(id) {
    return this.colors[Math.floor(id / this.perPlayer)] ?? '#000';
  }

  // The debugging panel's hooks (docs/viewer.md): the cars under a pixel,
  // and what a car's instructions in a round were.
  unitName(id) {
    return this.w.t('wasteland.car', { ID: id });
  }

  unitsAt(state, x, y, width, height) {
    const { cell, x0, y0 } = this.layout(width, height);
    const r = Math.floor((y - y0) / cell);
    const sx = Math.floor((x - x0) / cell);
    const col = mod(sx - 1 + state.k, this.cols);
    const out = [];
    state.cars.forEach((c, id) => {
      if (c[5] && c[1] === r && c[2] === col) out.push({ id, label: this.unitName(id) });
    });
    return out;
  }

  commandsOf(round, id) {
    return (round.commands ?? [])
      .filter((c) => c[0] === id)
      .map((c) => (c[1] === SHOOT ? this.w.t('wasteland.shoot') : INSTRUCTION[c[1]] ?? this.w.t('wasteland.instruction', { Code: c[1] })));
  }

  // describe says what is under device pixel (x, y), for the status line.
  describe(state, x, y, width, height, names) {
    const { cell, x0, y0 } = this.layout(width, height);
    const r = Math.floor((y - y0) / cell);
    const sx = Math.floor((x - x0) / cell);
    if (r < 0 || r >= this.rows || sx < 0 || sx >= this.shown) return '';
    const col = mod(sx - 1 + state.k, this.cols);
    const inside = sx > 0 && sx <= this.win;
    const w = this.w;
    const parts = [`[${r}, ${col}]${inside ? '' : ' ' + w.t('wasteland.outside')}`];
    const letter = state.board[r][col];
    if (NAMES[letter]) parts.push(w.t(NAMES[letter]));
    state.cars.forEach((c, id) => {
      if (c[5] && c[1] === r && c[2] === col) {
        const who = names[Math.floor(id / this.perPlayer)] ?? '?';
        parts.push(w.t('wasteland.car_of', { ID: id, Name: who, Gas: c[4], Missiles: w.n('wasteland.missiles', c[3]) }));
      }
    });
    for (const m of state.missiles) {
      if (m[2] === r && m[3] === col) parts.push(w.t('wasteland.missile', { ID: m[0], Car: m[1] }));
    }
    return parts.join(' · ');
  }
}

function mod(a, n) {
  return ((a % n) + n) % n;
}

// tyre: a dark ring.
function tyre(ctx, cx, cy, cell) {
  const r = cell * 0.36;
  ctx.fillStyle = '#2b2b2b';
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.arc(cx, cy, r * 0.42, 0, 2 * Math.PI, true);
  ctx.fill();
  if (cell >= 10) {
    ctx.strokeStyle = '#555';
    ctx.lineWidth = Math.max(1, cell / 16);
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.72, 0, 2 * Math.PI);
    ctx.stroke();
  }
}

// bonus: water a blue drop, gas a red can, missiles a grey shell on a crate.
function bonus(ctx, cx, cy, cell, letter) {
  const s = cell * 0.42;
  ctx.save();
  ctx.lineWidth = Math.max(1, cell / 16);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
  if (letter === 'W') {
    ctx.fillStyle = '#2f8fe8';
    ctx.beginPath();
    ctx.moveTo(cx, cy - s);
    ctx.bezierCurveTo(cx + s * 0.2, cy - s * 0.5, cx + s * 0.8, cy, cx + s * 0.75, cy + s * 0.35);
    ctx.arc(cx, cy + s * 0.3, s * 0.75, 0.1, Math.PI - 0.1);
    ctx.bezierCurveTo(cx - s * 0.8, cy, cx - s * 0.2, cy - s * 0.5, cx, cy - s);
    ctx.fill();
    ctx.stroke();
  } else if (letter === 'G') {
    // A jerrycan: body, handle hole, spout.
    ctx.fillStyle = '#e8541c';
    ctx.beginPath();
    ctx.moveTo(cx - s * 0.7, cy - s * 0.5);
    ctx.lineTo(cx - s * 0.3, cy - s * 0.9);
    ctx.lineTo(cx + s * 0.7, cy - s * 0.9);
    ctx.lineTo(cx + s * 0.7, cy + s * 0.9);
    ctx.lineTo(cx - s * 0.7, cy + s * 0.9);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = '#3a2a10';
    ctx.fillRect(cx + s * 0.05, cy - s * 0.7, s * 0.45, s * 0.22);
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)';
    ctx.beginPath();
    ctx.moveTo(cx - s * 0.45, cy - s * 0.1);
    ctx.lineTo(cx + s * 0.45, cy + s * 0.65);
    ctx.stroke();
  } else {
    ctx.fillStyle = '#7a6a3a';
    ctx.fillRect(cx - s * 0.85, cy - s * 0.85, s * 1.7, s * 1.7);
    ctx.strokeRect(cx - s * 0.85, cy - s * 0.85, s * 1.7, s * 1.7);
    ctx.fillStyle = '#d9d9d9';
    ctx.beginPath();
    ctx.moveTo(cx - s * 0.6, cy - s * 0.25);
    ctx.lineTo(cx + s * 0.25, cy - s * 0.25);
    ctx.lineTo(cx + s * 0.7, cy);
    ctx.lineTo(cx + s * 0.25, cy + s * 0.25);
    ctx.lineTo(cx - s * 0.6, cy + s * 0.25);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

// missile: a small rocket in the shooter's colour with a flame behind it.
function missile(ctx, cx, cy, cell, color, alpha) {
  const s = cell * 0.42;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = '#ffb300';
  ctx.beginPath();
  ctx.moveTo(cx - s * 0.55, cy - s * 0.18);
  ctx.lineTo(cx - s * 1.15, cy);
  ctx.lineTo(cx - s * 0.55, cy + s * 0.18);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.strokeStyle = '#111';
  ctx.lineWidth = Math.max(1, cell / 18);
  ctx.beginPath();
  ctx.moveTo(cx - s * 0.6, cy - s * 0.22);
  ctx.lineTo(cx + s * 0.4, cy - s * 0.22);
  ctx.lineTo(cx + s * 0.85, cy);
  ctx.lineTo(cx + s * 0.4, cy + s * 0.22);
  ctx.lineTo(cx - s * 0.6, cy + s * 0.22);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

// car: seen from above, nose to the right, in its player's colour, with
// its gas gauge below (red when low: the car then blinks while playing);
// one without missiles is circled.
function car(ctx, cx, cy, cell, color, { alpha, gas, low, unarmed }) {
  const w = cell * 0.86;
  const h = cell * 0.56;
  ctx.save();
  ctx.globalAlpha = alpha;
  if (unarmed) {
    ctx.strokeStyle = 'rgba(30, 30, 30, 0.85)';
    ctx.setLineDash([Math.max(2, cell / 8), Math.max(2, cell / 10)]);
    ctx.lineWidth = Math.max(1, cell / 14);
    ctx.beginPath();
    ctx.arc(cx, cy, cell * 0.62, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // Wheels.
  ctx.fillStyle = '#111';
  const ww = w * 0.22;
  const wh = h * 0.22;
  for (const dx of [-0.28, 0.26]) {
    for (const dy of [-1, 1]) ctx.fillRect(cx + dx * w - ww / 2, cy + dy * (h / 2) - wh / 2, ww, wh);
  }
  ctx.fillStyle = color;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
  ctx.lineWidth = Math.max(1, cell / 16);
  roundRect(ctx, cx - w / 2, cy - h / 2, w, h, h * 0.3);
  ctx.fill();
  ctx.stroke();
  if (cell >= 8) {
    ctx.fillStyle = 'rgba(210, 235, 255, 0.85)'; // windscreen
    ctx.fillRect(cx + w * 0.08, cy - h * 0.3, w * 0.16, h * 0.6);
  }
  if (cell >= 6) {
    const gw = w * Math.min(1, gas / 60);
    const gy = cy + cell * 0.38;
    const gh = Math.max(1, Math.round(cell / 10));
    ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.fillRect(cx - w / 2, gy, w, gh);
    ctx.fillStyle = low ? '#ff1a1a' : '#1f9d3a';
    ctx.fillRect(cx - w / 2, gy, Math.max(1, gw), gh);
  }
  ctx.restore();
}

// burst: an explosion, growing and fading over the round (a still frame
// shows it at its height).
function burst(ctx, cx, cy, cell, t) {
  const grow = 0.35 + 0.65 * Math.min(1, t * 1.4);
  const fade = t < 1 ? Math.min(1, 2.2 * (1 - t) + 0.2) : 0.9;
  ctx.save();
  ctx.globalAlpha = fade;
  const spikes = 9;
  ctx.fillStyle = '#ff8c1a';
  ctx.beginPath();
  for (let i = 0; i < 2 * spikes; i++) {
    const a = (i * Math.PI) / spikes;
    const r = cell * grow * (i % 2 ? 0.35 : 0.72);
    ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#ffe14d';
  ctx.beginPath();
  ctx.arc(cx, cy, cell * grow * 0.3, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.quadraticCurveTo(x + w, y, x + w, y + r);
  ctx.lineTo(x + w, y + h - r);
  ctx.quadraticCurveTo(x + w, y + h, x + w - r, y + h);
  ctx.lineTo(x + r, y + h);
  ctx.quadraticCurveTo(x, y + h, x, y + h - r);
  ctx.lineTo(x, y + r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.closePath();
}

// The instructions' codes (docs/replay.md): the moves as the SDK names
// them, and shooting, in words.
const INSTRUCTION = ['UP', 'DEFAULT', 'DOWN', 'SLOW_UP', 'SLOW', 'SLOW_DOWN', 'FAST_UP', 'FAST', 'FAST_DOWN'];
const SHOOT = 9;
