import { Link } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import './error.css';

/** Where screens send the shopper after a server failure (the spec's error catalogue). */
export function ErrorScreen() {
  usePageTitle('Server Error');
  return (
    <div className="art-screen error-screen container">
      <svg className="error-art" viewBox="0 0 240 200" role="img" aria-label="A server with a loose cable">
        <ellipse cx="120" cy="184" rx="92" ry="9" fill="var(--sand-deep)" />
        <g className="error-rack">
          <rect x="62" y="28" width="116" height="148" rx="12" fill="var(--ink)" />
          {[44, 88, 132].map((y) => (
            <g key={y}>
              <rect x="74" y={y} width="92" height="32" rx="6" fill="#4a362c" />
              <rect x="84" y={y + 13} width="44" height="6" rx="3" fill="#6f574a" />
              <circle className="error-led" cx="150" cy={y + 16} r="5" fill="var(--danger)" />
            </g>
          ))}
        </g>
        <g className="error-cable">
          <path
            d="M178 150 C205 150 210 120 196 104"
            fill="none"
            stroke="var(--saffron)"
            strokeWidth="6"
            strokeLinecap="round"
          />
          <rect x="186" y="88" width="18" height="18" rx="3" fill="var(--saffron)" />
          <path d="M190 88v-9M200 88v-9" stroke="var(--ink-soft)" strokeWidth="3" strokeLinecap="round" />
        </g>
        <g className="error-spark" fill="var(--marigold)">
          <path d="M214 64l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" />
          <circle cx="196" cy="58" r="3" />
        </g>
      </svg>
      <h1>Server Error</h1>
      <p>Something went wrong on our side. Please try again in a little while.</p>
      <Link to={paths.home()} className="button button-primary">
        Continue shopping
      </Link>
    </div>
  );
}
