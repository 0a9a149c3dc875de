// Race renderer: one lane per player, a dot at its distance.
export default {
  title: 'Race',
  init(replay, colors) {
    const track = replay.initial.track;
    return {
      aspect: 4,
      initialState: () => ({ pos: replay.initial.pos.slice() }),
      apply(state, round) {
        const pos = state.pos.slice();
        for (const [p, x] of round.changes.pos ?? []) pos[p] = x;
        return { pos };
      },
      drawRound(ctx, { state, prev, t, width, height }) {
        ctx.clearRect(0, 0, width, height);
        const lane = height / state.pos.length;
        state.pos.forEach((x, p) => {
          const from = prev ? prev.pos[p] : x;
          const at = from + (x - from) * t;
          ctx.fillStyle = colors[p];
          ctx.beginPath();
          ctx.arc((at / track) * width, lane * (p + 0.5), lane / 3, 0, 2 * Math.PI);
          ctx.fill();
        });
      },
    };
  },
};
