import { type Static, Type } from 'typebox';

export const CheckResponse = Type.Object({ csrfToken: Type.String() });
export type CheckResponse = Static<typeof CheckResponse>;
