import { Link } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import { useShop } from '../../../shared/api/shop.ts';

/**
 * The shop's mark: the owner's uploaded logo, or else a drawn marigold (nothing to download) and the
 * shop's name, which appears once GET /api/shop answers so that no other name flashes first.
 */
export function Logo({ onClick }: { onClick?: () => void }) {
  const shop = useShop();
  return (
    <Link to={paths.home()} className="logo" aria-label={shop?.name ?? 'Home'} onClick={onClick}>
      {shop?.logoUrl ? (
        <img className="logo-image" src={shop.logoUrl} alt="" height={36} />
      ) : (
        <>
          <svg
            className="logo-mark"
            viewBox="0 0 32 32"
            width="30"
            height="30"
            aria-hidden="true"
            focusable="false"
          >
            <g fill="var(--marigold)">
              <circle cx="16" cy="7" r="5" />
              <circle cx="25" cy="16" r="5" />
              <circle cx="16" cy="25" r="5" />
              <circle cx="7" cy="16" r="5" />
            </g>
            <circle cx="16" cy="16" r="6.5" fill="var(--saffron)" />
            <circle cx="16" cy="16" r="2.5" fill="var(--brand)" />
          </svg>
          <span className="logo-word">{shop?.name}</span>
        </>
      )}
    </Link>
  );
}
