// Child process of api-sse-line.test.ts: assistant answers made of one 9.5 MB line with no newline (SSE, and an
// AI-SDK data stream), in 64 kB pieces, read by the client in one process whose memory is measured; prints one
// JSON line. The heap bound is set by the parent.
import { createDocsApiClient } from '../../api/src/client';
import { ApiError } from '../../api/src/errors';
import { RateLimiter } from '../../api/src/rate-limiter';
import { Transport } from '../../api/src/transport';

const LINE_BYTES = 9.5 * 1024 * 1024;
const PIECE = 64 * 1024;

function oneLongLine(contentType: string, start: string): Transport {
  return async () => ({
    status: 200,
    header: (name) => (name.toLowerCase() === 'content-type' ? contentType : undefined),
    body: (async function* () {
      yield Buffer.from(start);
      const piece = Buffer.alloc(PIECE, 'a');
      for (let sent = 0; sent < LINE_BYTES; sent += PIECE) yield piece;
    })(),
  });
}

async function main(): Promise<void> {
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  const outcomes: string[] = [];
  for (const transport of [oneLongLine('text/event-stream', 'data: "'), oneLongLine('text/plain', '0:"')]) {
    const client = createDocsApiClient({ baseUrl: 'http://127.0.0.1:9', assistantKey: 'svc_dsc_memory_test_key_1', limiter: new RateLimiter(), transport });
    outcomes.push(await client.askAssistant({ domain: 'docs.acme.test', message: 'Why?' }).then(() => 'answered', (error: ApiError) => `${error.kind}: ${error.message}`));
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ outcomes, rssBeforeMb, maxRssMb })}\n`);
}

void main();
