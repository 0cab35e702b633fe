import { policyPaths } from '../../../contract/paths.ts';
import type { ShopDetails } from '../../../contract/shop.ts';
import { POLICY_PAGES, POLICY_TITLES } from '../../../contract/shop-constants.ts';
import { escapeHtml } from './html.ts';

/** What the footer says: the owner's words and the business behind the shop. */
export type FooterWords = Pick<ShopDetails, 'name' | 'legalName' | 'about' | 'footerText' | 'legalFormText'>;

/**
 * The shop's footer as plain HTML, as the app's footer says it: `about`, `footerText`, the legal name with
 * its legal form (only when the owner set one), and links to the contact and policy pages. Nothing of the
 * shop's own making beside them: no promise the owner did not write.
 */
export function footerMarkup(shop: FooterWords): string {
  const paragraph = (text: string | null, className: string) =>
    text ? `<p class="${className}">${escapeHtml(text)}</p>` : '';
  const legal =
    escapeHtml(shop.legalName ?? shop.name) +
    (shop.legalFormText ? `: ${escapeHtml(shop.legalFormText)}` : '');
  const links = POLICY_PAGES.map(
    (page) => `<li><a href="${escapeHtml(policyPaths[page])}">${escapeHtml(POLICY_TITLES[page])}</a></li>`,
  );
  return [
    '<footer class="ssr-footer">',
    paragraph(shop.about, 'ssr-about'),
    paragraph(shop.footerText, 'ssr-footer-text'),
    `<p class="ssr-legal"><strong>${legal}</strong></p>`,
    `<ul>${links.join('')}</ul>`,
    '</footer>',
  ].join('');
}

/** A page's markup (one element) with the footer last inside it, so the app moves both aside together. */
export function withFooter(body: string, shop: FooterWords): string {
  const end = body.lastIndexOf('</');
  return end < 0 ? body + footerMarkup(shop) : body.slice(0, end) + footerMarkup(shop) + body.slice(end);
}
