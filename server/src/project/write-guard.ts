import fs = require('node:fs');
import path = require('node:path');

/**
 * Whether the server may propose to create, edit or rename `file` (absolute) of the docs folder `folder`: the
 * path lies inside the folder, and so does the place it lands once every symbolic link on its way (the file
 * itself or any folder above it) is followed. A link whose target does not exist yet is refused (creating the
 * file would write through it, wherever it points), as is any path that cannot be resolved. This is the one
 * check every edit the server sends passes (see guarded-edit.ts).
 */
export function writableInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return false;
  let realFolder: string;
  try {
    realFolder = fs.realpathSync.native(folder);
  } catch {
    return false;
  }
  // The deepest part of the path that exists: what does not exist yet holds no link.
  let existing = path.normalize(file);
  for (;;) {
    try {
      fs.lstatSync(existing);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
      const parent = path.dirname(existing);
      if (parent === existing) return false;
      existing = parent;
    }
  }
  let real: string;
  try {
    real = fs.realpathSync.native(existing); // throws for a link that points at nothing (yet)
  } catch {
    return false;
  }
  return real === realFolder || real.startsWith(realFolder.endsWith(path.sep) ? realFolder : realFolder + path.sep);
}
