(() => {
'use strict';
const SVG_NS = 'http://www.w3.org/2000/svg';
const CHECKPOINT = 256;   // samples between the full states kept for jumps
const FLASH = 10;         // samples an impression's diamond stays on its section
const LISTED = 200;       // newest impressions listed
const BANNER_BOTTOM = 24; // the inactive banner's lower edge in the drawing
// How a section shows (a row's [2]); anything else is drawn as below threshold.
const VISIBILITIES = ['offscreen', 'gated', 'obstructed', 'below-threshold', 'at-threshold'];
// A row: [policy, section index, visibility, ratio, samples, required, why not counted,
// counting's name, counting in words, percentage in view, why not in view (the geometry
// stream's reason names), area fraction in view].
const visibilityOf = (row) => (row && VISIBILITIES.includes(String(row[2])) ? String(row[2]) : row ? 'below-threshold' : 'offscreen');
const visibilityWords = (look) => look.replace('-', ' ');
const countingName = (row) => (row ? text(row[7], 'idle') : 'idle');
// What the screen shows of a section, whatever its policy: the percentage in view and
// the reasons the rest is not, in the geometry stream's words ('viewport, obstructed').
const inViewPercent = (row) => (row && Number.isInteger(row[9]) ? row[9] : 0);
const notInView = (row) => (row && Array.isArray(row[10]) ? row[10].map((name) => String(name)).join(', ') : '');
const areaInView = (row) => (row ? finite(row[11]) : 0);
const PALETTE = ['#2b6cb0', '#dd6b20', '#2f855a', '#805ad5', '#d53f8c', '#319795', '#975a16', '#4a5568'];
const byId = (id) => document.getElementById(id);
const root = byId('player');

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
function svgElement(tag, attributes, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const name in attributes) node.setAttribute(name, String(attributes[name]));
  if (text !== undefined) node.textContent = text;
  return node;
}
function fail(message) {
  const box = byId('error');
  box.textContent = message;
  box.hidden = false;
}

let data;
try {
  data = JSON.parse(byId('session').textContent);
} catch (error) {
  fail('The session data is not valid JSON: ' + error.message);
  return;
}
if (!data || data.format !== 'impressions-player' || data.version !== 1 || !Array.isArray(data.frames) || data.frames.length === 0) {
  fail('This page needs an impressions-player session, version 1, with at least one sample.');
  return;
}

// ---- Geometry: rects are {x, y, w, h}; null is nothing.
function rect(value) {
  if (!Array.isArray(value) || value.length !== 4 || !value.every(Number.isFinite) || value[2] < 0 || value[3] < 0) return null;
  return { x: value[0], y: value[1], w: value[2], h: value[3] };
}
function intersect(a, b) {
  if (!a || !b) return null;
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.w, b.x + b.w), bottom = Math.min(a.y + a.h, b.y + b.h);
  return right > x && bottom > y ? { x, y, w: right - x, h: bottom - y } : null;
}
function union(a, b) {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}
const round = (value) => Math.round(value * 10) / 10;
// 2,532: a whole number of points with thousands separators, the same in every locale.
const grouped = (value) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
// 23 %, or 0.4 % below one: a scale as a share of the content's size.
const percentOf = (scale) => (scale * 100 >= 1 ? String(Math.round(scale * 100)) : String(Math.round(scale * 1000) / 10)) + ' %';
const finite = (value) => (Number.isFinite(value) ? value : 0);
const text = (value, fallback) => (value === undefined || value === null ? fallback : String(value));
function shortened(value, limit) {
  const characters = Array.from(value);
  return characters.length > limit ? characters.slice(0, Math.max(1, limit - 1)).join('') + '…' : value;
}
const seconds = (ms) => (ms / 1000).toFixed(1) + ' s';
const percent = (ratio) => Math.round(finite(ratio) * 1000) / 10 + '%';

// ---- The data.
const frames = data.frames;
const count = frames.length;
const interval = Number.isFinite(data.sampleIntervalMs) && data.sampleIntervalMs > 0 ? data.sampleIntervalMs : 100;
const policies = (Array.isArray(data.policies) ? data.policies : []).map((policy, index) => ({
  name: text(policy && policy.name, 'policy ' + index),
  rule: text(policy && policy.rule, ''),
}));
if (policies.length === 0) policies.push({ name: 'policy 0', rule: '' });
const layouts = Array.isArray(data.layouts) ? data.layouts : [];
const frameAt = (k) => (frames[k] && typeof frames[k] === 'object' ? frames[k] : {});
const timeAt = (k) => (Number.isFinite(frameAt(k).t) ? frameAt(k).t : k * interval);
const colour = (policy) => PALETTE[policy % PALETTE.length];

