// Poquémon renderer: the walled board, ghost walls up (solid) or down
// (dashed), bonuses with bag values, Poquémon in their player's colour
// walking between rounds, attack beams, a fading ring where one dies and a
// countdown ring while it waits to come back. The replay is the
// spectator's view: everything is shown, hidden or not.
// State and changes follow docs/replay.md, section "Poquémon". Its words
// are the page's (viewer.toml's [viewer.poquemon]), English by default.

import { Words } from '../words.js';

const FLOOR = '#efe9da';
const FLOOR_ALT = '#e8e1cf';
const WALL = '#3d4451';
const WALL_EDGE = '#2b313b';
const GHOST = '#8a63d2';
const BONUS_NAME = { S: 'poquemon.stone', R: 'poquemon.scope_bonus', A: 'poquemon.attack_bonus', D: 'poquemon.defense_bonus' };

export default {
  title: 'Poquémon',
  init(replay, colors, words = new Words()) {
    return new Poquemon(replay, colors, words);
  },
};

class Poquemon {
  constructor(replay, colors, words) {
    this.w = words;
    const initial = replay.initial;
    this.initial = initial;
    this.rows = initial.rows;
    this.cols = initial.cols;
    this.board = initial.board;
    this.colors = colors;
    this.aspect = this.cols / this.rows;
    this.regen = replay.settings?.player_regen_time ?? 40;
    this.wallTime = replay.settings?.wall_change_time ?? 30;
    this.perPlayer = replay.settings?.nb_pokemon ?? 1;
    this.players = replay.players.length;
    this.ghostAt = new Map(initial.walls.map(([r, c], k) => [r * this.cols + c, k]));
    this.background = null;
  }

  // A state: walls [present], bonuses [kind, row, col, value, present],
  // poquemon [player, alive, row, col, attack, defense, scope, stones,
  // points, deadSince], round (rounds played).
  initialState() {
    return {
      round: 0,
      walls: this.initial.walls.map((w) => w[2]),
      bonuses: this.initial.bonuses,
      poquemon: this.initial.poquemon.map((q) => [...q.slice(0, 9), q[1] ? null : 0]),
    };
  }

  // apply returns the state after a round without touching the old one, so
  // the shell can keep snapshots; unchanged parts are shared.
  apply(state, round) {
    const ch = round.changes ?? {};
    const next = { ...state, round: state.round + 1 };
    if (ch.walls?.length) {
      next.walls = state.walls.slice();
      for (const [k, present] of ch.walls) next.walls[k] = present;
    }
    if (ch.bonuses?.length) {
      next.bonuses = state.bonuses.slice();
      for (const [k, present, row, col, value] of ch.bonuses) {
        const old = state.bonuses[k];
        next.bonuses[k] = present ? [old[0], row, col, value, 1] : [old[0], old[1], old[2], 0, 0];
      }
    }
    if (ch.moved?.length || ch.poquemon?.length) {
      next.poquemon = state.poquemon.slice();
      for (const [id, row, col] of ch.moved ?? []) {
        const q = next.poquemon[id].slice();
        q[2] = row;
        q[3] = col;
        next.poquemon[id] = q;
      }
      for (const [id, alive, row, col, attack, defense, scope, stones, points] of ch.poquemon ?? []) {
        const old = state.poquemon[id];
        const deadSince = alive ? null : old[1] ? state.round : old[9];
        next.poquemon[id] = [old[0], alive, row, col, attack, defense, scope, stones, points, deadSince];
      }
    }
    return next;
  }

  // stats gives each player's Poquémon attack, defense and scope for the
  // scoreboard (several Poquémon: their values joined by a slash).
  stats(state) {
    return Array.from({ length: this.players }, (_, p) => {
      const own = state.poquemon.filter((q) => q[0] === p);
      const join = (i) => own.map((q) => q[i]).join('/');
      const w = this.w;
      return [
        { label: w.t('poquemon.atk'), value: join(4), title: w.t('poquemon.atk_title') },
        { label: w.t('poquemon.def'), value: join(5), title: w.t('poquemon.def_title') },
        { label: w.t('poquemon.scp'), value: join(6), title: w.t('poquemon.scp_title') },
      ];
    });
  }

