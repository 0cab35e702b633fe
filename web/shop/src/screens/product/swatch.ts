/**
 * The shop's colour names, painted as the demo photos paint them (server/demo/art/colour.ts);
 * keep the two in step, or move the palette into contract/ so both import it.
 */
const SHADES: Record<string, string> = {
  red: '#c62a2f',
  maroon: '#7d1a2c',
  wine: '#5c1a33',
  'rani pink': '#d81b7a',
  pink: '#ee8fb1',
  peach: '#f4ac8a',
  coral: '#ef6f5a',
  orange: '#e8731c',
  rust: '#b3481f',
  mustard: '#d4a21a',
  yellow: '#f0c534',
  gold: '#c9a24a',
  beige: '#dcc7a6',
  cream: '#f1e6cc',
  'off white': '#f4f1e8',
  white: '#fafafa',
  grey: '#8a8e93',
  black: '#26262a',
  navy: '#1f2c5c',
  indigo: '#2f3f8f',
  blue: '#2f6fc0',
  'sky blue': '#7fb6e6',
  teal: '#11807e',
  turquoise: '#2fb3c2',
  mint: '#9fd8c0',
  'bottle green': '#0f5a3f',
  green: '#3d9140',
  olive: '#6f7a32',
  lavender: '#b7a0d9',
  purple: '#6a2c8f',
  magenta: '#a3135f',
  brown: '#6e4326',
  tan: '#c2976a',
  terracotta: '#b9603a',
  'antique gold': '#a8823a',
  copper: '#b0643a',
  natural: '#cdb489',
};

const MULTI = 'conic-gradient(#c62f2f 0 25%, #efc93a 0 50%, #2f8a4a 0 75%, #2d64c8 0)';

/** A CSS background for a colour name: our shades, then CSS's own names, then a neutral pattern. */
export function swatchBackground(color: string): string {
  const name = color.trim().toLowerCase();
  if (name.startsWith('multi')) return MULTI;
  const shade = SHADES[name];
  if (shade) return shade;
  const css = name.replace(/\s+/g, '');
  if (typeof CSS !== 'undefined' && CSS.supports('color', css)) return css;
  return 'repeating-linear-gradient(45deg, #d8c9b8 0 4px, #f3ebe1 4px 8px)';
}