// A layout read once, when first shown: sections with their top-level cells and
// bounding box, nested cells by container, containers with their parent.
const prepared = new Map();
function layoutAt(index) {
  if (prepared.has(index)) return prepared.get(index);
  const raw = layouts[index] && typeof layouts[index] === 'object' ? layouts[index] : {};
  const containers = (Array.isArray(raw.containers) ? raw.containers : []).map((container, i) => ({
    id: text(container && container.id, 'container ' + i),
    frame: rect(container && container.frame),
    parent: container && Number.isInteger(container.parent) ? container.parent : -1,
  }));
  let bounds = null;
  const sections = (Array.isArray(raw.sections) ? raw.sections : []).map((section, i) => {
    const cells = (section && Array.isArray(section.cells) ? section.cells : []).map(rect).filter(Boolean);
    const nested = (section && Array.isArray(section.nested) ? section.nested : [])
      .filter((group) => group && Number.isInteger(group.container) && group.container >= 0 && group.container < containers.length)
      .map((group) => ({ container: group.container, cells: (Array.isArray(group.cells) ? group.cells : []).map(rect).filter(Boolean) }));
    let box = null;
    for (const cell of cells) box = union(box, cell);
    bounds = union(bounds, box);
    return { id: text(section && section.id, '#' + i), cells, nested, box };
  });
  const layout = { index, sections, containers, bounds };
  prepared.set(index, layout);
  return layout;
}
const sectionName = (layout, index) => (layoutAt(layout).sections[index] || { id: '#' + index }).id;

// Each container's frame, content origin and visible part (its frame within every
// ancestor's), in root content coordinates, under the current content offsets.
function containerGeometry(layout, offsets) {
  const list = layout.containers, n = list.length;
  const result = new Array(n), visiting = new Uint8Array(n);
  function resolve(c) {
    if (result[c] !== undefined) return result[c];
    if (visiting[c]) return (result[c] = null); // a cycle: not drawn
    visiting[c] = 1;
    const container = list[c];
    let parent = { origin: { x: 0, y: 0 }, clip: null };
    if (container.parent >= 0) parent = container.parent < n ? resolve(container.parent) : null;
    if (!container.frame || !parent || (container.parent >= 0 && !parent.clip)) return (result[c] = null);
    const frame = { x: parent.origin.x + container.frame.x, y: parent.origin.y + container.frame.y, w: container.frame.w, h: container.frame.h };
    const offset = offsets[c] || [0, 0];
    const clip = container.parent >= 0 ? intersect(frame, parent.clip) : frame;
    return (result[c] = { frame, origin: { x: frame.x - offset[0], y: frame.y - offset[1] }, clip });
  }
  for (let c = 0; c < n; c++) resolve(c);
  return result;
}

