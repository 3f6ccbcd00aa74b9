import type { Role, SessionUser } from '@plotbook/domain';
import { useMemo, useSyncExternalStore } from 'react';

/** localStorage keys, as the spec names them. */
const TOKEN_KEY = 'authToken';
const ROLE_KEY = 'role';
const USER_KEY = 'user';

export interface Session {
  token: string;
  role: Role | null;
  user: SessionUser | null;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getRole(): Role | null {
  return localStorage.getItem(ROLE_KEY) as Role | null;
}

export function getUser(): SessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  if (session.role) localStorage.setItem(ROLE_KEY, session.role);
  else localStorage.removeItem(ROLE_KEY);
  if (session.user) localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  else localStorage.removeItem(USER_KEY);
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

// Who is signed in, as screens that show it (the top bar) follow it: saving a new name shows at once.
const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes it too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored user, re-read whenever the session is saved or cleared (here or in another tab). */
export function useSessionUser(): SessionUser | null {
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(USER_KEY));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parsed user follows the stored text
  return useMemo(() => getUser(), [raw]);
}
