import { hashString, Random } from '../../platform/random.ts';
import { backpack, handbag, handPurse, juteBag, slingBag, wallet } from './bags.ts';
import { brightness, darken, hexFor, lighten, mix } from './colour.ts';
import { bamboo, brass, jewellery, madhubani, pattachitra, stole } from './crafts.ts';
import { CX, Drawing, el, HEIGHT, type Paint, WIDTH } from './draw.ts';
import {
  type Box,
  type Cut,
  coOrdSet,
  dress,
  type Frame,
  foldedStack,
  frock,
  hoodie,
  jeans,
  kurta,
  kurtaPyjama,
  kurtaSet,
  kurti,
  lehenga,
  palazzo,
  SLEEVE_LENGTH,
  saree,
  sherwani,
  shirt,
  top,
  tshirt,
} from './garments.ts';
import { motifFor, motifPattern } from './motifs.ts';

/** What the demo art needs to know about a product. */
export interface ArtSubject {
  genre: string;
  color: string;
  /** the "Pattern" specification, e.g. "Block print" */
  pattern: string;
  /** the design: colour siblings share it, and with it their shape, motif and backdrop */
  design: string;
  /** the product's name, which may say which form it takes ("Brass Temple Bell", "Potli Bag") */
  name?: string;
  sleeve?: string;
  neck?: string;
  fit?: string;
  occasion?: readonly string[];
}

type Draw = (g: Drawing, cut: Cut, rng: Random, name: string) => Frame;

interface Kind {
  draw: Draw;
  /** cloth that can be shown folded and on a hanger */
  garment: boolean;
}

const garment = (draw: Draw): Kind => ({ draw, garment: true });
const thing = (draw: Draw): Kind => ({ draw, garment: false });

// first match wins: "Kurta set" before "Kurta", "T-shirt" before "Shirt", "Jute bag" before "bag"
const KINDS: readonly (readonly [RegExp, Kind])[] = [
  [/saree|sari/, thing(saree)],
  [/lehenga|ghagra/, thing(lehenga)],
  [/co.?ord/, garment(coOrdSet)],
  [/kurta pyjama/, garment(kurtaPyjama)],
  [/kurta set|salwar|suit/, garment(kurtaSet)],
  [/sherwani|achkan/, garment(sherwani)],
  [/kurti|tunic/, garment(kurti)],
  [/kurta/, garment((g, cut) => kurta(g, cut))],
  [/frock/, garment(frock)],
  [/dress|gown/, garment(dress)],
  [/hoodie|sweatshirt/, garment(hoodie)],
  [/t-?shirt|tee/, garment(tshirt)],
  [/shirt/, garment(shirt)],
  [/top|blouse/, garment(top)],
  [/jeans|denim/, garment(jeans)],
  [/palazzo|trouser|pant|pyjama/, garment(palazzo)],
  [/backpack/, thing(backpack)],
  [/sling/, thing(slingBag)],
  [/wallet/, thing(wallet)],
  [/purse|clutch|potli/, thing((g, _cut, rng, name) => handPurse(g, rng, name))],
  [/jute/, thing(juteBag)],
  [/bag|tote/, thing((g, _cut, rng, name) => handbag(g, rng, name))],
  [/dokra/, thing((g, _cut, rng) => jewellery(g, rng, true))],
  [/jewel|necklace|earring/, thing((g, _cut, rng) => jewellery(g, rng, false))],
  [/stole|dupatta|shawl|scarf/, thing(stole)],
  [/madhubani|mithila/, thing(madhubani)],
  [/pattachitra|painting|art/, thing(pattachitra)],
  [/bamboo|cane|basket/, thing((g, _cut, rng, name) => bamboo(g, rng, name))],
  [/brass|decor|diya|lamp/, thing((g, _cut, rng, name) => brass(g, rng, name))],
];

const UNKNOWN: Kind = garment(foldedStack);

type Words<T> = readonly (readonly [RegExp, T])[];

