// The score-over-rounds chart: one line per player, the part after the
// current round faded, a marker at the current round. Click or drag to seek.

const PAD = { left: 40, right: 10, top: 10, bottom: 20 }; // CSS pixels

export class ScoreChart {
  // series[k][p] is player p's score after k rounds, k in [0, N].
  constructor(canvas, series, colors, onSeek) {
    this.canvas = canvas;
    this.series = series;
    this.colors = colors;
    this.n = series.length - 1;
    this.max = niceCeil(series.reduce((m, scores) => Math.max(m, ...scores), 4));
    this.k = 0;
    const seek = (e) => {
      const { left, width } = canvas.getBoundingClientRect();
      const x = (e.clientX - left - PAD.left) / Math.max(1, width - PAD.left - PAD.right);
      onSeek(Math.round(Math.max(0, Math.min(1, x)) * this.n));
    };
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      seek(e);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (canvas.hasPointerCapture(e.pointerId)) seek(e);
    });
  }

  draw(k = this.k) {
    this.k = k;
    const { canvas } = this;
    const dpr = canvas.width / Math.max(1, canvas.clientWidth);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!canvas.width || !canvas.height) return;
    ctx.scale(dpr, dpr);
    const w = canvas.width / dpr;
    const h = canvas.height / dpr;
    const css = getComputedStyle(canvas);
    const grid = css.getPropertyValue('--chart-grid').trim() || '#ddd';
    const text = css.getPropertyValue('--chart-text').trim() || '#666';
    const X = (i) => PAD.left + (i / Math.max(1, this.n)) * (w - PAD.left - PAD.right);
    const Y = (v) => h - PAD.bottom - (v / this.max) * (h - PAD.top - PAD.bottom);

    ctx.font = `11px ${css.fontFamily}`;
    ctx.fillStyle = text;
    ctx.strokeStyle = grid;
    ctx.lineWidth = 1;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const step = this.max / 4;
    for (let v = 0; v <= this.max + 1e-9; v += step) {
      const y = Math.round(Y(v)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(PAD.left, y);
      ctx.lineTo(w - PAD.right, y);
      ctx.stroke();
      ctx.fillText(compact(v), PAD.left - 6, y);
    }
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText('0', PAD.left, h - PAD.bottom + 5);
    ctx.textAlign = 'right';
    ctx.fillText(String(this.n), w - PAD.right, h - PAD.bottom + 5);

    ctx.lineJoin = 'round';
    ctx.lineWidth = 2;
    this.colors.forEach((color, p) => {
      ctx.strokeStyle = color;
      ctx.globalAlpha = 0.25;
      this.line(ctx, X, Y, p, k, this.n);
      ctx.globalAlpha = 1;
      this.line(ctx, X, Y, p, 0, k);
    });

    const x = Math.round(X(k)) + 0.5;
    ctx.strokeStyle = text;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(x, PAD.top);
    ctx.lineTo(x, h - PAD.bottom);
    ctx.stroke();
    ctx.setLineDash([]);
    this.colors.forEach((color, p) => {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(X(k), Y(this.series[k][p]), 3.5, 0, 2 * Math.PI);
      ctx.fill();
    });
  }

  line(ctx, X, Y, p, from, to) {
    if (to <= from) return;
    ctx.beginPath();
    for (let i = from; i <= to; i++) {
      const y = Y(this.series[i][p]);
      if (i === from) ctx.moveTo(X(i), y);
      else ctx.lineTo(X(i), y);
    }
    ctx.stroke();
  }
}

// niceCeil rounds up to 1, 2 or 5 times a power of ten, times 4 so that the
// four grid steps are round numbers too.
function niceCeil(v) {
  const step = v / 4;
  const p = 10 ** Math.floor(Math.log10(step));
  const m = [1, 2, 2.5, 5, 10].find((m) => m * p >= step);
  return 4 * m * p;
}

function compact(v) {
  if (v >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (v >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  return String(Math.round(v));
}
