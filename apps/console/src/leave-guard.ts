// Every way out of a page with unsaved edits asks first: closing or reloading the tab (the browser's
// own question), a link in the console (the header, "All steps") and the browser's back button.
//
// Back cannot be cancelled, only undone: the listener puts the page's address back before the router
// draws another. It must run before the router's own popstate listener (which redraws at once and
// would unmount the page asking), so it is added when this module loads, before the router mounts:
// App imports it.
import { useEffect, useRef } from 'react';

let guard: { here: string; question: string } | undefined;

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (!guard || window.location.href === guard.here || window.confirm(guard.question)) return;
    window.history.pushState(window.history.state, '', guard.here);
  });
}

export function useLeaveGuard(dirty: boolean, question: string): void {
  const ask = useRef(question);
  ask.current = question;
  useEffect(() => {
    if (!dirty) return;
    const mine = { here: window.location.href, question: ask.current };
    guard = mine;
    const unload = (event: BeforeUnloadEvent) => event.preventDefault();
    // Before the router's own handler: a declined link is stopped before it navigates.
    const click = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (window.confirm(ask.current)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', unload);
    window.addEventListener('click', click, true);
    return () => {
      if (guard === mine) guard = undefined;
      window.removeEventListener('beforeunload', unload);
      window.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
