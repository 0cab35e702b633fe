import { type Static, Type } from 'typebox';

/**
 * Passkeys (WebAuthn) for the back office and for shoppers (docs/decisions/053). Every binary
 * value is base64url without padding, as WebAuthn's `toJSON()` forms are.
 */

/** base64url without padding, at most `maxLength` characters */
const Base64Url = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength });

const CredentialId = Type.String({ pattern: '^[A-Za-z0-9_-]+$', minLength: 1, maxLength: 1400 });

export const PASSKEY_NAME_MAX = 60;
/** what a passkey is called in the list; the person's own words, or a default */
export const PasskeyName = Type.String({
  minLength: 1,
  maxLength: PASSKEY_NAME_MAX,
  pattern: '^[^\\p{Cc}]+$',
});

// POST /admin/api/passkeys/options, POST /api/passkeys/options ---------------------------------------

export const PasskeyOptionsBody = Type.Object({}, { additionalProperties: false });
export type PasskeyOptionsBody = Static<typeof PasskeyOptionsBody>;

const CredentialDescriptor = Type.Object({
  type: Type.Literal('public-key'),
  id: Type.String(),
  transports: Type.Optional(Type.Array(Type.String())),
});

/** PublicKeyCredentialCreationOptionsJSON, for `navigator.credentials.create()` */
export const PasskeyCreationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ id: Type.String(), name: Type.String() }),
  /** `id`: the person's opaque random handle, never their phone */
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ type: Type.Literal('public-key'), alg: Type.Integer() })),
  timeout: Type.Integer(),
  attestation: Type.Literal('none'),
  excludeCredentials: Type.Array(CredentialDescriptor),
  authenticatorSelection: Type.Object({
    residentKey: Type.Literal('required'),
    requireResidentKey: Type.Optional(Type.Boolean()),
    userVerification: Type.Literal('preferred'),
  }),
});
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

// POST /admin/api/passkeys, POST /api/passkeys --------------------------------------------------------

/** RegistrationResponseJSON (browsers add fields of their own, which are kept out of the check) and a name */
export const NewPasskeyBody = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4000),
    attestationObject: Base64Url(12000),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
  }),
  clientExtensionResults: Type.Optional(Type.Object({})),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 20 })),
  name: Type.Optional(PasskeyName),
});
export type NewPasskeyBody = Static<typeof NewPasskeyBody>;

export const NewPasskey = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Type.String() });
export type NewPasskey = Static<typeof NewPasskey>;

// GET /admin/api/passkeys, GET /api/passkeys; DELETE …/passkeys/:id -----------------------------------

export const Passkey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Passkey = Static<typeof Passkey>;

/** the signed-in person's passkeys, oldest first */
export const PasskeyList = Type.Array(Passkey);
export type PasskeyList = Static<typeof PasskeyList>;

export const PasskeyParams = Type.Object({ id: CredentialId });
export type PasskeyParams = Static<typeof PasskeyParams>;

// POST /admin/api/session/passkey/options, POST /api/session/passkey/options ---------------------------

/** PublicKeyCredentialRequestOptionsJSON: the same for everyone (discoverable passkeys, no list) */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  rpId: Type.String(),
  timeout: Type.Integer(),
  userVerification: Type.Literal('preferred'),
  allowCredentials: Type.Array(CredentialDescriptor, { maxItems: 0 }),
});
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;

// POST /admin/api/session/passkey, POST /api/session/passkey ------------------------------------------

/** AuthenticationResponseJSON */
export const PasskeySignInBody = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4000),
    authenticatorData: Base64Url(4000),
    signature: Base64Url(1000),
    userHandle: Type.Optional(Type.Union([Base64Url(200), Type.Null()])),
  }),
  clientExtensionResults: Type.Optional(Type.Object({})),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 20 })),
});
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;