// ---- The state at a sample: frames applied in order, from a kept full state.
function blankState() {
  return { k: -1, layout: -1, viewport: null, effective: null, obstructions: [], offsets: [], inactive: '', rows: policies.map(() => new Map()) };
}
function copyState(state) {
  return Object.assign({}, state, { offsets: state.offsets.slice(), rows: state.rows.map((rows) => new Map(rows)) });
}
function apply(state, k) {
  const frame = frameAt(k);
  state.k = k;
  if ('layout' in frame) {
    // A new layout starts afresh: its rows list every section on screen, its
    // offsets every container not at [0, 0].
    state.layout = Number.isInteger(frame.layout) ? frame.layout : -1;
    state.offsets = [];
    state.rows = policies.map(() => new Map());
  }
  if ('viewport' in frame) state.viewport = rect(frame.viewport);
  if ('effective' in frame) state.effective = rect(frame.effective);
  if ('obstructions' in frame) state.obstructions = Array.isArray(frame.obstructions) ? frame.obstructions.map(rect).filter(Boolean) : [];
  if (Array.isArray(frame.offsets)) {
    for (const offset of frame.offsets) {
      if (Array.isArray(offset) && Number.isInteger(offset[0]) && offset[0] >= 0 && offset[0] < 1e6) {
        state.offsets[offset[0]] = [finite(offset[1]), finite(offset[2])];
      }
    }
  }
  if ('inactive' in frame) state.inactive = text(frame.inactive, '');
  if (Array.isArray(frame.rows)) {
    for (const row of frame.rows) {
      if (!Array.isArray(row) || !Number.isInteger(row[1])) continue;
      const rows = state.rows[row[0]];
      if (!rows) continue;
      if (row[2] === 'offscreen') rows.delete(row[1]);
      else rows.set(row[1], row);
    }
  }
}
const checkpoints = [];   // checkpoints[j]: the state after sample j * CHECKPOINT
let working = null;       // the state shown, moved forward in place
function stateAt(k) {
  if (!checkpoints[0]) {
    const first = blankState();
    apply(first, 0);
    checkpoints[0] = copyState(first);
  }
  let c = Math.floor(k / CHECKPOINT);
  while (!checkpoints[c]) c--;
  if (!working || working.k > k || working.k < c * CHECKPOINT) working = copyState(checkpoints[c]);
  while (working.k < k) {
    apply(working, working.k + 1);
    if (working.k % CHECKPOINT === 0 && !checkpoints[working.k / CHECKPOINT]) checkpoints[working.k / CHECKPOINT] = copyState(working);
  }
  return working;
}

// ---- One pass over the session: impressions, inactive spans, layout changes.
const impressions = [];   // {k, policy, layout, section}, by sample
const inactiveSpans = [];
const layoutChanges = [];
let typicalHeight = 0;    // the first viewport's height, for a session's moments without one
{
  let layout = -1, inactive = '', since = 0;
  for (let k = 0; k < count; k++) {
    const frame = frameAt(k);
    if ('layout' in frame) {
      layout = frame.layout;
      if (k > 0) layoutChanges.push(k);
    }
    if (!typicalHeight && frame.viewport) typicalHeight = (rect(frame.viewport) || { h: 0 }).h;
    if ('inactive' in frame) {
      const now = text(frame.inactive, '');
      if (now !== inactive) {
        if (inactive) inactiveSpans.push([since, k]);
        inactive = now;
        since = k;
      }
    }
    if (Array.isArray(frame.fired)) {
      for (const fired of frame.fired) {
        if (Array.isArray(fired) && Number.isInteger(fired[0]) && fired[0] >= 0 && fired[0] < policies.length && Number.isInteger(fired[1])) {
          impressions.push({ k, policy: fired[0], layout, section: fired[1] });
        }
      }
    }
  }
  if (inactive) inactiveSpans.push([since, count]);
}
function firedThrough(k) {   // how many impressions fired at samples <= k
  let low = 0, high = impressions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (impressions[middle].k <= k) low = middle + 1;
    else high = middle;
  }
  return low;
}

// ---- The page's parts.
const scrub = byId('scrub'), ticks = byId('ticks'), clock = byId('clock'), play = byId('play'), speed = byId('speed');
const stage = byId('stage'), drawing = byId('drawing'), rowBody = byId('row-body'), list = byId('impressions');
let current = 0, policy = 0, playing = false, playFrom = 0, playStart = 0, playTimer = 0, hashTimer = 0, listed = '', stageSize = null;

byId('meta').textContent = [
  count + ' samples every ' + interval + ' ms (' + seconds(timeAt(count - 1)) + ')',
  policies.length === 1 ? '1 policy' : policies.length + ' policies',
  layouts.length === 1 ? '1 layout' : layouts.length + ' layouts',
  impressions.length === 1 ? '1 impression' : impressions.length + ' impressions',
].join(' · ');
scrub.max = String(count - 1);

const policyBox = byId('policies');
policies.forEach((entry, index) => {
  const label = element('label');
  const swatch = element('span', 'swatch');
  swatch.style.background = colour(index);
  const name = element('span', 'name', entry.name);
  if (policies.length > 1) {
    const radio = element('input');
    radio.type = 'radio';
    radio.name = 'policy';
    radio.value = String(index);
    radio.checked = index === 0;
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      policy = index;
      render();
      scheduleHash();
    });
    label.append(radio);
  }
  label.append(swatch, name);
  if (entry.rule) label.append(element('span', 'rule', entry.rule));
  policyBox.append(label);
});

