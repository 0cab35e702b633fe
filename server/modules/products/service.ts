import { randomBytes } from 'node:crypto';
import type {
  AdminProduct,
  AdminProductsQuery,
  AdminProductsResponse,
  CatalogueChoices,
  ColourBody,
  LowStockResponse,
  ProductBody,
} from '../../../contract/products.ts';
import { ADMIN_PRODUCTS_PAGE_SIZE, EDITABLE_FEATURES, MAX_PHOTOS } from '../../../contract/products.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { InvalidFields, notFound } from '../../platform/errors.ts';
import { productOriginalExists, storeProductOriginal } from '../../platform/images/service.ts';
import type { Categories } from '../categories/service.ts';
import type { Inventory } from '../inventory/service.ts';
import type { Shop } from '../shop/service.ts';
import * as store from './store.ts';
import { isValid, type Lookups, sellerInactive, type ValidProduct, validateProduct } from './validate.ts';

const LOW_STOCK_SHOWN = 500;
type Sizes = Awaited<ReturnType<typeof store.sizesOf>>;

/** A product to be on sale whose seller is deactivated: refused beside the seller's field. */
function refuseLive(live: boolean, inactiveSeller: string | undefined): void {
  if (live && inactiveSeller !== undefined)
    throw new InvalidFields({ seller: sellerInactive(inactiveSeller) });
}

/** Moves a seller's products with its activation, in the caller's transaction (Products.sellerChange). */
export type FollowSeller = (sellerId: number, active: boolean) => Promise<number[]>;

/** A new product's code: unique, and short enough to read out on the phone. */
export const newSku = () => `HT-${randomBytes(5).toString('hex').toUpperCase()}`;

/** The product as the back office edits it. */
export function toAdminProduct(row: store.ProductRow, sizes: Sizes): AdminProduct {
  const features = Object.fromEntries(
    EDITABLE_FEATURES.flatMap((key) => (row.features[key] ? [[key, row.features[key]]] : [])),
  );
  return {
    id: row.id,
    sku: row.sku,
    childKey: row.child_key,
    active: row.active,
    discount: row.discount,
    name: row.name,
    prod: row.prod,
    userSegment: row.user_segment,
    genre: row.genre,
    description: row.description,
    color: row.color,
    features,
    mrp: row.old_price_paise / 100,
    price: row.current_price_paise / 100,
    partner: row.partner,
    seller: row.seller,
    hsnCode: row.hsn_code,
    pausedWithSeller: row.paused_with_seller,
    sizes: sizes.get(row.id) ?? [],
    photos: row.photos,
    weightGrams: row.weight_grams,
    lengthCm: row.length_cm,
    breadthCm: row.breadth_cm,
    heightCm: row.height_cm,
  };
}

/**
 * The back office's catalogue: products saved, withdrawn and restored, their photos, and low stock.
 * Every change runs in Inventory's transaction (sizes and stock are Inventory's, decision 011), is
 * recorded in the audit log with who made it, and is announced so the shop shows it at once.
 */
export class Products {
  constructor(
    private readonly db: Db,
    private readonly inventory: Inventory,
    private readonly changes: ChangeFeed,
    private readonly dataDir: string,
    /** the owner's settings: the low-stock threshold */
    private readonly shop: Shop,
    /** the owner's tree: how a pair is spelt, which genres are one-size; a new pair is added to it */
    private readonly categories: Pick<Categories, 'placer' | 'add'>,
  ) {}

