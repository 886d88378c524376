// The real pages of the app in a story: a real flow machine placed on the story's step, the
// application the pages read, a router at the step's path, and the API double answering its calls.
import { canonicalPath } from '@kh/flow';
import { Toasts } from '@kh/ui';
import { Suspense, useMemo, type ReactElement, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApplicationStateProvider } from '../src/app/application.tsx';
import { placedApplication, type Placement } from '../src/app/placed-application.ts';
import { toasts } from '../src/app/services.ts';
import { Loading } from '../src/pages/Loading.tsx';

export interface StoryApplicationProps extends Omit<Placement, 'applyId' | 'user'> {
  children: ReactNode;
}

export const STORY_APPLY_ID = 'story-application';

export function StoryApplication({ step, flow = {}, record = {}, relatedType = 'INIT', verifiedIdentity, payloads = {}, children }: StoryApplicationProps): ReactElement {
  // A story is one state: its args remount the story, they do not move this application.
  const state = useMemo(() => placedApplication({ step, flow, record, relatedType, verifiedIdentity, payloads, applyId: STORY_APPLY_ID, user: { mid: 'story', mobile: '123456789', countryCode: '60' } }), []);
  const location = useMemo(() => memoryLocation({ path: canonicalPath(step) }), []);
  return (
    <Router hook={location.hook}>
      <ApplicationStateProvider value={state}>
        <Toasts store={toasts} />
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </ApplicationStateProvider>
    </Router>
  );
}
