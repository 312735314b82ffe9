import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/use-toast.ts';
import { useLogout } from '../api/logout.ts';

/** Logs out on the server, tells the user, and goes to `to` ('/' from the header, '/auth' from the dashboard). */
export function useSignOut() {
  const navigate = useNavigate();
  const target = useRef('/');
  const logout = useLogout({
    onSuccess: async () => {
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
      await navigate(target.current);
    },
  });
  const signOut = (to: string) => {
    target.current = to;
    logout.mutate();
  };
  return { signOut, isPending: logout.isPending };
}
