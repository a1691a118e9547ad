import * as http from 'node:http';
import { SERVICE_KEYS } from './fixtures';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): any;
}

/** A raw request, so a local service is checked without the client under test. The key defaults to acme's admin key; null sends none. */
export function call(service: { url: string }, method: string, path: string, options: { key?: string | null; body?: string; contentType?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.key !== null) headers.Authorization = `Bearer ${options.key ?? SERVICE_KEYS.admin}`;
    if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const req = http.request(`${service.url}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
