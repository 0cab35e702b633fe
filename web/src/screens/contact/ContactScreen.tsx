import { shop } from '../../app/shop.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import './contact.css';

export function ContactScreen() {
  usePageTitle('Contact us');
  return (
    <div className="contact container">
      <h1>Contact us</h1>
      <p className="contact-lead">
        A question about an order, a return or a product? We are happy to help, {shop.supportHours}.
      </p>
      <div className="contact-cards">
        <section className="contact-card" aria-labelledby="contact-company">
          <h2 id="contact-company">Company</h2>
          <p className="contact-strong">{shop.legalName}</p>
          <p>Proprietorship, registered under GST. Operator of {shop.name}.</p>
        </section>
        <section className="contact-card" aria-labelledby="contact-office">
          <h2 id="contact-office">Registered office</h2>
          <address>
            {shop.legalName}
            {shop.officeLines.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
          </address>
        </section>
        <section className="contact-card" aria-labelledby="contact-mail">
          <h2 id="contact-mail">Customer support</h2>
          <p>
            <a className="contact-strong" href={`mailto:${shop.supportEmail}`}>
              {shop.supportEmail}
            </a>
          </p>
          <p>Include your order's tracking id if you have one: it helps us reply faster.</p>
        </section>
      </div>
    </div>
  );
}
