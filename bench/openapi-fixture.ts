import { SeededRandom } from './seeded-random';

export interface FixtureEndpoint {
  method: string;
  path: string;
}

const NOUNS = [
  'users', 'projects', 'invoices', 'orders', 'customers', 'payments', 'refunds', 'webhooks', 'teams', 'members',
  'tokens', 'files', 'folders', 'events', 'reports', 'subscriptions', 'plans', 'products', 'prices', 'coupons',
];

/**
 * An OpenAPI 3.0 document with `count` operations (five per resource: list, create, read, update, delete),
 * written as JSON with the summary, operationId, parameters and responses a real spec carries.
 */
export function generateOpenApiSpec(count: number, random: SeededRandom): { text: string; endpoints: FixtureEndpoint[] } {
  const paths: Record<string, Record<string, unknown>> = {};
  const endpoints: FixtureEndpoint[] = [];
  for (let resource = 0; endpoints.length < count; resource++) {
    const noun = `${NOUNS[resource % NOUNS.length]}-${Math.floor(resource / NOUNS.length)}`;
    const collection = `/v1/${noun}${random.chance(0.05) ? '/' : ''}`;
    const item = `/v1/${noun}/{id}`;
    const operations: [string, string, string][] = [
      [collection, 'get', `List ${noun}`],
      [collection, 'post', `Create a ${noun} item`],
      [item, 'get', `Retrieve a ${noun} item`],
      [item, 'patch', `Update a ${noun} item`],
      [item, 'delete', `Delete a ${noun} item`],
    ];
    for (const [path, method, summary] of operations) {
      if (endpoints.length >= count) break;
      paths[path] ??= {};
      paths[path][method] = {
        summary,
        operationId: `${method}${noun.replace(/\W/g, '')}${path === item ? 'ById' : ''}`,
        description: `${summary}. Requires an API key with access to ${noun}.`,
        parameters: path === item ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : [],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          '404': { description: 'Not found' },
        },
      };
      endpoints.push({ method: method.toUpperCase(), path });
    }
  }
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Benchmark API', version: '1.0.0' },
    paths,
    components: { schemas: { Item: { type: 'object', properties: { id: { type: 'string' } } } } },
  };
  return { text: JSON.stringify(spec, null, 2), endpoints };
}
