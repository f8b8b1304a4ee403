import { MPESA_POLL } from '@sokoni/contracts/mpesa';

/** Spec §9: verification starts 1.5 s after the page loads; success moves on after 5 s. */
export const VERIFY_DELAY_MS = 1500;
export const REDIRECT_SECONDS = 5;
/**
 * The server calls an unanswered prompt over once its own clock has passed promptExpiresAt: the last
 * check waits that long beyond it, so it finds the answer ('No answer from your phone') and not pending.
 */
export const LAST_CHECK_GRACE_MS = 2000;
const FIRST_STEP_MS = MPESA_POLL.firstSeconds * 1000;
const LONGEST_STEP_MS = MPESA_POLL.longestSeconds * 1000;

/** 'waiting': an M-Pesa prompt is on the payer's phone and the page checks now and then. */
export type CallbackPhase = 'no-reference' | 'verifying' | 'waiting' | 'success' | 'failed' | 'unknown';
export type CallbackState = { phase: CallbackPhase; secondsLeft: number };

export type CallbackEvent =
  | { type: 'retry' }
  | { type: 'missing-reference' }
  | { type: 'verified'; status: string }
  | { type: 'still-waiting' }
  | { type: 'verify-error' }
  | { type: 'tick' };

export function initialCallbackState(reference: string | null, waiting = false): CallbackState {
  const phase = !reference ? 'no-reference' : waiting ? 'waiting' : 'verifying';
  return { phase, secondsLeft: REDIRECT_SECONDS };
}

/** 'success' and 'failed' are final answers; anything else (pending, abandoned…) is not known yet. */
function phaseForStatus(status: string): CallbackPhase {
  if (status === 'success') return 'success';
  if (status === 'failed') return 'failed';
  return 'unknown';
}

const checking = (phase: CallbackPhase) => phase === 'verifying' || phase === 'waiting';

export function callbackReducer(state: CallbackState, event: CallbackEvent): CallbackState {
  switch (event.type) {
    case 'retry':
      return { phase: 'verifying', secondsLeft: REDIRECT_SECONDS };
    case 'missing-reference':
      return { phase: 'no-reference', secondsLeft: REDIRECT_SECONDS };
    case 'verified':
      return checking(state.phase) ? { ...state, phase: phaseForStatus(event.status) } : state;
    case 'still-waiting':
      return state.phase === 'verifying' ? { ...state, phase: 'waiting' } : state;
    case 'verify-error':
      return state.phase === 'verifying' ? { ...state, phase: 'failed' } : state;
    case 'tick':
      return state.phase === 'success'
        ? { ...state, secondsLeft: Math.max(0, state.secondsLeft - 1) }
        : state;
  }
}

/** What the page needs of GET /payments/verify's answer. */
export type VerifyAnswer = { status: string; method?: string; promptExpiresAt?: string | null };

type PaymentCallbackOptions<Answer extends VerifyAnswer> = {
  reference: string | null;
  /**
   * The page opened as an M-Pesa payment's waiting screen (`method=mpesa`): when its prompt lapses, if
   * the app has just started it, and when to check first (the server's checkAfterSeconds, or at once
   * to learn the payment when the page was reloaded).
   */
  wait?: { promptExpiresAt: string | null; firstCheckMs: number };
  /** Asks the server for the payment's status. */
  verify: (reference: string) => Promise<Answer>;
  onSuccess: () => void;
  /** Called once the success countdown reaches zero, with the answer that said it was paid. */
  onCountdownEnd: (paid: Answer) => void;
};

export type PaymentCallback = {
  getState: () => CallbackState;
  subscribe: (listener: () => void) => () => void;
  /** Starts (or resumes) the timers of the current state. */
  start: () => void;
  /** Stops every timer and ignores answers still on their way. */
  stop: () => void;
  retry: () => void;
  /** While waiting for the phone: checks at once (the payer says they approved), then as before. */
  checkNow: () => void;
};

/**
 * The payment page's states and timers, apart from React so they can be tested with fake timers. A
 * card payment is verified 1.5 s after load. An M-Pesa prompt is checked first after 10 s, then ever
 * further apart (×1.5, at most 20 s), until it is paid or refused, or until it has lapsed: one last
 * check then finds the server's 'No answer from your phone'.
 */
export function createPaymentCallback<Answer extends VerifyAnswer>(
  options: PaymentCallbackOptions<Answer>,
): PaymentCallback {
  let state = initialCallbackState(options.reference, options.wait !== undefined);
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped whenever a running verification must be forgotten (retry, check now, stop).
  let run = 0;
  let promptExpiresAt = options.wait?.promptExpiresAt ? Date.parse(options.wait.promptExpiresAt) : null;
  let pollDelayMs = options.wait?.firstCheckMs ?? FIRST_STEP_MS;
  let lastAnswer: Answer | undefined;

  function dispatch(event: CallbackEvent) {
    const next = callbackReducer(state, event);
    if (next === state) return;
    const justSucceeded = next.phase === 'success' && state.phase !== 'success';
    const startedWaiting = next.phase === 'waiting' && state.phase !== 'waiting';
    state = next;
    if (startedWaiting) pollDelayMs = FIRST_STEP_MS;
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
    let answer: Answer;
    try {
      answer = await options.verify(reference);
    } catch {
      if (currentRun !== run) return;
      // A check that did not get through does not end the wait for the phone: the next one may.
      if (state.phase === 'waiting') schedule();
      else dispatch({ type: 'verify-error' });
      return;
    }
    if (currentRun !== run) return;
    lastAnswer = answer;
    const waitingForPhone = answer.status === 'pending' && answer.method === 'mpesa';
    if (waitingForPhone && answer.promptExpiresAt) promptExpiresAt = Date.parse(answer.promptExpiresAt);
    if (waitingForPhone && promptExpiresAt !== null && Date.now() < promptExpiresAt) {
      if (state.phase === 'waiting') schedule();
      else dispatch({ type: 'still-waiting' });
    } else {
      dispatch({ type: 'verified', status: answer.status });
    }
  }

  /** The next check of the phone: the next step of the backoff, or just after the prompt lapses. */
  function nextPollMs(): number {
    const delay = pollDelayMs;
    // A first look sooner than the first step (a reloaded page learning its payment) is followed by
    // the usual steps.
    pollDelayMs =
      delay < FIRST_STEP_MS ? FIRST_STEP_MS : Math.min(delay * MPESA_POLL.factor, LONGEST_STEP_MS);
    if (promptExpiresAt === null) return delay;
    return Math.max(0, Math.min(delay, promptExpiresAt + LAST_CHECK_GRACE_MS - Date.now()));
  }

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    const currentRun = run;
    if (state.phase === 'verifying') {
      timer = setTimeout(() => void verifyNow(currentRun), VERIFY_DELAY_MS);
    } else if (state.phase === 'waiting') {
      timer = setTimeout(() => void verifyNow(currentRun), nextPollMs());
    } else if (state.phase === 'success') {
      if (state.secondsLeft === 0 && lastAnswer) options.onCountdownEnd(lastAnswer);
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
    checkNow: () => {
      if (state.phase !== 'waiting') return;
      run += 1;
      clearTimeout(timer);
      timer = undefined;
      void verifyNow(run);
    },
  };
}
