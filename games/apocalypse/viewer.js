// Apocalypse Now renderer (2018 and Redux): the land, posts in their
// owner's colour (large for high value), fire that flickers, soldiers as
// discs ringed by their life, helicopters as their 5×5 square with a nose
// for the heading, spinning blades, the napalm counter and the parachuters
// on board. Units move by id between rounds. State and changes follow
// docs/replay.md, section "Apocalypse Now". Its words are the page's
// (viewer.toml's [viewer.apocalypse]), English by default.

import { Words } from '../words.js';

const LAND = {
  ':': '#2f7d32', // forest
  '.': '#a5d66f', // grass
  O: '#4fb3e8', // water
  X: '#8a8176', // mountain
};
const LAND_NAME = { ':': 'apocalypse.land.forest', '.': 'apocalypse.land.grass', O: 'apocalypse.land.water', X: 'apocalypse.land.mountain' };
const HEADING = ['apocalypse.heading.south', 'apocalypse.heading.east', 'apocalypse.heading.north', 'apocalypse.heading.west'];
// Soldiers' steps, as sdk.SoldierDirs: the direction digit of a command.
const STEPS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1], [0, 0]];
// One cell ahead for each heading: south, east, north, west.
const AHEAD = [[1, 0], [0, 1], [-1, 0], [0, -1]];

export default {
  title: 'Apocalypse Now',
  init(replay, colors, words = new Words()) {
    return new Apocalypse(replay, colors, words);
  },
};

class Apocalypse {
  constructor(replay, colors, words) {
    this.w = words;
    this.title = replay.game === 'apocalypse-redux' ? 'Apocalypse Now Redux' : 'Apocalypse Now 2018';
    const init = replay.initial;
    const s = replay.settings ?? {};
    this.initial = init;
    this.n = init.max;
    this.colors = colors;
    this.aspect = 1;
    this.firstTeam = init.first_team ?? 0;
    // Redux's scores are each round's points, and the last round's decide.
    if (init.round_points) this.scoreCaption = words.t('apocalypse.score_caption');
    this.life = s.LIFE ?? 100;
    this.forestBurns = s.FOREST_BURNS ?? 10;
    this.otherBurns = s.OTHER_BURNS ?? 5;
    this.roundsNapalm = s.ROUNDS_NAPALM ?? 30;
    this.high = s.HIGH_VALUE ?? 100;
    this.terrain = null;
    this.postAt = new Map(init.posts.map((p, k) => [p[0] * this.n + p[1], k]));
    this.heliIds = new Set(init.helicopters.map((h) => h[0])); // helicopters never die
  }

  // The state: land letters and fire per cell, post owners, soldiers and
  // helicopters by id; version counts land changes (for the cached image).
  initialState() {
    const n = this.n;
    const land = new Uint8Array(n * n);
    const fire = new Int16Array(n * n);
    this.initial.board.forEach((row, i) => {
      for (let j = 0; j < n; j++) land[i * n + j] = row.charCodeAt(j);
    });
    for (const [i, j, r] of this.initial.fire) fire[i * n + j] = r;
    return {
      land,
      fire,
      version: 0,
      owners: this.initial.posts.map((p) => p[3]),
      soldiers: new Map(this.initial.soldiers.map(([id, p, i, j, life]) => [id, [p, i, j, life]])),
      helis: new Map(this.initial.helicopters.map(([id, p, i, j, ori, napalm, paras]) => [id, [p, i, j, ori, napalm, paras]])),
      napalm: [],
    };
  }

