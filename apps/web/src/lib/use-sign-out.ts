import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { useAuthStore } from '@/stores/auth';

/** Signs out, forgets the signed-in user's cached server data and goes to /login. */
export function useSignOut(): () => void {
  const logout = useAuthStore((state) => state.logout);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    queryClient.clear();
    toast.success('You have been logged out.');
    navigate('/login');
  }, [logout, queryClient, navigate]);
}
