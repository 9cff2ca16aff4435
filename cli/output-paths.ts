/**
 * Checks of the paths a command will write to, made before the command does its work: a run of
 * minutes must not end on "cannot write the reports".
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CodedError } from '../lib/coded-error.ts';
import type { ErrorCodeWith } from '../lib/error-codes.ts';

/** Codes of {@link checkOutputDir} and {@link checkOutputFile}. */
export type OutputPathErrorCode = ErrorCodeWith<'ERR_OUTPUT_'>;

/** A path a command was told to write to cannot be used. */
export class OutputPathError extends CodedError<OutputPathErrorCode> {}

/**
 * An output folder: fine when it is a folder or does not exist yet (it is created, with its parents);
 * refused when it names a file.
 */
export function checkOutputDir(path: string, option: string): void {
  const kind = kindOf(path);
  if (kind === 'file') {
    throw new OutputPathError('ERR_OUTPUT_NOT_A_FOLDER', `${option} ${path} is a file, not a folder`, {
      hint: `give ${option} a folder (it is created when missing), or move the file away`,
    });
  }
}

/**
 * An output file: its folder must exist (a typo in it is refused rather than created) and the path
 * itself must not be a folder.
 */
export function checkOutputFile(path: string, option: string): void {
  if (kindOf(path) === 'folder') {
    throw new OutputPathError('ERR_OUTPUT_NOT_A_FOLDER', `${option} ${path} is a folder, not a file`, {
      hint: `give ${option} a file name, e.g. ${path.replace(/\/$/, '')}/out`,
    });
  }
  const folder = dirname(resolve(path));
  const parent = kindOf(folder);
  if (parent !== 'folder') {
    throw new OutputPathError(
      parent === 'file' ? 'ERR_OUTPUT_NOT_A_FOLDER' : 'ERR_OUTPUT_FOLDER_MISSING',
      `${option} ${path}: the folder ${folder} ${parent === 'file' ? 'is a file' : 'does not exist'}`,
      { hint: `create it first (mkdir -p ${folder}) or choose another ${option}` },
    );
  }
}

function kindOf(path: string): 'file' | 'folder' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}
