/**
 * "Notify me" on a sold-out size, apart from the schemas so that the web app imports them as
 * values without bundling TypeBox. contract/back-in-stock.ts re-exports them.
 */

/** sizes one customer may wait for at a time: enough for any shopper, not a way to fill the outbox */
export const MAX_OPEN_BACK_IN_STOCK_REQUESTS = 50;
export const BACK_IN_STOCK_LIMIT_MESSAGE = `You are already waiting for ${MAX_OPEN_BACK_IN_STOCK_REQUESTS} sizes. Cancel one you no longer want, then try again.`;
