// The debugging panel (issue 37): beside the board, what happened in the
// round on display for the student's own bots, and markers on the time line
// where something did.
//
// The counter's round k is the board the bots see in round k (their
// round() is k), so the panel at k shows round k: what the bots printed
// while they played it (the setup's too at 0), the commands the engine
// ignored in it (replay rounds[k].ignored: [player, unit, why], every
// seat's, they are public), the freezes that happened in it, and, for a
// unit clicked on the board, the commands it was given in it.
//
// Logs are the seats' own: logs = [{seat, rounds: [[round, text], ...]}],
// from the replay (arena play writes them into its local replays) or from
// the page's log URL (the server answers with the logged-in owner's seats
// only). mine are the seats whose markers the time line shows. w: the
// page's words (words.js); the engines' reasons are said in them too.

import { freezeWords } from './scoreboard.js';
import { Words } from './words.js';

export class DebugData {
  constructor(replay, logs, mine, w = new Words()) {
    this.replay = replay;
    this.w = w;
    this.n = replay.rounds.length;
    this.mine = new Set(mine);
    // seat → Map(round → text)
    this.logs = new Map();
    for (const l of logs ?? []) {
      const byRound = new Map();
      for (const [r, text] of l.rounds ?? []) byRound.set(r, (byRound.get(r) ?? '') + text);
      this.logs.set(l.seat, byRound);
      this.mine.add(l.seat);
    }
    this.markers = this.findMarkers();
  }

  // any: whether the panel has anything to show in this replay.
  get any() {
    return this.mine.size > 0 || this.replay.rounds.some((r) => r.ignored?.length);
  }

  // findMarkers lists the rounds on display (0..n) where one of mine had
  // commands ignored, printed something or froze: [{k, kinds, title}],
  // sorted by k.
  findMarkers() {
    const at = new Map();
    const add = (k, kind, what) => {
      k = Math.max(0, Math.min(this.n, k));
      if (!at.has(k)) at.set(k, { k, kinds: new Set(), notes: [] });
      const m = at.get(k);
      m.kinds.add(kind);
      if (what) m.notes.push(what);
    };
    const w = this.w;
    const name = (p) => this.replay.players[p] ?? w.t('player', { Seat: p });
    this.replay.rounds.forEach((r, k) => {
      const n = (r.ignored ?? []).filter((ig) => this.mine.has(ig[0])).length;
      if (n) add(k, 'ignored', w.n('commands_ignored', n));
    });
    for (const [seat, byRound] of this.logs) {
      for (const r of byRound.keys()) add(r < 0 ? 0 : r, 'log', w.t('printed', { Name: name(seat) }));
    }
    for (const f of this.replay.end?.frozen ?? []) {
      if (this.mine.has(f.player)) add(f.round < 0 ? 0 : f.round, 'frozen', `${name(f.player)} ${freezeWords(f, w)}`);
    }
    return [...at.values()]
      .sort((a, b) => a.k - b.k)
      .map((m) => ({ k: m.k, kinds: [...m.kinds], title: w.t('marker_title', { Round: m.k, Notes: m.notes.join('; ') }) }));
  }

  next(k) {
    return this.markers.find((m) => m.k > k)?.k ?? null;
  }

  prev(k) {
    return this.markers.findLast((m) => m.k < k)?.k ?? null;
  }
}

export class DebugPanel {
  // root: the panel's element; strip: the markers' element over the slider;
  // renderer: the game's (unitName, unitsAt and commandsOf are optional).
  constructor({ root, strip, data, replay, colors, renderer, seek, words = new Words() }) {
    this.root = root;
    this.w = words;
    this.data = data;
    this.replay = replay;
    this.colors = colors;
    this.renderer = renderer;
    this.unit = null; // the unit clicked on the board: {id, label}
    this.k = -1;
    root.hidden = !data.any;
    this.body = root.querySelector('.debug-body');
    this.title = root.querySelector('.debug-title');
    this.drawMarkers(strip, seek);
  }

