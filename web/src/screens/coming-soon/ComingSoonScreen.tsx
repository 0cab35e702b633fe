import { useMediaQuery } from '../../components/useMediaQuery.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import './coming-soon.css';

const BUNTING = [
  'var(--saffron)',
  'var(--marigold)',
  'var(--brand)',
  '#0f6e68',
  'var(--marigold)',
  'var(--saffron)',
];

/** A single full-size picture (the spec's screens), drawn so there is nothing to download. */
export function ComingSoonScreen() {
  usePageTitle('Coming soon');
  // on a tall screen, frame the stall closely so it is not lost in the sky
  const portrait = useMediaQuery('(max-aspect-ratio: 1/1)');
  return (
    <div className="coming-soon">
      <h1 className="visually-hidden">Coming soon</h1>
      <svg
        className="coming-soon-art"
        viewBox={portrait ? '210 40 380 400' : '0 0 800 500'}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label="Coming soon: a new stall is being set up at the haat"
      >
        <defs>
          <linearGradient id="coming-soon-sky" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="500">
            <stop offset="0" stopColor="#fde7c7" />
            <stop offset="1" stopColor="#fbd3a6" />
          </linearGradient>
        </defs>
        {/* sky and ground run past the picture's edges, so any screen shape is filled */}
        <rect x="-3000" y="-3000" width="6800" height="6500" fill="url(#coming-soon-sky)" />
        <circle cx="640" cy="120" r="60" fill="#f8b84e" opacity="0.75" />
        <path d="M-3000 380 H0 Q200 340 400 372 T800 360 H3800 V3500 H-3000Z" fill="#e9c79f" />
        <path d="M40 60 Q400 140 760 60" fill="none" stroke="#8a6d5a" strokeWidth="3" />
        {BUNTING.map((color, i) => {
          const x = 100 + i * 120;
          // on the string's curve (a quadratic from x 40 to 760 sagging to y 100)
          const t = (x - 40) / 720;
          const y = 60 + 160 * t * (1 - t);
          return (
            <path key={x} d={`M${x - 22} ${y - 4} L${x + 22} ${y - 4} L${x} ${y + 36} Z`} fill={color} />
          );
        })}
        <g transform="translate(250 170)">
          <path d="M-30 50 L150 0 L330 50 Z" fill="var(--brand)" />
          <path d="M-30 50 h360 v18 h-360z" fill="var(--marigold)" />
          <rect x="0" y="68" width="300" height="150" fill="#fff7ec" />
          <rect x="0" y="68" width="300" height="150" fill="none" stroke="#c9a47e" strokeWidth="4" />
          <rect x="0" y="172" width="300" height="46" fill="var(--saffron)" />
          <text
            x="150"
            y="118"
            textAnchor="middle"
            fill="var(--brand)"
            fontFamily="Georgia, serif"
            fontSize="44"
            fontStyle="italic"
            fontWeight="700"
          >
            Coming soon
          </text>
          <text
            x="150"
            y="150"
            textAnchor="middle"
            fill="#5b463b"
            fontFamily="system-ui, sans-serif"
            fontSize="16"
            letterSpacing="3"
          >
            A NEW STALL AT THE HAAT
          </text>
          <rect x="-6" y="50" width="10" height="180" fill="#8a6d5a" />
          <rect x="296" y="50" width="10" height="180" fill="#8a6d5a" />
        </g>
      </svg>
    </div>
  );
}
