import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { materialize, type FuzzRequest, type Materialized } from './requests.js';
import { show, showPayload } from './wire.js';
import { changedTables, type Fingerprint, type LogEntry, type LoggedError, type World } from './world.js';

// Sends one request, judges the answer, and keeps the findings: one per distinct fault and route,
// each with the smallest request seen to cause it.

/** Longer than any request should take: an answer that does not come is a finding too. */
const ANSWER_TIMEOUT_MS = 15_000;

export type Finding = {
  /** The fault, worded the same wherever it shows: '500 error: invalid byte sequence for encoding…'. */
  fault: string;
  route: string;
  world: string;
  /** The run's index in the property (what FUZZ_REPLAY takes), or 'replay' while replaying one. */
  run: number | 'replay';
  sent: Materialized;
  caller: string;
  status: number;
  responseBody: string;
  errors: LoggedError[];
  writes: string[];
  /** For picking the smallest example of a fault. */
  size: number;
};

/**
 * The innermost cause of a logged error: the database's own complaint rather than Drizzle's wrapper.
 * pino writes causes into the stack ("caused by: error: invalid byte sequence…").
 */
function rootCause(error: LoggedError): LoggedError {
  let current = error;
  while (current.cause && typeof current.cause === 'object') current = current.cause;
  const causes = [...(current.stack ?? '').matchAll(/^caused by: (\w+): (.*)$/gm)];
  const last = causes.at(-1);
  return last ? { type: last[1], message: last[2] } : current;
}

/** A message with the request's own values taken out, so one fault reads the same everywhere. */
function normalize(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/sok_[0-9a-f]+/g, '<reference>')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+)?\b/gi, '<n>')
    .slice(0, 200);
}

/** The answer's bytes as sent before compression, which a client undoes by its content-encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? 'identity');
  const raw = response.rawPayload;
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'deflate') return inflateSync(raw);
  return raw;
}

/**
 * Why a refusal is not in the error shape `{statusCode, error, code, message}`, if it is not. Every
 * JSON route answers in it; only the sandbox's HTML pages and the API docs' files may answer otherwise.
 */
function shapeFault(url: string, response: LightMyRequestResponse): string | undefined {
  const html = /^\/api\/(docs|payments\/sandbox)(\/|$|\?)/.test(url);
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  if (!json) return html ? undefined : 'not JSON';
  let body: unknown;
  try {
    body = JSON.parse(decoded(response).toString('utf8'));
  } catch {
    return 'JSON that does not parse';
  }
  const parsed = ErrorResponse.safeParse(body);
  if (!parsed.success) return `not the error shape (${parsed.error.issues[0]?.path.join('.') || 'body'})`;
  return parsed.data.statusCode === response.statusCode ? undefined : 'statusCode unlike the status';
}

function faultOf(
  status: number,
  errors: LoggedError[],
  writes: string[],
  responseBody: string,
  shape: string | undefined,
): string {
  if (shape) return `${status} answered with ${shape}`;
  if (status >= 500 || status === 0) {
    const error = errors[0];
    if (!error) return `${status || 'no answer'}: ${normalize(responseBody)}`;
    const root = rootCause(error);
    return `${status} ${root.type ?? 'Error'}: ${normalize(root.message ?? '')}`;
  }
  return `${status}, yet wrote to ${writes.join(', ')}`;
}

/**
 * The first stack frame in the app's own code, as "fn — apps/api/src/…:line:col". Not written as
 * "at …": vitest would take the report for a stack trace and print code frames of it.
 */
function whereThrown(stack: string): string {
  const frame = stack
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') && /\/(apps|packages)\/[^/]+\/src\//.test(line));
  const match = frame?.match(/^at (?:(.+?) \()?(.+?)\)?$/);
  if (!match) return '';
  const location = (match[2] ?? '').replace(/^.*?\/((?:apps|packages)\/)/, '$1');
  return `where: ${match[1] ? `${match[1]} — ` : ''}${location}`;
}

export function describeFinding(finding: Finding): string {
  const { options } = finding.sent;
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) =>
      // A real caller's token says nothing: name its owner instead.
      name === 'authorization' && finding.caller !== 'garbage'
        ? `    authorization: Bearer <the ${finding.caller}'s token>`
        : `    ${name}: ${show(String(value), 200)}`,
    )
    .join('\n');
  const errors = finding.errors
    .map((error) => {
      const chain = [`${error.type ?? 'Error'}: ${show(error.message ?? '', 300)}`];
      const root = rootCause(error);
      if (root !== error) chain.push(`${root.type ?? 'Error'}: ${show(root.message ?? '', 300)}`);
      const at = whereThrown(error.stack ?? '');
      return `    ${chain.join('\n      caused by ')}${at ? `\n      ${at}` : ''}`;
    })
    .join('\n');
  return [
    `  ${options.method} ${show(options.url, 300)}  (as ${finding.caller}, ${finding.world} app, ${finding.run === 'replay' ? 'replayed' : `run ${finding.run}`})`,
    `  mutations: ${finding.sent.mutations.join(' | ') || '(none: a valid request)'}`,
    `  headers:\n${headers || '    (none)'}`,
    `  body: ${showPayload(options.payload as string | Buffer | undefined)}`,
    `  answer: ${finding.status} ${show(finding.responseBody, 300)}`,
    ...(finding.writes.length > 0 ? [`  written: ${finding.writes.join(', ')}`] : []),
    ...(errors ? [`  logged:\n${errors}`] : []),
  ].join('\n');
}

