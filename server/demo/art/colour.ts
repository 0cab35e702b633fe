import { hashString } from '../../platform/random.ts';

/** The shop's colour names (as products and filters spell them) and how the demo art paints them. */
const PALETTE = {
  Red: '#c62a2f',
  Maroon: '#7d1a2c',
  Wine: '#5c1a33',
  'Rani Pink': '#d81b7a',
  Pink: '#ee8fb1',
  Peach: '#f4ac8a',
  Coral: '#ef6f5a',
  Orange: '#e8731c',
  Rust: '#b3481f',
  Mustard: '#d4a21a',
  Yellow: '#f0c534',
  Gold: '#c9a24a',
  Beige: '#dcc7a6',
  Cream: '#f1e6cc',
  'Off White': '#f4f1e8',
  White: '#fafafa',
  Grey: '#8a8e93',
  Black: '#26262a',
  Navy: '#1f2c5c',
  Indigo: '#2f3f8f',
  Blue: '#2f6fc0',
  'Sky Blue': '#7fb6e6',
  Teal: '#11807e',
  Turquoise: '#2fb3c2',
  Mint: '#9fd8c0',
  'Bottle Green': '#0f5a3f',
  Green: '#3d9140',
  Olive: '#6f7a32',
  Lavender: '#b7a0d9',
  Purple: '#6a2c8f',
  Magenta: '#a3135f',
  Brown: '#6e4326',
  Tan: '#c2976a',
  Terracotta: '#b9603a',
  'Antique Gold': '#a8823a',
  Copper: '#b0643a',
  Natural: '#cdb489',
} as const;

export type ColourName = keyof typeof PALETTE;

const HEX = /^#[0-9a-f]{6}$/;

/** The paint for a colour name; a name we do not know (a shop owner's own) still gets a stable hue. */
export function hexFor(name: string): string {
  const known = (PALETTE as Record<string, string>)[name];
  if (known) return known;
  const hue = hashString(name.toLowerCase()) % 360;
  return hsl(hue, 0.55, 0.45);
}

function hsl(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return toHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

function parse(hex: string): [number, number, number] {
  if (!HEX.test(hex)) throw new Error(`not a colour: ${hex}`);
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** a blend of two colours: amount 0 is `a`, 1 is `b` */
export function mix(a: string, b: string, amount: number): string {
  const x = parse(a);
  const y = parse(b);
  return toHex(x.map((c, i) => c + ((y[i] ?? c) - c) * amount));
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** relative brightness 0 (black) to 1 (white), good enough to pick a contrasting ink */
export function brightness(hex: string): number {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
