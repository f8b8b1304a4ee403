import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callbackReducer, createPaymentCallback, initialCallbackState } from './payment-callback';

type Verify = (reference: string) => Promise<{ status: string }>;

function setup(reference: string | null, verify = vi.fn<Verify>(async () => ({ status: 'success' }))) {
  const onSuccess = vi.fn();
  const onGoHome = vi.fn();
  const machine = createPaymentCallback({ reference, verify, onSuccess, onGoHome });
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

  it('counts down 5 seconds after success, then goes home once', async () => {
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
