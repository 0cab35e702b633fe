import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '../../../../contract/money.ts';
import { paths } from '../../../../contract/paths.ts';
import {
  CANCELLATION_CHARGE_PERCENT,
  DELIVERY_CHARGE_PAISE,
  FREE_CANCELLATION_HOURS,
  FREE_DELIVERY_ABOVE_PAISE,
  MAX_UNITS_PER_PRODUCT,
  RETURN_WINDOW_HOURS,
} from '../../../../contract/shopping-rules.ts';
import { shop } from '../../app/shop.ts';

/** The text of the five policy pages (spec points 1 and 9). */

export type PolicyName = 'terms' | 'privacy' | 'payment' | 'cancellation' | 'shipping';

interface Policy {
  title: string;
  /** the link text in the footer and the policy menu */
  label: string;
  path: string;
  summary: string;
  body: ReactNode;
}

const freeAbove = formatPaise(FREE_DELIVERY_ABOVE_PAISE);
const charge = formatPaise(DELIVERY_CHARGE_PAISE);

const contactLine = (
  <p>
    Questions? Write to <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a> or see{' '}
    <Link to={paths.contact()}>Contact us</Link>. We answer {shop.supportHours}.
  </p>
);

const terms: Policy = {
  title: 'Terms of use',
  label: 'Terms',
  path: paths.terms(),
  summary: `These terms apply whenever you browse or buy on ${shop.name}. Please read them before you place an order.`,
  body: (
    <>
      <h2>Who we are</h2>
      <p>
        {shop.name} is run by {shop.legalName}, a sole proprietorship registered under the Goods and Services
        Tax (GST) law of India, with its registered office in Kolkata, West Bengal. In these terms, "we" and
        "us" mean {shop.legalName}, and "you" means anyone who uses the shop.
      </p>
      <h2>Our role as an intermediary</h2>
      <p>
        The clothes, bags and crafts on {shop.name} are sold by independent third-party sellers and artisans.
        We act as an intermediary: we list their products, take your payment, arrange delivery through our
        logistics partners and look after you if something goes wrong. Each seller is responsible for the
        product itself and for its description being accurate. When you buy, the contract of sale is between
        you and the seller.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>You sign in with your 10-digit mobile number and a one-time code that we send to it by SMS.</li>
        <li>Keep your phone safe: anyone who can read your messages can sign in as you.</li>
        <li>The details you give us (name, e-mail, delivery address) must be true and yours to give.</li>
        <li>
          We may suspend an account that is used for fraud or abuse of the shop, its sellers or other
          customers.
        </li>
      </ul>
      <h2>Prices, payment and orders</h2>
      <ul>
        <li>All prices are in Indian rupees and include all applicable taxes.</li>
        <li>
          We accept prepaid online payment only. There is <strong>no cash on delivery</strong>. See the{' '}
          <Link to={paths.payment()}>payment policy</Link>.
        </li>
        <li>
          Your order is confirmed once your payment succeeds. If an item sells out while you pay, we cancel
          that item and refund it in full to your original payment method.
        </li>
        <li>You can buy at most {MAX_UNITS_PER_PRODUCT} units of a product in one order.</li>
      </ul>
      <h2>Delivery</h2>
      <p>
        We deliver across India through our logistics partners. A few places cannot be reached by any of them
        yet: check your pincode on the product page before you order. Timelines and charges are in the{' '}
        <Link to={paths.shipping()}>shipping policy</Link>.
      </p>
      <h2>Cancellations, returns and refunds</h2>
      <p>
        You can cancel an order free of charge within {FREE_CANCELLATION_HOURS} hours, and return apparel
        within {RETURN_WINDOW_HOURS} hours of receiving it. The details are in the{' '}
        <Link to={paths.cancellation()}>cancellation and return policy</Link>.
      </p>
      <h2>Reviews and photos</h2>
      <p>
        Ratings, reviews and photos you post must be honest, about the product, and yours to share. We may
        remove content that is abusive, misleading, unlawful or unrelated to the product.
      </p>
      <h2>Limits of our responsibility</h2>
      <p>
        We work hard to keep the shop available and its information correct, but we cannot promise it will
        always be free of errors or interruptions. Nothing in these terms limits rights you have as a consumer
        under Indian law.
      </p>
      <h2>Law and disputes</h2>
      <p>
        These terms are governed by the laws of India. Any dispute about them or about an order falls under
        the jurisdiction of the courts of West Bengal, India.
      </p>
      <h2>Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The version on this page when you place an order is the
        one that applies to that order.
      </p>
      {contactLine}
    </>
  ),
};

