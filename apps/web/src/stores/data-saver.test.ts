import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_STORAGE_KEY, useDataSaver, useDataSaverStore } from './data-saver';

/** What the browser says of Save-Data (navigator.connection.saveData); undefined: no such API. */
function browserSaveData(saveData: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: saveData === undefined ? undefined : { saveData },
  });
}

const dataSaverOn = () => renderHook(() => useDataSaver()).result.current;

function clearCookie() {
  document.cookie = 'data_saver=; Path=/; Max-Age=0';
}

beforeEach(() => {
  localStorage.clear();
  clearCookie();
  useDataSaverStore.setState({ choice: null });
});
afterEach(() => browserSaveData(undefined));

describe('data saver setting', () => {
  it('is on by default when the browser says Save-Data, and off otherwise', () => {
    browserSaveData(true);
    expect(dataSaverOn()).toBe(true);
    browserSaveData(false);
    expect(dataSaverOn()).toBe(false);
    browserSaveData(undefined);
    expect(dataSaverOn()).toBe(false);
  });

  it("remembers the user's choice on this device over the browser's, and tells the server in a cookie", async () => {
    browserSaveData(true);
    useDataSaverStore.getState().choose(false);
    expect(dataSaverOn()).toBe(false);
    expect(document.cookie).toContain('data_saver=0');

    browserSaveData(false);
    useDataSaverStore.getState().choose(true);
    expect(dataSaverOn()).toBe(true);
    expect(document.cookie).toContain('data_saver=1');
    const stored = JSON.parse(localStorage.getItem(DATA_SAVER_STORAGE_KEY) ?? '{}') as {
      state?: { choice?: boolean };
    };
    expect(stored.state?.choice).toBe(true);

    // The next visit: the choice comes back from storage, and the cookie with it.
    const saved = localStorage.getItem(DATA_SAVER_STORAGE_KEY) ?? '';
    useDataSaverStore.setState({ choice: null });
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, saved);
    clearCookie();
    await useDataSaverStore.persist.rehydrate();
    expect(dataSaverOn()).toBe(true);
    expect(document.cookie).toContain('data_saver=1');
  });
});
