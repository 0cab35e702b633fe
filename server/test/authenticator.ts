import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';

/**
 * A software WebAuthn authenticator (a P-256 key pair from node:crypto) that answers the server's options
 * as a browser's `toJSON()` forms do: attestation "none" at registration, an ECDSA assertion at sign-in.
 * Tests bend one part of an answer at a time (origin, challenge, sign count) to see it refused.
 */

/** What a test may change in a ceremony's answer. */
export interface Bend {
  origin?: string;
  challenge?: string;
  rpId?: string;
  /** the sign count the authenticator reports; by default one more than its last */
  signCount?: number;
  userHandle?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId: string;
  private signCount = 0;
  private userHandle: string | undefined;

  constructor(
    readonly origin: string,
    private readonly privateKey: KeyObject = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    credentialId = randomBytes(16).toString('base64url'),
  ) {
    this.credentialId = credentialId;
  }

  /** The same key, credential and count in another authenticator: what a cloned authenticator is. */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.origin, this.privateKey, this.credentialId);
    copy.signCount = this.signCount;
    copy.userHandle = this.userHandle;
    return copy;
  }

  /** `navigator.credentials.create()`'s answer (RegistrationResponseJSON) to creation options. */
  create(options: { challenge: string; rp: { id: string }; user: { id: string } }, bend: Bend = {}) {
    this.userHandle = options.user.id;
    const id = Buffer.from(this.credentialId, 'base64url');
    const attested = Buffer.concat([Buffer.alloc(16), uint16(id.length), id, this.publicKeyCose()]);
    const authData = this.authenticatorData(
      bend.rpId ?? options.rp.id,
      FLAGS.UP | FLAGS.UV | FLAGS.AT,
      bend,
      attested,
    );
    const attestationObject = cbor(
      new Map<CborKey, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, bend).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get()`'s answer (AuthenticationResponseJSON) to request options. */
  get(options: { challenge: string; rpId: string }, bend: Bend = {}) {
    const authData = this.authenticatorData(bend.rpId ?? options.rpId, FLAGS.UP | FLAGS.UV, bend);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(this.privateKey);
    const userHandle = bend.userHandle ?? this.userHandle;
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(userHandle && { userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    const data = {
      type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    };
    return Buffer.from(JSON.stringify(data));
  }

  /** rpIdHash, flags, sign count (4 bytes, big-endian), then the attested credential data if any. */
  private authenticatorData(rpId: string, flags: number, bend: Bend, attested = Buffer.alloc(0)): Buffer {
    this.signCount = bend.signCount ?? this.signCount + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(Buffer.from(rpId)), Buffer.from([flags]), count, attested]);
  }

  /** The public key as a COSE EC2 key: kty 2, alg -7 (ES256), crv 1 (P-256), x, y. */
  private publicKeyCose(): Buffer {
    const jwk = this.privateKey.export({ format: 'jwk' });
    return cbor(
      new Map<CborKey, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }
}

const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

function uint16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

// A tiny CBOR encoder (RFC 8949): what attestation objects and COSE keys hold --------------------------

type CborKey = number | string;
type CborValue = number | string | Buffer | Map<CborKey, CborValue>;

function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value);
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

/** A major type and its argument, in the shortest form. */
function head(major: number, n: number): Buffer {
  const type = major << 5;
  if (n < 24) return Buffer.from([type | n]);
  if (n < 0x100) return Buffer.from([type | 24, n]);
  if (n < 0x10000) return Buffer.concat([Buffer.from([type | 25]), uint16(n)]);
  const b = Buffer.alloc(5);
  b[0] = type | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
