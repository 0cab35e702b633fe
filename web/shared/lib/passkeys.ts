import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type {
  NewPasskey,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '../../../contract/passkeys.ts';

/**
 * Passkeys in the browser, for the shop and the back office alike (each with its own API client and
 * paths): the server's options, the device's authenticator, then the server's check. The library is
 * fetched when a passkey is used, so the screens that share this file (and the chunk it lands in, which
 * every product page loads) do not carry it.
 */

const webauthn = () => import('@simplewebauthn/browser');

type Post = <T>(path: string, body: unknown) => Promise<T>;

/** As the library's browserSupportsWebAuthn, without fetching the library to ask. */
export const passkeysSupported = (): boolean => typeof globalThis.PublicKeyCredential === 'function';

/** Makes a passkey on this device for the signed-in person and saves it under `name`. */
export async function addPasskey(
  post: Post,
  paths: { options: string; save: string },
  name: string,
): Promise<NewPasskey> {
  const options = await post<PasskeyCreationOptions>(paths.options, {});
  const optionsJSON = options as PublicKeyCredentialCreationOptionsJSON;
  const credential = await (await webauthn()).startRegistration({ optionsJSON });
  return post<NewPasskey>(paths.save, { ...credential, ...(name.trim() && { name: name.trim() }) });
}

/** Signs in with a passkey the person picks on this device; the sign-in route's answer. */
export async function signInWithPasskey<T>(
  post: Post,
  paths: { options: string; signIn: string },
): Promise<T> {
  const options = await post<PasskeyRequestOptions>(paths.options, {});
  const optionsJSON = options as PublicKeyCredentialRequestOptionsJSON;
  return post<T>(paths.signIn, await (await webauthn()).startAuthentication({ optionsJSON }));
}

/**
 * What to tell the person when the device's part failed (they cancelled, it timed out, the passkey is
 * there already); undefined for the server's refusals, which carry their own words.
 */
export function passkeyFailure(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'NotAllowedError') return 'No passkey was used: it was cancelled or took too long';
  if (error.name === 'InvalidStateError') return 'This device has a passkey for you already';
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError') {
    return 'This browser cannot use passkeys here';
  }
  return undefined;
}
