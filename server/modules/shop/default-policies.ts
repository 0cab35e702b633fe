import { formatRupees } from '../../../contract/money.ts';
import { paths } from '../../../contract/paths.ts';
import type { PolicyPage } from '../../../contract/shop-constants.ts';
import { MAX_UNITS_PER_PRODUCT } from '../../../contract/shopping-rules.ts';
import type { CodTerms } from './service.ts';

/**
 * The spec's policy texts (points 1 and 9), as Markdown: what each page shows until the owner changes it.
 * The first paragraph is the page's summary. `{shop}`, `{deliveryCharge}` and the other placeholders
 * (contract/shop-constants.ts) take the shop's current values when a page is shown, so a renamed shop, a
 * new delivery charge or new return rules read right without the owner editing the text.
 */

const contactLine = `Questions? Write to {supportEmail} or see [Contact us](${paths.contact()}). We answer {supportHours}.`;

const terms = `These terms apply whenever you browse or buy on {shop}. Please read them before you place an order.

## Who we are

**{legalName}**: {legalForm}, registered under GST.

{shop} is run by {legalName}, with its registered office in Kolkata, West Bengal. In these terms, "we" and "us" mean {legalName}, and "you" means anyone who uses the shop.

## Our role as an intermediary

The clothes, bags and crafts on {shop} are sold by independent third-party sellers and artisans. We act as an intermediary: we list their products, take your payment, arrange delivery through our logistics partners and look after you if something goes wrong. Each seller is responsible for the product itself and for its description being accurate. When you buy, the contract of sale is between you and the seller.

## Your account

- You sign in with your 10-digit mobile number and a one-time code that we send to it by SMS.
- Keep your phone safe: anyone who can read your messages can sign in as you.
- The details you give us (name, e-mail, delivery address) must be true and yours to give.
- We may suspend an account that is used for fraud or abuse of the shop, its sellers or other customers.

## Prices, payment and orders

- All prices are in Indian rupees and include all applicable taxes.
- We accept payment online at checkout. {cashOnDelivery} See the [payment policy](${paths.payment()}).
- Your order is confirmed once your payment succeeds. If an item sells out while you pay, we cancel that item and refund it in full to your original payment method.
- You can buy at most ${MAX_UNITS_PER_PRODUCT} units of a product in one order.

## Delivery

We deliver to the pincodes our delivery partners serve: check your pincode on the product page before you order. Timelines and charges are in the [shipping policy](${paths.shipping()}).

## Cancellations, returns and refunds

You can cancel an order free of charge within {freeCancellation}, and return apparel within {returnWindow} of receiving it. The details are in the [cancellation and return policy](${paths.cancellation()}).

## Reviews and photos

Ratings, reviews and photos you post must be honest, about the product, and yours to share. We may remove content that is abusive, misleading, unlawful or unrelated to the product.

## Limits of our responsibility

We work hard to keep the shop available and its information correct, but we cannot promise it will always be free of errors or interruptions. Nothing in these terms limits rights you have as a consumer under Indian law.

## Law and disputes

These terms are governed by the laws of India. Any dispute about them or about an order falls under the jurisdiction of the courts of West Bengal, India.

## Changes to these terms

We may update these terms from time to time. The version on this page when you place an order is the one that applies to that order.

${contactLine}
`;

const privacy = `What we collect about you, why, who we share it with, and the choices you have.

## What we collect

- **Account details:** your mobile number, e-mail address, first and last name and, if you add them, your gender and delivery address.
- **Shopping activity:** your wishlist, cart, orders, cancellations, returns, ratings, reviews and review photos.
- **Payment references:** the order and payment identifiers our payment partner gives us. Card details are entered on the payment partner's secure page; we never see or store them.
- **Technical data:** the cookie that keeps you signed in, and basic logs (time, address of your device, pages requested) that help us keep the shop secure.

## How we use it

- To sign you in, by sending a one-time code to your phone.
- To take payment, deliver your order and process cancellations, returns and refunds.
- To answer your questions and resolve complaints.
- To prevent fraud and misuse, and to keep the records Indian tax law (GST) requires.

## Who we share it with

Only with those who need it to serve you: the seller of the product you bought, the logistics partner who delivers it (your name, phone number and address), our payment partner and our SMS provider. We disclose information to authorities only when the law requires it. We never sell your personal data.

## Marketing e-mails

We may e-mail you about new collections and offers. You can opt out at any time with the unsubscribe link in any such e-mail, or by writing to us. Messages about your orders are not marketing and will still reach you.

## Cookies

We use cookies to keep your login session and to protect your actions on the shop against forgery. Your browser also remembers whether you are signed in and your first name, so that we can greet you. We do not use advertising or tracking cookies.

## How long we keep it

We keep your account details while your account is open, and order and payment records for as long as tax and accounting law requires.

## Your choices

You can see and correct your details on your profile at any time. To get a copy of your data or to close your account, write to us and we will respond within 30 days.

## Law and disputes

This policy is governed by the laws of India, under the jurisdiction of the courts of West Bengal.

${contactLine}
`;

