interface Entry<V> {
  value: Promise<V>;
  freshUntil: number;
  staleUntil: number;
  refreshing: boolean;
}

/**
 * A small in-process cache of promises with a time to live and a size bound.
 * Keeping the promise (not the value) makes concurrent misses on one key share a single query.
 * For a while after its time to live an entry is still answered while one refresh runs behind it,
 * so a busy key never makes shoppers wait for the database.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.staleUntil) {
      if (now >= entry.freshUntil && !entry.refreshing) this.refresh(key, entry, load);
      return entry.value;
    }
    return this.store(key, load(), now).value;
  }

  /**
   * Each key's value, those not held loaded together: `load` is called once with every key missing (in
   * the order asked, after all of them are known) and answers a lookup that gives each of them its value.
   */
  getMany(keys: readonly string[], load: (missing: string[]) => Promise<(key: string) => V>): Promise<V[]> {
    const missing: string[] = [];
    let loaded: Promise<(key: string) => V> | undefined;
    const loadOne = (key: string) => {
      missing.push(key);
      // the microtask starts it once the synchronous lookups below have all been made
      loaded ??= Promise.resolve().then(() => load(missing));
      return loaded.then((lookup) => lookup(key));
    };
    return Promise.all(keys.map((key) => this.get(key, () => loadOne(key))));
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, value: Promise<V>, now: number): Entry<V> {
    const entry = {
      value,
      freshUntil: now + this.ttlMs,
      staleUntil: now + 2 * this.ttlMs,
      refreshing: false,
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // a failed load is not remembered; the next caller tries again
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.evictOldest();
    return entry;
  }

  private refresh(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    const value = load();
    value.then(
      () => {
        // unless the cache was cleared meanwhile: then this answer may predate the change
        if (this.entries.get(key) === entry) this.store(key, value, Date.now());
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
