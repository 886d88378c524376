// A page's code loads with the page. SPEC §9: a chunk that has not loaded in 120 s has failed; a
// failed one is said (the network error page, with Retry), never a loading screen for ever.
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(`A page's code could not be loaded (${reason}).`);
    this.name = 'ChunkLoadError';
  }
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed'));
      },
    );
  });
}
