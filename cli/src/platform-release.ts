// The platform CLI release the checks were last matched with: written by the parity harness (`npm run parity --
// --write`, scripts/parity/run.ts) into docs/parity/matched.json, bundled into the CLI when it is built.
import { release } from '../../docs/parity/matched.json';

export const PLATFORM_RELEASE: string = release;