export class Inspector {
  /** One per fault and route: the smallest example. */
  readonly findings = new Map<string, Finding>();
  readonly statuses = new Map<string, Map<number, number>>();
  /** Milliseconds spent answering, per route; and checking the database, in all. */
  readonly answering = new Map<string, number>();
  checking = 0;
  sent = 0;
  private baseline: Fingerprint | undefined;

  constructor(private readonly world: World) {}

  async send(request: FuzzRequest, run: number | 'replay'): Promise<Finding | undefined> {
    const { world } = this;
    this.baseline ??= (await world.snapshot()).fingerprint;
    const sent = materialize(request, world);
    const logStart = world.logs.length;
    let response: LightMyRequestResponse | undefined;
    let thrown: unknown;
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    try {
      response = await Promise.race([
        world.t.app.inject(sent.options as InjectOptions),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
            ANSWER_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      thrown = error;
    } finally {
      clearTimeout(timer);
    }
    this.sent++;
    this.answering.set(request.route, (this.answering.get(request.route) ?? 0) + performance.now() - started);
    const checked = performance.now();
    const status = response?.statusCode ?? 0;
    const byStatus = this.statuses.get(request.route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.statuses.set(request.route, byStatus);

    // What is stored is compared after every refusal; after a success it is the new baseline. A
    // request that used up the world's rows is followed by new ones.
    const after = await world.snapshot();
    const writes = status >= 400 || status === 0 ? changedTables(this.baseline, after.fingerprint) : [];
    this.baseline = after.fingerprint;
    if (after.worn) {
      await world.repair();
      this.baseline = (await world.snapshot()).fingerprint;
    }
    this.checking += performance.now() - checked;

    const errors = world.logs
      .slice(logStart)
      .filter((entry: LogEntry) => entry.level >= 50)
      .map((entry) => entry.err ?? { type: 'log', message: entry.msg ?? JSON.stringify(entry) });
    if (thrown)
      errors.unshift({
        type: (thrown as Error).name,
        message: (thrown as Error).message,
        stack: (thrown as Error).stack,
      });
    // A HEAD answer has the GET's headers and no body to judge.
    const judged = status >= 400 && sent.options.method !== 'HEAD';
    const shape = response && judged ? shapeFault(sent.options.url, response) : undefined;
    const failed =
      status >= 500 || status === 0 || (status >= 400 && writes.length > 0) || shape !== undefined;
    if (!failed) return undefined;

    const responseBody = response?.body ?? '';
    const finding: Finding = {
      fault: faultOf(status, errors, writes, responseBody, shape),
      route: request.route,
      world: world.name,
      run,
      sent,
      caller: request.caller.name,
      status,
      responseBody,
      errors,
      writes,
      // Fewer mutations first, then fewer bytes: the example that says most plainly what breaks.
      size:
        sent.mutations.length * 10_000 +
        sent.options.url.length +
        (sent.options.payload?.toString().length ?? 0),
    };
    const key = `${finding.fault} @ ${finding.route}`;
    const known = this.findings.get(key);
    if (!known || finding.size < known.size) this.findings.set(key, finding);
    return finding;
  }
}

/** Every distinct fault, then each route it showed on with its smallest request, and how to replay it. */
export function report(findings: Finding[], replay: (finding: Finding) => string, limit = 3): string {
  const byFault = new Map<string, Finding[]>();
  for (const finding of findings)
    byFault.set(finding.fault, [...(byFault.get(finding.fault) ?? []), finding]);
  const sections = [...byFault.entries()].map(([fault, examples], index) => {
    const routes = examples.sort((a, b) => a.size - b.size);
    return [
      `#${index + 1} ${fault}`,
      `  on ${routes.length} route(s): ${routes.map((finding) => finding.route).join(', ')}`,
      ...routes.slice(0, limit).map((finding) => `${describeFinding(finding)}\n  replay: ${replay(finding)}`),
      ...(routes.length > limit ? [`  (and ${routes.length - limit} more routes, same fault)`] : []),
    ].join('\n');
  });
  return `${byFault.size} distinct fault(s):\n\n${sections.join('\n\n')}`;
}
