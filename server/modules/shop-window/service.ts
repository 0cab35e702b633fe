import { paths } from '../../../contract/paths.ts';
import type {
  AdminShopWindow,
  ShopWindowBody,
  ShopWindowResponse,
  WindowTile,
} from '../../../contract/shop-window.ts';
import {
  CRAFTS_TILE_TITLE,
  MAX_SLIDES,
  MAX_TEXT,
  MAX_TILES,
  MAX_TITLE,
  type WindowLink,
} from '../../../contract/shop-window-constants.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type FieldErrors, InvalidFields } from '../../platform/errors.ts';
import { productOriginalExists } from '../../platform/images/service.ts';
import type { Catalogue } from '../catalogue/service.ts';
import * as store from './store.ts';

const pairKey = (userSegment: string, genre: string) => JSON.stringify([userSegment, genre]);

/** What the links of a window lead to now: whether each has something on sale, and its address. */
interface Reach {
  shown(link: WindowLink): boolean;
  href(link: WindowLink): string;
}

/** Why a link may not be saved, in the owner's words, or undefined when it may. */
function linkProblem(link: WindowLink, reach: Reach): string | undefined {
  if (link.kind === 'search' && link.q.trim() === '') return 'Write what to search for';
  if (reach.shown(link)) return undefined;
  if (link.kind === 'listing') return `Nothing is on sale in ${link.userSegment} / ${link.genre}`;
  if (link.kind === 'crafts') return 'No crafts are on sale';
  if (link.kind === 'product') return `No product ${link.productId} is on sale`;
  return undefined;
}

function titleProblem(title: string): string | undefined {
  const length = [...title].length;
  return length < 1 || length > MAX_TITLE ? `1 to ${MAX_TITLE} characters` : undefined;
}

/** a search's words as saved: without the spaces around them */
const tidyLink = (link: WindowLink): WindowLink =>
  link.kind === 'search' ? { ...link, q: link.q.trim() } : link;

/**
 * The home page's window: the owner's slides and tiles, and what shoppers are shown of them. Nothing is
 * cached here: every answer reads what is on sale now, so a slide whose listing empties goes at once and
 * comes back with its next product (the saved window is kept as saved). While the owner has saved no
 * tiles, they are built from the catalogue, one per pair of GET /home in its order, then the crafts.
 */