// The timeline's marks, drawn once: inactive spans, layout changes, and a row of
// ticks per policy for its impressions.
(function drawTicks() {
  const width = Math.max(count - 1, 1), height = 12, band = height / policies.length;
  ticks.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
  for (const [from, to] of inactiveSpans) {
    ticks.append(svgElement('rect', { class: 'inactive-span', x: from, y: 0, width: Math.max(to - from, 0.5), height }));
  }
  if (layoutChanges.length) {
    ticks.append(svgElement('path', { class: 'layout-change', 'vector-effect': 'non-scaling-stroke', d: layoutChanges.map((k) => 'M' + k + ' 0V' + height).join('') }));
  }
  const paths = policies.map(() => []);
  for (const impression of impressions) {
    paths[impression.policy].push('M' + impression.k + ' ' + round(impression.policy * band) + 'v' + round(band));
  }
  paths.forEach((segments, index) => {
    if (segments.length) ticks.append(svgElement('path', { class: 'tick', stroke: colour(index), 'vector-effect': 'non-scaling-stroke', d: segments.join('') }));
  });
})();

// ---- Rendering one sample.
function render() {
  const state = stateAt(current);
  const time = timeAt(current);
  root.setAttribute('data-sample', String(current));
  root.setAttribute('data-time-ms', String(time));
  root.setAttribute('data-inactive', state.inactive);
  root.setAttribute('data-policy', String(policy));
  scrub.value = String(current);
  clock.textContent = seconds(time) + ' / ' + seconds(timeAt(count - 1)) + ' · sample ' + current;
  renderLifecycle(state);
  renderDrawing(state);
  renderTable(state);
  renderImpressions();
}

function renderLifecycle(state) {
  const line = byId('lifecycle');
  line.replaceChildren(element('span', state.inactive ? 'badge off' : 'badge on', state.inactive ? 'inactive' : 'active'),
    document.createTextNode(state.inactive || 'visible and in the foreground'));
  const layout = layoutAt(state.layout);
  const viewport = state.viewport;
  byId('details').textContent = [
    'layout ' + (state.layout + 1) + ' of ' + layouts.length + ' (' + layout.sections.length + ' sections, ' + layout.containers.length + ' containers)',
    viewport ? 'viewport y ' + round(viewport.y) + '–' + round(viewport.y + viewport.h) + ', x ' + round(viewport.x) + '–' + round(viewport.x + viewport.w) : 'no viewport',
    state.obstructions.length === 1 ? '1 obstruction' : state.obstructions.length + ' obstructions',
  ].join(' · ');
}

