import { useId } from 'react';

/**
 * The drawn picture of a shop with nothing on sale yet, a pair of jhumkas: no download, crisp at any size.
 * Colours come from the enclosing tone class (--tone-main, --tone-accent).
 */

const MAIN = 'var(--tone-main)';
const ACCENT = 'var(--tone-accent)';

/** A shape in the main colour with the block-print pattern over it. */
function Printed({ d, pattern }: { d: string; pattern: string }) {
  return (
    <>
      <path d={d} fill={MAIN} />
      <path d={d} fill={`url(#${pattern})`} />
    </>
  );
}

const trim = (d: string, width = 4) => (
  <path d={d} fill="none" stroke={ACCENT} strokeWidth={width} strokeLinecap="round" strokeLinejoin="round" />
);

function jhumka(cx: number, pattern: string) {
  return (
    <g key={cx}>
      {trim(`M${cx} 50 q10 -14 0 -24`, 3)}
      <path d={`M${cx} 78 V100`} stroke={ACCENT} strokeWidth="3" />
      <circle cx={cx} cy={64} r={14} fill={MAIN} />
      <circle cx={cx} cy={64} r={6} fill={ACCENT} />
      <Printed d={`M${cx - 34} 150 Q${cx} 70 ${cx + 34} 150 Z`} pattern={pattern} />
      <rect x={cx - 37} y={146} width={74} height={9} rx={4} fill={ACCENT} />
      {[-28, -14, 0, 14, 28].map((dx) => (
        <g key={dx}>
          <path d={`M${cx + dx} 155 v14`} stroke={ACCENT} strokeWidth="2" />
          <circle cx={cx + dx} cy={173} r={4.5} fill={ACCENT} />
        </g>
      ))}
    </g>
  );
}

export function Art() {
  // ids from useId carry characters that do not belong in url(#…)
  const pattern = `buta-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg className="art" viewBox="0 0 200 240" aria-hidden="true" focusable="false">
      <defs>
        <pattern id={pattern} width="18" height="18" patternUnits="userSpaceOnUse">
          <circle cx="4.5" cy="4.5" r="2" fill="rgb(255 255 255 / 0.45)" />
          <path d="M13.5 10 l2.5 3.5 -2.5 3.5 -2.5 -3.5z" fill="rgb(255 255 255 / 0.3)" />
        </pattern>
      </defs>
      <circle cx="100" cy="124" r="92" fill="rgb(255 255 255 / 0.5)" />
      <ellipse cx="100" cy="228" rx="64" ry="7" fill="rgb(0 0 0 / 0.08)" />
      {[62, 138].map((cx) => jhumka(cx, pattern))}
    </svg>
  );
}
