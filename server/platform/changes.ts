import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What changed for shoppers: some products (stock, holds, reviews, withdrawal), the whole catalogue,
 * the shop's own details and settings (name, policies, delivery charge), or its offers (a sale saved or
 * stopped: every instance reads its sales again).
 */
export type Change = { productIds: number[] } | { everything: true } | { shop: true } | { offers: true };
type Listener = (change: Change) => void;

const CHANNEL = 'haat_changes';
// NOTIFY payloads are capped at 8000 bytes: a larger change is announced as "everything"
const MAX_IDS_PER_NOTICE = 500;
const RECONNECT_MS = 1000;

/**
 * Announces changes to every cache of the shop: at once to this process's listeners, and (on
 * PostgreSQL) to every other instance on the same database through LISTEN/NOTIFY, so a sale on one
 * instance shows on another's pages within moments, not at the end of a cache's lifetime.
 */
export class ChangeFeed {
  private readonly listeners = new Set<Listener>();

  onChange(listener: Listener): void {
    this.listeners.add(listener);
  }

  /** Call after the change has committed, so no instance reloads the old state. */
  announce(change: Change): void {
    if ('productIds' in change && change.productIds.length === 0) return;
    this.deliver(change);
  }

  async close(): Promise<void> {}

  protected deliver(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}

/** The feed across instances: one connection listens; announcing is one NOTIFY through the pool. */
export class PostgresChangeFeed extends ChangeFeed {
  private readonly instance = randomUUID();
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly notify: (channel: string, payload: string) => Promise<unknown>,
    private readonly log: { error(obj: unknown, msg: string): void },
  ) {
    super();
  }

  /** Starts listening; resolves once the first connection listens. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => this.received(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('listening connection ended')));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  override announce(change: Change): void {
    super.announce(change);
    const wide = 'productIds' in change && change.productIds.length > MAX_IDS_PER_NOTICE;
    const payload = JSON.stringify({ from: this.instance, ...(wide ? { everything: true } : change) });
    this.notify(CHANNEL, payload).catch((error: unknown) =>
      this.log.error({ err: error }, 'could not announce a change to other instances'),
    );
  }

  override async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end();
  }

  private received(payload: string | undefined): void {
    const notice = parseNotice(payload);
    if (notice && notice.from !== this.instance) this.deliver(notice.change);
  }

  /** Reconnects after a lost connection; what was announced meanwhile is unknown, so everything is stale. */
  private lost(client: pg.Client, error: Error): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    this.log.error({ err: error }, 'change feed: listening connection lost; reconnecting');
    const retry = () => {
      if (this.closed) return;
      this.start().then(
        () => this.deliver({ everything: true }),
        () => setTimeout(retry, RECONNECT_MS).unref(),
      );
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }
}

export function parseNotice(payload: string | undefined): { from: string; change: Change } | undefined {
  try {
    const notice = JSON.parse(payload ?? '') as {
      from?: unknown;
      productIds?: unknown;
      everything?: unknown;
      shop?: unknown;
      offers?: unknown;
    };
    if (typeof notice.from !== 'string') return undefined;
    if (notice.everything === true) return { from: notice.from, change: { everything: true } };
    if (notice.shop === true) return { from: notice.from, change: { shop: true } };
    if (notice.offers === true) return { from: notice.from, change: { offers: true } };
    if (Array.isArray(notice.productIds) && notice.productIds.every(Number.isInteger)) {
      return { from: notice.from, change: { productIds: notice.productIds as number[] } };
    }
  } catch {
    // not ours: ignored
  }
  return undefined;
}