/** the value of the first pattern the text matches, as KINDS does for genres */
const firstMatch = <T>(text: string | undefined, table: Words<T>, fallback: T): T =>
  table.find(([words]) => words.test((text ?? '').toLowerCase()))?.[1] ?? fallback;

const SLEEVES: Words<number> = [
  [/sleeveless/, SLEEVE_LENGTH.none],
  [/cap/, SLEEVE_LENGTH.cap],
  [/short|half/, SLEEVE_LENGTH.short],
  [/elbow/, SLEEVE_LENGTH.elbow],
  [/three|3\/4|quarter/, SLEEVE_LENGTH.threeQuarter],
  [/full|long/, SLEEVE_LENGTH.full],
];

const NECKS: Words<Cut['neck']> = [
  [/hood/, 'hood'],
  [/mandarin|band|chinese|nehru/, 'mandarin'],
  [/collar|polo/, 'collar'],
  [/\bv\b|v-neck/, 'v'],
  [/square|sweetheart/, 'square'],
  [/boat|bateau/, 'boat'],
];

const FITS: Words<Cut['fit']> = [
  [/anarkali|flare|umbrella|skater/, 'flared'],
  [/a-line|a line/, 'a-line'],
  [/slim|skinny|bodycon|fitted/, 'fitted'],
  [/wide|bootcut/, 'wide'],
];

function cutOf(subject: ArtSubject): Cut {
  const festive = (subject.occasion ?? []).some((o) => /festive|wedding|puja/i.test(o));
  return {
    sleeve: firstMatch(subject.sleeve, SLEEVES, SLEEVE_LENGTH.short),
    neck: firstMatch(subject.neck, NECKS, 'round'),
    fit: firstMatch(subject.fit, FITS, 'straight'),
    ethnic: festive || /kurt|saree|lehenga|sherwani|anarkali/i.test(subject.genre),
  };
}

function paintOf(subject: ArtSubject, rng: Random): Paint {
  const base = hexFor(subject.color);
  const light = brightness(base) > 0.62;
  const inks = light
    ? [darken(base, 0.6), '#7d1a2c', '#1f2c5c', '#11807e', '#c62a2f']
    : [lighten(base, 0.7), '#f4ead5', '#f0c534', '#f3a6c4', '#9fd8c0'];
  const [ink = base, ink2 = base] = rng.sample(inks, 2);
  return {
    base,
    shade: darken(base, 0.38),
    light: lighten(base, 0.4),
    ink,
    ink2,
    trim: light ? '#a5802c' : rng.pick(['#d8b04e', '#e2bf5f', '#c9a24a']),
  };
}

const BACKDROPS = ['#f4ede3', '#e9f0f3', '#f3e7ec', '#edf2e6', '#efeaf6', '#f6f0dc', '#f2e9e1', '#e6eef0'];
const DEEP_BACKDROPS = ['#c9bfb3', '#b9c4cc', '#c8b7b0', '#b7c2b0'];
const WOODS = ['#a7744a', '#8e6240', '#b88a5e', '#7c5538'];

function backdropColour(paint: Paint, rng: Random): string {
  return brightness(paint.base) > 0.83 ? rng.pick(DEEP_BACKDROPS) : rng.pick(BACKDROPS);
}

/** a softly lit studio backdrop with a shadow where the product rests */
function studio(colour: string, floorY: number): string {
  return (
    el(
      'radialGradient',
      { id: 'spot', cx: 0.5, cy: 0.4, r: 0.75 },
      el('stop', { offset: 0, 'stop-color': lighten(colour, 0.55) }) +
        el('stop', { offset: 1, 'stop-color': colour }),
    ) +
    el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: 'url(#spot)' }) +
    el('ellipse', {
      cx: CX,
      cy: Math.min(floorY, 780),
      rx: 200,
      ry: 18,
      fill: darken(colour, 0.5),
      opacity: 0.28,
      filter: 'url(#blur)',
    })
  );
}

