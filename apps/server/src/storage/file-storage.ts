// File storage behind an adapter; the default keeps files in a local folder (DATA_DIR/files).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';

export interface FileStorage {
  put(relativePath: string, bytes: Uint8Array): Promise<void>;
  get(relativePath: string): Promise<Buffer>;
  /** Removes the file; one that is not there is no error. */
  remove(relativePath: string): Promise<void>;
}

/** Refuses absolute paths and any path that leaves the root ("..", encoded or not). */
export function safeRelativePath(relativePath: string): string | undefined {
  if (!relativePath || relativePath.includes('\0') || relativePath.startsWith('/') || relativePath.includes('\\') || /^[a-zA-Z]:/.test(relativePath)) return undefined;
  const normalised = normalize(relativePath);
  if (normalised.startsWith('..') || normalised.split(sep).includes('..')) return undefined;
  return normalised;
}

export function localFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const locate = (relativePath: string) => {
    const safe = safeRelativePath(relativePath);
    const full = safe ? join(base, safe) : undefined;
    if (!full || !full.startsWith(base + sep)) throw new Error(`Refused path ${relativePath}`);
    return full;
  };
  return {
    async put(relativePath, bytes) {
      const full = locate(relativePath);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes);
    },
    get: (relativePath) => readFile(locate(relativePath)),
    remove: (relativePath) => rm(locate(relativePath), { force: true }),
  };
}
