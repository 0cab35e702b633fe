import { TEST_MODE_BANNER } from '../../../contract/shop-constants.ts';
import { useShop } from '../api/shop.ts';
import './TestModeBanner.css';

/**
 * Says on every page, while the shop runs in test mode (GET /api/shop), that no real money moves: a
 * rehearsal of going live must not pass for the live shop. The shop's first HTML carries the same
 * banner (server/modules/seo/routes.ts).
 */
export function TestModeBanner() {
  const shop = useShop();
  if (!shop?.testMode) return null;
  return (
    <p className="test-mode-banner" role="note">
      {TEST_MODE_BANNER}
    </p>
  );
}