/** a painted wall above a wooden table or floor */
function room(wall: string, wood: string, horizon: number): string {
  let planks = '';
  for (let y = horizon + 40; y < HEIGHT; y += 46) planks += `M0 ${y}H${WIDTH}`;
  return (
    el('rect', { x: 0, y: 0, width: WIDTH, height: horizon, fill: wall }) +
    el('rect', { x: 0, y: horizon, width: WIDTH, height: HEIGHT - horizon, fill: wood }) +
    el('path', { d: planks, stroke: darken(wood, 0.25), 'stroke-width': 2, opacity: 0.5 }) +
    el('rect', { x: 0, y: horizon, width: WIDTH, height: 8, fill: darken(wood, 0.3) })
  );
}

function marigolds(x: number, y: number): string {
  const leaves =
    el('ellipse', {
      cx: x - 30,
      cy: y + 10,
      rx: 34,
      ry: 12,
      fill: '#4f7f3a',
      transform: `rotate(-25 ${x - 30} ${y + 10})`,
    }) +
    el('ellipse', {
      cx: x + 34,
      cy: y + 16,
      rx: 30,
      ry: 11,
      fill: '#5d8f43',
      transform: `rotate(20 ${x + 34} ${y + 16})`,
    });
  let flowers = '';
  for (const [dx, dy, r] of [
    [0, 0, 26],
    [40, -18, 20],
    [-36, -20, 18],
  ] as const) {
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      flowers += el('circle', {
        cx: x + dx + Math.cos(a) * r * 0.55,
        cy: y + dy + Math.sin(a) * r * 0.55,
        r: r * 0.45,
        fill: i % 2 ? '#f08a1c' : '#f6b21b',
      });
    }
    flowers += el('circle', { cx: x + dx, cy: y + dy, r: r * 0.3, fill: '#c9531a' });
  }
  return leaves + flowers;
}

function hanger(y: number): string {
  return (
    el('path', {
      d: `M${CX} ${y - 6}L${CX} ${y - 52}Q${CX} ${y - 88} ${CX + 26} ${y - 88}Q${CX + 48} ${y - 84} ${CX + 42} ${y - 62}`,
      fill: 'none',
      stroke: '#8a8f96',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }) +
    el('path', {
      d: `M${CX - 165} ${y + 34}L${CX} ${y - 10}L${CX + 165} ${y + 34}`,
      fill: 'none',
      stroke: '#8b5a2b',
      'stroke-width': 14,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    })
  );
}

const COMMON_DEFS =
  el(
    'linearGradient',
    { id: 'shade', x1: 0, y1: 0, x2: 1, y2: 0 },
    el('stop', { offset: 0, 'stop-color': '#000', 'stop-opacity': 0.2 }) +
      el('stop', { offset: 0.3, 'stop-color': '#fff', 'stop-opacity': 0.1 }) +
      el('stop', { offset: 0.6, 'stop-color': '#fff', 'stop-opacity': 0 }) +
      el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.24 }),
  ) +
  el(
    'filter',
    { id: 'blur', x: -0.5, y: -2, width: 2, height: 5 },
    el('feGaussianBlur', { stdDeviation: 10 }),
  );

