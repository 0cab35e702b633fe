import { POLICY_TITLES, phoneText } from '../../../../../contract/shop-constants.ts';
import { useShop } from '../../../../shared/api/shop.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { PolicyText, usePolicy } from '../../components/PolicyText.tsx';
import './contact.css';

/** The contact page: the owner's words (GET /api/policies/contact), then the shop's details as its owner set them. */
export function ContactScreen() {
  usePageTitle(POLICY_TITLES.contact);
  const shop = useShop();
  const { state } = usePolicy('contact');
  const company = shop && (shop.legalName ?? shop.name);
  const support = shop && (shop.supportEmail || shop.supportPhone || shop.supportHours);
  return (
    <div className="contact container">
      <h1>{POLICY_TITLES.contact}</h1>
      {state.status === 'ready' && <PolicyText className="contact-lead" html={state.data.html} />}
      {shop && (
        <div className="contact-cards">
          <section className="contact-card" aria-labelledby="contact-company">
            <h2 id="contact-company">Company</h2>
            <p className="contact-strong">{company}</p>
            {shop.legalFormText && <p>{shop.legalFormText}</p>}
            {shop.gstin && <p>GSTIN: {shop.gstin}</p>}
          </section>
          {shop.officeAddress.length > 0 && (
            <section className="contact-card" aria-labelledby="contact-office">
              <h2 id="contact-office">Registered office</h2>
              <address>
                {company}
                {shop.officeAddress.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </section>
          )}
          {support && (
            <section className="contact-card" aria-labelledby="contact-support">
              <h2 id="contact-support">Customer support</h2>
              {shop.supportEmail && (
                <p>
                  <a className="contact-strong" href={`mailto:${shop.supportEmail}`}>
                    {shop.supportEmail}
                  </a>
                </p>
              )}
              {shop.supportPhone && (
                <p>
                  <a href={`tel:+91${shop.supportPhone}`}>{phoneText(shop.supportPhone)}</a>
                </p>
              )}
              {shop.supportHours && <p>{shop.supportHours}</p>}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
