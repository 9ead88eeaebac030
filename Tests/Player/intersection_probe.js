// Put into a copy of a session player page, after the player's script, by
// Tests/Player/check_intersections.py: Chromium's own layout of the drawing says what share
// of each drawn section lies inside the drawn viewport, and the results go into the DOM
// for --dump-dom.
//
// Computed as IntersectionObserver computes intersectionRatio, from the elements'
// getBoundingClientRect: an IntersectionObserver never reported in headless Chromium
// before --dump-dom (headless new and old, with --virtual-time-budget and
// --run-all-compositor-stages-before-draw): its notifications wait for a rendered frame.
// Its root would have to be an ancestor of the targets anyway, and the drawn viewport is
// their sibling. The root rectangle is the drawn effective viewport (the viewport when
// there is none); each drawn cell (<rect> of a <g class="sec" data-id>) is a target; a
// section's ratio is the sum of its cells' areas inside the root over the sum of their
// areas (one cell: its intersectionRatio). Sections drawn through a container's
// clip-path are left out (data-io="nested"): their boxes are the cells unclipped.
(() => {
  'use strict';
  const main = document.getElementById('player');
  const svg = document.getElementById('drawing');
  const viewport = svg && (svg.querySelector('rect.effective') || svg.querySelector('rect.viewport'));
  if (!main || !viewport) {
    if (main) main.setAttribute('data-io', 'no-viewport');
    return;
  }
  const s = svg.getBoundingClientRect(), v = viewport.getBoundingClientRect();
  main.setAttribute('data-io-root', [v.left - s.left, v.top - s.top, v.width, v.height].map((x) => x.toFixed(2)).join(' '));
  const groups = new Map();   // cell -> its section's group
  for (const group of svg.querySelectorAll('g.sec[data-id]')) {
    if (group.querySelector('rect[clip-path]')) {
      group.setAttribute('data-io', 'nested');
      continue;
    }
    for (const cell of group.querySelectorAll('rect')) groups.set(cell, group);
  }
  const sums = new Map();     // group -> what its cells add up to
  for (const [cell, group] of groups) {
    const box = cell.getBoundingClientRect();
    const width = Math.max(0, Math.min(box.right, v.right) - Math.max(box.left, v.left));
    const height = Math.max(0, Math.min(box.bottom, v.bottom) - Math.max(box.top, v.top));
    const sum = sums.get(group) || { inView: 0, whole: 0, minWidth: Infinity, minHeight: Infinity };
    sum.inView += width * height;
    sum.whole += box.width * box.height;
    sum.minWidth = Math.min(sum.minWidth, box.width);
    sum.minHeight = Math.min(sum.minHeight, box.height);
    sums.set(group, sum);
  }
  for (const [group, sum] of sums) {
    group.setAttribute('data-io', 'measured');
    group.setAttribute('data-io-ratio', (sum.whole > 0 ? sum.inView / sum.whole : 0).toFixed(6));
    // The smallest cell's drawn size, in px: what the tolerance scales with.
    group.setAttribute('data-io-min', sum.minWidth.toFixed(2) + ' ' + sum.minHeight.toFixed(2));
  }
  main.setAttribute('data-io', 'done');
})();
