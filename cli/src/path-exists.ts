import fs = require('node:fs');

/** Whether anything is at `file`, a link included (not followed: a dangling link is there too). */
export function pathExists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
