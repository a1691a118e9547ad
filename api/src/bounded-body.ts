import { ApiError } from './errors';

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads a whole body, refusing it as soon as it passes `maxBytes`: a huge body never sits in memory. */
export async function readBounded(body: AsyncIterable<Uint8Array>, maxBytes: number, declaredLength?: string): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge(maxBytes, Number(declaredLength));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Counts bytes of a streamed body and stops it past `maxBytes`. */
export async function* boundedChunks(body: AsyncIterable<Uint8Array>, maxBytes: number, declaredLength?: string): AsyncGenerator<Uint8Array> {
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge(maxBytes, Number(declaredLength));
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    yield chunk;
  }
}

export function parseJsonBody(bytes: Buffer, contentType: string | undefined): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    const type = contentType ? contentType.split(';')[0] : 'no content type';
    throw new ApiError('invalid-response', text.trim() === '' ? `the service answered with an empty body (${type}) where JSON was expected` : `the service answered with a body that is not JSON (${type}): "${snippet(text)}"`);
  }
}

export function snippet(text: string, length = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

function tooLarge(maxBytes: number, declared?: number): ApiError {
  const limit = `${Math.round(maxBytes / 1024 / 1024 * 10) / 10} MB`;
  return new ApiError('too-large', declared === undefined
    ? `the answer is larger than the ${limit} limit; it was not read further`
    : `the answer announces ${Math.round(declared / 1024 / 1024)} MB, more than the ${limit} limit; it was not read`);
}
