// Placeholder until the REST client lands (issue 4): every API command reports that it is not built yet.
import { CliIO } from './io';

export const API_COMMANDS = ['update', 'status', 'ask', 'search', 'agent'];

export async function runApiCommand(command: string, _args: string[], io: CliIO): Promise<number> {
  io.err(`docs-json ${command}: not available yet\n`);
  return 2;
}
