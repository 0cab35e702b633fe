import type { WindowLink } from '../../../contract/shop-window-constants.ts';

/**
 * The demo's shop window: the hero slides and tiles its home page featured, now the demo's own data. Each
 * takes the photo of the first demo product its link leads to (seed.ts).
 */

export interface DemoWindowItem {
  kind: 'slide' | 'tile';
  title: string;
  text: string;
  link: WindowLink;
}

const listing = (userSegment: string, genre: string): WindowLink => ({ kind: 'listing', userSegment, genre });
const crafts: WindowLink = { kind: 'crafts' };

const slide = (title: string, text: string, link: WindowLink): DemoWindowItem => ({
  kind: 'slide',
  title,
  text,
  link,
});
const tile = (title: string, link: WindowLink): DemoWindowItem => ({ kind: 'tile', title, text: '', link });

export const DEMO_WINDOW: DemoWindowItem[] = [
  slide('Kurtis for every day', 'Block prints, chikankari and breezy cottons', listing('Women', 'Kurti')),
  slide('Dresses for sunny days', 'Easy, flowing fits in soft fabrics', listing('Women', 'Dress')),
  slide('Co-ord sets, sorted', 'Matching sets, ready to wear', listing('Women', 'Co ord set')),
  slide('Handmade by Indian artisans', 'Terracotta, dokra, kantha and jute', crafts),
  slide('Designer hand bags', 'Totes and satchels for every outing', listing('Women', 'Hand bag')),
  slide(
    'Backpacks that go everywhere',
    'For college, office and weekend trips',
    listing('Unisex', 'Backpack'),
  ),
  slide('Tops to mix and match', 'Everyday tops in new colours', listing('Women', 'Top')),
  tile('Women Kurti', listing('Women', 'Kurti')),
  tile('Women Top', listing('Women', 'Top')),
  tile('Women Dress', listing('Women', 'Dress')),
  tile('Women Co ord set', listing('Women', 'Co ord set')),
  tile('Handmade Accessories', crafts),
  tile('Women Hand bag', listing('Women', 'Hand bag')),
  tile('Women Wallet', listing('Women', 'Wallet')),
  tile('Unisex Backpack', listing('Unisex', 'Backpack')),
  tile('Women Hand purse', listing('Women', 'Hand purse')),
  tile('Men Hand bag', listing('Men', 'Hand bag')),
];
