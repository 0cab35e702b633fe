import { type ReactNode, useId } from 'react';

/**
 * Drawn pictures for the home page's slides and tiles: no downloads, crisp at any size.
 * Colours come from the enclosing tone class (--tone-main, --tone-accent).
 */

export type ArtKind =
  | 'kurti'
  | 'top'
  | 'dress'
  | 'coord'
  | 'handbag'
  | 'wallet'
  | 'backpack'
  | 'purse'
  | 'messenger'
  | 'jhumka';

const MAIN = 'var(--tone-main)';
const ACCENT = 'var(--tone-accent)';
const SHADE = 'rgb(0 0 0 / 0.16)';

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

const DRAWINGS: Record<ArtKind, (pattern: string) => ReactNode> = {
  kurti: (p) => (
    <>
      <Printed
        d="M80 28 Q100 48 120 28 L142 36 L172 96 L152 106 L136 76 L138 124 L150 214 L50 214 L62 124 L64 76 L48 106 L28 96 L58 36 Z"
        pattern={p}
      />
      <path d="M52 194 L148 194 L150 214 L50 214 Z" fill={ACCENT} />
      {trim('M80 28 Q100 48 120 28', 5)}
      {trim('M100 40 V86', 3)}
      {trim('M28 96 L48 106', 5)}
      {trim('M172 96 L152 106', 5)}
    </>
  ),
  top: (p) => (
    <>
      <Printed
        d="M82 56 Q100 72 118 56 L140 62 L170 100 L150 112 L136 92 L136 150 Q150 172 146 188 Q100 198 54 188 Q50 172 64 150 L64 92 L50 112 L30 100 L60 62 Z"
        pattern={p}
      />
      {trim('M82 56 Q100 72 118 56', 5)}
      {trim('M64 150 Q100 160 136 150', 4)}
      {trim('M30 100 L50 112', 5)}
      {trim('M170 100 L150 112', 5)}
    </>
  ),
  dress: (p) => (
    <>
      <Printed
        d="M78 24 L90 24 Q100 44 110 24 L122 24 L126 96 L124 108 L166 214 Q100 230 34 214 L76 108 L74 96 Z"
        pattern={p}
      />
      <path d="M74 96 L126 96 L124 110 L76 110 Z" fill={ACCENT} />
      {trim('M38 206 Q100 222 162 206', 4)}
    </>
  ),
  coord: (p) => (
    <>
      <Printed
        d="M80 22 Q100 36 120 22 L144 30 L162 68 L144 76 L134 58 L134 98 L66 98 L66 58 L56 76 L38 68 L56 30 Z"
        pattern={p}
      />
      <Printed d="M66 106 L134 106 L148 224 L108 224 L100 148 L92 224 L52 224 Z" pattern={p} />
      <path d="M66 106 h68 v9 h-68z" fill={ACCENT} />
      {trim('M80 22 Q100 36 120 22', 4)}
      {trim('M66 96 H134', 4)}
    </>
  ),
  handbag: (p) => (
    <>
      {trim('M70 96 Q70 40 100 40 Q130 40 130 96', 8)}
      <Printed d="M40 92 L160 92 L172 206 Q172 214 164 214 L36 214 Q28 214 28 206 Z" pattern={p} />
      <path d="M40 92 L160 92 L162 114 L38 114 Z" fill={SHADE} />
      <rect x="90" y="104" width="20" height="20" rx="4" fill={ACCENT} />
    </>
  ),
  wallet: (p) => (
    <>
      <rect x="52" y="78" width="64" height="30" rx="4" fill={ACCENT} transform="rotate(-8 84 93)" />
      <Printed
        d="M46 96 H154 Q166 96 166 108 V182 Q166 194 154 194 H46 Q34 194 34 182 V108 Q34 96 46 96 Z"
        pattern={p}
      />
      <path d="M46 96 H154 Q166 96 166 108 V138 Q100 164 34 138 V108 Q34 96 46 96 Z" fill={SHADE} />
      {trim('M34 138 Q100 164 166 138', 3)}
      <circle cx="100" cy="150" r="9" fill={ACCENT} />
    </>
  ),
  backpack: (p) => (
    <>
      <path d="M84 60 Q100 34 116 60" fill="none" stroke={MAIN} strokeWidth="8" strokeLinecap="round" />
      <Printed
        d="M86 56 H114 Q148 56 148 90 V200 Q148 216 132 216 H68 Q52 216 52 200 V90 Q52 56 86 56 Z"
        pattern={p}
      />
      {trim('M52 104 Q100 124 148 104', 4)}
      <rect x="66" y="140" width="68" height="60" rx="14" fill={SHADE} />
      {trim('M74 158 H126', 3)}
      <rect x="94" y="152" width="12" height="12" rx="3" fill={ACCENT} />
    </>
  ),
  purse: (p) => (
    <>
      <path d="M52 112 Q100 16 148 112" fill="none" stroke={ACCENT} strokeWidth="2.5" strokeDasharray="5 4" />
      <Printed d="M50 112 Q32 184 68 210 L132 210 Q168 184 150 112 Z" pattern={p} />
      {trim('M50 112 Q100 90 150 112', 8)}
      <circle cx="93" cy="96" r="7" fill={ACCENT} />
      <circle cx="107" cy="96" r="7" fill={ACCENT} />
    </>
  ),
  messenger: (p) => (
    <>
      <path
        d="M76 92 Q76 58 100 58 Q124 58 124 92"
        fill="none"
        stroke="#3b2a21"
        strokeWidth="9"
        strokeLinecap="round"
      />
      <Printed
        d="M40 88 H160 Q172 88 172 100 V194 Q172 206 160 206 H40 Q28 206 28 194 V100 Q28 88 40 88 Z"
        pattern={p}
      />
      <path d="M40 88 H160 Q172 88 172 100 V154 H28 V100 Q28 88 40 88 Z" fill={SHADE} />
      {trim('M66 120 V160', 4)}
      {trim('M134 120 V160', 4)}
      <rect x="57" y="150" width="18" height="24" rx="3" fill={ACCENT} />
      <rect x="125" y="150" width="18" height="24" rx="3" fill={ACCENT} />
    </>
  ),
  jhumka: (p) => <>{[62, 138].map((cx) => jhumka(cx, p))}</>,
};

export function Art({ kind }: { kind: ArtKind }) {
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
      {DRAWINGS[kind](pattern)}
    </svg>
  );
}
