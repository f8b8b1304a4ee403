import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callbackReducer,
  createPaymentCallback,
  initialCallbackState,
  type VerifyAnswer,
} from './payment-callback';

type Verify = (reference: string) => Promise<VerifyAnswer>;
type Wait = Parameters<typeof createPaymentCallback>[0]['wait'];

function setup(
  reference: string | null,
  verify = vi.fn<Verify>(async () => ({ status: 'success' })),
  wait?: Wait,
) {
  const onSuccess = vi.fn();
  const onGoHome = vi.fn();
  const machine = createPaymentCallback({ reference, verify, wait, onSuccess, onCountdownEnd: onGoHome });
  machine.start();
  return { machine, verify, onSuccess, onGoHome };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('payment callback states', () => {
  it('starts verifying when the URL carries a reference, and without one reports it missing', () => {
    expect(initialCallbackState('ref_1')).toEqual({ phase: 'verifying', secondsLeft: 5 });
    expect(initialCallbackState(null)).toEqual({ phase: 'no-reference', secondsLeft: 5 });
  });

  it('treats success and failed as answers and any other status as unknown', () => {
    const verifying = initialCallbackState('ref_1');
    expect(callbackReducer(verifying, { type: 'verified', status: 'success' }).phase).toBe('success');
    expect(callbackReducer(verifying, { type: 'verified', status: 'failed' }).phase).toBe('failed');
    expect(callbackReducer(verifying, { type: 'verified', status: 'pending' }).phase).toBe('unknown');
    expect(callbackReducer(verifying, { type: 'verified', status: 'abandoned' }).phase).toBe('unknown');
    expect(callbackReducer(verifying, { type: 'verify-error' }).phase).toBe('failed');
  });

  it('retry goes back to verifying with the countdown at 5', () => {
    const failed = { phase: 'failed', secondsLeft: 2 } as const;
    expect(callbackReducer(failed, { type: 'retry' })).toEqual({ phase: 'verifying', secondsLeft: 5 });
  });
});

describe('payment callback timers', () => {
  it('asks the server only 1.5 s after load', async () => {
    const { machine, verify } = setup('ref_1');
    await vi.advanceTimersByTimeAsync(1499);
    expect(verify).not.toHaveBeenCalled();
    expect(machine.getState().phase).toBe('verifying');
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledWith('ref_1');
    expect(machine.getState().phase).toBe('success');
  });

  it('counts down 5 seconds after success, then moves on once', async () => {
    const { machine, onSuccess, onGoHome } = setup('ref_1');
    await vi.advanceTimersByTimeAsync(1500);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(machine.getState().secondsLeft).toBe(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(machine.getState().secondsLeft).toBe(4);
    await vi.advanceTimersByTimeAsync(3000);
    expect(machine.getState().secondsLeft).toBe(1);
    expect(onGoHome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(machine.getState().secondsLeft).toBe(0);
    expect(onGoHome).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onGoHome).toHaveBeenCalledTimes(1);
  });

  it('shows failed when the payment failed or the check itself failed, and retry verifies again', async () => {
    const verify = vi
      .fn<Verify>()
      .mockResolvedValueOnce({ status: 'failed' })
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ status: 'success' });
    const { machine, onGoHome } = setup('ref_2', verify);
    await vi.advanceTimersByTimeAsync(1500);
    expect(machine.getState().phase).toBe('failed');

    machine.retry();
    expect(machine.getState()).toEqual({ phase: 'verifying', secondsLeft: 5 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(machine.getState().phase).toBe('failed');

    machine.retry();
    await vi.advanceTimersByTimeAsync(1500);
    expect(machine.getState().phase).toBe('success');
    expect(verify).toHaveBeenCalledTimes(3);
    expect(onGoHome).not.toHaveBeenCalled();
  });

  it('without a reference never calls the server, and retry comes back to missing reference', async () => {
    const { machine, verify } = setup(null);
    expect(machine.getState().phase).toBe('no-reference');
    machine.retry();
    expect(machine.getState().phase).toBe('verifying');
    await vi.advanceTimersByTimeAsync(1500);
    expect(machine.getState().phase).toBe('no-reference');
    expect(verify).not.toHaveBeenCalled();
  });

  it('ignores an answer that arrives after the page stopped listening', async () => {
    let answer: (value: { status: string }) => void = () => {};
    const verify = vi.fn<Verify>(() => new Promise((resolve) => (answer = resolve)));
    const { machine, onSuccess } = setup('ref_3', verify);
    await vi.advanceTimersByTimeAsync(1500);
    machine.stop();
    answer({ status: 'success' });
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.getState().phase).toBe('verifying');
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('waiting for an M-Pesa prompt', () => {
  const START = Date.parse('2026-03-02T09:00:00.000Z');
  const EXPIRES = new Date(START + 90_000).toISOString();
  const pending: VerifyAnswer = { status: 'pending', method: 'mpesa', promptExpiresAt: EXPIRES };

  /** The seconds since the start at which the server was asked. */
  let askedAt: number[] = [];
  /** A server whose prompt stays unanswered, then (past its end) says `last`; records when it was asked. */
  const unanswered = (last: VerifyAnswer) =>
    vi.fn<Verify>(async () => {
      askedAt.push((Date.now() - START) / 1000);
      return Date.now() < Date.parse(EXPIRES) ? pending : last;
    });

  beforeEach(() => {
    vi.setSystemTime(START);
    askedAt = [];
  });

  it('starts waiting when the app has just started the payment, and checks after 10 s, 15 s, then 20 s apart', async () => {
    const verify = unanswered({ status: 'failed' });
    const { machine } = setup('ref_m', verify, { promptExpiresAt: EXPIRES, firstCheckMs: 10_000 });
    expect(machine.getState().phase).toBe('waiting');

    await vi.advanceTimersByTimeAsync(9_999);
    expect(verify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(80_000);
    expect(askedAt).toEqual([10, 25, 45, 65, 85]);
    expect(machine.getState().phase).toBe('waiting');
  });

  it('checks once more just after the prompt lapses and shows the server’s failure, asking no more', async () => {
    const verify = unanswered({ status: 'failed', method: 'mpesa', promptExpiresAt: EXPIRES });
    const { machine } = setup('ref_m', verify, { promptExpiresAt: EXPIRES, firstCheckMs: 10_000 });

    await vi.advanceTimersByTimeAsync(91_999);
    expect(askedAt).toEqual([10, 25, 45, 65, 85]);
    await vi.advanceTimersByTimeAsync(1);
    expect(askedAt).toEqual([10, 25, 45, 65, 85, 92]);
    expect(machine.getState().phase).toBe('failed');

    await vi.advanceTimersByTimeAsync(60_000);
    expect(verify).toHaveBeenCalledTimes(6);
  });

  it('calls it unknown when the server still says pending after the prompt lapsed', async () => {
    const verify = unanswered(pending);
    const { machine } = setup('ref_m', verify, { promptExpiresAt: EXPIRES, firstCheckMs: 10_000 });

    await vi.advanceTimersByTimeAsync(120_000);
    expect(askedAt).toEqual([10, 25, 45, 65, 85, 92]);
    expect(machine.getState().phase).toBe('unknown');
  });

  it('ends the wait as soon as the payer approves, and counts down to what was bought', async () => {
    const verify = vi
      .fn<Verify>()
      .mockResolvedValueOnce(pending)
      .mockResolvedValueOnce({ status: 'success', method: 'mpesa' });
    const { machine, onSuccess, onGoHome } = setup('ref_m', verify, {
      promptExpiresAt: EXPIRES,
      firstCheckMs: 10_000,
    });

    await vi.advanceTimersByTimeAsync(25_000);
    expect(machine.getState().phase).toBe('success');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onGoHome).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('goes on to wait when a verification finds the prompt still on the phone, checking 10 s later', async () => {
    const verify = unanswered({ status: 'failed' });
    const { machine } = setup('ref_m', verify);

    await vi.advanceTimersByTimeAsync(1_500);
    expect(machine.getState().phase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(askedAt).toEqual([1.5, 11.5, 26.5]);
  });

  it('on a reloaded waiting screen first learns the payment, then checks as usual', async () => {
    const verify = unanswered({ status: 'failed' });
    const { machine } = setup('ref_m', verify, { promptExpiresAt: null, firstCheckMs: 1_500 });
    expect(machine.getState().phase).toBe('waiting');

    await vi.advanceTimersByTimeAsync(30_000);
    expect(askedAt).toEqual([1.5, 11.5, 26.5]);
  });

  it('checks at once when the payer says they approved, then steps on from there', async () => {
    const verify = unanswered({ status: 'failed' });
    const { machine } = setup('ref_m', verify, { promptExpiresAt: EXPIRES, firstCheckMs: 10_000 });

    await vi.advanceTimersByTimeAsync(4_000);
    machine.checkNow();
    await vi.advanceTimersByTimeAsync(36_000);
    expect(askedAt).toEqual([4, 19, 39]);
  });

  it('keeps waiting when a check does not get through', async () => {
    const verify = vi
      .fn<Verify>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ status: 'success', method: 'mpesa' });
    const { machine } = setup('ref_m', verify, { promptExpiresAt: EXPIRES, firstCheckMs: 10_000 });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(machine.getState().phase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(machine.getState().phase).toBe('success');
  });
});