  // apply returns the state after a round without touching the old one.
  // What the replay leaves out follows from the rules and the commands,
  // which say what they did: helicopters turn and fly as their commands
  // say, napalm burns the square below the helicopter, fires and napalm
  // counters count down, a forest whose fire goes out is grass, and a
  // soldier whose command has a positive code took that step.
  apply(state, round) {
    const ch = round.changes ?? {};
    const cmd = round.commands ?? {};
    const n = this.n;
    const F = ':'.charCodeAt(0);
    const G = '.'.charCodeAt(0);
    const X = 'X'.charCodeAt(0);

    const helis = new Map();
    for (const [id, h] of state.helis) helis.set(id, h.slice());
    const napalm = new Set();
    for (const [id, instr, effect] of cmd.helicopters ?? []) {
      const h = helis.get(id);
      if (!h) continue;
      if (instr === 3) h[3] = (h[3] + 1) % 4;
      else if (instr === 4) h[3] = (h[3] + 3) % 4;
      else if (instr === 5) {
        if (effect === 1) napalm.add(id);
      } else {
        const [di, dj] = AHEAD[h[3]];
        h[1] += effect * di;
        h[2] += effect * dj;
      }
    }
    for (const [id, h] of helis) h[4] = napalm.has(id) ? this.roundsNapalm : Math.max(0, h[4] - 1);
    for (const [id, paras] of ch.parachuters ?? []) {
      const h = helis.get(id);
      if (h) h[5] = paras;
    }

    const land = state.land.slice();
    const fire = state.fire.slice();
    let version = state.version;
    const burnt = new Set();
    for (const id of napalm) {
      const h = helis.get(id);
      for (let i = h[1] - 2; i <= h[1] + 2; i++) {
        for (let j = h[2] - 2; j <= h[2] + 2; j++) {
          const c = i * n + j;
          if (i < 0 || j < 0 || i >= n || j >= n || land[c] === X) continue;
          fire[c] = land[c] === F ? this.forestBurns : this.otherBurns;
          burnt.add(c);
        }
      }
    }
    for (let c = 0; c < fire.length; c++) {
      if (fire[c] > 0 && !burnt.has(c)) {
        fire[c]--;
        if (fire[c] === 0 && land[c] === F) {
          land[c] = G;
          version++;
        }
      }
    }
    for (const [i, j] of ch.fire ?? []) fire[i * n + j] = this.forestBurns;

    const owners = ch.posts?.length ? state.owners.slice() : state.owners;
    for (const [k, owner] of ch.posts ?? []) owners[k] = owner;

    const soldiers = new Map(state.soldiers);
    for (const code of cmd.soldiers ?? []) {
      if (code <= 0) continue;
      const id = Math.floor(code / 10);
      const u = soldiers.get(id);
      const d = STEPS[code % 10];
      if (u) soldiers.set(id, [u[0], u[1] + d[0], u[2] + d[1], u[3]]);
    }
    for (const [id, p, i, j, life] of ch.soldiers ?? []) soldiers.set(id, [p, i, j, life]);
    for (const id of ch.died ?? []) soldiers.delete(id);
    return { land, fire, version, owners, soldiers, helis, napalm: [...napalm] };
  }

  // stats: each player's number in the statement (Redux counts teams from
  // 1), soldiers, parachuters and posts, for the scoreboard.
  stats(state) {
    const rows = this.colors.map(() => ({ soldiers: 0, parachuters: 0, posts: 0 }));
    for (const [p] of state.soldiers.values()) if (rows[p]) rows[p].soldiers++;
    for (const [p, , , , , paras] of state.helis.values()) if (rows[p]) rows[p].parachuters += paras;
    for (const o of state.owners) if (rows[o]) rows[o].posts++;
    const w = this.w;
    const who = w.t(this.firstTeam ? 'apocalypse.team_label' : 'apocalypse.player_label');
    return rows.map((r, p) => [
      { label: who, value: p + this.firstTeam },
      { label: w.t('apocalypse.sol'), value: r.soldiers, title: w.t('apocalypse.sol_title') },
      { label: w.t('apocalypse.par'), value: r.parachuters, title: w.t('apocalypse.par_title') },
      { label: w.t('apocalypse.post'), value: r.posts, title: w.t('apocalypse.post_title') },
    ]);
  }

  // layout fits whole square cells into the canvas, centred across.
  layout(width, height) {
    const cell = Math.max(1, Math.floor(Math.min(width, height) / this.n));
    return { cell, x0: Math.floor((width - cell * this.n) / 2), y0: 0 };
  }

  drawRound(ctx, { state, prev, round, t, width, height }) {
    const L = this.layout(width, height);
    const moving = prev && t < 1;
    ctx.clearRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = false;
    // The land and fire change at the end of a round: show the old ones
    // for the first half of the move.
    const shown = moving && t < 0.5 ? prev : state;
    ctx.drawImage(this.terrainImage(shown, L.cell), L.x0, L.y0);
    const clock = ((round?.round ?? 0) + (moving ? t : 1)) * 3;
    this.drawFire(ctx, L, shown, clock);
    if (moving && state.napalm.length) this.drawBlasts(ctx, L, prev, state.napalm, t);
    this.drawPosts(ctx, L, shown);
    this.drawSoldiers(ctx, L, state, moving ? prev : null, moving ? t : 1);
    this.drawHelis(ctx, L, state, moving ? prev : null, moving ? t : 1, clock);
  }

