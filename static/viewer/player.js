// The player shell shared by every game: controls, keyboard, scoreboard,
// chart and the animation clock. A game renderer (games/ID.js) knows the
// board; the shell only knows rounds, scores and CPU (docs/replay.md).
//
// A renderer module's default export is {title, init(replay, colors, words)},
// where colors are the players' colours: the game's palette
// (games.Info.Palette, served as palettes.js), the same the site's pages
// show for each seat, and words the page's language (words.js; a renderer
// given none speaks English). init returns an object with
//   aspect                         board width / height
//   initialState()                 the state before round 0
//   apply(state, round)            the state after round, without mutating state
//   drawRound(ctx, frame)          frame = {state, prev, round, t, width, height}:
//                                  the move from prev to state at t in [0, 1]
//   describe(state, x, y, w, h, names)  optional: what is under a device pixel
//   title                          optional: the title, when it depends on the replay
//   stats(state)                   optional: per player, [{label, value, title}]
//                                  shown on its scoreboard row
//   scoreCaption                   optional: the chart's caption and the
//                                  scoreboard's tooltip, when the scores are
//                                  not totals ("Score by round")
//   unitName(id)                   optional: "ork 12", for the debugging panel
//   unitsAt(state, x, y, w, h)     optional: [{id, label}] of the units under a
//                                  device pixel, for a click on the board
//   commandsOf(round, id)          optional: the commands unit id carried out
//                                  in a round record, in words

import { Timeline } from './replay.js';
import { Scoreboard } from './scoreboard.js';
import { ScoreChart } from './chart.js';
import { icons } from './icons.js';
import { template } from './markup.js';
import { loadPrefs, savePrefs } from './prefs.js';
import palettes from './palettes.js';
import { DebugData, DebugPanel } from './debug.js';
import { Words } from './words.js';

const SPEEDS = [0.5, 1, 2, 4, 8, 16, 32, 64]; // rounds per second
const DEFAULT_SPEED = 4; // index: 8 rounds/s, a 200-round match in 25 s
const STEP_RATE = 6; // rounds per second of a single animated step, at least

export class Player {
  // root: an element to fill; host: the element that gets events;
  // keys: where keyboard shortcuts are heard (host, or document).
  // logs and mine feed the debugging panel (debug.js): the seats' logs by
  // round and the seats that are the viewer's own. words: the page's
  // language (words.js), English by default.
  constructor({ root, host, keys, replay, game, autoplay = false, speed, round = 0, logs = null, mine = [], words = new Words() }) {
    this.host = host;
    this.w = words;
    this.replay = replay;
    this.colors = seatColors(replay);
    this.renderer = game.init(replay, this.colors, this.w);
    this.timeline = new Timeline(replay, this.renderer);
    this.n = this.timeline.length;
    this.pos = clamp(Math.round(Number(round) || 0), 0, this.n); // fractional while animating
    this.target = null; // where a single animated step is heading
    this.playing = false;
    const saved = loadPrefs();
    this.animate = saved.animate ?? true;
    this.speedIndex = speedIndexFor(speed ?? saved.speed);
    this.shown = -1;
    this.running = false;
    this.cleanup = [];

    root.innerHTML = template(this.w);
    const $ = (sel) => root.querySelector(sel);
    this.el = {
      k: $('.k'), n: $('.n'), board: $('.board'), chart: $('.chart'), slider: $('.slider'), speed: $('.speed'),
      play: $('.play'), smooth: $('.smooth'), help: $('.help'), status: $('.status'),
    };
    // A renderer shared by variants of one engine names the one it shows.
    const title = this.renderer.title ?? game.title ?? replay.game;
    $('.game').textContent = title;
    $('.meta').textContent = this.w.n('meta', this.n, { Seed: replay.seed });
    this.el.n.textContent = this.n;
    this.el.board.setAttribute('aria-label', this.w.t('board', { Title: title }));
    this.el.slider.max = this.n;
    $('.stage').style.setProperty('--aspect', String(this.renderer.aspect ?? 1));

    this.scoreboard = new Scoreboard($('.scores'), replay.players, this.colors, replay.end?.frozen, !!this.renderer.stats, this.w);
    if (this.renderer.scoreCaption) {
      $('.chart-box figcaption').textContent = this.renderer.scoreCaption;
      $('.scores').title = this.renderer.scoreCaption;
    }
    const series = Array.from({ length: this.n + 1 }, (_, k) => this.timeline.scores(k));
    this.chart = new ScoreChart(this.el.chart, series, this.colors, (k) => this.seek(k));
    this.debug = new DebugData(replay, replay.logs ?? logs, mine, this.w);
    this.panel = new DebugPanel({
      root: $('.debug'), strip: $('.markers'), data: this.debug, replay, colors: this.colors, renderer: this.renderer, words: this.w,
      seek: (k) => this.seek(k),
    });

    this.wire($, keys);
    this.showSpeed();
    this.showAnimate();
    this.render();
    if (autoplay) this.play();
  }

