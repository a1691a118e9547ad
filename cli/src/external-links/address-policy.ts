// Which addresses an external link check may connect to. A repository must not make CI probe its own network: a
// link to http://10.0.0.5/admin or to a name that resolves there is skipped unless --allow-private-hosts.
import net = require('node:net');

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['168.63.129.16', 32], // Azure's host endpoint (wire server, DNS, health probes) seen from inside a VM
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated, RFC 7526)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges that are not the public internet; IPv4 inside IPv6 is read out and checked as IPv4 (below). */
const PRIVATE_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a translator of the local network
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: its IPv4 addresses (server, and client XOR-ed) are not read out, the range is refused whole
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
];

let blocked: net.BlockList | undefined;

function blockList(): net.BlockList {
  if (blocked) return blocked;
  blocked = new net.BlockList();
  for (const [address, prefix] of PRIVATE_V4) blocked.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of PRIVATE_V6) blocked.addSubnet(address, prefix, 'ipv6');
  return blocked;
}

/**
 * The IPv4 address an IPv6 address carries, if it is one of the forms that reach IPv4 hosts: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), SIIT's IPv4-translated (::ffff:0:a.b.c.d, RFC 7915), NAT64's
 * well-known prefix (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedV4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || (groups[5] === 0 && (groups[6] !== 0 || groups[7] > 1)))) return v4(groups[6], groups[7]);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let text = withoutZone(address.toLowerCase());
  const last = text.lastIndexOf(':') + 1;
  if (text.includes('.', last)) {
    if (net.isIPv4(text.slice(last)) === false) return undefined;
    const [a, b, c, d] = text.slice(last).split('.').map(Number);
    text = `${text.slice(0, last)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string) => (half === '' ? [] : half.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]);
  const rest = halves.length === 2 ? part(halves[1]) : [];
  const groups = halves.length === 2 ? [...head, ...new Array(8 - head.length - rest.length).fill(0), ...rest] : head;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** An IPv6 address without its `%zone`. */
function withoutZone(address: string): string {
  const zone = address.indexOf('%');
  return zone < 0 ? address : address.slice(0, zone);
}

/** Whether an IP address (v4 or v6, as text) is of the public internet. Anything that is not an address is not. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blockList().check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedV4(address);
  if (v4 !== undefined) return isPublicAddress(v4);
  return !blockList().check(withoutZone(address), 'ipv6');
}

/**
 * The address a URL's host names, when it is an address: the WHATWG parser has already turned the decimal, octal
 * and hex forms of IPv4 (`http://2130706433/`, `http://0x7f.1/`) into dotted ones; brackets of IPv6 are taken off.
 */
export function hostAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? host : undefined;
}
