/** Small SVG building blocks for the demo art. Every drawing is laid out on a 600 x 800 canvas. */

export const WIDTH = 600;
export const HEIGHT = 800;
export const CX = WIDTH / 2;

export type Pt = readonly [number, number];
/** [dx, y] line, [cdx, cy, dx, y] quadratic or [c1dx, c1y, c2dx, c2y, dx, y] cubic, dx from the centre */
export type Seg = readonly number[];

const r = (v: number) => Math.round(v * 10) / 10;
const at = (side: number, dx: number, y: number, cx: number) => `${r(cx + side * dx)} ${r(y)}`;

/** The colours one product is painted in. */
export interface Paint {
  base: string;
  shade: string;
  light: string;
  /** motif and stitch colour, contrasting with base */
  ink: string;
  ink2: string;
  /** borders, zari and hardware */
  trim: string;
}

/**
 * A closed outline symmetric about x = cx: the right half is described from the top centre down,
 * and the left half is its mirror image traced back up.
 */
export function symmetric(start: Pt, segs: readonly Seg[], cx = CX): string {
  let d = `M${at(1, start[0], start[1], cx)}`;
  const ends: Pt[] = [start];
  for (const seg of segs) {
    const n = seg.length;
    const end: Pt = [seg[n - 2] ?? 0, seg[n - 1] ?? 0];
    if (n === 2) d += `L${at(1, end[0], end[1], cx)}`;
    else if (n === 4) d += `Q${at(1, seg[0] ?? 0, seg[1] ?? 0, cx)} ${at(1, end[0], end[1], cx)}`;
    else
      d += `C${at(1, seg[0] ?? 0, seg[1] ?? 0, cx)} ${at(1, seg[2] ?? 0, seg[3] ?? 0, cx)} ${at(1, end[0], end[1], cx)}`;
    ends.push(end);
  }
  const last = ends[ends.length - 1] ?? start;
  if (last[0] !== 0) d += `L${at(-1, last[0], last[1], cx)}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const seg = segs[i] ?? [];
    const to = ends[i] ?? start;
    if (seg.length === 2) d += `L${at(-1, to[0], to[1], cx)}`;
    else if (seg.length === 4) d += `Q${at(-1, seg[0] ?? 0, seg[1] ?? 0, cx)} ${at(-1, to[0], to[1], cx)}`;
    else
      d += `C${at(-1, seg[2] ?? 0, seg[3] ?? 0, cx)} ${at(-1, seg[0] ?? 0, seg[1] ?? 0, cx)} ${at(-1, to[0], to[1], cx)}`;
  }
  return `${d}Z`;
}

export function polygon(points: readonly Pt[]): string {
  return `M${points.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z`;
}

export function mirrorPoints(points: readonly Pt[], cx = CX): Pt[] {
  return points.map(([x, y]) => [2 * cx - x, y] as const);
}

const attrs = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? r(v) : v}"`)
    .join(' ');

export const el = (name: string, values: Record<string, string | number | undefined>, inner = '') =>
  inner ? `<${name} ${attrs(values)}>${inner}</${name}>` : `<${name} ${attrs(values)}/>`;

export interface ClothOptions {
  /** a paint other than the product's base (e.g. a contrast blouse) */
  fill?: string;
  /** whether the product's motif is printed on it (default true) */
  motif?: boolean;
  /** a border band between these y values, clipped to the piece */
  band?: readonly [number, number];
  opacity?: number;
}

/** One product drawing: defs (patterns, clips) and the shapes, with ids unique inside the image. */
export class Drawing {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private ids = 0;

  constructor(
    readonly paint: Paint,
    /** the id of the product's motif pattern, '' when plain */
    readonly motif: string,
  ) {}

  uid(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  def(markup: string): this {
    this.defs.push(markup);
    return this;
  }

  add(markup: string): this {
    this.parts.push(markup);
    return this;
  }

  /** a piece of cloth: colour, motif, volume shading, optional border band, outline */
  cloth(d: string, options: ClothOptions = {}): this {
    const { paint } = this;
    const fill = options.fill ?? paint.base;
    const layers = [el('path', { d, fill })];
    if (this.motif && options.motif !== false) layers.push(el('path', { d, fill: `url(#${this.motif})` }));
    if (options.band) {
      const clip = this.uid('clip');
      this.def(el('clipPath', { id: clip }, el('path', { d })));
      const [y0, y1] = options.band;
      layers.push(
        el(
          'g',
          { 'clip-path': `url(#${clip})` },
          this.bandStripes(-50, y0, WIDTH + 100, y1 - y0, paint.trim),
        ),
      );
    }
    layers.push(el('path', { d, fill: 'url(#shade)' }));
    layers.push(
      el('path', { d, fill: 'none', stroke: paint.shade, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }),
    );
    return this.add(
      options.opacity ? el('g', { opacity: options.opacity }, layers.join('')) : layers.join(''),
    );
  }

  /** a woven border: a band of trim colour with fine lines and a row of small lozenges */
  bandStripes(x: number, y: number, width: number, height: number, colour: string): string {
    const ink = this.paint.base;
    const parts = [el('rect', { x, y, width, height, fill: colour })];
    parts.push(el('rect', { x, y: y + 3, width, height: 2, fill: ink, opacity: 0.55 }));
    parts.push(el('rect', { x, y: y + height - 5, width, height: 2, fill: ink, opacity: 0.55 }));
    const step = Math.max(14, height * 0.9);
    for (let px = x; px < x + width; px += step) {
      const my = y + height / 2;
      const h = Math.max(3, height / 2 - 6);
      parts.push(
        el('path', {
          d: polygon([
            [px, my - h],
            [px + step / 3, my],
            [px, my + h],
            [px - step / 3, my],
          ]),
          fill: ink,
          opacity: 0.5,
        }),
      );
    }
    return parts.join('');
  }

  /** soft fold lines that give cloth some volume */
  folds(lines: readonly string[], opacity = 0.28): this {
    for (const d of lines) {
      this.add(
        el('path', {
          d,
          fill: 'none',
          stroke: this.paint.shade,
          'stroke-width': 3,
          'stroke-linecap': 'round',
          opacity,
        }),
      );
    }
    return this;
  }

  buttons(x: number, ys: readonly number[], radius = 5, colour = this.paint.trim): this {
    for (const y of ys)
      this.add(
        el('circle', { cx: x, cy: y, r: radius, fill: colour, stroke: this.paint.shade, 'stroke-width': 1 }),
      );
    return this;
  }

  stitches(d: string, colour = this.paint.ink, width = 2): this {
    return this.add(
      el('path', {
        d,
        fill: 'none',
        stroke: colour,
        'stroke-width': width,
        'stroke-dasharray': '7 5',
        opacity: 0.8,
      }),
    );
  }

  markup(): { defs: string; body: string } {
    return { defs: this.defs.join(''), body: this.parts.join('') };
  }
}
