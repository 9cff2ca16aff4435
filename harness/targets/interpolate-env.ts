/**
 * `${NAME}` in the string values of a target file, taken from the environment, so a CI pipeline keeps
 * paths and secrets out of the file (`qwac: { key: '${QWAC_KEY_PATH}' }`). `$${NAME}` stays a literal
 * `${NAME}`. Values are replaced after YAML parsing, so a value never changes the file's structure.
 */
import type { SourceProblem } from '../suite/suite-error.ts';
import type { YamlSource } from '../suite/yaml-source.ts';

const reference = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The source with every `${NAME}` of its string values replaced from `env`; a name that is not set
 * is a problem located at its value (the run must not send "${NAME}" as a credential).
 */
export function interpolateEnv(
  source: YamlSource,
  env: Readonly<Record<string, string | undefined>>,
): { source: YamlSource; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const walk = (value: unknown, pointer: string): unknown => {
    if (typeof value === 'string') {
      return value.replace(reference, (all, escaped: string, name: string) => {
        if (escaped === '$') return all.slice(1);
        const set = env[name];
        if (set === undefined) {
          problems.push({
            where: source.locate(pointer),
            message: `environment variable ${name} is not set (used as \${${name}})`,
          });
          return all;
        }
        return set;
      });
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${pointer}/${i}`));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, walk(item, `${pointer}/${escapePointer(key)}`)]),
      );
    return value;
  };
  return { source: { ...source, value: walk(source.value, '') }, problems };
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
