import { type Static, Type } from 'typebox';

export const ErrorResponse = Type.Object({ error: Type.String() });
export type ErrorResponse = Static<typeof ErrorResponse>;

export const CheckResponse = Type.Object({ csrfToken: Type.String() });
export type CheckResponse = Static<typeof CheckResponse>;
