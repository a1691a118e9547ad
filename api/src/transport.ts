import * as http from 'node:http';
import * as https from 'node:https';

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

// No keep-alive: a pooled socket the server has just closed would fail a request that cannot be retried safely.
const agents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

export const nodeTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const send = secure ? https.request : http.request;
    const options = { method: request.method, headers: request.headers, signal: request.signal, agent: secure ? agents.https : agents.http };
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
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