const privacy: Policy = {
  title: 'Privacy policy',
  label: 'Privacy',
  path: paths.privacy(),
  summary: 'What we collect about you, why, who we share it with, and the choices you have.',
  body: (
    <>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your mobile number, e-mail address, first and last name and, if
          you add them, your gender and delivery address.
        </li>
        <li>
          <strong>Shopping activity:</strong> your wishlist, cart, orders, cancellations, returns, ratings,
          reviews and review photos.
        </li>
        <li>
          <strong>Payment references:</strong> the order and payment identifiers our payment partner gives us.
          Card details are entered on the payment partner's secure page; we never see or store them.
        </li>
        <li>
          <strong>Technical data:</strong> the cookie that keeps you signed in, and basic logs (time, address
          of your device, pages requested) that help us keep the shop secure.
        </li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To sign you in, by sending a one-time code to your phone.</li>
        <li>To take payment, deliver your order and process cancellations, returns and refunds.</li>
        <li>To answer your questions and resolve complaints.</li>
        <li>To prevent fraud and misuse, and to keep the records Indian tax law (GST) requires.</li>
      </ul>
      <h2>Who we share it with</h2>
      <p>
        Only with those who need it to serve you: the seller of the product you bought, the logistics partner
        who delivers it (your name, phone number and address), our payment partner and our SMS provider. We
        disclose information to authorities only when the law requires it. We never sell your personal data.
      </p>
      <h2>Marketing e-mails</h2>
      <p>
        We may e-mail you about new collections and offers. You can opt out at any time with the unsubscribe
        link in any such e-mail, or by writing to us. Messages about your orders are not marketing and will
        still reach you.
      </p>
      <h2>Cookies</h2>
      <p>
        We use cookies to keep your login session and to protect your actions on the shop against forgery.
        Your browser also remembers whether you are signed in and your first name, so that we can greet you.
        We do not use advertising or tracking cookies.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep your account details while your account is open, and order and payment records for as long as
        tax and accounting law requires.
      </p>
      <h2>Your choices</h2>
      <p>
        You can see and correct your details on your profile at any time. To get a copy of your data or to
        close your account, write to us and we will respond within 30 days.
      </p>
      <h2>Law and disputes</h2>
      <p>
        This policy is governed by the laws of India, under the jurisdiction of the courts of West Bengal.
      </p>
      {contactLine}
    </>
  ),
};

const payment: Policy = {
  title: 'Payment policy',
  label: 'Payment',
  path: paths.payment(),
  summary: 'How you pay on haat, what you pay, and what happens if a payment goes wrong.',
  body: (
    <>
      <h2>Prepaid orders only</h2>
      <p>
        Every order is paid online at checkout through our payment partner's secure window, with a card or any
        other method the window offers. We do <strong>not</strong> offer cash on delivery.
      </p>
      <h2>What you pay</h2>
      <ul>
        <li>
          Prices are in Indian rupees (₹) and include all applicable taxes. There are no hidden charges.
        </li>
        <li>
          Delivery is free when your order comes to more than {freeAbove} after discounts; otherwise a
          delivery charge of {charge} is added.
        </li>
        <li>
          Checkout shows the total price, your discount, the delivery charge and the amount to pay before you
          pay.
        </li>
      </ul>
      <h2>Security</h2>
      <p>
        You enter your card details on our payment partner's page, not on ours. We receive only a confirmation
        and a payment reference, and every payment is verified by our server before your order is placed.
      </p>
      <h2>If something goes wrong</h2>
      <ul>
        <li>
          If your money is debited but the order is not placed, the amount is refunded automatically to your
          original payment method.
        </li>
        <li>
          If an item sells out while your payment is being processed, we refund that item and tell you so at
          once.
        </li>
        <li>Refunds reach your original payment method within 5/6 working days.</li>
      </ul>
      {contactLine}
    </>
  ),
};

const cancellation: Policy = {
  title: 'Cancellation & return policy',
  label: 'Cancellation & return',
  path: paths.cancellation(),
  summary:
    'Changed your mind, or the product is not right? Here is how cancelling, returning and refunds work.',
  body: (
    <>
      <h2>Cancelling an order</h2>
      <ul>
        <li>
          Cancellation is <strong>free within {FREE_CANCELLATION_HOURS} hours</strong> of placing your order.
        </li>
        <li>
          After {FREE_CANCELLATION_HOURS} hours you can still cancel an item that has not been delivered, but
          a cancellation charge of {CANCELLATION_CHARGE_PERCENT}% of the item's price applies.
        </li>
        <li>
          To cancel, open <strong>Orders</strong>, find the item and choose <strong>Cancel</strong>.
        </li>
      </ul>
      <h2>Returning apparel</h2>
      <p>
        You can ask to return clothing <strong>within {RETURN_WINDOW_HOURS} hours of receiving it</strong> if:
      </p>
      <ul>
        <li>it is unused and unwashed, with its original tags and packaging; or</li>
        <li>it is defective or damaged, or you received the wrong size or colour.</li>
      </ul>
      <p>
        Open <strong>Orders</strong>, choose <strong>Return</strong> on the delivered item and tell us what is
        wrong. The seller reviews your request; once it is accepted we arrange a pickup, and the order shows
        the return's progress.
      </p>
      <h2>Refunds</h2>
      <p>
        Refunds go back to the original payment method and reach it within 5/6 days of the cancellation, or of
        the returned product reaching the seller. Any cancellation charge is deducted from the refund.
      </p>
      {contactLine}
    </>
  ),
};

const shipping: Policy = {
  title: 'Shipping policy',
  label: 'Shipping',
  path: paths.shipping(),
  summary: 'Where we deliver, how long it takes and what it costs.',
  body: (
    <>
      <h2>Where we deliver</h2>
      <p>
        We deliver across India through our logistics partners. Some places cannot be reached by any partner
        yet: enter your pincode on a product page to check before you order.
      </p>
      <h2>How long it takes</h2>
      <ul>
        <li>The seller packs your order and hands it to the courier within 0 to 7 days.</li>
        <li>
          Expect delivery in <strong>7 to 10 business days</strong> from your order. Sundays and public
          holidays are not counted.
        </li>
        <li>Once your order ships, its tracking id appears on your Orders page.</li>
      </ul>
      <h2>What it costs</h2>
      <p>
        Delivery is <strong>free on orders of more than {freeAbove}</strong>. Orders of {freeAbove} or less
        carry a delivery charge of {charge}, shown at checkout before you pay.
      </p>
      <h2>When your parcel arrives</h2>
      <p>
        Please check that the package is sealed. If it looks damaged or tampered with, do not accept it, and
        write to us within 24 hours.
      </p>
      {contactLine}
    </>
  ),
};

export const POLICIES: Record<PolicyName, Policy> = { terms, privacy, payment, cancellation, shipping };
