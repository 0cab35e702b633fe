import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../../contract/paths.ts';
import { DEFAULT_SHOP_NAME } from '../../../../../contract/shop-constants.ts';
import { useShop } from '../../../../shared/api/shop.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import './no-response.css';

/** Shown when the server could not be reached at all (no answer, as opposed to an error answer). */
export function NoResponseScreen() {
  usePageTitle('No response');
  const navigate = useNavigate();
  // the name this tab already had: the server may be the one that cannot answer
  const shopName = useShop()?.name ?? DEFAULT_SHOP_NAME;
  // back to the screen that could not load, when there is one in this tab's history
  const retry = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate(paths.home()));
  return (
    <div className="art-screen no-response container">
      <svg className="no-response-art" viewBox="0 0 160 140" aria-hidden="true">
        <circle cx="80" cy="70" r="66" fill="var(--sand)" />
        <g fill="none" stroke="var(--brand)" strokeWidth="9" strokeLinecap="round">
          <path d="M36 62a62 62 0 0 1 88 0" />
          <path d="M52 78a38 38 0 0 1 56 0" />
          <path d="M67 93a15 15 0 0 1 26 0" />
        </g>
        <circle cx="80" cy="108" r="7" fill="var(--brand)" />
        <path d="M38 28l84 84" stroke="var(--saffron)" strokeWidth="9" strokeLinecap="round" />
      </svg>
      <h1>No response from the server</h1>
      <p>
        We could not reach {shopName} just now. Please check your internet connection; if it is working, our
        server may be busy. Try again in a moment.
      </p>
      <div className="no-response-actions">
        <button type="button" className="button button-primary" onClick={retry}>
          Try again
        </button>
        <Link to={paths.home()} className="button">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
