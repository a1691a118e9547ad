// One request of the external link check: a HEAD or GET whose body is never read, to an address checked by the
// address policy and pinned (the connection goes to the address that was checked: a second DNS answer cannot differ).
import type { LookupFunction } from 'node:net';
import { hostAddress } from './address-policy';

/** The addresses a host name resolves to (default: the system's resolver); tests give their own. */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface ProbeAnswer {
  status: number;
  location?: string;
  retryAfter?: string;
}

/** A request that got no answer; `code` is Node's error code or one of ours (`ETIMEDOUT`, `EPRIVATE`). */
export class ProbeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ProbeSettings {
  /** Whether an address may be connected to (isPublicAddress, unless --allow-private-hosts). */
  allowed(address: string): boolean;
  userAgent: string;
  resolve: HostResolver;
}

type Network = { http: typeof import('node:http'); https: typeof import('node:https'); dns: typeof import('node:dns') };
let network: Network | undefined;

/** node:http, https and dns load on the first request: a check without --check-external sends none. */
function loadNetwork(): Network {
  network ??= { http: require('node:http'), https: require('node:https'), dns: require('node:dns') };
  return network;
}

export const systemResolver: HostResolver = (hostname) => loadNetwork().dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Host names resolved once per check and checked as a whole: a name with any private address among its answers is
 * refused (unless allowed), so no connection can pick the private one. Every connection to the name gets these.
 */
export class PinnedResolver {
  private readonly resolved = new Map<string, Promise<{ address: string; family: number }[]>>();

  constructor(private readonly settings: ProbeSettings) {}

  addresses(hostname: string): Promise<{ address: string; family: number }[]> {
    let found = this.resolved.get(hostname);
    if (!found) {
      found = this.settings.resolve(hostname).then((addresses) => {
        if (!addresses.length) throw new ProbeError('ENOTFOUND', `${hostname} resolves to no address`);
        const inside = addresses.find((a) => !this.settings.allowed(a.address));
        if (inside) throw new ProbeError('EPRIVATE', `${hostname} resolves to ${inside.address}, a private address`);
        return addresses;
      });
      this.resolved.set(hostname, found);
    }
    return found;
  }

  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.addresses(hostname).then(
      (all) => {
        const wanted = all.filter((a) => !options.family || a.family === options.family);
        if (!wanted.length) return callback(new ProbeError('ENOTFOUND', `${hostname} has no IPv${options.family} address`) as NodeJS.ErrnoException, '', 0);
        if (options.all) (callback as unknown as (error: null, all: typeof wanted) => void)(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** The address a URL's host is written as (in any of its forms), when it may not be connected to. */
function refusedAddress(url: URL, allowed: (address: string) => boolean): string | undefined {
  const address = hostAddress(url);
  return address !== undefined && !allowed(address) ? address : undefined;
}

/** Sends one request and resolves with its status once the headers are in; the body is never read. */
export function probe(url: URL, method: 'HEAD' | 'GET', timeoutMs: number, settings: ProbeSettings, resolver: PinnedResolver): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const refused = refusedAddress(url, settings.allowed);
    if (refused !== undefined) return reject(new ProbeError('EPRIVATE', `${refused} is a private address`));
    const { http, https } = loadNetwork();
    const send = url.protocol === 'https:' ? https.request : http.request;
    const headers = { 'user-agent': settings.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    // No shared agent: each request its own connection, closed once its headers are read.
    const request = send(url, { method, headers, agent: false, lookup: resolver.lookup }, (response) => {
      clearTimeout(timer);
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      resolve({ status: response.statusCode ?? 0, location: header('location'), retryAfter: header('retry-after') });
      response.destroy();
    });
    const timer = setTimeout(() => request.destroy(new ProbeError('ETIMEDOUT', `no answer within ${seconds(timeoutMs)}`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('close', () => {
      clearTimeout(timer);
      reject(new ProbeError('ECONNRESET', 'the connection closed without an answer'));
    });
    request.end();
  });
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