  terrainImage(state, cell) {
    const key = `${cell}/${state.version}`;
    if (this.terrain?.key === key) return this.terrain.canvas;
    const n = this.n;
    const canvas = this.terrain?.canvas ?? document.createElement('canvas');
    canvas.width = n * cell;
    canvas.height = n * cell;
    const ctx = canvas.getContext('2d');
    for (let c = 0; c < n * n; c++) {
      const ch = String.fromCharCode(state.land[c]);
      const x = (c % n) * cell;
      const y = Math.floor(c / n) * cell;
      ctx.fillStyle = LAND[ch] ?? '#ff00ff';
      ctx.fillRect(x, y, cell, cell);
      if (cell >= 6 && ch === ':') {
        // A tree: forest reads apart from grass at a glance.
        ctx.fillStyle = '#245f27';
        ctx.beginPath();
        ctx.arc(x + cell / 2, y + cell / 2, cell * 0.28, 0, 2 * Math.PI);
        ctx.fill();
      } else if (cell >= 6 && ch === 'X') {
        ctx.fillStyle = '#6d655b';
        ctx.beginPath();
        ctx.moveTo(x + cell * 0.15, y + cell * 0.85);
        ctx.lineTo(x + cell * 0.5, y + cell * 0.2);
        ctx.lineTo(x + cell * 0.85, y + cell * 0.85);
        ctx.fill();
      }
    }
    this.terrain = { key, canvas };
    return canvas;
  }

  // drawFire: burning cells glow from red to yellow with how long they
  // still burn, and flicker.
  drawFire(ctx, { cell, x0, y0 }, state, clock) {
    const n = this.n;
    for (let c = 0; c < n * n; c++) {
      const f = state.fire[c];
      if (f <= 0) continue;
      const x = x0 + (c % n) * cell;
      const y = y0 + Math.floor(c / n) * cell;
      const flicker = 0.5 + 0.5 * Math.sin(clock * 2.3 + c * 1.7);
      const heat = Math.min(1, f / this.forestBurns);
      ctx.globalAlpha = 0.55 + 0.35 * flicker;
      ctx.fillStyle = `rgb(255, ${Math.round(60 + 150 * heat * flicker)}, 0)`;
      ctx.fillRect(x, y, cell, cell);
      ctx.globalAlpha = 0.8;
      ctx.fillStyle = '#fff3b0';
      const s = cell * (0.2 + 0.25 * flicker * heat);
      ctx.fillRect(x + (cell - s) / 2, y + (cell - s) / 2 + cell * 0.1, s, s);
    }
    ctx.globalAlpha = 1;
  }

  // drawBlasts: a napalm drop flashes over the helicopter's square.
  drawBlasts(ctx, { cell, x0, y0 }, prev, ids, t) {
    for (const id of ids) {
      const h = prev.helis.get(id);
      if (!h) continue;
      const grow = 2.5 * Math.min(1, t * 2);
      ctx.globalAlpha = Math.max(0, 0.8 * (1 - t));
      ctx.fillStyle = '#ff7a00';
      ctx.fillRect(x0 + (h[2] + 0.5 - grow) * cell, y0 + (h[1] + 0.5 - grow) * cell, 2 * grow * cell, 2 * grow * cell);
    }
    ctx.globalAlpha = 1;
  }

  // drawPosts: a diamond, large for high value, in the owner's colour.
  drawPosts(ctx, { cell, x0, y0 }, state) {
    this.initial.posts.forEach(([i, j, value], k) => {
      const owner = state.owners[k];
      const r = cell * (value >= this.high ? 0.72 : 0.5);
      const x = x0 + (j + 0.5) * cell;
      const y = y0 + (i + 0.5) * cell;
      ctx.beginPath();
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      ctx.fillStyle = owner >= 0 ? this.colors[owner] : '#e0e0e0';
      ctx.fill();
      ctx.lineWidth = Math.max(1, cell / 8);
      ctx.strokeStyle = '#111';
      ctx.stroke();
    });
  }

