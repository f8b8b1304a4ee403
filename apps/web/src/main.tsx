import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { useAuthStore } from '@/stores/auth';
import './index.css';

// Spec §2: the stored login token is checked for expiry when the app starts.
useAuthStore.getState().checkTokenExpiry();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
