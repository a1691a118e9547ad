import type { BaseSite } from '../checker/links/base-site';
import { readBaseSiteAsync } from './base-site-reader';
import { GIT_TIMEOUT_MS, headOf } from './git-history';

/**
 * The site as the repository's HEAD served it, for the editor's killed-url (issue 50: deleting or moving a page
 * outside the rename refactor, in the Explorer or a terminal, offers the redirect `check --base` would ask for).
 * Read with git plumbing only (base-site-reader.ts: no hooks, filters or fsmonitor; nothing written), without
 * blocking, once per HEAD: HEAD is looked at again after a change on disk (`generation`), so a commit or a checkout
 * is read at the next change. Until a read ends there is no base (killed-url finds nothing) and `onRead` checks the
 * folder again: the first check does not wait for git (2.3 s for HEAD's 10,570 URLs of the 10k bench site, loaded
 * 2-core machine). Pages' texts are read only for the pages a change killed. Outside a repository, where HEAD has no
 * docs.json of this folder, or when a git call fails or takes over GIT_TIMEOUT_MS: no base.
 */
export class HeadBase {
  private head: string | undefined;
  private site: BaseSite | undefined;
  private checkedAt = -1;
  /** The HEAD being read. */
  private reading: string | undefined;
  /** HEAD's site reads started (tests: once per HEAD). */
  reads = 0;

  constructor(
    private readonly root: string,
    private readonly generation: () => number,
    private readonly onRead: () => void,
  ) {}

  /** HEAD's site as last read, or undefined (none, or being read). */
  current(): BaseSite | undefined {
    const generation = this.generation();
    if (generation === this.checkedAt) return this.site;
    this.checkedAt = generation;
    const head = headOf(this.root);
    if (head === this.head) return this.site;
    this.head = head;
    this.site = undefined;
    if (head !== undefined && this.reading !== head) this.read(head);
    return undefined;
  }

  private read(head: string): void {
    this.reading = head;
    this.reads++;
    void readBaseSiteAsync(this.root, { ref: 'HEAD', lazyPages: true, timeoutMs: GIT_TIMEOUT_MS, label: 'HEAD' }).then(
      (read) => this.done(head, 'site' in read ? read.site : undefined),
      () => this.done(head, undefined),
    );
  }

  private done(head: string, site: BaseSite | undefined): void {
    if (this.reading === head) this.reading = undefined;
    // HEAD moved on meanwhile: this read is of another commit.
    if (this.head !== head) return;
    this.site = site;
    if (site) this.onRead();
  }
}
