import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from './session';

/** Clears the stored session (and session storage, as the sidebar logout does) and leaves for `to`. */
export function useLogout(to: string, options: { clearSessionStorage?: boolean } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    clearSession();
    if (options.clearSessionStorage) sessionStorage.clear();
    navigate(to, { replace: true });
    queryClient.clear();
  };
}
