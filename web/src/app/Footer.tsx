import { Link } from 'react-router';
import { formatPaise } from '../../../contract/money.ts';
import { paths } from '../../../contract/paths.ts';
import { FREE_DELIVERY_ABOVE_PAISE } from '../../../contract/shopping-rules.ts';
import { shop } from './shop.ts';
import './Footer.css';

const POLICIES = [
  { label: 'Terms', to: paths.terms() },
  { label: 'Privacy', to: paths.privacy() },
  { label: 'Payment', to: paths.payment() },
  { label: 'Cancellation & return', to: paths.cancellation() },
  { label: 'Shipping', to: paths.shipping() },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <ul className="footer-promises container">
        <li>Free delivery above {formatPaise(FREE_DELIVERY_ABOVE_PAISE)}</li>
        <li>Secure online payment</li>
        <li>Delivery across India</li>
      </ul>
      <div className="footer-grid container">
        <section className="footer-about" aria-labelledby="footer-about">
          <h2 id="footer-about">About us</h2>
          <p>
            {shop.name} brings together Indian clothing and handmade crafts from independent sellers and
            artisans, and delivers them to your door anywhere we can reach in India.
          </p>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              <Link to={paths.contact()}>Contact us</Link>
            </li>
            <li>
              <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>
            </li>
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
        © {shop.year} {shop.name}. All rights reserved.
      </p>
    </footer>
  );
}
