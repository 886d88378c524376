// Where a page's code failed to load: the network error page with Retry, instead of a blank page.
import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '../app/chunks.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(error: unknown) {
    // Anything else is not ours to catch here: the error reports see it.
    if (!(error instanceof ChunkLoadError)) throw error;
    return { failed: true };
  }
  override render(): ReactNode {
    // A reload asks for the code again (and the rest of the page's state comes back from the server).
    return this.state.failed ? <NotFoundPage networkError onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
