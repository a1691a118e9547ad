import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpFailure, sendFailure } from './http-helpers';

export interface FaultMatch {
  method?: string;
  /** A path prefix, or a pattern the path must match. */
  path?: string | RegExp;
}

export type FaultSpec =
  | { type: 'rate-limit'; retryAfter?: string }
  | { type: 'server-error'; status?: number; body?: 'json' | 'empty' | 'html' }
  /** Waits before answering normally (a slow service). */
  | { type: 'delay'; ms: number }
  /** 200 (or `status`) with an HTML body, as a proxy would answer. */
  | { type: 'non-json'; status?: number }
  /** Closes the connection without answering. */
  | { type: 'drop' }
  /** Sends headers and a few bytes, then closes the connection. */
  | { type: 'drop-mid-body' }
  /** Sends headers, then one byte every `intervalMs`, for ever (slow loris). */
  | { type: 'trickle'; intervalMs: number }
  /** Streams `bytes` of JSON whitespace, with or without a Content-Length. */
  | { type: 'huge'; bytes: number; withLength?: boolean };

export type Fault = FaultSpec & { match?: FaultMatch; /** Requests it applies to; default 1. */ times?: number };

/** What a fault did, for tests to assert. */
export interface FaultHandle {
  readonly hits: number;
  /** Body bytes written by this fault so far. */
  readonly bytesSent: number;
  /** Resolves when a connection this fault answered has closed. */
  closed(): Promise<void>;
}

export class ActiveFault implements FaultHandle {
  hits = 0;
  bytesSent = 0;
  private remaining: number;
  private readonly closedWaiters: Array<() => void> = [];
  private closedCount = 0;

  constructor(readonly fault: Fault) {
    this.remaining = fault.times ?? 1;
  }

  get exhausted(): boolean {
    return this.remaining <= 0;
  }

  matches(method: string, path: string): boolean {
    const match = this.fault.match;
    if (this.exhausted) return false;
    if (match?.method && match.method.toUpperCase() !== method) return false;
    if (match?.path instanceof RegExp) return match.path.test(path);
    return match?.path === undefined || path.startsWith(match.path);
  }

  take(): void {
    this.remaining--;
    this.hits++;
  }

  noteClosed(): void {
    this.closedCount++;
    this.closedWaiters.splice(0).forEach((resolve) => resolve());
  }

  closed(): Promise<void> {
    return this.closedCount > 0 ? Promise.resolve() : new Promise((resolve) => this.closedWaiters.push(resolve));
  }
}

export interface FaultRuntime {
  setTimer(action: () => void, ms: number): void;
}

/** Applies a fault. Answers 'continue' when the request should then be handled normally. */
export async function applyFault(active: ActiveFault, req: IncomingMessage, res: ServerResponse, runtime: FaultRuntime): Promise<'handled' | 'continue'> {
  const fault = active.fault;
  res.on('close', () => active.noteClosed());
  switch (fault.type) {
    case 'rate-limit':
      sendFailure(res, new HttpFailure(429, 'rate_limited', 'Too many requests', undefined, fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter }));
      return 'handled';
    case 'server-error': {
      const status = fault.status ?? 500;
      if (fault.body === 'empty') res.writeHead(status).end();
      else if (fault.body === 'html') res.writeHead(status, { 'Content-Type': 'text/html' }).end(`<html><body><h1>${status} Bad Gateway</h1></body></html>`);
      else sendFailure(res, new HttpFailure(status, 'internal_error', 'Internal server error'));
      return 'handled';
    }
    case 'delay':
      await new Promise<void>((resolve) => runtime.setTimer(resolve, fault.ms));
      return 'continue';
    case 'non-json':
      res.writeHead(fault.status ?? 200, { 'Content-Type': 'text/html' }).end('<!doctype html><html><body>Service temporarily unavailable</body></html>');
      return 'handled';
    case 'drop':
      req.socket.destroy();
      return 'handled';
    case 'drop-mid-body':
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"statusId": ');
      active.bytesSent += 13;
      runtime.setTimer(() => req.socket.destroy(), 10);
      return 'handled';
    case 'trickle': {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const drip = () => {
        if (res.destroyed) return;
        res.write(' ');
        active.bytesSent++;
        runtime.setTimer(drip, fault.intervalMs);
      };
      drip();
      return 'handled';
    }
    case 'huge':
      await streamHuge(res, fault.bytes, fault.withLength === true, active);
      return 'handled';
  }
}

async function streamHuge(res: ServerResponse, bytes: number, withLength: boolean, active: ActiveFault): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'application/json', ...(withLength ? { 'Content-Length': String(bytes) } : {}) });
  const block = Buffer.alloc(64 * 1024, ' ');
  let sent = 0;
  while (sent < bytes && !res.destroyed) {
    const piece = block.subarray(0, Math.min(block.length, bytes - sent));
    sent += piece.length;
    active.bytesSent += piece.length;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!res.destroyed) res.end();
}
