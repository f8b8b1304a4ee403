/**
 * A stand-in for XMLHttpRequest, the uploads' transport (fetch cannot report upload progress):
 * each upload waits in `pending` until the test reports its progress and answers it.
 */
export class FakeXhr {
  static pending: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: FormData) {
    this.sent = body;
    FakeXhr.pending.push(this);
  }
  /** `percent` of the body sent. */
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The network gave way: no answer at all. */
  fail() {
    this.onerror?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;

/** Puts FakeXhr in XMLHttpRequest's place, with nothing pending; call the answer to put the real one back. */
export function installFakeXhr(): () => void {
  FakeXhr.pending = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = realXhr;
  };
}
