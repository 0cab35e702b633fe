import { Link } from 'react-router';
import { formatRupees } from '../../../../contract/money.ts';
import { paths } from '../../../../contract/paths.ts';
import { DEFAULT_SHOP_NAME } from '../../../../contract/shop-constants.ts';
import { useShop } from '../../../shared/api/shop.ts';
import './Footer.css';

const POLICIES = [
  { label: 'Terms', to: paths.terms() },
  { label: 'Privacy', to: paths.privacy() },
  { label: 'Payment', to: paths.payment() },
  { label: 'Cancellation & return', to: paths.cancellation() },
  { label: 'Shipping', to: paths.shipping() },
];

export function Footer() {
  const shop = useShop();
  const name = shop?.name ?? DEFAULT_SHOP_NAME;
  return (
    <footer className="site-footer">
      <ul className="footer-promises container">
        {shop && <li>Free delivery above {formatRupees(shop.freeDeliveryAbove)}</li>}
        <li>Secure online payment</li>
        <li>Delivery across India</li>
      </ul>
      <div className="footer-grid container">
        <section className="footer-about" aria-labelledby="footer-about">
          <h2 id="footer-about">About us</h2>
          <p>
            {name} brings together Indian clothing and handmade crafts from independent sellers and artisans,
            and delivers them to your door anywhere we can reach in India.
          </p>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              <Link to={paths.contact()}>Contact us</Link>
            </li>
            {shop?.supportEmail && (
              <li>
                <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>
              </li>
            )}
          </ul>
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul>
            {POLICIES.map((policy) => (
              <li key={policy.to}>
                <Link to={policy.to}>{policy.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer-rights">
        © {new Date().getFullYear()} {name}. All rights reserved.
      </p>
    </footer>
  );
}