const payment = `How you pay on {shop}, what you pay, and what happens if a payment goes wrong.

## {paymentWays}

You pay online at checkout through our payment partner's secure window, with a card or any other method the window offers. {cashOnDelivery}

## What you pay

- Prices are in Indian rupees (₹) and include all applicable taxes. There are no hidden charges.
- Delivery is free when your order comes to more than {freeDeliveryAbove} after discounts; otherwise a delivery charge of {deliveryCharge} is added.
- Checkout shows the total price, your discount, the delivery charge and the amount to pay before you pay.

## Security

You enter your card details on our payment partner's page, not on ours. We receive only a confirmation and a payment reference, and every payment is verified by our server before your order is placed.

## If something goes wrong

- If your money is debited but the order is not placed, the amount is refunded automatically to your original payment method.
- If an item sells out while your payment is being processed, we refund that item and tell you so at once.
- Refunds reach your original payment method within 5/6 working days.

${contactLine}
`;

const cancellation = `Changed your mind, or the product is not right? Here is how cancelling, returning and refunds work.

## Cancelling an order

- Cancellation is **free within {freeCancellation}** of placing your order.
- After {freeCancellation} you can still cancel an item that has not been delivered, but a cancellation charge of {cancellationCharge} of the item's price applies.
- To cancel, open **Orders**, find the item and choose **Cancel**.

## Returning apparel

You can ask to return clothing **within {returnWindow} of receiving it** if:

- it is unused and unwashed, with its original tags and packaging; or
- it is defective or damaged, or you received the wrong size or colour.

Open **Orders**, choose **Return** on the delivered item and tell us what is wrong. The seller reviews your request; once it is accepted we arrange a pickup, and the order shows the return's progress.

## Exchanging for another size

You can ask to exchange clothing for another size **within {exchangeWindow} of receiving it**, while that size is in stock: open **Orders** and choose **Exchange** on the delivered item. The new size is kept for you while the seller looks at your request.

Each order keeps the rules in force when it was placed.

## Refunds

Refunds go back to the original payment method and reach it within 5/6 days of the cancellation, or of the returned product reaching the seller. Any cancellation charge is deducted from the refund.

{cashOnDeliveryRefunds}

${contactLine}
`;

const shipping = `Where we deliver, how long it takes and what it costs.

## Where we deliver

We deliver to the pincodes our delivery partners serve. Enter your pincode on a product page to check before you order.

## How long it takes

- The seller packs your order and hands it to the courier within 0 to 7 days.
- Enter your pincode on a product page to see **the dates we deliver by** for it: each delivery partner keeps its own promise. Sundays and public holidays are not counted.
- Once your order ships, its tracking id appears on your Orders page.

## What it costs

Delivery is **free on orders of more than {freeDeliveryAbove}**. Orders of {freeDeliveryAbove} or less carry a delivery charge of {deliveryCharge}, shown at checkout before you pay.

## When your parcel arrives

Please check that the package is sealed. If it looks damaged or tampered with, do not accept it, and write to us within 24 hours.

${contactLine}
`;

const contact = `A question about an order, a return or a product? We are happy to help, {supportHours}.

**{legalName}**: {legalForm}, registered under GST. Operator of {shop}.

Include your order's tracking id if you have one: it helps us reply faster.
`;

export const DEFAULT_POLICIES: Record<PolicyPage, string> = {
  terms,
  privacy,
  payment,
  cancellation,
  shipping,
  contact,
};

/** "15 minutes", "1 hour": the window a COD order has for its code, in the largest whole unit. */
function windowText(seconds: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return count(seconds / 3600, 'hour');
  return seconds % 60 === 0 ? count(seconds / 60, 'minute') : count(seconds, 'second');
}

/**
 * The placeholders that follow the owner's cash on delivery settings, for the standard pages and the owner's
 * own alike: with COD off the pages say it is not offered (the spec's words); with it on they give its fee,
 * its cap, the refusals that end it for a shopper and the confirmation by SMS.
 */
export function codPolicyWords(cod: CodTerms, confirmSeconds: number): Record<string, string> {
  const fee = formatRupees(cod.feeRupees);
  const cap = formatRupees(cod.maxOrderValueRupees);
  const refusals = cod.rtoLimit === 1 ? 'a parcel' : `${cod.rtoLimit} parcels`;
  const feeText = cod.feeRupees === 0 ? 'at no extra charge' : `for a fee of ${fee} added to your order`;
  if (!cod.enabled)
    return {
      codFee: fee,
      codMaxOrderValue: cap,
      paymentWays: 'Prepaid orders only',
      cashOnDelivery: 'We do **not** offer cash on delivery.',
      cashOnDeliveryRefunds: '',
    };
  return {
    codFee: fee,
    codMaxOrderValue: cap,
    paymentWays: 'Online, or cash on delivery',
    cashOnDelivery: [
      `You can also pay in cash when your order is delivered: **cash on delivery** is offered on orders of up to ${cap}, to the pincodes where our delivery partner collects cash, ${feeText} (coupons and sales do not discount the fee).`,
      `When you place a cash on delivery order, we send a 6-digit code by SMS to your phone: enter it on your Orders page within ${windowText(confirmSeconds)} to confirm the order, or it is cancelled on its own.`,
      `Once you have refused ${refusals} at the door, cash on delivery is no longer offered to your account. Checkout tells you when it is not available for your order, and why.`,
    ].join(' '),
    cashOnDeliveryRefunds:
      'An order paid in cash on delivery has nothing to refund when you cancel it before it ships. When you return an item you paid for in cash, give the UPI ID or bank account the refund should go to: we pay it there once the return reaches the seller.',
  };
}
