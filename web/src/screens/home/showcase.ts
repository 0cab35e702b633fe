import { paths } from '../../../../contract/paths.ts';
import type { ArtKind } from './art.tsx';

/** What the home page features (the spec's screens): the slides and the two tile sections. */

export type Tone = 'saffron' | 'rani' | 'teal' | 'terracotta' | 'maroon' | 'indigo' | 'mehendi';

export interface Slide {
  kicker: string;
  title: string;
  text: string;
  to: string;
  art: ArtKind;
  tone: Tone;
}

export const SLIDES: Slide[] = [
  {
    kicker: 'Women · Kurti',
    title: 'Kurtis for every day',
    text: 'Block prints, chikankari and breezy cottons',
    to: paths.listing('Women', 'Kurti'),
    art: 'kurti',
    tone: 'saffron',
  },
  {
    kicker: 'Women · Dress',
    title: 'Dresses for sunny days',
    text: 'Easy, flowing fits in soft fabrics',
    to: paths.listing('Women', 'Dress'),
    art: 'dress',
    tone: 'rani',
  },
  {
    kicker: 'Women · Co ord set',
    title: 'Co-ord sets, sorted',
    text: 'Matching sets, ready to wear',
    to: paths.listing('Women', 'Co ord set'),
    art: 'coord',
    tone: 'teal',
  },
  {
    kicker: 'Handmade · Accessories',
    title: 'Handmade by Indian artisans',
    text: 'Terracotta, dokra, kantha and jute',
    to: paths.accessories(),
    art: 'jhumka',
    tone: 'terracotta',
  },
  {
    kicker: 'Women · Hand bag',
    title: 'Designer hand bags',
    text: 'Totes and satchels for every outing',
    to: paths.listing('Women', 'Hand bag'),
    art: 'handbag',
    tone: 'maroon',
  },
  {
    kicker: 'Unisex · Backpack',
    title: 'Backpacks that go everywhere',
    text: 'For college, office and weekend trips',
    to: paths.listing('Unisex', 'Backpack'),
    art: 'backpack',
    tone: 'indigo',
  },
  {
    kicker: 'Women · Top',
    title: 'Tops to mix and match',
    text: 'Everyday tops in new colours',
    to: paths.listing('Women', 'Top'),
    art: 'top',
    tone: 'mehendi',
  },
];

export interface Tile {
  eyebrow: string;
  label: string;
  to: string;
  art: ArtKind;
  tone: Tone;
}

const apparel = (segment: string, genre: string, art: ArtKind, tone: Tone): Tile => ({
  eyebrow: segment,
  label: genre,
  to: paths.listing(segment, genre),
  art,
  tone,
});

export const TRENDING: Tile[] = [
  apparel('Women', 'Kurti', 'kurti', 'saffron'),
  apparel('Women', 'Top', 'top', 'mehendi'),
  apparel('Women', 'Dress', 'dress', 'rani'),
  apparel('Women', 'Co ord set', 'coord', 'teal'),
  { eyebrow: 'Handmade', label: 'Accessories', to: paths.accessories(), art: 'jhumka', tone: 'terracotta' },
];

export const DESIGNER_BAGS: Tile[] = [
  apparel('Women', 'Hand bag', 'handbag', 'maroon'),
  apparel('Women', 'Wallet', 'wallet', 'rani'),
  apparel('Unisex', 'Backpack', 'backpack', 'indigo'),
  apparel('Women', 'Hand purse', 'purse', 'saffron'),
  apparel('Men', 'Hand bag', 'messenger', 'teal'),
];
