import { Help, type HelpConfiguration, type Option } from 'commander';

/**
 * How every command's `--help` describes its options: as commander does, but without the defaults
 * that say nothing true (`(default: [])` of a repeatable option, `(default: false)` of a flag); a
 * repeatable option whose real default is not "none" says it in its description (`run --suites`).
 */
export const helpConfiguration: HelpConfiguration = {
  optionDescription(option: Option): string {
    const described = option.defaultValueDescription !== undefined;
    const value: unknown = option.defaultValue;
    const empty = (Array.isArray(value) && value.length === 0) || value === false;
    return !described && empty ? option.description : new Help().optionDescription(option);
  },
};

/**
 * The example block of a command's help (`addHelpText('after', …)`): every command shows at least
 * one, which `test/integration/cli-help` checks.
 */
export function examples(...lines: readonly string[]): string {
  return `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}