  // drawSoldiers: discs walking between cells; a new one drops in, a dead
  // one shrinks where it fell.
  drawSoldiers(ctx, { cell, x0, y0 }, state, prev, t) {
    const e = ease(t);
    const disc = (u, i, j, scale, alpha) => {
      const x = x0 + (j + 0.5) * cell;
      const y = y0 + (i + 0.5) * cell;
      const r = Math.max(1.5, cell * 0.36 * scale);
      ctx.globalAlpha = alpha;
      ctx.fillStyle = this.colors[u[0]] ?? '#000';
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      if (cell >= 6) {
        // The life left, as a white ring.
        ctx.lineWidth = Math.max(1, cell / 7);
        ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
        ctx.stroke();
        ctx.strokeStyle = '#fff';
        ctx.beginPath();
        ctx.arc(x, y, r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * Math.max(0, Math.min(1, u[3] / this.life)));
        ctx.stroke();
      }
    };
    if (prev) {
      for (const [id, u] of prev.soldiers) {
        if (!state.soldiers.has(id)) disc(u, u[1], u[2], 1 - t, 1 - t);
      }
    }
    for (const [id, u] of state.soldiers) {
      const p = prev?.soldiers.get(id);
      if (!prev || t >= 1) disc(u, u[1], u[2], 1, 1);
      else if (!p) disc(u, u[1], u[2], 1 + 1.5 * (1 - e), Math.min(1, t * 2)); // a parachuter lands
      else disc(u, p[1] + (u[1] - p[1]) * e, p[2] + (u[2] - p[2]) * e, 1, 1);
    }
    ctx.globalAlpha = 1;
  }

  // drawHelis: each helicopter's 5×5 square, a nose to its heading,
  // spinning blades, its napalm counter (N when ready) and parachuters.
  drawHelis(ctx, { cell, x0, y0 }, state, prev, t, clock) {
    const e = ease(t);
    for (const [id, h] of state.helis) {
      const p = prev?.helis.get(id) ?? h;
      const i = p[1] + (h[1] - p[1]) * e;
      const j = p[2] + (h[2] - p[2]) * e;
      let turn = ((h[3] - p[3] + 4) % 4) * (Math.PI / 2);
      if (turn > Math.PI) turn -= 2 * Math.PI;
      const angle = headingAngle(p[3]) - turn * e;
      const x = x0 + (j + 0.5) * cell;
      const y = y0 + (i + 0.5) * cell;
      const half = 2.5 * cell;
      const color = this.colors[h[0]] ?? '#000';
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(angle);
      ctx.globalAlpha = 0.28;
      ctx.fillStyle = color;
      ctx.fillRect(-half, -half, 2 * half, 2 * half);
      ctx.globalAlpha = 1;
      ctx.lineWidth = Math.max(1.5, cell / 5);
      ctx.strokeStyle = color;
      ctx.strokeRect(-half, -half, 2 * half, 2 * half);
      // The nose points where it flies (its +y axis after the rotation).
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.moveTo(-cell * 0.9, half);
      ctx.lineTo(0, half + cell * 1.1);
      ctx.lineTo(cell * 0.9, half);
      ctx.fill();
      // Blades.
      ctx.rotate(clock * 2);
      ctx.strokeStyle = 'rgba(20, 20, 20, 0.75)';
      ctx.lineWidth = Math.max(1, cell / 4);
      ctx.beginPath();
      ctx.moveTo(-half * 0.85, 0);
      ctx.lineTo(half * 0.85, 0);
      ctx.moveTo(0, -half * 0.85);
      ctx.lineTo(0, half * 0.85);
      ctx.stroke();
      ctx.restore();
      // Upright labels: napalm counter in the middle, parachuters below.
      const ready = h[4] === 0;
      label(ctx, x, y, ready ? 'N' : String(h[4]), Math.max(8, cell * 1.1), ready ? '#ff5a00' : '#fff');
      if (h[5] > 0) label(ctx, x, y + half * 0.62, `↓${h[5]}`, Math.max(7, cell * 0.9), '#fff');
    }
  }

  // The debugging panel's hooks (docs/viewer.md): the soldiers and
  // helicopters under a pixel, and what their commands in a round did.
  unitName(id) {
    return this.w.t(this.heliIds.has(id) ? 'apocalypse.helicopter' : 'apocalypse.soldier', { ID: id });
  }

