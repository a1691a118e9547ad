// Runs the local service by itself, for manual use: `npx tsx test/service/main.ts [--port N] [--slow] [--published]`
// (--published: the platform's published API, as platform-api.md gives it, instead of SPEC's).
import { parseArgs } from 'node:util';
import { SERVICE_KEYS, startService } from './service';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, slow: { type: 'boolean', default: false }, published: { type: 'boolean', default: false } },
});

startService({
  api: values.published ? 'published' : 'spec',
  port: Number(values.port),
  updateTiming: values.slow ? { queuedMs: 3000, inProgressMs: 8000 } : { queuedMs: 1000, inProgressMs: 3000 },
  agentJobMs: 10_000,
  assistantChunkDelayMs: 60,
}).then((service) => {
  process.stdout.write(
    [
      `docs service listening on ${service.url}`,
      `  DOCS_API_BASE_URL=${service.url}`,
      ...(values.published ? ['  DOCS_API_FORM=published'] : []),
      `  DOCS_ADMIN_API_KEY=${values.published ? SERVICE_KEYS.mintAdmin : SERVICE_KEYS.admin}`,
      `  DOCS_ASSISTANT_API_KEY=${values.published ? SERVICE_KEYS.mintAssistant : SERVICE_KEYS.assistant}`,
      '  projects: acme-docs (updates succeed), acme-broken (updates fail); domain: docs.acme.test',
      '',
    ].join('\n'),
  );
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