  async list(query: AdminProductsQuery): Promise<AdminProductsResponse> {
    const page = query.page ?? 1;
    const { rows, total } = await store.listProducts(this.db, {
      q: query.q?.trim() ?? '',
      status: query.status ?? 'all',
      offset: (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
      limit: ADMIN_PRODUCTS_PAGE_SIZE,
    });
    const sizes = await store.sizesOf(
      this.db,
      rows.map((row) => row.id),
    );
    const products = rows.map((row) => {
      const own = sizes.get(row.id) ?? [];
      return {
        id: row.id,
        sku: row.sku,
        name: row.name,
        prod: row.prod,
        userSegment: row.user_segment,
        genre: row.genre,
        photo: row.photos[0] ? `/images/${row.photos[0]}?w=320` : null,
        price: row.current_price_paise / 100,
        mrp: row.old_price_paise / 100,
        stock: own.reduce((sum, s) => sum + s.stock, 0),
        sizes: own,
        active: row.active,
      };
    });
    return { products, total, page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE };
  }

  async get(id: number, db: Db = this.db): Promise<AdminProduct> {
    const row = await store.productById(db, id);
    if (!row) throw notFound(`No product with id ${id}`);
    return toAdminProduct(row, await store.sizesOf(db, [id]));
  }

  /** Names the shop knows; `photos` are the ones already on the product being changed. */
  async lookups(photos: readonly string[] = []): Promise<Lookups & { uploaded: Set<string> }> {
    const [sellers, partners, place] = await Promise.all([
      store.sellersByName(this.db),
      store.partnerIds(this.db),
      this.categories.placer(),
    ]);
    const known = new Set(photos);
    const uploaded = new Set<string>();
    const photoKnown = (name: string) => known.has(name) || uploaded.has(name);
    return { sellers, partners, uploaded, photoKnown, place };
  }

  /** What the product form offers: segments and genres in use, the active sellers and delivery partners. */
  async choices(): Promise<CatalogueChoices> {
    const [{ segments, genres }, sellers, partners] = await Promise.all([
      store.segmentsAndGenres(this.db),
      store.sellersByName(this.db),
      store.partnerIds(this.db),
    ]);
    const active = [...sellers].filter(([, seller]) => seller.active).map(([name]) => name);
    return { segments, genres, sellers: active.sort(), partners: [...partners.keys()].sort() };
  }

  /**
   * Validates the body against the shop's names, the uploaded photos and the product's own photos; `live`
   * when the product is to be on sale after the save.
   */
  private async valid(body: ProductBody, ownPhotos: readonly string[], live: boolean): Promise<ValidProduct> {
    const lookups = await this.lookups(ownPhotos);
    const newPhotos = body.photos.filter((name) => !ownPhotos.includes(name));
    for (const name of newPhotos) {
      if (await productOriginalExists(this.dataDir, name)) lookups.uploaded.add(name);
    }
    const result = validateProduct(body, lookups, live);
    if (!isValid(result)) throw new InvalidFields(result);
    return result;
  }

  async create(body: ProductBody, actor: string): Promise<AdminProduct> {
    const valid = await this.valid(body, [], true);
    const sku = newSku();
    return this.save(actor, 'product.create', async (trx) => {
      refuseLive(true, await this.holdSeller(trx, valid.columns.seller_id));
      const id = await store.insertProduct(trx, {
        ...valid.columns,
        specs: '{}',
        sku,
        child_key: sku.toLowerCase(),
      });
      await this.placeInTree(trx, valid);
      return { id, sizes: await this.inventory.setSizes(trx, id, valid.sizes) };
    });
  }

  async update(id: number, body: ProductBody, actor: string): Promise<AdminProduct> {
    const current = await this.get(id);
    const valid = await this.valid(body, current.photos, current.active);
    return this.save(actor, 'product.update', async (trx) => {
      const inactiveSeller = await this.holdSeller(trx, valid.columns.seller_id);
      const locked = await store.lockProduct(trx, id);
      if (!locked) throw notFound(`No product with id ${id}`);
      refuseLive(locked.active, inactiveSeller);
      // paused with its seller, it comes back with that seller only
      const paused = locked.seller_id === valid.columns.seller_id ? {} : { paused_with_seller: false };
      await store.updateProduct(trx, id, { ...valid.columns, ...paused });
      await this.placeInTree(trx, valid);
      return { id, sizes: await this.inventory.setSizes(trx, id, valid.sizes) };
    });
  }

  /** A sibling of the same design in another colour: the product page links the two. */
  async addColour(id: number, body: ColourBody, actor: string): Promise<AdminProduct> {
    const source = await this.get(id);
    const color = body.color.trim();
    // another colour is another photo: the old colour's photos would sell red as blue
    const ownPhotos = (body.photos ?? []).filter((photo) => !source.photos.includes(photo));
    if (ownPhotos.length === 0 || ownPhotos.length !== body.photos?.length)
      throw new InvalidFields({ photos: `Add the photos of the new colour (1 to ${MAX_PHOTOS})` });
    const sibling: ProductBody = {
      ...source,
      hsnCode: source.hsnCode ?? undefined,
      color,
      name:
        body.name ??
        (source.name.includes(source.color)
          ? source.name.replace(source.color, color)
          : `${color} ${source.name}`),
      sizes: body.sizes ?? source.sizes.map(({ size }) => ({ size, stock: 0 })),
      photos: ownPhotos,
    };
    const valid = await this.valid(sibling, [], true);
    const sku = newSku();
    return this.save(actor, 'product.colour', async (trx) => {
      refuseLive(true, await this.holdSeller(trx, valid.columns.seller_id));
      const newId = await store.insertProduct(trx, {
        ...valid.columns,
        specs: '{}',
        sku,
        child_key: source.childKey,
      });
      await this.placeInTree(trx, valid);
      return { id: newId, sizes: await this.inventory.setSizes(trx, newId, valid.sizes), from: id };
    });
  }

  /**
   * Withdraw (false) takes a product off sale; restore (true) puts it back, refused while its seller is
   * deactivated. Either way the owner decided: the product no longer waits for its seller.
   */
  async setActive(id: number, active: boolean, actor: string): Promise<AdminProduct> {
    return this.save(actor, active ? 'product.restore' : 'product.withdraw', async (trx) => {
      const sellerId = await store.sellerOf(trx, id);
      const inactiveSeller = sellerId === undefined ? undefined : await this.holdSeller(trx, sellerId);
      if (sellerId === undefined || !(await store.lockProduct(trx, id)))
        throw notFound(`No product with id ${id}`);
      refuseLive(active, inactiveSeller);
      await store.updateProduct(trx, id, { active, paused_with_seller: false });
      return { id };
    });
  }

  /** A pair the owner's tree lacks is added at its end (the tree orders the menu). */
  private placeInTree(trx: Db, { columns }: ValidProduct): Promise<void> {
    if (columns.prod !== 'apparel') return Promise.resolve();
    return this.categories.add(trx, [{ userSegment: columns.user_segment, genre: columns.genre }]);
  }

  /**
   * Holds the seller against deactivation until the transaction ends (taken before the product's row, as
   * a deactivation takes the seller's before its products'); its name when it is inactive already.
   */
  private async holdSeller(trx: Db, sellerId: number): Promise<string | undefined> {
    return (await store.inactiveSellers(trx, [sellerId]))[0];
  }

  /**
   * A seller's change (sellers' service) in one transaction with what it means for its products: `follow`
   * takes a deactivated seller's live products off the shop (marked paused with it), or brings back
   * exactly those on activation. Once it commits, listings, search, product pages and every instance
   * drop or show them at once.
   */
  async sellerChange<T>(work: (trx: Db, follow: FollowSeller) => Promise<T>): Promise<T> {
    let moved = false;
    const result = await this.db.transaction().execute((trx) =>
      work(trx, async (sellerId, active) => {
        const ids = active
          ? await store.resumeWithSeller(trx, sellerId)
          : await store.pauseWithSeller(trx, sellerId);
        moved ||= ids.length > 0;
        return ids;
      }),
    );
    if (moved) this.changes.announce({ everything: true });
    return result;
  }

  /** Runs a change in Inventory's transaction, records it, and announces it to every cache of the shop. */
  private async save(
    actor: string,
    action: string,
    change: (trx: Db) => Promise<{ id: number } & Record<string, unknown>>,
  ): Promise<AdminProduct> {
    const product = await this.inventory.transaction(async (trx) => {
      const { id, ...details } = await change(trx);
      await recordAudit(trx, {
        actor,
        action,
        subject: `product:${id}`,
        details: { productId: id, ...details },
      });
      return this.get(id, trx);
    });
    // a new, changed or withdrawn product moves listings, search and the home list, not only its page
    this.changes.announce({ everything: true });
    return product;
  }

  uploadPhoto(photo: Buffer): Promise<string> {
    return storeProductOriginal(this.dataDir, photo);
  }

  async lowStock(limit = LOW_STOCK_SHOWN): Promise<LowStockResponse> {
    const threshold = await this.shop.lowStockThreshold();
    return { threshold, sizes: await store.lowStock(this.db, threshold, limit) };
  }

  /** The live products' low sizes, fewest first (the store lists live products first). */
  async liveLowStock(limit: number): Promise<LowStockResponse['sizes']> {
    return (await this.lowStock(limit)).sizes.filter((size) => size.active);
  }
}
