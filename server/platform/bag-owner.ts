import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Sessions } from './sessions.ts';

/**
 * Whose bag and wishlist: a logged-in customer's, or a visitor's, kept with the visitor's session
 * (decision 022). One set of tables and rules serves both.
 */
export type BagOwner = { customerId: number } | { sessionId: string };

type OwnedTable = 'cart_lines' | 'wishlist_items';

/** The owner's column of cart_lines and wishlist_items, as a row's values. */
export function ownerValues(owner: BagOwner): { customer_id: number } | { session_id: string } {
  return 'customerId' in owner ? { customer_id: owner.customerId } : { session_id: owner.sessionId };
}

/** The owner's column, for ON CONFLICT targets. */
export function ownerColumn(owner: BagOwner): 'customer_id' | 'session_id' {
  return 'customerId' in owner ? 'customer_id' : 'session_id';
}

/** `<table>.<owner column> = <owner>`: the condition of every read and change of an owner's rows. */
export function ownedBy(table: OwnedTable, owner: BagOwner) {
  const value = 'customerId' in owner ? owner.customerId : owner.sessionId;
  return sql<boolean>`${sql.ref(`${table}.${ownerColumn(owner)}`)} = ${value}`;
}

/** The bag a read shows: the customer's, the visitor's session's, or none yet (an empty bag). */
export async function bagToRead(sessions: Sessions, request: FastifyRequest): Promise<BagOwner | undefined> {
  const session = await sessions.current(request);
  if (!session) return undefined;
  return session.customerId ? { customerId: session.customerId } : { sessionId: session.id };
}

/** The bag a change goes to; a visitor's first change starts their session (its cookie) to keep it. */
export async function bagToChange(
  sessions: Sessions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<BagOwner> {
  const session = await sessions.ensure(request, reply);
  return session.customerId ? { customerId: session.customerId } : { sessionId: session.id };
}
