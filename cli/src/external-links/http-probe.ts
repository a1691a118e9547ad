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
 * The connections of one check. Host names are resolved once and checked as a whole: a name with any private
 * address among its answers is refused (unless allowed), so no connection can pick the private one; every
 * connection to the name gets these answers. Connections are kept open between requests to a host (at most
 * `perHost` of them): a TLS handshake per link was most of a request's cost.
 */
export class Connections {
  private readonly resolved = new Map<string, Promise<{ address: string; family: number }[]>>();
  private agents?: { http: import('node:http').Agent; https: import('node:https').Agent };

  constructor(
    private readonly settings: ProbeSettings,
    private readonly perHost: number,
  ) {}

  agentFor(url: URL): import('node:http').Agent {
    if (!this.agents) {
      const { http, https } = loadNetwork();
      const options = { keepAlive: true, maxSockets: this.perHost, maxFreeSockets: this.perHost, scheduling: 'lifo' as const };
      this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
    }
    return url.protocol === 'https:' ? this.agents.https : this.agents.http;
  }

  /** Closes the connections kept open. */
  close(): void {
    this.agents?.http.destroy();
    this.agents?.https.destroy();
  }

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

/**
 * Sends one request and resolves with its status once the headers are in; a GET's body is never read. A kept
 * connection the server closed meanwhile fails at once: the request is sent again once, on a new one.
 */
export async function probe(url: URL, method: 'HEAD' | 'GET', timeoutMs: number, settings: ProbeSettings, connections: Connections): Promise<ProbeAnswer> {
  try {
    return await probeOnce(url, method, timeoutMs, settings, connections);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return probeOnce(url, method, timeoutMs, settings, connections);
  }
}

class StaleConnection extends Error {}

function probeOnce(url: URL, method: 'HEAD' | 'GET', timeoutMs: number, settings: ProbeSettings, connections: Connections): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const refused = refusedAddress(url, settings.allowed);
    if (refused !== undefined) return reject(new ProbeError('EPRIVATE', `${refused} is a private address`));
    const { http, https } = loadNetwork();
    const send = url.protocol === 'https:' ? https.request : http.request;
    const headers = { 'user-agent': settings.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const request = send(url, { method, headers, agent: connections.agentFor(url), lookup: connections.lookup }, (response) => {
      clearTimeout(timer);
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      resolve({ status: response.statusCode ?? 0, location: header('location'), retryAfter: header('retry-after') });
      // A HEAD answer has no body: its connection goes back to the pool. A GET's body is not downloaded.
      if (method === 'HEAD') response.resume();
      else response.destroy();
    });
    const timer = setTimeout(() => request.destroy(new ProbeError('ETIMEDOUT', `no answer within ${seconds(timeoutMs)}`)), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(request.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnection() : error);
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