function renderDrawing(state) {
  const layout = layoutAt(state.layout);
  // The stage's size is read once, then again only after a resize: reading it after
  // the table changed would make the browser lay the page out at every sample.
  if (!stageSize) {
    const box = stage.getBoundingClientRect();
    stageSize = { W: Math.max(200, Math.round(box.width)), H: Math.max(200, Math.round(box.height)) };
  }
  const { W, H } = stageSize;
  drawing.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
  const defs = svgElement('defs');
  const parts = [defs];
  const geometry = containerGeometry(layout, state.offsets);
  const viewport = state.viewport;
  let bounds = layout.bounds;
  for (const container of geometry) if (container) bounds = union(bounds, container.clip);
  if (viewport) bounds = union(bounds, viewport);
  if (!bounds || bounds.w <= 0 || bounds.h <= 0) bounds = { x: 0, y: 0, w: 390, h: 844 };

  // The window drawn: the whole content when it is short, else a window centred on
  // the viewport, kept within the content, as tall as the stage shows at the scale
  // that fills the drawing's width (at least one and a half viewports, so that what
  // is about to come on screen shows too).
  const pad = 12, mapWidth = 14, gutter = Math.min(280, W * 0.55);
  const widthScale = (W - mapWidth - pad - gutter) / Math.max(bounds.w, 1);
  const viewportHeight = Math.max(viewport ? viewport.h : typicalHeight || bounds.w * 2, 1);
  const span = Math.max(1.5 * viewportHeight, (H - 2 * pad) / Math.max(widthScale, 1e-6));
  let view = bounds;
  if (bounds.h > span) {
    const centre = viewport ? viewport.y + viewport.h / 2 : bounds.y + span / 2;
    view = { x: bounds.x, y: Math.min(Math.max(centre - span / 2, bounds.y), bounds.y + bounds.h - span), w: bounds.w, h: span };
  }
  const scale = Math.max(1e-6, Math.min((W - mapWidth - pad - gutter) / Math.max(view.w, 1), (H - 2 * pad) / Math.max(view.h, 1)));
  const left = mapWidth + pad, top = pad + (H - 2 * pad - view.h * scale) / 2;
  const X = (x) => round(left + (x - view.x) * scale), Y = (y) => round(top + (y - view.y) * scale);
  const box4 = (r) => ({ x: X(r.x), y: Y(r.y), width: round(r.w * scale), height: round(r.h * scale) });
  byId('drawing-head').textContent = 'Under ' + policies[policy].name + ': the content from ' + grouped(view.y) + ' to '
    + grouped(view.y + view.h) + ' pt down the page, drawn at ' + percentOf(scale) + ' of its size';

  // The minimap: where the window and the viewport are in the whole content.
  if (bounds.h > view.h) {
    const mapHeight = H - 2 * pad, mapY = (y) => round(pad + ((y - bounds.y) / bounds.h) * mapHeight);
    parts.push(svgElement('rect', { class: 'minimap', x: 4, y: pad, width: 6, height: mapHeight, rx: 3 }));
    parts.push(svgElement('rect', { class: 'minimap-window', x: 4, y: mapY(view.y), width: 6, height: Math.max(2, mapY(view.y + view.h) - mapY(view.y)), rx: 3 }));
    if (viewport) parts.push(svgElement('rect', { class: 'minimap-viewport', x: 4, y: mapY(viewport.y), width: 6, height: Math.max(2, mapY(viewport.y + viewport.h) - mapY(viewport.y)) }));
  }

  const windowClip = svgElement('clipPath', { id: 'clip-window' });
  windowClip.append(svgElement('rect', box4(view)));
  defs.append(windowClip);
  const content = svgElement('g', { 'clip-path': 'url(#clip-window)' });
  parts.push(content);
  content.append(svgElement('rect', Object.assign({ class: 'page' }, box4(bounds))));

  // Sections, coloured by how they show under the selected policy, counted ones edged
  // in green, all striped while the tracker is inactive.
  const rows = state.rows[policy] || new Map();
  const clipped = new Set();
  const visibleBoxes = new Map();
  const labels = [];
  layout.sections.forEach((section, index) => {
    if (section.nested.length === 0 && !intersect(section.box, view)) return;
    const row = rows.get(index);
    const look = visibilityOf(row), counting = countingName(row);
    let group = null, visible = null;
    const add = (cell, shown, container) => {
      if (!group) group = svgElement('g', { class: 'sec vis-' + look + (counting === 'counted' ? ' counted' : '') + (row && state.inactive ? ' inactive' : '') });
      const shape = svgElement('rect', box4(cell));
      if (container !== undefined) {
        shape.setAttribute('clip-path', 'url(#clip-' + container + ')');
        clipped.add(container);
      }
      group.append(shape);
      visible = union(visible, shown);
    };
    for (const cell of section.cells) {
      const shown = intersect(cell, view);
      if (shown) add(cell, shown);
    }
    for (const nested of section.nested) {
      const container = geometry[nested.container];
      const area = container && intersect(container.clip, view);
      if (!area) continue;
      for (const cell of nested.cells) {
        const placed = { x: container.origin.x + cell.x, y: container.origin.y + cell.y, w: cell.w, h: cell.h };
        const shown = intersect(placed, area);
        if (shown) add(placed, shown, nested.container);
      }
    }
    if (!group) return;
    // The two facts apart: how it shows, then where its counting stands (left out when idle).
    const facts = row ? [visibilityWords(look)].concat(counting === 'idle' ? [] : [text(row[8], counting)]) : [];
    const percentage = row ? ' ' + Math.round(finite(row[3]) * 100) + '%' : '';
    const detail = row ? percentage + ' · ' + facts.join(' · ') : '';
    // Where the gutter is narrow: the counting alone, how it shows being its colour.
    const shortDetail = row ? percentage + ' · ' + facts[facts.length - 1] : '';
    // Why not counting (the policy) and why not in view (the screen), told apart.
    const why = (row && text(row[6], '') ? ' — not counting: ' + text(row[6], '') : '')
      + (row ? ' — ' + inViewPercent(row) + '% in view' + (notInView(row) ? ', not in view: ' + notInView(row) : '') : '');
    group.setAttribute('data-id', section.id);
    group.append(svgElement('title', {}, section.id + detail + why));
    content.append(group);
    visibleBoxes.set(index, visible);
    labels.push({ y: Y(visible.y + visible.h / 2), x: X(visible.x + visible.w), id: section.id, detail, shortDetail, why, look, counting, onScreen: !!row });
  });
  for (const c of clipped) {
    const path = svgElement('clipPath', { id: 'clip-' + c });
    path.append(svgElement('rect', box4(geometry[c].clip)));
    defs.append(path);
  }
  geometry.forEach((container, c) => {
    if (!container || !intersect(container.clip, view)) return;
    const frame = svgElement('rect', Object.assign({ class: 'frame' }, box4(container.frame)));
    frame.append(svgElement('title', {}, 'container ' + layout.containers[c].id));
    content.append(frame);
  });

  // The viewport over them: the rest dimmed, the effective viewport dashed,
  // obstructions (viewport coordinates) hatched.
  if (viewport) {
    const outer = box4(view), inner = box4(viewport);
    content.append(svgElement('path', { class: 'outside', d: 'M' + outer.x + ' ' + outer.y + 'h' + outer.width + 'v' + outer.height + 'h' + -outer.width + 'Z'
      + 'M' + inner.x + ' ' + inner.y + 'h' + inner.width + 'v' + inner.height + 'h' + -inner.width + 'Z' }));
    for (const obstruction of state.obstructions) {
      const placed = { x: viewport.x + obstruction.x, y: viewport.y + obstruction.y, w: obstruction.w, h: obstruction.h };
      const shape = svgElement('rect', Object.assign({ class: 'obstruction' }, box4(placed)));
      shape.append(svgElement('title', {}, 'obstruction ' + [obstruction.x, obstruction.y, obstruction.w, obstruction.h].map(round).join(', ')));
      content.append(shape);
    }
    if (state.effective) content.append(svgElement('rect', Object.assign({ class: 'effective' }, box4(state.effective))));
    content.append(svgElement('rect', Object.assign({ class: 'viewport' }, inner)));
  }

  // Impressions of the selected policy in the last FLASH samples: a diamond on the
  // section, fading, ringed at the sample it fired.
  for (let i = firedThrough(current) - 1; i >= 0 && impressions[i].k > current - FLASH; i--) {
    const impression = impressions[i];
    if (impression.policy !== policy || impression.layout !== state.layout) continue;
    const visible = visibleBoxes.get(impression.section);
    if (!visible) continue;
    const cx = X(visible.x + visible.w / 2), cy = Y(visible.y + visible.h / 2), r = 9, age = current - impression.k;
    if (age === 0) content.append(svgElement('circle', { class: 'fire-ring', cx, cy, r: 15 }));
    content.append(svgElement('path', { class: 'fire', opacity: round(1 - age / FLASH * 0.75),
      d: 'M' + cx + ' ' + (cy - r) + 'L' + (cx + r) + ' ' + cy + 'L' + cx + ' ' + (cy + r) + 'L' + (cx - r) + ' ' + cy + 'Z' }));
  }
  if (layout.sections.length === 0) parts.push(svgElement('text', { class: 'empty', x: left, y: pad + 16 }, 'No layout at this sample'));

  // Labels in the gutter right of the content, stacked so that none overlaps another
  // or the inactive banner above them; when there are too many, those of sections on
  // screen first.
  const labelX = X(view.x + view.w) + 16, room = W - labelX - 4, lineHeight = 15;
  const labelsTop = state.inactive ? BANNER_BOTTOM + 4 : pad;
  if (room >= 60 && labels.length) {
    const fit = Math.max(1, Math.floor((H - pad - labelsTop) / lineHeight));
    let shown = labels.length > fit ? labels.filter((label) => label.onScreen) : labels;
    if (shown.length > fit) shown = shown.slice(0, fit);
    shown.sort((a, b) => a.y - b.y);
    let previous = labelsTop + lineHeight / 2 - lineHeight;
    for (const label of shown) previous = label.placed = Math.max(label.y, previous + lineHeight);
    let next = H - pad - lineHeight / 2 + lineHeight;
    for (let i = shown.length - 1; i >= 0; i--) next = shown[i].placed = Math.min(shown[i].placed, next - lineHeight);
    const characters = Math.max(6, Math.floor(room / 6.3));
    const group = svgElement('g');
    for (const label of shown) {
      const fits = Array.from(label.detail).length + Math.min(4, Array.from(label.id).length) <= characters;
      const detail = fits ? label.detail : label.shortDetail;
      const idRoom = Math.max(4, characters - Array.from(detail).length);
      group.append(svgElement('path', { class: 'leader', d: 'M' + label.x + ' ' + label.y + 'L' + (labelX - 9) + ' ' + label.placed + 'H' + (labelX - 3) }));
      const caption = svgElement('text', { class: 'label vis-' + label.look + ' ' + label.counting, x: labelX, y: label.placed, dy: '0.35em' },
        shortened(shortened(label.id, idRoom) + detail, characters));
      caption.append(svgElement('title', {}, label.id + label.detail + label.why));
      group.append(caption);
    }
    parts.push(group);
  }
  if (state.inactive) {
    const banner = svgElement('g', { class: 'banner' });
    const words = shortened('inactive: ' + state.inactive, Math.max(10, Math.floor((W - left - 20) / 7)));
    banner.append(svgElement('rect', { x: left, y: BANNER_BOTTOM - 20, width: Math.min(W - left - 4, 16 + Array.from(words).length * 6.8), height: 20, rx: 4 }),
      svgElement('text', { x: left + 8, y: 18 }, words));
    parts.push(banner);
  }
  drawing.replaceChildren(...parts);
}

