import type { Db } from '../../db/connect.ts';
import type { Session } from '../../platform/sessions.ts';
import type { Bag } from './service.ts';

/** The wishlist's part of a login; the wishlist sits above the bag (it adds to it), so it is handed in. */
interface GuestWishes {
  adoptGuestWishes(trx: Db, sessionId: string, customerId: number): Promise<void>;
}

/** A visitor's bag and wishlist, taken into the account they log in to (decision 022). */
export class GuestBags {
  constructor(
    private readonly db: Db,
    private readonly bag: Bag,
    private readonly wishlist: GuestWishes,
  ) {}

  /**
   * Merges what the visitor's session kept into the customer's bag and wishlist in one transaction, before
   * the session is replaced at login; answers one sentence per bag line not kept as it was ([] when none).
   */
  async adopt(session: Session | null, customerId: number): Promise<string[]> {
    // a logged-in session's lines are the customer's already
    if (!session || session.customerId !== null) return [];
    return this.db.transaction().execute(async (trx) => {
      const changes = await this.bag.adoptGuestLines(trx, session.id, customerId);
      await this.wishlist.adoptGuestWishes(trx, session.id, customerId);
      return changes;
    });
  }
}