  drawMarkers(strip, seek) {
    const n = Math.max(1, this.data.n);
    strip.replaceChildren(
      ...this.data.markers.map((m) => {
        const b = document.createElement('span');
        // The worst thing that happened gives the colour.
        b.className = `marker ${m.kinds.includes('frozen') ? 'frozen' : m.kinds.includes('ignored') ? 'ignored' : 'log'}`;
        b.style.setProperty('--at', String(m.k / n));
        b.dataset.round = m.k;
        b.title = m.title;
        return b;
      }),
    );
    strip.hidden = this.data.markers.length === 0;
    strip.addEventListener('click', (e) => {
      const r = e.target.dataset?.round;
      if (r !== undefined) seek(Number(r));
    });
  }

  select(unit) {
    this.unit = unit;
    this.show(this.k, true);
  }

  // show fills the panel for the round on display k.
  show(k, force = false) {
    if (this.root.hidden || (k === this.k && !force)) return;
    this.k = k;
    const d = this.data;
    const w = this.w;
    const name = (p) => this.replay.players[p] ?? w.t('player', { Seat: p });
    const parts = [];
    const round = this.replay.rounds[k];
    this.title.textContent = k >= d.n ? w.t('after_last') : k === 0 ? w.t('setup') : w.t('round_n', { Round: k });

    for (const f of this.replay.end?.frozen ?? []) {
      if (f.round === k || (k === 0 && f.round < 0)) {
        parts.push(para(`${name(f.player)} ${freezeWords(f, w)}.`, d.mine.has(f.player) ? 'freeze mine' : 'freeze', this.colors[f.player]));
      }
    }

    for (const seat of [...d.logs.keys()].sort((a, b) => a - b)) {
      const byRound = d.logs.get(seat);
      let text = byRound.get(k) ?? '';
      if (k === 0 && byRound.has(-1)) text = byRound.get(-1) + text;
      const box = document.createElement('div');
      box.className = 'debug-log';
      box.append(heading(w.t('log_of', { Name: name(seat), Seat: seat }), this.colors[seat]));
      if (text) {
        const pre = document.createElement('pre');
        pre.textContent = text;
        box.append(pre);
      } else {
        box.append(para(k >= d.n ? w.t('match_over') : w.t('printed_nothing'), 'muted'));
      }
      parts.push(box);
    }

    const ignored = round?.ignored ?? [];
    const box = document.createElement('div');
    box.className = 'debug-ignored';
    box.append(heading(w.t('ignored')));
    if (ignored.length === 0) {
      box.append(para(k >= d.n ? w.t('no_round_left') : w.t('none_ignored'), 'muted'));
    } else {
      const ul = document.createElement('ul');
      for (const [p, unit, why] of ignored) {
        const li = document.createElement('li');
        li.className = d.mine.has(p) ? 'mine' : '';
        li.append(swatch(this.colors[p]), `${name(p)}: ${unit >= 0 ? this.unitName(unit) + ': ' : ''}${w.reason(why)}`);
        ul.append(li);
      }
      box.append(ul);
    }
    parts.push(box);

    if (this.unit) {
      const u = document.createElement('div');
      u.className = 'debug-unit';
      u.append(heading(w.t('unit_in_round', { Unit: capitalize(this.unit.label) })));
      const done = round ? (this.renderer.commandsOf?.(round, this.unit.id) ?? []) : [];
      const refused = ignored.filter((ig) => ig[1] === this.unit.id);
      const ul = document.createElement('ul');
      for (const c of done) ul.append(item(w.t('carried_out', { Command: c })));
      for (const ig of refused) ul.append(item(w.t('ignored_why', { Why: w.reason(ig[2]) }), 'mine'));
      if (!done.length && !refused.length) ul.append(item(w.t('no_command'), 'muted'));
      u.append(ul);
      parts.push(u);
    } else if (this.renderer.unitsAt) {
      parts.push(para(w.t('click_unit'), 'muted hint'));
    }
    this.body.replaceChildren(...parts);
  }

  unitName(id) {
    return this.renderer.unitName?.(id) ?? this.w.t('unit', { ID: id });
  }
}

function heading(text, color) {
  const h = document.createElement('h3');
  if (color) h.append(swatch(color));
  h.append(text);
  return h;
}

function para(text, cls, color) {
  const p = document.createElement('p');
  p.className = cls ?? '';
  if (color) p.append(swatch(color));
  p.append(text);
  return p;
}

function item(text, cls) {
  const li = document.createElement('li');
  li.className = cls ?? '';
  li.textContent = text;
  return li;
}

function swatch(color) {
  const s = document.createElement('span');
  s.className = 'dot';
  s.style.background = color;
  return s;
}

function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