function svgDocument(box: Box, width: number, defs: string, body: string): string {
  const height = Math.round((width * 4) / 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${box.join(' ')}" preserveAspectRatio="xMidYMid slice"><defs>${COMMON_DEFS}${defs}</defs>${body}</svg>`;
}

interface Drawn {
  frame: Frame;
  defs: string;
  body: string;
  paint: Paint;
  kind: Kind;
}

function drawProduct(subject: ArtSubject, kind = firstMatch(subject.genre, KINDS, UNKNOWN)): Drawn {
  const rng = new Random(`art:${subject.design}`);
  const paint = paintOf(subject, rng);
  const motif = motifFor(subject.pattern);
  const g = new Drawing(paint, 'motif');
  g.def(motifPattern('motif', motif, paint, rng.next()));
  const frame = kind.draw(g, cutOf(subject), rng, (subject.name ?? '').toLowerCase());
  const { defs, body } = g.markup();
  return { frame, defs, body, paint, kind };
}

const FULL: Box = [0, 0, WIDTH, HEIGHT];
const around = (transform: string, body: string) => el('g', { transform }, body);

/**
 * Photo `photo` (1-5) of a product: 1 the front in the studio, 2 a close-up of the cloth or motif,
 * 3 on a hanger (or another backdrop), 4 folded on a shelf (or set on a table), 5 a detail from behind.
 */
export function productSvg(subject: ArtSubject, photo: number, width: number): string {
  const view = ((Math.max(1, photo) - 1) % 5) + 1;
  const drawn = drawProduct(subject);
  const { frame, paint, kind } = drawn;
  const rng = new Random(`backdrop:${subject.design}:${view}`);
  const backdrop = backdropColour(paint, rng);
  switch (view) {
    case 2:
      return svgDocument(frame.focus, width, drawn.defs, studio(backdrop, frame.floorY) + drawn.body);
    case 3: {
      const wall = mix(backdrop, rng.pick(['#d7c4a3', '#b8cbd6', '#d9b8b8', '#c3d1b5']), 0.5);
      const hang = kind.garment && frame.hangerY !== undefined ? hanger(frame.hangerY) : '';
      const scene = room(wall, rng.pick(WOODS), 720);
      return svgDocument(
        FULL,
        width,
        drawn.defs,
        scene + around(`rotate(-2 ${CX} 400) translate(30 40) scale(0.9)`, hang + drawn.body),
      );
    }
    case 4: {
      const scene = room(backdrop, rng.pick(WOODS), 360);
      if (kind.garment) {
        const folded = drawProduct(subject, { draw: foldedStack, garment: true });
        return svgDocument(
          FULL,
          width,
          folded.defs,
          scene + around('translate(0 40)', folded.body) + marigolds(500, 740),
        );
      }
      return svgDocument(
        FULL,
        width,
        drawn.defs,
        scene + around(`rotate(5 ${CX} 400) translate(55 110) scale(0.82)`, drawn.body) + marigolds(90, 730),
      );
    }
    case 5:
      return svgDocument(
        frame.detail,
        width,
        drawn.defs,
        studio(backdrop, frame.floorY) + around(`translate(${WIDTH} 0) scale(-1 1)`, drawn.body),
      );
    default:
      return svgDocument(FULL, width, drawn.defs, studio(backdrop, frame.floorY) + drawn.body);
  }
}

/** A shopper's own photo of the product: at home, at an angle, in warm indoor light. */
export function reviewSvg(subject: ArtSubject, variant: string, width: number): string {
  const drawn = drawProduct(subject);
  const rng = new Random(hashString(`review:${variant}`));
  const cloth = rng.pick(['#e7d3b0', '#cfdde6', '#e9c9cf', '#d6e3c8', '#efe7d6']);
  const stripes = el(
    'pattern',
    {
      id: 'sheet',
      width: 60,
      height: 60,
      patternUnits: 'userSpaceOnUse',
      patternTransform: `rotate(${rng.int(-20, 20)})`,
    },
    el('rect', { x: 0, y: 0, width: 60, height: 60, fill: cloth }) +
      el('rect', { x: 0, y: 0, width: 12, height: 60, fill: darken(cloth, 0.12) }),
  );
  const vignette = el(
    'radialGradient',
    { id: 'vignette', cx: 0.5, cy: 0.5, r: 0.7 },
    el('stop', { offset: 0.6, 'stop-color': '#000', 'stop-opacity': 0 }) +
      el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.45 }),
  );
  const angle = rng.int(-12, 12);
  const body =
    el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: 'url(#sheet)' }) +
    around(`rotate(${angle} ${CX} 400) translate(45 60) scale(0.85)`, drawn.body) +
    el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: '#ffb35c', opacity: 0.12 }) +
    el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: 'url(#vignette)' });
  return svgDocument(FULL, width, drawn.defs + stripes + vignette, body);
}
