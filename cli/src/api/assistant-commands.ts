import { wholeWords } from '../../../api/src';
import { CliIO, EXIT_OK } from '../io';
import { expectPositionals, wholeNumberOption } from '../options';
import { commandContext, ENV, parseApiOptions, requiredSetting } from './api-context';
import { renderSearchResults, toJson } from './render';

export async function askCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, { domain: { type: 'string' } });
  const [question] = expectPositionals(positionals, ['the question']);
  const domain = requiredSetting(io, values, 'domain', ENV.domain, 'domain');
  const { client, json } = commandContext(io, values, 'assistant');
  let last = '\n';
  // A key the service echoes may come split across two pieces: the output sees whole words only.
  const printed = wholeWords((text) => {
    io.out(text);
    last = text;
  });
  let answer;
  try {
    answer = await client.askAssistant({ domain, message: question }, { onText: json ? undefined : printed.write });
  } finally {
    printed.end();
  }
  if (json) io.out(toJson(answer));
  else if (!last.endsWith('\n')) io.out('\n');
  return EXIT_OK;
}

export async function searchCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, { domain: { type: 'string' }, limit: { type: 'string' } });
  const [query] = expectPositionals(positionals, ['the query']);
  const domain = requiredSetting(io, values, 'domain', ENV.domain, 'domain');
  const pageSize = wholeNumberOption(values, 'limit', 1, 50);
  const { client, json } = commandContext(io, values, 'assistant');
  const results = await client.search({ domain, query, pageSize });
  io.out(json ? toJson(results) : renderSearchResults(query, results));
  return EXIT_OK;
}
