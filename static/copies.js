// The copy check's pair page (templates/admin_copies.templ): clicking a
// shared fragment, in either source or in the list of fragments, marks it
// on both sides and scrolls each source to it. Without this script, the
// first line number of each fragment still links to its counterpart.
(() => {
  const panes = {};
  for (const pane of document.querySelectorAll('.copy-code[data-side]')) panes[pane.dataset.side] = pane;
  if (!panes.a || !panes.b) return;

  // reveal scrolls one source so that fragment n's first line is in the
  // middle of it, without moving the page.
  const reveal = (side, n) => {
    const pane = panes[side];
    const line = document.getElementById(`${side}-f${n}`);
    if (!line) return;
    pane.scrollTop = line.offsetTop - (pane.clientHeight - line.offsetHeight) / 2;
  };

  const mark = (n, from) => {
    for (const el of document.querySelectorAll('.copy-line.marked')) el.classList.remove('marked');
    for (const el of document.querySelectorAll(`.copy-line[data-frag="${n}"]`)) el.classList.add('marked');
    for (const side of ['a', 'b']) {
      if (side !== from) reveal(side, n);
    }
  };

  document.addEventListener('click', (ev) => {
    const item = ev.target.closest('[data-show-frag]');
    if (item) {
      ev.preventDefault();
      mark(item.dataset.showFrag, null);
      return;
    }
    const line = ev.target.closest('.copy-line[data-frag]');
    if (!line) return;
    ev.preventDefault();
    mark(line.dataset.frag, line.closest('.copy-code').dataset.side);
  });
})();
