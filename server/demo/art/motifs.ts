import { hashString } from '../../platform/random.ts';
import { el, type Paint, polygon } from './draw.ts';

/** The printed or woven motifs the demo art knows, chosen from a product's "Pattern". */
export type Motif =
  | 'solid'
  | 'buti'
  | 'bandhani'
  | 'leheriya'
  | 'ikat'
  | 'stripes'
  | 'checks'
  | 'polka'
  | 'paisley'
  | 'floral'
  | 'chikan'
  | 'zari'
  | 'chevron'
  | 'ajrakh'
  | 'quilted'
  | 'denim'
  | 'grain'
  | 'kantha'
  | 'weave';

// first match wins: "Block print" is a buti before it is a print
const MOTIF_WORDS: readonly (readonly [RegExp, Motif])[] = [
  [/block|buti|dabu|bagru|sanganer/, 'buti'],
  [/bandhani|bandhej|tie.?dye/, 'bandhani'],
  [/leheriya/, 'leheriya'],
  [/ikat|pochampally|sambalpuri|patola/, 'ikat'],
  [/chikan|lucknowi/, 'chikan'],
  [/stripe/, 'stripes'],
  [/check|plaid|gingham/, 'checks'],
  [/polka|dot/, 'polka'],
  [/paisley|kalamkari/, 'paisley'],
  [/zari|banarasi|brocade|kanjeevaram|jamdani/, 'zari'],
  [/geometric|chevron|zig/, 'chevron'],
  [/ajrakh/, 'ajrakh'],
  [/quilt/, 'quilted'],
  [/denim|wash|distress/, 'denim'],
  [/leather|textur|grain/, 'grain'],
  [/kantha|running stitch/, 'kantha'],
  [/woven|weave|jute|cane/, 'weave'],
  [/solid|plain/, 'solid'],
  [/floral|print|batik|embroider|mirror/, 'floral'],
];

const FALLBACK: readonly Motif[] = ['buti', 'floral', 'stripes', 'paisley', 'polka', 'chevron'];

export function motifFor(pattern: string): Motif {
  const text = pattern.toLowerCase();
  const found = MOTIF_WORDS.find(([words]) => words.test(text));
  if (found) return found[1];
  return FALLBACK[hashString(text) % FALLBACK.length] ?? 'solid';
}

// librsvg pays for every tile it lays, so small motifs are repeated inside one larger tile
const MIN_TILE = 96;

function tile(id: string, width: number, height: number, inner: string, transform?: string): string {
  const across = Math.ceil(MIN_TILE / width);
  const down = Math.ceil(MIN_TILE / height);
  let content = '';
  for (let x = 0; x < across; x++) {
    for (let y = 0; y < down; y++) {
      content += x || y ? el('g', { transform: `translate(${x * width} ${y * height})` }, inner) : inner;
    }
  }
  const size = { width: width * across, height: height * down };
  return el('pattern', { id, ...size, patternUnits: 'userSpaceOnUse', patternTransform: transform }, content);
}

/** fine diagonal lines (a weave's twill) as one path in one tile */
function hatch(id: string, gap: number, stroke: string, width: number, opacity: number): string {
  const size = gap * Math.ceil(MIN_TILE / gap);
  let d = '';
  for (let c = gap; c <= 2 * size; c += gap) d += `M${c} 0L${c - size} ${size}`;
  return el(
    'pattern',
    { id, width: size, height: size, patternUnits: 'userSpaceOnUse' },
    el('path', { d, stroke, 'stroke-width': width, opacity }),
  );
}

function flower(x: number, y: number, size: number, petals: string, centre: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (i * Math.PI) / 3;
    parts.push(
      el('ellipse', {
        cx: x + Math.cos(angle) * size * 0.55,
        cy: y + Math.sin(angle) * size * 0.55,
        rx: size * 0.42,
        ry: size * 0.28,
        fill: petals,
        transform: `rotate(${(i * 60).toFixed(0)} ${x + Math.cos(angle) * size * 0.55} ${y + Math.sin(angle) * size * 0.55})`,
      }),
    );
  }
  parts.push(el('circle', { cx: x, cy: y, r: size * 0.28, fill: centre }));
  return parts.join('');
}

function paisley(x: number, y: number, size: number, fill: string, dot: string, flip = false): string {
  const s = size;
  const d = `M${x} ${y + s}C${x - s * 0.9} ${y + s} ${x - s} ${y - s * 0.2} ${x - s * 0.2} ${y - s * 0.5}C${x + s * 0.5} ${y - s * 0.8} ${x + s * 0.9} ${y - s * 1.4} ${x + s * 0.6} ${y - s * 1.7}C${x + s * 1.4} ${y - s * 1.2} ${x + s * 1.2} ${y + s} ${x} ${y + s}Z`;
  const t = flip ? `rotate(180 ${x} ${y})` : undefined;
  return el(
    'g',
    { transform: t },
    el('path', { d, fill }) + el('circle', { cx: x + s * 0.1, cy: y + s * 0.2, r: s * 0.28, fill: dot }),
  );
}

