import { type Static, Type } from 'typebox';

/**
 * Every refusal and failure the API answers: one sentence for the shopper or the developer. A 429 also
 * says how many seconds to wait, as its Retry-After header does.
 */
export const ErrorResponse = Type.Object(
  { error: Type.String(), retryAfter: Type.Optional(Type.Integer({ minimum: 1 })) },
  { description: 'The request was refused or failed' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** 400 for a form's fields: the message beside each field that is wrong (nested ones as `address.pincode`). */
export const FieldErrors = Type.Object({
  error: Type.String(),
  fields: Type.Record(Type.String(), Type.String()),
});
export type FieldErrors = Static<typeof FieldErrors>;

/** 400 of a form: its fields, or what refused the request before its fields were read (e.g. a body that is not JSON) */
export const FormRefused = Type.Union([FieldErrors, ErrorResponse]);
