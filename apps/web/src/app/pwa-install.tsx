import { useId } from 'react';
import { Button } from '@/components/button';
import { type InstallPromptEvent, useInstallOfferStore } from '@/stores/install-offer';

/**
 * Counts this visit and listens for the browser's word that Sokoni can be installed, from the start
 * (main.tsx): Chromium may say so before the app has rendered. Its own install prompt is held back:
 * ours is offered when it is due (stores/install-offer.ts). Answers how to stop listening.
 */
export function listenForInstall(): () => void {
  const offer = useInstallOfferStore.getState();
  offer.countVisit();
  const onPrompt = (event: Event) => {
    event.preventDefault();
    offer.promptReady(event as InstallPromptEvent);
  };
  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', offer.installed);
  return () => {
    window.removeEventListener('beforeinstallprompt', onPrompt);
    window.removeEventListener('appinstalled', offer.installed);
  };
}

/** "Install Sokoni", with Install and Not now: a small card at the foot of the screen, once. */
export function InstallOffer() {
  const open = useInstallOfferStore((state) => state.open);
  const install = useInstallOfferStore((state) => state.install);
  const dismiss = useInstallOfferStore((state) => state.dismiss);
  const titleId = useId();
  if (!open) return null;
  return (
    <aside
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg sm:right-4 sm:left-auto sm:w-80"
    >
      <p id={titleId} className="font-semibold text-slate-900">
        Install Sokoni
      </p>
      <p className="mt-1 text-sm text-slate-700">Open it from your home screen, like an app.</p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" onClick={dismiss}>
          Not now
        </Button>
        <Button onClick={() => void install()}>Install</Button>
      </div>
    </aside>
  );
}
