/**
 * A scripted XMLHttpRequest for upload tests: records what was sent and lets the test drive
 * progress, the answer, a network error or a timeout. Imported only by tests.
 */
type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  static instances: FakeXhr[] = [];

  static reset(): void {
    FakeXhr.instances = [];
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('no XMLHttpRequest was opened');
    return xhr;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: XMLHttpRequestBodyInit | null = null;

  /** The multipart body of an upload. */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('the request body is not multipart');
    return this.body;
  }
  timeout = 0;
  status = 0;
  responseText = '';
  responseType = '';
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: XMLHttpRequestBodyInit): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  /** Answers with `body` as JSON under `status`. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }

  failNetwork(): void {
    this.onerror?.(new ProgressEvent('error'));
  }

  expire(): void {
    this.ontimeout?.(new ProgressEvent('timeout'));
  }
}
