import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its directory, and two processes writing one directory lose writes.
 * A lock file holding our pid refuses a second opener; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is already in use by process ${holder}. ` +
            'Stop that process or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