  layout(width, height) {
    const cell = Math.max(2, Math.floor(Math.min(width / this.cols, height / this.rows)));
    const x0 = Math.floor((width - cell * this.cols) / 2);
    return { cell, x0, y0: 0 };
  }

  // drawRound draws the move from prev to state at time t in [0, 1]
  // (t = 1, or no prev: just state). round is the record between them.
  drawRound(ctx, { state, prev, round, t, width, height }) {
    const L = this.layout(width, height);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(this.backgroundImage(L.cell), L.x0, L.y0);
    const moving = prev && t < 1;
    // Walls and bonuses change at the end of a round: halfway through.
    const board = moving && t < 0.5 ? prev : state;
    this.drawGhosts(ctx, L, board);
    this.drawBonuses(ctx, L, board);
    this.drawPoquemon(ctx, L, state, moving ? prev : null, moving ? t : 1, round);
    if (moving && round?.changes?.battle) this.drawBattle(ctx, L, state, round.changes.battle, t);
  }

  backgroundImage(cell) {
    if (this.background?.cell === cell) return this.background.canvas;
    const canvas = document.createElement('canvas');
    canvas.width = this.cols * cell;
    canvas.height = this.rows * cell;
    const ctx = canvas.getContext('2d');
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const x = c * cell;
        const y = r * cell;
        if (this.board[r][c] === 'X') {
          ctx.fillStyle = WALL;
          ctx.fillRect(x, y, cell, cell);
          if (cell >= 8) {
            ctx.fillStyle = WALL_EDGE;
            ctx.fillRect(x, y + cell - Math.max(1, cell >> 3), cell, Math.max(1, cell >> 3));
          }
        } else {
          ctx.fillStyle = (r + c) % 2 ? FLOOR : FLOOR_ALT;
          ctx.fillRect(x, y, cell, cell);
        }
      }
    }
    this.background = { cell, canvas };
    return canvas;
  }

  // drawGhosts shows a ghost wall that is up as a violet block, one that is
  // down as a dashed violet outline.
  drawGhosts(ctx, { cell, x0, y0 }, state) {
    ctx.save();
    this.initial.walls.forEach(([r, c], k) => {
      const x = x0 + c * cell;
      const y = y0 + r * cell;
      if (state.walls[k]) {
        ctx.fillStyle = GHOST;
        ctx.fillRect(x, y, cell, cell);
        ctx.fillStyle = 'rgba(255, 255, 255, 0.25)';
        const s = Math.max(1, Math.round(cell / 6));
        for (let i = 0; i < cell; i += 2 * s) ctx.fillRect(x, y + i, cell, s);
      } else {
        ctx.strokeStyle = GHOST;
        ctx.lineWidth = Math.max(1, cell / 12);
        ctx.setLineDash([Math.max(2, cell / 6), Math.max(2, cell / 8)]);
        const m = ctx.lineWidth;
        ctx.strokeRect(x + m, y + m, cell - 2 * m, cell - 2 * m);
      }
    });
    ctx.restore();
  }

  drawBonuses(ctx, { cell, x0, y0 }, state) {
    ctx.save();
    for (const [kind, r, c, value, present] of state.bonuses) {
      if (!present) continue;
      const cx = x0 + (c + 0.5) * cell;
      const cy = y0 + (r + 0.5) * cell;
      drawBonus(ctx, kind, cx, cy, cell, value);
    }
    ctx.restore();
  }

  // drawPoquemon interpolates walking Poquémon; one that reappears is not a
  // walk: it fades in inside a widening ring. A dead one is a countdown
  // ring where it fell.
  drawPoquemon(ctx, L, state, prev, t, round) {
    const { cell, x0, y0 } = L;
    const reborn = new Set(prev ? (round?.changes?.reborn ?? []) : []);
    const died = new Set(prev ? (round?.changes?.died ?? []) : []);
    const e = ease(t);
    ctx.save();
    state.poquemon.forEach((q, id) => {
      const p = prev?.poquemon[id];
      const color = this.colors[q[0]] ?? '#000';
      if (!q[1]) {
        if (died.has(id) && p?.[1] && t < 1) {
          // Killed this round: fades where it stood.
          this.ring(ctx, L, p[2], p[3], '#ffffff', t);
          if (t < 0.6) this.token(ctx, L, p[2], p[3], color, 1 - t / 0.6, id);
          return;
        }
        const since = q[9] ?? state.round;
        const left = Math.max(0, Math.min(1, 1 - (state.round - since) / this.regen));
        this.countdown(ctx, L, q[2], q[3], color, left);
        return;
      }
      if (reborn.has(id) && t < 1) {
        this.ring(ctx, L, q[2], q[3], color, t);
        this.token(ctx, L, q[2], q[3], color, t, id);
        return;
      }
      let r = q[2];
      let c = q[3];
      if (p && p[1] && t < 1) {
        r = p[2] + (q[2] - p[2]) * e;
        c = p[3] + (q[3] - p[3]) * e;
      }
      this.token(ctx, L, r, c, color, 1, id);
    });
    ctx.restore();
  }

  // token draws one Poquémon: a round body in its colour with two eyes.
  token(ctx, { cell, x0, y0 }, row, col, color, scale, id) {
    const cx = x0 + (col + 0.5) * cell;
    const cy = y0 + (row + 0.5) * cell;
    const rad = Math.max(1.5, cell * 0.4 * scale);
    ctx.globalAlpha = Math.min(1, 0.3 + scale);
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(cx, cy, rad, 0, 2 * Math.PI);
    ctx.fill();
    if (cell >= 10) {
      ctx.lineWidth = Math.max(1, cell / 14);
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
      ctx.stroke();
      ctx.fillStyle = '#fff';
      const eye = rad * 0.26;
      for (const dx of [-0.35, 0.35]) {
        ctx.beginPath();
        ctx.arc(cx + dx * rad, cy - 0.15 * rad, eye, 0, 2 * Math.PI);
        ctx.fill();
      }
      ctx.fillStyle = '#111';
      for (const dx of [-0.35, 0.35]) {
        ctx.beginPath();
        ctx.arc(cx + dx * rad, cy - 0.12 * rad, eye * 0.5, 0, 2 * Math.PI);
        ctx.fill();
      }
      if (this.perPlayer > 1 && cell >= 16) {
        ctx.fillStyle = '#fff';
        ctx.font = `bold ${Math.round(cell * 0.3)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(id % this.perPlayer), cx, cy + 0.45 * rad);
      }
    }
    ctx.globalAlpha = 1;
  }

  // ring marks a death or a rebirth: a circle that widens and fades.
  ring(ctx, { cell, x0, y0 }, row, col, color, t) {
    ctx.globalAlpha = 1 - t;
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(1, cell / 8);
    ctx.beginPath();
    ctx.arc(x0 + (col + 0.5) * cell, y0 + (row + 0.5) * cell, cell * (0.35 + 0.9 * t), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // countdown marks a dead Poquémon waiting to come back: a thin circle in
  // its colour, the arc still to wait drawn bold.
  countdown(ctx, { cell, x0, y0 }, row, col, color, left) {
    const cx = x0 + (col + 0.5) * cell;
    const cy = y0 + (row + 0.5) * cell;
    const rad = cell * 0.36;
    ctx.strokeStyle = color;
    ctx.globalAlpha = 0.45;
    ctx.lineWidth = Math.max(1, cell / 16);
    ctx.beginPath();
    ctx.arc(cx, cy, rad, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.globalAlpha = 0.9;
    ctx.lineWidth = Math.max(1.5, cell / 7);
    ctx.beginPath();
    ctx.arc(cx, cy, rad, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * left);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // drawBattle draws the round's successful attack as a beam from the
  // attacker (which did not move) to where its target was hit, with a
  // burst there, red when it died.
  drawBattle(ctx, { cell, x0, y0 }, state, [attacker, target, killed], t) {
    const a = state.poquemon[attacker];
    const b = state.poquemon[target];
    if (!a || !b) return;
    const ax = x0 + (a[3] + 0.5) * cell;
    const ay = y0 + (a[2] + 0.5) * cell;
    const bx = x0 + (b[3] + 0.5) * cell;
    const by = y0 + (b[2] + 0.5) * cell;
    const grow = Math.min(1, t / 0.45); // the beam reaches its target...
    const fade = t < 0.7 ? 1 : (1 - t) / 0.3; // ...and fades out
    const ex = ax + (bx - ax) * grow;
    const ey = ay + (by - ay) * grow;
    ctx.save();
    ctx.lineCap = 'round';
    ctx.globalAlpha = 0.35 * fade;
    ctx.strokeStyle = this.colors[a[0]] ?? '#000';
    ctx.lineWidth = Math.max(3, cell * 0.45);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    ctx.globalAlpha = fade;
    ctx.strokeStyle = '#fff8c4';
    ctx.lineWidth = Math.max(1.5, cell * 0.12);
    ctx.stroke();
    if (grow >= 1) {
      const s = cell * (killed ? 0.55 : 0.35) * (0.6 + 0.4 * Math.sin(t * Math.PI));
      ctx.strokeStyle = killed ? '#ff3b30' : '#ffcc00';
      ctx.lineWidth = Math.max(1.5, cell / 8);
      ctx.beginPath();
      for (let i = 0; i < 8; i++) {
        const ang = (i * Math.PI) / 4;
        ctx.moveTo(bx + Math.cos(ang) * s * 0.4, by + Math.sin(ang) * s * 0.4);
        ctx.lineTo(bx + Math.cos(ang) * s, by + Math.sin(ang) * s);
      }
      ctx.stroke();
    }
    ctx.restore();
  }

  // The debugging panel's hooks (docs/viewer.md): the Poquémon under a
  // pixel, and what a Poquémon's actions in a round did.
  unitName(id) {
    return this.w.t('poquemon.unit', { ID: id });
  }

  unitsAt(state, x, y, width, height) {
    const { cell, x0, y0 } = this.layout(width, height);
    const r = Math.floor((y - y0) / cell);
    const c = Math.floor((x - x0) / cell);
    const out = [];
    state.poquemon.forEach((q, id) => {
      if (q[1] && q[2] === r && q[3] === c) out.push({ id, label: this.unitName(id) });
    });
    return out;
  }

  commandsOf(round, id) {
    return (round.commands ?? [])
      .filter((a) => a[0] === id)
      .map((a) => {
        const words = a[1] === 'a' ? ATTACK : MOVE;
        return words[a[2]] ? this.w.t(words[a[2]]) : this.w.t(a[1] === 'a' ? 'poquemon.attack' : 'poquemon.move', { Dir: a[2] });
      });
  }

  // describe says what is under device pixel (x, y), for the status line.
  describe(state, x, y, width, height, names) {
    const { cell, x0, y0 } = this.layout(width, height);
    const r = Math.floor((y - y0) / cell);
    const c = Math.floor((x - x0) / cell);
    if (r < 0 || c < 0 || r >= this.rows || c >= this.cols) return '';
    const w = this.w;
    const parts = [`[${r}, ${c}]`];
    const k = this.ghostAt.get(r * this.cols + c);
    if (k !== undefined) {
      const left = ghostTime(this.initial.walls[k][3], this.wallTime, state.round);
      parts.push(w.n(state.walls[k] ? 'poquemon.ghost_up' : 'poquemon.ghost_down', left));
    } else {
      parts.push(w.t(this.board[r][c] === 'X' ? 'poquemon.wall' : 'poquemon.floor'));
    }
    const b = state.bonuses.find((x) => x[4] && x[1] === r && x[2] === c);
    if (b) parts.push(b[0] === 'P' ? w.t('poquemon.point_bag', { Value: b[3] }) : BONUS_NAME[b[0]] ? w.t(BONUS_NAME[b[0]]) : b[0]);
    state.poquemon.forEach((q, id) => {
      if (q[2] !== r || q[3] !== c) return;
      const who = w.t('poquemon.of', { ID: id, Name: names[q[0]] ?? w.t('poquemon.player', { Seat: q[0] }) });
      if (q[1]) {
        parts.push(w.t('poquemon.alive', {
          Who: who, Attack: q[4], Defense: q[5], Scope: q[6],
          Stones: w.n('poquemon.stones', q[7]), Points: w.n('poquemon.points', q[8]),
        }));
      } else {
        parts.push(w.n('poquemon.fell', Math.max(0, this.regen - (state.round - (q[9] ?? state.round))), { Who: who }));
      }
    });
    return parts.join(' · ');
  }
}

// A Poquémon's actions (docs/replay.md), in words.
const MOVE = { N: 'poquemon.move_north', S: 'poquemon.move_south', E: 'poquemon.move_east', W: 'poquemon.move_west' };
const ATTACK = { N: 'poquemon.attack_north', S: 'poquemon.attack_south', E: 'poquemon.attack_east', W: 'poquemon.attack_west' };

// ghostTime is a ghost wall's rounds to its next change after k rounds,
// from its initial time t0 and period w (docs/replay.md).
function ghostTime(t0, w, k) {
  return k < t0 ? t0 - k : w - ((k - t0) % w);
}

// drawBonus draws a bonus centred on (cx, cy) in a cell of size cell.
function drawBonus(ctx, kind, cx, cy, cell, value) {
  const s = cell * 0.36;
  ctx.lineWidth = Math.max(1, cell / 18);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.45)';
  switch (kind) {
    case 'P': {
      // A gold bag with its value.
      ctx.fillStyle = '#f2b705';
      ctx.beginPath();
      ctx.moveTo(cx - s * 0.35, cy - s * 0.75);
      ctx.lineTo(cx + s * 0.35, cy - s * 0.75);
      ctx.lineTo(cx + s * 0.2, cy - s * 0.45);
      ctx.quadraticCurveTo(cx + s * 1.05, cy - s * 0.1, cx + s * 0.85, cy + s * 0.7);
      ctx.quadraticCurveTo(cx, cy + s * 1.05, cx - s * 0.85, cy + s * 0.7);
      ctx.quadraticCurveTo(cx - s * 1.05, cy - s * 0.1, cx - s * 0.2, cy - s * 0.45);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      if (cell >= 12) {
        ctx.fillStyle = '#4a3300';
        const big = cell >= 22;
        ctx.font = `bold ${Math.round(cell * (big ? 0.3 : 0.42))}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(big ? String(value) : String(value / 100), cx, cy + s * 0.25);
      }
      break;
    }
    case 'S': {
      // A cut gem.
      ctx.fillStyle = '#19b5c9';
      ctx.beginPath();
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s * 0.8, cy - s * 0.2);
      ctx.lineTo(cx, cy + s);
      ctx.lineTo(cx - s * 0.8, cy - s * 0.2);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
      ctx.beginPath();
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s * 0.3, cy - s * 0.2);
      ctx.lineTo(cx - s * 0.3, cy - s * 0.2);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'R': {
      // A scope: a ring with a cross.
      ctx.strokeStyle = '#7a3cc2';
      ctx.lineWidth = Math.max(1.5, cell / 10);
      ctx.beginPath();
      ctx.arc(cx, cy, s * 0.7, 0, 2 * Math.PI);
      ctx.moveTo(cx - s, cy);
      ctx.lineTo(cx + s, cy);
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx, cy + s);
      ctx.stroke();
      break;
    }
    case 'A': {
      // A red spike: attack.
      ctx.fillStyle = '#e0452b';
      ctx.beginPath();
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s * 0.55, cy + s * 0.8);
      ctx.lineTo(cx, cy + s * 0.45);
      ctx.lineTo(cx - s * 0.55, cy + s * 0.8);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      break;
    }
    case 'D': {
      // A blue shield: defense.
      ctx.fillStyle = '#2f6fd6';
      ctx.beginPath();
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s * 0.8, cy - s * 0.65);
      ctx.quadraticCurveTo(cx + s * 0.75, cy + s * 0.45, cx, cy + s);
      ctx.quadraticCurveTo(cx - s * 0.75, cy + s * 0.45, cx - s * 0.8, cy - s * 0.65);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      break;
    }
  }
}

function ease(t) {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}