  unitsAt(state, x, y, width, height) {
    const { cell, x0, y0 } = this.layout(width, height);
    const i = Math.floor((y - y0) / cell);
    const j = Math.floor((x - x0) / cell);
    const out = [];
    for (const [id, u] of state.soldiers) if (u[1] === i && u[2] === j) out.push({ id, label: this.unitName(id) });
    for (const [id, h] of state.helis) {
      if (Math.abs(h[1] - i) <= 2 && Math.abs(h[2] - j) <= 2) out.push({ id, label: this.unitName(id) });
    }
    return out;
  }

  commandsOf(round, id) {
    const w = this.w;
    const cmd = round.commands ?? {};
    const out = [];
    for (const code of cmd.soldiers ?? []) {
      const a = Math.abs(code);
      if (Math.floor(a / 10) !== id) continue;
      const step = STEP[a % 10] ? w.t(STEP[a % 10]) : w.t('apocalypse.step_dir', { Dir: a % 10 });
      out.push(code > 0 ? step : w.t('apocalypse.not_taken', { Step: step }));
    }
    for (const [h, instr, effect] of cmd.helicopters ?? []) {
      if (h !== id) continue;
      if (instr === 5) out.push(w.t(effect ? 'apocalypse.napalm' : 'apocalypse.napalm_not_ready'));
      else if (instr === 3 || instr === 4) out.push(w.t(instr === 3 ? 'apocalypse.turn_ccw' : 'apocalypse.turn_cw'));
      else out.push(w.t('apocalypse.forward', { Instr: instr, Flew: effect }));
    }
    return out;
  }

  // describe says what is under device pixel (x, y), for the status line.
  describe(state, x, y, width, height, names) {
    const { cell, x0, y0 } = this.layout(width, height);
    const n = this.n;
    const i = Math.floor((y - y0) / cell);
    const j = Math.floor((x - x0) / cell);
    if (i < 0 || j < 0 || i >= n || j >= n) return '';
    const c = i * n + j;
    const w = this.w;
    const team = (p) => w.t(this.firstTeam ? 'apocalypse.team' : 'apocalypse.player', { Name: names[p] ?? p, Number: p + this.firstTeam });
    const land = LAND_NAME[String.fromCharCode(state.land[c])];
    const parts = [`[${i}, ${j}] ${land ? w.t(land) : '?'}`];
    if (state.fire[c] > 0) parts.push(w.n('apocalypse.burning', state.fire[c]));
    const k = this.postAt.get(c);
    if (k !== undefined) {
      const owner = state.owners[k];
      const value = this.initial.posts[k][2];
      parts.push(owner >= 0 ? w.t('apocalypse.post_held', { Value: value, Team: team(owner) }) : w.t('apocalypse.post_free', { Value: value }));
    }
    for (const [id, u] of state.soldiers) {
      if (u[1] === i && u[2] === j) parts.push(w.t('apocalypse.soldier_of', { ID: id, Team: team(u[0]), Life: u[3] }));
    }
    for (const [id, h] of state.helis) {
      if (Math.abs(h[1] - i) <= 2 && Math.abs(h[2] - j) <= 2) {
        parts.push(w.t('apocalypse.helicopter_of', {
          ID: id,
          Team: team(h[0]),
          Heading: HEADING[h[3]] ? w.t(HEADING[h[3]]) : h[3],
          Napalm: h[4] ? w.t('apocalypse.napalm_in', { Rounds: h[4] }) : w.t('apocalypse.napalm_ready'),
          Parachuters: w.n('apocalypse.parachuters', h[5]),
        }));
      }
    }
    return parts.join(' · ');
  }
}

// headingAngle turns the square so its +y axis (the nose) points along
// orientation o: 0 south, 1 east, 2 north, 3 west.
function headingAngle(o) {
  return [0, -Math.PI / 2, Math.PI, Math.PI / 2][o] ?? 0;
}

function label(ctx, x, y, text, size, color) {
  ctx.font = `700 ${Math.round(size)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2, size / 4);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

function ease(t) {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}

// A soldier's steps by direction digit (docs/replay.md), in words.
const STEP = [
  'apocalypse.step.south',
  'apocalypse.step.south_east',
  'apocalypse.step.east',
  'apocalypse.step.north_east',
  'apocalypse.step.north',
  'apocalypse.step.north_west',
  'apocalypse.step.west',
  'apocalypse.step.south_west',
  'apocalypse.step.still',
];
