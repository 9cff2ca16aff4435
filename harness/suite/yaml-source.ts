/**
 * YAML parsing that keeps source positions, so every later complaint can name `file:line:column`.
 */
import { readFileSync } from 'node:fs';
import {
  LineCounter,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
} from 'yaml';

/** Aliases a document may expand to; more is an alias bomb (a few lines growing into gigabytes). */
const maxAliasCount = 100;

/** A parsed YAML file: its plain value plus a way back from a JSON pointer to the source line. */
export interface YamlSource {
  file: string;
  value: unknown;
  /** `file:line:col` of the node at `pointer` (RFC 6901), or of its nearest existing ancestor. */
  locate(pointer: string): string;
}

/** One syntax error of a YAML file, already located. */
export interface YamlSyntaxProblem {
  where: string;
  message: string;
}

/** Result of {@link parseYamlSource}: the source, or the syntax errors with their positions. */
export type YamlParseResult = { ok: true; source: YamlSource } | { ok: false; problems: YamlSyntaxProblem[] };

/**
 * Reads the YAML file at `path` and parses it keeping positions; `file` names it in messages. A file
 * that cannot be read is one problem, like a syntax error.
 */
export function readYamlSource(path: string, file = path): YamlParseResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ where: file, message: `cannot read: ${reason}` }] };
  }
  return parseYamlSource(file, text);
}

/**
 * Parses `text` (read from `file`) keeping positions.
 *
 * Duplicate keys are errors (the yaml default), since a repeated `status:` would silently win.
 */
export function parseYamlSource(file: string, text: string): YamlParseResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number): string => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length > 0) {
    return {
      ok: false,
      // Later syntax errors are mostly echoes of the first one; three are enough to fix it.
      problems: doc.errors
        .slice(0, 3)
        .map((e) => ({ where: at(e.pos[0]), message: e.message.split('\n')[0] ?? e.message })),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount });
  } catch (error) {
    // yaml throws a bare ReferenceError for an alias bomb: report it like any other problem of the file.
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    return {
      ok: false,
      problems: [
        {
          where: at(firstAliasOffset(doc)),
          message: `too many alias expansions (more than ${maxAliasCount}): write the values out or use fewer nested aliases`,
        },
      ],
    };
  }
  return { ok: true, source: { file, value, locate: (pointer) => at(offsetOf(doc, pointer)) } };
}

function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      if (isAlias(node)) offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

function offsetOf(doc: Document, pointer: string): number {
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (const segment of segments) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (pair === undefined) break;
      // Point at the key when the value is missing (null), so "x: " is reported on its own line.
      next = pair.value ?? pair.key;
      if (pair.value === null) {
        offset = rangeStart(pair.key);
        break;
      }
    } else if (isSeq(node)) {
      next = node.items[Number(segment)];
    } else break;
    if (next === undefined) break;
    node = next;
    offset = rangeStart(node);
  }
  return offset;
}

function rangeStart(node: unknown): number {
  if (isNode(node)) return node.range?.[0] ?? 0;
  if (isPair(node) && isNode(node.key)) return node.key.range?.[0] ?? 0;
  return 0;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
