import { API_COMMAND_NAMES, runApiCommandWith } from '../../api/src/cli/run-api-command';
import { CliIO } from './io';

export const API_COMMANDS: string[] = API_COMMAND_NAMES;

/** update, status, ask, search and agent: the REST API from the command line. */
export function runApiCommand(command: string, args: string[], io: CliIO): Promise<number> {
  return runApiCommandWith(command, args, io);
}
