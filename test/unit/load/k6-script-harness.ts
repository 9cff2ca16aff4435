/**
 * Runs a generated k6 script in Node with k6's modules replaced by recording fakes: the script is
 * transpiled by TypeScript, its `request` calls are answered by `respond`, and every request and
 * metric sample is kept, so a test sees exactly what k6 would send.
 */
import { createHash, randomBytes } from 'node:crypto';
import { runInThisContext } from 'node:vm';
import ts from 'typescript';

/** A request the script made. */
export interface SentRequest {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
  tags: Record<string, string>;
}

/** An answer of the fake `request`. */
export interface FakeAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** What a run of the script left behind. */
export interface ScriptRun {
  sent: SentRequest[];
  metrics: Array<{ name: string; value: number | boolean; tags: Record<string, string> | undefined }>;
  exports: { setup?: () => Promise<unknown>; default?: (data: unknown) => Promise<void>; options?: unknown };
}

/** Loads `source` with `files` for k6's `open()` and `env` as `__ENV`, the scenario named `scenario`. */
export function loadScript(options: {
  source: string;
  files: Record<string, string>;
  env: Record<string, string>;
  scenario: string;
  respond: (req: SentRequest) => FakeAnswer;
}): ScriptRun {
  const sent: SentRequest[] = [];
  const metrics: ScriptRun['metrics'] = [];
  const metric = (name: string) => ({
    add: (value: number | boolean, tags?: Record<string, string>) => metrics.push({ name, value, tags }),
  });
  const modules: Record<string, unknown> = {
    k6: { check: () => true },
    'k6/crypto': {
      randomBytes: (n: number) => new Uint8Array(randomBytes(n)).buffer,
      sha256: (input: string) => createHash('sha256').update(input).digest('base64'),
    },
    'k6/encoding': {
      b64decode: (text: string) => new Uint8Array(Buffer.from(text, 'base64')).buffer,
      b64encode: (data: ArrayBuffer) => Buffer.from(data).toString('base64'),
    },
    'k6/execution': { scenario: { name: options.scenario }, vu: { idInTest: 1 } },
    'k6/http': {
      request: (
        method: string,
        url: string,
        body: string | null,
        params: { headers: Record<string, string>; tags: Record<string, string> },
      ) => {
        const req: SentRequest = { method, url, body, headers: { ...params.headers }, tags: params.tags };
        sent.push(req);
        const answer = options.respond(req);
        return { status: answer.status, body: answer.body ?? '', headers: answer.headers ?? {} };
      },
    },
    'k6/metrics': {
      Counter: function Counter(name: string) {
        return metric(name);
      },
      Rate: function Rate(name: string) {
        return metric(name);
      },
    },
  };
  const js = ts.transpileModule(options.source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: ScriptRun['exports'] = {};
  const require = (name: string): unknown => {
    if (!(name in modules)) throw new Error(`the script imports ${name}, which k6 does not have`);
    return modules[name];
  };
  const open = (path: string): string => {
    const text = options.files[path];
    if (text === undefined) throw new Error(`open(${path}): no such file`);
    return text;
  };
  // The script's own code, as k6 would run it: module scope, k6's globals (WebCrypto is Node's).
  const wrapped = runInThisContext(`(function (require, exports, module, open, __ENV) {\n${js}\n})`) as (
    ...args: unknown[]
  ) => void;
  wrapped(require, exports, { exports }, open, options.env);
  return { sent, metrics, exports };
}
