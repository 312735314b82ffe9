/**
 * What a per-address limit counts: an IPv4 address, or an IPv6 /64 (a subscriber usually holds a
 * whole /64); an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const plain = address.toLowerCase().split('%')[0]!;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') && tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+/, '') || '0');
  return `${prefix.join(':')}::/64`;
}
