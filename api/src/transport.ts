import type * as Http from 'node:http';
import type { LookupFunction, Socket } from 'node:net';
import { isLoopbackHost } from './base-url';
import { ApiError } from './errors';

export interface TransportRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request and its response body (timeout or cancellation). */
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  header(name: string): string | undefined;
  /** The body as it arrives; stopping the iteration releases the connection. */
  body: AsyncIterable<Uint8Array>;
}

/** Sends one request; resolves once the status and headers are in. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

interface Network {
  http: typeof import('node:http');
  https: typeof import('node:https');
  dns: typeof import('node:dns');
  agents: { http: Http.Agent; https: Http.Agent };
}
let network: Network | undefined;

/**
 * Loaded on the first request, not at start: node:http, node:https and node:dns took 30 ms of the CLI's start
 * (CPU profile of `docs-json check` on firecrawl), and a check sends no request.
 */
function loadNetwork(): Network {
  if (network) return network;
  const http = require('node:http') as typeof import('node:http');
  const https = require('node:https') as typeof import('node:https');
  const dns = require('node:dns') as typeof import('node:dns');
  // No keep-alive: a pooled socket the server has just closed would fail a request that cannot be retried safely.
  network = { http, https, dns, agents: { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) } };
  return network;
}

/** The addresses a host name resolves to (default: the system's resolver, hosts file included). */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: HostResolver = (hostname) => loadNetwork().dns.promises.lookup(hostname, { all: true });

/**
 * Plain http carries a key only to this machine, and a name (`localhost`, `api.localhost`) is no proof of that:
 * a hosts entry or a DNS answer may point it anywhere. The connection goes to the checked addresses, and only
 * when every one of them is loopback: no second lookup can differ from the one checked.
 */
export function loopbackOnlyLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = found.filter((a) => !options.family || a.family === options.family);
        const outside = found.find((a) => !isLoopbackHost(a.address));
        if (outside || wanted.length === 0) {
          const why = outside ? `it resolves to ${outside.address}, which is not this machine` : 'it resolves to no address';
          const error = new ApiError('insecure-url', `refusing to send an API key over plain http to ${hostname}: ${why} (use https://)`);
          return callback(error as unknown as NodeJS.ErrnoException, '', 0);
        }
        if (options.all) (callback as unknown as (e: null, all: typeof wanted) => void)(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export interface NodeTransportOptions {
  /** How host names of plain-http URLs are resolved; tests give their own, so nothing leaves the machine. */
  resolve?: HostResolver;
}

export function createNodeTransport(options: NodeTransportOptions = {}): Transport {
  const lookup = loopbackOnlyLookup(options.resolve ?? systemResolver);
  return (request) => send(request, request.url.protocol === 'https:' ? undefined : lookup);
}

export const nodeTransport: Transport = createNodeTransport();

const send = (request: TransportRequest, lookup: LookupFunction | undefined): Promise<TransportResponse> =>
  new Promise((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const { http, https, agents } = loadNetwork();
    const send = secure ? https.request : http.request;
    const options = { method: request.method, headers: request.headers, signal: request.signal, agent: secure ? agents.https : agents.http, lookup };
    const outgoing = send(request.url, options, (incoming) => {
      resolve({
        status: incoming.statusCode ?? 0,
        header: (name) => {
          const value = incoming.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        },
        body: incoming,
      });
    });
    // A 101 (or any switch of protocols) is no answer: this client never asks for one. Without this listener Node
    // closed the socket and the request neither answered nor failed: the command printed nothing and exited 0.
    outgoing.on('upgrade', (incoming: Http.IncomingMessage, socket: Socket) => {
      socket.destroy();
      reject(new ApiError('invalid-response', `${request.url.host} answered ${incoming.statusCode ?? '?'} (switching protocols), not an answer to the request`, { status: incoming.statusCode }));
    });
    outgoing.on('error', reject);
    // Whatever else ends the request before an answer (a settled promise ignores this).
    outgoing.on('close', () => reject(new ApiError('network', `the connection to ${request.url.host} closed without an answer`)));
    outgoing.end(request.body);
  });