/** The <pattern> for a motif, or '' for a plain cloth. `variant` (0-1) varies scale and spacing. */
export function motifPattern(id: string, motif: Motif, paint: Paint, variant: number): string {
  const { ink, ink2, base, shade, trim } = paint;
  const k = 0.85 + variant * 0.4;
  switch (motif) {
    case 'solid':
      return hatch(id, 8, shade, 1, 0.15);
    case 'buti': {
      const s = 56 * k;
      return tile(
        id,
        s,
        s,
        flower(s / 4, s / 4, 9 * k, ink, ink2) + flower((3 * s) / 4, (3 * s) / 4, 9 * k, ink2, ink),
      );
    }
    case 'bandhani': {
      const s = 34 * k;
      const dot = (x: number, y: number) =>
        el('circle', { cx: x, cy: y, r: 3.4, fill: ink }) +
        el('circle', { cx: x, cy: y, r: 1.3, fill: base });
      return tile(
        id,
        s,
        s,
        dot(s / 2, s / 4) +
          dot(s / 4, s / 2) +
          dot((3 * s) / 4, s / 2) +
          dot(s / 2, (3 * s) / 4) +
          dot(0, 0) +
          dot(s, 0) +
          dot(0, s) +
          dot(s, s),
      );
    }
    case 'leheriya':
      return tile(
        id,
        36 * k,
        36 * k,
        el('rect', { x: 0, y: 0, width: 10 * k, height: 36 * k, fill: ink, opacity: 0.85 }) +
          el('rect', { x: 18 * k, y: 0, width: 5 * k, height: 36 * k, fill: ink2, opacity: 0.8 }),
        'rotate(35)',
      );
    case 'ikat': {
      const w = 64 * k;
      const h = 44 * k;
      const step = (cx: number, cy: number, fill: string) =>
        el('path', {
          d: polygon([
            [cx, cy - h * 0.42],
            [cx + 4, cy - h * 0.3],
            [cx + w * 0.18, cy - 6],
            [cx + w * 0.32, cy],
            [cx + w * 0.18, cy + 6],
            [cx + 4, cy + h * 0.3],
            [cx, cy + h * 0.42],
            [cx - 4, cy + h * 0.3],
            [cx - w * 0.18, cy + 6],
            [cx - w * 0.32, cy],
            [cx - w * 0.18, cy - 6],
            [cx - 4, cy - h * 0.3],
          ]),
          fill,
        });
      return tile(
        id,
        w,
        h,
        step(w / 2, h / 2, ink) +
          el('circle', { cx: w / 2, cy: h / 2, r: 5, fill: ink2 }) +
          step(0, 0, ink2) +
          step(w, 0, ink2) +
          step(0, h, ink2) +
          step(w, h, ink2),
      );
    }
    case 'stripes': {
      const s = 30 * k;
      return tile(
        id,
        s,
        10,
        el('rect', { x: 0, y: 0, width: s * 0.3, height: 10, fill: ink }) +
          el('rect', { x: s * 0.55, y: 0, width: 3, height: 10, fill: ink2 }),
      );
    }
    case 'checks': {
      const s = 44 * k;
      return tile(
        id,
        s,
        s,
        el('rect', { x: 0, y: 0, width: s * 0.4, height: s, fill: ink, opacity: 0.45 }) +
          el('rect', { x: 0, y: 0, width: s, height: s * 0.4, fill: ink, opacity: 0.45 }) +
          el('rect', { x: s * 0.7, y: 0, width: 2, height: s, fill: ink2, opacity: 0.8 }) +
          el('rect', { x: 0, y: s * 0.7, width: s, height: 2, fill: ink2, opacity: 0.8 }),
      );
    }
    case 'polka': {
      const s = 40 * k;
      return tile(
        id,
        s,
        s,
        el('circle', { cx: s / 4, cy: s / 4, r: 5.5 * k, fill: ink }) +
          el('circle', { cx: (3 * s) / 4, cy: (3 * s) / 4, r: 5.5 * k, fill: ink }),
      );
    }
    case 'paisley': {
      const s = 76 * k;
      return tile(
        id,
        s,
        s,
        paisley(s * 0.28, s * 0.32, 11 * k, ink, ink2) +
          paisley(s * 0.74, s * 0.78, 11 * k, ink2, ink, true) +
          el('circle', { cx: s * 0.75, cy: s * 0.22, r: 3, fill: ink }),
      );
    }
    case 'floral': {
      const s = 92 * k;
      const leaf = (x: number, y: number, a: number) =>
        el('ellipse', {
          cx: x,
          cy: y,
          rx: 10 * k,
          ry: 4 * k,
          fill: ink2,
          transform: `rotate(${a} ${x} ${y})`,
          opacity: 0.9,
        });
      return tile(
        id,
        s,
        s,
        leaf(s * 0.42, s * 0.38, 30) +
          flower(s * 0.28, s * 0.28, 15 * k, ink, trim) +
          leaf(s * 0.62, s * 0.86, -30) +
          flower(s * 0.78, s * 0.74, 11 * k, ink, ink2),
      );
    }
    case 'chikan': {
      const s = 60 * k;
      const vine = el('path', {
        d: `M0 ${s * 0.8}Q${s * 0.5} ${s * 0.5} ${s} ${s * 0.8}`,
        fill: 'none',
        stroke: ink,
        'stroke-width': 1.5,
        'stroke-dasharray': '3 3',
        opacity: 0.9,
      });
      return tile(
        id,
        s,
        s,
        vine +
          flower(s * 0.5, s * 0.28, 8 * k, ink, base) +
          flower(0, s * 0.8, 5, ink, base) +
          flower(s, s * 0.8, 5, ink, base),
      );
    }
    case 'zari': {
      const s = 48 * k;
      const star = (x: number, y: number, z: number) =>
        el('path', {
          d: polygon([
            [x, y - z],
            [x + z * 0.35, y - z * 0.35],
            [x + z, y],
            [x + z * 0.35, y + z * 0.35],
            [x, y + z],
            [x - z * 0.35, y + z * 0.35],
            [x - z, y],
            [x - z * 0.35, y - z * 0.35],
          ]),
          fill: trim,
        });
      return tile(id, s, s, star(s / 4, s / 4, 7 * k) + star((3 * s) / 4, (3 * s) / 4, 5 * k));
    }
    case 'chevron': {
      const w = 40 * k;
      const h = 24 * k;
      return tile(
        id,
        w,
        h,
        el('path', {
          d: `M0 ${h * 0.7}L${w / 2} ${h * 0.2}L${w} ${h * 0.7}`,
          fill: 'none',
          stroke: ink,
          'stroke-width': 5 * k,
        }) +
          el('path', {
            d: `M0 ${h}L${w / 2} ${h * 0.5}L${w} ${h}`,
            fill: 'none',
            stroke: ink2,
            'stroke-width': 1.5,
          }),
      );
    }
    case 'ajrakh': {
      const s = 52 * k;
      const c = s / 2;
      const star = polygon(
        Array.from({ length: 16 }, (_, i) => {
          const radius = i % 2 === 0 ? s * 0.36 : s * 0.2;
          const a = (i * Math.PI) / 8;
          return [c + Math.cos(a) * radius, c + Math.sin(a) * radius] as const;
        }),
      );
      return tile(
        id,
        s,
        s,
        el('rect', { x: 0, y: 0, width: s, height: s, fill: 'none', stroke: ink2, 'stroke-width': 3 }) +
          el('path', { d: star, fill: ink }) +
          el('circle', { cx: c, cy: c, r: s * 0.08, fill: ink2 }),
      );
    }
    case 'quilted': {
      const s = 34;
      return tile(
        id,
        s,
        s,
        el('path', { d: `M0 0L${s} ${s}M${s} 0L0 ${s}`, stroke: shade, 'stroke-width': 2, opacity: 0.5 }),
      );
    }
    case 'denim':
      return hatch(id, 7, '#ffffff', 1.2, 0.12);
    case 'grain':
      return tile(
        id,
        23,
        19,
        el('circle', { cx: 4, cy: 5, r: 1.4, fill: shade, opacity: 0.35 }) +
          el('circle', { cx: 15, cy: 12, r: 1.1, fill: shade, opacity: 0.3 }) +
          el('circle', { cx: 9, cy: 16, r: 0.9, fill: '#ffffff', opacity: 0.15 }),
      );
    case 'kantha': {
      const s = 16 * k;
      return tile(
        id,
        60,
        s,
        el('path', {
          d: `M0 ${s / 2}H60`,
          stroke: ink,
          'stroke-width': 2,
          'stroke-dasharray': '6 4',
          opacity: 0.9,
        }),
      );
    }
    case 'weave': {
      const s = 16;
      return tile(
        id,
        s,
        s,
        el('rect', { x: 0, y: 0, width: s / 2, height: s / 2, fill: shade, opacity: 0.25 }) +
          el('rect', { x: s / 2, y: s / 2, width: s / 2, height: s / 2, fill: shade, opacity: 0.25 }) +
          el('path', {
            d: `M0 ${s / 4}H${s / 2}M${s / 2} ${(3 * s) / 4}H${s}`,
            stroke: '#ffffff',
            'stroke-width': 1,
            opacity: 0.25,
          }),
      );
    }
  }
}
