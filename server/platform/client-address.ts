import { isIPv6 } from 'node:net';

/**
 * The address a limit counts a client by. An IPv6 client usually holds a whole /64 and can pick a new
 * address in it for every request, so all of it counts as one; IPv4 (also IPv4-mapped) counts as itself.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' filled in, each without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]?.split('::') ?? [];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) =>
    (Number.parseInt(g, 16) || 0).toString(16),
  );
}
