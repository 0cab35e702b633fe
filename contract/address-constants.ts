import { GST_STATE_CODES } from './gstin.ts';

/**
 * India's states and union territories, A to Z, spelt as haat's pincode table spells them: the address's
 * State is one of these (the form's choices, the server's check).
 */
export const INDIA_STATES: readonly string[] = [...new Set(Object.values(GST_STATE_CODES))].sort();

export const UNKNOWN_STATE_MESSAGE = "Please choose one of India's states or union territories";
