// The heavy pages are chunks of their own, loaded only by the staff who use them: the case (the form
// engine and renderer, the PDF viewer) for reviewers, the step editor (CodeMirror, the preview) for
// product editors. Each is fetched while its list is read (the queue, the steps list), and once here
// it is drawn directly: through React.lazy a module already loaded still shows the fallback first,
// and React holds a revealed fallback for 300 ms.
export interface PageChunk<M> {
  /** Fetches and runs the chunk (once; later calls share it). */
  load(): Promise<M>;
  /** The module if it has loaded. */
  loaded(): M | undefined;
}

function pageChunk<M>(importer: () => Promise<M>): PageChunk<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (done) => (module = done),
        (error: unknown) => {
          // A failed fetch (a deploy replaced the chunk, the network dropped) may be tried again.
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}

export const casePageChunk = pageChunk(() => import('./pages/CasePage.tsx'));
export const stepStudioChunk = pageChunk(() => import('./studio/StepStudioPage.tsx'));
