import { Link } from 'react-router';
import { formatRupees } from '../../../../contract/money.ts';
import { paths } from '../../../../contract/paths.ts';
import { DEFAULT_SHOP_NAME } from '../../../../contract/shop-constants.ts';
import { useShop } from '../../../shared/api/shop.ts';
import { POLICIES } from '../lib/policies.ts';
import './Footer.css';

/**
 * The foot of every page: the owner's words (GET /api/shop: about, footer text, the legal name with its
 * legal form), help and the policy pages. The shop adds no claim of its own where the owner wrote none.
 */
export function Footer() {
  const shop = useShop();
  const name = shop?.name ?? DEFAULT_SHOP_NAME;
  const legalName = shop?.legalName ?? name;
  return (
    <footer className="site-footer">
      <ul className="footer-promises container">
        {shop && <li>Free delivery above {formatRupees(shop.freeDeliveryAbove)}</li>}
        <li>Secure online payment</li>
        {shop?.cashOnDelivery && <li>Cash on delivery</li>}
      </ul>
      <div className="footer-grid container">
        <section className="footer-about" aria-labelledby="footer-about">
          <h2 id="footer-about">About us</h2>
          {shop?.about && <p>{shop.about}</p>}
          {shop?.footerText && <p className="footer-text">{shop.footerText}</p>}
          <p className="footer-legal">
            {legalName}
            {shop?.legalFormText && `: ${shop.legalFormText}`}
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
            {Object.values(POLICIES).map((policy) => (
              <li key={policy.path}>
                <Link to={policy.path}>{policy.label}</Link>
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
