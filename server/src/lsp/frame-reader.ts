import { Readable } from 'node:stream';
import { AbstractMessageReader, DataCallback, Disposable, Emitter, Event, Message } from 'vscode-languageserver/node';

/**
 * The largest message the server reads: an open document's text travels whole in one message, and the checker
 * reads no file above 64 MB (MAX_READ_BYTES), so a larger message cannot be one we can help with. Its body is
 * skipped as it streams (never buffered) and the user is told.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A header block longer than this is not LSP: the stream is not in step with frames and cannot get back. */
const MAX_HEADER_BYTES = 8 * 1024;

/** A frame the reader cannot find the end of: the session cannot go on (the client restarts the server). */
export class UnreadableStreamError extends Error {}

/**
 * LSP frames (`Content-Length: n` headers, an empty line, n bytes of JSON) from a byte stream, strictly: one
 * decimal Content-Length, at most `maxBytes`. Header lines may end in CRLF (the protocol) or LF (lenient clients).
 * A body that is not JSON is reported and skipped (the stream stays in step); a header without a usable length
 * ends the stream with `UnreadableStreamError`.
 */
export class FrameReader extends AbstractMessageReader {
  private readonly skippedEmitter = new Emitter<number>();
  private header: Buffer = Buffer.alloc(0);
  /** While reading a body: its length, and the chunks so far (none when it is skipped). */
  private body?: { length: number; received: number; chunks: Buffer[]; skip: boolean };
  private callback?: DataCallback;
  private ended = false;

  constructor(
    private readonly input: Readable,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {
    super();
  }

  /** A message over the size limit was skipped (its length in bytes). */
  get onSkipped(): Event<number> {
    return this.skippedEmitter.event;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer) => this.received(chunk);
    const onEnd = () => this.fireClose();
    const onError = (error: Error) => this.fireError(error);
    this.input.on('data', onData);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    this.input.on('error', onError);
    return Disposable.create(() => {
      this.input.off('data', onData);
      this.input.off('end', onEnd);
      this.input.off('close', onEnd);
      this.input.off('error', onError);
    });
  }

  private received(chunk: Buffer): void {
    while (chunk.length && !this.ended) {
      if (this.body) chunk = this.takeBody(chunk);
      else chunk = this.takeHeader(chunk);
    }
  }

  private takeHeader(chunk: Buffer): Buffer {
    this.header = this.header.length ? Buffer.concat([this.header, chunk]) : chunk;
    const end = headerEnd(this.header);
    if (!end) {
      if (this.header.length > MAX_HEADER_BYTES) this.fail(`no end of a message header within ${MAX_HEADER_BYTES} bytes`);
      return Buffer.alloc(0);
    }
    const lines = this.header.subarray(0, end.at).toString('latin1').split(/\r?\n/);
    const rest = this.header.subarray(end.at + end.length);
    this.header = Buffer.alloc(0);
    const length = contentLength(lines);
    if (typeof length === 'string') {
      this.fail(length);
      return Buffer.alloc(0);
    }
    const skip = length > this.maxBytes;
    if (skip) this.skippedEmitter.fire(length);
    this.body = { length, received: 0, chunks: [], skip };
    return rest;
  }

  private takeBody(chunk: Buffer): Buffer {
    const body = this.body!;
    const part = chunk.subarray(0, body.length - body.received);
    body.received += part.length;
    if (!body.skip) body.chunks.push(part);
    if (body.received === body.length) {
      this.body = undefined;
      if (!body.skip) this.deliver(Buffer.concat(body.chunks, body.length));
    }
    return chunk.subarray(part.length);
  }

  private deliver(bytes: Buffer): void {
    let message: Message;
    try {
      message = JSON.parse(bytes.toString('utf8')) as Message;
    } catch {
      this.fireError(new Error(`a message body of ${bytes.length} bytes is not JSON; skipped`));
      return;
    }
    this.callback?.(message);
  }

  private fail(reason: string): void {
    this.ended = true;
    this.fireError(new UnreadableStreamError(`unreadable message from the client: ${reason}`));
    this.fireClose();
  }
}

function headerEnd(bytes: Buffer): { at: number; length: number } | undefined {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
  return lf >= 0 ? { at: lf, length: 2 } : undefined;
}

/** The body length the header lines give, or why there is none usable. */
function contentLength(lines: string[]): number | string {
  let length: number | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a header line without a colon (${JSON.stringify(line.slice(0, 80))})`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    // Decimal digits only: `1e20`, `0x10` or `2^53` are not lengths; ten digits are over any limit already.
    if (!/^\d{1,10}$/.test(value)) return `Content-Length ${JSON.stringify(value.slice(0, 40))} is not a byte count`;
    const parsed = Number(value);
    if (length !== undefined && length !== parsed) return `two different Content-Length headers (${length} and ${parsed})`;
    length = parsed;
  }
  return length ?? 'a message header without Content-Length';
}
