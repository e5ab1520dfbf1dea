import fs from 'node:fs';
import path from 'node:path';

/**
 * One app process owns DATA_DIR and the embedded server inside it: a second one would stop that
 * server (it takes a running server for a crashed run's leftover). A lock file holding our pid
 * refuses a second opener with a clear message; a lock left by a dead process is taken over.
 */
const heldHere = new Set<string>();

export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      // Our own pid holds it only if this process opened it; otherwise it is a previous run's (containers reuse pids).
      const held = holder === process.pid ? heldHere.has(lockPath) : holder > 0 && isAlive(holder);
      if (held) {
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
