import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a limit counts a client by: its IPv4 /24 or its IPv6 /48 (an IPv4-mapped IPv6 address is
 * IPv4). A client holds a whole IPv6 /64 and often a /48, and a host on a /24 is as easy to come by as the
 * next address in it, so counting single addresses would let one network pass for many.
 */
export function networkKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 3).join(':')}::/48`;
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
