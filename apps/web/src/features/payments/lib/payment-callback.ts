/** Spec §9: verification starts 1.5 s after the page loads; success goes home after 5 s. */
export const VERIFY_DELAY_MS = 1500;
export const REDIRECT_SECONDS = 5;

export type CallbackPhase = 'no-reference' | 'verifying' | 'success' | 'failed' | 'unknown';
export type CallbackState = { phase: CallbackPhase; secondsLeft: number };

export type CallbackEvent =
  | { type: 'retry' }
  | { type: 'missing-reference' }
  | { type: 'verified'; status: string }
  | { type: 'verify-error' }
  | { type: 'tick' };

export function initialCallbackState(reference: string | null): CallbackState {
  return { phase: reference ? 'verifying' : 'no-reference', secondsLeft: REDIRECT_SECONDS };
}

/** 'success' and 'failed' are final answers; anything else (pending, abandoned…) is not known yet. */
function phaseForStatus(status: string): CallbackPhase {
  if (status === 'success') return 'success';
  if (status === 'failed') return 'failed';
  return 'unknown';
}

export function callbackReducer(state: CallbackState, event: CallbackEvent): CallbackState {
  switch (event.type) {
    case 'retry':
      return { phase: 'verifying', secondsLeft: REDIRECT_SECONDS };
    case 'missing-reference':
      return { phase: 'no-reference', secondsLeft: REDIRECT_SECONDS };
    case 'verified':
      return state.phase === 'verifying' ? { ...state, phase: phaseForStatus(event.status) } : state;
    case 'verify-error':
      return state.phase === 'verifying' ? { ...state, phase: 'failed' } : state;
    case 'tick':
      return state.phase === 'success'
        ? { ...state, secondsLeft: Math.max(0, state.secondsLeft - 1) }
        : state;
  }
}

type PaymentCallbackOptions = {
  reference: string | null;
  /** Asks the server for the payment's status. */
  verify: (reference: string) => Promise<{ status: string }>;
  onSuccess: () => void;
  /** Called once the success countdown reaches zero. */
  onGoHome: () => void;
};

export type PaymentCallback = {
  getState: () => CallbackState;
  subscribe: (listener: () => void) => () => void;
  /** Starts (or resumes) the timers of the current state. */
  start: () => void;
  /** Stops every timer and ignores answers still on their way. */
  stop: () => void;
  retry: () => void;
};

/** The payment page's states and timers, apart from React so they can be tested with fake timers. */
export function createPaymentCallback(options: PaymentCallbackOptions): PaymentCallback {
  let state = initialCallbackState(options.reference);
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped whenever a running verification must be forgotten (retry, stop).
  let run = 0;

  function dispatch(event: CallbackEvent) {
    const next = callbackReducer(state, event);
    if (next === state) return;
    const justSucceeded = next.phase === 'success' && state.phase !== 'success';
    state = next;
    listeners.forEach((listener) => listener());
    if (justSucceeded) options.onSuccess();
    schedule();
  }

  async function verifyNow(currentRun: number) {
    const { reference } = options;
    if (!reference) {
      if (currentRun === run) dispatch({ type: 'missing-reference' });
      return;
    }
    try {
      const result = await options.verify(reference);
      if (currentRun === run) dispatch({ type: 'verified', status: result.status });
    } catch {
      if (currentRun === run) dispatch({ type: 'verify-error' });
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    const currentRun = run;
    if (state.phase === 'verifying') {
      timer = setTimeout(() => void verifyNow(currentRun), VERIFY_DELAY_MS);
    } else if (state.phase === 'success') {
      if (state.secondsLeft === 0) options.onGoHome();
      else timer = setTimeout(() => dispatch({ type: 'tick' }), 1000);
    }
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: schedule,
    stop: () => {
      run += 1;
      clearTimeout(timer);
      timer = undefined;
    },
    retry: () => {
      run += 1;
      dispatch({ type: 'retry' });
    },
  };
}