function renderTable(state) {
  const body = [];
  state.rows.forEach((rows, p) => {
    const indices = Array.from(rows.keys()).sort((a, b) => a - b);
    for (const index of indices) {
      const row = rows.get(index);
      const tr = element('tr', 'row');
      const id = sectionName(state.layout, index);
      tr.setAttribute('data-policy', String(p));
      tr.setAttribute('data-id', id);
      tr.setAttribute('data-visibility', visibilityOf(row));
      tr.setAttribute('data-counting', countingName(row));
      if (state.inactive) tr.classList.add('inactive');
      tr.setAttribute('data-ratio', finite(row[3]).toFixed(3));
      tr.setAttribute('data-samples', String(finite(row[4])));
      tr.setAttribute('data-required', String(finite(row[5])));
      tr.setAttribute('data-percentage', String(inViewPercent(row)));
      tr.setAttribute('data-reasons', notInView(row));
      tr.setAttribute('data-area', areaInView(row).toFixed(3));
      // The id whole as text (clamped to three lines by the style) and as a tooltip.
      const idCell = element('td', 'id');
      idCell.title = id;
      idCell.append(element('span', '', id));
      tr.append(element('td', p === policy ? 'policy selected' : 'policy', policies[p].name), idCell,
        element('td', 'shows', visibilityWords(visibilityOf(row))), element('td', 'num', percent(row[3])),
        element('td', 'counting', text(row[8], countingName(row))), element('td', 'reason', text(row[6], '')),
        element('td', 'num in-view', inViewPercent(row) + '%'), element('td', 'not-in-view', notInView(row)));
      body.push(tr);
    }
  });
  if (body.length === 0) {
    const tr = element('tr', 'empty');
    const cell = element('td', '', 'No section on screen under any policy');
    cell.colSpan = 8;
    tr.append(cell);
    body.push(tr);
  }
  rowBody.replaceChildren(...body);
}

