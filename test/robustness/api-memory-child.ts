// Child process of api-memory.test.ts: the local service sends 100 MB bodies and the client reads them, in one
// process whose memory is measured; prints one JSON line. The heap bound is set by the parent.
import { createDocsApiClient } from '../../api/src/client';
import { ApiError } from '../../api/src/errors';
import { RateLimiter } from '../../api/src/rate-limiter';
import { SERVICE_KEYS, startService } from '../service/service';

const HUNDRED_MB = 100 * 1024 * 1024;

async function main(): Promise<void> {
  const service = await startService();
  const client = createDocsApiClient({ baseUrl: service.url, adminKey: SERVICE_KEYS.admin, assistantKey: SERVICE_KEYS.assistant, limiter: new RateLimiter() });
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  const outcomes: string[] = [];
  let bytesSent = 0;
  for (const withLength of [false, true]) {
    for (const call of [() => client.search({ domain: 'docs.acme.test', query: 'deploy' }), () => client.askAssistant({ domain: 'docs.acme.test', message: 'Why?' })]) {
      const fault = service.injectFault({ type: 'huge', bytes: HUNDRED_MB, withLength, times: 10 });
      outcomes.push(await call().then(() => 'answered', (error: ApiError) => error.kind));
      await fault.closed();
      bytesSent += fault.bytesSent;
      service.clearFaults();
    }
  }
  await service.close();
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ outcomes, rssBeforeMb, maxRssMb, bytesSent })}\n`);
}

void main();