  wire($, keys) {
    const on = (target, type, fn, opts) => {
      target.addEventListener(type, fn, opts);
      this.cleanup.push(() => target.removeEventListener(type, fn, opts));
    };
    const click = (sel, fn) => {
      const b = $(sel);
      // Keep focus on the viewer so that shortcuts keep working after a click.
      on(b, 'mousedown', (e) => {
        e.preventDefault();
        this.host.focus({ preventScroll: true });
      });
      on(b, 'click', fn);
    };
    click('.start', () => this.seek(0));
    click('.back', () => this.step(-1));
    click('.play', () => this.toggle());
    click('.forward', () => this.step(1));
    click('.end', () => this.seek(this.n));
    click('.slower', () => this.setSpeed(this.speedIndex - 1));
    click('.faster', () => this.setSpeed(this.speedIndex + 1));
    click('.smooth', () => this.setAnimate(!this.animate));
    click('.help-button', () => this.toggleHelp());
    click('.next-marker', () => this.marker(1));
    click('.prev-marker', () => this.marker(-1));
    on(this.el.help, 'click', () => this.toggleHelp(false));
    on(this.el.slider, 'input', () => this.seek(Number(this.el.slider.value)));
    on(keys, 'keydown', (e) => this.key(e));
    on(this.el.board, 'pointermove', (e) => this.hover(e));
    on(this.el.board, 'pointerleave', () => (this.el.status.textContent = ''));
    on(this.el.board, 'click', (e) => this.pick(e));

    const ro = new ResizeObserver((entries) => {
      for (const e of entries) fitCanvas(e);
      this.render(true);
    });
    for (const c of [this.el.board, this.el.chart]) {
      try {
        ro.observe(c, { box: 'device-pixel-content-box' });
      } catch {
        ro.observe(c); // Safari: content box times devicePixelRatio
      }
    }
    this.cleanup.push(() => ro.disconnect());
    // The chart reads its colours from CSS, which follow the colour scheme.
    on(matchMedia('(prefers-color-scheme: dark)'), 'change', () => this.chart.draw());
  }

  destroy() {
    this.playing = false;
    this.target = null;
    cancelAnimationFrame(this.raf);
    this.cleanup.forEach((f) => f());
  }

  // The round on display: where a step is going, or the round being played.
  get round() {
    return this.target ?? Math.ceil(this.pos - 1e-9);
  }

  get idle() {
    return !this.playing && this.target === null;
  }

  play() {
    if (this.pos >= this.n) this.pos = 0;
    this.target = null;
    this.playing = true;
    this.showPlaying();
    this.run();
  }