function renderImpressions() {
  const through = firedThrough(current);
  // Rebuilt only when it changes: a new impression, another policy, or the newest
  // one's sample reached or left (it is highlighted at its sample).
  const key = through + '/' + policy + '/' + (through > 0 && impressions[through - 1].k === current);
  if (key === listed) return;
  listed = key;
  byId('impressions-head').textContent = 'Impressions so far: ' + through + (through ? ' (newest first)' : '');
  const items = [];
  for (let i = through - 1; i >= 0 && i >= through - LISTED; i--) {
    const impression = impressions[i];
    const item = element('li', impression.k === current ? 'now' : '');
    const button = element('button');
    button.type = 'button';
    button.setAttribute('data-sample', String(impression.k));
    button.title = sectionName(impression.layout, impression.section) + ': go to sample ' + impression.k;
    const who = element('span', 'who' + (impression.policy === policy ? '' : ' other'));
    const swatch = element('span', 'swatch');
    swatch.style.background = colour(impression.policy);
    who.append(swatch, document.createTextNode(policies[impression.policy].name));
    button.append(element('span', 'when', seconds(timeAt(impression.k))), who, element('span', 'what', sectionName(impression.layout, impression.section)));
    item.append(button);
    items.push(item);
  }
  if (through > LISTED) items.push(element('li', 'more', (through - LISTED) + ' earlier'));
  if (through === 0) items.push(element('li', 'more', 'None yet'));
  list.replaceChildren(...items);
}

