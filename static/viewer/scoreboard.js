// The scoreboard: players sorted by score, each with its colour, score and
// CPU use (a bar with %, or OUT once frozen), and the game's own per-player
// figures when its renderer has stats(). Rows slide to their new rank.

import { Words } from './words.js';

// The kinds of freeze (games/freeze.go); their words are the pages'
// (site.freeze.* in the catalogue, freeze.KIND in w).
const FREEZE_KINDS = ['cpu', 'stalled', 'crash', 'stack', 'memory', 'exit', 'protocol', 'start', 'closed'];

// freezeWords says when and why a player was frozen, as games.FreezeWords
// and the pages do: "out of CPU time in round 88: the 2 s budget is
// spent", in w's language, the engine's reason too. Rounds count from 0,
// as the bots' round() does; the counter's round k is the board the bots
// see in round k.
export function freezeWords(f, w = new Words()) {
  let what = w.t(FREEZE_KINDS.includes(f.kind) ? `freeze.${f.kind}` : 'freeze.frozen');
  if (f.kind !== 'start') what = f.round < 0 ? w.t('freeze.at_setup', { What: what }) : w.t('freeze.in_round', { What: what, Round: f.round });
  const reason = w.reason(String(f.reason ?? '').trim().split(/\s+/).join(' '));
  return reason ? `${what}: ${reason}` : what;
}

export class Scoreboard {
  // frozen: the replay's end.frozen, to say why a player is OUT.
  // withStats adds a line per row for the renderer's stats; w: the page's words.
  constructor(list, names, colors, frozen, withStats = false, w = new Words()) {
    this.list = list;
    this.w = w;
    this.why = new Map((frozen ?? []).map((f) => [f.player, capitalize(freezeWords(f, w))]));
    this.rows = names.map((name, p) => {
      const li = document.createElement('li');
      li.className = 'row';
      li.innerHTML = `
        <span class="rank"></span>
        <span class="swatch"></span>
        <span class="name"></span>
        <span class="score"></span>
        <span class="cpu"><span class="bar"><span class="fill"></span></span><span class="pct"></span></span>
        <span class="stats"></span>`;
      li.querySelector('.swatch').style.background = colors[p];
      const n = li.querySelector('.name');
      n.textContent = name;
      n.title = w.t('player_title', { Seat: p, Name: name });
      list.append(li);
      return {
        li,
        rank: li.querySelector('.rank'),
        score: li.querySelector('.score'),
        cpu: li.querySelector('.cpu'),
        fill: li.querySelector('.fill'),
        pct: li.querySelector('.pct'),
        stats: li.querySelector('.stats'),
        shown: '',
      };
    });
    list.classList.toggle('with-stats', withStats);
    list.style.height = `calc(${names.length} * var(--row-h))`;
  }

  // update shows scores and CPU after some round; winners is null until the
  // last round, then the indices of the winners. stats, when given, holds
  // per player a list of {label, value, title} to show on the row.
  update(scores, cpu, winners, stats) {
    const order = scores.map((s, p) => p).sort((a, b) => scores[b] - scores[a] || a - b);
    let rank = 0;
    order.forEach((p, i) => {
      const row = this.rows[p];
      if (i === 0 || scores[order[i - 1]] !== scores[p]) rank = i + 1; // ties share a rank
      row.rank.textContent = rank;
      row.li.style.transform = `translateY(calc(${i} * var(--row-h)))`;
      row.score.textContent = scores[p].toLocaleString(this.w.lang);
      const out = cpu[p] < 0;
      row.li.classList.toggle('out', out);
      row.li.classList.toggle('winner', !!winners?.includes(p));
      const used = out ? 1 : Math.max(0, Math.min(1, cpu[p]));
      row.fill.style.width = `${(used * 100).toFixed(1)}%`;
      row.cpu.classList.toggle('hot', used >= 0.8);
      row.pct.textContent = out ? this.w.t('out') : `${formatPct(used)}`;
      row.cpu.title = out ? (this.why.get(p) ?? this.w.t('frozen')) : this.w.t('cpu_title', { Percent: (used * 100).toFixed(2) });
      if (stats?.[p]) showStats(row, stats[p]);
    });
    // Rows slide to new ranks, but not into their first places.
    if (!this.list.classList.contains('animated')) requestAnimationFrame(() => this.list.classList.add('animated'));
  }
}

// showStats fills a row's stats line, touching the DOM only on a change.
function showStats(row, items) {
  const key = items.map((s) => `${s.label}=${s.value}`).join('|');
  if (key === row.shown) return;
  row.shown = key;
  row.stats.replaceChildren(
    ...items.map((s) => {
      const el = document.createElement('span');
      el.className = 'stat';
      const b = document.createElement('b');
      b.textContent = s.label;
      el.append(b, ` ${s.value}`);
      if (s.title) el.title = s.title;
      return el;
    }),
  );
}

function formatPct(f) {
  const v = f * 100;
  return v > 0 && v < 1 ? '<1%' : `${Math.round(v)}%`;
}

function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
