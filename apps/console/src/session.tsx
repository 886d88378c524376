// Who is signed in: asked of the server at start (the cookie is HttpOnly), set by the sign-in,
// cleared by logout or any 401.
import { createContext, useCallback, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { get, post, whenSessionEnds } from './api.ts';

export interface Staff {
  id: string;
  name: string;
  email: string;
  role: 'reviewer' | 'supervisor' | 'admin' | 'editor';
  /** What this person may do (the server's table, staff/staff-access.ts): the console shows only that. */
  permissions: string[];
}

interface Session {
  staff: Staff | null | undefined;
  ended: boolean;
  signedIn(staff: Staff): void;
  logout(everywhere?: boolean): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }): ReactElement {
  const [staff, setStaff] = useState<Staff | null | undefined>(undefined);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    whenSessionEnds(() => {
      setStaff((before) => {
        if (before) setEnded(true);
        return null;
      });
    });
    get<Staff | null>('session')
      .then(setStaff)
      .catch(() => setStaff(null));
  }, []);
  const signedIn = useCallback((next: Staff) => {
    setEnded(false);
    setStaff(next);
  }, []);
  const logout = useCallback(async (everywhere = false) => {
    await post('logout', { everywhere }).catch(() => undefined);
    setStaff(null);
  }, []);
  return <SessionContext.Provider value={{ staff, ended, signedIn, logout }}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Whether the signed-in person holds a permission: the console offers nothing the server would refuse. */
export const can = (staff: Staff | null | undefined, permission: string) => Boolean(staff?.permissions.includes(permission));