// ---- Moving: scrubbing, stepping, playing, the URL's #sample=K.
const clamp = (k) => Math.min(count - 1, Math.max(0, Math.round(finite(k))));
function go(k) {
  if (playing) pause();
  current = clamp(k);
  render();
  scheduleHash();
}
function readHash() {
  const sample = /(?:^#|&)sample=(\d+)/.exec(location.hash);
  const chosen = /(?:^#|&)policy=(\d+)/.exec(location.hash);
  if (chosen && Number(chosen[1]) < policies.length) {
    policy = Number(chosen[1]);
    const radio = policyBox.querySelector('input[value="' + policy + '"]');
    if (radio) radio.checked = true;
  }
  return sample ? clamp(Number(sample[1])) : firstLaidOut();
}
// Without #sample=K the page opens where the session is: the first sample with a
// layout of some section (a recorded session's sample 0 comes before its layout).
function firstLaidOut() {
  for (let k = 0; k < count; k++) {
    if (layoutAt(stateAt(k).layout).sections.length > 0) return k;
  }
  return 0;
}
function writeHash() {
  hashTimer = 0;
  const hash = '#sample=' + current + (policy ? '&policy=' + policy : '');
  if (location.hash === hash) return;
  try {
    history.replaceState(null, '', hash);
  } catch (error) {
    // Some browsers refuse history changes on file: pages; the page works without.
  }
}
// At most one history change every 300 ms: browsers throttle (and warn about) more.
function scheduleHash() {
  if (!hashTimer) hashTimer = setTimeout(writeHash, 300);
}
// Playing: a tick per sample (at most ~60 a second), the sample from the time
// elapsed, so a slow render skips samples instead of slowing the clock. Timers
// rather than animation frames: headless browsers' virtual time runs them.
function tick() {
  if (!playing) return;
  const rate = Number(speed.value) || 1;
  const k = clamp(playFrom + Math.floor(((performance.now() - playStart) * rate) / interval));
  if (k !== current) {
    current = k;
    render();
  }
  if (k >= count - 1) pause();
  else playTimer = setTimeout(tick, Math.max(15, interval / rate));
}
function start() {
  if (current >= count - 1) current = 0;
  playing = true;
  playFrom = current;
  playStart = performance.now();
  play.textContent = 'Pause';
  play.setAttribute('aria-pressed', 'true');
  playTimer = setTimeout(tick, Math.max(15, interval / (Number(speed.value) || 1)));
}
function pause() {
  playing = false;
  clearTimeout(playTimer);
  play.textContent = 'Play';
  play.setAttribute('aria-pressed', 'false');
  scheduleHash();
}
const toggle = () => (playing ? pause() : start());

play.addEventListener('click', toggle);
byId('back').addEventListener('click', () => go(current - 1));
byId('forward').addEventListener('click', () => go(current + 1));
speed.addEventListener('change', () => {
  playFrom = current;
  playStart = performance.now();
});
scrub.addEventListener('input', () => go(Number(scrub.value)));
ticks.addEventListener('click', (event) => {
  const box = ticks.getBoundingClientRect();
  if (box.width > 0) go(((event.clientX - box.left) / box.width) * (count - 1));
});
list.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-sample]');
  if (button) go(Number(button.getAttribute('data-sample')));
});
document.addEventListener('keydown', (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && (target.tagName === 'SELECT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
  const step = event.shiftKey ? 10 : 1;
  switch (event.key) {
    case 'ArrowLeft': go(current - step); break;
    case 'ArrowRight': go(current + step); break;
    case ' ': case 'Spacebar': toggle(); break;
    case 'Home': go(0); break;
    case 'End': go(count - 1); break;
    default: return;
  }
  event.preventDefault();
});
window.addEventListener('hashchange', () => {
  const k = readHash();
  if (k !== current) go(k);
  else render();
});
let resizing = 0;
window.addEventListener('resize', () => {
  if (!resizing) resizing = requestAnimationFrame(() => { resizing = 0; stageSize = null; render(); });
});

current = readHash();
render();
})();
