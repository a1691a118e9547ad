// Child process of file-system.test.ts: checks a docs folder and prints its findings as one JSON line. The test
// runs it as an unprivileged user when it is root itself, so that unreadable files are unreadable.
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { findingsOf } from '../helpers/docs-repo';

const root = process.argv[2];
const workspace = new DocsWorkspace(root);
const { diagnostics } = checkDocs(workspace);
process.stdout.write(`${JSON.stringify({ files: [...workspace.files.all()].sort(), findings: findingsOf(root, diagnostics) })}\n`);