  pause() {
    this.playing = false;
    this.pos = this.round; // rest on the round on display
    this.showPlaying();
    this.render();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  seek(k) {
    if (this.playing) this.pause();
    this.pos = clamp(Math.round(k), 0, this.n);
    this.target = null;
    this.render();
  }

  // step moves by d rounds, animated when close (a quick second press
  // extends the step in progress), jumping when far.
  step(d) {
    const to = clamp(this.round + d, 0, this.n);
    if (this.playing) this.pause();
    if (!this.animate || Math.abs(to - this.pos) > 2) return this.seek(to);
    this.target = to;
    this.run();
  }

  setSpeed(i) {
    this.speedIndex = clamp(i, 0, SPEEDS.length - 1);
    this.showSpeed();
    savePrefs({ speed: SPEEDS[this.speedIndex] });
  }

  setAnimate(on) {
    this.animate = on;
    if (!on && this.target !== null) this.seek(this.target);
    this.showAnimate();
    this.render();
    savePrefs({ animate: on });
  }

  // marker goes to the next (d = 1) or previous (-1) marker of the time line.
  marker(d) {
    const k = d > 0 ? this.debug.next(this.round) : this.debug.prev(this.round);
    if (k !== null) this.seek(k);
  }

  toggleHelp(show = this.el.help.hidden) {
    this.el.help.hidden = !show;
  }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.composedPath()[0];
    // Leave typing, and Space/Enter on a focused button, to the page.
    if (t !== this.el.slider && t?.matches?.('input, textarea, select, [contenteditable]')) return;
    if (t?.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
    const actions = {
      ' ': () => this.toggle(),
      ArrowRight: () => this.step(1),
      ArrowLeft: () => this.step(-1),
      PageDown: () => this.seek(this.round + 10),
      PageUp: () => this.seek(this.round - 10),
      Home: () => this.seek(0),
      End: () => this.seek(this.n),
      '+': () => this.setSpeed(this.speedIndex + 1),
      '=': () => this.setSpeed(this.speedIndex + 1),
      '-': () => this.setSpeed(this.speedIndex - 1),
      _: () => this.setSpeed(this.speedIndex - 1),
      a: () => this.setAnimate(!this.animate),
      ']': () => this.marker(1),
      '[': () => this.marker(-1),
      n: () => this.marker(1),
      p: () => this.marker(-1),
      h: () => this.toggleHelp(),
      '?': () => this.toggleHelp(),
      Escape: () => this.toggleHelp(false),
    };
    const act = actions[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (!act || (e.key === 'Escape' && this.el.help.hidden)) return;
    e.preventDefault();
    act();
  }

  // run keeps the animation clock going while playing or stepping.
  run() {
    if (this.running) return;
    this.running = true;
    let last = performance.now();
    const tick = (now) => {
      const dt = Math.min(0.1, Math.max(0, (now - last) / 1000));
      last = now;
      if (this.playing) {
        this.pos = Math.min(this.n, this.pos + dt * SPEEDS[this.speedIndex]);
        if (this.pos >= this.n) {
          this.playing = false;
          this.showPlaying();
        }
      } else if (this.target !== null) {
        const move = dt * Math.max(STEP_RATE, SPEEDS[this.speedIndex]);
        const d = this.target - this.pos;
        if (Math.abs(d) <= move) {
          this.pos = this.target;
          this.target = null;
        } else {
          this.pos += Math.sign(d) * move;
        }
      }
      this.render();
      if (this.playing || this.target !== null) this.raf = requestAnimationFrame(tick);
      else this.running = false;
    };
    this.raf = requestAnimationFrame(tick);
  }

  // render draws the board at this.pos and, when the round on display
  // changed (or force), the counter, scoreboard and chart.
  render(force = false) {
    const c = this.el.board;
    const hi = Math.ceil(this.pos - 1e-9);
    const t = this.animate ? 1 - (hi - this.pos) : 1;
    const ctx = c.getContext('2d');
    if (c.width && c.height) {
      this.renderer.drawRound(ctx, {
        state: this.timeline.state(hi),
        prev: hi > 0 && t < 1 ? this.timeline.state(hi - 1) : null,
        round: this.timeline.round(hi),
        t,
        width: c.width,
        height: c.height,
      });
    }
    const k = this.round;
    if (k !== this.shown) this.show(k);
    else if (force) this.chart.draw(k);
  }

  // show updates everything that depends only on the round on display.
  show(k) {
    this.shown = k;
    this.el.k.textContent = k;
    this.el.slider.value = k;
    this.scoreboard.update(
      this.timeline.scores(k),
      this.timeline.cpu(k),
      k === this.n ? this.replay.end?.winners : null,
      this.renderer.stats?.(this.timeline.state(k)),
    );
    this.chart.draw(k);
    this.panel.show(k);
    this.host.dispatchEvent(new CustomEvent('roundchange', { detail: { round: k } }));
  }

  // boardPoint is the device pixel of the board under a pointer event.
  boardPoint(e) {
    const c = this.el.board;
    const r = c.getBoundingClientRect();
    return [((e.clientX - r.left) * c.width) / r.width, ((e.clientY - r.top) * c.height) / r.height];
  }

  // pick selects the unit clicked on (the next one of a cell's on another
  // click), or none, for the debugging panel.
  pick(e) {
    if (!this.renderer.unitsAt || this.panel.root.hidden) return;
    const c = this.el.board;
    const [x, y] = this.boardPoint(e);
    const units = this.renderer.unitsAt(this.timeline.state(this.round), x, y, c.width, c.height) ?? [];
    const i = units.findIndex((u) => u.id === this.panel.unit?.id);
    this.panel.select(units.length ? units[(i + 1) % units.length] : null);
  }

  hover(e) {
    const c = this.el.board;
    if (!this.renderer.describe) return;
    const [x, y] = this.boardPoint(e);
    const state = this.timeline.state(this.round);
    this.el.status.textContent = this.renderer.describe(state, x, y, c.width, c.height, this.replay.players);
  }

  showPlaying() {
    const b = this.el.play;
    b.innerHTML = this.playing ? icons.pause : icons.play;
    const key = this.playing ? 'pause' : 'play';
    b.setAttribute('aria-label', this.w.t(key));
    b.title = this.w.t(`${key}_title`);
  }

  showSpeed() {
    this.el.speed.textContent = this.w.t('speed', { Speed: SPEEDS[this.speedIndex] });
  }

  showAnimate() {
    this.el.smooth.setAttribute('aria-pressed', String(this.animate));
  }
}

// seatColors are the players' colours: their game's palette, the one the
// pages show; a neutral grey where it has none (a game this server does
// not know), as games.Info.SeatColor.
function seatColors(replay) {
  const palette = palettes[replay.game] ?? [];
  return replay.players.map((_, p) => palette[p] ?? '#98a2b3');
}

function speedIndexFor(speed) {
  const i = SPEEDS.indexOf(Number(speed));
  return i >= 0 ? i : DEFAULT_SPEED;
}

function clamp(v, lo, hi) {
  return Math.max(lo, Math.min(hi, v));
}

// fitCanvas gives a canvas one backing pixel per device pixel.
function fitCanvas(entry) {
  const c = entry.target;
  const box = entry.devicePixelContentBoxSize?.[0];
  const w = box ? box.inlineSize : Math.round(entry.contentRect.width * devicePixelRatio);
  const h = box ? box.blockSize : Math.round(entry.contentRect.height * devicePixelRatio);
  if (c.width !== w || c.height !== h) {
    c.width = w;
    c.height = h;
  }
}