export class ShopWindow {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly catalogue: Pick<Catalogue, 'home'>,
  ) {}

  /** GET /api/shop-window: the slides and tiles that lead to something on sale, in the owner's order. */
  async current(): Promise<ShopWindowResponse> {
    const saved = await store.savedItems(this.db);
    const reach = await this.reach(saved.map((item) => item.link));
    const shown = saved.filter((item) => reach.shown(item.link));
    const slides = shown
      .filter((item) => item.kind === 'slide')
      .map(({ title, text, photo, link }) => ({
        title,
        text,
        photoUrl: paths.image(photo ?? ''),
        link,
        href: reach.href(link),
      }));
    const savedTiles = saved.some((item) => item.kind === 'tile');
    const tiles = savedTiles
      ? shown
          .filter((item) => item.kind === 'tile')
          .map(({ title, photo, link }) => ({
            title,
            photoUrl: photo ? paths.image(photo) : null,
            link,
            href: reach.href(link),
          }))
      : await this.builtTiles();
    return { slides, tiles };
  }

  /** Whether the crafts listing has something on sale (the menu names it only then). */
  craftsOnSale(): Promise<boolean> {
    return store.craftsOnSale(this.db);
  }

  /** GET /admin/api/shop-window: the window as saved, each item with whether the shop shows it now. */
  async saved(): Promise<AdminShopWindow> {
    const saved = await store.savedItems(this.db);
    const reach = await this.reach(saved.map((item) => item.link));
    const window: AdminShopWindow = { slides: [], tiles: [] };
    for (const { kind, title, text, photo, link } of saved) {
      const shown = reach.shown(link);
      if (kind === 'slide') window.slides.push({ title, text, photo: photo ?? '', link, shown });
      else window.tiles.push({ title, photo, link, shown });
    }
    return window;
  }

  /** Replaces the whole window; 400 with every field's error, and nothing saved, when any is wrong. */
  async save(body: ShopWindowBody, actor: string): Promise<AdminShopWindow> {
    const items: store.SavedItem[] = [
      ...body.slides.map((slide) => ({ kind: 'slide' as const, ...slide })),
      ...body.tiles.map((tile) => ({ kind: 'tile' as const, ...tile, text: '', photo: tile.photo ?? null })),
    ].map((item) => ({ ...item, title: item.title.trim(), link: tidyLink(item.link) }));
    const fields = await this.problems(body, items);
    if (Object.keys(fields).length > 0) throw new InvalidFields(fields);
    await this.db.transaction().execute(async (trx) => {
      await store.replaceItems(trx, items);
      await recordAudit(trx, {
        actor,
        action: 'shop-window.save',
        subject: 'shop-window',
        details: { slides: body.slides.length, tiles: body.tiles.length },
      });
    });
    return this.saved();
  }

  /** Every field's error, keyed by the item's place (`slides.0.photo`, `tiles.1.link`). */
  private async problems(body: ShopWindowBody, items: readonly store.SavedItem[]): Promise<FieldErrors> {
    const fields: FieldErrors = {};
    if (body.slides.length > MAX_SLIDES) fields.slides = `At most ${MAX_SLIDES} slides`;
    if (body.tiles.length > MAX_TILES) fields.tiles = `At most ${MAX_TILES} tiles`;
    const [reach, known] = await Promise.all([
      this.reach(items.map((item) => item.link)),
      this.knownPhotos(items.flatMap((item) => (item.photo ? [item.photo] : []))),
    ]);
    const place = { slide: 0, tile: 0 };
    for (const item of items) {
      const at = `${item.kind}s.${place[item.kind]++}`;
      const title = titleProblem(item.title);
      if (title) fields[`${at}.title`] = title;
      if ([...item.text].length > MAX_TEXT) fields[`${at}.text`] = `At most ${MAX_TEXT} characters`;
      if (item.kind === 'slide' && !item.photo) fields[`${at}.photo`] = 'Add a photo';
      else if (item.photo && !known.has(item.photo)) fields[`${at}.photo`] = 'Unknown photo: upload it again';
      const link = linkProblem(item.link, reach);
      if (link) fields[`${at}.link`] = link;
    }
    return fields;
  }

  /** Of these names, the photos the shop has: uploaded by the owner, or shown by a product (the demo's). */
  private async knownPhotos(photos: readonly string[]): Promise<Set<string>> {
    const known = await store.productPhotos(this.db, photos);
    for (const photo of new Set(photos)) {
      if (!known.has(photo) && (await productOriginalExists(this.dataDir, photo))) known.add(photo);
    }
    return known;
  }

  /** What these links lead to now, read in three statements at most. */
  private async reach(links: readonly WindowLink[]): Promise<Reach> {
    const pairs = new Map<string, [string, string]>();
    const ids = new Set<number>();
    for (const link of links) {
      if (link.kind === 'listing')
        pairs.set(pairKey(link.userSegment, link.genre), [link.userSegment, link.genre]);
      if (link.kind === 'product') ids.add(link.productId);
    }
    const [onSale, products, crafts] = await Promise.all([
      store.pairsOnSale(this.db, [...pairs.values()]),
      store.productsOnSale(this.db, [...ids]),
      links.some((link) => link.kind === 'crafts') ? store.craftsOnSale(this.db) : false,
    ]);
    return {
      shown: (link) => {
        if (link.kind === 'listing') return onSale.has(pairKey(link.userSegment, link.genre));
        if (link.kind === 'crafts') return crafts;
        if (link.kind === 'product') return products.has(link.productId);
        return link.q.trim() !== '';
      },
      href: (link) => {
        if (link.kind === 'listing') return paths.listing(link.userSegment, link.genre);
        if (link.kind === 'crafts') return paths.accessories();
        if (link.kind === 'product')
          return paths.product(products.get(link.productId) ?? 'apparel', link.productId);
        return paths.search(link.q);
      },
    };
  }

  /** One tile per pair of GET /home in its order, with a photo of a product on sale in it; then the crafts. */
  private async builtTiles(): Promise<WindowTile[]> {
    const home = await this.catalogue.home();
    const [photos, crafts] = await Promise.all([
      store.pairPhotos(
        this.db,
        home.map(({ userSegment, genre }) => [userSegment, genre]),
      ),
      store.craftsPhoto(this.db),
    ]);
    const tiles: WindowTile[] = [];
    for (const { userSegment, genre } of home) {
      const photo = photos.get(pairKey(userSegment, genre));
      // GET /home's list may be a moment older than the products (its cache follows the change feed)
      if (photo === undefined) continue;
      const link: WindowLink = { kind: 'listing', userSegment, genre };
      tiles.push({
        title: genre,
        photoUrl: photo ? paths.image(photo) : null,
        link,
        href: paths.listing(userSegment, genre),
      });
    }
    if (crafts !== undefined) {
      const photoUrl = crafts ? paths.image(crafts) : null;
      tiles.push({ title: CRAFTS_TILE_TITLE, photoUrl, link: { kind: 'crafts' }, href: paths.accessories() });
    }
    return tiles;
  }
}
